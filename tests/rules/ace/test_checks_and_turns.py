"""Checks, extended actions, the action economy and initiative."""

from __future__ import annotations

import pytest
from ace_helpers import c, kinds, play, table, turn_of

from rules.ace import SYSTEM
from rules.ace.rolls import skill_check, substitute_check, successes
from rules.ace.settings import AceSettings
from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction

S = AceSettings()


@pytest.mark.parametrize(
    ("faces", "hits"), [([8, 3, 10, 1, 9], 3), ([7, 7, 7], 0), ([], 0), ([10], 1)]
)
def test_a_pool_counts_eights_nines_and_tens(faces: list[int], hits: int) -> None:
    # ACE-DICE-2
    assert successes(faces) == hits


def test_the_d20_substitute_divides_by_ten_and_rounds_down() -> None:
    # ACE-EX-23 / ACE-CHECK-3: d20 13 + DEX 7 = 20 -> 2 successes.
    assert substitute_check(7, False, LoadedDice([13]), S).successes == 2
    assert substitute_check(7, False, LoadedDice([12]), S).successes == 1


def test_a_specialty_adds_one_automatic_success() -> None:
    # ACE-EX-24 / ACE-CHECK-2: skill 3, dice [9, 2, 5], specialty -> 2.
    assert skill_check(3, True, LoadedDice([9, 2, 5])).successes == 2


def test_a_check_meets_its_dc_or_fails() -> None:
    # ACE-CHECK-4: successes >= DC, DC 1 unless stated.
    state = table()
    _, events = play(state, "check", "lin", [8, 1, 2], skill="athletics")
    assert events[0].payload["check"]["passed"]
    _, events = play(state, "check", "lin", [8, 1, 2], skill="athletics", dc=2)
    assert not events[0].payload["check"]["passed"]
    # ACE-CHECK-3: the substitute asks the GM first; allowed, d20 13 + DEX 7 = 20 -> 2.
    asked, events = play(state, "check", "lin", [], skill="attr:dex", dc=2)
    assert events[0].kind == "check.asked"
    assert asked["pending"]["kind"] == "approval"
    assert "check" not in kinds(asked, "su")
    _, events = play(asked, "respond", "gm", [13], answer="approve")
    assert events[0].payload["check"]["successes"] == 2
    refused, events = play(asked, "respond", "gm", [], answer="refuse")
    assert events[0].kind == "check.refused"
    assert events[0].text == "The GM refuses Lin Yue's 1d20 + DEX roll."
    assert refused["pending"] is None
    with pytest.raises(IllegalAction, match="Only the defender"):
        play(asked, "respond", "lin", [], answer="approve")
    # A table that approves every substitute in advance rolls it at once.
    state["settings"]["ace.substitute_approval"] = False
    _, events = play(state, "check", "lin", [13], skill="attr:dex", dc=2)
    assert events[0].payload["check"]["successes"] == 2


def test_an_approved_substitute_in_a_fight_spends_its_action_then() -> None:
    # ACE-CHECK-3 / ACE-ACT-1: nothing is spent until the GM allows it; a refusal costs nothing.
    state = turn_of(table(), "lin")
    state, _ = play(state, "check", "lin", [], skill="attr:str", cost="move")
    assert not c(state, "lin")["used"]["move"]
    assert "respond" in kinds(state, "gm")
    assert SYSTEM.deadline(state) is None  # type: ignore[misc]
    with pytest.raises(IllegalAction, match="Nobody is being asked"):
        play(state, "expire", "gm")
    done, _ = play(state, "respond", "gm", [15], answer="approve")
    assert c(done, "lin")["used"]["move"]


def test_a_null_attribute_cannot_be_used_or_harmed() -> None:
    # ACE-ATTR-10: a spirit without STR.
    state = table()
    c(state, "su")["current"]["str"] = None
    with pytest.raises(IllegalAction, match="no STR"):
        play(state, "check", "su", [10], skill="attr:str")
    with pytest.raises(IllegalAction, match="unaffected"):
        play(state, "set_attribute", "gm", target="su", attribute="str", value=1)


def test_in_a_fight_a_check_costs_an_action_and_each_action_is_spent_once() -> None:
    # ACE-ACT-1 / ACE-CHECK-5: one move action per round for a repeated climb.
    state = turn_of(table(), "lin")
    state, _ = play(state, "check", "lin", [8, 8, 8], skill="athletics", cost="move")
    with pytest.raises(IllegalAction, match="already used the move action"):
        play(state, "check", "lin", [8, 8, 8], skill="athletics", cost="move")
    state, _ = play(state, "check", "lin", [8, 8, 8], skill="athletics", cost="standard")
    with pytest.raises(IllegalAction, match=r"not (Lin Yue|Su Qing)'s turn"):
        play(state, "check", "su", [8, 8], skill="athletics")


def test_a_passive_check_is_free_and_unlimited() -> None:
    # ACE-ACT-2
    state = turn_of(table(), "hound")
    for _ in range(3):
        state, _ = play(state, "check", "lin", [1, 1], skill="survival", cost="passive")


def test_initiative_rolls_d20_plus_dex_with_ambushers_on_top() -> None:
    # ACE-INIT-1, ACE-STEALTH-3, ACE-AMB-33: Su Qing is unnoticed, so she opens unrolled.
    state = table(hidden=True)
    state, events = play(state, "begin", "gm", [5, 4])  # Lin 5 + 7 = 12, hound 4 + 10 = 14
    assert state["order"] == ["su", "hound", "lin"]
    assert state["current"] == "su"
    assert c(state, "su")["ambusher"]
    assert c(state, "lin")["initiative"] == 12
    assert "ambush.opened" in [e.kind for e in events]


