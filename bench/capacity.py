"""Capacity: how many tables one machine serves, over 1, 2 and 4 Daphne processes.

Starts real Daphne processes against PostgreSQL and Redis (as docker compose runs them, on a new
database, `bench/livestack.py`) and plays tables at once: each a GM, two players and three
observers, whose GM plays the gameplay bench's real actions (bench/gameplay.py: a Delta Green
burst, a mech attack, an SCS move and an SCS overrun, each table one of them) and their undos,
one message every `--interval` seconds. The sockets are dealt round-robin over the processes, as
a proxy does, so a table's six usually sit on different processes. The number of tables rises
until the p99 (send to the table's last socket) passes 100 ms. Each client follows the page's
rules (static/js/table.js): a frame whose first seq is not the next it expects, or a heartbeat
ahead of it, is a gap, and the client fetches the catch-up over HTTP as the page does.

A second scenario replays issue 30's finding 11: 100 sockets on 5 Call of Cthulhu encounters,
40 of them rolling at one line a second each, over one process and over two, the sockets placed
as the shipped nginx.conf does (each encounter's on one process) and dealt round-robin (every
frame of an encounter also through Redis to the other process, as when a socket lands elsewhere).

It reports, per run: tables, actions per second, p50/p99/max, frames lost, catch-up fetches,
memory per socket, and where the CPU went (the Daphnes, Redis, PostgreSQL's backends of the
bench database, the bench's own clients, and the rest of the machine). See bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import itertools
import json
import os
import random
import re
import sys
import tempfile
import time
import uuid
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.broadcast import DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, FRAME_RE, percentile
from bench.gameplay import (
    _CASE_SCRIPT,
    _SETUP_SCRIPT,
    Case,
    act_message,
    cases,
    cpu_ms,
    undo_message,
)
from bench.livestack import LiveStack, rss_kib
from rules.core.registry import bench_cases

TARGET_P99_MS = 100.0
FIRST_RE = re.compile(r'data-first="(\d+)"')
TOKEN_RE = re.compile(r"1d100\+(\d+)")
OBSERVERS = ("obs000", "obs001", "obs002")
TABLE = ("gm", "player1", "player2", *OBSERVERS)
DOCS = Path(__file__).resolve().parent.parent / "docs" / "performance.md"
BEGIN, END = "<!-- capacity:begin -->", "<!-- capacity:end -->"


@dataclass
class Client:
    """One page's socket: when each seq (and each roll token) arrived, and the page's `last`."""

    ws: Any
    url: str  # the server process it is on, for its catch-up fetches
    cookie: str
    encounter: int
    last: int = 0
    start: int = 0
    seen: dict[int, float] = field(default_factory=dict)
    tokens: dict[int, float] = field(default_factory=dict)
    catch_ups: int = 0
    syncing: bool = False
    fetches: set[asyncio.Task[None]] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)
    task: asyncio.Task[None] | None = None


async def catch_up(client: Client) -> None:
    """The page's catch-up: GET the events after its last seq (static/js/table.js `catchUp`).
    The socket is read on meanwhile (a browser receives while the page fetches); frames that
    come during it are handled after it, as the page holds them."""
    client.catch_ups += 1
    client.syncing = True
    try:
        await asyncio.to_thread(_fetch, client, client.last)
    except Exception as exc:  # counted; the page would try again
        client.errors.append(f"catch-up failed: {exc!r}")
    finally:
        client.syncing = False


def _fetch(client: Client, after: int) -> None:
    host, port = client.url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        connection.request(
            "GET",
            f"/encounters/{client.encounter}/events/?after={after}",
            headers={"Cookie": f"sessionid={client.cookie}", "HX-Request": "true"},
        )
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            raise RuntimeError(f"HTTP {response.status}")
    finally:
        connection.close()


def fetch(client: Client) -> None:
    """Start a catch-up without stopping the socket's reads."""
    task = asyncio.create_task(catch_up(client))
    client.fetches.add(task)
    task.add_done_callback(client.fetches.discard)


