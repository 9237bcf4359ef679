"""Areas on the scene map: who a blast or a burst of suppressive fire catches (SCENE-AREA-*).

A blast centred on a square catches every token whose centre lies within its reach of that
square's centre, at its centre-to-centre distance (SCENE-AREA-1); suppressive fire's area is a
centre square and a radius, and catches the tokens inside it that the shooter has a clear line
to (SCENE-AREA-2). Nothing is ticked or typed: the map says who and how far.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.system import Action, Event, Json
from rules.geometry.square import Cell
from rules.scene import grid
from rules.scene import reading_messages as m
from rules.scene.ranges import Preview, Resolve

CENTRE = "centre"  # the form field naming a blast's square
AREA = "area"  # the form field naming suppressive fire's centre square
AREA_RADIUS = "area_radius"


def square(state: Mapping[str, Any], params: Mapping[str, Any], name: str) -> Cell | None:
    """The square a form names ("x,y"), or None without a map or a square; IllegalAction for
    text that is no square of the map."""
    scene = state.get("scene")
    raw = str(params.get(name) or "").strip()
    if not isinstance(scene, Mapping) or not raw:
        return None
    try:
        cell = grid.parse_key(raw.replace(" ", ""))
    except ValueError:
        raise IllegalAction.of(m.BAD_SQUARE(text=raw[:20]), "SCENE-AREA-1") from None
    if not grid.on_map(scene, cell):
        raise IllegalAction.of(m.BAD_SQUARE(text=raw[:20]), "SCENE-AREA-1")
    return cell


def caught(state: Mapping[str, Any], centre: Cell, reach: Fraction) -> dict[str, Fraction]:
    """SCENE-AREA-1: every living combatant whose token lies within `reach` of the square's
    centre, with its distance (in the scene's unit), nearest first."""
    scene = state["scene"]
    found: dict[str, Fraction] = {}
    for who in grid.within(scene, centre, reach):
        c = state["combatants"].get(who)
        if c is None or c.get("dead"):
            continue
        at = grid.token_at(scene, who)
        assert at is not None
        found[who] = grid.distance(scene, centre, at)
    return dict(sorted(found.items(), key=lambda item: (item[1], item[0])))


def gm_only(state: Mapping[str, Any], who: str) -> bool:
    """SCENE-HIDE-1: whether a combatant's token is seen by the GM alone (its lines are theirs)."""
    token = state["scene"].get("tokens", {}).get(who) or {}
    return bool(token.get("gm_only"))


def suppressed(
    state: Mapping[str, Any], shooter: str, centre: Cell, radius: Fraction
) -> tuple[list[str], list[str]]:
    """SCENE-AREA-2: the combatants inside suppressive fire's area (the shooter left out), and
    those of them the shooter has no clear line to (suppressed, but no bullet can reach them)."""
    scene = state["scene"]
    at = grid.token_at(scene, shooter)
    inside = [who for who in caught(state, centre, radius) if who != shooter]
    blocked = [
        who
        for who in inside
        if at is not None and not grid.line_clear(scene, at, grid.token_at(scene, who) or at)
    ]
    return inside, blocked


def area_params(state: Mapping[str, Any], shooter: str, params: Mapping[str, Any]) -> Json | None:
    """SCENE-AREA-2: suppressive fire's params with its targets (and those out of the line of
    fire) read from the area the form names on the map; None when it names none."""
    centre = square(state, params, AREA)
    if centre is None:
        return None
    try:
        radius = Fraction(Decimal(str(params.get(AREA_RADIUS) or "2").strip()))
    except (InvalidOperation, ValueError):
        raise IllegalAction.of(m.BAD_RADIUS(), "SCENE-AREA-2") from None
    if radius < 0:
        raise IllegalAction.of(m.BAD_RADIUS(), "SCENE-AREA-2")
    inside, blocked = suppressed(state, shooter, centre, radius)
    if not inside:
        raise IllegalAction.of(m.NONE_CAUGHT(), "SCENE-AREA-2")
    return {**params, "targets": inside, "out_of_line": blocked}


def over_area(resolve: Resolve) -> Resolve:
    """Suppressive fire's resolver taking its targets from the map's area when one is named."""

    def resolve_on_map(state: Any, action: Action, dice: Dice) -> list[Event]:
        params = area_params(state, action.actor, action.params)
        return resolve(state, action if params is None else replace(action, params=params), dice)

    return resolve_on_map


def over_area_preview(preview: Preview) -> Preview:
    """Suppressive fire's odds over the map's area, when one is named."""

    def preview_on_map(state: Any, action: Action) -> Json:
        params = area_params(state, action.actor, action.params)
        return preview(state, action if params is None else replace(action, params=params))

    return preview_on_map
