"""Broadcast fan-out latency: N websocket clients at one table, one of them rolls at a fixed rate.

Measures, for each N, the time from a chat roll's send to the LAST client's receipt of its event
frame (p50, p99), against Tabula (Daphne + channels-redis + PostgreSQL) and against a bare
`websockets` server fanning out a pre-rendered fragment; also each server's memory per idle
connection. See bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import websockets
from websockets.asyncio.client import ClientConnection

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.livestack import LiveStack, free_port, rss_kib

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/tabula"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
TARGETS_MS = {6: 15.0, 50: 30.0, 250: 100.0}
TARGET_KIB_PER_CONNECTION = 100.0
TABLE_TITLE = "Dice at the table"
# The frame kind and the newest seq a frame carries (templates/encounters/_frame.html).
FRAME_RE = re.compile(r'data-frame="(?P<frame>\w+)"[^>]*?data-seq="(?P<seq>\d+)"')

# Adds bench users as (unseated) players of the demo campaign that holds TABLE_TITLE and prints
# the encounter id; the GM, player1 and player2 are already members.
_SETUP_SCRIPT = """
from django.contrib.auth import get_user_model
from vtt.campaigns.models import Membership, Role
from vtt.encounters.models import Encounter
encounter = Encounter.objects.filter(title=TITLE).order_by("pk").first()
assert encounter is not None, "no demo encounter titled " + TITLE
User = get_user_model()
for name in NAMES:
    user, _ = User.objects.get_or_create(username=name)
    Membership.objects.get_or_create(
        campaign_id=encounter.campaign_id, user=user, defaults={"role": Role.PLAYER}
    )
print("ENCOUNTER", encounter.pk)
"""


@dataclass
class Client:
    """One socket of the swarm and the first time it saw each event seq."""

    ws: ClientConnection
    seen: dict[int, float] = field(default_factory=dict)
    task: asyncio.Task[None] | None = None
    start_seq: int = 0
    errors: list[str] = field(default_factory=list)


@dataclass
class Result:
    """The figures of one swarm run."""

    server: str
    clients: int
    latencies_ms: list[float]
    lost: int
    kib_per_connection: float

    @property
    def p50(self) -> float:
        return percentile(self.latencies_ms, 50)

    @property
    def p99(self) -> float:
        return percentile(self.latencies_ms, 99)


def percentile(values: Sequence[float], pct: float) -> float:
    """The `pct` percentile by the nearest-rank method (p99 of 200 is the second worst)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * pct // 100))
    return ordered[int(rank) - 1]


def event_seq(frame: str) -> int | None:
    """The newest seq of an events frame, or None for any other frame."""
    match = FRAME_RE.search(frame)
    if match is None or match["frame"] != "events":
        return None
    return int(match["seq"])


def hello_seq(frame: str) -> int:
    match = FRAME_RE.search(frame)
    if match is None:
        raise RuntimeError(f"unexpected first frame: {frame[:200]!r}")
    return int(match["seq"])


async def _listen(client: Client) -> None:
    with contextlib.suppress(websockets.ConnectionClosed):
        async for frame in client.ws:
            text = frame if isinstance(frame, str) else frame.decode()
            seq = event_seq(text)
            if seq is not None:
                if seq not in client.seen:
                    client.seen[seq] = time.perf_counter()
            elif 'data-frame="error"' in text:
                client.errors.append(re.sub(r"<[^>]+>", " ", text).strip())


async def open_swarm(
    url: str | Sequence[str], headers: Sequence[dict[str, str]], origin: str, batch: int = 25
) -> list[Client]:
    """Opens one socket per header set (in batches), reads each hello, starts the listeners.

    With several URLs (one per server process) the sockets are dealt out round-robin, as a
    reverse proxy does; the first socket (the sender) goes to the first URL.
    """
    clients: list[Client] = []
    urls = [url] if isinstance(url, str) else list(url)

    async def one(index: int, extra: dict[str, str]) -> Client:
        ws = await websockets.connect(
            urls[index % len(urls)],
            additional_headers=extra,
            origin=origin,
            max_size=2**22,
            open_timeout=60,  # type: ignore[arg-type]
        )
        first = await asyncio.wait_for(ws.recv(), timeout=60)
        client = Client(
            ws, start_seq=hello_seq(first if isinstance(first, str) else first.decode())
        )
        return client

    for start in range(0, len(headers), batch):
        chunk = range(start, min(start + batch, len(headers)))
        clients.extend(await asyncio.gather(*(one(i, headers[i]) for i in chunk)))
    for client in clients:
        client.task = asyncio.create_task(_listen(client))
    return clients


