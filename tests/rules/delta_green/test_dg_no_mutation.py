"""resolve and apply never change the state they are given (structural sharing, DG-ACT-*)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from dg_helpers import M60, SMG, agent, c, encounter, gm, play
from test_dg_system import _policy

from rules.core.changes import diff
from rules.core.dice import SeededDice, derive_seed
from rules.core.system import Action, Event
from rules.delta_green import BENCH, SYSTEM
from rules.delta_green.effects import fork, mine, own, settle
from rules.delta_green.state import current_actor, is_dead, round_over


def _prepared(case: dict[str, Any]) -> dict[str, Any]:
    state: dict[str, Any] = SYSTEM.start(case["setup"])
    for n, action in enumerate(case["prelude"]):
        for event in SYSTEM.resolve(state, action, SeededDice(n)):
            state = SYSTEM.apply(state, event)
    return state


@pytest.mark.parametrize("case", BENCH, ids=lambda case: str(case["name"]))
def test_bench_resolve_and_apply_leave_the_state_alone(case: dict[str, Any]) -> None:
    """Every bench attack, under many seeds: the input state is unchanged, nested parts too."""
    state = _prepared(case)
    snapshot = copy.deepcopy(state)
    for seed in range(60):
        after = state
        for event in SYSTEM.resolve(state, case["action"], SeededDice(seed)):
            after = SYSTEM.apply(after, event)
        assert state == snapshot
        assert after != state
    # structural sharing: untouched combatants are the same objects, changed ones are new
    assert after["combatants"]["cultist4"] is state["combatants"]["cultist4"]
    assert after["combatants"]["hernandez"] is not state["combatants"]["hernandez"]


def _play_out(seed: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The demo played through the engine; every state met along the way with its deep copy."""
    state: dict[str, Any] = SYSTEM.start(SYSTEM.demo())
    history: list[tuple[dict[str, Any], dict[str, Any]]] = []

    def act(action: Action) -> None:
        nonlocal state
        history.append((state, copy.deepcopy(state)))
        dice = SeededDice(derive_seed(seed, len(history)))
        for event in SYSTEM.resolve(state, action, dice):
            state = SYSTEM.apply(state, event)

    def down(side: str) -> bool:
        return all(
            is_dead(o) or o["hp"] <= 2 for o in state["combatants"].values() if o["side"] == side
        )

    for _ in range(12):
        if down("cult") or down("agents"):
            break
        act(Action("start_round", "gm"))
        while not round_over(state) and not (down("cult") or down("agents")):
            actor = current_actor(state)
            act(Action("next_pass", "gm") if actor is None else _policy(state, actor))
        act(Action("end_round", "gm"))
    return history


@pytest.mark.parametrize("seed", ["m1", "m2", "m3"])
def test_a_whole_firefight_never_changes_an_earlier_state(seed: str) -> None:
    """The demo played out: every state along the way still equals its snapshot at the end."""
    history = _play_out(seed)
    assert len(history) > 10
    for old, snapshot in history:
        assert old == snapshot


def _rich() -> dict[str, Any]:
    """A mid-fight state with something in every container an op may change."""
    state = encounter(
        agent("a", dex=14, weapons=[dict(SMG)], vest={"level": 1}),
        agent("b", dex=4, hp=60, weapons=[dict(M60)]),
    )
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "burst", "a", [20, 2, 5, 3, 8, 4], weapon="smg", mode="3", target="b")
    forked = fork(state)
    b = own(forked, "b")
    b["aim"] = {"state": "aiming", "round": 1, "target": "a"}
    b["belt"] = {"weapon": "m60", "stage": 1}
    b["bleeding"] = {"chest": {"kind": "roll", "since": 1}}
    b["untreated"] = ["left_arm"]
    b["gains"] = {"str": 1}
    b["taught"] = {"a": {"dex": 1}}
    b["penalties"] = [{"value": -10, "round": 1, "source": "a"}]
    mine(forked, "b", "round", "shots")["m60"] = 1
    return dict(forked)


