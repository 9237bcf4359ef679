"""Issue 16 on the socket: bad input is answered and the socket stays open; keys are the
sender's; a raced key is answered; dropped database connections and an absent Redis are survived."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket as sockets
import subprocess
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from django.db import connection, connections, transaction
from test_consumers import count_events, join, until_done

from rules.core.system import Action
from vtt.encounters import services

pytestmark = pytest.mark.django_db(transaction=True)


def chat(text: str, key: str = "k") -> str:
    return json.dumps({"command": "chat", "text": text, "key": key})


async def still_open(socket: Any, key: str = "alive") -> None:
    """The socket still answers: a roll sent now comes back as an events frame."""
    await socket.send_to(text_data=chat("/roll 1d6", key))
    assert 'data-frame="events"' in await socket.receive_from(timeout=5)


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ('{"command": "chat", "key": "a", "text": ' + "[" * 3000 + "]" * 3000 + "}", "nested"),
        ("[" * 3000, "nested"),
        (chat("hello\u0000world"), "NUL"),
        (json.dumps({"command": "chat", "text": "hi", "key": "\ud800"}), "NUL"),
        ('{"command": "chat", "text": "hi", "key": "k\\u0000"}', "NUL"),
        (
            json.dumps(
                {"command": "act", "kind": "bump", "actor": "ann", "key": "a", "x\u0000": 1}
            ),
            "NUL",
        ),
    ],
)
async def test_deep_or_unstorable_input_gets_an_error_frame_and_the_socket_stays_open(
    encounter: Any, pip: Any, message: str, error: str
) -> None:
    player = await join(pip, encounter)
    before = await count_events(encounter)

    await player.send_to(text_data=message)

    html = await player.receive_from(timeout=5)
    assert 'data-frame="error"' in html
    assert error in html
    assert await count_events(encounter) == before
    await still_open(player)
    await player.disconnect()


async def test_an_oversized_message_is_answered_then_closed_with_1009(
    encounter: Any, pip: Any
) -> None:
    player = await join(pip, encounter)

    await player.send_to(text_data=chat("x" * 20000))

    assert "too large" in await player.receive_from(timeout=5)
    closed = await player.receive_output(timeout=5)
    assert closed["type"] == "websocket.close"
    assert closed["code"] == 1009
    assert "too large" in closed["reason"]
    await player.disconnect()  # as the browser's side of the socket goes: the consumer ends


async def test_keys_are_the_senders_so_another_users_key_is_a_new_action(
    encounter: Any, gwen: Any, pip: Any
) -> None:
    gm, player = await join(gwen, encounter), await join(pip, encounter)
    await gm.send_to(text_data=chat("/roll 1d6", "shared"))
    assert 'data-frame="events"' in await gm.receive_from(timeout=5)
    await player.receive_from(timeout=5)
    before = await count_events(encounter)

    await player.send_to(text_data=chat("/roll 1d6", "shared"))

    html = await player.receive_from(timeout=5)
    assert 'data-frame="events"' in html
    assert "pip rolled" in html
    assert await count_events(encounter) == before + 1
    await gm.disconnect()
    await player.disconnect()


async def test_another_action_under_a_used_key_is_refused_clearly(encounter: Any, pip: Any) -> None:
    player = await join(pip, encounter)
    await player.send_to(text_data=chat("/roll 1d6", "once"))
    await until_done(player, "once")
    before = await count_events(encounter)

    await player.send_to(text_data=chat("/roll 1d20", "once"))

    html = await player.receive_from(timeout=5)
    assert 'data-frame="error" data-key="once"' in html  # answered: the page sends it no more
    assert "data-retry" not in html
    assert "already used for another action" in html
    assert await count_events(encounter) == before
    await player.disconnect()


def test_the_race_loser_of_a_key_is_answered_with_the_stored_entry(
    encounter: Any, pip: Any
) -> None:
    """Two processes, one key, the same instant: the second waits on the row lock, read the log
    before the first committed, and used to die on the unique key (IntegrityError)."""
    if connection.vendor != "postgresql":
        pytest.skip("the race needs PostgreSQL's row locks (SQLite serialises whole writes)")
    action = Action("bump", "ann", {})
    loser: dict[str, Any] = {}

    def second() -> None:
        try:
            loser["outcome"] = services.play(encounter.pk, pip.pk, action, "raced")
        except Exception as exc:  # recorded for the assertion below
            loser["error"] = exc
        finally:
            connections.close_all()

    with transaction.atomic():
        winner = services.play(encounter.pk, pip.pk, action, "raced")
        thread = threading.Thread(target=second)
        thread.start()
        time.sleep(0.5)  # the second is now waiting on the encounter's row lock
    thread.join(timeout=10)

    assert "error" not in loser, loser.get("error")
    assert not loser["outcome"].fresh
    assert [e.seq for e in loser["outcome"].events] == [e.seq for e in winner.events]
    assert services.Event.objects.filter(encounter=encounter, idempotency_key="raced").count() == 1


@pytest.fixture
def harness_backend(encounter: Any) -> int:
    """The test harness's own connection (kept for teardown), which the fault must spare."""
    if connection.vendor != "postgresql":
        pytest.skip("pg_terminate_backend is PostgreSQL's")
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return int(cursor.fetchone()[0])


