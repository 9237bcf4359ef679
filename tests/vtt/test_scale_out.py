"""Scale-out: two Daphne processes sharing Redis and PostgreSQL deliver each other's actions."""

from __future__ import annotations

import asyncio
import json
import os
import re
import uuid
from collections.abc import Iterator

import pytest
import websockets

from bench.livestack import LiveStack

pytestmark = [pytest.mark.redis, pytest.mark.postgres]

TABLE_TITLE = "Dice at the table"
FRAME_RE = re.compile(r'data-frame="(?P<frame>\w+)"[^>]*?data-seq="(?P<seq>\d+)"')


def require_services() -> tuple[str, str]:
    """The two service URLs; without them skip locally (saying why) and fail in CI."""
    missing = [name for name in ("DATABASE_URL", "REDIS_URL") if not os.environ.get(name)]
    if missing:
        reason = f"scale-out needs real PostgreSQL and Redis: set {' and '.join(missing)}"
        if os.environ.get("TABULA_CI"):
            pytest.fail(reason + " (TABULA_CI=1: a missing service is a failure)")
        pytest.skip(reason)
    database_url = os.environ["DATABASE_URL"]
    if not database_url.startswith(("postgres://", "postgresql://")):
        pytest.fail(f"DATABASE_URL must point at PostgreSQL for the scale-out test: {database_url}")
    return database_url, os.environ["REDIS_URL"]


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveStack]:
    database_url, redis_url = require_services()
    stack = LiveStack(
        workdir=tmp_path_factory.mktemp("scale-out"),
        database_url=database_url,
        redis_url=redis_url,
        processes=2,
    )
    with stack:
        yield stack


@pytest.fixture(scope="module")
def encounter(two_servers: LiveStack) -> int:
    """The demo chat table's id."""
    out = two_servers.shell(
        "from vtt.encounters.models import Encounter\n"
        f"found = Encounter.objects.filter(title={TABLE_TITLE!r}).order_by('pk').first()\n"
        "print('ENCOUNTER', found.pk)"
    )
    return int(next(ln for ln in out.splitlines() if ln.startswith("ENCOUNTER")).split()[1])


@pytest.fixture(scope="module")
def sessions(two_servers: LiveStack) -> dict[str, str]:
    """A logged-in session key for each demo user."""
    return two_servers.sessions("gm", "player1", "player2")


def frame_of(raw: str | bytes) -> tuple[str, int, str]:
    """A frame's kind, seq and text; the sender's "done" (its action answered) has no seq: 0."""
    text = raw if isinstance(raw, str) else raw.decode()
    if text.startswith('<div data-frame="done"'):
        return "done", 0, text
    if text.startswith('<div data-frame="error"'):  # the sender's refusal: no seq either
        return "error", 0, text
    match = FRAME_RE.search(text)
    assert match, f"every frame names its kind and seq: {text[:300]!r}"
    return match["frame"], int(match["seq"]), text


async def next_events_frame(ws: websockets.ClientConnection) -> tuple[int, str]:
    """The next events frame on this socket (heartbeats are skipped)."""
    while True:
        kind, seq, text = frame_of(await asyncio.wait_for(ws.recv(), timeout=15))
        assert kind != "error", text
        if kind == "events":
            return seq, text


async def acted(ws: websockets.ClientConnection, message: str) -> None:
    """Send an action as a page does, until it is answered "done": again when the answer asks
    for it (the database was too busy to take it), failing on any other refusal."""
    key = json.loads(message)["key"]
    async with asyncio.timeout(60):
        await ws.send(message)
        while True:
            kind, _, text = frame_of(await ws.recv())
            if kind == "done" and f'data-key="{key}"' in text:
                return
            if kind == "error":
                assert 'data-retry="true"' in text, text
                await asyncio.sleep(0.5)
                await ws.send(message)


async def joined(ws: websockets.ClientConnection) -> None:
    """Return once the socket's process hears the encounter's group.

    The server sends the hello, then joins the group; an action committed in between reaches this
    socket only as a heartbeat (the page then fetches it over HTTP). A consumer handles messages
    one at a time after its connect, so the answer to `/help` means the join is done.
    """
    await ws.send(json.dumps({"command": "chat", "text": "/help", "key": str(uuid.uuid4())}))
    while 'data-frame="help"' not in str(await asyncio.wait_for(ws.recv(), timeout=15)):
        pass


def socket_url(stack: LiveStack, index: int, encounter: int) -> str:
    return stack.urls[index].replace("http://", "ws://") + f"/ws/encounters/{encounter}/"


def connect(stack: LiveStack, index: int, encounter: int, session: str) -> websockets.connect:
    return websockets.connect(
        socket_url(stack, index, encounter),
        additional_headers={"Cookie": f"sessionid={session}"},
        origin=stack.urls[index],  # type: ignore[arg-type]
    )


async def test_servers_are_two_processes_on_two_ports(two_servers: LiveStack) -> None:
    assert len(set(two_servers.ports)) == 2
    assert len({two_servers.pid(0), two_servers.pid(1)}) == 2
    assert all(server.poll() is None for server in two_servers.servers)


