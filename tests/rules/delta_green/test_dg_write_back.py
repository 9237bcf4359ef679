"""What a fight leaves on an agent's sheet and the next encounter starts from (issue 32):
HP, each location's wounds, maimed and severed limbs, bleeding, death, a knockout, fire, poisons
still to act, ammunition and a broken weapon (DG-HP-1/-3, DG-WOUND-1/-6, DG-HEAL-5, DG-ACT-6)."""

from __future__ import annotations

from typing import Any

import pytest
from dg_helpers import AXE, agent, c, encounter, gm

from rules.core.errors import IllegalAction
from rules.delta_green import SYSTEM
from rules.delta_green.derived import write_back
from rules.delta_green.state import conditions, is_dead, status


def written(state: dict[str, Any], cid: str) -> dict[str, Any]:
    """The sheet write_back returns, validated as the site saves it."""
    sheet: dict[str, Any] = SYSTEM.validate_sheet(write_back(state, cid, c(state, cid)["sheet"]))
    return sheet


def again(sheet: dict[str, Any], cid: str = "a") -> dict[str, Any]:
    """The next encounter, built from the written sheet."""
    entry = {"id": cid, "name": cid.title(), "side": "agents", "sheet": sheet}
    return c(encounter(entry), cid)


def test_hp_wounds_maimed_and_severed_limbs_bleeding_and_ammunition_carry_on() -> None:
    """DG-WOUND-6: 9 on a 4-HP left arm maims it (8 kept, the rest lost); 8 severs the right
    arm with an axe (16 - 8 - 8 = 0 HP: dying, DG-HP-2); the gun fired down to 11
    with one spare magazine left (DG-ACT-6)."""
    state = encounter(
        agent("a", hp=16, weapons=[dict(AXE), {"key": "gun", "rof": 1, "capacity": 15}])
    )
    state, _ = gm(state, "gm_damage", [], target="a", amount=9, location="left_arm")
    state, _ = gm(state, "gm_damage", [], target="a", amount=8, location="right_arm", sever=True)
    state["combatants"]["a"]["weapons"]["gun"].update(loaded=11, spare=1)
    sheet = written(state, "a")
    condition = sheet["condition"]
    assert condition["hp"] == 16 - 8 - 8 == 0
    assert condition["left_arm"] == {
        "damage": 8,
        "lasting": "maimed",
        "bleeding": "",
        "untreated": True,
        "max_hp_lost": False,
    }
    assert condition["right_arm"]["lasting"] == "severed"
    assert condition["right_arm"]["damage"] == 8
    assert condition["head"]["damage"] == condition["chest"]["damage"] == 0
    gun = next(w for w in sheet["weapons"] if w["key"] == "gun")
    assert (gun["loaded"], gun["spare"]) == (11, 1)
    # the next encounter starts where this one stopped
    b = again(sheet)
    assert b["hp"] == 0
    assert b["hp_max"] == 16
    assert b["damage"]["left_arm"] == 8
    assert b["damage"]["right_arm"] == 8
    assert b["maimed"] == ["left_arm"]
    assert b["severed"] == ["right_arm"]
    assert "maimed:left_arm" in conditions(b)
    assert "severed:right_arm" in conditions(b)
    assert status(b) == "dying"  # DG-HP-2: 0 HP
    assert b["weapons"]["gun"]["loaded"] == 11


def test_dying_agent_at_minus_four_stays_dying_and_bleeding() -> None:
    """DG-HP-2, DG-WOUND-3: 12 HP, 16 to the chest (5 HP, past 2x): -4, chest bleeding."""
    state = encounter(agent("a"))
    state, _ = gm(state, "gm_damage", [], target="a", amount=16, location="chest")
    assert status(c(state, "a")) == "dying"
    sheet = written(state, "a")
    assert sheet["condition"]["hp"] == -4
    assert sheet["condition"]["chest"]["bleeding"] == "roll"
    b = again(sheet)
    assert b["hp"] == -4
    assert "chest" in b["bleeding"]
    assert status(b) == "dying"


