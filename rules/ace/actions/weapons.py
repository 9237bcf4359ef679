"""A combatant's weapons and shield as items: which it can swing, how much damage each bears
before it breaks, and whether it has (ACE-CALLED-SUNDER, ACE-AMB-23)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ace.settings import AceSettings
from rules.ace.stats import weapon
from rules.core.system import Json

SHIELD = "shield"  # the item key of a combatant's shield in `item_damage`


def usable_weapons(c: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The weapons a combatant can swing now: not knocked away, not broken (ACE-CALLED-*)."""
    out = [w for w in c["sheet"]["weapons"] if w["key"] not in c["dropped"]]
    out.append(weapon(c, "unarmed") or {})
    return out


def weapon_name(c: Json, key: str) -> str:
    """The name of a combatant's weapon, or its key when the sheet no longer has it."""
    w = weapon(c, key)
    return str(w["name"]) if w else key


def durability_of(w: Mapping[str, Any], s: AceSettings) -> int:
    """ACE-AMB-23: the item's own durability, else 5 one-handed and 10 two-handed."""
    given = w.get("durability")
    if given:
        return int(given)
    return s.durability_two_hands if w.get("two_handed") else s.durability_one_hand


def broken(c: Mapping[str, Any], key: str, s: AceSettings) -> bool:
    """ACE-CALLED-SUNDER: an item whose damage has reached its durability is broken."""
    w = shield_of(c) if key == SHIELD else weapon(c, key)
    return w is not None and int(c["item_damage"].get(key, 0)) >= durability_of(w, s)


def shield_of(c: Mapping[str, Any]) -> Json | None:
    """ACE-CALLED-SUNDER: the combatant's shield as an item (ACE-AMB-23: durability 10 unless
    the sheet says), or None."""
    raw = c["sheet"].get("shield")
    if not raw:
        return None
    return {
        "key": SHIELD,
        "name": raw["name"],
        "hardness": raw.get("hardness") or 0,
        "durability": raw.get("durability"),
        "two_handed": True,
    }


def sunderable_shield(c: Json, s: AceSettings) -> bool:
    """Whether a sunder may aim at this combatant's shield: it has one and it is not broken."""
    return shield_of(c) is not None and not broken(c, SHIELD, s)
