"""SCENE-MAP-5: a map given in an encounter's setup (the encounter builder's, or typed as JSON)
is the encounter's map from its start, checked as the GM's map tools check it.

The setup's `scene` is shaped like `state["scene"]` (rules/scene/grid.py) and read as the
tools' forms read theirs: 4 to 80 squares across and down, a square above 0 (SCENE-MAP-1), each
painted square a known terrain on the map (SCENE-MAP-2), each token a combatant of the setup on
a square of the map that is neither a wall nor another's (SCENE-MAP-3). No `scene`: no map.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from rules.core.errors import IllegalAction
from rules.core.params import int_param
from rules.core.system import Json
from rules.scene import grid
from rules.scene import messages as m
from rules.scene.actions import SIZE_LIMITS, _cell_size, _image


def scene_from_setup(setup: Mapping[str, Any], unit: str, ids: Collection[str]) -> Json | None:
    """The map of a new encounter, or None when its setup gives none; refused like the GM's
    tools refuse the same map."""
    raw = setup.get("scene")
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise IllegalAction.of(m.BAD_CELLS(), "SCENE-MAP-5")
    cols = int_param(raw, "cols", low=SIZE_LIMITS[0], high=SIZE_LIMITS[1])
    rows = int_param(raw, "rows", low=SIZE_LIMITS[0], high=SIZE_LIMITS[1])
    scene: Json = {
        "cols": cols,
        "rows": rows,
        "cell": _cell_size(raw),
        "unit": unit,
        "cells": {},
        "tokens": {},
    }
    image = raw.get("image")
    if isinstance(image, Mapping) and image.get("id"):
        params = {f"image_{k}": v for k, v in image.items() if k != "id"}
        found = _image({"image": image["id"], **params}, cols, rows)
        if found is not None:
            scene["image"] = found
    for key, cell in dict(raw.get("cells") or {}).items():
        x, y = _square(key)
        kind = str(cell.get("terrain") if isinstance(cell, Mapping) else "")
        if kind not in grid.TERRAINS:
            raise IllegalAction.of(m.BAD_CELLS(), "SCENE-MAP-5")
        if not grid.on_map(scene, (x, y)):
            raise IllegalAction.of(m.OFF_MAP(x=x, y=y), "SCENE-MAP-5")
        scene["cells"][grid.key((x, y))] = {"terrain": kind, "gm_only": _gm_only(cell)}
    taken: set[tuple[int, int]] = set()
    for who, token in dict(raw.get("tokens") or {}).items():
        if str(who) not in ids:
            raise IllegalAction.of(m.NOT_A_COMBATANT(who=str(who)[:40]), "SCENE-MAP-5")
        at = token.get("at") if isinstance(token, Mapping) else None
        if not isinstance(at, list | tuple) or len(at) != 2:
            raise IllegalAction.of(m.BAD_CELLS(), "SCENE-MAP-5")
        x, y = _square(f"{at[0]},{at[1]}")
        if not grid.on_map(scene, (x, y)):
            raise IllegalAction.of(m.OFF_MAP(x=x, y=y), "SCENE-MAP-5")
        if grid.terrain(scene, (x, y)) in grid.BLOCKS_MOVE:
            raise IllegalAction.of(m.WALL(x=x, y=y), "SCENE-MAP-5")
        if (x, y) in taken:
            raise IllegalAction.of(m.TAKEN(x=x, y=y), "SCENE-MAP-5")
        taken.add((x, y))
        scene["tokens"][str(who)] = {"at": [x, y], "gm_only": _gm_only(token)}
    return scene


def _square(text: Any) -> tuple[int, int]:
    try:
        return grid.parse_key(str(text).replace(" ", ""))
    except ValueError:
        raise IllegalAction.of(m.BAD_CELLS(), "SCENE-MAP-5") from None


def _gm_only(entry: Any) -> bool:
    return bool(entry.get("gm_only")) if isinstance(entry, Mapping) else False