def test_dead_knocked_out_on_fire_and_a_poison_still_to_act_carry_on() -> None:
    """DG-HP-3 (dead at -10), COC-KO-6 (knocked out until treated), COC-FIRE-4 (still on fire),
    COC-POISON-5 (arsenic resisted on d100 = 80, onset 91 -> 120 minutes: it waits for the GM's
    word in the next encounter)."""
    state = encounter(agent("a"), agent("b"))
    state, _ = gm(state, "gm_damage", [], target="a", amount=22)
    assert is_dead(c(state, "a"))
    state, _ = gm(state, "gm_condition", [], target="b", condition="knocked_out", on=True)
    state, _ = gm(state, "gm_condition", [], target="b", condition="on_fire", on=True)
    state, _ = gm(state, "hazard", [80, 91], type="poison", target="b", poison="arsenic")
    dead = written(state, "a")
    assert dead["condition"]["dead"] is True
    assert dead["condition"]["hp"] == -10
    assert status(again(dead)) == "dead"
    b = written(state, "b")["condition"]
    assert (b["knocked_out"], b["on_fire"], b["hp"]) == (True, True, None)
    assert b["poisons"] == [
        {
            "poison": "arsenic",
            "potency": 16,
            "wins": False,
            "doses": 1,
            "onset": "120 minutes",
            "extra_hours": 0,
            "failure": 0,
        }
    ]
    next_b = again(written(state, "b"), "b")
    assert next_b["knocked_out"]
    assert next_b["on_fire"]
    assert next_b["poisons"][0]["poison"] == "arsenic"
    assert next_b["poisons"][0]["due_round"] is None


def test_an_unhurt_agent_keeps_no_condition_and_a_healed_one_loses_it() -> None:
    state = encounter(agent("a"))
    assert "condition" not in write_back(state, "a", c(state, "a")["sheet"])
    hurt = {**c(state, "a")["sheet"], "condition": {"hp": 3}}
    assert "condition" not in write_back(state, "a", hurt)  # healed in this encounter


def test_a_broken_weapon_stays_broken() -> None:
    """COC-PARRY-4: a weapon broken in a fight is broken at the start of the next."""
    state = encounter(agent("a"))
    state["combatants"]["a"]["weapons"]["pistol"]["broken"] = True
    sheet = written(state, "a")
    assert next(w for w in sheet["weapons"] if w["key"] == "pistol")["broken"] is True
    assert again(sheet)["weapons"]["pistol"]["broken"] is True


def test_hp_carried_never_exceed_the_maximum_the_sheet_has_now() -> None:
    """DG-HP-1: the GM lowered the sheet's HP to 10 since; 11 carried starts at 10."""
    sheet = {**agent("a")["sheet"], "hp": 10, "condition": {"hp": 11}}
    assert again(SYSTEM.validate_sheet(sheet))["hp"] == 10


def test_willpower_and_sanity_where_the_gm_moved_them_carry_on() -> None:
    """DG-MIND-1: an agent with POW 12 and no Willpower or Sanity written starts at 12 and 60;
    the GM sets Willpower 9 and Sanity 55 after the fight: the sheet and the next encounter
    hold them; a second change of Sanity alone keeps Willpower; an empty change is refused."""
    state = encounter(agent("a", pow=12))
    state, events = gm(state, "mind", [], target="a", wp=9, san=55)
    assert (events[-1].payload["wp"], events[-1].payload["san"]) == (9, 55)
    sheet = written(state, "a")
    assert (sheet["wp"], sheet["san"]) == (9, 55)
    assert (again(sheet)["sheet"]["wp"], again(sheet)["sheet"]["san"]) == (9, 55)
    state, events = gm(state, "mind", [], target="a", san=50)
    assert (events[-1].payload["wp"], events[-1].payload["san"]) == (9, 50)
    with pytest.raises(IllegalAction):
        gm(state, "mind", [], target="a")
    unmoved = encounter(agent("a", pow=12))
    assert "san" not in written(unmoved, "a")


def test_pow_gained_in_the_fight_is_written_back() -> None:
    """DG-POW-2 (issue 32): POW 16 gains 1d3 - 1 = 2 on a 25% roll in the fight; the sheet and
    the next encounter start from POW 18, as Willpower and Sanity moved in play are kept."""
    state = encounter(agent("a", pow=16))
    campaigns = dict(c(state, "a")["sheet"])  # the campaign's sheet, as the fight began
    state, _ = gm(state, "magic_contest", [10], caster="a", active=16, passive=15)
    state, _ = gm(state, "pow_gain", [25, 3], target="a")
    sheet = SYSTEM.validate_sheet(write_back(state, "a", campaigns))
    assert sheet["pow"] == 18
    assert again(sheet)["sheet"]["pow"] == 18
