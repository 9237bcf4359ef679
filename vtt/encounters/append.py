"""Writing an entry: its events into the log (vtt/eventlog, below the tables) and the encounter's
counters past them, in one statement where it can; a chat line without the row's lock.

A game action locks the encounter row, reads, resolves and writes in one transaction: five or six
round trips to the database. A chat line needs none of the game's state, so it is read without a
lock and written here in one statement that bumps the log's counters and inserts the entry's
events only if the counters are still the ones it read (optimistic concurrency). If another entry
landed in between, nothing is written and the caller reads again: the log stays contiguous and
append-only, because the counters' UPDATE takes the row lock and rechecks its condition against
the newest committed row, and `one_event_per_seq` holds in any case. The caller may add a
condition of its own on the row (`still`): that what else it read is unchanged too.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from django.db import connection, transaction
from django.db.models import Field

from vtt.encounters.models import Encounter
from vtt.eventlog.models import Event
from vtt.fast import prepared

# A condition on the encounter row (alias `e`) in PostgreSQL's SQL, and its parameters.
Condition = tuple[str, Sequence[Any]]


def append_if_current(
    encounter: Encounter,
    rows: Sequence[Event],
    *,
    wait_for_disk: bool = True,
    still: Condition | None = None,
) -> bool:
    """Store `rows` (numbered after `encounter.seq`, entry `encounter.entries + 1`) and move the
    counters past them, only if the stored counters still equal the row's (and, on PostgreSQL,
    the row meets `still`).

    True when stored; the rows then have their ids. `wait_for_disk` False lets PostgreSQL answer
    before its disk flush (docs/deploy.md, `VTT_CHAT_WAITS_FOR_DISK`).
    """
    if prepared.available():
        return _in_one_statement(encounter, rows, wait_for_disk, still)
    if still is not None:
        raise ValueError("a condition of the caller's own is written for PostgreSQL")
    with transaction.atomic():
        if not wait_for_disk and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL synchronous_commit TO OFF")
        moved = Encounter.objects.filter(
            pk=encounter.pk, seq=encounter.seq, entries=encounter.entries
        ).update(seq=encounter.seq + len(rows), entries=encounter.entries + 1)
        if not moved:
            return False
        Event.objects.bulk_create(rows)
    return True


def append_locked(encounter: Encounter, rows: Sequence[Event], fields: Sequence[str]) -> None:
    """Store `rows` and write the encounter's `fields` (its counters already moved past the
    rows), for a caller that holds the row's lock in its own transaction (a game action).

    On PostgreSQL one prepared statement does both, one round trip instead of two, its
    parameters bound by the server: Django binds them on the client, where quoting a bulk
    insert's arrays was a third of an action's write (docs/performance.md).
    """
    if not prepared.available():
        Event.objects.bulk_create(rows)
        encounter.save(update_fields=list(fields))
        return
    written = _encounter_fields(tuple(fields))
    params = [
        *(
            field.get_db_prep_save(getattr(encounter, field.attname), connection)
            for field in written
        ),
        encounter.pk,
        *_event_values(rows),
    ]
    stored = dict(prepared.fetch(_locked_insert_sql(len(rows), tuple(fields)), params)[1])
    if len(stored) != len(rows):  # the row is locked: only a caller without the lock gets here
        raise RuntimeError(f"encounter {encounter.pk} was not written")
    _mark_stored(rows, stored)


def _in_one_statement(
    encounter: Encounter, rows: Sequence[Event], wait_for_disk: bool, still: Condition | None
) -> bool:
    """One prepared statement (vtt/fast/prepared.py), its own transaction, in one round trip: an
    UPDATE of the counters whose RETURNING feeds the INSERT of the events."""
    params = [
        encounter.seq + len(rows),
        encounter.entries + 1,
        encounter.pk,
        encounter.seq,
        encounter.entries,
        *(still[1] if still else ()),
        *_event_values(rows),
    ]
    sql = _insert_sql(len(rows), wait_for_disk, still[0] if still else "")
    stored = dict(prepared.fetch_committed(sql, params))
    if len(stored) != len(rows):
        return False
    _mark_stored(rows, stored)
    return True


def _event_values(rows: Sequence[Event]) -> list[Any]:
    """The rows' column values, row after row, as an INSERT of them binds them."""
    fields = _event_fields()
    values: list[Any] = []
    for row in rows:
        values.extend(
            field.get_db_prep_save(field.pre_save(row, True), connection) for field in fields
        )
    return values


def _mark_stored(rows: Sequence[Event], ids: dict[int, int]) -> None:
    """The rows are in the database now, with these ids (by seq)."""
    for row in rows:
        row.pk = ids[row.seq]
        row._state.adding = False
        row._state.db = connection.alias


@functools.cache
def _event_fields() -> tuple[Field[Any, Any], ...]:
    """The event columns an append writes: all but the id, in the model's order."""
    return tuple(field for field in Event._meta.concrete_fields if not field.primary_key)


# `SET LOCAL synchronous_commit TO OFF` from inside the statement: it holds for the statement's
# own transaction, whose commit then returns before the disk flush (docs/deploy.md). A separate
# SET would need an explicit transaction: three more statements to send.
UNFLUSHED = "SELECT set_config('synchronous_commit', 'off', true)"


@functools.cache
def _insert_sql(count: int, wait_for_disk: bool = True, still: str = "") -> str:
    condition = f" AND ({still})" if still else ""
    update = f"""UPDATE {_quote(Encounter._meta.db_table)} AS e SET seq = %s, entries = %s
          WHERE e.id = %s AND e.seq = %s AND e.entries = %s{condition}
          RETURNING e.id"""
    if wait_for_disk:
        return _with_events(update, count)
    return _with_events(update, count, f"unflushed AS ({UNFLUSHED})", "unflushed")


@functools.cache
def _locked_insert_sql(count: int, fields: tuple[str, ...]) -> str:
    written = _encounter_fields(fields)
    sets = ", ".join(
        f"{_quote(str(field.column))} = %s::{field.db_type(connection)}" for field in written
    )
    update = f"""UPDATE {_quote(Encounter._meta.db_table)} AS e SET {sets}
          WHERE e.id = %s RETURNING e.id"""
    return _with_events(update, count)


@functools.cache
def _encounter_fields(names: tuple[str, ...]) -> list[Field[Any, Any]]:
    found = [Encounter._meta.get_field(name) for name in names]
    return [field for field in found if isinstance(field, Field)]


def _quote(name: str) -> str:
    return str(connection.ops.quote_name(name))


def _with_events(update: str, count: int, other: str = "", joined: str = "") -> str:
    """`update` of the encounter row (`RETURNING e.id`) feeding an INSERT of `count` events
    (`RETURNING seq, id`); `other` a further query the INSERT cross-joins as `joined`."""
    fields = _event_fields()
    columns = [_quote(str(field.column)) for field in fields]
    # typed placeholders: a VALUES list takes its columns' types from its literals
    one_row = ", ".join(f"%s::{field.db_type(connection)}" for field in fields)
    values = ", ".join(f"({one_row})" for _ in range(count))
    encounter_column = _quote(Event._meta.get_field("encounter").column)
    chosen = ", ".join(
        "counters.id" if column == encounter_column else f"v.{column}" for column in columns
    )
    return f"""
        WITH counters AS (
          {update}
        ){f", {other}" if other else ""}
        INSERT INTO {_quote(Event._meta.db_table)} ({", ".join(columns)})
        SELECT {chosen} FROM counters{f" CROSS JOIN {joined}" if joined else ""}
          CROSS JOIN (VALUES {values}) AS v ({", ".join(columns)})
        RETURNING seq, id"""
