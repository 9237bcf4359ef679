"""The fault suite: two Daphne processes over PostgreSQL and a private Redis, clients like table.js.

Each fault runs under traffic; afterwards every client, having caught up over HTTP as the page
does, has shown every event exactly once and in order, no action it was told had failed was
stored, every action it sent was stored once, and `manage.py replay_encounter` replays the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import websockets

from bench.livestack import LiveStack

pytestmark = [pytest.mark.faults, pytest.mark.redis, pytest.mark.postgres]

TABLE_TITLE = "Dice at the table"
FRAME_RE = re.compile(r'data-frame="(?P<frame>\w+)"(?: data-seq="(?P<seq>\d+)")?')
KEY_RE = re.compile(
    r'^<div data-frame="\w+"[^>]*? data-key="(?P<key>[^"]+)"(?P<retry> data-retry)?'
)
ROW_RE = re.compile(r'<li id="event-(\d+)"')
FIGURES: dict[str, Any] = {}
# How often each busy page sends an action: with its resends after "sent again" (one each, a
# second or two later) it stays under the server's per-socket message rate.
SEND_EVERY = 0.25


def _fail_or_skip(reason: str) -> None:
    if os.environ.get("TABULA_CI"):
        pytest.fail(f"{reason} (TABULA_CI=1: a missing service is a failure)")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PrivateRedis:
    """A redis-server of this suite's own on a free port (never the shared one): stop, start."""

    def __init__(self, server: str) -> None:
        self.server, self.port = server, _free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                self.server,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
        )
        for _ in range(200):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise RuntimeError("the private redis-server did not start")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def redis() -> Iterator[PrivateRedis]:
    server = shutil.which("redis-server")
    if server is None:
        _fail_or_skip("the fault suite needs redis-server")
    assert server is not None
    private = PrivateRedis(server)
    private.start()
    try:
        yield private
    finally:
        private.stop()


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory, redis: PrivateRedis) -> Iterator[LiveStack]:
    database_url = os.environ.get("DATABASE_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        _fail_or_skip("the fault suite needs PostgreSQL in DATABASE_URL")
    live = LiveStack(
        workdir=tmp_path_factory.mktemp("faults"),
        database_url=database_url,
        redis_url=redis.url,
        processes=2,
    )
    with live:
        yield live


@pytest.fixture(scope="module")
def encounter(stack: LiveStack) -> int:
    out = stack.shell(
        "from vtt.encounters.models import Encounter\n"
        f"found = Encounter.objects.filter(title={TABLE_TITLE!r}).order_by('pk').first()\n"
        "print('ENCOUNTER', found.pk)"
    )
    return int(next(ln for ln in out.splitlines() if ln.startswith("ENCOUNTER")).split()[1])


@pytest.fixture(scope="module")
def sessions(stack: LiveStack) -> dict[str, str]:
    return stack.sessions("gm", "player1", "player2")


@dataclass
class Client:
    """One page: a socket to one process, seqs shown once each, gaps fetched over HTTP."""

    stack: LiveStack
    encounter: int
    session: str
    index: int
    last: int = -1
    shown: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # error frames other than "sent again"
    server_errors: list[str] = field(default_factory=list)  # sockets the server closed with 1011
    pending: dict[str, str] = field(default_factory=dict)  # sent, not yet answered "done"
    keys: list[str] = field(default_factory=list)  # every idempotency key this page sent
    done: set[str] = field(default_factory=set)  # keys the server confirmed
    retried: int = 0  # "the database did not answer; sent again" frames, each acted on
    sent_at: dict[str, float] = field(default_factory=dict)
    slowest: float = 0.0  # the longest a send waited for its "done", in seconds
    resends: set[asyncio.Task[None]] = field(default_factory=set)
    reconnects: int = 0
    ws: Any = None
    stopped: bool = False

    def _url(self, index: int) -> str:
        return self.stack.urls[index]

    def _alive(self) -> list[int]:
        return [i for i, s in enumerate(self.stack.servers) if s.poll() is None]

    async def catch_up(self) -> None:
        url = f"{self._url(self._alive()[0])}/encounters/{self.encounter}/events/?after={self.last}"

        def fetch() -> str:
            request = urllib.request.Request(url, headers={"Cookie": f"sessionid={self.session}"})
            with urllib.request.urlopen(request, timeout=15) as response:
                return str(response.read().decode())

        for _ in range(50):
            try:
                self.apply(await asyncio.to_thread(fetch), catch_up=True)
                return
            except urllib.error.HTTPError as error:
                # 503 is the page's "ask again shortly" (the database is being replaced); any
                # other status is a server error the page would show, not ride out
                if error.code != 503:
                    raise AssertionError(f"catch-up answered {error.code}") from error
                await asyncio.sleep(0.2)
            except OSError:  # the process is gone or restarting: the page tries another
                await asyncio.sleep(0.2)
        raise AssertionError("catch-up over HTTP never answered")

    def apply(self, html: str, catch_up: bool = False) -> None:
        rows = [int(n) for n in ROW_RE.findall(html)]
        new = [n for n in rows if n > self.last]
        if catch_up or not rows or rows[0] == self.last + 1:
            self.shown.extend(new)
            match = FRAME_RE.search(html)
            seq = int(match["seq"]) if match and match["seq"] else 0
            self.last = max(self.last, seq, *new) if new else max(self.last, seq)

    async def handle(self, html: str) -> None:
        match = FRAME_RE.search(html)
        if not match:
            return
        kind, seq = match["frame"], int(match["seq"] or 0)
        if kind == "events":
            first = int(re.search(r'data-first="(\d+)"', html)[1]) if "data-first" in html else seq  # type: ignore[index]
            if seq <= self.last:
                return
            if first != self.last + 1:
                await self.catch_up()
                return
            self.apply(html)
        elif kind in ("hello", "heartbeat"):
            if self.last < 0:
                self.last = seq  # the page renders the log up to here
            elif seq > self.last:
                await self.catch_up()
        elif kind == "done":
            key = KEY_RE.match(html)["key"]  # type: ignore[index]
            self.pending.pop(key, None)
            self.done.add(key)
            self.slowest = max(self.slowest, time.monotonic() - self.sent_at.get(key, 0.0))
        elif kind == "error":
            answer = KEY_RE.match(html)
            if answer and answer["retry"]:  # as table.js: sent again, same key, a moment later
                self.retried += 1
                task = asyncio.create_task(self.resend(answer["key"]))
                self.resends.add(task)
                task.add_done_callback(self.resends.discard)
            else:
                self.errors.append(html)

    async def resend(self, key: str) -> None:
        await asyncio.sleep(1)
        message = self.pending.get(key)
        if message is not None and self.ws is not None:
            with contextlib.suppress(websockets.WebSocketException):
                await self.ws.send(message)

    async def run(self) -> None:
        while not self.stopped:
            alive = self._alive()
            index = self.index if self.index in alive else alive[0]
            url = self._url(index).replace("http://", "ws://") + f"/ws/encounters/{self.encounter}/"
            try:
                async with websockets.connect(
                    url,
                    additional_headers={"Cookie": f"sessionid={self.session}"},
                    origin=self._url(index),  # type: ignore[arg-type]
                    open_timeout=5,
                ) as ws:
                    self.ws = ws
                    for message in list(self.pending.values()):  # unanswered: sent again
                        await ws.send(message)
                    async for raw in ws:
                        await self.handle(raw if isinstance(raw, str) else raw.decode())
            except websockets.ConnectionClosed as closed:
                # a dropped or killed connection has no close frame; 1011 is the server's
                # "internal error": a fault it should have ridden out
                if closed.rcvd is not None and closed.rcvd.code == 1011:
                    self.server_errors.append(f"closed 1011 {closed.rcvd.reason}")
            except (OSError, websockets.WebSocketException, TimeoutError):
                pass
            self.ws = None
            if not self.stopped:
                self.reconnects += 1
                await asyncio.sleep(0.3)

    async def send(self, text: str, key: str | None = None) -> str:
        key = key or str(uuid.uuid4())
        message = json.dumps({"command": "chat", "text": text, "key": key})
        self.pending[key] = message
        self.keys.append(key)
        self.sent_at.setdefault(key, time.monotonic())
        if self.ws is not None:
            with contextlib.suppress(websockets.WebSocketException):
                await self.ws.send(message)
        return key


def stored(stack: LiveStack, encounter: int) -> tuple[int, dict[str, int]]:
    """The encounter's seq and how many events each idempotency key stored."""
    out = stack.shell(
        "import json\nfrom django.db.models import Count\n"
        "from vtt.encounters.models import Encounter\nfrom vtt.eventlog.models import Event\n"
        f"e = Encounter.objects.get(pk={encounter})\n"
        f"keys = Event.objects.filter(encounter_id={encounter}).exclude(idempotency_key='')"
        ".values('idempotency_key').annotate(n=Count('id'))\n"
        "print('STORED ' + json.dumps([e.seq, {k['idempotency_key']: k['n'] for k in keys}]))"
    )
    seq, keys = json.loads(next(ln for ln in out.splitlines() if ln.startswith("STORED "))[7:])
    return int(seq), dict(keys)


async def traffic(
    stack: LiveStack,
    encounter: int,
    sessions: dict[str, str],
    fault: Any,
    seconds: float = 6.0,
) -> dict[str, Any]:
    """Four pages on both processes roll dice while `fault` runs; then everything is checked."""
    clients = [
        Client(stack, encounter, sessions[name], index)
        for name, index in (("gm", 0), ("player1", 1), ("player2", 0), ("player1", 1))
    ]
    tasks = [asyncio.create_task(c.run()) for c in clients]
    while any(c.last < 0 for c in clients):
        await asyncio.sleep(0.05)
    start = max(c.last for c in clients)
    sent: list[str] = []
    began = time.monotonic()
    fault_task = asyncio.create_task(fault(clients))
    n = 0
    while time.monotonic() - began < seconds or not fault_task.done():
        for c in clients[:3]:
            sent.append(await c.send("/roll 1d6"))
            n += 1
        await asyncio.sleep(SEND_EVERY)
    await fault_task
    # Settle: the pages alone (resending on reconnect and on "sent again") get every send
    # answered "done"; nothing here sends anything again. Then everyone catches up.
    deadline = time.monotonic() + 30
    while any(c.pending for c in clients) and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    seq, keys = stored(stack, encounter)
    for c in clients:
        await c.catch_up()
        c.stopped = True
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    sent = sorted({k for c in clients for k in c.keys})  # the raced keys too
    lost = sorted(set(sent) - set(keys))
    unanswered = sorted({k for c in clients for k in c.keys} - {k for c in clients for k in c.done})
    slowest = max(c.slowest for c in clients)
    counts = f"sent {len(sent)}, stored {len(set(sent) & set(keys))}, unanswered {len(unanswered)}"
    assert lost == [], f"{len(lost)} sent actions never stored ({counts})"
    assert unanswered == [], f"{len(unanswered)} sends never confirmed ({counts})"
    assert all(keys[k] == 1 for k in sent), "an action was stored twice"
    for c in clients:
        base = c.shown[0] - 1 if c.shown else seq
        assert c.shown == list(range(base + 1, seq + 1)), "a client lost, repeated or reordered"
        assert base <= start
        # the only error answered is "sent again" (acted on above): no action refused
        assert c.errors == [], c.errors[:2]
        assert c.server_errors == [], c.server_errors[:2]
    stack.manage("replay_encounter", str(encounter))
    return {
        "actions": len(sent),
        "confirmed": len({k for c in clients for k in c.done}),
        "events": seq - start,
        "errors_answered": sum(c.retried for c in clients),
        "slowest_answer_s": round(slowest, 1),
        "reconnects": sum(c.reconnects for c in clients),
        "lost": 0,
    }


async def test_duplicate_and_conflicting_actions_raced_across_processes(
    stack: LiveStack, encounter: int, sessions: dict[str, str]
) -> None:
    async def race(clients: list[Client]) -> None:
        for _ in range(20):
            key = str(uuid.uuid4())
            # the same key through both processes at once, from the same user
            await asyncio.gather(
                clients[1].send("/roll 1d8", key), clients[3].send("/roll 1d8", key)
            )
            await asyncio.sleep(0.05)

    FIGURES["race"] = await traffic(stack, encounter, sessions, race, seconds=3)


async def test_sockets_dropped_mid_stream(
    stack: LiveStack, encounter: int, sessions: dict[str, str]
) -> None:
    async def drop(clients: list[Client]) -> None:
        for _ in range(6):
            await asyncio.sleep(0.5)
            for c in clients:
                if c.ws is not None:
                    c.ws.transport.abort() if hasattr(c.ws, "transport") else await c.ws.close()

    FIGURES["drop"] = await traffic(stack, encounter, sessions, drop)


async def test_database_connections_terminated(
    stack: LiveStack, encounter: int, sessions: dict[str, str]
) -> None:
    async def terminate(clients: list[Client]) -> None:
        for _ in range(3):
            await asyncio.sleep(1)
            _terminate_servers_connections(stack)

    FIGURES["pg_terminate"] = await traffic(stack, encounter, sessions, terminate)


def _live_database(stack: LiveStack) -> str:
    return stack.live_database_url.rsplit("/", 1)[1] if stack.live_database_url else ""


def _terminate_servers_connections(stack: LiveStack) -> None:
    import psycopg

    with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (_live_database(stack),),
        )


