"""A socket's database calls keep the worker's pooled connection between messages (the fast
path, vtt/fast/kept_connection.py): no trip through the pool and its ping while traffic is
steady, the pool again after an idle spell or anything going wrong, and a connection the server
dropped in between costs a retry, not an action. On the plain path they are Channels' own."""

from __future__ import annotations

import asyncio
import os
from typing import Any

import psycopg
import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.db import DatabaseError, connection

from vtt.dbretry import retrying
from vtt.fast import kept_connection
from vtt.fast.kept_connection import keeping_connection


@pytest.fixture(autouse=True)
def on_the_fast_path(settings: Any) -> None:
    """What is tested here is a measure of the fast path (vtt/fast)."""
    settings.VTT_FAST = True


pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def pooled() -> None:
    if connection.vendor != "postgresql" or connection.pool is None:
        pytest.skip("connections are kept between calls only with psycopg's pool (PostgreSQL)")


def backend_and_requests() -> tuple[int, int]:
    """The database backend serving this thread, and how many connections the pool has lent."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    return pid, connection.pool.get_stats()["requests_num"]


def failing_query() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT no_such_column FROM no_such_table")


def terminate(pid: int) -> None:
    url = os.environ["DATABASE_URL"]
    with psycopg.connect(url, autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", (pid,))


async def twice(wrap: Any) -> tuple[tuple[int, int], tuple[int, int]]:
    call = wrap(backend_and_requests)
    return await call(), await call()


async def test_steady_calls_use_one_connection_without_asking_the_pool_again() -> None:
    (pid, lent), (pid_again, lent_again) = await twice(keeping_connection)
    assert pid_again == pid
    assert lent_again == lent  # no checkout, so no ping


async def test_channels_own_wrapper_asks_the_pool_every_time() -> None:
    """The difference the module makes: database_sync_to_async gives the connection back."""
    (_pid, lent), (_pid_again, lent_again) = await twice(database_sync_to_async)
    assert lent_again == lent + 1


@pytest.mark.parametrize(
    "limit",
    [
        "KEEP_SECONDS",  # an idle spell
        "KEEP_AT_MOST_SECONDS",  # kept long enough in all, however busy the table
    ],
)
async def test_past_a_limit_the_connection_comes_from_the_pool_again(
    monkeypatch: pytest.MonkeyPatch, limit: str
) -> None:
    monkeypatch.setattr(kept_connection, limit, 0.0)
    (_pid, lent), (_pid_again, lent_again) = await twice(keeping_connection)
    assert lent_again == lent + 1


def connection_open() -> bool:
    return connection.connection is not None


async def test_a_quiet_tables_connection_goes_back_to_the_pool_by_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kept_connection, "KEEP_SECONDS", 0.05)
    await keeping_connection(backend_and_requests)()
    # plain sync_to_async: the same worker thread, and it closes nothing itself
    assert await sync_to_async(connection_open)()
    await asyncio.sleep(0.3)
    assert not await sync_to_async(connection_open)()


async def test_a_failed_statement_gives_the_connection_back() -> None:
    call = keeping_connection(backend_and_requests)
    _pid, lent = await call()
    with pytest.raises(DatabaseError):
        await keeping_connection(failing_query)()
    _pid, lent_again = await call()
    assert lent_again == lent + 1


async def test_a_connection_dropped_between_calls_costs_a_retry_on_a_new_one() -> None:
    call = keeping_connection(backend_and_requests)
    pid, _lent = await call()
    terminate(pid)  # from outside the worker thread, whose other calls would hand it back
    attempts = []

    async def counted() -> tuple[int, int]:
        attempts.append(1)
        return await call()

    new_pid, _lent = await retrying(counted)
    assert new_pid != pid
    assert len(attempts) == 2  # the kept connection failed once; the retry took a fresh one