async def close_swarm(clients: Sequence[Client]) -> None:
    await asyncio.gather(*(c.ws.close() for c in clients), return_exceptions=True)
    for client in clients:
        if client.task:
            client.task.cancel()
    await asyncio.gather(*(c.task for c in clients if c.task), return_exceptions=True)


async def fan_out(
    clients: Sequence[Client],
    message: Callable[[int], str],
    *,
    actions: int,
    warmup: int,
    rate: float,
    settle: float = 30.0,
) -> tuple[list[float], int]:
    """Sender = clients[0] sends `warmup + actions` messages at `rate`/s; returns latencies, lost.

    The i-th new event seq the sender sees answers its i-th message (one event per roll, in order).
    """
    sender = clients[0]
    sent: list[float] = []
    start = time.perf_counter()
    for index in range(warmup + actions):
        delay = start + index / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        sent.append(time.perf_counter())
        await sender.ws.send(message(index))
    deadline = time.perf_counter() + settle
    total = warmup + actions
    while time.perf_counter() < deadline:
        new = [s for s in sender.seen if s > sender.start_seq]
        if len(new) >= total and all(max(new) in c.seen for c in clients):
            break
        await asyncio.sleep(0.05)
    order = sorted(s for s in sender.seen if s > sender.start_seq)
    if sender.errors:
        raise RuntimeError(f"the server refused actions: {sender.errors[:3]}")
    latencies: list[float] = []
    lost = 0
    missing: set[int] = set()
    for index in range(warmup, total):
        if index >= len(order):  # not even the sender heard of it within the settle time
            lost += 1
            continue
        seq = order[index]
        receipts = [c.seen.get(seq) for c in clients]
        if any(r is None for r in receipts):
            lost += 1
            missing.update(i for i, r in enumerate(receipts) if r is None)
            continue
        latencies.append((max(r for r in receipts if r is not None) - sent[index]) * 1000)
    if missing:
        closed = sum(1 for i in missing if clients[i].ws.close_code is not None)
        print(
            f"  {len(missing)} of {len(clients)} clients missed frames ({closed} of them closed)",
            flush=True,
        )
    return latencies, lost


async def idle_memory(
    pids: Sequence[int], open_clients: Callable[[], object]
) -> tuple[list[Client], float]:
    """RSS growth of the server processes per socket while the swarm opens and idles, in KiB."""
    before = sum(rss_kib(pid) for pid in pids)
    clients: list[Client] = await open_clients()  # type: ignore[misc]
    await asyncio.sleep(2)
    after = sum(rss_kib(pid) for pid in pids)
    return clients, (after - before) / len(clients)


# --- Tabula -------------------------------------------------------------------------------------


def roll_message(index: int) -> str:
    return json.dumps({"command": "chat", "text": "/roll 2d6+3", "key": str(uuid.uuid4())})


async def bench_tabula(
    stack: LiveStack, encounter_id: int, cookies: list[str], args: argparse.Namespace
) -> list[Result]:
    results = []
    ws_urls = [
        url.replace("http://", "ws://") + f"/ws/encounters/{encounter_id}/" for url in stack.urls
    ]
    pids = [stack.pid(i) for i in range(len(stack.servers))]
    # Warm every server process (imports, template caches) before measuring its memory.
    warm_headers = [{"Cookie": f"sessionid={cookies[0]}"}] * len(ws_urls)
    warm = await open_swarm(ws_urls, warm_headers, stack.url)
    await fan_out(warm, roll_message, actions=5, warmup=0, rate=args.rate)
    await close_swarm(warm)
    for n in args.clients:
        headers = [{"Cookie": f"sessionid={cookie}"} for cookie in cookies[:n]]
        clients, kib = await idle_memory(
            pids, lambda headers=headers: open_swarm(ws_urls, headers, stack.url)
        )
        try:
            latencies, lost = await fan_out(
                clients, roll_message, actions=args.actions, warmup=args.warmup, rate=args.rate
            )
        finally:
            await close_swarm(clients)
        results.append(Result("tabula", n, latencies, lost, kib))
        if lost:
            for index in range(len(stack.servers)):
                lines = [ln for ln in stack.log(index).splitlines() if '"WS' not in ln]
                print(f"  Daphne {index} said:\n    " + "\n    ".join(lines[-20:]), flush=True)
        print(
            f"  tabula n={n}: p50 {results[-1].p50:.1f} ms, p99 {results[-1].p99:.1f} ms",
            flush=True,
        )
        await asyncio.sleep(1)
    return results


