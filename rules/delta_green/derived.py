"""What an agent sheet works out to (HP, location HP, dodge, vest) and what an encounter leaves."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules.brp.skill_checks import carry_values, key_of
from rules.core import derive as d
from rules.core.derive import Derived
from rules.core.system import Json
from rules.delta_green import messages as m
from rules.delta_green.actions.checks_by_name import check_label
from rules.delta_green.sheet import MARKED, MARKED_ARE, condition_of_sheet, validate_sheet
from rules.delta_green.state import is_dead
from rules.delta_green.tables import LOCATION_FRACTIONS, LOCATIONS, VESTS, location_hp


def derive(raw: Mapping[str, Any]) -> list[Derived]:
    """DG-HP-1, DG-LOC-3, DG-ARM-1, DG-INIT-4: the values a sheet implies, each explained."""
    sheet = validate_sheet(raw)
    given_hp = raw.get("hp") not in (None, "")
    lines = [
        Derived(
            d.HIT_POINTS(),
            sheet["hp"],
            d.HP_GIVEN() if given_hp else d.HP_FROM(con=sheet["con"], siz=sheet["siz"]),
        )
    ]
    if sheet["hit_locations"]:
        for loc in LOCATIONS:
            override = sheet["location_hp"].get(loc)
            share = LOCATION_FRACTIONS[loc]
            lines.append(
                Derived(
                    d.LOCATION_HP(location=d.LOCATION_NAMES[loc]()),
                    override if override is not None else location_hp(sheet["hp"], loc),
                    d.AS_WRITTEN()
                    if override is not None
                    else d.LOCATION_FROM(share=_share(share), hp=sheet["hp"]),
                )
            )
    given_dodge = "dodge" in (raw.get("skills") or {})
    lines.append(
        Derived(
            m.DERIVED_DODGE(),
            sheet["skills"]["dodge"],
            d.SKILL_GIVEN() if given_dodge else d.DODGE_FROM(dex=sheet["dex"]),
        )
    )
    # DG-INIT-4: a second action in the same round goes at half DEX.
    lines.append(Derived(d.HALF_DEX(), sheet["dex"] // 2, d.HALF_DEX_FROM(dex=sheet["dex"])))
    vest = sheet["vest"]
    if vest:
        level = VESTS[vest["level"]]
        lines.append(
            Derived(
                d.ARMOUR(),
                level.ap,
                d.VEST_FROM(vest=level.name, ap=level.ap, penalty=level.penalty),
            )
        )
    else:
        lines.append(Derived(d.ARMOUR(), 0, d.NO_ARMOUR()))
    for weapon in sheet["weapons"]:
        if weapon["kind"] == "firearm":
            lines.append(
                Derived(
                    d.AMMUNITION(weapon=weapon["name"]),
                    weapon["loaded"],
                    d.LOADED_SPARE(loaded=weapon["loaded"], spare=weapon["spare"]),
                )
            )
    marks = [str(mark["key"]) for mark in sheet["growth_marks"]]
    if marks:  # DG-GROW-1: shown until the growth roll clears them
        named = [check_label(key_of(mark), mark) for mark in marks]
        lines.append(Derived(MARKED(), len(marks), MARKED_ARE(skills=named)))
    return lines


def _share(share: Fraction) -> str:
    return f"{share.numerator}/{share.denominator}"


def write_back(state: Mapping[str, Any], actor_id: str, sheet: Mapping[str, Any]) -> Json:
    """The agent's sheet after the encounter (issue 32): rounds loaded and spare as they were left
    (DG-AUTO-2, DG-ACT-6), a weapon broken (COC-PARRY-4), and the condition the fight left: HP
    (DG-HP-1), each location's damage, maimed and severed limbs (DG-WOUND-1/-6), bleeding,
    death (DG-HP-3), a knockout, fire and poisons still to act; Willpower and Sanity where the
    GM moved them (DG-MIND-1), and POW gained (DG-POW-2)."""
    combatant = state["combatants"][actor_id]
    out: Json = dict(sheet)
    weapons = []
    for weapon in sheet.get("weapons") or []:
        left = combatant["weapons"].get(weapon.get("key"))
        if left is not None and weapon.get("kind", "firearm") == "firearm":
            weapon = {**weapon, "loaded": int(left["loaded"]), "spare": int(left["spare"])}
        if left is not None and (left.get("broken") or weapon.get("broken")):
            weapon = {**weapon, "broken": bool(left.get("broken"))}
        weapons.append(weapon)
    out["weapons"] = weapons
    for key in ("wp", "san", "pow"):  # DG-MIND-1: where the GM moved them; DG-POW-2: POW gained
        if combatant["sheet"].get(key) is not None and combatant["sheet"][key] != sheet.get(key):
            out[key] = int(combatant["sheet"][key])
    if int(combatant["hp_max"]) != int(combatant["sheet"]["hp"]):
        out["hp"] = int(combatant["hp_max"])  # DG-HEAL-5: a maimed limb lowered the maximum
    out = carry_values(combatant, out)  # DG-CHECK-5, DG-GROW-1: .st and growth (issue 38)
    out.pop("condition", None)
    condition = condition_left(combatant)
    if condition is not None:
        out["condition"] = condition
    return out


def condition_left(c: Mapping[str, Any]) -> Json | None:
    """What of a combatant outlasts the encounter, as the sheet's `condition` (None: unhurt)."""
    raw: Json = {
        "hp": int(c["hp"]),
        "dead": is_dead(c),
        "knocked_out": bool(c.get("knocked_out")),
        "on_fire": bool(c.get("on_fire")),
        "poisons": [
            {key: dose[key] for key in POISON_KEYS if key in dose}
            for dose in c.get("poisons") or ()
        ],
    }
    for loc in LOCATIONS:
        lasting = "severed" if loc in c["severed"] else "maimed" if loc in c["maimed"] else ""
        bleeding = c["bleeding"].get(loc)
        raw[loc] = {
            "damage": int(c["damage"][loc]),
            "lasting": lasting,
            "bleeding": str(bleeding["kind"]) if bleeding else "",
            "untreated": loc in c["untreated"],
            "max_hp_lost": loc in c.get("maim_counted", ()),
        }
    if raw["hp"] >= int(c["hp_max"]):
        raw["hp"] = None
    return condition_of_sheet(raw)


POISON_KEYS = ("poison", "potency", "wins", "doses", "onset", "extra_hours", "failure")
