"""The mech encounter state as JSON and questions asked of it (events change it through the core
vocabulary's "changes", rules/core/changes.py)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rules.core.errors import IllegalAction
from rules.geometry.square import SquareGrid, distance, footprint, supercover_line
from rules.mech import refusals as R

Json = dict[str, Any]
Unit = dict[str, Any]
Cell = tuple[int, int]

# MECH-ACT-STABILIZE: the source's 状态 list, removable by Stabilize.
REMOVABLE = ("immobilized", "impaired", "jammed", "lock_on", "shredded", "slowed", "stunned")

_ATOMS = frozenset((str, int, float, bool, type(None)))


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data, so a change never shares lists or dicts with another state."""
    kind = type(value)
    if kind is dict:
        out = {}
        for k, v in value.items():
            out[k] = v if type(v) in _ATOMS else copy_json(v)
        return out
    if kind is list or kind is tuple:
        items = []
        for v in value:
            items.append(v if type(v) in _ATOMS else copy_json(v))
        return items
    if kind in _ATOMS:
        return value
    return copy.deepcopy(value)


def with_unit(state: Json, uid: str, fields: Mapping[str, Any]) -> Json:
    """A new state whose unit `uid` has these fields replaced; the fields are not copied."""
    units = dict(state["units"])
    units[uid] = {**units[uid], **fields}
    return {**state, "units": units}


def unit(state: Mapping[str, Any], uid: str) -> Unit:
    """The unit with this id; an unknown id raises IllegalAction."""
    found = state["units"].get(uid)
    if found is None:
        raise IllegalAction(R.NO_MECH(id=repr(uid)))
    result: Unit = found
    return result


def alive(u: Mapping[str, Any]) -> bool:
    return not u["destroyed"]


def has(u: Mapping[str, Any], condition: str) -> bool:
    return condition in u["conditions"]