def _other_backends(spare: int, *, terminate: bool = False) -> int:
    """How many other connections to this database there are (the pool's, waiting); with
    `terminate`, pg_terminate_backend on each of them, as a restart would."""
    counted = "pg_terminate_backend(pid)" if terminate else "*"
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT count({counted}) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid() AND pid <> %s",
            [spare],
        )
        row = cursor.fetchone()
    return int(row[0]) if row else 0


def _terminate_backends(spare: int) -> int:
    return _other_backends(spare, terminate=True)


async def test_handshakes_and_actions_survive_dropped_database_connections(
    encounter: Any, gwen: Any, pip: Any, harness_backend: int
) -> None:
    first = await join(pip, encounter)  # fills the pool with connections
    await still_open(first, "before")
    for _ in range(100):  # the pool opens its connections in the background
        if await database_sync_to_async(_other_backends)(harness_backend) >= 1:
            break
        await asyncio.sleep(0.02)

    assert await database_sync_to_async(_terminate_backends)(harness_backend) >= 1

    player = await join(pip, encounter)  # the session lookup gets a live connection
    await still_open(player, "after")
    await first.disconnect()
    await player.disconnect()


# --- the channel layer (Redis) away -------------------------------------------------------------


def free_port() -> int:
    with sockets.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def private_redis(settings: Any) -> Iterator[dict[str, Any]]:
    """A Redis of this test's own on a free port, as the channel layer; `stop`/`start` it."""
    server = shutil.which("redis-server")
    if server is None:
        if os.environ.get("TABULA_CI"):
            pytest.fail("redis-server is needed (TABULA_CI=1: a missing service is a failure)")
        pytest.skip("redis-server is not installed")
    port = free_port()
    running: dict[str, Any] = {"port": port, "process": None}

    def start() -> None:
        running["process"] = subprocess.Popen(
            [
                server,
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
        )
        for _ in range(100):
            with sockets.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    return
            time.sleep(0.05)
        raise RuntimeError("private redis-server did not start")

    def stop() -> None:
        process = running["process"]
        if process is not None and process.poll() is None:
            process.terminate()
            process.wait(timeout=10)

    running.update(start=start, stop=stop)
    start()
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [f"redis://127.0.0.1:{port}/0"], "expiry": 10},
        }
    }
    channel_layers.backends.clear()
    try:
        yield running
    finally:
        stop()
        channel_layers.backends.clear()


async def test_with_redis_away_sockets_stay_open_actions_commit_and_pages_are_told(
    encounter: Any, gwen: Any, pip: Any, private_redis: dict[str, Any], settings: Any
) -> None:
    settings.VTT_HEARTBEAT_SECONDS = 60
    gm, player = await join(gwen, encounter), await join(pip, encounter)

    private_redis["stop"]()
    await player.send_to(text_data=chat("/roll 1d6", "while-away"))

    seen: list[str] = []
    for _ in range(3):  # the events frame (this process) and the paused notice, in any order
        seen.append(await player.receive_from(timeout=5))
        if any("events" in f for f in seen) and any("live-status" in f for f in seen):
            break
    assert any('data-frame="events"' in f and "pip rolled" in f for f in seen)
    assert any("live updates from other servers paused" in f for f in seen)
    assert await count_events(encounter) == 2
    late = await join(pip, encounter)  # new connections are accepted while Redis is away
    assert "live updates from other servers paused" in await late.receive_from(timeout=5)

    private_redis["start"]()
    resumed = ""
    for _ in range(10):
        resumed = await gm.receive_from(timeout=10)
        if 'data-frame="live"' in resumed and "data-paused" not in resumed:
            break
    assert 'data-frame="live"' in resumed
    assert "paused" not in resumed
    assert 'data-frame="heartbeat"' in await gm.receive_from(timeout=5)  # catch up from here
    for socket in (gm, player, late):
        await socket.disconnect()
    await asyncio.sleep(0)
