"""BRP hazards shared by the percentile systems: blasts, falls, drowning, poison, acid, fire."""

from __future__ import annotations

import math
from fractions import Fraction

from rules.brp.core import Number, rhu

# COC-ACID-TABLE: damage per round of massive contact.
ACID: dict[str, str] = {"weak": "1d3-1", "strong": "1d4", "very_strong": "1d6"}

# COC-FIRE-3/-6/-7: damage per round of the preset fires.
FIRES: dict[str, str] = {
    "torch": "1d6",
    "on_fire": "1d6",
    "bonfire": "1d6+2",
    "burning_room": "1d6+2",
}


def blast_dice(dice: int, radius: Number, distance: Number) -> int:
    """COC-EXPL-1: band k = max(1, ceil(d/r)); (N - k + 1)d6, nothing beyond N bands."""
    if radius <= 0:
        return dice if distance <= 0 else 0
    band = max(1, math.ceil(Fraction(distance) / Fraction(radius)))
    return max(0, dice - band + 1)


def changed_charge(dice: int, radius: Number, doublings: int) -> tuple[int, Fraction]:
    """COC-EXPL-3: doubling the charge multiplies dice and radius by 3/2, halving by 2/3."""
    factor = Fraction(3, 2) ** doublings if doublings >= 0 else Fraction(2, 3) ** -doublings
    return rhu(dice * factor), Fraction(radius) * factor


def fall_dice(height_ft: Number, jumped: bool = False) -> int:
    """COC-FALL-1/-2: floor(h/10) - 1 d6 (the first 10 ft free); a successful Jump takes 1d6 off."""
    dice = max(0, math.floor(Fraction(height_ft) / 10) - 1)
    return max(0, dice - 1) if jumped else dice


def drown_multiplier(round_number: int, start: int = 10) -> int:
    """COC-DROWN-2/-3: CON x10 in the first round without air, then x9 ... never below x1."""
    return max(1, start - round_number + 1)


def poison_damage(potency: int, poison_wins: bool, on_failure: str = "half") -> int:
    """COC-POISON-2/-3: HP = POT if the poison wins, else rhu(POT/2) (or nothing)."""
    if poison_wins:
        return potency
    return rhu(Fraction(potency, 2)) if on_failure == "half" else 0


def severe_burn(burned_before: int, burned_now: int, max_hp: int) -> bool:
    """COC-FIRE-2: this burn takes one fire incident's total past half the maximum HP."""
    half = Fraction(max_hp, 2)
    return burned_before <= half < burned_before + burned_now
