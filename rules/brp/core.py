"""BRP percentile core: rounding, percentile tests, resistance table, impale, malfunction, range."""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction

from rules.core.dice import Dice
from rules.core.errors import DiceError
from rules.core.messages import Message

MAX_DICE = 200

Number = int | Fraction

DAMAGE_EMPTY = Message("brp.damage.empty", "an empty damage expression")
DAMAGE_UNREADABLE = Message("brp.damage.unreadable", "cannot read damage {text}")
DAMAGE_TWO_SIDES = Message("brp.damage.two_sides", "a die must have at least 2 sides in {text}")
DAMAGE_TOO_MANY = Message("brp.damage.too_many", "{text} rolls more than {most} dice")


def rhu(value: Number) -> int:
    """DG-GEN-2 / COC-GEN-3: round half up on exact rationals, floor(x + 1/2)."""
    if type(value) is int:
        return value
    exact = value if type(value) is Fraction else Fraction(value)
    # floor(n/d + 1/2) == floor((2n + d) / 2d) for d > 0, in integers (Fraction keeps d > 0)
    return (2 * exact.numerator + exact.denominator) // (2 * exact.denominator)


def scaled(chance: Number, factor: Fraction, floor_one: bool = True) -> int:
    """DG-GEN-2: scale a chance, round half up once, never below 1 if it began >= 1."""
    result = rhu(Fraction(chance) * factor)
    if floor_one and chance >= 1 and result < 1:
        return 1
    return result


@dataclass(frozen=True)
class PercentileResult:
    """One d100 test: the chance, the face, and whether it succeeded."""

    chance: int
    roll: int
    success: bool


def succeeds(
    chance: int, roll: int, auto_fail_00: bool = False, auto_success_01: bool = False
) -> bool:
    """DG-GEN-1 / COC-GEN-1: roll <= chance; >= 100 always succeeds, <= 0 always fails."""
    if auto_fail_00 and roll == 100:
        return False
    if auto_success_01 and roll == 1:
        return True
    if chance >= 100:
        return True
    if chance <= 0:
        return False
    return roll <= chance


def percentile(
    dice: Dice,
    chance: int,
    purpose: str,
    auto_fail_00: bool = False,
    auto_success_01: bool = False,
) -> PercentileResult:
    """DG-GEN-1: roll d100 against a chance."""
    roll = dice.roll(100, purpose)
    return PercentileResult(chance, roll, succeeds(chance, roll, auto_fail_00, auto_success_01))


CHARACTERISTIC_ROLL = 5  # COC-GEN-2: Luck is POW x 5, Idea INT x 5


def luck_chance(pow_: int, most: int | None = None) -> int:
    """COC-GEN-2: Luck, POW x 5, rolled like a skill (`most`: a system's cap on a skill)."""
    value = pow_ * CHARACTERISTIC_ROLL
    return value if most is None else min(most, value)


def idea_chance(int_: int) -> int:
    """COC-GEN-2: Idea, INT x 5, rolled like a skill."""
    return int_ * CHARACTERISTIC_ROLL


def half_dex(dex: int) -> int:
    """COC-ROUND-2: an action at half DEX comes at DEX rank rhu(DEX/2) (aiming, chambering, a
    second barrel, a surprised defender)."""
    return (dex + 1) // 2  # rhu(DEX/2) in integers


def surprised_dex(dex: int, surprise: str) -> int:
    """COC-SURPRISE-1/-2: the DEX a defender acts at in the first round of a surprise: halved
    when "surprised" and when "complete" (the seed halves every surprised defender's DEX; total
    surprise takes away the attack, not the turn); "" (ready) keeps it."""
    return half_dex(dex) if surprise else dex


def may_attack(surprise: str) -> bool:
    """COC-SURPRISE-2: a completely surprised defender cannot attack in the first round (it may
    still dodge or parry what comes from the front and the flanks)."""
    return surprise != "complete"


DIM_LIGHT = Fraction(1, 2)  # COC-DARK-1: dim light halves a chance
DARK_CHANCE = 1  # COC-DARK-2: in darkness every chance is 01


def in_light(chance: int, light: str, floor_one: bool = True) -> int:
    """COC-DARK-1/-2: dim light halves a skill chance (half up, DG-GEN-2); darkness makes it 01."""
    if light == "dark":
        return DARK_CHANCE
    if light == "dim":
        return scaled(chance, DIM_LIGHT, floor_one)
    return chance


def impossible_in(light: str, skill: str, impossible: Collection[str]) -> bool:
    """COC-DARK-3: some skills cannot be tried at all in darkness (reading a map, say): the scene
    lists them (`impossible`); dim light only halves them (COC-DARK-1)."""
    return light == "dark" and skill in impossible


LOCATE_SKILLS = ("spot_hidden", "idea")  # COC-CONCEAL-1: what finds a hard-to-see target


def locate_chance(how: str, spot_hidden: int, idea: int) -> int:
    """COC-CONCEAL-1: the chance to find a hard-to-see target, before the light (a skill roll
    like any, COC-DARK-1/-2): Spot Hidden, or Idea (INT x 5, COC-GEN-2)."""
    return spot_hidden if how == "spot_hidden" else idea


