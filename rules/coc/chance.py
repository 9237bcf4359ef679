"""The chance of an attack built in the digest's order (COC-GEN-4), and its impale threshold."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rules.brp.core import impale_threshold, large_target_bonus, range_factor, scaled

HALF = Fraction(1, 2)


@dataclass(frozen=True)
class Chance:
    """C0 (skill and flat modifiers), C1 (after the burst bonus), C (final) and the impale range."""

    base: int
    burst: int
    final: int
    impale: int
    factors: tuple[tuple[str, Fraction], ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "base": self.base,
            "burst": self.burst,
            "final": self.final,
            "impale": self.impale,
            "factors": [[name, f"{f.numerator}/{f.denominator}"] for name, f in self.factors],
        }


def burst_chance(base: int, shots: int) -> int:
    """COC-AUTO-2: +5% per shot, never more than double: min(C0 + 5n, 2 x C0)."""
    return min(base + 5 * shots, 2 * base)


def sight_factor(weapon: Mapping[str, Any], aimed: bool) -> Fraction:
    """COC-AIM-1, COC-SCOPE-1, COC-LASER-1, COC-SILENCER-1: the base range multiplier.

    Sights do not stack beyond the largest that applies (aim 2, scope 2, scope and aim 4,
    laser 4; `coc.sight_stacking = max`); a silencer then halves the range.
    """
    options = [Fraction(1)]
    if aimed:
        options.append(Fraction(2))
    if weapon.get("scope"):
        options.append(Fraction(4) if aimed else Fraction(2))
    if weapon.get("laser"):
        options.append(Fraction(4))
    factor = max(options)
    return factor * HALF if weapon.get("silencer") else factor


def beyond_base_range(weapon: Mapping[str, Any], distance_yd: Fraction, aimed: bool) -> bool:
    """COC-RANGE-2: whether a shot reaches past the weapon's base range (after its sights)."""
    base = Fraction(int(weapon.get("base_range") or 0)) * sight_factor(weapon, aimed)
    return base > 0 and distance_yd > base


def point_blank(distance_yd: Fraction, dex: int, aimed: bool) -> bool:
    """COC-PB-1: within the shooter's DEX in feet (doubled by aiming, COC-AIM-1)."""
    return distance_yd * 3 <= dex * (2 if aimed else 1)


def unaimed_penalty(weapon: Mapping[str, Any], sheet: Mapping[str, Any]) -> bool:
    """COC-UNAIMED-1/-4: 1/5 unless a laser sight the shooter is trained with, or Handgun 60+."""
    if weapon.get("laser") and sheet.get("laser_trained"):
        return False
    return not (weapon.get("handgun") and int(sheet["skills"].get("handgun", 0)) >= 60)


def attack_chance(
    skill: int,
    *,
    modifier: int = 0,
    target_siz: int = 0,
    ranged: bool = False,
    burst_shots: int = 0,
    multipliers: tuple[tuple[str, Fraction], ...] = (),
    light: str = "normal",
    impale_base: str = "modified",
    can_impale: bool = True,
) -> Chance:
    """COC-GEN-4: C0 = skill + flat; C1 = burst cap; C = C1 x every multiplier, rounded once."""
    c0 = skill + modifier + (large_target_bonus(target_siz) if ranged else 0)  # COC-LARGE-1
    c1 = burst_chance(c0, burst_shots) if burst_shots else c0
    factors = list(multipliers)
    if light == "dim":
        factors.append(("dim", HALF))  # COC-DARK-1 (AMB-COC-10: halve)
    product = Fraction(1)
    for _, factor in factors:
        product *= factor
    final = scaled(c1, product) if c1 > 0 else c1
    if light == "dark":
        final = 1  # COC-DARK-2: every chance is 01
    threshold = 0
    if can_impale:
        threshold = impale_threshold(final if impale_base == "modified" else skill)
    return Chance(c0, c1, final, threshold, tuple(factors))


def firearm_multipliers(
    weapon: Mapping[str, Any],
    sheet: Mapping[str, Any],
    distance_yd: Fraction,
    *,
    aimed: bool,
    unaimed: bool,
) -> tuple[tuple[str, Fraction], ...]:
    """COC-GEN-4 step 3 for a shot: point-blank x2, extended range, unaimed 1/5."""
    factors: list[tuple[str, Fraction]] = []
    if point_blank(distance_yd, int(sheet["dex"]), aimed):
        factors.append(("point_blank", Fraction(2)))
    base = Fraction(int(weapon.get("base_range") or 0)) * sight_factor(weapon, aimed)
    if base > 0:
        factor = range_factor(distance_yd, base)  # COC-RANGE-1 (AMB-COC-15: the list)
        if factor != 1:
            factors.append(("range", factor))
    if unaimed and unaimed_penalty(weapon, sheet):
        factors.append(("unaimed", Fraction(1, 5)))
    return tuple(factors)


def thrown_multipliers(
    weapon: Mapping[str, Any], distance_yd: Fraction
) -> tuple[tuple[str, Fraction], ...]:
    """Thrown weapons past their range lose chance as firearms do (COC-RANGE-1)."""
    base = Fraction(int(weapon.get("base_range") or 0))
    if base <= 0:
        return ()
    factor = range_factor(distance_yd, base)
    return () if factor == 1 else (("range", factor),)


def damage_expr(weapon: Mapping[str, Any], distance_yd: Fraction) -> str:
    """COC-SHOTGUN-4: the damage of the first range band that reaches the target, else the dice."""
    bands = weapon.get("damage_bands") or []
    for yards, expr in bands:
        if distance_yd <= Fraction(str(yards)):
            return str(expr)
    return str(bands[-1][1]) if bands else str(weapon["damage"])