LAYER_SETTINGS = {"core": "vtt.settings", "pubsub": "bench.settings_pubsub"}


def start_tabula(
    workdir: Path, users: int, layer: str = "core", processes: int = 1
) -> tuple[LiveStack, int, list[str]]:
    """Tabula on a fresh database with `users` extra players, `processes` Daphnes, `layer`."""
    stack = LiveStack(
        workdir=workdir,
        database_url=os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL,
        redis_url=os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL,
        processes=processes,
        extra_env={"DJANGO_SETTINGS_MODULE": LAYER_SETTINGS[layer]},
    )
    stack.start()
    names = [f"bench{i:04d}" for i in range(users)]
    out = stack.shell(f"TITLE = {TABLE_TITLE!r}\nNAMES = {names!r}\n" + _SETUP_SCRIPT)
    encounter_id = int(next(ln for ln in out.splitlines() if ln.startswith("ENCOUNTER")).split()[1])
    sessions = stack.sessions("player1", "gm", "player2", *names)
    ordered = [sessions["player1"], sessions["gm"], sessions["player2"]] + [
        sessions[n] for n in names
    ]
    return stack, encounter_id, ordered


# --- the bare websockets server -----------------------------------------------------------------


def bare_server(port: int, fragment_path: str) -> None:
    """A plain `websockets` server: every message received makes it fan out the next fragment."""
    from websockets.asyncio.server import broadcast, serve

    template = Path(fragment_path).read_text()
    connections: set[object] = set()
    seq = 0

    async def handler(ws: websockets.asyncio.server.ServerConnection) -> None:
        nonlocal seq
        connections.add(ws)
        try:
            await ws.send(template.replace("__FRAME__", "hello").replace("__SEQ__", str(seq)))
            async for _message in ws:
                seq += 1
                frame = template.replace("__FRAME__", "events").replace("__SEQ__", str(seq))
                broadcast(connections, frame)  # type: ignore[arg-type]
        finally:
            connections.discard(ws)

    async def main() -> None:
        async with serve(handler, "127.0.0.1", port, max_size=2**16):
            print("READY", flush=True)
            await asyncio.Future()

    asyncio.run(main())


async def bench_bare(fragment: str, args: argparse.Namespace, workdir: Path) -> list[Result]:
    port = free_port()
    path = workdir / "fragment.html"
    path.write_text(fragment)
    server = subprocess.Popen(
        [sys.executable, __file__, "--bare-server", str(port), str(path)], stdout=subprocess.PIPE
    )
    try:
        assert server.stdout is not None
        if server.stdout.readline().strip() != b"READY":
            raise RuntimeError("the bare server did not start")
        url = f"ws://127.0.0.1:{port}/"
        results = []
        warm = await open_swarm(url, [{}], "http://127.0.0.1")
        await close_swarm(warm)
        for n in args.clients:
            clients, kib = await idle_memory(
                [server.pid], lambda n=n: open_swarm(url, [{}] * n, "http://127.0.0.1")
            )
            try:
                latencies, lost = await fan_out(
                    clients,
                    lambda i: "roll",
                    actions=args.actions,
                    warmup=args.warmup,
                    rate=args.rate,
                )
            finally:
                await close_swarm(clients)
            results.append(Result("bare", n, latencies, lost, kib))
            print(
                f"  bare   n={n}: p50 {results[-1].p50:.1f} ms, p99 {results[-1].p99:.1f} ms",
                flush=True,
            )
        return results
    finally:
        server.terminate()
        server.wait(timeout=10)


async def capture_fragment(stack: LiveStack, encounter_id: int, cookie: str) -> str:
    """One real events frame of Tabula, with its frame kind and seq made placeholders."""
    ws_url = stack.url.replace("http://", "ws://") + f"/ws/encounters/{encounter_id}/"
    async with websockets.connect(
        ws_url, additional_headers={"Cookie": f"sessionid={cookie}"}, origin=stack.url
    ) as ws:  # type: ignore[arg-type]
        await ws.recv()
        await ws.send(roll_message(0))
        while True:
            frame = str(await asyncio.wait_for(ws.recv(), timeout=10))
            if event_seq(frame) is not None:
                break
    match = FRAME_RE.search(frame)
    assert match is not None
    return (
        frame[: match.start("frame")]
        + "__FRAME__"
        + frame[match.end("frame") : match.start("seq")]
        + "__SEQ__"
        + frame[match.end("seq") :]
    )


