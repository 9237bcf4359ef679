"""resolve and apply never change the state they are given (structural sharing, DG-ACT-*)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from dg_helpers import M60, SMG, agent, c, encounter, gm, play
from test_dg_system import _policy

from rules.core.changes import apply_changes, diff, set_
from rules.core.dice import SeededDice, derive_seed
from rules.core.messages import text
from rules.core.system import Action
from rules.delta_green import BENCH, SYSTEM
from rules.delta_green.state import current_actor, is_dead, round_over
from rules.delta_green.working import Working


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
    """A mid-fight state with something in every container an effect may change."""
    state = encounter(
        agent("a", dex=14, weapons=[dict(SMG)], vest={"level": 1}),
        agent("b", dex=4, hp=60, weapons=[dict(M60)]),
    )
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "burst", "a", [20, 2, 5, 3, 8, 4], weapon="smg", mode="3", target="b")
    b: list[str | int] = ["combatants", "b"]
    rich: dict[str, Any] = apply_changes(
        state,
        [
            set_([*b, "aim"], {"state": "aiming", "round": 1, "target": "a"}),
            set_([*b, "belt"], {"weapon": "m60", "stage": 1}),
            set_([*b, "bleeding"], {"chest": {"kind": "roll", "since": 1}}),
            set_([*b, "untreated"], ["left_arm"]),
            set_([*b, "gains"], {"str": 1}),
            set_([*b, "taught"], {"a": {"dex": 1}}),
            set_([*b, "penalties"], [{"value": -10, "round": 1, "source": "a"}]),
            set_([*b, "round", "shots", "m60"], 1),
        ],
    )
    return rich


Effect = Callable[[Working], None]


def _turn_and_delay(w: Working) -> None:
    w.turn("a")
    w.delay("b")


def _new_round(w: Working) -> None:
    w.round_end()
    w.round_start(2, ["a", "b"], {}, {"a": {"cards": 2}, "b": {"cards": 1}})


EFFECTS: list[tuple[str, Effect]] = [
    ("spend", lambda w: w.spend("b", 1)),
    ("set", lambda w: w.set("b", "prone", True)),
    ("set_round", lambda w: w.set_round("b", "ran", True)),
    ("add_round per weapon", lambda w: w.add_round("b", "shots", 2, sub="m60")),
    ("add_round", lambda w: w.add_round("b", "attacks", 1)),
    ("weapon", lambda w: w.weapon("b", "m60", "jammed", True)),
    ("ammo", lambda w: w.ammo("b", "m60", -5)),
    ("sheet", lambda w: w.sheet("b", ["skills", "firearms"], 55)),
    ("sheet hp", lambda w: w.sheet("b", ["hp"], 20)),
    ("damage chest", lambda w: w.damage("b", 30, "chest", by="a")),
    ("damage severs a leg", lambda w: w.damage("b", 30, "left_leg", sever=True)),
    ("damage severs the head", lambda w: w.damage("b", 30, "head", sever=True)),
    ("damage an arm", lambda w: w.damage("b", 9, "right_arm")),
    ("damage total", lambda w: w.damage("b", 3)),
    ("heal", lambda w: w.heal("b", 20, ["chest", "left_arm"])),
    ("bleed_stop", lambda w: w.bleed_stop("b", "chest")),
    ("penalty", lambda w: w.penalty("b", -20, 1, "a")),
    ("treated", lambda w: w.treated("b", "left_arm")),
    ("list_add", lambda w: w.list_add("b", "first_aided", "chest")),
    ("list_add new", lambda w: w.list_add("b", "vest_seen_by", "a")),
    ("maim_loss", lambda w: w.maim_loss("b", 3, "left_arm")),
    ("recompute_locations", lambda w: w.recompute_locations("b")),
    ("gain", lambda w: w.gain("b", "str", 1)),
    ("taught", lambda w: w.taught("b", "a", "dex", 1)),
    ("turn and delay", lambda w: _turn_and_delay(w)),
    ("next_pass", lambda w: w.next_pass()),
    ("round_end", lambda w: w.round_end()),
    ("state_set", lambda w: w.state_set("week", 3)),
    ("round_end and round_start", lambda w: _new_round(w)),
]


@pytest.mark.parametrize("effect", [e for _, e in EFFECTS], ids=[name for name, _ in EFFECTS])
def test_every_effect_leaves_its_input_alone(effect: Effect) -> None:
    """Each effect staged twice in one event, and the event's changes applied: the input is
    unchanged, the event carries the shortest changes (`diff`), and applying them gives the
    working state; so too for the same effects on the result."""
    state = _rich()
    snapshot = copy.deepcopy(state)
    w = Working(state, SeededDice(1))
    effect(w)
    effect(w)
    event = w.emit("test.done", text("done"))
    assert state == snapshot
    after = SYSTEM.apply(state, event)
    assert after == w.state
    assert state == snapshot
    assert event.payload.get("changes", []) == diff(state, after)  # the shortest, in order
    middle = copy.deepcopy(after)
    again = Working(after, SeededDice(2))
    effect(again)
    SYSTEM.apply(after, again.emit("test.done", text("done")))
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
