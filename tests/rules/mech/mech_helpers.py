"""Small builders for mech tests: sheets, encounters and scripted plays."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from rules.core.dice import LoadedDice
from rules.core.system import Action, Event
from rules.mech import SYSTEM
from rules.mech.data import MARA, SPARRING

State = dict[str, Any]


def sheet(base: dict[str, Any] | None = None, **changes: Any) -> dict[str, Any]:
    """A sheet from Mara's (§13.1) or another base, with pilot fields and top-level changes."""
    result = copy.deepcopy(base if base is not None else MARA)
    pilot = changes.pop("pilot", None)
    if pilot:
        result["pilot"].update(pilot)
    result.update(changes)
    return result


def sparring(**changes: Any) -> dict[str, Any]:
    """The §13.6 sparring opponent."""
    return sheet(SPARRING, **changes)


def mech(
    uid: str, side: str, x: int, y: int, base: dict[str, Any] | None = None, **extra: Any
) -> dict[str, Any]:
    """A combatant entry."""
    entry = {"id": uid, "name": extra.pop("name", uid.capitalize()), "side": side, "x": x, "y": y}
    entry["sheet"] = base if base is not None else sheet()
    entry.update(extra)
    return entry


def encounter(
    *combatants: dict[str, Any],
    terrain: Iterable[dict[str, Any]] = (),
    width: int = 20,
    height: int = 14,
    **settings: Any,
) -> State:
    """A started encounter on an open (or given) map."""
    setup = {
        "title": "test",
        "map": {"width": width, "height": height, "terrain": list(terrain)},
        "settings": settings,
        "combatants": list(combatants),
    }
    state: State = SYSTEM.start(setup)
    return state


def play(
    state: State, actor: str, kind: str, faces: Iterable[int] = (), **params: Any
) -> tuple[State, list[Event]]:
    """Resolve one action with scripted faces (all must be used) and fold its events."""
    dice = LoadedDice(faces)
    events = SYSTEM.resolve(state, Action(kind, actor, params), dice)
    assert dice.remaining == 0, f"{dice.remaining} scripted faces unused"
    for event in events:
        state = SYSTEM.apply(state, event)
    return state, events


def turn(state: State, actor: str) -> State:
    """Start `actor`'s turn."""
    state, _ = play(state, actor, "begin_turn")
    return state


def patch(state: State, uid: str, **fields: Any) -> State:
    """A copy of the state with some fields of one unit set directly (test setup only)."""
    new = copy.deepcopy(state)
    new["units"][uid].update(fields)
    return new


def texts(events: list[Event]) -> str:
    """Every log line, joined."""
    return "\n".join(e.text for e in events)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def u(state: State, uid: str) -> dict[str, Any]:
    unit: dict[str, Any] = state["units"][uid]
    return unit