async def listen(client: Client) -> None:
    """Read frames as the page does; a gap or a heartbeat ahead is one catch-up fetch."""
    try:
        async for raw in client.ws:
            now = time.perf_counter()
            text = raw if isinstance(raw, str) else raw.decode()
            match = FRAME_RE.search(text)
            if match is None:
                continue
            kind, seq = match["frame"], int(match["seq"])
            if kind == "events":
                client.seen.setdefault(seq, now)
                for token in TOKEN_RE.findall(text):
                    client.tokens.setdefault(int(token), now)
                first = int(m.group(1)) if (m := FIRST_RE.search(text)) else seq
                if seq <= client.last:
                    continue
                if first != client.last + 1 and not client.syncing:
                    fetch(client)
                client.last = seq
            elif kind == "heartbeat" and seq > client.last and not client.syncing:
                fetch(client)
                client.last = seq
            elif kind == "error":
                client.errors.append(re.sub(r"<[^>]+>", " ", text).strip()[:300])
    except websockets.ConnectionClosed:
        return


async def open_clients(
    urls: Sequence[str], plan: Sequence[tuple[int, str]], batch: int = 20, by_table: bool = False
) -> list[Client]:
    """A socket per (encounter, cookie), dealt round-robin over the server URLs, or with
    `by_table` every socket of an encounter on one of them (as deploy/nginx.conf's hash of the
    socket's address places them)."""

    async def one(index: int, encounter: int, cookie: str) -> Client:
        # by table: a hash of the socket's path, as nginx's `hash $request_uri` spreads them
        path = f"/ws/encounters/{encounter}/"
        url = urls[(zlib.crc32(path.encode()) if by_table else index) % len(urls)]
        for attempt in range(5):  # a server starved of CPU may drop a handshake: again
            try:
                ws = await websockets.connect(
                    url.replace("http://", "ws://") + path,
                    additional_headers={"Cookie": f"sessionid={cookie}"},
                    origin=url,  # type: ignore[arg-type]
                    max_size=2**24,
                    open_timeout=120,
                    ping_interval=None,  # a starved bench must not close its own sockets
                )
                break
            except (OSError, websockets.InvalidMessage):
                if attempt == 4:
                    raise
                await asyncio.sleep(1 + attempt)
        hello = await asyncio.wait_for(ws.recv(), timeout=120)
        match = FRAME_RE.search(str(hello))
        assert match, f"no hello: {str(hello)[:200]}"
        client = Client(ws, url, cookie, encounter, last=int(match["seq"]), start=int(match["seq"]))
        client.task = asyncio.create_task(listen(client))
        return client

    clients: list[Client] = []
    for start in range(0, len(plan), batch):
        chunk = range(start, min(start + batch, len(plan)))
        clients += await asyncio.gather(*(one(i, *plan[i]) for i in chunk))
    return clients


async def close_clients(clients: Sequence[Client]) -> None:
    await asyncio.gather(*(c.ws.close() for c in clients), return_exceptions=True)
    for client in clients:
        if client.task:
            client.task.cancel()
    await asyncio.gather(*(c.task for c in clients if c.task), return_exceptions=True)


# --- where the CPU goes --------------------------------------------------------------------------


