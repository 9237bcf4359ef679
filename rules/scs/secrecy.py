"""Which changes of an event everyone hears everyone may read (SCS-FOW-1, PD-06).

An event addressed to one side (a move, a set-up, a supply check) is read by that side alone, so
it carries all its changes. An event everyone reads (a loss, a retreat, a new phase) carries only
the changes to what both sides see on the board: the phase, the combat, control, and the hex,
steps and status of units the log names or the combat reveals. The rest (a stack's units under
its top, movement points, the phasing side's starting hexes, the replay's record) goes to a
GM-only event told right after it, which no side reads (rules/scs/fold.py `Scratch`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.changes import Change
from rules.core.system import EVERYONE, Event
from rules.scs.board import State

HIDDEN_KIND = "hidden.changed"  # the GM-only event that carries what the sides may not read

# Parts of the state every view shows whole (rules/scs/view.py).
OPEN_PARTS = frozenset(
    {
        "turn",
        "player",
        "phase",
        "setup_done",
        "combat",
        "attacked_hexes",
        "control",
        "steps_lost",
        "exited",
        "winner",
        "vp",
    }
)

# A unit's fields that only its own side's view shows (SCS-FOW-1): how far it moved and from where.
OWN_FIELDS = frozenset({"mp", "finished", "minimum", "origin", "origin_mp"})

# Payload fields naming units the event's line names to everyone.
NAMED = ("units", "losses", "attackers", "defenders", "support", "extra_losses", "eliminated")


def split(
    before: State, after: State, event: Event, changes: list[Change]
) -> tuple[list[Change], list[Change]]:
    """The changes the event's audience may read, and those left for the GM-only event.

    `changes` touch distinct paths (rules.core.changes.diff), so the two lists may be applied one
    after the other and give the same state."""
    if event.audience != EVERYONE or all(change[1][0] in OPEN_PARTS for change in changes):
        return changes, []
    named = _named(before, after, event.payload)
    shown: list[Change] = []
    hidden: list[Change] = []
    for change in changes:
        (shown if readable(change, named) else hidden).append(change)
    return shown, hidden


def _named(before: State, after: State, payload: Mapping[str, Any]) -> set[str]:
    """Units everyone sees now: in the combat (SCS-FOW-1's exception) or named by the event."""
    found: set[str] = set()
    for state in (before, after):
        combat = state.get("combat")
        if combat:
            found.update(combat["attackers"])
            found.update(combat["defenders"])
    for key in NAMED:
        value = payload.get(key)
        if isinstance(value, list):
            found.update(str(uid) for uid in value)
    return found


def readable(change: Sequence[Any], named: set[str]) -> bool:
    """Whether a change tells nothing beyond what both sides' views show."""
    op, path = change[0], change[1]
    value = change[2] if len(change) > 2 else None
    part = path[0]
    if part in OPEN_PARTS:
        return True
    if part == "last_move":  # the last move is forgotten: nothing of it is told
        return op == "set" and len(path) == 1 and value is None
    if part == "moving" and len(path) == 1:
        ids = value if op == "set" and isinstance(value, list) else [value]
        return set(ids) <= named
    if part == "units":
        return len(path) >= 3 and path[1] in named and path[2] not in OWN_FIELDS
    if part == "stacks" and len(path) == 2:
        if op == "del":
            return True  # the hex is empty now, as the board shows
        if op == "add":
            return value in named
        return isinstance(value, list) and set(value[1:]) <= named  # a stack's top is seen
    return False
