"""A chat line's read, kept for the sender's next line: one round trip per line instead of two.

A chat line needs the encounter's counters, seed, status and audiences and the sender's role, name
and dice preference (`services._encounter_row`). Between two lines of one sender these rarely
change, so the read behind a stored line is kept here, per process, and the sender's next line is
written straight from it. The write (vtt/encounters/append.py) lands only if every one of those is
still as kept, so a kept read gone stale costs a miss, never a wrong line: the line is then read
and written as usual. The counters move here after every entry this process commits, so lines of
several people at one table keep hitting.

PostgreSQL on the fast path only (vtt/fast): the checks live in its one-statement write.
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from typing import Any

# An Encounter row as services._encounter_row reads it (vtt.fast imports no app of vtt).
Encounter = Any

# Senders at tables this process served lately; the oldest is forgotten beyond this.
KEPT = 1024
_READS: OrderedDict[tuple[int, int], Encounter] = OrderedDict()
# Encounter id -> (seq, entries) after the newest entry this process committed.
_COUNTERS: dict[int, tuple[int, int]] = {}


def keep(encounter: Encounter, user_id: int) -> None:
    """The read behind the line `user_id` just stored, its counters past that line."""
    key = (encounter.pk, user_id)
    encounter.__dict__.pop("newest_entry", None)  # the line's rows: not needed again
    _READS[key] = encounter
    _READS.move_to_end(key)
    while len(_READS) > KEPT:
        _READS.popitem(last=False)


def kept(encounter_id: int, user_id: int) -> Encounter | None:
    """A copy of the kept read with the newest counters this process knows, or None."""
    found = _READS.get((encounter_id, user_id))
    if found is None:
        return None
    read = copy.copy(found)
    read.answered_entry = None  # a new key: the write's unique key checks it
    if (counters := _COUNTERS.get(encounter_id)) is not None and counters[0] > read.seq:
        read.seq, read.entries = counters
    return read


def forget(encounter_id: int, user_id: int) -> None:
    """The kept read did not hold: the sender's next line reads again."""
    _READS.pop((encounter_id, user_id), None)


def committed(encounter_id: int, seq: int, entries: int) -> None:
    """An entry of the encounter was committed here: its counters are now these."""
    known = _COUNTERS.get(encounter_id)
    if known is None or seq > known[0]:
        _COUNTERS[encounter_id] = (seq, entries)
    if len(_COUNTERS) > KEPT:
        _COUNTERS.pop(next(iter(_COUNTERS)))