# --- report -------------------------------------------------------------------------------------


def table(tabula: list[Result], bare: list[Result]) -> str:
    """The Markdown table of both servers' figures, one row per swarm size."""
    header = (
        "clients",
        "Tabula p50",
        "Tabula p99",
        "target p99",
        "bare p50",
        "bare p99",
        "p99 ratio",
        "lost",
        "Tabula KiB/conn",
        "bare KiB/conn",
    )
    rows = ["| " + " | ".join(header) + " |", "|" + "---:|" * len(header)]
    for t, b in zip(tabula, bare, strict=True):
        target = TARGETS_MS.get(t.clients)
        met = "" if target is None else (" ✓" if t.p99 <= target else " ✗")
        cells = (
            str(t.clients),
            f"{t.p50:.1f} ms",
            f"{t.p99:.1f} ms{met}",
            "" if target is None else f"{target:.0f} ms",
            f"{b.p50:.1f} ms",
            f"{b.p99:.1f} ms",
            f"{t.p99 / b.p99:.1f}×",
            str(t.lost),
            f"{t.kib_per_connection:.0f}",
            f"{b.kib_per_connection:.0f}",
        )
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


async def main(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="tabula-bench-") as tmp:
        workdir = Path(tmp)
        users = max(args.clients)
        print(
            f"starting Tabula ({args.processes} Daphne, channels-redis {args.layer} layer, "
            "PostgreSQL), "
            f"{users} users ...",
            flush=True,
        )
        stack, encounter_id, cookies = start_tabula(
            workdir / "tabula", users, args.layer, args.processes
        )
        try:
            fragment = await capture_fragment(stack, encounter_id, cookies[0])
            print(
                f"one events frame is {len(fragment)} bytes; "
                f"{args.actions} actions at {args.rate}/s per run",
                flush=True,
            )
            tabula = await bench_tabula(stack, encounter_id, cookies, args)
        except BaseException:
            errors = [ln for ln in stack.log().splitlines() if '"WS' not in ln and '"GET' not in ln]
            print(
                "Daphne's log (access lines left out):\n" + "\n".join(errors[-60:]), file=sys.stderr
            )
            raise
        finally:
            stack.stop()
        print("bare websockets server ...", flush=True)
        bare = await bench_bare(fragment, args, workdir)
    report = table(tabula, bare)
    print()
    print(report)
    missed = [t for t in tabula if t.clients in TARGETS_MS and t.p99 > TARGETS_MS[t.clients]]
    # The largest swarm gives the least noisy figure (allocator steps blur a handful of sockets).
    biggest = max(tabula, key=lambda t: t.clients)
    print()
    print(
        "targets: "
        + (
            "all p99 met"
            if not missed
            else "p99 missed for N=" + ", ".join(str(t.clients) for t in missed)
        )
    )
    verdict = "within" if biggest.kib_per_connection <= TARGET_KIB_PER_CONNECTION else "over"
    print(
        f"memory: {biggest.kib_per_connection:.0f} KiB per idle connection at N={biggest.clients}, "
        f"{verdict} the {TARGET_KIB_PER_CONNECTION:.0f} KiB target"
    )
    if args.markdown:
        Path(args.markdown).write_text(report + "\n")
    return 0


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[6, 50, 250])
    parser.add_argument("--actions", type=int, default=200, help="measured actions per run")
    parser.add_argument("--warmup", type=int, default=10, help="unmeasured actions first")
    parser.add_argument("--rate", type=float, default=10.0, help="actions per second")
    parser.add_argument("--markdown", help="also write the table to this file")
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="Daphne processes sharing Redis and PostgreSQL; sockets dealt out round-robin",
    )
    parser.add_argument(
        "--layer",
        choices=sorted(LAYER_SETTINGS),
        default="core",
        help="channels-redis layer: core (vtt/settings.py) or pubsub (bench/settings_pubsub.py)",
    )
    parser.add_argument(
        "--bare-server", nargs=2, metavar=("PORT", "FRAGMENT"), help=argparse.SUPPRESS
    )
    return parser.parse_args(argv)


if __name__ == "__main__":
    arguments = parse_args(sys.argv[1:])
    if arguments.bare_server:
        bare_server(int(arguments.bare_server[0]), arguments.bare_server[1])
    else:
        sys.exit(asyncio.run(main(arguments)))
