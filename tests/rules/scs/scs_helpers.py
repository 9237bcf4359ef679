"""Helpers for the SCS tests: a game at the default set-up, scripted actions, arranging."""

from __future__ import annotations

import copy
from typing import Any

from rules.core.dice import LoadedDice
from rules.core.system import Action, Audience, Event
from rules.scs import SYSTEM
from rules.scs import state as scs_state
from rules.scs.secrecy import HIDDEN_KIND
from vtt.eventlog.legacy.scs import legacy_apply

BLUE = Audience("player", side="blue", actors=frozenset({"blue"}))
RED = Audience("player", side="red", actors=frozenset({"red"}))


def game(**setup: Any) -> dict[str, Any]:
    """Halden Crossing at the default set-up, in Blue's turn-1 Movement Phase."""
    return SYSTEM.start({"scenario": "halden_crossing", "skip_setup": True, **setup})


def act(
    state: dict[str, Any], kind: str, actor: str, dice: list[int] | None = None, **params: Any
) -> tuple[dict[str, Any], list[Event]]:
    """Resolve and apply one action with scripted dice; every scripted face must be used. The
    events' changes give the state SCS's old apply gave them (the frozen legacy fold)."""
    loaded = LoadedDice(dice or [])
    before = copy.deepcopy(state)
    events = SYSTEM.resolve(state, Action(kind, actor, params), loaded)
    assert state == before, "resolve must not change the state it was given"
    assert loaded.remaining == 0, "a scripted die was not rolled"
    folded = state
    for event in events:
        before, payload = copy.deepcopy(state), copy.deepcopy(dict(event.payload))
        after = SYSTEM.apply(state, event)
        assert state == before, f"apply({event.kind}) must not change the state it was given"
        assert dict(event.payload) == payload, f"apply({event.kind}) changed the event"
        state = after
        if event.kind != HIDDEN_KIND:  # the old apply had no GM-only part to apply apart
            folded = legacy_apply(folded, event.kind, event.payload)
    assert state == folded, "the events' changes differ from the old fold of the events"
    return state, [event for event in events if event.kind != HIDDEN_KIND]


def arrange(state: dict[str, Any], **positions: str | None) -> dict[str, Any]:
    """A copy with units put on hexes (None: removed from the map) for a hypothetical position."""
    state = copy.deepcopy(state)
    for uid, label in positions.items():
        scs_state.place_unit(state, uid, label)
        if label is None:
            state["units"][uid]["status"] = "eliminated"
    return state


def to_phase(state: dict[str, Any], phase: str, player: str | None = None) -> dict[str, Any]:
    """A copy in another phase of the same turn (per-phase bookkeeping reset as at its start)."""
    state = copy.deepcopy(state)
    scn = scs_state.scenario_of(state)
    scs_state.begin_phase(scn, state, state["turn"] or 1, player or state["player"], phase)
    return state


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
