"""Issue 38: checks by skill name at a Delta Green table with scripted dice: criticals and
fumbles on 01, 00 and matching digits, marks on failed skills, growth, values in one line."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from tests.rules.delta_green.dg_helpers import agent, c, encounter, gm, play


def _scene() -> dict:
    return encounter(agent("ann"), agent("bo"))


def test_doubles_under_the_skill_are_a_critical_and_over_it_a_fumble() -> None:
    """DG-CHECK-1/-2: First Aid by its Chinese name; 11 <= 50 critical, 66 > 50 fumble."""
    state = _scene()
    chance = c(state, "ann")["sheet"]["skills"]["first_aid"]
    state, events = play(state, "check", "ann", [11, 66, 1, 100], skill="急救", times=4)
    levels = [e.payload["level"] for e in events]
    assert chance == 50
    assert levels == ["critical", "fumble", "critical", "fumble"]


def test_a_failed_skill_is_marked_once_and_grows_between_sessions() -> None:
    """DG-GROW-1: failures mark; growth adds 1d4 and clears the mark."""
    state = _scene()
    before = c(state, "ann")["sheet"]["skills"]["dodge"]
    state, _ = play(state, "check", "ann", [95, 97], skill="dodge", times=2)
    assert c(state, "ann")["marks"] == ["dodge"]
    state, events = play(state, "growth", "ann", [3])
    assert events[0].payload["gain"] == 3
    assert c(state, "ann")["sheet"]["skills"]["dodge"] == before + 3
    assert c(state, "ann")["marks"] == []
    with pytest.raises(IllegalAction):
        play(state, "growth", "ann", [])


def test_a_characteristic_at_five_times_and_a_hidden_check() -> None:
    """DG-CHECK-3: DEX 12 -> 60; a characteristic is never marked."""
    state, events = play(_scene(), "check", "ann", [61], skill="敏捷", hidden=True)
    assert (events[0].payload["chance"], events[0].payload["level"]) == (60, "failure")
    assert events[0].audience == "actor:ann"
    assert "marks" not in c(state, "ann")


def test_values_in_one_line_and_refusals() -> None:
    """DG-CHECK-5: all or none; another agent's sheet is refused; the GM acts as the agent."""
    state, _ = play(_scene(), "set_values", "ann", [], values=[["力量", 14], ["急救", 55]])
    assert c(state, "ann")["sheet"]["str"] == 14
    assert c(state, "ann")["sheet"]["skills"]["first_aid"] == 55
    with pytest.raises(IllegalAction):
        play(state, "set_values", "ann", [], values=[["急救", 60], ["力量", 120]])
    with pytest.raises(IllegalAction):
        play(state, "check", "ann", [], skill="dodge", who="Bo")
    with pytest.raises(IllegalAction):
        gm(state, "check", [], skill="dodge")


def test_growth_and_values_are_written_back() -> None:
    """DG-GROW-1, DG-CHECK-5: the campaign's sheet keeps what grew and what was set."""
    from rules.delta_green import SYSTEM

    state, _ = play(_scene(), "set_values", "ann", [], values=[["敏捷", 14]])
    state, _ = play(state, "check", "ann", [99], skill="dodge")
    state, _ = play(state, "growth", "ann", [2])
    sheet = SYSTEM.write_back(state, "ann", agent("ann")["sheet"])
    assert sheet["dex"] == 14
    assert sheet["skills"]["dodge"] == c(state, "ann")["sheet"]["skills"]["dodge"]


def test_opposed_the_better_level_then_the_higher_roll() -> None:
    """DG-CHECK-4: dodge 30 each; 25 beats 20 (both successes); a critical 22 beats 29."""
    state = _scene()
    _, events = play(state, "opposed_check", "ann", [25, 20], skill="dodge", against="Bo")
    assert events[0].payload["winner"] == "ann"
    _, events = play(state, "opposed_check", "ann", [29, 22], skill="dodge", against="bo")
    assert events[0].payload["winner"] == "bo"
    _, events = play(state, "opposed_check", "ann", [90, 95], skill="dodge", against="bo")
    assert events[0].payload["winner"] == ""
    with pytest.raises(IllegalAction):
        play(state, "opposed_check", "ann", [], skill="dodge", against="ann")


def test_a_san_roll_takes_the_loss_from_the_sheet_and_the_write_back_keeps_it() -> None:
    """DG-SAN-1 (DG-MIND-1: SAN starts at POW x 5 = 60): 61 fails, 1d6 rolls 4."""
    from rules.delta_green import SYSTEM

    state, events = play(_scene(), "sanity_check", "ann", [61, 4], on_success="1", on_failure="1d6")
    assert (events[0].payload["loss"], events[0].payload["san"]) == (4, 56)
    state, _ = play(state, "sanity_check", "ann", [10], on_success="0", on_failure="1d6")
    assert SYSTEM.write_back(state, "ann", agent("ann")["sheet"])["san"] == 56
    with pytest.raises(IllegalAction):
        play(state, "sanity_check", "ann", [], on_success="1", on_failure="lots")


def test_the_forms_an_agent_is_offered() -> None:
    """DG-CHECK-1, DG-SAN-1, DG-CHECK-4, DG-GROW-1: buttons for those who never type."""
    from rules.delta_green import SYSTEM

    state = _scene()
    kinds = {form.kind for form in SYSTEM.legal_actions(state, "ann")}
    assert {"check", "sanity_check", "opposed_check"} <= kinds
    assert "growth" not in kinds
    state, _ = play(state, "check", "ann", [99], skill="dodge")
    assert "growth" in {form.kind for form in SYSTEM.legal_actions(state, "ann")}


def test_the_gm_asks_a_group_check_and_each_agent_answers_on_their_page() -> None:
    """DG-CHECK-6: the GM ticks Ann and Bo for Alertness (by its Chinese name); each is offered
    the check, titled as asked and the asked skill first, until they roll it."""
    from rules.delta_green import SYSTEM

    state = encounter(agent("ann", skills={"alertness": 40}), agent("bo", skills={"alertness": 30}))
    asked = {t.kind: t for t in SYSTEM.legal_actions(state, "gm")}["ask_check"]
    assert [f.name for f in asked.fields] == ["t_ann", "t_bo", "skill"]
    state, events = gm(state, "ask_check", [], t_ann="on", t_bo="on", skill="警觉")
    assert (events[0].kind, events[0].payload["who"]) == ("check.asked", ["ann", "bo"])
    assert events[0].text.startswith("The GM asks Ann, Bo for a group check: ")
    form = {t.kind: t for t in SYSTEM.legal_actions(state, "ann")}["check"]
    assert form.fields[0].default == "警觉"
    state, events = play(state, "check", "ann", [20], skill=form.fields[0].default)
    assert events[0].payload["skill"] == "alertness"
    assert "ann" not in state["asked"]
    assert "bo" in state["asked"]
    with pytest.raises(IllegalAction):
        gm(state, "ask_check", [], skill="alertness")  # nobody ticked
    with pytest.raises(IllegalAction):
        play(state, "ask_check", "ann", [], t_bo="on", skill="alertness")  # the GM's alone
