"""The chance of an attack built in the digest's order (COC-GEN-4), and its impale threshold."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rules.brp.core import (
    DARK_CHANCE,
    DIM_LIGHT,
    YARD_M,
    impale_threshold,
    large_target_bonus,
    point_blank_m,
    range_factor,
    scaled,
)
from rules.brp.firearms import aims_anyway, band_damage, sight_multiplier


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


def beyond_base_range(weapon: Mapping[str, Any], distance_yd: Fraction, aimed: bool) -> bool:
    """COC-RANGE-2: whether a shot reaches past the weapon's base range (after its sights)."""
    base = Fraction(int(weapon.get("base_range") or 0)) * sight_multiplier(weapon, aimed)
    return base > 0 and distance_yd > base


def point_blank(distance_yd: Fraction, dex: int, aimed: bool) -> bool:
    """COC-PB-1: within the shooter's DEX in feet (doubled by aiming, COC-AIM-1)."""
    return distance_yd * YARD_M <= point_blank_m(dex, 2 if aimed else 1)


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
    unmet: str = "",
) -> Chance:
    """COC-GEN-4: C0 = skill + flat; C1 = burst cap; C = C1 x every multiplier, rounded once;
    nothing (0) when the true map put the target out of the attack's way (`unmet`: "wall" or
    "reach", SCENE-HIDE-2/3)."""
    c0 = skill + modifier + (large_target_bonus(target_siz) if ranged else 0)  # COC-LARGE-1
    c1 = burst_chance(c0, burst_shots) if burst_shots else c0
    factors = list(multipliers)
    if light == "dim":
        factors.append(("dim", DIM_LIGHT))  # COC-DARK-1 (AMB-COC-10: halve)
    product = Fraction(1)
    for _, factor in factors:
        product *= factor
    final = scaled(c1, product) if c1 > 0 else c1
    if light == "dark":
        final = DARK_CHANCE  # COC-DARK-2: every chance is 01
    if unmet:
        factors.append((unmet, Fraction(0)))
        final = 0
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
    base = Fraction(int(weapon.get("base_range") or 0)) * sight_multiplier(weapon, aimed)
    if base > 0:
        factor = range_factor(distance_yd, base)  # COC-RANGE-1 (AMB-COC-15: the list)
        if factor != 1:
            factors.append(("range", factor))
    # COC-UNAIMED-1/-4: 1/5, unless a laser sight the shooter is trained with, or Handgun 60+
    handgun = int(sheet["skills"].get("handgun", 0))
    if unaimed and not aims_anyway(weapon, bool(sheet.get("laser_trained")), handgun):
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
    return band_damage(weapon.get("damage_bands") or [], str(weapon["damage"]), distance_yd)
