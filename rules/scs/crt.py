"""SCS numbers and the Combat Results Table: exact fractions, rounding, odds, result codes."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from rules.core.errors import RulesError
from rules.scs import messages as m
from rules.scs import scenario_errors as e
from rules.scs.scenario_errors import NOT_A_FRACTION, NOT_A_NUMBER

_FRACTION = re.compile(r"^\s*-?\d+(\s*/\s*\d+)?\s*$|^\s*-?\d*\.\d+\s*$")


class ScenarioError(RulesError):
    """A scenario file that cannot be played; the message names the place."""


def to_fraction(value: object, where: str) -> Fraction:
    """An exact number from scenario data: int, "n/d" or a decimal string (never a float)."""
    if isinstance(value, bool):
        raise ScenarioError(NOT_A_NUMBER(where=where, value=repr(value)))
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(str(value))
    if isinstance(value, str) and _FRACTION.match(value):
        try:
            return Fraction(value.replace(" ", ""))
        except (ValueError, ZeroDivisionError):
            pass
    raise ScenarioError(NOT_A_FRACTION(where=where, value=repr(value)))


_HALF = Fraction(1, 2)


@lru_cache(maxsize=1024)
def as_fraction(text: str) -> Fraction:
    """An MP figure stored as text ("13/2") as an exact Fraction (parsed once, then cached)."""
    return Fraction(text)


def standard_round(x: Fraction) -> int:
    """SCS-ROUND-2: .01-.49 rounds down, .50-.99 rounds up (floor(x + 1/2) for x >= 0)."""
    return math.floor(x + _HALF)


def multiply(value: Fraction, multipliers: Iterable[Fraction]) -> Fraction:
    """SCS-CUM-1 / SCS-ROUND-1: modifiers multiply, exactly, with no intermediate rounding."""
    result = Fraction(value)
    for factor in multipliers:
        result *= factor
    return result


def fmt(x: Fraction | int) -> str:
    """A fraction for the log and JSON: "3", "13/2"."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


@dataclass(frozen=True)
class Odds:
    """Rounded odds `attack:defense` (one side is 1), SCS-CBT-7."""

    attack: int
    defense: int

    @property
    def ratio(self) -> Fraction:
        return Fraction(self.attack, self.defense)

    def __str__(self) -> str:
        return f"{self.attack}:{self.defense}"


