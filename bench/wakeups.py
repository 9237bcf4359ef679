"""What a hand-off to a sleeping thread or process costs on this machine, by how long it slept.

A chat line at a quiet table crosses several of them before the viewers have it: the socket's
message wakes the server's event loop, which wakes the worker thread, which wakes PostgreSQL,
whose answer wakes the worker again, which wakes the loop, whose frames wake the viewers. A bare
websockets server has two (in and out). On a virtual machine whose idle processors halt (this
one's kernel runs with `haltpoll.guest_halt_poll_ns=0`), each of those costs far more after a
pause than back to back. This prints, beside each other, for pauses from none to 200 ms (the
gameplay bench's rate): a prepared `SELECT` round trip to PostgreSQL and a hop to a worker thread
and back (a plain executor, and asgiref's as Channels uses it).

    .venv/bin/python bench/wakeups.py [--database postgres://postgres@127.0.0.1/postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psycopg
from asgiref.sync import sync_to_async

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PAUSES_MS = (0.0, 1.0, 10.0, 50.0, 200.0)


def median_and_p90(samples: list[float]) -> str:
    ordered = sorted(samples)
    return f"{statistics.median(ordered):6.3f} / {ordered[int(len(ordered) * 0.9)]:6.3f} ms"


async def timed(call: Callable[[], Awaitable[object]], pause_ms: float, count: int) -> list[float]:
    found = []
    for n in range(count + 5):
        if pause_ms:
            time.sleep(pause_ms / 1000)  # the whole process sleeps, as a quiet server does
        started = time.perf_counter()
        await call()
        if n >= 5:
            found.append((time.perf_counter() - started) * 1000)
    return found


async def main(args: argparse.Namespace) -> int:
    loop = asyncio.get_running_loop()
    executor = ThreadPoolExecutor(max_workers=1)
    connection = await psycopg.AsyncConnection.connect(args.database, autocommit=True)

    async def round_trip() -> None:
        await connection.execute("SELECT 1", prepare=True)

    def nothing() -> None:
        return None

    rows = [
        ("PostgreSQL round trip (prepared SELECT 1)", round_trip),
        ("thread hop and back (plain executor)", lambda: loop.run_in_executor(executor, nothing)),
        ("thread hop and back (asgiref sync_to_async)", sync_to_async(nothing)),
    ]
    print(f"{'pause':>8} | " + " | ".join(f"{name}: p50 / p90" for name, _ in rows))
    for pause in PAUSES_MS:
        figures = [median_and_p90(await timed(call, pause, args.count)) for _, call in rows]
        print(f"{pause:>5.0f} ms | " + " | ".join(figures))
    await connection.close()
    return 0


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--database",
        default=os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres"),
    )
    parser.add_argument("--count", type=int, default=60, help="samples per pause")
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse_args(sys.argv[1:]))))
