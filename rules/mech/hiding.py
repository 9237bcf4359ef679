"""Where the other sides believe a Hidden mech is (MECH-COND-HIDDEN, MECH-ACT-HIDE).

The seed: a Hidden mech "cannot be pinpointed" (「无法确认具体位置」) and its enemies "know only its
rough position" (「敌人仅会知道它的大体位置」). The rough position is an area (size + 3) squares
across that holds the mech: its corner is 0–3 squares up and left of the mech's, each a d4 the
server rolls (so a replay folds the same area), and an area reaching past an edge is moved back
onto the map whole. It is drawn when the mech becomes Hidden and again after each move it makes
while Hidden, and kept in the unit's `area` field; the dice go to its own side's event only (with
them and the area, the square would follow).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.dice import Dice
from rules.mech import state as st
from rules.mech.state import Cell, Json

SPREAD = 3  # squares the area reaches beyond the mech's footprint, across and down


def _axis(start: int, offset: int, span: int, limit: int) -> tuple[int, int]:
    """One axis of an area: from `offset` before `start`, `span` long, moved onto 0..limit-1."""
    low = max(0, min(start - offset, limit - span))
    return low, min(low + span, limit) - 1


def area_at(state: Mapping[str, Any], u: Mapping[str, Any], at: Cell, dx: int, dy: int) -> Json:
    """The area whose corner is `dx`, `dy` squares up and left of a unit anchored at `at`."""
    span = st.size(u) + SPREAD
    x0, x1 = _axis(at[0], dx, span, int(state["map"]["width"]))
    y0, y1 = _axis(at[1], dy, span, int(state["map"]["height"]))
    return {"x0": x0, "y0": y0, "x1": x1, "y1": y1}


def draw(dice: Dice, state: Mapping[str, Any], u: Mapping[str, Any], at: Cell) -> Json:
    """A new area for a Hidden unit anchored at `at`: two d4 place it around the unit."""
    dx = dice.roll(4, f"hidden area d4 across ({u['name']})") - 1
    dy = dice.roll(4, f"hidden area d4 down ({u['name']})") - 1
    return area_at(state, u, at, dx, dy)


def area_of(state: Mapping[str, Any], u: Mapping[str, Any]) -> Json:
    """The area the other sides know a Hidden unit by. A unit made Hidden without one (states
    from before areas were drawn) shows the 4×4 block of the map its square falls in, moved
    onto the map."""
    drawn = u.get("area")
    if drawn:
        return dict(drawn)
    x, y = st.pos(u)
    return area_at(state, u, (x, y), x % 4, y % 4)


def words(area: Mapping[str, Any]) -> dict[str, int]:
    """The area's corners as a log line's parameters."""
    return {k: int(area[k]) for k in ("x0", "x1", "y0", "y1")}
