"""Called shots: the d10 hit die, locations, the defender's reflex prompt, disarm, sunder, coup."""

from __future__ import annotations

import pytest
from ace_helpers import c, damage, kinds, play, table, turn_of

from rules.ace import SYSTEM
from rules.ace.stats import dodge
from rules.ace.tables import LOCATIONS
from rules.core.errors import IllegalAction
from rules.core.system import Json


def _hound_evasion_8(state: Json) -> Json:
    """The hound with DEX 6: evasion 8, melee defence still 8, CON 12 (ACE-EX-27)."""
    hound = c(state, "hound")
    hound["sheet"]["dex"] = 6
    hound["current"]["dex"] = 6
    return state


def test_the_location_table_is_the_seeds() -> None:
    # ACE-CALLED-TABLE and each location's row.
    rows = {k: (v.hit, v.dice, v.extra) for k, v in LOCATIONS.items()}
    assert rows["head"] == (-9, 6, 5)
    assert rows["eyes"] == (-12, 9, 10)
    assert rows["abdomen"] == (-6, 3, 5)
    assert rows["ribs"] == (-9, 6, 5)
    assert rows["throat"] == (-18, 12, 10)
    assert rows["temple"] == (-25, 15, 15)
    assert rows["disarm"][0] == rows["sunder"][0] == -16


def test_a_called_shot_waits_for_the_defenders_answer() -> None:
    # ACE-CALLED-2 / ACE-AMB-19: the prompt opens before any die is rolled.
    state = turn_of(table(), "lin")
    state, events = play(state, "attack", "lin", [], target="hound", weapon="jian", location="head")
    assert state["pending"]["target"] == "hound"
    assert events[0].kind == "attack.declared"
    assert "respond" in kinds(state, "hound")
    assert "attack" not in kinds(state, "lin")
    assert "end_turn" not in kinds(state, "lin")
    with pytest.raises(IllegalAction, match="defender must answer"):
        play(state, "end_turn", "lin")
    with pytest.raises(IllegalAction, match="Only the defender"):
        play(state, "respond", "lin", [], answer="none")
    template = next(t for t in SYSTEM.legal_actions(state, "hound") if t.kind == "respond")
    labels = [choice.label.english() for choice in template.fields[0].choices]  # type: ignore[union-attr]
    assert labels == ["do nothing", "guard the spot (-1 damage dice)", "dodge (-2 to the hit)"]


def test_a_head_shot_that_falls_short_misses() -> None:
    # ACE-EX-26: d10 7 + 8 - 9 = 6 against evasion 12.
    state = turn_of(table(), "lin")
    state, _ = play(state, "attack", "lin", [], target="hound", weapon="jian", location="head")
    state, events = play(state, "respond", "hound", [7], answer="none")
    assert events[-1].payload["hit"]["total"] == 6
    assert events[-1].kind == "attack.missed"
    assert state["pending"] is None


def test_a_critical_head_shot_against_a_guard() -> None:
    # ACE-EX-27: 10 + 8 - 9 = 9 > 8, critical; pool 4 + 6 - 1 = 9; 3 successes -> 30 + 5 = 35.
    state = turn_of(_hound_evasion_8(table()), "lin")
    state, _ = play(state, "attack", "lin", [], target="hound", weapon="jian", location="head")
    faces = [10, 8, 9, 10, 1, 1, 1, 1, 1, 1]
    state, events = play(state, "respond", "hound", faces, answer="guard")
    hit = next(e for e in events if e.kind == "attack.hit").payload["hit"]
    assert hit["critical"]
    assert damage(events)["pool"] == 9
    assert damage(events)["total"] == 35
    assert c(state, "hound")["used"]["quick"]  # the guard spent the reflex action
    # With supernatural CON the hound shrugs off 5 more.
    state = turn_of(_hound_evasion_8(table({"ace.supernatural_con": True})), "lin")
    state, _ = play(state, "attack", "lin", [], target="hound", weapon="jian", location="head")
    state, events = play(state, "respond", "hound", faces, answer="guard")
    assert damage(events)["total"] == 30


def test_a_called_natural_ten_is_no_automatic_hit() -> None:
    # ACE-AMB-18: against evasion 12 the same roll misses, unless the table says otherwise.
    state = turn_of(table(), "lin")
    state, _ = play(state, "attack", "lin", [], target="hound", weapon="jian", location="head")
    state, events = play(state, "respond", "hound", [10], answer="none")
    assert events[-1].kind == "attack.missed"
    state = turn_of(table({"ace.called_shot_natural_10_auto_hit": True}), "lin")
    state, _ = play(state, "attack", "lin", [], target="hound", weapon="jian", location="head")
    state, events = play(state, "respond", "hound", [10, *[1] * 10], answer="none")
    assert damage(events)["pool"] == 10


