"""Kolm Heights, the second shipped scenario (issue 36), made in the scenario editor's format:
it loads on the standard charts, and games of random legal orders with scripted dice play it
from the set-up to the victory check, its reinforcements arriving on their turns."""

from __future__ import annotations

import random

import pytest

from rules.core.dice import SeededDice
from rules.scs import SYSTEM
from rules.scs import state as scs_state
from rules.scs.actions import turn
from rules.scs.draft import standard_charts
from rules.scs.scenario import builtin_scenarios, load_scenario
from tests.rules.scs.test_scs_playthrough import check_invariants, choose


def test_kolm_heights_is_shipped_on_the_standard_charts() -> None:
    assert ("kolm_heights", "Kolm Heights") in builtin_scenarios()
    scn = load_scenario("kolm_heights")
    assert {key: scn.raw[key] for key in standard_charts()} == standard_charts()
    assert (scn.grid.columns, scn.grid.rows, scn.game_turns) == (10, 9, 5)
    assert scn.first_player == "red"
    assert scn.setup_order == ("blue", "red")  # SCS-SETUP-5
    assert {scn.arrivals["R5"].turn, scn.arrivals["B4"].turn} == {2, 3}  # SCS-REI-1


@pytest.mark.parametrize("seed", [4, 5])
def test_random_legal_games_of_kolm_heights_reach_the_victory_check(seed: int) -> None:
    rng = random.Random(seed)
    state = SYSTEM.start({"scenario": "kolm_heights"})
    arrived = set()
    for step in range(3000):
        if state["phase"] == "over":
            break
        action = choose(rng, state)
        assert action is not None
        for event in SYSTEM.resolve(state, action, SeededDice(seed * 10_000 + step)):
            state = SYSTEM.apply(state, event)
        check_invariants(state)
        arrived |= {u for u in ("R5", "B4") if state["units"][u]["status"] != "pending"}
    assert state["phase"] == "over", "the game did not reach the victory check"
    assert state["turn"] == 5
    assert state["winner"] in ("blue", "red", "draw")
    assert state["vp"] == turn.victory_points(scs_state.scenario_of(state), state)
    assert arrived == {"R5", "B4"}
