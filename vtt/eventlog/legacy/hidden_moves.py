"""Redact the stored moves of Hidden mechs from before their moves were redacted (issue 30).

Before MECH-COND-HIDDEN addressed a Hidden unit's moves to its own side, its `mech.moved` events
were stored for everyone ("all") with its squares, path and distance; every viewer still read
them (page, frames, replay, own log). This driver folds each mech encounter's stored "changes" as
replays fold them (an entry holding a revert folds again without the entries taken back; the one
state vocabulary upgrade, migration 0005, has run before) and, for each event still addressed to
everyone that puts a unit on a new square while the unit is Hidden after it, addresses it to the
unit's side and gives the other sides the line today's rules give them, less the rough area,
which was never drawn for it: "Sparring Mule A moves unseen". The GM and the unit's side read it
as before; the state and the payload are untouched, so replays fold the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from rules.core.changes import apply_changes
from rules.core.log import REVERTED, TABLE_PREFIX
from rules.core.registry import get_system
from rules.mech.log_messages import MOVED_UNSEEN_BEFORE

EVERYONE = "all"
SQUARE = frozenset({"x", "y"})


class Row(Protocol):
    """A stored event as the driver reads and changes it (the Event model or a stand-in)."""

    entry: int
    kind: str
    payload: dict[str, Any]
    audience: str
    redacted_text: str | None
    redacted_msg: dict[str, Any] | None


def _moved_units(payload: dict[str, Any]) -> set[str]:
    """The units whose square the event's changes set."""
    found = set()
    for change in payload.get("changes") or ():
        if not isinstance(change, list) or len(change) < 2 or not isinstance(change[1], list):
            continue
        path = change[1]
        if len(path) >= 3 and path[0] == "units" and path[2] in SQUARE:
            found.add(str(path[1]))
        elif len(path) == 2 and path[0] == "units" and change[0] == "set":
            value = change[2] if len(change) > 2 else None
            if isinstance(value, dict) and SQUARE & set(value):
                found.add(str(path[1]))
    return found


def _hidden_mover(state: Any, row: Row) -> dict[str, Any] | None:
    """The unit this everyone-addressed event moved that is Hidden after it, if any."""
    if row.audience != EVERYONE:
        return None
    units = state.get("units") if isinstance(state, dict) else None
    for uid in sorted(_moved_units(row.payload)):
        unit = (units or {}).get(uid)
        if isinstance(unit, dict) and "hidden" in (unit.get("conditions") or ()):
            return unit
    return None


def redact_rows(start: Any, rows: Sequence[Row]) -> list[Row]:
    """Address to its side each stored move of a Hidden unit that everyone read (rows of one
    encounter, in seq order, changed in place); the rows changed."""
    state = start
    reverted: set[int] = set()
    done: list[tuple[int, list[Row]]] = []
    changed: list[Row] = []
    for index, group in _entries(rows):
        reverts = [int(row.payload["reverts"]) for row in group if row.kind == REVERTED]
        if reverts:
            reverted.update(reverts)
            state = start
            for earlier, earlier_rows in done:
                if earlier not in reverted:
                    state = _fold(state, earlier_rows)
        done.append((index, group))
        if index in reverted:
            continue
        for row in group:
            if row.kind.startswith(TABLE_PREFIX):
                continue
            state = apply_changes(state, row.payload.get("changes") or ())
            unit = _hidden_mover(state, row)
            if unit is None:
                continue
            line = MOVED_UNSEEN_BEFORE(name=str(unit.get("name") or unit.get("id")))
            row.audience = f"side:{unit['side']}"
            row.redacted_text = line.english()
            row.redacted_msg = line.to_json()
            changed.append(row)
    return changed


def _fold(state: Any, rows: Iterable[Row]) -> Any:
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


def redact_all(apps: Any) -> int:
    """Redact every mech encounter's stored moves of Hidden units; the number of events changed.
    `apps` is the migration's app registry (or django.apps.apps)."""
    encounters = apps.get_model("encounters", "Encounter")
    events = apps.get_model("eventlog", "Event")
    total = 0
    mech = get_system("mech")
    for encounter in encounters.objects.filter(system="mech").order_by("pk").iterator():
        rows = list(events.objects.filter(encounter_id=encounter.pk).order_by("seq"))
        changed = redact_rows(mech.start(encounter.setup), rows)
        fields = ["audience", "redacted_text", "redacted_msg"]
        events.objects.bulk_update(changed, fields, batch_size=500)
        total += len(changed)
    return total


def run(apps: Any, schema_editor: Any) -> None:
    """The data migration (eventlog 0006_hidden_mech_moves)."""
    redact_all(apps)
