"""Statements PostgreSQL plans once per connection, for the chat line's path.

Django's psycopg cursors bind parameters on the client, so PostgreSQL parses and plans every
statement anew. On a backend that slept between two lines of chat, planning the chat line's read
(five subqueries) took 0.5 ms of its 0.8 ms (docs/performance.md, "Chat without the row lock").
These helpers run a statement through psycopg's own server-binding cursor with `prepare=True`
on Django's pooled connection: planned on the connection's first use, then only executed. They
keep Django's error mapping (a dropped connection is still an `OperationalError` the callers
retry) and its query log (`CaptureQueriesContext` sees them).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import psycopg
from django.db import connection, transaction
from psycopg.pq import TransactionStatus

UNFLUSHED = "SET LOCAL synchronous_commit TO OFF"
# Django turns psycopg's preparing off on its connections (`prepare_threshold` None, for
# transaction poolers). A threshold this high turns it back on for `prepare=True` alone: Django's
# own client-side cursors never prepare, and no statement runs this often on one connection.
ONLY_WHEN_ASKED = 2**31


def available() -> bool:
    """Whether the default database is PostgreSQL (SQLite plans cheaply in-process)."""
    return connection.vendor == "postgresql"


def fetch(sql: str, params: Sequence[Any]) -> tuple[list[str], list[tuple[Any, ...]]]:
    """The column names and rows of one prepared statement."""
    started = time.monotonic()
    with connection.wrap_database_errors:
        cursor = psycopg.Cursor(_connected())
        cursor.execute(sql, params, prepare=True)
        names = [column.name for column in cursor.description or ()]
        rows = cursor.fetchall() if cursor.description else []
    _logged(sql, started)
    return names, rows


def fetch_committed(
    sql: str, params: Sequence[Any], *, wait_for_disk: bool
) -> list[tuple[Any, ...]]:
    """The rows of one prepared writing statement, committed in a transaction of its own.

    Outside a transaction the BEGIN, the optional `SET LOCAL synchronous_commit TO OFF`, the
    statement and the COMMIT go in one pipeline: one round trip. Inside the caller's
    transaction (tests), they run in a savepoint, so a refused write leaves it usable.
    """
    if connection.in_atomic_block:
        with transaction.atomic():
            if not wait_for_disk:
                with connection.cursor() as cursor:
                    cursor.execute(UNFLUSHED)
            return fetch(sql, params)[1]
    started = time.monotonic()
    raw = _connected()
    control, statement = psycopg.Cursor(raw), psycopg.Cursor(raw)
    with connection.wrap_database_errors:
        try:
            with raw.pipeline():
                control.execute("BEGIN")
                if not wait_for_disk:
                    control.execute(UNFLUSHED)
                statement.execute(sql, params, prepare=True)
                control.execute("COMMIT")
            rows = statement.fetchall() if statement.description else []
        except Exception:  # a refused write (a raced key) or a value psycopg could not send
            if raw.info.transaction_status in (
                TransactionStatus.INTRANS,
                TransactionStatus.INERROR,
            ):
                raw.execute("ROLLBACK")
            raise
    _logged(f"BEGIN; {'' if wait_for_disk else UNFLUSHED + '; '}{sql}; COMMIT", started)
    return rows


def _connected() -> psycopg.Connection[Any]:
    """Django's connection to the default database, able to prepare what asks to be."""
    connection.ensure_connection()
    raw: psycopg.Connection[Any] = connection.connection
    if raw.prepare_threshold is None:
        raw.prepare_threshold = ONLY_WHEN_ASKED
    return raw


def _logged(sql: str, started: float) -> None:
    if connection.queries_logged:
        elapsed = time.monotonic() - started
        connection.queries_log.append({"sql": sql, "time": f"{elapsed:.3f}"})
