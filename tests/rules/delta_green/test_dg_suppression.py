"""Suppressive fire (DG-SUPP-*), with the Hernandez example WE-DG-04."""

from __future__ import annotations

import copy

import pytest
from dg_helpers import SMG, agent, c, encounter, gm, play

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.delta_green import SYSTEM


def _hernandez_scene() -> dict:
    hernandez = agent("hernandez", dex=10, skills={"smg": 40, "firearms": 40}, weapons=[dict(SMG)])
    dwarves = [agent(f"d{i}", side="cult", dex=14) for i in (1, 2, 3, 4)]
    state = encounter(hernandez, *dwarves)
    state, _ = play(state, "set_brave", "d2", [])
    state, _ = gm(state, "start_round", [1, 10, 9, 8, 1])  # the dwarves are all faster
    for cid in ("d1", "d2", "d3", "d4"):
        state, _ = play(state, "pass", cid, [])
    return state


def test_we_dg_04_hernandez_suppresses_three_dwarves() -> None:
    """WE-DG-04: S 40, X 30, roll 11: 10% misses, the brave one at 70% is hit and impaled."""
    state = _hernandez_scene()
    faces = [11, 5, 6, 7]  # d100; the braving dwarf's chest; 1d10 damage twice (impale)
    state, events = play(
        state, "suppress", "hernandez", faces, weapon="smg", x=30, rounds=10, targets="d1,d2,d3"
    )
    payload = events[0].payload
    assert payload["results"] == {"d1": "miss", "d2": "impale", "d3": "miss"}
    assert payload["hits"][0]["rolled"] == 13
    assert c(state, "hernandez")["weapons"]["smg"]["loaded"] == 20
    assert c(state, "hernandez")["round"]["spent"] == 3  # AMB-DG-16: 10 rounds cost 3 actions
    # DG-SUPP-3: the faster survivors are at -30 next round; the brave one and d4 are not.
    assert c(state, "d1")["penalties"] == [{"value": -30, "round": 2, "source": "hernandez"}]
    assert c(state, "d3")["penalties"] == [{"value": -30, "round": 2, "source": "hernandez"}]
    assert c(state, "d2")["penalties"] == []
    assert c(state, "d4")["penalties"] == []
    assert "d1: 11 vs 10: miss" not in events[0].text
    assert "11 vs 70: hit, impale (<= 14)" in events[0].text
    state, _ = gm(state, "end_round", [])
    state, _ = gm(state, "start_round", [1, 10, 10, 1])  # d2 is unconscious: no initiative
    preview = SYSTEM.preview(
        state, Action("fire", "d1", {"weapon": "pistol", "target": "hernandez"})
    )
    assert preview["details"]["chance"] == 20  # Firearms 50 - 30


def test_dg_supp_3_slower_targets_are_penalised_for_the_rest_of_this_round() -> None:
    state = encounter(agent("a", weapons=[dict(SMG)]), agent("b", dex=8))
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "suppress", "a", [90], weapon="smg", x=20, rounds=4, targets="b")
    assert c(state, "b")["penalties"][0]["round"] == 1
    preview = SYSTEM.preview(state, Action("fire", "b", {"weapon": "pistol", "target": "a"}))
    assert preview["details"]["chance"] == 30


def test_dg_supp_4_penalties_stack_to_automatic_failure() -> None:
    """DG-SUPP-4: X 30 and X 25 on Firearms 50 -> -5: automatic failure."""
    state = encounter(
        agent("a", weapons=[dict(SMG)]), agent("b", weapons=[dict(SMG)]), agent("t", dex=4)
    )
    state, _ = gm(state, "start_round", [10, 9, 1])
    state, _ = play(state, "suppress", "a", [90], weapon="smg", x=30, rounds=4, targets="t")
    state, _ = play(state, "suppress", "b", [90], weapon="smg", x=25, rounds=4, targets="t")
    preview = SYSTEM.preview(state, Action("fire", "t", {"weapon": "pistol", "target": "a"}))
    assert preview["details"]["chance"] == -5
    assert [o["label"] for o in preview["outcomes"] if o["probability"]] == ["miss", "malfunction"]
    state, events = play(state, "fire", "t", [1], weapon="pistol", target="a")
    assert events[0].payload["results"] == ["miss"]


def test_dg_supp_1_x_cannot_exceed_the_shooters_skill() -> None:
    state = encounter(agent("a", weapons=[dict(SMG)]), agent("b"))
    state, _ = gm(state, "start_round", [10, 1])
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="between 1 and 50"):
        SYSTEM.resolve(
            state,
            Action("suppress", "a", {"weapon": "smg", "x": 51, "targets": "b"}),
            LoadedDice([5]),
        )
    assert state == before


def test_dg_supp_6_suppressed_shooter_picks_x_from_what_is_left() -> None:
    """DG-SUPP-6 (AMB-DG-19): a shooter at -30 with skill 50 may choose X up to 20."""
    state = encounter(agent("a", dex=4, weapons=[dict(SMG)]), agent("b", weapons=[dict(SMG)]))
    state, _ = gm(state, "start_round", [1, 10])
    state, _ = play(state, "suppress", "b", [90], weapon="smg", x=30, rounds=4, targets="a")
    with pytest.raises(IllegalAction, match="between 1 and 20"):
        SYSTEM.resolve(
            state,
            Action("suppress", "a", {"weapon": "smg", "x": 21, "targets": "b"}),
            LoadedDice([5]),
        )


def test_dg_supp_1_only_automatic_weapons() -> None:
    state = encounter(agent("a"), agent("b"))
    state, _ = gm(state, "start_round", [10, 1])
    with pytest.raises(IllegalAction, match="automatic weapon"):
        SYSTEM.resolve(
            state,
            Action("suppress", "a", {"weapon": "pistol", "x": 5, "targets": "b"}),
            LoadedDice([5]),
        )


def test_dg_supp_7_out_of_line_targets_are_penalised_but_not_hit() -> None:
    state = encounter(agent("a", weapons=[dict(SMG)]), agent("b", dex=4))
    state, _ = gm(state, "start_round", [10, 1])
    state, events = play(
        state, "suppress", "a", [1], weapon="smg", x=10, rounds=4, targets="b", out_of_line="b"
    )
    assert events[0].payload["results"] == {"b": "out of line"}
    assert c(state, "b")["penalties"][0]["value"] == -10


def test_suppression_preview_per_target() -> None:
    state = _hernandez_scene()
    preview = SYSTEM.preview(
        state, Action("suppress", "hernandez", {"weapon": "smg", "x": 30, "targets": "d1,d2"})
    )
    labels = {o["label"]: o["exact"] for o in preview["outcomes"]}
    assert labels == {"D1 hit": "1/10", "D2 hit": "7/10", "malfunction": "3/100"}
