"""Rewrite stored events' old payloads ("ops", "patch", ...) as "changes" (rules/core/changes.py).

Each encounter's events are folded in order as replays fold them (vtt/encounters/replays.py): an
entry holding a revert folds everything again without the entries taken back; table events are not
folded. A non-table event whose payload is old is applied by its system's frozen `legacy_apply`
(vtt/eventlog/legacy/<system key>.py) and its payload rewritten: the old keys removed, "changes"
set to the diff of the state before and after it, every other field kept. A system without such a
module needs no upgrade. The state's shape does not change, so replays, undo and kept states agree.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Protocol

from rules.core.changes import apply_changes, diff
from rules.core.log import REVERTED, TABLE_PREFIX
from rules.core.registry import get_system

LegacyApply = Callable[[Any, str, Mapping[str, Any]], Any]


class Row(Protocol):
    """A stored event as the driver reads it (the eventlog Event model, or a test's stand-in)."""

    entry: int
    kind: str
    payload: dict[str, Any]


class UpgradeFailed(RuntimeError):
    """An encounter whose stored events the old rules could not fold (the migration stops)."""


@dataclass(frozen=True)
class Legacy:
    """A system's frozen apply and the payload keys it read."""

    apply: LegacyApply
    old_keys: frozenset[str]


def legacy_of(system_key: str) -> Legacy | None:
    """The system's legacy module, or None when its events never needed an upgrade."""
    try:
        module: ModuleType = importlib.import_module(f"{__package__}.{system_key}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{__package__}.{system_key}":
            raise
        return None
    return Legacy(module.legacy_apply, frozenset(getattr(module, "OLD_KEYS", ())))


def is_old(payload: Mapping[str, Any], legacy: Legacy) -> bool:
    """Whether a payload still needs its legacy apply: it holds an old key, or no "changes"."""
    return "changes" not in payload or any(key in payload for key in legacy.old_keys)


def upgraded(payload: Mapping[str, Any], legacy: Legacy, before: Any, after: Any) -> dict[str, Any]:
    """The payload in the new shape: old keys gone, "changes" from the diff (absent if none)."""
    new = {k: v for k, v in payload.items() if k not in legacy.old_keys and k != "changes"}
    changes = diff(before, after)
    if changes:
        new["changes"] = changes
    return new


def upgrade_rows(start: Any, rows: Sequence[Row], legacy: Legacy) -> list[Row]:
    """Rewrite the old payloads of one encounter's rows (in seq order) in place; the rows changed.

    `start` is the state the encounter began with (its system's `start(setup)`)."""
    state = start
    reverted: set[int] = set()
    done: list[tuple[int, list[Row]]] = []
    changed: list[Row] = []
    for index, group in _entries(rows):
        reverts = [int(row.payload["reverts"]) for row in group if row.kind == REVERTED]
        if reverts:  # an undo: fold again without what it took back (already upgraded)
            reverted.update(reverts)
            state = start
            for earlier, earlier_rows in done:
                if earlier not in reverted:
                    state = _fold_new(state, earlier_rows)
        done.append((index, group))
        if index in reverted:
            continue  # taken back by a revert in its own entry: folded by no replay after it
        for row in group:
            if row.kind.startswith(TABLE_PREFIX):
                continue
            if not is_old(row.payload, legacy):
                state = apply_changes(state, row.payload.get("changes") or ())
                continue
            after = legacy.apply(state, row.kind, row.payload)
            payload = upgraded(row.payload, legacy, state, after)
            if payload != row.payload:
                row.payload = payload
                changed.append(row)
            state = after
    return changed


def _fold_new(state: Any, rows: Iterable[Row]) -> Any:
    for row in rows:
        if not row.kind.startswith(TABLE_PREFIX):
            state = apply_changes(state, row.payload.get("changes") or ())
    return state


def _entries(rows: Sequence[Row]) -> list[tuple[int, list[Row]]]:
    grouped: list[tuple[int, list[Row]]] = []
    for row in rows:
        if grouped and grouped[-1][0] == row.entry:
            grouped[-1][1].append(row)
        else:
            grouped.append((row.entry, [row]))
    return grouped


def run(apps: Any, schema_editor: Any) -> None:
    """The data migration (0005_one_state_vocabulary)."""
    upgrade_all(apps)


def upgrade_all(apps: Any) -> int:
    """Upgrade every encounter whose system has a legacy module; the number of events rewritten.
    `apps` is the migration's app registry (or django.apps.apps)."""
    encounters = apps.get_model("encounters", "Encounter")
    events = apps.get_model("eventlog", "Event")
    total = 0
    for encounter in encounters.objects.order_by("pk").only("pk", "system", "setup").iterator():
        legacy = legacy_of(encounter.system)
        if legacy is None:
            continue
        rows = list(events.objects.filter(encounter_id=encounter.pk).order_by("seq"))
        try:
            start = get_system(encounter.system).start(encounter.setup)
            changed = upgrade_rows(start, rows, legacy)
        except Exception as error:
            raise UpgradeFailed(f"encounter {encounter.pk}: {error!r}") from error
        events.objects.bulk_update(changed, ["payload"], batch_size=500)
        total += len(changed)
    return total
