"""Rounds, cards, initiative, passes, ties, delay, movement (DG-ACT-*, DG-INIT-*, DG-MOVE-*)."""

from __future__ import annotations

import copy

import pytest
from dg_helpers import agent, c, encounter, gm, play

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.delta_green import SYSTEM
from rules.delta_green.state import cards_left, current_actor, is_unconscious


def test_dg_init_1_d6_without_a_ready_firearm_and_d10_with_one() -> None:
    """DG-INIT-1: DEX 12, no gun, d6=4 -> 16; DEX 12, pistol in hand, d10=9 -> 21."""
    pistol_holstered = {
        "key": "pistol",
        "name": "Pistol",
        "damage": "1d10",
        "rof": 3,
        "capacity": 15,
    }
    state = encounter(agent("a", weapons=[pistol_holstered]), agent("b"))
    state, events = gm(state, "start_round", [4, 9])
    assert c(state, "a")["round"]["rank"] == 16
    assert c(state, "a")["round"]["sides"] == 6
    assert c(state, "b")["round"]["rank"] == 21
    assert c(state, "b")["round"]["sides"] == 10
    assert [r.purpose for r in events[0].dice] == ["A initiative d6", "B initiative d10"]
    assert "initiative d10 = 9 + DEX 12 = 21" in events[0].text


def test_dg_act_2_cards_dealt_face_up_and_flipped_per_action() -> None:
    """DG-ACT-1/-2: DEX 10 gets 3 cards; each action turns one face down."""
    state = encounter(agent("a", dex=10), agent("b", dex=14))
    state, _ = gm(state, "start_round", [1, 1])
    assert c(state, "a")["round"]["cards"] == 3
    assert c(state, "b")["round"]["cards"] == 4
    state, _ = play(state, "pass", "b", [])
    assert cards_left(c(state, "b")) == 3


def test_dg_init_2_passes_in_rank_order_one_action_per_turn() -> None:
    """DG-INIT-2: b (rank 24) then a (rank 13), then pass 2 in the same order."""
    state = encounter(agent("a", dex=10), agent("b", dex=14))
    state, _events = gm(state, "start_round", [3, 10])
    assert state["order"] == ["b", "a"]
    assert current_actor(state) == "b"
    with pytest.raises(IllegalAction, match="not A's turn"):
        SYSTEM.resolve(state, Action("pass", "a"), LoadedDice([]))
    state, _ = play(state, "pass", "b", [])
    assert current_actor(state) == "a"
    state, _ = play(state, "pass", "a", [])
    assert state["pass"] == 2
    assert current_actor(state) == "b"


def test_dg_init_2_round_ends_when_no_cards_are_left() -> None:
    state = encounter(agent("a", dex=4), agent("b", dex=4))  # 1 card each
    state, _ = gm(state, "start_round", [5, 1])
    state, _ = play(state, "pass", "a", [])
    state, _ = play(state, "pass", "b", [])
    assert current_actor(state) is None
    state, events = gm(state, "end_round", [])
    assert state["phase"] == "between"
    assert events[0].kind == "round.ended"


def test_dg_init_3_higher_dex_first_on_equal_rank() -> None:
    """DG-INIT-3 (AMB-DG-08): equal ranks, higher DEX acts first."""
    state = encounter(agent("a", dex=10), agent("b", dex=12))
    state, _ = gm(state, "start_round", [8, 6])  # both rank 18
    assert state["order"] == ["b", "a"]
    assert state["ties"] == {}


