"""A small scene map for a demo encounter (`manage.py load_demo`), laid out from its setup alone.

The players' characters (and their side's) stand on the left, the GM's on the right behind a
broken wall, with cover, difficult ground and a dark corner between them; the GM's last
character waits GM-only near heavy cover only the GM sees (SCENE-HIDE-1). The map is given in
the setup (SCENE-MAP-5), so the encounter starts on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.actions import GM_ACTOR
from rules.core.system import GameSystem, Json

COLS, ROWS = 16, 14
# (square, terrain, GM-only): painted so that no token of the layout below stands on them
PAINTED: tuple[tuple[tuple[int, int], str, bool], ...] = (
    *(((7, y), "wall", False) for y in (0, 1, 2, 3)),
    *(((7, y), "wall", False) for y in (10, 11, 12, 13)),
    ((5, 6), "cover_partial", False),
    ((5, 7), "cover_partial", False),
    ((9, 4), "cover_light", False),
    ((9, 9), "cover_full", False),
    ((8, 6), "difficult", False),
    ((8, 7), "difficult", False),
    ((14, 0), "dark", False),
    ((15, 0), "dark", False),
    ((13, 12), "cover_heavy", True),
)


def plays_on_map(system: GameSystem, setup: Mapping[str, Any]) -> bool:
    """Whether a system offers the GM the scene map's tools (SCENE-MAP-1)."""
    state = system.start(setup)
    forms = system.legal_actions(state, GM_ACTOR)
    return any(getattr(form, "kind", None) == "scene_setup" for form in forms)


def demo_map(setup: Mapping[str, Any]) -> Json:
    """The demo's map for a setup's combatants (at most seven a side)."""
    combatants = list(setup.get("combatants") or ())
    played = [c for c in combatants if str(c.get("controller") or GM_ACTOR) != GM_ACTOR]
    sides = {c.get("side") for c in played if c.get("side")}
    players = [c for c in combatants if c in played or (c.get("side") and c.get("side") in sides)]
    theirs = [c for c in combatants if c not in players]
    tokens: Json = {}
    for n, c in enumerate(players[:7]):
        tokens[str(c["id"])] = {"at": [2, 4 + n], "gm_only": False}
    for n, c in enumerate(theirs[:7]):
        lurking = len(theirs) > 1 and n == len(theirs[:7]) - 1
        tokens[str(c["id"])] = {"at": [14, 12] if lurking else [12, 4 + n], "gm_only": lurking}
    cells = {f"{x},{y}": {"terrain": kind, "gm_only": hidden} for (x, y), kind, hidden in PAINTED}
    return {"cols": COLS, "rows": ROWS, "cell": "1", "cells": cells, "tokens": tokens}


def with_demo_map(system: GameSystem, setup: Json) -> Json:
    """The setup on the demo's map when its system plays on one; as it was otherwise."""
    if "scene" in setup or not plays_on_map(system, setup):
        return setup
    return {**setup, "scene": demo_map(setup)}
