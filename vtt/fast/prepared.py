"""Statements PostgreSQL plans once per connection, for the chat line's path.

Django's psycopg cursors bind parameters on the client, so PostgreSQL parses and plans every
statement anew. On a backend that slept between two lines of chat, planning the chat line's read
(five subqueries) took 0.5 ms of its 0.8 ms (docs/performance.md, decision record D2).
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

from vtt import fast

# Django turns psycopg's preparing off on its connections (`prepare_threshold` None, for
# transaction poolers). A threshold this high turns it back on for `prepare=True` alone: Django's
# own client-side cursors never prepare, and no statement runs this often on one connection.
ONLY_WHEN_ASKED = 2**31
# A statement's column names, by its text: the same on every connection and every call.
_COLUMNS: dict[str, list[str]] = {}


def available() -> bool:
    """Whether these statements are used: the fast path on PostgreSQL (SQLite plans cheaply
    in-process). Elsewhere the ORM writes what they write (vtt/encounters/append.py)."""
    return connection.vendor == "postgresql" and fast.enabled()


def fetch(sql: str, params: Sequence[Any]) -> tuple[list[str], list[tuple[Any, ...]]]:
    """The column names and rows of one prepared statement."""
    started = time.monotonic()
    with connection.wrap_database_errors:
        cursor = psycopg.Cursor(_connected())
        cursor.execute(sql, params, prepare=True)
        names = _COLUMNS.get(sql)
        if names is None:  # psycopg builds a description anew per call: 30 objects, 0.1 ms
            names = _COLUMNS[sql] = [column.name for column in cursor.description or ()]
        rows = cursor.fetchall() if names else []
    _logged(sql, started)
    return names, rows


def fetch_committed(sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    """The rows of one prepared writing statement, committed in a transaction of its own.

    Outside a transaction (autocommit) the statement is its own transaction: one round trip,
    and a refused one leaves the connection idle. Inside the caller's transaction (tests) it
    runs in a savepoint, so a refused write leaves that transaction usable.
    """
    if connection.in_atomic_block:
        with transaction.atomic():
            return fetch(sql, params)[1]
    return fetch(sql, params)[1]


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
