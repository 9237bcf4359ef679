"""The scene map's secrets (SCENE-HIDE-1), for the systems that play on a map to add to theirs.

tests/rules/test_non_interference.py compares what a player can ask of two states that differ
only in what it may not see. Here the pairs put the state on a map with every combatant's token
shown, and then one other combatant's token GM-only: standing in the viewer's way or far off, or
not on the map at all; and a GM-only wall painted in the viewer's way or not. The viewer's moves
are resolved square by square (RESOLVED in the test): a hidden token or wall stops the move the
same way whatever it is, and no refusal depends on them.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from rules.core.system import Audience

Json = dict[str, Any]
COLS, ROWS = 12, 10


def _mapped(state: Json, unit: str, viewer: str, hidden: str) -> tuple[Json, tuple[int, int]]:
    """The state on a 12 by 10 map: the viewer at (2, 4), everyone else shown along the top
    row, `hidden`'s token left off; a wall at (6, 6)."""
    mapped = copy.deepcopy(state)
    tokens: Json = {viewer: {"at": [2, 4], "gm_only": False}}
    others = [who for who in state["combatants"] if who not in (viewer, hidden)]
    for n, who in enumerate(others):
        tokens[who] = {"at": [n % COLS, 0], "gm_only": False}
    mapped["scene"] = {
        "cols": COLS,
        "rows": ROWS,
        "cell": "1",
        "unit": unit,
        "cells": {"6,6": {"terrain": "wall", "gm_only": False}},
        "tokens": tokens,
    }
    return mapped, (2, 4)


def scene_pairs(
    state: Json, unit: str, viewer: str, audience: Audience, hidden: str
) -> Iterator[tuple[Audience, Json, Json]]:
    """SCENE-HIDE-1: pairs differing only in a GM-only token and a GM-only square."""
    base, (x, y) = _mapped(state, unit, viewer, hidden)
    in_the_way = copy.deepcopy(base)
    in_the_way["scene"]["tokens"][hidden] = {"at": [x + 1, y], "gm_only": True}
    far_off = copy.deepcopy(base)
    far_off["scene"]["tokens"][hidden] = {"at": [COLS - 1, ROWS - 1], "gm_only": True}
    yield audience, in_the_way, far_off
    yield audience, base, in_the_way
    walled = copy.deepcopy(base)
    walled["scene"]["cells"][f"{x},{y + 1}"] = {"terrain": "wall", "gm_only": True}
    walled["scene"]["cells"][f"{x + 1},{y + 1}"] = {"terrain": "difficult", "gm_only": True}
    yield audience, base, walled


def unseen_squares(
    state: Json, unit: str, viewer: str, audience: Audience, hidden: str
) -> Iterator[tuple[Audience, Json, Json]]:
    """SCENE-HIDE-2: the GM-only token of `hidden` on two squares the viewer cannot tell apart:
    near it, on a darkness square behind heavy cover painted for everyone, or far off at the
    edge behind a wall shown to everyone. A player's attack on it is previewed, refused and
    reached the same way from both (its square, so its distance, cover, line and darkness, is
    unknown to them)."""
    base, (x, y) = _mapped(state, unit, viewer, hidden)
    cells = base["scene"]["cells"]
    cells[f"{x + 2},{y}"] = {"terrain": "cover_heavy", "gm_only": False}
    cells[f"{x + 3},{y}"] = {"terrain": "dark", "gm_only": False}
    cells[f"{COLS - 3},{y}"] = {"terrain": "wall", "gm_only": False}
    near = copy.deepcopy(base)
    near["scene"]["tokens"][hidden] = {"at": [x + 3, y], "gm_only": True}
    far = copy.deepcopy(base)
    far["scene"]["tokens"][hidden] = {"at": [COLS - 1, y], "gm_only": True}
    yield audience, near, far


def viewer_of(state: Json) -> str | None:
    """The combatant a pair is seen by: whoever's turn it is, else the first a player plays."""
    combatants = state["combatants"]
    for key in ("current",):
        now = state.get(key)
        if isinstance(now, str) and now in combatants:
            return now
    played = [who for who, c in combatants.items() if c.get("controller", "gm") != "gm"]
    return played[0] if played else next(iter(combatants), None)


def hidden_walk(key: str, state: Json, hidden: str) -> Json | None:
    """`state` after the GM-only token of `hidden` (standing far off, in the bottom right
    corner) stepped one square on the map, as its combatant moves; None when the rules refuse
    it now (not its turn). The pair (state, walked) must read the same to every player:
    whatever a GM-only combatant does on the map is the GM's (SCENE-HIDE-1)."""
    from rules.core.dice import SeededDice
    from rules.core.errors import RulesError
    from rules.core.registry import get_system
    from rules.core.system import Action

    system = get_system(key)
    loaded = system.load(copy.deepcopy(state))
    action = Action("scene_move", hidden, {"who": hidden, "x": COLS - 2, "y": ROWS - 1})
    try:
        events = system.resolve(loaded, action, SeededDice(7))
    except RulesError:
        return None
    for event in events:
        loaded = system.apply(loaded, event)
    walked: Json = system.dump(loaded)
    return walked


def far_off(state: Json, unit: str, viewer: str, hidden: str) -> Json:
    """The state on the map with `hidden`'s token GM-only in the bottom right corner."""
    base, _ = _mapped(state, unit, viewer, hidden)
    base["scene"]["tokens"][hidden] = {"at": [COLS - 1, ROWS - 1], "gm_only": True}
    return base
