"""A session's record (its transcript, the 染色 log of dice-bot groups): the GM marks where a
session starts, pauses, goes on and ends with `.log new/off/on/end <name>`; the lines of a table
between a start (or a resumption) and the next pause or end belong to that session.

The marks are the table's own events (`table.session_marked`) in each table's log, so a session
may be recorded at several tables of a campaign; which lines a session holds is read from the
marks alone (`recorded`). Deciding whether a mark is allowed (the GM's, a name not used twice) is
the table server's: it knows the campaign's other tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.messages import Message
from rules.core.system import Event, said

MARKED = "table.session_marked"
TRANSCRIBED = "table.transcribed"  # a line of a transcript brought in from a file
NEW, ON, OFF, END = "new", "on", "off", "end"
MARKS = (NEW, ON, OFF, END)
MAX_NAME = 80  # characters of a session's name

# What a mark is typed as: dice bots' English words and the Chinese groups type.
MARK_WORDS = {
    "new": NEW,
    "新建": NEW,
    "新": NEW,
    "on": ON,
    "开启": ON,
    "继续": ON,
    "off": OFF,
    "暂停": OFF,
    "关闭": OFF,
    "end": END,
    "结束": END,
}

BEGAN = Message("table.session.began", "The GM began recording the session {name}.")
RESUMED = Message("table.session.resumed", "The GM resumed recording the session {name}.")
PAUSED = Message("table.session.paused", "The GM paused recording the session {name}.")
FINISHED = Message("table.session.ended", "The GM ended the session {name}.")
LINES = {NEW: BEGAN, ON: RESUMED, OFF: PAUSED, END: FINISHED}


def marked(mark: str, name: str) -> Event:
    """The event of one mark: `new`, `on`, `off` or `end` of the session `name`."""
    return said(MARKED, LINES[mark](name=name), {"mark": mark, "name": name})


@dataclass(frozen=True)
class Where:
    """What a table's marks say now: the session it records (or last recorded) and whether it
    records now."""

    name: str | None = None
    recording: bool = False


def where(marks: Iterable[tuple[str, str]]) -> Where:
    """A table's state after its marks, each (mark, name) in order."""
    now = Where()
    for mark, name in marks:
        if mark in (NEW, ON):
            now = Where(name, True)
        elif mark == OFF:
            now = Where(name or now.name, False)
        elif mark == END:
            now = Where()
    return now


def recorded(rows: Sequence[tuple[str, Any]], name: str) -> list[int]:
    """The positions in `rows` (each (kind, payload), in the table's order) that session `name`
    recorded: after its `new`/`on` and before the next mark that stops it. Marks themselves are
    no lines of the record."""
    found: list[int] = []
    recording: str | None = None
    for position, (kind, payload) in enumerate(rows):
        if kind == MARKED and isinstance(payload, dict):
            mark, named = payload.get("mark"), payload.get("name")
            recording = named if mark in (NEW, ON) else None
        elif recording == name:
            found.append(position)
    return found


def sessions(marks: Iterable[tuple[str, str]]) -> dict[str, bool]:
    """Every session the marks name, in the order first marked, and whether it has ended."""
    found: dict[str, bool] = {}
    for mark, name in marks:
        found[name] = mark == END
    return found