def _cpu_of(pids: Sequence[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):  # a backend that ended
            total += cpu_ms(pid)
    return total


def _loop_cpu_of(pids: Sequence[int]) -> float:
    """CPU of the Daphnes' main threads (the event loop: sockets, Channels, autobahn, Redis, the
    hub, the heartbeats' timers), in ms; the rest of a Daphne's CPU is its worker threads' (the
    actions, their renders, the sockets' database calls)."""
    total = 0.0
    for pid in pids:
        try:  # MAKE_THREAD_CPUCLOCK(tid, SCHED): the thread's own clock, to the nanosecond
            total += time.clock_gettime(((~pid) << 3) | 6) * 1000
        except OSError:
            with contextlib.suppress(OSError):
                total += int(Path(f"/proc/{pid}/task/{pid}/schedstat").read_text().split()[0]) / 1e6
    return total


def _redis_pids(url: str) -> list[int]:
    """The redis-server serving `url` (by the port in its command line)."""
    port = f":{urlsplit(url).port or 6379}"
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() != "redis-server":
                    continue
                if port in (entry / "cmdline").read_bytes().decode(errors="replace"):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def _machine_busy_ms() -> float:
    """CPU time the whole machine has spent busy (all cores), in ms (/proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields[:8]) - idle) * 1000 / os.sysconf("SC_CLK_TCK")


def _postgres_backends(stack: LiveStack) -> list[int]:
    """The PostgreSQL backends serving the bench's database now."""
    import psycopg

    assert stack.live_database_url
    with psycopg.connect(stack.live_database_url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid()"
        ).fetchall()
    return [row[0] for row in rows]


@dataclass
class Meter:
    """CPU of each part between `start` and `stop`, in ms."""

    stack: LiveStack
    daphnes: Sequence[int]
    marks: dict[str, float] = field(default_factory=dict)
    backends: dict[int, float] = field(default_factory=dict)

    def read(self) -> dict[str, float]:
        return {
            "daphne": _cpu_of(self.daphnes),
            "loop": _loop_cpu_of(self.daphnes),
            "redis": _cpu_of(_redis_pids(self.stack.redis_url or "")),
            "bench": time.process_time() * 1000,
            "machine": _machine_busy_ms(),
            "wall": time.perf_counter() * 1000,
        }

    def start(self) -> None:
        self.marks = self.read()
        self.backends = {pid: _cpu_of([pid]) for pid in _postgres_backends(self.stack)}

    def stop(self) -> dict[str, float]:
        now = self.read()
        spent = {key: now[key] - self.marks[key] for key in now}
        postgres = 0.0
        for pid in _postgres_backends(self.stack):
            postgres += _cpu_of([pid]) - self.backends.get(pid, 0.0)
        spent["postgres"] = postgres
        spent["other"] = spent["machine"] - sum(
            spent[k] for k in ("daphne", "redis", "bench", "postgres")
        )
        return spent


# --- the two scenarios ---------------------------------------------------------------------------


@dataclass
class Run:
    """What one load measured."""

    name: str
    processes: int
    tables: int
    sockets: int
    messages_per_second: float
    latencies_ms: list[float]
    lost: int
    catch_ups: int
    errors: int
    kib_per_socket: float
    cpu: dict[str, float]
    seconds: float
    # the latencies by what was sent (the case's action, or "undo"), for where the tail is
    by_kind: dict[str, list[float]] = field(default_factory=dict)

    @property
    def p99(self) -> float:
        return percentile(self.latencies_ms, 99)

    def ok(self) -> bool:
        return self.p99 <= TARGET_P99_MS and self.lost == 0 and self.errors == 0

    def cpu_per_message(self, part: str) -> float:
        return self.cpu[part] / max(1, len(self.latencies_ms) + self.lost)


async def measure(
    name: str,
    stack: LiveStack,
    processes: int,
    plan: Sequence[tuple[int, str]],
    senders: Sequence[tuple[int, list[str], float]],
    seconds: float,
    tables: int,
    by_table: bool = False,
) -> Run:
    """Open the sockets of `plan`, let each sender (socket index, messages, interval) send its
    messages in turn for `seconds`, and measure send to the last socket of its encounter."""
    urls = stack.urls[:processes]
    pids = [stack.pid(i) for i in range(processes)]
    before = sum(rss_kib(pid) for pid in pids)
    clients = await open_clients(urls, plan, by_table=by_table)
    await asyncio.sleep(2)
    kib = (sum(rss_kib(pid) for pid in pids) - before) / len(clients)
    by_encounter: dict[int, list[Client]] = {}
    for client in clients:
        by_encounter.setdefault(client.encounter, []).append(client)
    sent: list[tuple[Client, float, int | None]] = []  # sender, when, token (rolls)
    kinds: list[str] = []  # what each send was, in the order of `sent`
    meter = Meter(stack, pids)
    meter.start()
    began = time.perf_counter()

    async def play(index: int, messages: list[str], interval: float) -> None:
        phase = random.uniform(0, interval)  # the tables do not all act at once
        for n in itertools.count():
            when = began + phase + n * interval
            if when - began >= seconds:
                return
            await asyncio.sleep(max(0.0, when - time.perf_counter()))
            message = messages[n % len(messages)]
            token = next(iter(map(int, TOKEN_RE.findall(message))), None)
            if token is not None:  # a roll: each send its own number, matched by token
                message = message.replace(f"+{token}", f"+{token + n}")
                token += n
            sent.append((clients[index], time.perf_counter(), token))
            kinds.append(_kind_of(message))
            try:
                await clients[index].ws.send(_keyed(message))
            except websockets.ConnectionClosed as exc:  # counted as lost; this sender stops
                clients[index].errors.append(f"closed: {exc}")
                return

    await asyncio.gather(*(play(*sender) for sender in senders))
    cpu = meter.stop()
    each = await _latencies(sent, by_encounter)
    latencies = [ms for ms in each if ms is not None]
    lost = sum(1 for ms in each if ms is None)
    by_kind: dict[str, list[float]] = {}
    for kind, ms in zip(kinds, each, strict=True):
        if ms is not None:
            by_kind.setdefault(kind, []).append(ms)
    run = Run(
        name,
        processes,
        tables,
        len(clients),
        len(sent) / seconds,
        latencies,
        lost,
        sum(c.catch_ups for c in clients),
        sum(len(c.errors) for c in clients),
        kib,
        cpu,
        seconds,
        by_kind,
    )
    errors = [e for c in clients for e in c.errors]
    if errors:
        print(f"  {len(errors)} error frames, e.g. {errors[:2]}", flush=True)
    await close_clients(clients)
    return run


def _kind_of(message: str) -> str:
    """What a message is, for the breakdown: an action's kind, "undo", or "chat"."""
    content = json.loads(message)
    if content.get("command") == "act":
        return str(content.get("kind", "act"))
    return str(content.get("command", "?"))


def _keyed(message: str) -> str:
    """Each send its own idempotency key (the template's key is reused otherwise)."""
    content = json.loads(message)
    content["key"] = str(uuid.uuid4())
    return json.dumps(content)


async def _latencies(
    sent: Sequence[tuple[Client, float, int | None]],
    by_encounter: dict[int, list[Client]],
    settle: float = 20.0,
) -> list[float | None]:
    """Send to the last socket of the encounter, per send in order (None: lost): a roll by its
    token, an action by the seq of the sender's n-th frame (its table has no other sender)."""
    deadline = time.perf_counter() + settle
    answers: dict[int, list[int]] = {}

    def receipt(client: Client, at: float, token: int | None, nth: int) -> list[float | None]:
        table = by_encounter[client.encounter]
        if token is not None:
            return [c.tokens.get(token) for c in table]
        mine = answers.setdefault(id(client), [])
        if len(mine) <= nth:
            answers[id(client)] = mine = sorted(s for s in client.seen if s > client.start)
        if len(mine) <= nth:
            return [None]
        return [c.seen.get(mine[nth]) for c in table]

    counts: dict[int, int] = {}
    order = []
    for client, at, token in sent:
        nth = counts.get(id(client), 0)
        counts[id(client)] = nth + 1
        order.append((client, at, token, nth))
    while True:
        answers.clear()
        results = [(at, receipt(c, at, token, nth)) for c, at, token, nth in order]
        if all(None not in r for _, r in results) or time.perf_counter() > deadline:
            break
        await asyncio.sleep(0.2)
    return [
        None if None in r else (max(r) - at) * 1000  # type: ignore[type-var]
        for at, r in results
    ]


# --- set-up --------------------------------------------------------------------------------------


def coc_case() -> Case:
    """A Call of Cthulhu encounter of the rules bench's set-up (the finding's tables)."""
    bench = next(b for b in bench_cases("coc") if b.get("name") == "dynamite")
    return Case("coc", "coc", json.loads(json.dumps(bench["setup"])), (), bench["action"])


def make_encounters(stack: LiveStack, wanted: Sequence[Case]) -> list[int]:
    """One fresh encounter per case, with its prelude played (bench/gameplay.py's script)."""
    ids: list[int] = []
    for start in range(0, len(wanted), 100):
        chunk = wanted[start : start + 100]
        payload = [
            [
                f"{c.name} {start + i}",
                c.system,
                c.setup,
                [[a.kind, a.actor, dict(a.params)] for a in c.prelude],
                [c.action.kind, c.action.actor, dict(c.action.params)],
            ]
            for i, c in enumerate(chunk)
        ]
        path = stack.workdir / "cases.json"  # too long for a command line
        path.write_text(json.dumps(payload), encoding="utf-8")
        made = stack.shell(f"CASES = open({str(path)!r}).read()\n" + _CASE_SCRIPT, 1800)
        ids += [int(ln.split()[1]) for ln in made.splitlines() if ln.startswith("CASE")]
    return ids


def table_load(
    tables: Sequence[tuple[int, Case]], sessions: dict[str, str], interval: float
) -> tuple[list[tuple[int, str]], list[tuple[int, list[str], float]]]:
    """Six sockets per table; its GM (the first) plays the action, then its undo, in turn."""
    plan: list[tuple[int, str]] = []
    senders: list[tuple[int, list[str], float]] = []
    for encounter, case in tables:
        senders.append((len(plan), [act_message(case.action), undo_message()], interval))
        plan += [(encounter, sessions[name]) for name in TABLE]
    return plan, senders


def finding_load(
    encounters: Sequence[int], sessions: dict[str, str], sockets: int, senders: int, rate: float
) -> tuple[list[tuple[int, str]], list[tuple[int, list[str], float]]]:
    """`sockets` spread over the encounters; `senders` of them (GM and players) roll in turn."""
    plan = [
        (encounters[i % len(encounters)], sessions[TABLE[(i // len(encounters)) % 6]])
        for i in range(sockets)
    ]
    rollers = [
        i for i, (_, cookie) in enumerate(plan) if cookie in {sessions[n] for n in TABLE[:3]}
    ]
    chosen = rollers[:senders]
    out = [
        (index, [json.dumps({"command": "chat", "text": f"/roll 1d100+{k * 1000}"})], 1 / rate)
        for k, index in enumerate(chosen)
    ]
    return plan, out


# --- the report ----------------------------------------------------------------------------------


def row(run: Run) -> str:
    parts = ("daphne", "redis", "postgres", "bench", "other")
    cpu = " / ".join(f"{run.cpu_per_message(p):.1f}" for p in parts)
    busy = run.cpu["machine"] / (run.seconds * 1000 * (os.cpu_count() or 1)) * 100
    return (
        f"| {run.name} | {run.processes} | {run.tables} | {run.sockets} | "
        f"{run.messages_per_second:.1f} | {percentile(run.latencies_ms, 50):.0f} ms | "
        f"{run.p99:.0f} ms | {max(run.latencies_ms, default=float('nan')):.0f} ms | "
        f"{run.lost} ({run.errors}) | "
        f"{run.catch_ups} | {run.kib_per_socket:.0f} KiB | {cpu} | {busy:.0f}% |"
    )


def tail(run: Run) -> str:
    """p50/p99 by what was sent: which messages make the tail."""
    return "; ".join(
        f"{kind} p50 {percentile(ms, 50):.0f} / p99 {percentile(ms, 99):.0f} ms ({len(ms)})"
        for kind, ms in sorted(run.by_kind.items())
    )


def split(run: Run) -> str:
    """The Daphnes' CPU per message between the event loop and the worker threads."""
    loop = run.cpu_per_message("loop")
    return (
        f"Daphne CPU per message: event loop {loop:.1f} ms, worker threads "
        f"{run.cpu_per_message('daphne') - loop:.1f} ms"
    )


HEADER = (
    "| load | processes | tables | sockets | messages/s | p50 | p99 | max | lost (refused) "
    "| catch-ups "
    "| memory / socket | CPU ms per message: Daphne / Redis / PostgreSQL / bench / rest "
    "| machine busy |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|"
)


def machine_speed() -> float:
    """Seconds this interpreter takes for a fixed loop of ten million multiply-adds, on one core:
    the machines this runs on differ (the same commit's Daphne CPU per table message was 20 ms
    on one and 32 ms on another), so each report says how fast its machine was."""
    began = time.process_time()
    total = 0
    for i in range(10_000_000):
        total += i * i
    return time.process_time() - began


def knees(runs: Sequence[Run], interval: float) -> list[str]:
    lines = []
    cores = os.cpu_count() or 1
    for processes in sorted({r.processes for r in runs if r.name == "tables"}):
        passed = [r for r in runs if r.name == "tables" and r.processes == processes and r.ok()]
        if not passed:
            lines.append(f"{processes} process(es): no step met p99 ≤ {TARGET_P99_MS:g} ms")
            continue
        best = max(passed, key=lambda r: r.tables)
        per_second = best.tables / interval
        server_ms = sum(best.cpu_per_message(p) for p in ("daphne", "redis", "postgres"))
        lines.append(
            f"{processes} process(es): {best.tables} tables ({best.sockets} sockets) at p99 "
            f"{best.p99:.0f} ms, {per_second:.0f} actions/s, {best.tables / cores:.0f} tables "
            f"and {per_second / cores:.1f} actions/s per core; the server's CPU per action "
            f"{server_ms:.1f} ms (about {1000 / server_ms:.0f} actions/s per core-second)"
        )
    for name in sorted({r.name for r in runs if r.name.startswith("finding 11")}):
        finding = {r.processes: r for r in runs if r.name == name}
        if 1 in finding and 2 in finding:
            ratio = finding[2].p99 / finding[1].p99
            met = "met" if ratio <= 1.5 and finding[2].catch_ups == 0 else "MISSED"
            lines.append(
                f"{met}: {name} at 2 processes: p99 {ratio:.2f}× one process (target 1.5×), "
                f"{finding[2].catch_ups} catch-up fetches (target 0), {finding[2].lost} lost"
            )
    return lines


def write_docs(text: str) -> None:
    body = DOCS.read_text(encoding="utf-8")
    section = f"{BEGIN}\n{text}\n{END}"
    if BEGIN in body:
        body = body[: body.index(BEGIN)] + section + body[body.index(END) + len(END) :]
    else:
        body = body.rstrip() + "\n\n## Capacity (bench/capacity.py)\n\n" + section + "\n"
    DOCS.write_text(body, encoding="utf-8")


async def main(args: argparse.Namespace) -> int:
    if args.quick:
        args.processes, args.tables, args.seconds = [2], [20], 8.0
        args.finding_sockets, args.finding_senders, args.finding_seconds = 40, 16, 8.0
    load = os.getloadavg()
    speed = machine_speed()
    print(f"machine speed: 10^7 multiply-adds in {speed:.2f} s of one core's CPU", flush=True)
    if args.profile:  # bench/profiled.py writes into it and says nothing when it is missing
        Path(args.profile).mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="tabula-capacity-") as tmp:
        stack = LiveStack(
            workdir=Path(tmp),
            database_url=os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL,
            redis_url=os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL,
            processes=max(args.processes),
            profile_dir=Path(args.profile).resolve() if args.profile else None,
            # a profiled Daphne on a loaded machine takes longer than Daphne's 5 s to say hello
            daphne_args=["--websocket_connect_timeout", "120"] if args.profile else [],
            # many sockets of the same few demo users; the bench sends at a human pace
            # A key prefix outside "tabula*": a test run on the same Redis without a prefix of
            # its own flushes "tabula*", and with it every live stack's group members.
            extra_env={
                "VTT_SOCKETS_PER_USER": "0",
                "VTT_LOG_LEVEL": "ERROR",
                "VTT_CHANNEL_PREFIX": f"capacity-{uuid.uuid4().hex[:8]}",
            },
        )
        print(f"starting {max(args.processes)} Daphne processes ...", flush=True)
        stack.start()
        runs: list[Run] = []
        try:
            stack.shell(f"NAMES = {list(OBSERVERS)!r}\n" + _SETUP_SCRIPT)
            sessions = stack.sessions(*TABLE)
            kinds = cases()
            wanted = [kinds[i % len(kinds)] for i in range(max(args.tables, default=0))]
            finding_count = 5 if args.finding_sockets else 0
            print(f"making {len(wanted)} tables and {finding_count} CoC encounters ...", flush=True)
            ids = make_encounters(stack, wanted + [coc_case()] * finding_count)
            tables = list(zip(ids, wanted, strict=False))
            coc = ids[len(wanted) :]
            for processes in args.processes:
                for placement in args.finding_placement if args.finding_sockets else ():
                    plan, senders = finding_load(
                        coc, sessions, args.finding_sockets, args.finding_senders, 1.0
                    )
                    name = f"finding 11, {placement}"
                    print(f"{name}, {processes} process(es) ...", flush=True)
                    runs.append(
                        await measure(
                            name,
                            stack,
                            processes,
                            plan,
                            senders,
                            args.finding_seconds,
                            len(coc),
                            by_table=placement == "table",
                        )
                    )
                    print("  " + row(runs[-1]), flush=True)
                for count in args.tables:
                    plan, senders = table_load(tables[:count], sessions, args.interval)
                    print(f"{count} tables, {processes} process(es) ...", flush=True)
                    runs.append(
                        await measure(
                            "tables",
                            stack,
                            processes,
                            plan,
                            senders,
                            args.seconds,
                            count,
                            by_table=args.placement == "table",
                        )
                    )
                    print("  " + row(runs[-1]), flush=True)
                    print("  " + split(runs[-1]), flush=True)
                    print("  by message: " + tail(runs[-1]), flush=True)
                    if not runs[-1].ok():
                        break
        except BaseException:
            for index in range(len(stack.servers)):
                print(f"Daphne {index}:\n" + stack.log(index)[-3000:], file=sys.stderr)
            raise
        finally:
            stack.stop()
    verdicts = knees(runs, args.interval)
    text = "\n".join([HEADER, *map(row, runs)])
    print()
    print(text)
    print()
    print("\n".join(verdicts))
    if args.write_docs:
        stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        write_docs(
            f"Measured {stamp} with `python bench/capacity.py {' '.join(sys.argv[1:])}` on this "
            f"2-core machine (load average {load[0]:.1f}, {load[1]:.1f}, {load[2]:.1f} when it "
            f"began; the `rest` column is the CPU of everything else on the machine; its speed: "
            f"10^7 multiply-adds in {speed:.2f} s of CPU); one "
            f"message every {args.interval:g} s per table, {args.seconds:g} s per step.\n\n"
            f"{text}\n\n" + "\n".join(f"- {v}" for v in verdicts)
        )
    return 0


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument(
        "--tables",
        type=int,
        nargs="*",
        default=[50, 100, 200, 300, 400],
        help="the steps, rising; a process count stops at the first step that misses",
    )
    parser.add_argument(
        "--interval", type=float, default=5.0, help="seconds between a table's messages"
    )
    parser.add_argument("--seconds", type=float, default=30.0, help="per step")
    parser.add_argument(
        "--placement",
        choices=("spread", "table"),
        default="spread",
        help="the tables' sockets dealt round-robin over the processes (spread), or each "
        "table's on one process (table: deploy/nginx.conf's placement)",
    )
    parser.add_argument("--finding-sockets", type=int, default=100, help="0: skip finding 11")
    parser.add_argument(
        "--finding-placement",
        nargs="+",
        choices=("table", "spread"),
        default=["table", "spread"],
        help="finding 11's sockets as the shipped nginx.conf places them (table: an encounter's "
        "on one process) and dealt round-robin (spread: every frame also through Redis)",
    )
    parser.add_argument("--finding-senders", type=int, default=40)
    parser.add_argument("--finding-seconds", type=float, default=60.0)
    parser.add_argument(
        "--quick", action="store_true", help="one small step of each, under a minute"
    )
    parser.add_argument("--write-docs", action="store_true", help="update docs/performance.md")
    parser.add_argument(
        "--profile", default="", help="a directory: each Daphne's cProfile (all threads) goes there"
    )
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse_args(sys.argv[1:]))))
