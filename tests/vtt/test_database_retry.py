"""A dropped database connection costs a retry or a "try again", never a 500 or a closed socket."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.db import InterfaceError, OperationalError, connection
from django.test import RequestFactory
from django.utils import translation

from vtt import dbretry
from vtt.postgresql import base as pgbackend


@pytest.fixture(autouse=True)
def no_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dbretry, "RETRY_DELAYS", (0.0, 0.0, 0.0))


async def test_a_call_is_tried_again_until_the_connection_answers() -> None:
    failures = [OperationalError("server closed the connection"), InterfaceError("closed")]

    async def query() -> int:
        if failures:
            raise failures.pop(0)
        return 7

    assert await dbretry.retrying(query) == 7
    assert failures == []


async def test_a_database_that_stays_away_raises_after_the_last_wait() -> None:
    calls = 0

    async def query() -> int:
        nonlocal calls
        calls += 1
        raise OperationalError("the database is down")

    with pytest.raises(OperationalError):
        await dbretry.retrying(query)
    assert calls == len(dbretry.RETRY_DELAYS) + 1


async def test_other_errors_are_not_retried() -> None:
    calls = 0

    async def query() -> int:
        nonlocal calls
        calls += 1
        raise ValueError("a bug, not a connection")

    with pytest.raises(ValueError, match="a bug"):
        await dbretry.retrying(query)
    assert calls == 1


def test_a_page_that_met_a_dropped_connection_answers_503_try_again() -> None:
    middleware = dbretry.DatabaseUnavailableMiddleware(lambda request: None)  # type: ignore[arg-type,return-value]
    request = RequestFactory().get("/encounters/1/events/?after=3")
    with translation.override("zh-hans"):
        response = middleware.process_exception(request, OperationalError("terminated"))
    assert response is not None
    assert response.status_code == 503
    assert response["Retry-After"] == "1"
    assert response.content.decode() == "数据库没有响应，请重试。"
    assert middleware.process_exception(request, ValueError("a bug")) is None


# --- the pooled backend (vtt/postgresql): a dead or missing database costs no long wait ---------


def _admin() -> Any:
    """A connection of the test's own, outside the pool, to the server's `postgres` database (a
    database's connections are refused or terminated from another)."""
    import psycopg

    if connection.vendor != "postgresql" or connection.pool is None:
        pytest.skip("the pooled backend is PostgreSQL's")
    s = connection.settings_dict
    return psycopg.connect(
        dbname="postgres",
        host=s["HOST"] or None,
        port=s["PORT"] or None,
        user=s["USER"] or None,
        password=s["PASSWORD"] or None,
        autocommit=True,
    )


def _terminate_the_others(admin: Any) -> None:
    admin.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
        (connection.settings_dict["NAME"],),
    )


def _query() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


@pytest.mark.django_db(transaction=True)
def test_a_pool_whose_idle_connections_all_died_lends_a_live_one_at_once() -> None:
    """psycopg's own check waited 1, 2, 4... s after each dead connection (docs/reliability.md);
    the backend replaces them all at once."""
    with _admin() as admin:
        pool = connection.pool
        held = [pool.getconn() for _ in range(4)]
        for lent in held:
            pool.putconn(lent)
        connection.close()  # the test's own goes back to the pool too: five idle connections
        _terminate_the_others(admin)
        began = time.monotonic()
        _query()
        assert time.monotonic() - began < 0.5


@pytest.mark.django_db(transaction=True)
def test_a_database_refusing_connections_is_told_at_once_and_found_again_when_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As a restart: one wait of the pool's timeout, then calls fail at once (their callers
    retry, then say "sent again"); once the database is back the next calls find it, though the
    pool itself would wait out its back-off of 1, 2, 4... s between reconnects."""
    monkeypatch.setattr(pgbackend, "UNAVAILABLE_SECONDS", 0.5)
    monkeypatch.setattr(pgbackend._Unavailable, "until", 0.0)  # and 0.0 again for the next test
    with _admin() as admin:
        name = connection.settings_dict["NAME"]
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        try:
            connection.close()
            _terminate_the_others(admin)
            began = time.monotonic()
            with pytest.raises(OperationalError):
                _query()
            assert time.monotonic() - began < 3.0  # the pool's timeout (1 s), not its 30 s
            began = time.monotonic()
            with pytest.raises(OperationalError, match="not waiting"):
                _query()
            assert time.monotonic() - began < 0.2
            time.sleep(2.5)  # the pool is in its back-off now
        finally:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        back = time.monotonic()
        while True:
            time.sleep(0.1)
            try:
                _query()
                break
            except OperationalError:
                assert time.monotonic() - back < 3.0, "the database is back, the pool is not"
        assert time.monotonic() - back < 3.0
