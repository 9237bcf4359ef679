"""BRP melee both percentile systems play: parried blows, parrying by grappling, knockouts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.brp.core import resistance_check


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
