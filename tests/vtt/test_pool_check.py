"""The pool's check (vtt/postgresql): a live idle connection is lent without a round trip, a
connection the server dropped is found dead before it is lent."""

from __future__ import annotations

import time
from typing import Any

import psycopg
import pytest
from django.db import connection
from psycopg_pool import ConnectionPool

from vtt.postgresql.base import check_quietly


@pytest.fixture
def pooled() -> Any:
    if connection.vendor != "postgresql" or connection.pool is None:
        pytest.skip("the pool check is for PostgreSQL's connection pool")
    return connection.pool


@pytest.fixture
def own_connection() -> Any:
    """A connection of its own to the test database, as the pool would hold one."""
    params = {**connection.get_connection_params(), "autocommit": True}
    params.pop("cursor_factory", None)
    with psycopg.connect(**params) as conn:
        yield conn


def test_the_default_pool_checks_quietly(pooled: Any) -> None:
    assert pooled._check is check_quietly


def test_a_live_idle_connection_is_lent_without_a_ping(
    pooled: Any, own_connection: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    pinged: list[Any] = []
    monkeypatch.setattr(ConnectionPool, "check_connection", staticmethod(pinged.append))
    own_connection.execute("SELECT 1").fetchall()

    check_quietly(own_connection)

    assert pinged == []


@pytest.mark.django_db(transaction=True)
def test_a_connection_the_server_dropped_is_found_dead(pooled: Any, own_connection: Any) -> None:
    (pid,) = own_connection.execute("SELECT pg_backend_pid()").fetchone()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    for _ in range(100):  # the server's goodbye arrives on the socket
        time.sleep(0.01)
        try:
            check_quietly(own_connection)
        except psycopg.OperationalError:
            break
    else:
        pytest.fail("a terminated connection passed the check")
    with pytest.raises(psycopg.OperationalError):
        check_quietly(own_connection)  # and stays dead (closed)


def test_a_closed_connection_is_found_dead(pooled: Any, own_connection: Any) -> None:
    own_connection.close()
    with pytest.raises(psycopg.OperationalError):
        check_quietly(own_connection)
