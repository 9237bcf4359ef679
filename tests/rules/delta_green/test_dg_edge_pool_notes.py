"""Edges bought from the skill-point pool (DG-EDGE-0) and the GM's resource notes (DG-RES-1)."""

from __future__ import annotations

import copy

import pytest
from dg_helpers import agent, c, encounter, gm, play

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.delta_green import SYSTEM


def test_dg_edge_0_creation_price_and_pool_on_the_sheet() -> None:
    """DG-EDGE-0/-TABLE: Double Tap 20 + Hand-to-Hand 5 = 25 points spent; the pool is kept."""
    state = encounter(agent("a", edges=["double_tap", "hand_to_hand"], skill_points=30))
    assert c(state, "a")["sheet"]["edge_points"] == 25
    assert c(state, "a")["sheet"]["skill_points"] == 30


def test_dg_edge_0_gm_grant_paid_from_the_pool() -> None:
    """DG-EDGE-0: Improved Hand-to-Hand (10) needs Hand-to-Hand; paid, the pool drops 30 -> 20."""
    state = encounter(agent("a", edges=["hand_to_hand"], skill_points=30))
    state, events = gm(state, "grant_edge", [], target="a", edge="improved_hand_to_hand", pay="on")
    sheet = c(state, "a")["sheet"]
    assert sheet["edges"] == ["hand_to_hand", "improved_hand_to_hand"]
    assert sheet["skill_points"] == 20
    assert sheet["edge_points"] == 15
    assert "for 10 skill points (20 left)" in events[0].text


def test_dg_edge_0_grant_refusals_change_nothing() -> None:
    """DG-EDGE-0: prerequisite first, no edge twice, not more than the pool holds."""
    state = encounter(agent("a", edges=["quick_draw"], skill_points=15))
    before = copy.deepcopy(state)
    cases = [
        ({"edge": "improved_double_tap", "pay": "on"}, "needs double_tap first"),
        ({"edge": "quick_draw", "pay": "on"}, "already has quick_draw"),
        ({"edge": "eagle_eye", "pay": "on"}, "costs 20 skill points; A has 15"),
        ({"edge": "flying", "pay": "on"}, "unknown edge"),
    ]
    for params, message in cases:
        with pytest.raises(IllegalAction, match=message):
            SYSTEM.resolve(
                state, Action("grant_edge", "gm", {"target": "a", **params}), LoadedDice([])
            )
    assert state == before


def test_dg_edge_0_free_grant_leaves_the_pool_alone() -> None:
    """DG-EDGE-0: the GM may grant an edge without charging (a pool is not even needed)."""
    state = encounter(agent("a"))
    state, events = gm(state, "grant_edge", [], target="a", edge="eagle_eye")
    assert c(state, "a")["sheet"]["edges"] == ["eagle_eye"]
    assert c(state, "a")["sheet"]["skill_points"] is None
    assert "granted free" in events[0].text


def test_dg_edge_0_agents_buy_edges_only_when_the_campaign_says_any_time() -> None:
    """DG-EDGE-0 (`dg.edge_purchase`, AMB-DG-33): by default only the GM grants; "any_time" lets
    agents buy."""
    default = encounter(agent("a", skill_points=40))
    with pytest.raises(IllegalAction, match="only the GM grants"):
        SYSTEM.resolve(default, Action("buy_edge", "a", {"edge": "eagle_eye"}), LoadedDice([]))
    assert "buy_edge" not in [t.kind for t in SYSTEM.legal_actions(default, "a")]
    open_shop = encounter(agent("a", skill_points=40), edge_purchase="any_time")
    assert "buy_edge" in [t.kind for t in SYSTEM.legal_actions(open_shop, "a")]
    after, _ = play(open_shop, "buy_edge", "a", [], edge="eagle_eye")
    assert c(after, "a")["sheet"]["skill_points"] == 20
    in_round, _ = gm(open_shop, "start_round", [3])
    with pytest.raises(IllegalAction, match="between rounds"):
        SYSTEM.resolve(in_round, Action("buy_edge", "a", {"edge": "eagle_eye"}), LoadedDice([]))


def test_dg_res_1_resources_are_free_text_notes() -> None:
    """DG-RES-1: a safe house or an old account is a note in the log and the state, no dice."""
    state = encounter(agent("a"))
    state, events = gm(state, "gm_note", [], text="Safe house on Dock Street, key under the mat")
    assert state["notes"] == ["Safe house on Dock Street, key under the mat"]
    assert events[0].kind == "note.added"
    assert events[0].dice == ()
    state, _ = gm(state, "gm_note", [], target="a", text="Has the Zurich account number")
    assert c(state, "a")["notes"] == ["Has the Zurich account number"]
    with pytest.raises(IllegalAction, match="DG-RES-1"):
        SYSTEM.resolve(state, Action("gm_note", "gm", {"text": "  "}), LoadedDice([]))


def test_dg_res_1_a_private_note_is_the_gms_alone() -> None:
    """DG-RES-1 (issue 16): a note marked private is kept apart, its event is addressed to the
    GM, everyone else reads only that the GM wrote one, and no player's view holds its text."""
    from rules.core.system import Audience

    state = encounter(agent("a"), agent("b"))
    state, events = gm(state, "gm_note", [], text="The handler is compromised", private="on")
    state, more = gm(state, "gm_note", [], target="a", text="Agent A is the mole", private="on")
    for event in (*events, *more):
        assert event.audience == "gm"
        assert event.redacted_text == "The GM writes a private note."
    assert state["private_notes"] == ["The handler is compromised"]
    assert c(state, "a")["private_notes"] == ["Agent A is the mole"]
    assert state["notes"] == []
    gm_view = SYSTEM.view(state, Audience("gm"))
    assert gm_view["private_notes"] == ["The handler is compromised"]
    for actors in ({"a"}, {"b"}, set()):
        seen = SYSTEM.view(state, Audience("player", actors=frozenset(actors)))
        assert "compromised" not in repr(seen)
        assert "mole" not in repr(seen)
