"""The scene map in an encounter's state, and the geometry the rules read from it (SCENE-GRID-*).

Shape of `state["scene"]` (JSON, every key written through rules/core/changes.py):

    {
      "cols": 20, "rows": 14,          # squares across and down
      "cell": "1",                     # the system's unit per square, a decimal string ("1.5")
      "unit": "m",                     # "m" (Delta Green, Ace Evolution) or "yd" (Call of Cthulhu)
      "cells": {"3,4": {"terrain": "wall", "gm_only": false}, ...},   # painted squares only
      "tokens": {"<combatant id>": {"at": [x, y], "gm_only": false}, ...},
      "image": {"id": 7, "x": 0, "y": 0, "cols": 20, "rows": 14}      # optional background
    }

Squares are (x, y) with x left to right and y top to bottom, both from 0; cell keys are "x,y".
Distances are measured centre to centre (SCENE-GRID-1): the straight line in squares times the
square's size, kept to a tenth of the unit as an exact Fraction so that every rule compares the same
number. A step to any of the eight neighbours costs its own length (1 or √2 squares); difficult
ground doubles the cost of entering it; walls cannot be entered (SCENE-GRID-2). Walls and full
cover block a line (SCENE-GRID-3).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from rules.geometry.paths import cheapest_path, reachable
from rules.geometry.square import STEPS, Cell, supercover_line

Json = dict[str, Any]

TERRAINS: tuple[str, ...] = (
    "wall",
    "cover_light",
    "cover_partial",
    "cover_heavy",
    "cover_full",
    "difficult",
    "dark",
    "fire",
    "water",
)
COVER_ORDER: tuple[str, ...] = ("cover_light", "cover_partial", "cover_heavy", "cover_full")
BLOCKS_MOVE = frozenset({"wall"})
BLOCKS_LINE = frozenset({"wall", "cover_full"})
UNITS = ("m", "yd")


def key(cell: Cell) -> str:
    """The JSON key of a square: "x,y"."""
    return f"{cell[0]},{cell[1]}"


def parse_key(text: str) -> Cell:
    """The square of a "x,y" key (ValueError when it is not one)."""
    x, y = text.split(",")
    return (int(x), int(y))


def has_map(state: Mapping[str, Any]) -> bool:
    """Whether this encounter is played on a scene map."""
    return isinstance(state.get("scene"), Mapping)


def cell_size(scene: Mapping[str, Any]) -> Fraction:
    """The unit length of one square (metres or yards, as the scene's `unit` says)."""
    return Fraction(str(scene.get("cell", "1")))


def on_map(scene: Mapping[str, Any], cell: Cell) -> bool:
    """Whether a square lies on the map."""
    return 0 <= cell[0] < int(scene["cols"]) and 0 <= cell[1] < int(scene["rows"])


def terrain(scene: Mapping[str, Any], cell: Cell) -> str | None:
    """What the GM painted on a square, or None for open ground."""
    painted = scene.get("cells", {}).get(key(cell))
    return None if painted is None else str(painted["terrain"])


def token_at(scene: Mapping[str, Any], who: str) -> Cell | None:
    """The square a combatant's token stands on, or None when it is not on the map."""
    token = scene.get("tokens", {}).get(who)
    if token is None:
        return None
    x, y = token["at"]
    return (int(x), int(y))


def occupant(scene: Mapping[str, Any], cell: Cell) -> str | None:
    """Whose token stands on a square, or None."""
    for who, token in scene.get("tokens", {}).items():
        if tuple(token["at"]) == cell:
            return str(who)
    return None


def distance(scene: Mapping[str, Any], a: Cell, b: Cell) -> Fraction:
    """SCENE-GRID-1: centre-to-centre distance in the scene's unit, to a tenth, exact."""
    squares = math.hypot(a[0] - b[0], a[1] - b[1])
    tenths = round(Fraction(squares) * cell_size(scene) * 10)
    return Fraction(tenths, 10)


def between(scene: Mapping[str, Any], a: str, b: str) -> Fraction | None:
    """The distance between two combatants' tokens, or None when either is not on the map."""
    at_a, at_b = token_at(scene, a), token_at(scene, b)
    if at_a is None or at_b is None:
        return None
    return distance(scene, at_a, at_b)


def within(scene: Mapping[str, Any], centre: Cell, radius: Fraction) -> list[str]:
    """Every combatant whose token's centre lies within `radius` of a square's centre, by id."""
    return sorted(
        str(who)
        for who, token in scene.get("tokens", {}).items()
        if distance(scene, centre, (int(token["at"][0]), int(token["at"][1]))) <= radius
    )


def line(a: Cell, b: Cell) -> list[Cell]:
    """The squares a straight line from a to b crosses, both ends included."""
    return supercover_line(a, b)


def line_clear(scene: Mapping[str, Any], a: Cell, b: Cell) -> bool:
    """SCENE-GRID-3: no wall or full cover between two squares (the ends themselves not counted)."""
    return all(terrain(scene, cell) not in BLOCKS_LINE for cell in line(a, b)[1:-1])


def cover_between(scene: Mapping[str, Any], shooter: Cell, target: Cell) -> str | None:
    """SCENE-GRID-4: the best cover painted on the line next to the target, or None.

    Cover counts when it lies on the line within one square of the target and not next to the
    shooter (a shooter leaning over their own cover is not shooting into it).
    """
    best: str | None = None
    for cell in line(shooter, target)[1:-1]:
        near_target = max(abs(cell[0] - target[0]), abs(cell[1] - target[1])) <= 1
        near_shooter = max(abs(cell[0] - shooter[0]), abs(cell[1] - shooter[1])) <= 1
        kind = terrain(scene, cell)
        if (
            near_target
            and not near_shooter
            and kind in COVER_ORDER
            and (best is None or COVER_ORDER.index(kind) > COVER_ORDER.index(best))
        ):
            best = kind
    return best


def _neighbours(scene: Mapping[str, Any]) -> Any:
    def neighbours(cell: Cell) -> Iterable[Cell]:
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in STEPS if on_map(scene, (x + dx, y + dy))]

    return neighbours