def test_a_dodge_takes_one_from_the_hit_per_five_dex() -> None:
    # ACE-EX-28: DEX 12 gives -2; the hound's DEX 10 gives -2 too.
    assert dodge({"current": {"dex": 12}}) == 2
    state = turn_of(table(), "lin")
    state, _ = play(state, "attack", "lin", [], target="hound", weapon="jian", location="abdomen")
    state, events = play(state, "respond", "hound", [9], answer="dodge")
    assert events[-1].payload["hit"]["total"] == 9 + 8 - 6 - 2


def test_a_defender_without_its_reflex_action_gets_no_prompt() -> None:
    # ACE-AMB-19: the attack resolves at once.
    state = turn_of(table(), "lin")
    c(state, "hound")["used"]["quick"] = True
    state, events = play(
        state, "attack", "lin", [2], target="hound", weapon="jian", location="head"
    )
    assert state["pending"] is None
    assert events[-1].kind == "attack.missed"
    with pytest.raises(IllegalAction, match="Nobody is being asked"):
        play(state, "respond", "hound", [], answer="guard")


def test_covered_spots_take_no_extra_damage() -> None:
    # ACE-AMB-20: a plate covers the abdomen; 9 + 8 - 6 = 11 > 8; pool 4 + 3 = 7.
    state = turn_of(_hound_evasion_8(table()), "lin")
    c(state, "hound")["sheet"]["covered"] = [{"location": "abdomen"}]
    c(state, "hound")["used"]["quick"] = True
    faces = [9, 8, *[1] * 6]
    state, events = play(
        state, "attack", "lin", faces, target="hound", weapon="jian", location="abdomen"
    )
    assert damage(events)["flat"] == 0
    assert damage(events)["total"] == 5


def test_a_disarm_knocks_the_weapon_away_and_a_counter_can_answer() -> None:
    # ACE-CALLED-DISARM / ACE-AMB-21: 1d20 + STR + core each side.
    settings = {"ace.called_shot_natural_10_auto_hit": True}
    state = turn_of(table(settings), "lin")
    state, _ = play(state, "attack", "lin", [], target="su", weapon="jian", location="disarm")
    won, _ = play(state, "respond", "su", [10, 15, 5], answer="none")
    assert "dagger" in c(won, "su")["dropped"]
    assert c(won, "su")["wielding"] == "unarmed"
    # Su keeps her grip (8 + 5 against 5 + 10) and counters: 5 + 18 against 8 + 2.
    kept, events = play(state, "respond", "su", [10, 5, 10, 18, 2], answer="none", counter="on")
    assert "jian" in c(kept, "lin")["dropped"]
    assert c(kept, "su")["used"]["quick"]
    assert [e.kind for e in events][-2:] == ["disarm.failed", "weapon.dropped"]


def test_a_disarm_needs_something_in_hand() -> None:
    state = turn_of(table(), "lin")
    with pytest.raises(IllegalAction, match="holds no weapon"):
        play(state, "attack", "lin", [], target="hound", location="disarm")


def test_a_sunder_margin_less_hardness_damages_the_weapon() -> None:
    # ACE-EX-29 / ACE-AMB-22 / ACE-AMB-23: 21 against 15 (Su's light dagger takes -4), hardness 2.
    state = turn_of(table({"ace.called_shot_natural_10_auto_hit": True}), "lin")
    c(state, "su")["sheet"]["weapons"][0]["hardness"] = 2
    state, _ = play(state, "attack", "lin", [], target="su", weapon="jian", location="sunder")
    state, events = play(state, "respond", "su", [10, 13, 14], answer="none")
    contest = events[-1].payload["contest"]
    assert (contest["initiator"], contest["defender"]) == (21, 15)
    assert events[-1].payload["item_damage"] == 4
    assert c(state, "su")["item_damage"]["dagger"] == 4
    assert "dagger" not in c(state, "su")["dropped"]


def test_a_coup_de_grace_counts_every_die_as_a_success() -> None:
    # ACE-EX-30 / ACE-CDG-1 / ACE-AMB-24: attack 12 against defence 4 -> 40, no dice at all.
    state = turn_of(table(), "lin")
    c(state, "su")["sheet"]["armour"] = 1
    state, _ = play(state, "set_condition", "gm", target="su", condition="asleep")
    state, events = play(state, "attack", "lin", [], target="su", weapon="jian", coup="on")
    assert damage(events)["successes"] == 8
    assert damage(events)["total"] == 40
    assert c(state, "su")["hp"] == 10
    assert all(not e.dice for e in events)
