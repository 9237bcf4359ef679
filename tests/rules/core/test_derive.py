"""Derived sheet values and write-back for Delta Green and Call of Cthulhu: each explained."""

from __future__ import annotations

from typing import Any

from rules.coc import SYSTEM as COC
from rules.core.derive import Derived
from rules.delta_green import SYSTEM as DG


def lines(system: Any, sheet: dict[str, Any]) -> dict[str, tuple[Any, str]]:
    found: list[Derived] = system.derive(sheet)
    return {line.label.english(): (line.value, line.explanation.english()) for line in found}


AGENT: dict[str, Any] = {
    "name": "Ann",
    "str": 10,
    "con": 13,
    "siz": 12,
    "int": 10,
    "pow": 10,
    "dex": 15,
    "app": 10,
    "weapons": [
        {"key": "pistol", "name": "Pistol", "damage": "1d10", "rof": 1, "capacity": 15, "spare": 2},
        {"key": "knife", "name": "Knife", "kind": "knife", "damage": "1d4"},
    ],
}


def test_agent_hp_and_locations_are_worked_out_from_con_and_siz() -> None:
    derived = lines(DG, AGENT)
    # DG-HP-1: (13 + 12) / 2 = 12.5, rounded up; DG-LOC-3: the chest takes 2/5 of 13.
    assert derived["Hit points"] == (13, "(CON 13 + SIZ 12) ÷ 2, rounded up")
    assert derived["Chest and abdomen HP"] == (5, "2/5 of 13 hit points, rounded")
    assert derived["Dodge"] == (30, "DEX 15 × 2")
    assert derived["Second action in a round"] == (7, "at half DEX: 15")
    assert derived["Armour"] == (0, "none worn")
    assert derived["Ammunition: Pistol"] == (15, "15 loaded, 2 spare")
    assert "Ammunition: Knife" not in derived


def test_agent_values_written_on_the_sheet_are_said_to_be() -> None:
    sheet = {
        **AGENT,
        "hp": 20,
        "skills": {"dodge": 50},
        "vest": {"level": 2},
        "location_hp": {"head": 9},
        "hit_locations": True,
    }
    derived = lines(DG, sheet)
    assert derived["Hit points"] == (20, "as written on the sheet")
    assert derived["Head HP"] == (9, "as written on the sheet")
    assert derived["Dodge"] == (50, "the skill as written")
    assert derived["Armour"] == (8, "Level II vest: 8 points, skill penalty 8")


def test_agent_without_hit_locations_has_no_location_lines() -> None:
    derived = lines(DG, {**AGENT, "hit_locations": False})
    assert not [label for label in derived if label.endswith(" HP")]


def test_agent_write_back_keeps_the_rounds_left() -> None:
    sheet = DG.validate_sheet(AGENT)
    state = DG.start({"combatants": [{"id": "ann", "sheet": sheet}]})
    state["combatants"]["ann"]["weapons"]["pistol"].update(loaded=4, spare=1)
    after = DG.write_back(state, "ann", sheet)
    pistol = next(w for w in after["weapons"] if w["key"] == "pistol")
    assert (pistol["loaded"], pistol["spare"]) == (4, 1)
    assert DG.validate_sheet(after)["weapons"][0]["loaded"] == 4
    knife = next(w for w in after["weapons"] if w["key"] == "knife")
    assert knife == next(w for w in sheet["weapons"] if w["key"] == "knife")
    extra = {**sheet, "weapons": [*sheet["weapons"], {"key": "new", "kind": "firearm"}]}
    assert DG.write_back(state, "ann", extra)["weapons"][-1] == {"key": "new", "kind": "firearm"}


INVESTIGATOR: dict[str, Any] = {
    "name": "Ada",
    "str": 10,
    "con": 11,
    "siz": 14,
    "int": 10,
    "pow": 12,
    "dex": 13,
    "app": 10,
    "edu": 10,
    "weapons": [
        {
            "key": "revolver",
            "name": "Revolver",
            "kind": "firearm",
            "skill": "handgun",
            "damage": "1d10",
            "capacity": 6,
            "loaded": 5,
        },
        {"key": "club", "name": "Club", "kind": "melee", "skill": "club", "damage": "1d6"},
    ],
}


def test_investigator_points_are_worked_out_from_pow() -> None:
    derived = lines(COC, INVESTIGATOR)
    assert derived["Hit points"] == (13, "(CON 11 + SIZ 14) ÷ 2, rounded up")  # COC-HP-1
    assert derived["Luck"] == (60, "POW 12 × 5")  # COC-GEN-2
    assert derived["Magic points"] == (12, "equal to POW 12")
    assert derived["Sanity"] == (60, "POW 12 × 5")
    assert derived["Dodge"] == (26, "DEX 13 × 2")  # COC-DODGE-1
    assert derived["Armour"] == (0, "none worn")
    assert derived["Ammunition: Revolver"] == (5, "5 of 6 loaded")
    assert "Ammunition: Club" not in derived


def test_investigator_values_written_are_said_to_be() -> None:
    sheet = {
        **INVESTIGATOR,
        "hp_max": 9,
        "luck": 40,
        "mp": 3,
        "san": 33,
        "armour": 2,
        "skills": {"dodge": 41},
    }
    derived = lines(COC, sheet)
    assert derived["Hit points"] == (9, "as written on the sheet")
    assert derived["Luck"] == (40, "as written on the sheet")
    assert derived["Magic points"] == (3, "as written on the sheet")
    assert derived["Sanity"] == (33, "as written on the sheet")
    assert derived["Dodge"] == (41, "the skill as written")
    assert derived["Armour"] == (2, "as written on the sheet")


def test_investigator_write_back_keeps_points_spent_and_rounds_left() -> None:
    sheet = COC.validate_sheet(INVESTIGATOR)
    state = COC.start({"combatants": [{"id": "ada", "sheet": sheet}]})
    ada = state["combatants"]["ada"]
    ada.update(luck=45, san=52)
    ada["weapons"]["revolver"]["loaded"] = 1
    after = COC.write_back(state, "ada", sheet)
    assert (after["luck"], after["san"], after["mp"]) == (45, 52, 12)
    assert after["weapons"][0]["loaded"] == 1
    assert after["weapons"][1] == sheet["weapons"][1]
    del ada["mp"]
    assert COC.write_back(state, "ada", {**sheet, "mp": 7})["mp"] == 7
    extra = {**sheet, "weapons": [{"key": "gone", "capacity": 2}]}
    assert COC.write_back(state, "ada", extra)["weapons"] == [{"key": "gone", "capacity": 2}]
