"""Whole games of Halden Crossing by random legal orders, set-up to victory, invariants kept."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.core.dice import SeededDice
from rules.core.system import GM, Action
from rules.scs import SYSTEM, board
from rules.scs import state as scs_state
from rules.scs.actions import turn


def check_invariants(state: dict[str, Any]) -> None:
    scn = scs_state.scenario_of(state)
    seen = set()
    for label, ids in state["stacks"].items():
        assert ids, f"empty stack left in {label}"
        assert len({scn.units[u].side for u in ids}) == 1, f"two sides share {label}"
        for uid in ids:
            assert state["units"][uid]["hex"] == label
            assert state["units"][uid]["status"] == "map"
            seen.add(uid)
    for uid, unit in state["units"].items():
        if unit["status"] == "map":
            assert uid in seen
            if not unit["minimum"]:
                assert (
                    board.mp_spent(state, uid) <= board.ma_eff(scn, state, uid) + scn.overrun_mp * 3
                )


def choose(rng: random.Random, state: dict[str, Any]) -> Action | None:
    """A random legal order for whoever must act now (combat choices first)."""
    scn = scs_state.scenario_of(state)
    view = SYSTEM.view(state, GM)
    combat = view["combat"]
    if combat:
        side = combat["waiting_for"] or combat["attacker_side"]
        stage = combat["stage"]
        if combat["result"] is None:
            return Action("attack.resolve", side, {})
        if stage.endswith("_losses"):
            return Action("combat.losses", side, {"units": engine_spread(state, combat)})
        if stage.endswith("_retreat"):
            choice = rng.choice(combat["retreat_choices"])
            params: dict[str, Any] = {"units": choice["units"]}
            if combat["option_k"] is None and choice["extra_losses"]:
                params["losses"] = choice["losses_default"]
            if choice["paths"]:
                params["path"] = rng.choice(choice["paths"])["path"]
            return Action("combat.retreat", side, params)
        if stage == "advance":
            units = combat["advance_units"][: rng.randint(0, 2)]
            return Action("combat.advance", side, {"units": units})
    player = state["player"]
    over = [h for h in board.overstacked(scn, state)]
    if over:
        owner = scn.units[state["stacks"][over[0]][0]].side
        return Action("stack.eliminate", owner, {"units": state["stacks"][over[0]][-1]})
    own = view["own"][player]
    if state["due"]:
        uid = state["due"][0]
        entry = rng.choice(own["entry_hexes"][uid])
        return Action("reinforcement.place", player, {"unit": uid, "hex": entry})
    roll = rng.random()
    if own["moves"] and roll < 0.9:
        origin = rng.choice(sorted(own["moves"]))
        move = own["moves"][origin]
        if move["overrun"] and rng.random() < 0.3:
            return Action(
                "overrun.declare", player, {"units": move["units"], "target": move["overrun"][0]}
            )
        if move["reach"] and rng.random() < 0.8:
            return Action(
                "unit.move",
                player,
                {"units": move["units"], "to": rng.choice(sorted(move["reach"]))},
            )
    if own["attacks"] and roll < 0.95:
        target = rng.choice(sorted(own["attacks"]))
        return Action(
            "attack.declare", player, {"target": target, "units": own["attacks"][target]["units"]}
        )
    return Action("phase.end", player, {})


def engine_spread(state: dict[str, Any], combat: dict[str, Any]) -> str:
    return str(combat["loss_default"])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_legal_games_run_from_set_up_to_the_victory_check(seed: int) -> None:
    rng = random.Random(seed)
    state = SYSTEM.start({"scenario": "halden_crossing"})
    for step in range(3000):
        if state["phase"] == "over":
            break
        action = choose(rng, state)
        assert action is not None
        events = SYSTEM.resolve(state, action, SeededDice(seed * 10_000 + step))
        for event in events:
            state = SYSTEM.apply(state, event)
        check_invariants(state)
    assert state["phase"] == "over", "the game did not reach the victory check"
    assert state["winner"] in ("blue", "red", "draw")
    assert state["vp"] == turn.victory_points(scs_state.scenario_of(state), state)