def test_dg_init_3_equal_rank_and_dex_act_simultaneously() -> None:
    """DG-INIT-3 (AMB-DG-08): equal rank and DEX act simultaneously: a combatant downed by a
    tied action still takes its tied action."""
    state = encounter(agent("a"), agent("b"))
    state, _ = gm(state, "start_round", [5, 5])
    assert state["ties"]["a"] == state["ties"]["b"]
    # a shoots b in the head: d100 20 hits, d10 10 head, 1d10 = 10 -> head at 2x, unconscious.
    state, _ = play(state, "fire", "a", [20, 10, 10], weapon="pistol", target="b")
    assert is_unconscious(c(state, "b"))
    assert current_actor(state) == "b"
    state, _ = play(state, "fire", "b", [80], weapon="pistol", target="a")
    # After its tied action the downed b takes no more turns.
    assert current_actor(state) == "a"


def test_dg_init_4_aimed_shot_ranks_at_half_dex() -> None:
    """DG-INIT-4 / DG-CALLED-1: DEX 15, d10 = 6: normal 21, half-DEX action 8 + 6 = 14."""
    state = encounter(agent("a", dex=15), agent("b", dex=15))
    state, _ = play(state, "declare_aimed_shot", "a", [], location="head")
    state, _ = gm(state, "start_round", [6, 6])
    assert c(state, "a")["round"]["rank"] == 14
    assert c(state, "b")["round"]["rank"] == 21


def test_dg_act_3_handgun_rof_3_three_shots_then_no_more() -> None:
    """DG-ACT-3 / WE-DG-02: ROF 3 -> 3 shots cost 3 actions; a 4th is illegal."""
    state = encounter(agent("a", dex=14), agent("b", dex=4, hp=40))
    state, _ = gm(state, "start_round", [10, 1])
    for _ in range(3):
        state, _ = play(state, "fire", "a", [97], weapon="pistol", target="b")
        if current_actor(state) == "b":
            state, _ = play(state, "pass", "b", []) if cards_left(c(state, "b")) else (state, [])
    assert c(state, "a")["round"]["shots"]["pistol"] == 3
    assert cards_left(c(state, "a")) == 1
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="ROF 3"):
        SYSTEM.resolve(
            state, Action("fire", "a", {"weapon": "pistol", "target": "b"}), LoadedDice([5])
        )
    assert state == before


def test_dg_act_4_more_actions_than_remain_is_refused_and_changes_nothing() -> None:
    """DG-ACT-4: a 10-round burst costs 3; with 2 cards left it is illegal."""
    state = encounter(agent("a", dex=8, weapons=[{**__import__("dg_helpers").SMG}]), agent("b"))
    state, _ = gm(state, "start_round", [10, 1])
    assert cards_left(c(state, "a")) == 2
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="costs 3 action"):
        SYSTEM.resolve(
            state,
            Action("burst", "a", {"weapon": "smg", "mode": "10", "target": "b"}),
            LoadedDice([5]),
        )
    assert state == before


def test_dg_act_4_all_actions_only_as_first_action() -> None:
    """DG-ACT-4: a long burst takes every card and must come first."""
    from dg_helpers import SMG

    state = encounter(agent("a", dex=14, weapons=[dict(SMG)]), agent("b", dex=4))
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "pass", "a", [])
    state, _ = play(state, "pass", "b", [])
    with pytest.raises(IllegalAction, match="first action"):
        SYSTEM.resolve(
            state,
            Action("burst", "a", {"weapon": "smg", "mode": "20", "target": "b"}),
            LoadedDice([5]),
        )


def test_dg_init_2_delay_acts_later_in_the_same_pass() -> None:
    state = encounter(agent("a", dex=14), agent("b", dex=10))
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "delay", "a", [])
    assert current_actor(state) == "b"
    state, _ = play(state, "pass", "b", [])
    assert current_actor(state) == "a"
    assert state["pass"] == 1
    with pytest.raises(IllegalAction, match="already delayed"):
        SYSTEM.resolve(state, Action("delay", "a"), LoadedDice([]))


def test_gm_next_pass_moves_on() -> None:
    state = encounter(agent("a"), agent("b"))
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = gm(state, "next_pass", [])
    assert state["pass"] == 2
    assert current_actor(state) == "a"


