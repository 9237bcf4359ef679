"""Django's PostgreSQL backend, except that a dead or missing database costs no long wait.

psycopg's pool, when it checks a connection before lending it (`CONN_HEALTH_CHECKS`), waits 1 s
after a connection that fails the check, then 2, 4, 8 s after the next ones, up to its timeout.
After `pg_terminate_backend` or a database restart every idle connection in the pool is dead, so
the first call to meet them waited 20-30 s; on the one worker thread a process's sockets share
(vtt/fast/kept_connection.py) every action and handshake of the process waited behind it
(docs/reliability.md). Here the connection lent is checked instead, and when it is dead every
idle connection is checked at once (`ConnectionPool.check`) and the dead ones replaced: the
caller gets a fresh connection within milliseconds.

While the database is away (restarting), a call waits for a connection at most the pool's
`timeout` (vtt/settings.py), and for `UNAVAILABLE_SECONDS` after such a wait failed, calls fail at
once instead of each holding that thread as long: their callers retry (vtt/dbretry.py), then
answer "sent again" (the page resends under the same key). When such a wait failed but the
database answers a connection of its own, the pool is still waiting out its back-off between
attempts to reconnect (1, 2, 4, 8... s): it is replaced by a new one, which connects at once.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

import psycopg
from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool, PoolTimeout

UNAVAILABLE_SECONDS = 2.0


class _Unavailable:
    until = 0.0  # monotonic time until which no wait for a connection is tried


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        pool = self.pool
        if pool is None or self.settings_dict["CONN_HEALTH_CHECKS"]:
            # not pooled, or the pool checks (and waits) itself
            return super().get_new_connection(conn_params)
        if time.monotonic() < _Unavailable.until:
            raise psycopg.OperationalError("no database connection a moment ago; not waiting")
        try:
            connection = super().get_new_connection(conn_params)
            try:
                ConnectionPool.check_connection(connection)
            except psycopg.Error:
                pool.putconn(connection)  # broken: the pool discards it and opens another
                pool.check()  # the idle ones likely died with it: replaced now, not one by one
                connection = super().get_new_connection(conn_params)
        except PoolTimeout:
            if pool.get_stats()["pool_size"] < pool.max_size:  # not all lent: it cannot connect
                _Unavailable.until = time.monotonic() + UNAVAILABLE_SECONDS
                if self._database_answers(conn_params):
                    self._pool_afresh()
            raise
        return connection

    def _database_answers(self, conn_params: dict[str, Any]) -> bool:
        """Whether a connection of our own opens now (the pool found none within its timeout)."""
        try:
            psycopg.connect(**conn_params, connect_timeout=1).close()
        except psycopg.Error:
            return False
        return True

    def _pool_afresh(self) -> None:
        """The database is back, but the pool waits out its back-off (1, 2, 4, 8... s between
        attempts to reconnect): a new pool, which connects at once, for the next call."""
        with contextlib.suppress(KeyError):  # another thread replaced it first
            self.close_pool()  # connections lent from it are closed when given back