OPS: list[list[dict[str, Any]]] = [
    [{"op": "spend", "id": "b", "cards": 1}],
    [{"op": "set", "id": "b", "key": "prone", "value": True}],
    [{"op": "set_round", "id": "b", "key": "ran", "value": True}],
    [{"op": "add_round", "id": "b", "key": "shots", "sub": "m60", "value": 2}],
    [{"op": "add_round", "id": "b", "key": "attacks", "value": 1}],
    [{"op": "weapon", "id": "b", "weapon": "m60", "key": "jammed", "value": True}],
    [{"op": "ammo", "id": "b", "weapon": "m60", "delta": -5}],
    [{"op": "sheet", "id": "b", "path": ["skills", "firearms"], "value": 55}],
    [{"op": "sheet", "id": "b", "path": ["hp"], "value": 20}],
    [{"op": "damage", "id": "b", "location": "chest", "amount": 30, "by": "a"}],
    [{"op": "damage", "id": "b", "location": "left_leg", "amount": 30, "sever": True}],
    [{"op": "damage", "id": "b", "location": "head", "amount": 30, "sever": True}],
    [{"op": "damage", "id": "b", "location": "right_arm", "amount": 9}],
    [{"op": "damage", "id": "b", "location": None, "amount": 3}],
    [{"op": "heal", "id": "b", "amount": 20, "locations": ["chest", "left_arm"]}],
    [{"op": "bleed_stop", "id": "b", "location": "chest"}],
    [{"op": "penalty", "id": "b", "value": -20, "round": 1, "source": "a"}],
    [{"op": "treated", "id": "b", "location": "left_arm"}],
    [{"op": "list_add", "id": "b", "key": "first_aided", "value": "chest"}],
    [{"op": "list_add", "id": "b", "key": "vest_seen_by", "value": "a"}],
    [{"op": "maim_loss", "id": "b", "location": "left_arm", "amount": 3}],
    [{"op": "recompute_locations", "id": "b"}],
    [{"op": "gain", "id": "b", "char": "str", "value": 1}],
    [{"op": "taught", "id": "b", "student": "a", "char": "dex", "value": 1}],
    [{"op": "turn", "id": "a"}, {"op": "delay", "id": "b"}],
    [{"op": "next_pass"}],
    [{"op": "round_end"}],
    [{"op": "state_set", "key": "week", "value": 3}],
    [
        {"op": "round_end"},
        {
            "op": "round_start",
            "round": 2,
            "entries": {"a": {"cards": 2}, "b": {"cards": 1}},
            "order": ["a", "b"],
            "ties": {},
        },
    ],
]


@pytest.mark.parametrize("ops", OPS, ids=lambda ops: "+".join(op["op"] for op in ops))
def test_every_op_leaves_its_input_alone(ops: list[dict[str, Any]]) -> None:
    """Each effect settled into changes (twice in one event, so ownership is reused), and the
    changes applied: the input is unchanged, and so is a later state the same event settles on."""
    state = _rich()
    snapshot = copy.deepcopy(state)
    event = Event("test", {"ops": copy.deepcopy(ops + ops)}, "")
    (settled,) = settle(state, [event])
    assert state == snapshot
    assert event.payload["ops"] == ops + ops  # the event is not changed either
    assert "ops" not in settled.payload
    after = SYSTEM.apply(state, settled)
    assert state == snapshot
    assert settled.payload.get("changes", []) == diff(state, after)  # the shortest, in order
    middle = copy.deepcopy(after)
    (again,) = settle(after, [event])  # settling onto the result leaves the result alone too
    SYSTEM.apply(after, again)
    assert after == middle
    assert state == snapshot


def test_round_start_resolves_aim_and_belt_on_a_copy() -> None:
    """DG-AIM-1, DG-ACT-6: the new round changes aim and belt of the new state only."""
    state = _rich()
    state, _ = gm(state, "end_round", [])
    snapshot = copy.deepcopy(state)
    after, _ = gm(state, "start_round", [5, 5])
    assert state == snapshot
    assert c(state, "b")["aim"] == {"state": "aiming", "round": 1, "target": "a"}
    assert c(after, "b")["aim"] == {"state": "ready", "round": 1, "target": "a"}
    assert c(state, "b")["belt"]["stage"] == 1
    assert c(after, "b")["belt"]["stage"] == 2
