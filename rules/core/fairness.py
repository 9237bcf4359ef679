"""Fairness: with the revealed seed, re-run every logged resolution and expect the same events."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.dice import Dice, PhysicalDice, SeededDice, commitment, derive_seed
from rules.core.errors import RulesError
from rules.core.log import REVERTED, TABLE_PREFIX, Entry, Log, canonical_json, fold
from rules.core.registry import get_system
from rules.core.system import Event, GameSystem, Json
from rules.core.table import is_table_action, resolve_table_action


@dataclass(frozen=True)
class VerifyReport:
    """The verdict: how many entries were re-run, the first whose events differ, and how."""

    ok: bool
    checked: int
    skipped: int  # entries with nothing to re-run (the GM's undo)
    entry: int | None = None  # index of the first entry that does not verify
    detail: str = ""

    def to_json(self) -> Json:
        return {
            "ok": self.ok,
            "checked": self.checked,
            "skipped": self.skipped,
            "entry": self.entry,
            "detail": self.detail,
        }


def _difference(recorded: Any, rerun: Any, path: str) -> str | None:
    """Where two JSON values first differ, as `path: recorded X, re-run gives Y`, or None."""
    if isinstance(recorded, dict) and isinstance(rerun, dict):
        for key in sorted(set(recorded) | set(rerun), key=str):
            if key not in recorded or key not in rerun:
                side = "recorded" if key in recorded else "re-run"
                return f"{path}.{key}: only the {side} events have it"
            found = _difference(recorded[key], rerun[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(recorded, list) and isinstance(rerun, list):
        for i, (a, b) in enumerate(zip(recorded, rerun, strict=False)):
            found = _difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(recorded) != len(rerun):
            return f"{path}: {len(recorded)} recorded, {len(rerun)} on re-run"
        return None
    if canonical_json(recorded) != canonical_json(rerun):
        return f"{path}: recorded {canonical_json(recorded)}, re-run gives {canonical_json(rerun)}"
    return None


MESSAGE_KEYS = ("msg", "redacted_msg")


def _without_messages_where_unrecorded(recorded: Any, rerun: Any) -> Any:
    """A log written before events carried messages has only their English `text`; the re-run's
    messages are then left out of the comparison (the text still has to match word for word)."""
    if not isinstance(recorded, list) or not isinstance(rerun, list):
        return rerun
    trimmed = []
    for n, event in enumerate(rerun):
        old = recorded[n] if n < len(recorded) else None
        if isinstance(event, dict) and isinstance(old, dict):
            event = {k: v for k, v in event.items() if k not in MESSAGE_KEYS or k in old}
        trimmed.append(event)
    return trimmed


def _as_json(data: Any) -> Any:
    """The data as a JSON round trip gives it back (tuples become lists, int keys strings)."""
    return json.loads(json.dumps(data))


def _rerun(system: GameSystem, state: Any, entry: Entry, seed: str) -> list[Event]:
    assert entry.action is not None
    dice: Dice = SeededDice(derive_seed(seed, entry.index))
    if entry.action.faces:  # rolled at the table: the same faces, marked physical again
        dice = PhysicalDice(entry.action.faces)
    if is_table_action(entry.action):
        return resolve_table_action(entry.action, dice)
    return system.resolve(state, entry.action, dice)


def _needs_rerun(entry: Entry) -> bool:
    return entry.action is not None and not all(e.kind == REVERTED for e in entry.events)


def verify(
    system: GameSystem,
    setup: Mapping[str, Any],
    entries: Sequence[Entry],
    seed: str,
    published: str | None = None,
) -> VerifyReport:
    """Re-run each entry with SeededDice(derive_seed(seed, index)) on its state; compare events."""
    if published is not None and commitment(seed) != published:
        return VerifyReport(False, 0, 0, None, "the seed does not match the published commitment")
    state = system.start(setup)
    prefix: list[Entry] = []
    checked = skipped = 0
    for entry in entries:
        if _needs_rerun(entry):
            checked += 1
            try:
                rerun = _as_json([event.to_json() for event in _rerun(system, state, entry, seed)])
            except RulesError as error:
                return VerifyReport(
                    False, checked, skipped, entry.index, f"re-running it was refused: {error}"
                )
            except (KeyError, TypeError, ValueError, IndexError) as error:
                # A forged action can break a system's assumptions; that is a failed check too.
                return VerifyReport(
                    False, checked, skipped, entry.index, f"re-running it failed: {error!r}"
                )
            recorded = _as_json([event.to_json() for event in entry.events])
            rerun = _without_messages_where_unrecorded(recorded, rerun)
            found = _difference(recorded, rerun, "events")
            if found:
                return VerifyReport(False, checked, skipped, entry.index, found)
        else:
            skipped += 1
        prefix.append(entry)
        if any(event.kind == REVERTED for event in entry.events):
            state = fold(system, setup, prefix)  # a revert changes the past: fold again
        else:
            for event in entry.events:
                if not event.kind.startswith(TABLE_PREFIX):
                    state = system.apply(state, event)
    return VerifyReport(True, checked, skipped)


def verify_log(log: Log, seed: str) -> VerifyReport:
    """Verify a loaded log against the revealed seed (and its commitment, if it has one)."""
    return verify(get_system(log.system), log.setup, log.entries, seed, log.commitment)
