"""The game state before each entry this process committed, so an undo need not refold the log.

An undo takes back the newest game entry not taken back yet (`rules.core.log.last_revertible`).
Every game entry after it is taken back already, and none before it can have been taken back
since it was played (an undo would have taken it back first). So the state after the undo is
the state from just before that entry was played, which is kept here when it commits: the GM's
undo then costs three small queries, not a read of the whole log (which grew with every event).
An entry another process played, or one pushed out of this bounded store, is refolded from the
log as before; tests/vtt/test_states_before.py checks both give the same state.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

from vtt.encounters.models import Encounter

# Kept as JSON text: compact, and never walked by the garbage collector (a few hundred decoded
# states would be hundreds of thousands of tracked objects, slowing every full collection).
SIZE = 512
_kept: OrderedDict[tuple[int, str, int], str] = OrderedDict()
_lock = threading.Lock()


def keep(encounter_id: int, seed: str, index: int, state: Any) -> None:
    """`state` (dumped) came before entry `index`, now committed (only committed entries are
    kept). By the encounter's id and secret seed: on SQLite an id a rolled-back encounter had
    may be given again; a seed is the encounter's own."""
    text = json.dumps(state, separators=(",", ":"))
    with _lock:
        _kept[encounter_id, seed, index] = text
        while len(_kept) > SIZE:
            _kept.popitem(last=False)


def before(encounter: Encounter, index: int) -> Any | None:
    """The dumped state from before entry `index`, if this process kept it."""
    with _lock:
        text = _kept.get((encounter.pk, encounter.seed, index))
    return None if text is None else json.loads(text)


def forget_all() -> None:
    with _lock:
        _kept.clear()
