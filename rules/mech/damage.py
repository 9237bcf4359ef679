"""Damage expressions, their exact distributions, and the damage pipeline (MECH-DMG-PIPE)."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from rules.core.dice import Dice
from rules.core.errors import RulesError, SheetError
from rules.core.messages import Msg
from rules.mech import log_messages as L
from rules.mech import messages as M
from rules.mech import refusals as R

_EXPR = re.compile(r"^\s*(?:(\d+)d(\d+))?\s*(?:([+-])?\s*(\d+))?\s*$")
HALVED_BY_EXPOSED = ("kinetic", "explosive", "energy")  # MECH-COND-EXPOSED


@dataclass(frozen=True)
class Expr:
    """A damage expression NdS+K."""

    count: int
    sides: int
    bonus: int

    def __str__(self) -> str:
        dice = f"{self.count}d{self.sides}" if self.count else ""
        if not self.bonus:
            return dice or "0"
        sign = "+" if self.bonus > 0 else "-"
        return f"{dice}{sign}{abs(self.bonus)}" if dice else str(self.bonus)

    @property
    def low(self) -> int:
        return self.count + self.bonus

    @property
    def high(self) -> int:
        return self.count * self.sides + self.bonus


@lru_cache(maxsize=1024)
def parse_expr(text: str, field: str = "damage") -> Expr:
    """`"1d6+3"` -> Expr(1, 6, 3); at most 10 dice of at most 20 sides."""
    match = _EXPR.match(text)
    if not match or not text.strip():
        raise SheetError(
            field, R.IS_NOT_A_DAMAGE_EXPRESSION_LIKE(text=repr(text)), "MECH-DMG-TYPES"
        )
    count, sides, sign, bonus = match.groups()
    n = int(count) if count else 0
    s = int(sides) if sides else 0
    k = int(bonus) if bonus else 0
    if sign == "-":
        k = -k
    if n > 10 or (n and not 2 <= s <= 20):
        raise SheetError(field, R.AT_MOST_10_DICE_OF_2(text=repr(text)), "MECH-DMG-TYPES")
    return Expr(n, s, k)


def roll_expr(expr: Expr, dice: Dice, purpose: str) -> tuple[int, list[int]]:
    """Roll an expression: its total (never below 0) and its faces."""
    return roll_faces(expr, dice, f"{purpose} d{expr.sides}")


def roll_faces(expr: Expr, dice: Dice, face_purpose: str) -> tuple[int, list[int]]:
    """`roll_expr` with each face's recorded purpose given whole ("damage 1d6 d6")."""
    if expr.count == 1:  # most weapons roll one die: no comprehension to set up
        faces = [dice.roll(expr.sides, face_purpose)]
    else:
        faces = [dice.roll(expr.sides, face_purpose) for _ in range(expr.count)]
    return max(0, sum(faces) + expr.bonus), faces


@lru_cache(maxsize=1024)
def weapon_damage(text: str) -> tuple[Expr, str, str, str]:
    """A weapon's damage expression, its name, and its faces' purposes (normal, critical)."""
    # Cached: an attack needs these strings every time, and they depend on the text alone.
    expr = parse_expr(text)
    name = str(expr)
    return expr, name, f"damage {name} d{expr.sides}", f"critical damage {name} d{expr.sides}"


def distribution(expr: Expr) -> dict[int, Fraction]:
    """The exact distribution of an expression's total (brute force over every face)."""
    counts: Counter[int] = Counter()
    faces = range(1, expr.sides + 1)
    for combo in itertools.product(faces, repeat=expr.count):
        counts[max(0, sum(combo) + expr.bonus)] += 1
    total = sum(counts.values())
    return {value: Fraction(n, total) for value, n in sorted(counts.items())}


def max_of_two(dist: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """MECH-CRIT-1: the distribution of the higher of two independent rolls."""
    result: Counter[int] = Counter()
    for (a, pa), (b, pb) in itertools.product(dist.items(), repeat=2):
        result[max(a, b)] += pa * pb  # type: ignore[assignment]
    return {k: Fraction(v) for k, v in sorted(result.items())}


def half_up(value: int) -> int:
    """Halving rounds up ([LW])."""
    return -(-value // 2)


# Target and Reduced are NamedTuples (built for every hit; cheaper than frozen dataclasses).
class Target(NamedTuple):
    """What the pipeline needs to know about the unit taking the damage."""

    armour: int = 0
    exposed: bool = False
    shredded: bool = False
    resist: frozenset[str] = frozenset()
    immune: frozenset[str] = frozenset()


class Reduced(NamedTuple):
    """A hit's damage after the pipeline, per type, with the steps that changed it."""

    by_type: tuple[tuple[str, int], ...]
    steps: tuple[Msg, ...]

    @property
    def total(self) -> int:
        return sum(v for _, v in self.by_type)


def reduce_damage(
    components: Sequence[tuple[str, int]],
    target: Target,
    armour_piercing: bool = False,
    per_type: bool = False,
) -> Reduced:
    """MECH-DMG-PIPE 2-4: Exposed doubles, armour once per hit (or per type), then resistance
    and immunity."""
    if len(components) == 1 and not (target.exposed or target.shredded):
        # Speed: a lone component that no armour, resistance or immunity touches comes through
        # whole (most hits on an unarmoured mech); the steps below would change nothing.
        kind, amount = components[0]
        unarmoured = armour_piercing or not target.armour or kind == "burn"
        if unarmoured and kind not in target.resist and kind not in target.immune:
            return Reduced(((kind, max(0, amount)),), ())
    parts: dict[str, int] = {}
    for kind, amount in components:
        parts[kind] = parts.get(kind, 0) + max(0, amount)
    steps: list[Msg] = []
    if target.exposed:  # MECH-COND-EXPOSED: doubled before reductions
        for kind in HALVED_BY_EXPOSED:
            if parts.get(kind):
                parts[kind] *= 2
                steps.append(L.STEP_EXPOSED(type=M.DAMAGE_TYPES[kind](), amount=parts[kind]))
    # MECH-ARMOR-1 / MECH-AMB-27: once per hit, largest component first; AP and burn ignore it.
    armour = 0 if target.shredded or armour_piercing else target.armour
    if target.shredded and target.armour:
        steps.append(L.STEP_SHREDDED())
    if armour:
        left = armour
        for kind in sorted((k for k in parts if k != "burn"), key=lambda k: -parts[k]):
            cut = min(armour if per_type else left, parts[kind])  # MECH-AMB-27
            if cut:
                parts[kind] -= cut
                left -= cut
                steps.append(L.STEP_ARMOUR(cut=cut, type=M.DAMAGE_TYPES[kind]()))
    for kind in list(parts):
        if kind in target.immune:  # MECH-IMMUNE-1
            if parts[kind]:
                steps.append(L.STEP_IMMUNE(type=M.DAMAGE_TYPES[kind]()))
            parts[kind] = 0
        elif kind in target.resist and not target.shredded and parts[kind]:
            parts[kind] = half_up(parts[kind])  # MECH-RESIST-1, once however many sources
            steps.append(L.STEP_RESISTS(type=M.DAMAGE_TYPES[kind](), amount=parts[kind]))
    return Reduced(tuple(parts.items()), tuple(steps))


def fall_damage(height: int, cap: int | None = None) -> int:
    """MECH-FALL-1: 3 kinetic per full 3 squares fallen (MECH-AMB-22: no cap by default)."""
    if height < 0:
        raise RulesError(R.A_FALL_HEIGHT_CANNOT_BE_NEGATIVE(), "MECH-FALL-1")
    damage = 3 * (height // 3)
    return damage if cap is None else min(damage, cap)