async def test_database_away_for_seven_seconds(
    stack: LiveStack, encounter: int, sessions: dict[str, str]
) -> None:
    """As a restart: every connection dropped, and new ones refused for 7 s: longer than the
    server retries an action (vtt/dbretry.py), so some are answered "sent again" and resent."""
    import psycopg

    def allow(allowed: bool) -> None:
        with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as conn:
            conn.execute(f'ALTER DATABASE "{_live_database(stack)}" ALLOW_CONNECTIONS {allowed}')

    async def away(clients: list[Client]) -> None:
        await asyncio.sleep(1)
        allow(False)
        try:
            _terminate_servers_connections(stack)
            await asyncio.sleep(7)
        finally:
            allow(True)

    FIGURES["database_away"] = await traffic(stack, encounter, sessions, away, seconds=9)


async def test_a_send_met_by_terminated_connections_is_answered_at_once(
    stack: LiveStack, encounter: int, sessions: dict[str, str]
) -> None:
    """The sender of an action that meets dead connections hears "done" within a second or two
    (not after the pool's 1, 2, 4... s waits on the process's one database thread), a new socket
    is accepted as fast, and the same key sent again is answered without being applied twice."""
    url = stack.urls[0].replace("http://", "ws://") + f"/ws/encounters/{encounter}/"
    headers = {"Cookie": f"sessionid={sessions['player1']}"}

    async def answer(ws: Any, key: str) -> str:
        while True:
            frame = await asyncio.wait_for(ws.recv(), 10)
            found = KEY_RE.match(frame)
            if found and found["key"] == key:
                return str(frame)

    async def roll(ws: Any, key: str) -> float:
        began = time.monotonic()
        await ws.send(json.dumps({"command": "chat", "text": "/roll 1d4", "key": key}))
        assert 'data-frame="done"' in await answer(ws, key)
        return time.monotonic() - began

    async with websockets.connect(url, additional_headers=headers, origin=stack.urls[0]) as ws:
        await ws.recv()  # the hello
        await roll(ws, str(uuid.uuid4()))  # the process holds connections now, pooled and kept
        # several connections idle in the pool: each page load takes one
        await asyncio.gather(*(asyncio.to_thread(_get, stack, sessions["gm"]) for _ in range(4)))
        _terminate_servers_connections(stack)
        key = str(uuid.uuid4())
        assert await roll(ws, key) < 2.0
        began = time.monotonic()
        async with websockets.connect(url, additional_headers=headers, origin=stack.urls[0]) as new:
            assert 'data-frame="hello"' in await asyncio.wait_for(new.recv(), 10)
        assert time.monotonic() - began < 2.0
        await roll(ws, key)  # the same key again: answered "done", not applied again
    assert stored(stack, encounter)[1][key] == 1


