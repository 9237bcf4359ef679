"""BRP firearms both percentile systems play: sights, silencers, unaimed fire, shotgun bands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from rules.core.dice import Dice

T = TypeVar("T")

SILENCER_LIFE_BONUS = 10  # COC-SILENCER-2: a silencer lasts d100+10 shots
HIGH_POWER_WEAR = 2  # COC-SILENCER-2: a powerful round wears it faster (twice, by default)


def sight_multiplier(
    weapon: Mapping[str, Any], aimed: bool, silenced: bool | None = None
) -> Fraction:
    """COC-AIM-1, COC-SCOPE-1, COC-LASER-1, COC-SILENCER-1: the base range multiplier.

    Aiming or a scope x2, a scope aimed or a laser x4; sights do not stack beyond the largest
    that applies; a working silencer then halves the range (`silenced`, by default whether one
    is fitted: a worn-out one no longer counts)."""
    if weapon.get("laser") or (weapon.get("scope") and aimed):
        multiplier = Fraction(4)
    elif weapon.get("scope") or aimed:
        multiplier = Fraction(2)
    else:
        multiplier = Fraction(1)
    if silenced is None:
        silenced = bool(weapon.get("silencer"))
    return multiplier / 2 if silenced else multiplier


def silencer_fits(shotgun: bool, machine_gun: bool) -> bool:
    """COC-SILENCER-3: a silencer fits handguns, rifles and submachine guns, never a shotgun or
    a machine gun."""
    return not (shotgun or machine_gun)


def silencer_works(weapon: Mapping[str, Any], held: Mapping[str, Any]) -> bool:
    """COC-SILENCER-1/-2: a fitted silencer that is not worn out (`held`: the weapon in hand)."""
    return bool(weapon.get("silencer")) and not held.get("silencer_ruined")


def silencer_life(dice: Dice, purpose: str) -> int:
    """COC-SILENCER-2: the shots a silencer lasts, d100+10, rolled when it is first needed."""
    return dice.roll(100, purpose) + SILENCER_LIFE_BONUS


def silencer_wear(rounds: int, high_power: bool, high_power_wear: int = HIGH_POWER_WEAR) -> int:
    """COC-SILENCER-2: the wear of `rounds` shots; a powerful round counts `high_power_wear`."""
    return rounds * (high_power_wear if high_power else 1)


def aims_anyway(weapon: Mapping[str, Any], laser_trained: bool, handgun_skill: int) -> bool:
    """COC-UNAIMED-4: no unaimed 1/5 with a laser sight the shooter is trained with, nor with a
    handgun and 60% or more in the skill it is fired with."""
    if weapon.get("laser") and laser_trained:
        return True
    return bool(weapon.get("handgun")) and handgun_skill >= 60


# COC-MAL-2: the mechanisms whose malfunction is a dud (the round is spent, nothing fires), by
# either system's name: revolvers, bolt actions, double barrels ("double_barrel" in Call of
# Cthulhu, "double" in Delta Green) and, a reading of Call of Cthulhu's, single shots.
DUD_MECHANISMS = frozenset({"revolver", "bolt", "double_barrel", "double", "single"})


def malfunction_kind(mechanism: str) -> str:
    """COC-MAL-2/-3: what a malfunction does: "dud" for a revolver, a bolt action or a double
    barrel; "jam" for anything else (automatics, pump and lever actions)."""
    return "dud" if mechanism in DUD_MECHANISMS else "jam"


def rate_of_fire(rof: int, unaimed: bool) -> int:
    """COC-UNAIMED-1: the shots a firearm may fire in a round; unaimed fire doubles them (and
    with a handgun in each hand every shot is unaimed, COC-TWOGUN-1)."""
    return rof * (2 if unaimed else 1)


def unaimed_target(dice: Dice, targets: Sequence[T], purpose: str) -> tuple[int, T]:
    """COC-UNAIMED-2: unaimed fire at several targets: the one a bullet finds, at random (the
    die's face, and the target)."""
    face = dice.roll(len(targets), purpose)
    return face, targets[face - 1]


def band_damage(bands: Sequence[Sequence[Any]], damage: str, distance: Fraction | None) -> str:
    """COC-SHOTGUN-4: the damage of the first range band `[up to, dice]` that reaches the
    target, the last band's beyond them all, `damage` without bands or a distance."""
    if not bands or distance is None:
        return damage
    for limit, expr in bands:
        if distance <= Fraction(str(limit)):
            return str(expr)
    return str(bands[-1][1])


LOOSE_PER_ROUND = 2  # COC-RELOAD-1: two loose cartridges a round
BELT_ROUNDS = 2  # COC-RELOAD-2: changing a machine-gun belt takes two rounds
JAM_RUIN = 96  # COC-MAL-4: 96-00 on the clearing roll ruins the gun


def loose_cartridges(
    loaded: int, capacity: int, this_round: int = 0, spare: int | None = None
) -> int:
    """COC-RELOAD-1: how many loose cartridges go in now: two a round (less those already loaded
    this round), no more than the weapon holds, nor than the spares when they are counted."""
    count = min(LOOSE_PER_ROUND - this_round, capacity - loaded)
    return max(0, count if spare is None else min(count, spare))


def chamber_refused(
    reload: str, loaded: int, capacity: int, spare: int | None = None
) -> str | None:
    """COC-RELOAD-3: why one cartridge may not be loaded to fire it this round (at half DEX):
    "not_loose" (only a gun loaded by the cartridge), "full", "no_cartridge" (none spare, when
    spares are counted), or None: it may."""
    if reload != "loose":
        return "not_loose"
    if loaded >= capacity:
        return "full"
    return "no_cartridge" if spare is not None and spare < 1 else None


SHOTGUN_SHOTS_ON_DEX = 1  # COC-SHOTGUN-2/-3: a shotgun's one shot on its DEX rank


def shotgun_waits(shotgun: bool, fired: int) -> bool:
    """COC-SHOTGUN-2/-3: a shotgun's shot after its first in a round (the second barrel, or a
    pump's or a semi-automatic's second) comes at half DEX."""
    return shotgun and fired >= SHOTGUN_SHOTS_ON_DEX


def jam_chance(mechanical_repair: int, weapon_skill: int) -> int:
    """COC-MAL-4: a jam is cleared with Mechanical Repair or the gun's own skill, the better."""
    return max(mechanical_repair, weapon_skill)


def jam_outcome(roll: int, chance: int) -> str:
    """COC-MAL-4: the clearing roll: "ruined" on 96-00, "cleared" on a success, else "jammed"."""
    if roll >= JAM_RUIN:
        return "ruined"
    return "cleared" if roll <= chance else "jammed"


REVOLVER = "revolver"  # COC-REVOLVER-1: the mechanism (Call of Cthulhu) or action (Delta Green)


def revolver_at_risk(mechanism: str, loaded: int, capacity: int) -> bool:
    """COC-REVOLVER-1: only a revolver loaded to its last chamber may go off when dropped or
    struck (the chamber under the hammer is kept empty by those who know)."""
    return mechanism == REVOLVER and loaded >= capacity


def after_jolt(loaded: int, luck_held: bool) -> int:
    """COC-REVOLVER-1: the rounds left after a jolt: a failed Luck roll fires one."""
    return loaded if luck_held else max(0, loaded - 1)