def test_initiative_ties_go_to_dex_then_a_reroll() -> None:
    # ACE-AMB-09: Lin 7 + 7 = 14 against the hound 4 + 10 = 14: the higher DEX goes first.
    state, _ = play(table(), "begin", "gm", [7, 7, 4])
    assert state["order"][:2] == ["su", "hound"] or state["order"][0] == "hound"


def test_turns_pass_in_order_and_a_new_round_refreshes_the_allowance() -> None:
    # ACE-ACT-1 / ACE-AMB-03
    state, _ = play(table(), "begin", "gm", [20, 1, 1])
    assert state["current"] == "lin"
    state, _ = play(state, "check", "lin", [1, 1, 1], skill="athletics")
    for _ in range(3):
        state, _ = play(state, "end_turn", "gm")
    assert state["round"] == 2
    assert state["current"] == "lin"
    assert not c(state, "lin")["used"]["standard"]


def test_extended_action_fails_by_mishap_when_ones_reach_the_dc_first() -> None:
    # ACE-EX-25 / ACE-EXT-4: DC 3, roll 1 [8, 1, 1], roll 2 [1, 4, 2].
    state = table({"ace.mishap": True})
    state, _ = play(state, "task_open", "gm", target="lin", skill="athletics", name="Cook", dc=3)
    state, _ = play(state, "task_roll", "lin", [8, 1, 1], task=0)
    assert state["tasks"][0]["acc"] == 1
    assert state["tasks"][0]["ones"] == 2
    state, _events = play(state, "task_roll", "lin", [1, 4, 2], task=0)
    assert state["tasks"][0]["status"] == "mishap"
    # ACE-EX-10: it starts again from zero.
    state, _ = play(state, "task_roll", "lin", [8, 9, 10], task=0)
    assert state["tasks"][0]["status"] == "done"
    assert state["tasks"][0]["cycles"] == 1


def test_without_the_mishap_rule_ones_do_not_count() -> None:
    state, _ = play(table(), "task_open", "gm", target="lin", skill="athletics", name="X", dc=3)
    state, _ = play(state, "task_roll", "lin", [1, 1, 1], task=0)
    assert state["tasks"][0]["ones"] == 0
    assert state["tasks"][0]["status"] == "open"


def test_an_extended_action_with_a_deadline_fails_when_time_runs_out() -> None:
    # ACE-EX-39 / ACE-EXT-3
    state, _ = play(
        table(),
        "task_open",
        "gm",
        target="lin",
        skill="insight",
        name="Blood ward",
        dc=2,
        deadline=2,
    )
    state, _ = play(state, "task_roll", "lin", [9], task=0)
    state, _ = play(state, "task_roll", "lin", [3], task=0)
    assert state["tasks"][0]["status"] == "failed"
    with pytest.raises(IllegalAction, match="already finished"):
        play(state, "task_roll", "lin", [9], task=0)


def test_a_pause_may_cost_successes_and_the_novel_needs_its_dc() -> None:
    # ACE-EX-08 / ACE-EX-09 / ACE-EXT-2
    state, _ = play(table(), "task_open", "gm", target="lin", skill="athletics", name="Novel", dc=5)
    state, _ = play(state, "task_roll", "lin", [8, 9, 1], task=0)
    state, _ = play(state, "task_adjust", "gm", task=0, lose=1)
    assert state["tasks"][0]["acc"] == 1
    assert "task_roll" in kinds(state, "lin")


def test_secret_checks_reach_only_the_gm_until_revealed() -> None:
    # ACE-ACT-3 / ACE-EX-12
    state, events = play(table(), "secret_check", "gm", [9], target="lin", skill="insight")
    assert events[0].audience == "gm"
    assert events[0].redacted_text is None
    state, events = play(state, "reveal", "gm", secret=0)
    assert events[0].audience == "all"
    assert state["secrets"][0]["revealed"]
    with pytest.raises(IllegalAction, match="no unrevealed secret"):
        play(state, "reveal", "gm", secret=0)  # once


def test_revealing_with_no_secret_roll_says_so() -> None:
    with pytest.raises(IllegalAction, match="There is no unrevealed secret roll"):
        play(table(), "reveal", "gm", secret=0)


def test_the_gm_may_settle_a_check_without_rolling() -> None:
    # ACE-CHECK-1
    _, events = play(table(), "settle", "gm", target="lin", skill="athletics", successes=2)
    assert events[0].payload["successes"] == 2


@pytest.mark.parametrize(
    ("params", "error"),
    [
        ({"skill": "juggling"}, "not one of the choices"),
        ({"skill": "athletics", "dc": -1}, "between 0 and 50"),
        ({"skill": "athletics", "dc": "two"}, "whole number"),
    ],
)
def test_bad_check_input_is_refused(params: dict[str, object], error: str) -> None:
    with pytest.raises(IllegalAction, match=error):
        play(table(), "check", "lin", [], **params)


def test_a_checks_line_says_the_specialtys_automatic_success_is_in_its_pool() -> None:
    # Issue 34 (ACE-CHECK-2): Su Qing's hide (3, specialty) rolls [9, 2, 5]: 1 + 1 automatic.
    state = table()
    _, events = play(state, "check", "su", [9, 2, 5], skill="hide", dc=2)
    check = events[0].payload["check"]
    assert (check["successes"], check["automatic"], check["passed"]) == (2, 1, True)
    assert "specialty's automatic success" in events[0].text
    # Without a specialty the line says nothing of it.
    _, events = play(state, "check", "su", [9, 2], skill="athletics")
    assert events[0].payload["check"]["automatic"] == 0
    assert "automatic" not in events[0].text