def _get(stack: LiveStack, session: str) -> None:
    request = urllib.request.Request(
        stack.urls[0] + "/", headers={"Cookie": f"sessionid={session}"}
    )
    with urllib.request.urlopen(request, timeout=15):
        pass


async def test_redis_stopped_for_ten_seconds(
    stack: LiveStack, encounter: int, sessions: dict[str, str], redis: PrivateRedis
) -> None:
    async def outage(clients: list[Client]) -> None:
        await asyncio.sleep(1)
        redis.stop()
        await asyncio.sleep(10)
        redis.start()
        back = time.monotonic()
        await asyncio.sleep(2)
        FIGURES["redis_back_after"] = round(time.monotonic() - back, 1)

    FIGURES["redis"] = await traffic(stack, encounter, sessions, outage, seconds=14)


async def test_one_daphne_killed_under_traffic(
    stack: LiveStack, encounter: int, sessions: dict[str, str]
) -> None:
    async def kill(clients: list[Client]) -> None:
        await asyncio.sleep(1.5)
        os.kill(stack.pid(1), signal.SIGKILL)
        stack.servers[1].wait(timeout=10)

    FIGURES["kill"] = await traffic(stack, encounter, sessions, kill)
    Path(stack.workdir / "figures.json").write_text(json.dumps(FIGURES, indent=1))
    print("FAULT FIGURES", json.dumps(FIGURES))
