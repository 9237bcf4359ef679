"""The terrain a GM draws on the encounter builder's map (issue 36), in each system's own words:
for the mech, squares of light or heavy cover, buildings and difficult ground, each at a height
(rules/mech/setup.py, MECH-COVER-TABLE). The builder's map (static/js/builder_map.js) sends the
squares drawn as "x,y,kind,height" items; the rules' start then plays them like the example's.
A system not named here has no terrain drawn in the builder."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.messages import Message
from rules.mech.messages import TERRAIN
from rules.mech.setup import TERRAIN_HEIGHT, TERRAIN_KINDS
from vtt.words import say

MOST_HEIGHT = 9  # a drawn square's height, at most (a building of nine levels)


@dataclass(frozen=True)
class Vocabulary:
    """What a system's map square may hold: its kinds, their names and their usual heights."""

    kinds: tuple[str, ...]
    names: Mapping[str, Message]
    heights: Mapping[str, int]


VOCABULARIES: Mapping[str, Vocabulary] = {
    "mech": Vocabulary(TERRAIN_KINDS, TERRAIN, TERRAIN_HEIGHT),
}


@dataclass(frozen=True)
class Brush:
    """One kind of square the GM draws with: its name in the reader's language and the height
    it is drawn at unless the GM changes it."""

    kind: str
    label: str
    height: int


def brushes(system: str) -> list[Brush]:
    """The kinds of square a GM may draw on this system's map, in the reader's language."""
    found = VOCABULARIES.get(system)
    if found is None:
        return []
    return [
        Brush(kind, say(found.names[kind]()), found.heights.get(kind, 0)) for kind in found.kinds
    ]


def drawn(system: str, raw: str, width: int, height: int) -> list[dict[str, Any]]:
    """The squares drawn ("x,y,kind,height" items, space-separated) as the setup's terrain;
    ValueError naming the first item that is not a square this map can hold."""
    found = VOCABULARIES.get(system)
    out: list[dict[str, Any]] = []
    for item in raw.split():
        parts = item.split(",")
        if (
            found is None
            or len(parts) != 4
            or not all(p.isdecimal() for p in (*parts[:2], parts[3]))
        ):
            raise ValueError(item)
        x, y, kind, high = int(parts[0]), int(parts[1]), parts[2], int(parts[3])
        if kind not in found.kinds or x >= width or y >= height or high > MOST_HEIGHT:
            raise ValueError(item)
        out.append({"x": x, "y": y, "kind": kind, "height": high})
    return out
