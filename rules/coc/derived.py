"""What an investigator's sheet works out to (HP, Luck, MP, SAN, dodge) and what a scene leaves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.coc.sheet import validate_sheet
from rules.core import derive as d
from rules.core.derive import Derived
from rules.core.system import Json


def derive(raw: Mapping[str, Any]) -> list[Derived]:
    """COC-HP-1, COC-GEN-2, COC-DODGE-1: the values a sheet implies, each explained."""
    sheet = validate_sheet(raw)

    def given(key: str) -> bool:
        return raw.get(key) not in (None, "")

    pow_ = sheet["pow"]
    dodge_given = (raw.get("skills") or {}).get("dodge") not in (None, "")
    lines = [
        Derived(
            d.HIT_POINTS(),
            sheet["hp_max"],
            d.HP_GIVEN() if given("hp_max") else d.HP_FROM(con=sheet["con"], siz=sheet["siz"]),
        ),
        Derived(
            d.LUCK(),
            sheet["luck"],
            d.HP_GIVEN() if given("luck") else d.POW_TIMES(pow=pow_, times=5),
        ),
        Derived(
            d.MAGIC_POINTS(), sheet["mp"], d.HP_GIVEN() if given("mp") else d.POW_EQUAL(pow=pow_)
        ),
        Derived(
            d.SANITY(),
            sheet["san"],
            d.HP_GIVEN() if given("san") else d.POW_TIMES(pow=pow_, times=5),
        ),
        Derived(
            d.DODGE(),
            sheet["skills"]["dodge"],
            d.SKILL_GIVEN() if dodge_given else d.DODGE_FROM(dex=sheet["dex"]),
        ),
        Derived(d.DAMAGE_BONUS(), sheet["db"], d.AS_WRITTEN()),
        Derived(d.ARMOUR(), sheet["armour"], d.AS_WRITTEN() if sheet["armour"] else d.NO_ARMOUR()),
    ]
    for weapon in sheet["weapons"]:
        if weapon["capacity"]:
            lines.append(
                Derived(
                    d.AMMUNITION(weapon=weapon["name"]),
                    weapon["loaded"],
                    d.LOADED_OF(loaded=weapon["loaded"], capacity=weapon["capacity"]),
                )
            )
    return lines


def write_back(state: Mapping[str, Any], actor_id: str, sheet: Mapping[str, Any]) -> Json:
    """The sheet after a scene: Luck, MP and SAN as spent (COC-GEN-2) and rounds left loaded."""
    combatant = state["combatants"][actor_id]
    out: Json = dict(sheet)
    for key in ("luck", "mp", "san"):
        if key in combatant:
            out[key] = int(combatant[key])
    weapons = []
    for weapon in sheet.get("weapons") or []:
        left = combatant["weapons"].get(weapon.get("key"))
        if left is not None and weapon.get("capacity"):
            weapon = {**weapon, "loaded": int(left["loaded"])}
        weapons.append(weapon)
    out["weapons"] = weapons
    return out
