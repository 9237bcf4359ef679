"""Issue 32: between fights, each seed's recovery rules played on the sheets off the table, with
scripted dice (rules/core/downtime.py and each system's recovery.py)."""

from __future__ import annotations

import pytest

from rules.coc import recovery as coc
from rules.core.dice import LoadedDice
from rules.core.downtime import between_fights, weeks_crossed
from rules.core.errors import IllegalAction
from rules.core.registry import get_system
from rules.delta_green import recovery as dg
from rules.mech import recovery as mech

DG = get_system("delta_green")
COC = get_system("coc")
MECH = get_system("mech")


def agent(name: str, **condition: object) -> dict[str, object]:
    sheet = {**DG.default_sheet, "name": name, "hp": 12}
    return DG.validate_sheet({**sheet, "condition": condition or None})


def test_dg_first_aid_after_the_fight_heals_1d3_and_stops_the_bleeding() -> None:
    """DG-HEAL-4: Bob's First Aid (30%) rolls 10, then 1d3 = 2 on Ann's bleeding chest."""
    ann = agent("Ann", hp=5, chest={"damage": 7, "bleeding": "roll"})
    request = {"healer": "bob", "target": "ann", "location": "chest", "skill": "first_aid"}
    done = between_fights(
        DG, {"ann": ann, "bob": agent("Bob")}, {}, dg.TREAT, request, LoadedDice([10, 2])
    )
    condition = done.sheets["ann"]["condition"]
    assert condition["hp"] == 7
    assert condition["chest"]["damage"] == 5
    assert condition["chest"]["bleeding"] == ""
    assert [r.value for r in done.dice] == [10, 2]
    assert "First Aid 1d3 = 2" in done.lines[0].english()
    assert done.sheets["bob"]["condition"] is None  # the healer is unchanged


def test_dg_first_aid_that_fails_changes_nothing() -> None:
    ann = agent("Ann", hp=5, chest={"damage": 7})
    request = {"healer": "bob", "target": "ann", "location": "chest", "skill": "first_aid"}
    done = between_fights(
        DG, {"ann": ann, "bob": agent("Bob")}, {}, dg.TREAT, request, LoadedDice([95])
    )
    assert done.sheets["ann"]["condition"]["hp"] == 5


def test_dg_a_week_heals_1d3_but_not_a_bleeding_agent() -> None:
    """DG-HEAL-3 and DG-HEAL-2: 1d3 to total HP and each damaged location; bleeding first
    needs stabilising."""
    ann = agent("Ann", hp=7, chest={"damage": 5})
    cal = agent("Cal", hp=6, head={"damage": 2, "bleeding": "roll"})
    done = between_fights(DG, {"ann": ann, "cal": cal}, {}, dg.WEEK, {}, LoadedDice([3]))
    assert done.sheets["ann"]["condition"]["hp"] == 10
    assert done.sheets["ann"]["condition"]["chest"]["damage"] == 2
    assert done.sheets["cal"]["condition"]["hp"] == 6


def investigator(name: str, **condition: object) -> dict[str, object]:
    sheet = {**COC.default_sheet, "name": name}
    return COC.validate_sheet({**sheet, "condition": condition or None})


def test_coc_first_aid_heals_1d3_of_a_wound_once() -> None:
    """COC-HEAL-1: 1D3 at most the wound's damage, once per wound."""
    ann = investigator("Ann", hp=5, wounds=[{"damage": 8}])
    sheets = {"ann": ann, "bob": investigator("Bob")}
    request = {"healer": "bob", "target": "ann"}
    done = between_fights(COC, sheets, {}, coc.FIRST_AID_TOOL, request, LoadedDice([10, 2]))
    assert done.sheets["ann"]["condition"]["hp"] == 7
    assert done.sheets["ann"]["condition"]["wounds"][0]["aided"] is True
    again = {**sheets, "ann": done.sheets["ann"]}
    with pytest.raises(IllegalAction, match="COC-HEAL-1"):
        between_fights(COC, again, {}, coc.FIRST_AID_TOOL, request, LoadedDice([10, 2]))


def test_coc_a_week_heals_1d3_and_leaves_the_dying_to_care() -> None:
    ann = investigator("Ann", hp=5, wounds=[{"damage": 8}])
    dying = investigator("Dee", hp=0, wounds=[{"damage": 13}])
    done = between_fights(COC, {"ann": ann, "dee": dying}, {}, coc.WEEK, {}, LoadedDice([3]))
    assert done.sheets["ann"]["condition"]["hp"] == 8
    assert done.sheets["dee"]["condition"]["hp"] == 0
    assert "COC-HEAL-1" in done.lines[1].english()


def test_mech_repairs_between_matches_cost_the_repair_cap() -> None:
    """MECH-REPAIR-TABLE: all HP for 1 repair; a destroyed weapon fixed for 1; 1 structure for
    2, which a cap of 1 left cannot pay."""
    latch = MECH.validate_sheet(dict(MECH.default_sheet))
    hurt = MECH.validate_sheet(
        {
            **latch,
            "condition": {
                "hp": 3,
                "structure": 3,
                "repair": 3,
                "items": [{"kind": "weapon", "index": 0, "key": "k12_carbine", "destroyed": True}],
            },
        }
    )
    done = between_fights(
        MECH,
        {"latch": hurt},
        {},
        mech.REPAIR,
        {"character": "latch", "option": "hp"},
        LoadedDice([]),
    )
    assert done.sheets["latch"]["condition"]["hp"] > 3
    assert done.sheets["latch"]["condition"]["repair"] == 2
    fix = {"character": "latch", "option": "fix", "item": "weapon:0"}
    fixed = between_fights(MECH, done.sheets, {}, mech.REPAIR, fix, LoadedDice([]))
    condition = fixed.sheets["latch"]["condition"]
    assert condition["repair"] == 1
    assert not any(item.get("destroyed") for item in condition.get("items", []))
    structure = {"character": "latch", "option": "structure"}
    with pytest.raises(IllegalAction):
        between_fights(MECH, fixed.sheets, {}, mech.REPAIR, structure, LoadedDice([]))


def test_the_clock_heals_once_for_each_week_end_it_passes() -> None:
    assert weeks_crossed(0, 6) == 0
    assert weeks_crossed(6, 1) == 1
    assert weeks_crossed(3, 14) == 2
    assert weeks_crossed(13, 8) == 2


def test_ace_a_nights_rest_restores_spent_attributes() -> None:
    """ACE-AMB-05: current attributes back to their maxima; HP are not the night's to heal."""
    from rules.ace import recovery as ace

    system = get_system("ace")
    sheet = {**system.default_sheet, "name": "Kai"}
    kai = system.validate_sheet({**sheet, "condition": {"current": {"spi": 2}, "hp": 4}})
    done = between_fights(system, {"kai": kai}, {}, ace.NIGHT, {}, LoadedDice([]))
    assert done.sheets["kai"]["condition"]["current"] == {}
    assert done.sheets["kai"]["condition"]["hp"] == 4