def test_dg_move_1_walk_four_metres_split_between_turns() -> None:
    """DG-MOVE-1: 4 m a round besides actions, split between turns: 3 m, then 1 m, then no more."""
    state = encounter(agent("a"), agent("b"))
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "walk", "a", [], metres=3)
    state, _ = play(state, "walk", "a", [], metres=1)
    with pytest.raises(IllegalAction, match="0 m more"):
        SYSTEM.resolve(state, Action("walk", "a", {"metres": 1}), LoadedDice([]))


def test_dg_move_2_running_costs_an_action_and_ten_percent_after() -> None:
    """DG-MOVE-2: skill 50, ran this round -> 40 for later rolls."""
    state = encounter(agent("a", dex=14), agent("b", dex=4, hp=40))
    state, _ = gm(state, "start_round", [10, 1])
    state, events = play(state, "run", "a", [], metres=8)
    assert cards_left(c(state, "a")) == 3
    state, _ = play(state, "pass", "b", [])
    state, events = play(state, "fire", "a", [41], weapon="pistol", target="b")
    assert "running -10 = 40: miss" in events[0].text
    with pytest.raises(IllegalAction, match="once a round"):
        SYSTEM.resolve(state, Action("run", "a", {"metres": 0}), LoadedDice([]))


def test_start_round_twice_is_refused() -> None:
    state = encounter(agent("a"))
    state, _ = gm(state, "start_round", [1])
    with pytest.raises(IllegalAction, match="end the current round"):
        SYSTEM.resolve(state, Action("start_round", "gm"), LoadedDice([1]))


def test_gm_actions_need_the_gm_actor() -> None:
    state = encounter(agent("a"))
    with pytest.raises(IllegalAction, match="GM action"):
        SYSTEM.resolve(state, Action("start_round", "a"), LoadedDice([1]))


def test_dg_act_6_draw_costs_an_action_and_readies_the_d10() -> None:
    """DG-ACT-6 / DG-INIT-1: after drawing, next round's initiative die is a d10."""
    holstered = {"key": "pistol", "name": "Pistol", "damage": "1d10", "rof": 3, "capacity": 15}
    state = encounter(agent("a", weapons=[holstered]), agent("b", dex=4))
    state, _ = gm(state, "start_round", [6, 1])
    with pytest.raises(IllegalAction, match="not in hand"):
        SYSTEM.resolve(
            state, Action("fire", "a", {"weapon": "pistol", "target": "b"}), LoadedDice([5])
        )
    state, _ = play(state, "draw", "a", [], weapon="pistol")
    assert c(state, "a")["in_hand"] == "pistol"
    state, _ = gm(state, "end_round", [])
    state, _events = gm(state, "start_round", [7, 1])
    assert c(state, "a")["round"]["sides"] == 10


def test_dg_edge_3_quick_draw_before_initiative() -> None:
    """DG-EDGE-3: d100 <= DEX x2 draws free, so the draw counts for the d10."""
    holstered = {"key": "pistol", "name": "Pistol", "damage": "1d10", "rof": 3, "capacity": 15}
    state = encounter(agent("a", weapons=[holstered], edges=["quick_draw"]), agent("b"))
    state, events = play(state, "quick_draw", "a", [24], weapon="pistol")
    assert "vs DEX x2 24: 9mm" not in events[0].text
    assert c(state, "a")["in_hand"] == "pistol"
    state, _ = gm(state, "start_round", [3, 3])
    assert c(state, "a")["round"]["sides"] == 10


def test_dg_edge_3_quick_draw_failure_draws_nothing_before_the_round() -> None:
    holstered = {"key": "pistol", "name": "Pistol", "damage": "1d10", "rof": 3, "capacity": 15}
    state = encounter(agent("a", weapons=[holstered], edges=["quick_draw"]))
    state, _ = play(state, "quick_draw", "a", [25], weapon="pistol")
    assert c(state, "a")["in_hand"] is None
