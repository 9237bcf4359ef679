"""The event log: entries of one action and its events; state is their fold, reverts included."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.errors import LogError
from rules.core.system import Action, Event, GameSystem, Json, State

TABLE_PREFIX = "table."  # table-level events (chat, table rolls, reverts) never reach system.apply
REVERTED = "table.reverted"  # payload {"reverts": <entry index>}
LOG_VERSION = 2  # 2: events may carry `msg` (their line as a message id and parameters)


@dataclass(frozen=True)
class Entry:
    """One resolution: its 1-based index (its dice seed derives from it), action and events."""

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
    """The newest game-changing entry not yet reverted (what the GM's undo takes back)."""
    skipped = reverted_indexes(entries)
    for entry in reversed(entries):
        if entry.index in skipped:
            continue
        if any(not event.kind.startswith(TABLE_PREFIX) for event in entry.events):
            return entry
    return None


def canonical_json(data: Any) -> str:
    """JSON with sorted keys and no spaces, so equal data compares equal as text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def replay_matches(
    system: GameSystem,
    setup: Mapping[str, Any],
    entries: Sequence[Entry],
    snapshot: Mapping[str, Any],
) -> bool:
    """Whether folding the log reproduces the stored snapshot (compared as dumped JSON)."""
    replayed = system.dump(fold(system, setup, entries))
    return canonical_json(replayed) == canonical_json(dict(snapshot))


@dataclass(frozen=True)
class Log:
    """An encounter's log file: system key, setup, entries, optionally the snapshot."""

    system: str
    setup: Json
    entries: tuple[Entry, ...]
    snapshot: Json | None = None  # the stored state, if exported with it; replay must reproduce it
    commitment: str | None = None  # SHA-256 of the seed, published when the encounter started
    seed: str | None = None  # the seed, once revealed (the table server's export adds it)

    def to_json(self) -> Json:
        data: Json = {
            "log_version": LOG_VERSION,
            "system": self.system,
            "setup": dict(self.setup),
            "entries": [entry.to_json() for entry in self.entries],
        }
        if self.snapshot is not None:
            data["snapshot"] = dict(self.snapshot)
        if self.commitment is not None:
            data["commitment"] = self.commitment
        if self.seed is not None:
            data["seed"] = self.seed
        return data


def _upgrade_0_to_1(data: Mapping[str, Any]) -> Json:
    """Version 0 (no `log_version`): flat event rows naming their `entry`, dice as triples."""
    rows = data.get("events")
    if not isinstance(rows, list):
        raise LogError("a version 0 log needs an 'events' list")
    grouped: dict[int, Json] = {}
    for n, row in enumerate(rows, start=1):
        if not isinstance(row, Mapping) or "entry" not in row or "kind" not in row:
            raise LogError(f"event row {n} needs 'entry' and 'kind'")
        entry = grouped.setdefault(int(row["entry"]), {"action": None, "events": []})
        if row.get("action"):
            entry["action"] = row["action"]
        entry["events"].append(
            {
                "kind": row["kind"],
                "payload": row.get("payload") or {},
                "text": row.get("text", ""),
                "dice": [
                    {"purpose": purpose, "sides": sides, "value": value}
                    for purpose, sides, value in row.get("rolls") or ()
                ],
                "audience": row.get("audience", "all"),
                "redacted_text": row.get("redacted_text"),
            }
        )
    upgraded = {k: v for k, v in data.items() if k != "events"}
    upgraded["entries"] = [{"index": index, **grouped[index]} for index in sorted(grouped)]
    upgraded["log_version"] = 1
    return upgraded


# log_version -> the step that lifts a log of that version to the next one.
def _upgrade_1_to_2(data: Mapping[str, Any]) -> Json:
    """Version 1: events have only their English `text`, which they keep (shown as it is)."""
    return {**data, "log_version": 2}


UPGRADES: dict[int, Callable[[Mapping[str, Any]], Json]] = {0: _upgrade_0_to_1, 1: _upgrade_1_to_2}


def upgrade_log(data: Mapping[str, Any]) -> Json:
    """Lift a log of any known older version to LOG_VERSION, one step at a time."""
    version = data.get("log_version", 0)
    if not isinstance(version, int) or isinstance(version, bool):
        raise LogError(f"log_version must be a whole number, not {version!r}")
    if version > LOG_VERSION:
        raise LogError(f"log_version {version} is newer than this engine reads ({LOG_VERSION})")
    current = dict(data)
    while version < LOG_VERSION:
        if version not in UPGRADES:
            raise LogError(f"log_version {version} is not a version this engine can upgrade")
        current = UPGRADES[version](current)
        version = current["log_version"]
    return current


def load_log(data: Any) -> Log:
    """Read a log file's JSON of any known version; raises LogError saying what is wrong."""
    if not isinstance(data, Mapping):
        raise LogError("a log must be a JSON object")
    current = upgrade_log(data)
    system = current.get("system")
    if not isinstance(system, str) or not system:
        raise LogError("the log names no 'system'")
    setup = current.get("setup", {})
    if not isinstance(setup, Mapping):
        raise LogError("the log's 'setup' must be an object")
    raw_entries = current.get("entries")
    if not isinstance(raw_entries, list):
        raise LogError("the log needs an 'entries' list")
    entries: list[Entry] = []
    for n, raw in enumerate(raw_entries, start=1):
        try:
            entry = Entry.from_json(raw)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise LogError(f"entry {n} is malformed: {error!r}") from None
        if entries and entry.index <= entries[-1].index:
            previous = entries[-1].index
            raise LogError(f"entry indexes must increase: {entry.index} follows {previous}")
        if entry.index < 1:
            raise LogError(f"entry indexes start at 1, not {entry.index}")
        for event in entry.events:
            if event.kind == REVERTED and int(event.payload.get("reverts", 0)) >= entry.index:
                raise LogError(f"entry {entry.index} reverts an entry that is not earlier")
        entries.append(entry)
    snapshot = current.get("snapshot")
    if snapshot is not None and not isinstance(snapshot, Mapping):
        raise LogError("the log's 'snapshot' must be an object")
    commitment = current.get("commitment")
    seed = current.get("seed")
    return Log(
        system=system,
        setup=dict(setup),
        entries=tuple(entries),
        snapshot=dict(snapshot) if snapshot is not None else None,
        commitment=str(commitment) if commitment is not None else None,
        seed=str(seed) if seed is not None else None,
    )
