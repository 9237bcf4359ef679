"""The sums of a time control (vtt/remote/models.py TimeControl), given the time: no database.

A side's clock runs while the table waits for it (vtt/encounters/waiting.py `awaited`). When
the table stops waiting for it, the time it took leaves its bank and the increment comes in,
up to the cap; a side that is waited for again starts from there. So a phase of many moves is
one move for the clock, as a turn is in a game played by post.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

# The defaults a new time control offers: three days in the bank, a day more per move, at most
# five days banked. A game by post at one move a day keeps its bank; one that stalls for four
# days runs out.
DEFAULT_BANK_HOURS = 72
DEFAULT_INCREMENT_HOURS = 24
DEFAULT_CAP_HOURS = 120
MOST_HOURS = 24 * 60  # any of the three: at most sixty days


def now() -> datetime:
    """The time the clocks read (a test sets its own)."""
    return timezone.now()


def started(since: str) -> datetime:
    return datetime.fromisoformat(since)


def seconds_left(control: Any, side: str, now: datetime) -> float:
    """The side's time left now (negative once it has run out)."""
    left = float(control.left.get(side, control.bank_seconds))
    since = control.running.get(side)
    if since is not None:
        left -= (now - started(since)).total_seconds()
    return left


def out_of_time(control: Any, now: datetime) -> str | None:
    """The side whose running clock has run out, if any (the first by name)."""
    for side in sorted(control.running):
        if seconds_left(control, side, now) <= 0:
            return str(side)
    return None


def ran_out_at(control: Any, side: str) -> datetime:
    """When the side's running clock reached zero."""
    since = started(control.running[side])
    return since + timedelta(seconds=float(control.left.get(side, control.bank_seconds)))


def follow(control: Any, before: Iterable[str], after: Iterable[str], now: datetime) -> None:
    """The table waited for the sides `before` and now waits for `after`: stop the clocks of
    the sides no longer waited for (their time spent out, the increment in, up to the cap) and
    start those newly waited for."""
    after = set(after)
    for side in set(before) | set(control.running):
        if side in after or side not in control.running:
            continue
        left = seconds_left(control, side, now) + control.increment_seconds
        control.left[side] = int(min(left, control.cap_seconds))
        del control.running[side]
    for side in sorted(after):
        control.left.setdefault(side, control.bank_seconds)
        control.running.setdefault(side, now.isoformat())


def extend(control: Any, side: str, seconds: int, now: datetime) -> None:
    """The opponent gave a side that ran out this much more time, from now."""
    control.left[side] = int(seconds)
    if side in control.running:
        control.running[side] = now.isoformat()


def stop_all(control: Any, now: datetime) -> None:
    """The game is over: every clock stops where it is (no increment)."""
    for side in list(control.running):
        control.left[side] = int(max(seconds_left(control, side, now), 0))
        del control.running[side]
