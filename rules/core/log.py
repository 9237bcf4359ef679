"""The event log: entries of one action and its events; state is their fold, reverts included."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.system import Action, Event, GameSystem, Json, State

TABLE_PREFIX = "table."  # table-level events (chat, table rolls, reverts) never reach system.apply
REVERTED = "table.reverted"  # payload {"reverts": <entry index>}
LOG_VERSION = 1


@dataclass(frozen=True)
class Entry:
    """One resolution: its 1-based index (the dice seed is derived from it), the action, its events."""

    index: int
    action: Action | None
    events: tuple[Event, ...]

    def to_json(self) -> Json:
        return {
            "index": self.index,
            "action": self.action.to_json() if self.action else None,
            "events": [event.to_json() for event in self.events],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Entry:
        action = data.get("action")
        return cls(
            index=int(data["index"]),
            action=Action.from_json(action) if action else None,
            events=tuple(Event.from_json(e) for e in data.get("events") or ()),
        )


def reverted_indexes(entries: Iterable[Entry]) -> set[int]:
    """Indexes of entries that a later revert event took back."""
    return {
        int(event.payload["reverts"])
        for entry in entries
        for event in entry.events
        if event.kind == REVERTED
    }


def fold(system: GameSystem, setup: Mapping[str, Any], entries: Sequence[Entry]) -> State:
    """The state after `entries`: start from the setup, apply every event not reverted."""
    skipped = reverted_indexes(entries)
    state = system.start(setup)
    for entry in entries:
        if entry.index in skipped:
            continue
        for event in entry.events:
            if not event.kind.startswith(TABLE_PREFIX):
                state = system.apply(state, event)
    return state


def last_revertible(entries: Sequence[Entry]) -> Entry | None:
    """The newest entry that changed the game and is not yet reverted (what the GM's undo takes back)."""
    skipped = reverted_indexes(entries)
    for entry in reversed(entries):
        if entry.index in skipped:
            continue
        if any(not event.kind.startswith(TABLE_PREFIX) for event in entry.events):
            return entry
    return None
