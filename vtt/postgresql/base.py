"""The pool's check of a connection before lending it, without a round trip when all is well.

psycopg's `ConnectionPool.check_connection` (what Django's `CONN_HEALTH_CHECKS` gives the pool)
sends an empty query and waits for the answer: a round trip before every action, chat line and
page, 0.3-0.6 ms on a backend that slept since its last query. A connection the server dropped
(a restart, `pg_terminate_backend`, `idle_session_timeout`) is told so on its socket: PostgreSQL
sends a FATAL message and closes, so the socket has something to read. An idle live connection
has nothing to read. So the socket is polled first, without waiting, and only a connection with
something on it is pinged, and replaced by the pool if the ping fails. A server that vanished
without a word (a cut cable) is found by neither check until the query's own timeout; the
callers' retries (vtt/dbretry.py) cover what comes through.
"""

from __future__ import annotations

import select
from typing import Any

import psycopg
from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool


def check_quietly(conn: psycopg.Connection[Any]) -> None:
    """Raise if `conn` is dead; ping it only if its socket has something to read."""
    if conn.closed:
        raise psycopg.OperationalError("the connection is closed")
    poller = select.poll()
    poller.register(conn.pgconn.socket, select.POLLIN | select.POLLERR | select.POLLHUP)
    if poller.poll(0):
        ConnectionPool.check_connection(conn)


class DatabaseWrapper(base.DatabaseWrapper):
    """Django's PostgreSQL connection, whose pool checks connections with `check_quietly`.

    Django hands the pool psycopg's pinging check when `CONN_HEALTH_CHECKS` is on and none
    when it is off, and takes no other from the settings; so with the check off in the
    settings, the pool Django made is given this one.
    """

    @property
    def pool(self) -> ConnectionPool[Any] | None:
        pool: ConnectionPool[Any] | None = super().pool
        if pool is not None and pool._check is None:
            pool._check = check_quietly
        return pool