async def test_roll_sent_through_one_process_arrives_through_the_other(
    two_servers: LiveStack, encounter: int, sessions: dict[str, str]
) -> None:
    stack = two_servers
    async with (
        connect(stack, 0, encounter, sessions["player1"]) as player,
        connect(stack, 1, encounter, sessions["gm"]) as gm,
    ):
        _, start, _ = frame_of(await player.recv())
        _, gm_start, _ = frame_of(await gm.recv())
        assert start == gm_start
        await joined(player)
        await joined(gm)

        await player.send(
            json.dumps({"command": "chat", "text": "/roll 2d6+3", "key": str(uuid.uuid4())})
        )

        gm_seq, gm_frame = await next_events_frame(gm)
        player_seq, player_frame = await next_events_frame(player)
        assert gm_seq == player_seq == start + 1
        for frame in (gm_frame, player_frame):
            assert "2d6+3" in frame
            assert "player1" in frame


async def test_gm_secret_roll_crosses_processes_redacted(
    two_servers: LiveStack, encounter: int, sessions: dict[str, str]
) -> None:
    stack = two_servers
    async with (
        connect(stack, 1, encounter, sessions["player1"]) as player,
        connect(stack, 0, encounter, sessions["gm"]) as gm,
    ):
        await player.recv()
        await gm.recv()
        await joined(player)
        await joined(gm)

        await gm.send(
            json.dumps({"command": "chat", "text": "/gmroll 1d100", "key": str(uuid.uuid4())})
        )

        gm_seq, gm_frame = await next_events_frame(gm)
        player_seq, player_frame = await next_events_frame(player)
        assert gm_seq == player_seq
        assert "1d100" in gm_frame
        # The player hears that a secret roll happened, not what was rolled.
        assert "The GM rolled dice in secret." in player_frame
        assert "1d100" not in player_frame


async def test_a_resent_action_is_applied_once_across_processes(
    two_servers: LiveStack, encounter: int, sessions: dict[str, str]
) -> None:
    stack = two_servers
    key = str(uuid.uuid4())
    message = json.dumps({"command": "chat", "text": "/roll 1d20", "key": key})
    async with (
        connect(stack, 0, encounter, sessions["player1"]) as first,
        connect(stack, 1, encounter, sessions["player1"]) as second,
        connect(stack, 1, encounter, sessions["player2"]) as watcher,
    ):
        for ws in (first, second, watcher):
            await ws.recv()
            await joined(ws)
        await acted(first, message)  # a page sends it again until it is stored
        seq, _ = await next_events_frame(watcher)
        # The same key again through the other process: answered with a heartbeat, not applied.
        await second.send(message)
        kind, answered_seq, _ = frame_of(await asyncio.wait_for(second.recv(), timeout=15))
        while kind in ("events", "done"):  # the broadcast may still come; "done" answers the key
            kind, answered_seq, _ = frame_of(await asyncio.wait_for(second.recv(), timeout=15))
        assert (kind, answered_seq) == ("heartbeat", seq)
        # The next new action is the very next seq: nothing was appended in between.
        await watcher.send(
            json.dumps({"command": "chat", "text": "/roll 1d4", "key": str(uuid.uuid4())})
        )
        next_seq, next_frame = await next_events_frame(watcher)
        assert next_seq == seq + 1
        assert "1d4" in next_frame
    stored = stack.shell(
        "from vtt.eventlog.models import Event\n"
        f"print('COUNT', Event.objects.filter(encounter_id={encounter}, "
        f"idempotency_key={key!r}).count())"
    )
    assert "COUNT 1" in stored


FIRST_RE = re.compile(r'data-first="(?P<first>\d+)"')


async def events_until(ws: websockets.ClientConnection, seq: int) -> list[tuple[int, int]]:
    """(first, last) of each events frame this socket receives, until one reaches `seq` (60 s
    at most); an error frame fails the test."""
    out: list[tuple[int, int]] = []
    async with asyncio.timeout(60):
        while not out or out[-1][1] < seq:
            kind, last, text = frame_of(await ws.recv())
            assert kind != "error", text
            if kind == "events":
                first = FIRST_RE.search(text)
                out.append((int(first["first"]) if first else last, last))
    return out


async def test_frames_from_both_processes_reach_every_socket_in_order(
    two_servers: LiveStack, encounter: int, sessions: dict[str, str]
) -> None:
    """Issue 30 (11): two senders on two processes play at once; every socket, on either
    process, gets each seq once and in order, so a page never sees a gap it would fetch over
    HTTP. Without ordering, a process sent its own frames at once and the other's when they
    came through Redis, often after a later local one."""
    stack = two_servers
    rounds = 12
    async with (
        connect(stack, 0, encounter, sessions["gm"]) as gm,
        connect(stack, 1, encounter, sessions["player1"]) as player,
        connect(stack, 0, encounter, sessions["player2"]) as watcher_here,
        connect(stack, 1, encounter, sessions["player2"]) as watcher_there,
    ):
        sockets = (gm, player, watcher_here, watcher_there)
        starts = [frame_of(await ws.recv())[1] for ws in sockets]
        for ws in sockets:
            await joined(ws)
        start = max(starts)
        received: list[list[tuple[int, int]]] = [[] for _ in sockets]
        for n in range(rounds):  # both at once: the two lines commit side by side
            for ws in (gm, player):
                text = f"/roll 1d{n + 2}"
                await ws.send(
                    json.dumps({"command": "chat", "text": text, "key": str(uuid.uuid4())})
                )
            end = start + 2 * (n + 1)
            for frames, got in zip(
                received,
                await asyncio.gather(*(events_until(ws, end) for ws in sockets)),
                strict=True,
            ):
                frames += got
    for frames in received:
        expected = start + 1
        for first, last in frames:
            assert first == expected, f"a gap or a frame out of order: {frames}"
            expected = last + 1