def odds(attack: Fraction | int, defense: Fraction | int) -> Odds:
    """SCS-CBT-7 / PD-04: A >= D gives round(A/D):1, otherwise 1:round(D/A); rounded once."""
    if attack <= 0:
        raise RulesError(m.NO_STRENGTH(), "SCS-CBT-7")
    if defense <= 0:
        return Odds(10**6, 1)
    # Exact whole-number arithmetic: A/D = (an*dd)/(ad*dn); floor(p/q + 1/2) = (2p + q) // 2q.
    p = attack.numerator * defense.denominator
    q = attack.denominator * defense.numerator
    if p >= q:
        return Odds((2 * p + q) // (2 * q), 1)
    return Odds(1, (2 * q + p) // (2 * p))


def parse_odds(text: str) -> Odds:
    """ "3:1" -> Odds(3, 1); a malformed column raises ScenarioError."""
    match = re.match(r"^\s*(\d+)\s*:\s*(\d+)\s*$", str(text))
    if not match or int(match.group(1)) < 1 or int(match.group(2)) < 1:
        raise ScenarioError(e.CRT_ODDS(text=repr(text)))
    return Odds(int(match.group(1)), int(match.group(2)))


@dataclass(frozen=True)
class SideResult:
    """One side's part of a result (SCS-CRT-2): step losses, option, retreat, eliminated."""

    loss: int = 0
    option: int = 0
    retreat: int = 0
    eliminated: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "loss": self.loss,
            "option": self.option,
            "retreat": self.retreat,
            "eliminated": self.eliminated,
        }


@dataclass(frozen=True)
class Result:
    """A CRT result code parsed: attacker part and defender part."""

    code: str
    attacker: SideResult
    defender: SideResult


_PART = re.compile(r"^([AD])(?:(E)|(?:L?(\d))?(?:o(\d))?(?:r(\d))?)$")


def parse_result(code: str) -> Result:
    """SCS-CRT-2: "NE" | part("/"part)*, part = A|D then E or [Ln][on][rn]; "A1" means "AL1"."""
    return _parse_result(str(code))


@lru_cache(maxsize=256)
def _parse_result(code: str) -> Result:
    text = code.strip()
    if text == "NE":
        return Result(text, SideResult(), SideResult())
    parts: dict[str, SideResult] = {}
    for raw in text.split("/"):
        match = _PART.match(raw)
        if not match or raw in ("A", "D") or match.group(1) in parts:
            raise ScenarioError(e.CRT_RESULT(code=repr(code)), "SCS-CRT-2")
        side, elim, loss, option, retreat = match.groups()
        if elim:
            parts[side] = SideResult(eliminated=True)
        else:
            parts[side] = SideResult(int(loss or 0), int(option or 0), int(retreat or 0))
    return Result(text, parts.get("A", SideResult()), parts.get("D", SideResult()))


@dataclass(frozen=True)
class Crt:
    """SCS-CRT-1: ordered odds columns, rows by modified roll, end columns (PD-04, PD-21)."""

    columns: tuple[Odds, ...]
    rows: Mapping[int, tuple[Result, ...]]
    below_min: str = "lowest_column"  # | "no_attack" | "auto_result"
    above_max: str = "highest_column"
    dice: int = 2
    sides: int = 6
    below_min_result: str = "AE"  # PD-04: the result when below_min is auto_result
    _rolls: tuple[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_rolls", (min(self.rows), max(self.rows)))

    @property
    def min_roll(self) -> int:
        return self._rolls[0]

    @property
    def max_roll(self) -> int:
        return self._rolls[1]

    def column_index(self, value: Odds) -> int | None:
        """The column of rounded odds: the highest column not above them; end columns beyond."""
        # a:d <= A:D exactly when a*D <= A*d (whole numbers, no Fraction needed)
        attack, defense = value.attack, value.defense
        columns = self.columns
        if attack * columns[0].defense < columns[0].attack * defense:
            return 0 if self.below_min == "lowest_column" else None
        best = 0
        for i, column in enumerate(columns):
            if column.attack * defense <= attack * column.defense:
                best = i
        return best

    def shifted(self, index: int, shift: int) -> int:
        """SCS-CBT-7: column shifts after rounding, clamped to the table."""
        return max(0, min(len(self.columns) - 1, index + shift))

    def clamp_roll(self, roll: int) -> int:
        """SCS-CBT-8: the modified roll is clamped to the table's rows."""
        low, high = self._rolls
        return low if roll < low else high if roll > high else roll

    def lookup(self, column: int, roll: int) -> Result:
        """The result at a column index and a (clamped) modified roll."""
        return self.rows[self.clamp_roll(roll)][column]

    def distribution(self, column: int, drm: int) -> list[tuple[Result, Fraction]]:
        """Exact probability of every result on a column with a DRM, enumerating all faces."""
        totals: dict[str, Fraction] = {}
        results: dict[str, Result] = {}
        faces = self.sides**self.dice
        for combo in _faces(self.dice, self.sides):
            result = self.lookup(column, sum(combo) + drm)
            totals[result.code] = totals.get(result.code, Fraction(0)) + Fraction(1, faces)
            results[result.code] = result
        return [(results[code], p) for code, p in totals.items()]


def _faces(dice: int, sides: int) -> list[tuple[int, ...]]:
    combos: list[tuple[int, ...]] = [()]
    for _ in range(dice):
        combos = [(*c, f) for c in combos for f in range(1, sides + 1)]
    return combos


def crt_from_mapping(data: Mapping[str, object]) -> Crt:
    """SCS-CRT-1: a Crt from scenario data; every row must have one result per column."""
    dice_text = str(data.get("dice", "2d6"))
    match = re.match(r"^(\d+)d(\d+)$", dice_text)
    if not match:
        raise ScenarioError(e.CRT_DICE(dice=repr(dice_text)))
    columns_raw = data.get("columns")
    if not isinstance(columns_raw, Sequence) or isinstance(columns_raw, str) or not columns_raw:
        raise ScenarioError(e.CRT_COLUMNS())
    columns = tuple(parse_odds(str(c)) for c in columns_raw)
    if any(b.ratio <= a.ratio for a, b in itertools.pairwise(columns)):
        raise ScenarioError(e.CRT_ORDER())
    rows_raw = data.get("rows")
    if not isinstance(rows_raw, Mapping) or not rows_raw:
        raise ScenarioError(e.CRT_ROWS())
    rows: dict[int, tuple[Result, ...]] = {}
    for roll, cells in rows_raw.items():
        if not isinstance(cells, Sequence) or len(cells) != len(columns):
            raise ScenarioError(e.CRT_ROW_LENGTH(roll=roll, n=len(columns)))
        rows[int(roll)] = tuple(parse_result(str(cell)) for cell in cells)
    dice, sides = int(match.group(1)), int(match.group(2))
    missing = [r for r in range(dice, dice * sides + 1) if r not in rows]
    if missing and min(rows) > dice:
        raise ScenarioError(e.CRT_MISSING(rolls=", ".join(map(str, missing))))
    below = str(data.get("below_min", "lowest_column"))
    above = str(data.get("above_max", "highest_column"))
    if below not in ("lowest_column", "no_attack", "auto_result"):
        raise ScenarioError(e.CRT_BELOW(value=repr(below)))
    if above != "highest_column":
        raise ScenarioError(e.CRT_ABOVE(value=repr(above)))
    auto = str(data.get("below_min_result", "AE"))
    parse_result(auto)
    return Crt(columns, rows, below, above, dice, sides, auto)