def hostile(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return bool(a["side"] != b["side"])


def pos(u: Mapping[str, Any]) -> Cell:
    return (int(u["x"]), int(u["y"]))


def size(u: Mapping[str, Any]) -> int:
    return int(u["stats"]["size"])


def dist(a: Mapping[str, Any], b: Mapping[str, Any]) -> int:
    """MECH-AMB-19: squares between two units, edge to edge (square.distance, inlined)."""
    # Positions and sizes are ints (start() and every move make them so).
    ax, ay, bx, by = a["x"], a["y"], b["x"], b["y"]
    sa, sb = a["stats"]["size"] - 1, b["stats"]["size"] - 1
    gap: int = max(0, bx - ax - sa, ax - bx - sb, by - ay - sa, ay - by - sb)
    return gap


def cells(u: Mapping[str, Any]) -> set[Cell]:
    return footprint(pos(u), size(u))


def grid(state: Mapping[str, Any]) -> SquareGrid:
    return SquareGrid(int(state["map"]["width"]), int(state["map"]["height"]))


def terrain(state: Mapping[str, Any], cell: Cell) -> Json | None:
    """The terrain feature on a square (light / heavy cover, building, difficult), or None."""
    found = state["map"]["terrain"].get(f"{cell[0]},{cell[1]}")
    if found is None:
        for wreck in state["wrecks"]:
            if cell in footprint((wreck["x"], wreck["y"]), wreck["size"]):
                return {"kind": "heavy", "height": wreck["size"], "wreck": True}
        return None
    result: Json = found
    return result


def blocks_movement(feature: Mapping[str, Any] | None) -> bool:
    return feature is not None and feature["kind"] in ("heavy", "building")


def height_of(feature: Mapping[str, Any] | None) -> int:
    if feature is None:
        return 0
    return int(feature.get("height", 1 if feature["kind"] == "heavy" else 0))


def living(state: Mapping[str, Any]) -> list[Unit]:
    """Every unit not destroyed, in setup order."""
    return [state["units"][uid] for uid in state["order"] if alive(state["units"][uid])]


def centre(u: Mapping[str, Any]) -> Cell:
    return (int(u["x"]) + (size(u) - 1) // 2, int(u["y"]) + (size(u) - 1) // 2)


Squares = tuple[tuple[Cell, str], ...]  # squares with their keys in the map's terrain


@lru_cache(maxsize=4096)
def _sight_cells(source: Cell, anchor: Cell, span: int) -> Squares:
    """The squares a line from `source` to a unit's centre crosses before reaching the unit."""
    own = footprint(anchor, span)
    centre_cell = (anchor[0] + (span - 1) // 2, anchor[1] + (span - 1) // 2)
    crossed: list[tuple[Cell, str]] = []
    for cell in supercover_line(source, centre_cell)[1:]:
        if cell in own:
            break
        crossed.append((cell, f"{cell[0]},{cell[1]}"))
    return tuple(crossed)


def line_of_sight(state: Mapping[str, Any], source: Cell, target: Mapping[str, Any]) -> bool:
    """Whether no building stands on the straight line between a square and a unit."""
    # Wrecks are heavy cover, never buildings, so only the map's own terrain can block.
    features = state["map"]["terrain"]
    anchor, span = (int(target["x"]), int(target["y"])), int(target["stats"]["size"])
    for _, key in _sight_cells(source, anchor, span):
        feature = features.get(key)
        if feature is not None and feature["kind"] == "building":
            return False
    return True


@lru_cache(maxsize=4096)
def _cover_cells(source: Cell, anchor: Cell, span: int) -> Squares:
    """MECH-COVER-TABLE: the squares whose terrain can give a unit cover from `source`."""
    # The line's squares within 1 of the unit's footprint, then the footprint itself.
    own = footprint(anchor, span)
    centre_cell = (anchor[0] + (span - 1) // 2, anchor[1] + (span - 1) // 2)
    candidates = [c for c in supercover_line(source, centre_cell) if c not in own]
    candidates += sorted(own)  # standing in light cover (woods, rubble) counts too
    return tuple(
        (cell, f"{cell[0]},{cell[1]}")
        for cell in candidates
        if cell != source and min(distance(cell, c) for c in own) <= 1
    )


def cover(state: Mapping[str, Any], source: Cell, target: Mapping[str, Any]) -> str:
    """MECH-COVER-TABLE: the best cover between a square and a unit ("none", "light", "heavy")."""
    best = "none"
    features = state["map"]["terrain"]
    wrecks = state["wrecks"]
    anchor, span = (int(target["x"]), int(target["y"])), int(target["stats"]["size"])
    for cell, key in _cover_cells(source, anchor, span):
        feature = features.get(key)
        if feature is None:
            if not wrecks:
                continue
            feature = terrain(state, cell)  # a wreck there is heavy cover
            if feature is None:
                continue
        if feature["kind"] in ("heavy", "building"):
            return "heavy"
        if feature["kind"] == "light":
            best = "light"
    return best


def in_cover_anywhere(state: Mapping[str, Any], u: Mapping[str, Any]) -> bool:
    """Whether the unit stands in or next to cover (for Hide, MECH-ACT-HIDE)."""
    for cell in grid(state).within(pos(u), 1, size(u)):
        feature = terrain(state, cell)
        if feature is not None and feature["kind"] in ("light", "heavy", "building"):
            return True
    return False


def engaged(state: Mapping[str, Any], u: Mapping[str, Any]) -> bool:
    """MECH-ENGAGE-1: adjacent to a hostile; Hidden and Disengaged units do not engage."""
    conditions = u["conditions"]
    if u["destroyed"] or "hidden" in conditions or "disengaged" in conditions:
        return False
    side = u["side"]
    ux, uy, us = u["x"], u["y"], u["stats"]["size"] - 1  # ints, as in dist()
    for o in state["units"].values():  # any order: the answer is whether one exists
        if o["side"] == side or o["destroyed"] or o["x"] is None:
            continue  # x is None: a Hidden enemy in a side's view, whose square it does not know
        # MECH-AMB-19: `dist(u, o) == 1`, inlined (the larger gap, across or down, is 1).
        ox, oy, os = o["x"], o["y"], o["stats"]["size"] - 1
        if max(ox - ux - us, ux - ox - os, oy - uy - us, uy - oy - os) != 1:
            continue
        if "hidden" not in o["conditions"] and "disengaged" not in o["conditions"]:
            return True
    return False


def danger_zone(u: Mapping[str, Any]) -> bool:
    """MECH-HEAT-1: heat at half the cap or more (2 × heat ≥ cap)."""
    return 2 * int(u["heat"]) >= int(u["stats"]["heat_cap"]) and int(u["heat"]) > 0


def evasion(u: Mapping[str, Any]) -> int:
    """MECH-COND-STUNNED: a Stunned mech's evasion is at most 5."""
    value = int(u["stats"]["evasion"])
    return min(value, 5) if "stunned" in u["conditions"] else value


def resistances(u: Mapping[str, Any]) -> frozenset[str]:
    """Damage types this unit resists: sheet, intact systems, Bulwark Field."""
    found = set(u["resist"])
    for system in u["systems"]:
        if system.get("resist") and not system["destroyed"]:
            found.update(system["resist"])
    if "bulwark" in u["conditions"]:
        found.update(("kinetic", "energy", "explosive"))
    return frozenset(found)


def intel(u: Mapping[str, Any], kind: str) -> list[Json]:
    """MECH-TECH-SCAN: the unit's hidden or public pieces (states from before lists: one text)."""
    raw = u["notes"].get(kind)
    if not raw:
        return []
    if isinstance(raw, str):
        return [{"label": "", "text": raw}]
    return [dict(p) for p in raw]


def in_grapple(state: Mapping[str, Any], uid: str) -> Json | None:
    for grapple in state["grapples"]:
        if uid in grapple["attackers"] or uid in grapple["defenders"]:
            result: Json = grapple
            return result
    return None


def occupant(state: Mapping[str, Any], cell: Cell, ignore: set[str]) -> Unit | None:
    for u in living(state):
        if u["id"] not in ignore and cell in cells(u):
            return u
    return None


def side_order(state: Mapping[str, Any]) -> list[str]:
    sides: list[str] = []
    for uid in state["order"]:
        side = state["units"][uid]["side"]
        if side not in sides:
            sides.append(side)
    return sides