def half_db(bonus: int) -> int:
    """COC-THROW-1: a thrown weapon adds half the rolled damage bonus, rounded half up (a
    negative bonus alike)."""
    return rhu(Fraction(bonus, 2))


def resistance_chance(active: int, passive: int) -> int:
    """COC-RES-1: clamp(50 + 5 x (active - passive), 0, 100); differences of 10+ are automatic."""
    return max(0, min(100, 50 + 5 * (active - passive)))


def resistance_check(active: int, passive: int, roll: int) -> tuple[int, bool]:
    """COC-RES-1: (the chance, whether the active side wins) on the resistance table, the d100
    read as it falls (a resistance roll is no skill test: no 00/01 setting applies)."""
    chance = resistance_chance(active, passive)
    return chance, succeeds(chance, roll)


def impale_threshold(chance: int) -> int:
    """COC-IMPALE-2: impale on roll <= rhu(C/5), C the final chance; at least 1 (DG-GEN-2)."""
    if chance <= 0:
        return 0
    return max(1, (2 * chance + 5) // 10)  # rhu(C/5) in integers


def malfunctions(roll: int, mal: int | None) -> bool:
    """COC-MAL-1: a roll >= the weapon's malfunction number means the weapon does not fire."""
    return mal is not None and roll >= mal


def range_factor(distance_m: Number, base_range_m: Number) -> Fraction:
    """COC-RANGE-1: k = ceil(d/R); beyond the base range the chance halves per further multiple."""
    if base_range_m <= 0:
        return Fraction(1)
    k = math.ceil(Fraction(distance_m) / Fraction(base_range_m))
    if k <= 1:
        return Fraction(1)
    return Fraction(1, 2 ** (k - 1))


FOOT_M = Fraction(3048, 10000)  # DG-GEN-5: exact conversion
YARD_M = Fraction(9144, 10000)


def point_blank_m(dex: int, multiplier: int = 1) -> Fraction:
    """COC-PB-1: point-blank is DEX in feet (times aiming / Eagle Eye), in metres (DG-GEN-5)."""
    return dex * multiplier * FOOT_M


def large_target_bonus(siz: int) -> int:
    """COC-LARGE-1: +5 per full 10 SIZ above 30 for bullets, thrown weapons and shotguns."""
    if siz <= 30:
        return 0
    return 5 * ((siz - 30) // 10)


def armour_after(damage: int, armour: int) -> int:
    """COC-ARMOUR-1: damage minus armour, minimum 0."""
    return max(0, damage - max(0, armour))


_TERM = re.compile(r"([+-]?)\s*(\d*)\s*(?:[dD]\s*(\d+))?")


@dataclass(frozen=True)
class DamageDice:
    """A damage expression such as `2d6+4` or `1d10-1`: (count, sides) dice plus a constant."""

    dice: tuple[tuple[int, int], ...]
    constant: int = 0

    @classmethod
    def parse(cls, text: str) -> DamageDice:
        """Parse `NdM+K` sums (cached); signs on every term; raises DiceError on nonsense."""
        return _parse_damage(text)

    @classmethod
    def _parse(cls, text: str) -> DamageDice:
        """The uncached parser behind `parse`."""
        cleaned = text.replace(" ", "")
        if not cleaned:
            raise DiceError.of(DAMAGE_EMPTY())
        dice: list[tuple[int, int]] = []
        constant = 0
        pos = 0
        total_dice = 0
        while pos < len(cleaned):
            match = _TERM.match(cleaned, pos)
            if not match or match.end() == pos or (not match.group(2) and not match.group(3)):
                raise DiceError.of(DAMAGE_UNREADABLE(text=repr(text)))
            sign = -1 if match.group(1) == "-" else 1
            if match.group(3):
                count = int(match.group(2) or "1")
                sides = int(match.group(3))
                if sides < 2:
                    raise DiceError.of(DAMAGE_TWO_SIDES(text=repr(text)))
                total_dice += count
                dice.append((sign * count, sides))
            else:
                constant += sign * int(match.group(2))
            pos = match.end()
        if total_dice > MAX_DICE:
            raise DiceError.of(DAMAGE_TOO_MANY(text=repr(text), most=MAX_DICE))
        return cls(tuple(dice), constant)

    def roll(self, dice: Dice, purpose: str) -> tuple[int, list[int]]:
        """Roll every die (negative counts subtract); the total and the faces."""
        total = self.constant
        faces: list[int] = []
        for count, sides in self.dice:
            for _ in range(abs(count)):
                face = dice.roll(sides, purpose)
                faces.append(face)
                total += face if count > 0 else -face
        return total, faces

    def __str__(self) -> str:
        return self.text

    @functools.cached_property
    def text(self) -> str:
        """The canonical notation (`2d6+4`), worked out once: parsed dice are shared (cached)."""
        parts = []
        for count, sides in self.dice:
            parts.append(f"{'-' if count < 0 else '+'}{abs(count)}d{sides}")
        if self.constant:
            parts.append(f"{'-' if self.constant < 0 else '+'}{abs(self.constant)}")
        text = "".join(parts) or "0"
        return text[1:] if text.startswith("+") else text


@functools.lru_cache(maxsize=512)
def _parse_damage(text: str) -> DamageDice:
    return DamageDice._parse(text)
