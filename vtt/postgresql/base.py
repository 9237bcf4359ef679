"""Django's PostgreSQL backend, except that a dead pooled connection costs no wait.

psycopg's pool, when it checks a connection before lending it (`CONN_HEALTH_CHECKS`), waits 1 s
after a connection that fails the check, then 2, 4, 8 s after the next ones, up to its timeout.
After `pg_terminate_backend` or a database restart every idle connection in the pool is dead, so
the first call to meet them waited 20-30 s; on the one worker thread a process's sockets share
(vtt/kept_connection.py) every action and handshake of the process waited behind it
(docs/reliability.md). Here the connection lent is checked instead, and when it is dead every
idle connection is checked at once (`ConnectionPool.check`) and the dead ones replaced: the
caller gets a fresh connection within milliseconds.
"""

from __future__ import annotations

from typing import Any

import psycopg
from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        connection = super().get_new_connection(conn_params)
        pool = self.pool
        if pool is None or self.settings_dict["CONN_HEALTH_CHECKS"]:
            return connection  # not pooled, or the pool checks (and waits) itself
        try:
            ConnectionPool.check_connection(connection)
        except psycopg.Error:
            pool.putconn(connection)  # broken: the pool discards it and opens another
            pool.check()  # the idle ones likely died with it: replaced now, not one by one
            connection = super().get_new_connection(conn_params)
        return connection
