"""Shared helpers for the Ace Evolution tests: the demo table, scripted play."""

from __future__ import annotations

import copy
from typing import Any

from rules.ace import SYSTEM
from rules.ace.demo import demo
from rules.core.dice import LoadedDice
from rules.core.system import Action, Event, Json


def table(settings: dict[str, Any] | None = None, **changes: Any) -> Json:
    """The demo table, Su Qing visible unless asked, with optional settings."""
    setup = demo()
    setup["settings"] = dict(settings or {})
    for entry in setup["combatants"]:
        entry["hidden"] = changes.get("hidden", False) and entry["id"] == "su"
    return SYSTEM.start(setup)


def turn_of(state: Json, ident: str, round_no: int = 1) -> Json:
    """The state in round `round_no` with `ident` to act and its allowance fresh."""
    state = copy.deepcopy(state)
    state["round"] = round_no
    state["order"] = list(state["combatants"])
    state["current"] = ident
    state["combatants"][ident]["used"] = {"standard": False, "move": False, "quick": False}
    return state


def play(
    state: Json, kind: str, actor: str, faces: list[int] = (), **params: Any
) -> tuple[Json, list[Event]]:  # type: ignore[assignment]
    """Resolve one action with scripted faces (all must be used) and apply its events."""
    dice = LoadedDice(faces)
    events = SYSTEM.resolve(state, Action(kind, actor, params), dice)
    assert dice.remaining == 0, f"{dice.remaining} scripted faces left unused"
    for event in events:
        state = SYSTEM.apply(state, event)
    return state, events


def c(state: Json, ident: str) -> Json:
    """A combatant of the state."""
    return state["combatants"][ident]  # type: ignore[no-any-return]


def damage(events: list[Event]) -> Json:
    """The damage details of the last damage event."""
    found = [e for e in events if "damage" in e.payload]
    assert found, [e.text for e in events]
    return found[-1].payload["damage"]  # type: ignore[no-any-return]


def kinds(state: Json, actor: str) -> list[str]:
    """The kinds offered to an actor now."""
    return [t.kind for t in SYSTEM.legal_actions(state, actor)]
