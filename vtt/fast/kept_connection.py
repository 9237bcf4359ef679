"""A socket's database calls keep their pooled connection between messages, unpinged (the fast
path, vtt/fast; the plain path is Channels' `database_sync_to_async`).

Channels' `database_sync_to_async` hands the worker thread's connection back to the pool after
every call, and a pooled connection is pinged before it is lent (vtt/postgresql): one
more round trip before every chat line and action, 0.6–0.7 ms of a chat line's ~4 ms in the
server here (docs/performance.md, decision record D4). Here the
connection stays with the worker thread while the socket traffic is steady, and goes back to the
pool (and through its ping) once it has been idle for `KEEP_SECONDS`, after
`KEEP_AT_MOST_SECONDS` in all, when anything went wrong on it, or when it is not idle in
autocommit.

A connection the server dropped within that time fails its next statement with an
`OperationalError`; every caller of these calls retries (vtt/dbretry.py `retrying`), and every
message that writes carries a key that makes its retry safe. So a kept connection may cost a
retry after a database restart, never a lost or doubled action (tests/faults).
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Callable
from typing import Any

from asgiref.sync import SyncToAsync, sync_to_async
from channels.db import database_sync_to_async
from django.db import close_old_connections, connections

from vtt import fast

# A connection unused this long goes back to the pool, whose ping checks it before its next use.
KEEP_SECONDS = 5.0
# And one kept this long in all, however busy its table: the pool's own rules (its connections'
# maximum lifetime) apply only to connections it holds.
KEEP_AT_MOST_SECONDS = 300.0
# How long `give_back_now` waits for the worker thread (busy with a call that hangs: it fails).
GIVE_BACK_WAIT_SECONDS = 30.0


class _Kept:
    """When the worker thread's connections were last used (one worker: thread-sensitive), and
    each event loop's timer that hands them back once idle."""

    last_used = 0.0
    since = 0.0  # when the connection kept now was first kept
    timers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.TimerHandle] = (
        weakref.WeakKeyDictionary()
    )
    tasks: set[asyncio.Task[None]] = set()  # the give-backs under way (the loop keeps weak refs)


def _reusable() -> bool:
    """Whether every open connection is healthy and idle in autocommit, and pooled (elsewhere,
    SQLite: closed after each call as Channels does)."""
    for conn in connections.all(initialized_only=True):
        if conn.connection is None:
            continue
        if getattr(conn, "pool", None) is None:
            return False
        if conn.in_atomic_block or conn.errors_occurred or conn.needs_rollback:
            return False
        if conn.get_autocommit() != conn.settings_dict["AUTOCOMMIT"]:
            return False
        if conn.connection.info.transaction_status != 0:  # psycopg's IDLE
            return False
    return True


class KeepingConnection(SyncToAsync[..., Any]):
    """`channels.db.database_sync_to_async`, except that a healthy connection used within the
    last `KEEP_SECONDS` is used again without going back to the pool."""

    async def __call__(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return await super().__call__(*args, **kwargs)
        finally:
            _give_back_when_idle(asyncio.get_running_loop())

    def thread_handler(self, loop: Any, *args: Any, **kwargs: Any) -> Any:
        now = time.monotonic()
        if now - _Kept.last_used > KEEP_SECONDS or now - _Kept.since > KEEP_AT_MOST_SECONDS:
            _give_back()
        try:
            return super().thread_handler(loop, *args, **kwargs)  # type: ignore[no-untyped-call]
        finally:
            if _reusable():
                _Kept.last_used = time.monotonic()
                if not _Kept.since:
                    _Kept.since = _Kept.last_used
            else:
                _give_back()


def _give_back_when_idle(loop: asyncio.AbstractEventLoop) -> None:
    """A quiet table's connection goes back to the pool `KEEP_SECONDS` after its last call (each
    call puts it off again), not at the next call: the pool keeps it and may close it."""
    waiting = _Kept.timers.pop(loop, None)
    if waiting is not None:
        waiting.cancel()
    _Kept.timers[loop] = loop.call_later(KEEP_SECONDS, _start_give_back, loop)


def _start_give_back(loop: asyncio.AbstractEventLoop) -> None:
    _Kept.timers.pop(loop, None)
    task = loop.create_task(sync_to_async(_give_back_if_idle)())
    _Kept.tasks.add(task)
    task.add_done_callback(_Kept.tasks.discard)


def _give_back_if_idle() -> None:
    """In the worker thread: hand its connections back if nothing used them for a while."""
    if time.monotonic() - _Kept.last_used >= KEEP_SECONDS:
        _give_back()


def _give_back() -> None:
    _Kept.last_used = _Kept.since = 0.0
    close_old_connections()


def give_back_now() -> None:
    """Hand the worker thread's kept connection back to the pool now (the end of a test, whose
    event loop is gone before the idle timer fires): asgiref's one thread-sensitive worker, the
    thread a socket's calls run in when no sync code is above them."""
    SyncToAsync.single_thread_executor.submit(_give_back).result(timeout=GIVE_BACK_WAIT_SECONDS)


class SocketCall:
    """A socket's database call: on the fast path on a connection kept between calls (see
    above), else through Channels' `database_sync_to_async` (the pool's connection, pinged, and
    handed back after every call)."""

    def __init__(self, func: Callable[..., Any]) -> None:
        self.kept = KeepingConnection(func)
        self.plain = database_sync_to_async(func)

    async def __call__(self, *args: Any, **kwargs: Any) -> Any:
        call = self.kept if fast.enabled() else self.plain
        return await call(*args, **kwargs)


def keeping_connection(func: Callable[..., Any]) -> Any:
    """`func` run in the worker thread as a socket's call (`SocketCall`)."""
    return SocketCall(func)