def _step_cost(scene: Mapping[str, Any], blocked: frozenset[Cell]) -> Any:
    def step_cost(a: Cell, b: Cell) -> float | None:
        kind = terrain(scene, b)
        if kind in BLOCKS_MOVE or b in blocked:
            return None
        diagonal = a[0] != b[0] and a[1] != b[1]
        if diagonal and (
            terrain(scene, (a[0], b[1])) in BLOCKS_MOVE
            or terrain(scene, (b[0], a[1])) in BLOCKS_MOVE
        ):
            return None  # no squeezing between two walls' corners
        length = math.sqrt(2) if diagonal else 1.0
        return length * (2 if kind == "difficult" else 1)

    return step_cost


def path(
    scene: Mapping[str, Any], start: Cell, goal: Cell, blocked: Iterable[Cell] = ()
) -> tuple[list[Cell], Fraction] | None:
    """SCENE-GRID-2: the cheapest path and its length in the scene's unit (to a tenth), or None."""
    found = cheapest_path(start, goal, _neighbours(scene), _step_cost(scene, frozenset(blocked)))
    if found is None:
        return None
    cells, squares = found
    return cells, Fraction(round(Fraction(squares) * cell_size(scene) * 10), 10)


def path_length(scene: Mapping[str, Any], cells: list[Cell]) -> Fraction:
    """SCENE-GRID-2: the length of a path already walked (each step's cost as `path` counts it,
    difficult ground doubled), in the scene's unit to a tenth."""
    step_cost = _step_cost(scene, frozenset())
    squares = 0.0
    for a, b in itertools.pairwise(cells):
        cost = step_cost(a, b)
        if cost is None:
            raise ValueError(f"the path steps into a wall at {key(b)}")
        squares += cost
    return Fraction(round(Fraction(squares) * cell_size(scene) * 10), 10)


def reach(
    scene: Mapping[str, Any], start: Cell, budget: Fraction, blocked: Iterable[Cell] = ()
) -> dict[Cell, Fraction]:
    """SCENE-GRID-2: every square reachable within `budget` units, with its path length."""
    squares = float(budget / cell_size(scene)) + 1e-9
    found = reachable(start, _neighbours(scene), _step_cost(scene, frozenset(blocked)), squares)
    size = cell_size(scene)
    return {cell: Fraction(round(Fraction(cost) * size * 10), 10) for cell, cost in found.items()}


def visible_to(scene: Mapping[str, Any], is_gm: bool) -> Json:
    """The scene as a viewer may see it: GM-only tokens and squares removed for all but the GM."""
    if is_gm:
        return dict(scene)
    shown = dict(scene)
    shown["cells"] = {k: v for k, v in scene.get("cells", {}).items() if not v.get("gm_only")}
    shown["tokens"] = {k: v for k, v in scene.get("tokens", {}).items() if not v.get("gm_only")}
    return shown


def seen_by(scene: Mapping[str, Any], who: str) -> Json:
    """SCENE-HIDE-1: the map as a combatant's own move or attack reads it: the whole map for a
    GM-only token, the players' map otherwise (so nothing a player may send is answered by a
    GM-only token or square)."""
    token = scene.get("tokens", {}).get(who) or {}
    return dict(scene) if token.get("gm_only") else visible_to(scene, False)
