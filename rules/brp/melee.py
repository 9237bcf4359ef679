"""BRP melee both percentile systems play: parried blows, parrying by grappling, knockouts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.brp.core import DamageDice, resistance_check
from rules.core.dice import Dice


def parry_excess(damage: int, object_hp: int) -> int:
    """COC-PARRY-4: the parrying object absorbs a blow up to its HP; the excess goes through
    (0: the object holds)."""
    return max(0, damage - object_hp)


def parry_ruin(weapon: Mapping[str, Any]) -> str:
    """COC-PARRY-4/-8: what a blow past its HP does to the parrying object, as the key set on the
    weapon in hand: a firearm is put out of action ("disabled"), anything else "broken"."""
    return "disabled" if weapon["kind"] == "firearm" else "broken"


def attacks_and_parries(weapon: Mapping[str, Any], swords_only: bool) -> bool:
    """COC-PARRY-7: whether one weapon may both attack and parry in a round: a sword may, any
    weapon may when the setting allows it; two bare hands count as two weapons."""
    return weapon["kind"] == "unarmed" or bool(weapon.get("sword")) or not swords_only


def grapple_refused(
    attack_weapon: Mapping[str, Any], defender_dex: int, attacker_dex: int
) -> str | None:
    """COC-PARRY-6/-9: why bare hands may not parry this weapon by grappling it: "not_touch"
    (only a touch-range weapon), "not_quicker" (only with the higher DEX), or None: they may."""
    if not attack_weapon.get("touch"):
        return "not_touch"
    if defender_dex <= attacker_dex:
        return "not_quicker"
    return None


def parry_answers(against: str | None, attacker: str, used: bool) -> bool:
    """COC-PARRY-2/-3: a parry declared in advance against one attacker answers that attacker's
    first attack only, once a round (`used`: it has answered one already)."""
    return bool(against) and against == attacker and not used


def knockout_refused(kind: str, blunt: bool, victim_may: bool) -> str | None:
    """COC-KO-1/-5: why this blow may not be a knockout attempt: "not_blunt" (only a blunt blow
    knocks out), "not_victim" (humans can be knocked out, most mythos creatures cannot: the
    victim's sheet says), or None: it may."""
    if not can_knock_out(kind, blunt):
        return "not_blunt"
    return None if victim_may else "not_victim"


def can_knock_out(kind: str, blunt: bool) -> bool:
    """COC-KO-1: only a blunt blow knocks out: bare hands, a kick, a head-butt, a grapple, a club
    (a melee or unarmed attack with a weapon that does not cut or pierce)."""
    return blunt and kind in ("melee", "unarmed")


def knockout_check(damage: int, hp: int, roll: int) -> tuple[int, bool]:
    """COC-KO-2: (the chance, whether the victim is knocked out): the damage against HP on the
    resistance table (COC-RES-1), the d100 read as it falls (no 00/01 setting)."""
    return resistance_check(damage, hp, roll)


def knockout_damage(damage: int) -> int:
    """COC-KO-3 (COC-GEN-3): a knocked-out victim takes a third of the damage, truncated."""
    return damage // 3


@dataclass(frozen=True)
class Knockout:
    """COC-KO-2/-3/-4: one knockout attempt: the chance and d100, and the damage it leaves."""

    chance: int
    roll: int
    knocked_out: bool
    damage: int


def knockout_attempt(damage: int, hp: int, roll: int) -> Knockout:
    """COC-KO-2/-3/-4: the damage against HP on the resistance table; knocked out, the victim
    takes a third of it (truncated); a failed attempt deals it in full and knocks no one out."""
    chance, out = knockout_check(damage, hp, roll)
    return Knockout(chance, roll, out, knockout_damage(damage) if out else damage)


# COC-IMPALE-5: the weapon kinds that stick when they impale: a melee weapon (Delta Green names
# knives apart); bullets, thrown weapons and fists never stick.
STICKING_KINDS = frozenset({"melee", "knife"})


def sticks(kind: str, impaled: bool) -> bool:
    """COC-IMPALE-5: an impaling melee weapon sticks in its victim; a roll of the weapon's skill
    pulls it free."""
    return impaled and kind in STICKING_KINDS


@dataclass(frozen=True)
class WeaponDamage:
    """COC-IMPALE-3: a hit's weapon dice: the first roll and its faces, and an impale's second
    roll (None without an impale); the damage bonus is not in it."""

    first: int
    faces: list[int]
    again: int | None

    @property
    def total(self) -> int:
        """Both rolls together."""
        return self.first + (self.again or 0)


def weapon_damage(
    damage: DamageDice, dice: Dice, impaled: bool, purpose: str, again_purpose: str
) -> WeaponDamage:
    """COC-IMPALE-3: roll the weapon's damage dice, and roll them again on an impale."""
    first, faces = damage.roll(dice, purpose)
    again = damage.roll(dice, again_purpose)[0] if impaled else None
    return WeaponDamage(first, faces, again)


def bonus_rolls(impaled: bool, db_twice: bool = False) -> int:
    """COC-IMPALE-3: the damage bonus is rolled once, even on an impale (`db_twice`: a Keeper's
    setting that rolls it twice as well)."""
    return 2 if impaled and db_twice else 1
