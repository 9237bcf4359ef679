"""Fog of war in the events' changes (SCS-FOW-1, PD-06, issue 31): an event both sides read
carries no change that names a unit one side cannot see on the board before or after it, nor a
unit's movement points or where its move began; the rest goes to a GM-only event no side reads."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from scs_helpers import BLUE, RED, act, arrange, game, to_phase
from test_scs_playthrough import choose

from rules.core.changes import diff
from rules.core.dice import LoadedDice, SeededDice
from rules.core.system import EVERYONE, Action, Event
from rules.scs import SYSTEM, fold
from rules.scs.secrecy import HIDDEN_KIND, OWN_FIELDS
from rules.scs.state import scenario_of

PRIVATE_PARTS = {"history", "phase_start", "frozen", "due", "delayed"}


def seen_by_both(state: dict[str, Any]) -> set[str]:
    """The units both sides' views show (top units, the units in a combat, the eliminated)."""
    both = None
    for audience in (BLUE, RED):
        view = SYSTEM.view(state, audience)
        ids = {u["id"] for stack in view["stacks"] for u in stack["units"]}
        ids |= {u["id"] for u in view["eliminated"]}
        both = ids if both is None else both & ids
    assert both is not None
    return both


def named(value: Any, units: set[str]) -> Iterator[str]:
    """The unit ids anywhere in a change's path or value."""
    if isinstance(value, str) and value in units:
        yield value
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield from named(key, units)
            yield from named(inner, units)
    elif isinstance(value, list):
        for inner in value:
            yield from named(inner, units)


def check(event: Event, before: dict[str, Any], after: dict[str, Any]) -> None:
    changes = event.payload.get("changes") or []
    if event.kind == HIDDEN_KIND:
        assert (event.audience, event.redacted_text, event.redacted_msg) == ("gm", None, None)
        return
    if event.audience != EVERYONE:
        return
    units = set(scenario_of(before).units)
    visible = seen_by_both(before) | seen_by_both(after)
    for change in changes:
        path = change[1]
        assert path[0] not in PRIVATE_PARTS, f"{event.kind} tells everyone {change}"
        if path[0] == "units":
            assert path[2] not in OWN_FIELDS, f"{event.kind} tells everyone {change}"
        hidden = set(named(change, units)) - visible
        assert not hidden, f"{event.kind} tells everyone of {sorted(hidden)}: {change}"


@pytest.mark.parametrize("seed", [3, 4, 7])
def test_no_change_everyone_reads_tells_a_hidden_unit_scs_fow_1(seed: int) -> None:
    """Whole random games: every event everyone reads carries only what both sides see; each
    event's changes are those rules.core.changes.diff finds between the states (their order
    aside: they touch distinct paths)."""
    rng = random.Random(seed)
    state = SYSTEM.start({"scenario": "halden_crossing"})
    told: set[str] = set()
    for step in range(3000):
        if state["phase"] == "over":
            break
        action = choose(rng, state)
        assert action is not None
        for event in SYSTEM.resolve(state, action, SeededDice(seed * 10_000 + step)):
            after = SYSTEM.apply(state, event)
            check(event, state, after)
            if event.kind != HIDDEN_KIND:  # the changes found fast are those diff finds
                worked, parts = fold.worked_out(
                    scenario_of(state), state, event.kind, event.payload
                )
                fast = fold.changes_between(state, worked, parts)
                assert sorted(map(repr, fast)) == sorted(map(repr, diff(state, worked)))
            told.add(event.kind)
            state = after
    assert state["phase"] == "over"
    assert {HIDDEN_KIND, "phase.started", "losses.taken", "retreat.moved"} <= told


def test_the_stack_an_eliminated_attacker_leaves_is_the_gms_to_read_scs_fow_1() -> None:
    """Three Blue units in 04.05; the bottom one attacks alone and is eliminated (AE): the stack
    left behind names the unit under its top, so everyone reads only that the attacker is gone,
    and the GM-only event right after it carries the stack; the state is the same."""
    state = game(settings={"crt.rows": {roll: ["AE"] * 10 for roll in range(2, 13)}})
    state = to_phase(arrange(state, B1="04.05", B2="04.05", B4="04.05"), "combat")
    stack = state["stacks"]["04.05"]
    assert len(stack) == 3
    state, _ = act(state, "attack.declare", "blue", target="05.05", units=stack[-1])
    events = SYSTEM.resolve(state, Action("attack.resolve", "blue", {}), LoadedDice([6, 6]))
    losses = next(n for n, e in enumerate(events) if e.kind == "losses.taken")
    told, hidden = events[losses], events[losses + 1]
    assert told.payload["losses"] == [stack[-1]]
    assert ["set", ["units", stack[-1], "status"], "eliminated"] in told.payload["changes"]
    assert not [c for c in told.payload["changes"] if c[1][0] == "stacks"]
    assert (hidden.kind, hidden.audience) == (HIDDEN_KIND, "gm")
    assert ["set", ["stacks", "04.05"], stack[:2]] in hidden.payload["changes"]
    after = state
    for event in events:
        after = SYSTEM.apply(after, event)
    assert after["stacks"]["04.05"] == stack[:2]
    red = SYSTEM.view(after, RED)
    (left,) = [s for s in red["stacks"] if s["hex"] == "04.05"]
    assert (left["count"], [u["id"] for u in left["units"]]) == (2, stack[:1])
