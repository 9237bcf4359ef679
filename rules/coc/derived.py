"""What an investigator's sheet works out to (HP, Luck, MP, SAN, dodge) and what a scene leaves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.brp.skill_checks import carry_values, key_of
from rules.coc.actions.checks_by_name import check_label
from rules.coc.sheet import MARKED, MARKED_ARE, condition_of_sheet, validate_sheet
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
    marks = [str(mark["key"]) for mark in sheet["growth_marks"]]
    if marks:  # COC-GROW-1: shown until the growth roll clears them
        named = [check_label(key_of(mark), mark) for mark in marks]
        lines.append(Derived(MARKED(), len(marks), MARKED_ARE(skills=named)))
    return lines


def write_back(state: Mapping[str, Any], actor_id: str, sheet: Mapping[str, Any]) -> Json:
    """The sheet after a scene (issue 32): Luck, MP and SAN as spent (COC-GEN-2), CON and APP
    lost for good (COC-FIRE-2) and limbs lost (COC-DMG-1), rounds left loaded, and the
    condition: HP, dead or dying (COC-HP-1), still knocked out (COC-KO-3), wounds (COC-HEAL-1)
    and poisons still to act.
    A Keeper's secret poison stays off the sheet, which its player reads."""
    combatant = state["combatants"][actor_id]
    out: Json = dict(sheet)
    for key in ("luck", "mp", "san", "con", "app"):
        if key in combatant and int(combatant[key]) != int(combatant["sheet"][key]):
            out[key] = int(combatant[key])
    weapons = []
    for weapon in sheet.get("weapons") or []:
        left = combatant["weapons"].get(weapon.get("key"))
        if left is not None and weapon.get("capacity"):
            weapon = {**weapon, "loaded": int(left["loaded"])}
        weapons.append(weapon)
    out["weapons"] = weapons
    out = carry_values(combatant, out)  # COC-CHECK-5, COC-GROW-1: .st and growth (issue 38)
    out.pop("condition", None)
    raw: Json = {
        "hp": int(combatant["hp"]) if combatant["hp"] < combatant["sheet"]["hp_max"] else None,
        "dead": bool(combatant["dead"]),
        "ko_rounds": int(combatant["ko_rounds"]),
        "wounds": [
            {"damage": int(w["damage"]), "aided": bool(w["aided"])} for w in combatant["wounds"]
        ]
        if combatant["hp"] < combatant["sheet"]["hp_max"]
        else [],
        "poisons": [
            {**{k: e["data"][k] for k in ("poison", "pot", "wins", "doses")}, "left": e["left"]}
            for e in (state.get("effects") or {}).values()
            if e["kind"] == "poison" and e["target"] == actor_id and not e["data"].get("secret")
        ],
        "lost_limbs": [{"limb": limb} for limb in combatant.get("lost_limbs", ())],
    }
    condition = condition_of_sheet(raw)
    if condition is not None:
        out["condition"] = condition
    return out
