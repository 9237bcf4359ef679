"""The scene map's actions, one `ActionSpec` each, shared by every system that plays on a map.

`specs(mover)` gives a system the GM's tools (scene_setup, scene_paint, scene_place,
scene_reveal: SCENE-MAP-1..4) and the move (scene_move, rules/scene/moving.py) for its own
`Actions`. Events that would tell a player of a GM-only token or square go to the GM alone
(SCENE-HIDE-1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from rules.core.actions import GM_ACTOR, is_gm
from rules.core.changes import Change, Emitter
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.kit import ActionSpec, ActionTemplate, Choice, Field, choices
from rules.core.params import bool_param, choice_param, int_param
from rules.core.system import Action, Event, Json
from rules.geometry.square import Cell
from rules.scene import grid
from rules.scene import messages as m
from rules.scene.moving import (
    Mover,
    allowance_or_none,
    decimal_text,
    move,
    name_of,
    scene_of,
    target_cell,
)

SIZE_LIMITS = (4, 80)  # squares across and down a map may have
MAX_CELL = Decimal(1000)  # the largest square, in the system's unit
CLEAR = "clear"
PAINTS = (*grid.TERRAINS, CLEAR)
GM_KINDS = frozenset({"scene_setup", "scene_paint", "scene_place", "scene_reveal"})


def _cell_size(params: Mapping[str, Any]) -> str:
    """The size of a square as a decimal string ("1", "1.5"); refused unless above 0."""
    raw = str(params.get("cell") or "1").strip()
    try:
        size = Decimal(raw)
    except InvalidOperation:
        raise IllegalAction.of(m.BAD_SIZE(), "SCENE-MAP-1") from None
    if not size.is_finite() or not 0 < size <= MAX_CELL:
        raise IllegalAction.of(m.BAD_SIZE(), "SCENE-MAP-1")
    return format(size.normalize(), "f")


def _image(params: Mapping[str, Any], cols: int, rows: int) -> Json | None:
    """Where the background lies, in squares (the whole map unless the GM says otherwise)."""
    raw = params.get("image")
    if raw is None or str(raw).strip() in ("", "0"):
        return None
    ident = int_param(params, "image", low=1, high=2**31 - 1)
    x = int_param(params, "image_x", 0, low=-SIZE_LIMITS[1], high=SIZE_LIMITS[1])
    y = int_param(params, "image_y", 0, low=-SIZE_LIMITS[1], high=SIZE_LIMITS[1])
    wide = int_param(params, "image_cols", cols, low=1, high=4 * SIZE_LIMITS[1])
    high = int_param(params, "image_rows", rows, low=1, high=4 * SIZE_LIMITS[1])
    return {"id": ident, "x": x, "y": y, "cols": wide, "rows": high}


def setup(mover: Mover) -> Any:
    """SCENE-MAP-1: the GM sets the map's size, its square and its background."""

    def resolve(state: Json, action: Action, dice: Dice) -> list[Event]:
        cols = int_param(action.params, "cols", low=SIZE_LIMITS[0], high=SIZE_LIMITS[1])
        rows = int_param(action.params, "rows", low=SIZE_LIMITS[0], high=SIZE_LIMITS[1])
        cell = _cell_size(action.params)
        image = _image(action.params, cols, rows)
        shape: Json = {"cols": cols, "rows": rows, "cell": cell, "unit": mover.unit}
        changes: list[Change]
        if grid.has_map(state):
            scene = state["scene"]
            outside = [
                name_of(state, who)
                for who in sorted(scene.get("tokens", {}))
                if not grid.on_map(shape, grid.token_at(scene, who) or (0, 0))
            ]
            if outside:
                raise IllegalAction.of(m.TOKENS_OUTSIDE(names=", ".join(outside)), "SCENE-MAP-1")
            changes = [["set", ["scene", key], value] for key, value in shape.items()]
            if image is not None:
                changes.append(["set", ["scene", "image"], image])
            elif "image" in scene:
                changes.append(["del", ["scene", "image"]])
        else:
            fresh: Json = {**shape, "cells": {}, "tokens": {}}
            if image is not None:
                fresh["image"] = image
            changes = [["set", ["scene"], fresh]]
        line = m.SET(cols=cols, rows=rows, cell=cell, unit=m.UNIT_NAMES[mover.unit]())
        extra: Json = {} if image is None else {"image": image["id"]}
        out = Emitter(state, dice)
        out.emit("scene.set", line, changes, **shape, **extra)
        return out.events

    return resolve


def parse_cells(scene: Mapping[str, Any], raw: Any) -> list[Cell]:
    """Squares a form names as "x,y;x,y", each on the map, each once, in the order given."""
    text = str(raw or "").replace(" ", "")
    if not text:
        raise IllegalAction.of(m.BAD_CELLS())
    found: list[Cell] = []
    for part in text.strip(";").split(";"):
        try:
            cell = grid.parse_key(part)
        except ValueError:
            raise IllegalAction.of(m.BAD_CELLS()) from None
        if not grid.on_map(scene, cell):
            raise IllegalAction.of(m.OFF_MAP(x=cell[0], y=cell[1]))
        if cell not in found:
            found.append(cell)
    if len(found) > int(scene["cols"]) * int(scene["rows"]):
        raise IllegalAction.of(m.BAD_CELLS())
    return found


def _hidden_cell(scene: Mapping[str, Any], cell: Cell) -> bool:
    return bool(scene.get("cells", {}).get(grid.key(cell), {}).get("gm_only"))


def paint(state: Json, action: Action, dice: Dice) -> list[Event]:
    """SCENE-MAP-2: the GM paints squares with a terrain (or clears them); GM-only squares and
    the clearing of GM-only squares are told to the GM alone (SCENE-HIDE-1)."""
    scene = scene_of(state)
    cells = parse_cells(scene, action.params.get("cells"))
    terrain = choice_param(action.params, "terrain", PAINTS)
    gm_only = bool_param(action.params, "gm_only") and terrain != CLEAR
    for cell in cells:
        there = grid.occupant(scene, cell)
        if terrain in grid.BLOCKS_MOVE and there is not None:
            raise IllegalAction.of(m.TAKEN(x=cell[0], y=cell[1]), "SCENE-GRID-2")
    # a clearing of GM-only squares would name them: those go to the GM alone
    secret = [c for c in cells if gm_only or (terrain == CLEAR and _hidden_cell(scene, c))]
    shown = [c for c in cells if c not in secret]
    out = Emitter(state, dice)
    name = m.TERRAIN_NAMES[terrain]()
    for group, audience in ((shown, "all"), (secret, "gm")):
        if not group:
            continue
        keys = [grid.key(c) for c in group]
        changes: list[Change] = [
            ["del", ["scene", "cells", k]]
            if terrain == CLEAR
            else ["set", ["scene", "cells", k], {"terrain": terrain, "gm_only": gm_only}]
            for k in keys
        ]
        out.emit(
            "scene.painted",
            m.PAINTED(n=len(keys), terrain=name),
            changes,
            audience=audience,
            cells=keys,
            terrain=terrain,
            gm_only=audience == "gm",
        )
    return out.events


def place(mover: Mover) -> Any:
    """SCENE-MAP-3: the GM places (or re-places) a combatant's token on any free square; a
    GM-only token's placing is told to the GM alone (SCENE-HIDE-1)."""

    def resolve(state: Json, action: Action, dice: Dice) -> list[Event]:
        return _place(state, action, dice, mover)

    return resolve


def _place(state: Json, action: Action, dice: Dice, mover: Mover) -> list[Event]:
    scene = scene_of(state)
    who = choice_param(action.params, "who", list(state["combatants"]))
    cell = target_cell(scene, action.params)
    gm_only = bool_param(action.params, "gm_only")
    if grid.terrain(scene, cell) in grid.BLOCKS_MOVE:
        raise IllegalAction.of(m.WALL(x=cell[0], y=cell[1]), "SCENE-GRID-2")
    there = grid.occupant(scene, cell)
    if there is not None and there != who:
        raise IllegalAction.of(m.TAKEN(x=cell[0], y=cell[1]), "SCENE-GRID-2")
    token = {"at": list(cell), "gm_only": gm_only}
    said = m.PLACED_HIDDEN if gm_only else m.PLACED
    out = Emitter(state, dice)
    out.emit(
        "scene.placed",
        said(name=name_of(state, who)),
        [["set", ["scene", "tokens", who], token]],
        audience=mover.audience_of(state, who, gm_only),
        who=who,
        at=list(cell),
        gm_only=gm_only,
    )
    return out.events


def reveal(mover: Mover) -> Any:
    """SCENE-MAP-4: the GM shows a GM-only token or GM-only squares to everyone (a token to
    whoever the system lets read of its combatant: Ace's unnoticed stay their side's)."""

    def resolve(state: Json, action: Action, dice: Dice) -> list[Event]:
        return _reveal(state, action, dice, mover)

    return resolve


def _reveal(state: Json, action: Action, dice: Dice, mover: Mover) -> list[Event]:
    scene = scene_of(state)
    out = Emitter(state, dice)
    who = str(action.params.get("who") or "")
    if who:
        token = scene.get("tokens", {}).get(who)
        if token is None or not token.get("gm_only"):
            raise IllegalAction.of(m.NOTHING_TO_REVEAL(), "SCENE-MAP-4")
        shown = {"at": list(token["at"]), "gm_only": False}
        out.emit(
            "scene.revealed",
            m.REVEALED(what=name_of(state, who)),
            [["set", ["scene", "tokens", who], shown]],
            audience=mover.audience_of(state, who, False),
            who=who,
        )
        return out.events
    cells = [c for c in parse_cells(scene, action.params.get("cells")) if _hidden_cell(scene, c)]
    if not cells:
        raise IllegalAction.of(m.NOTHING_TO_REVEAL(), "SCENE-MAP-4")
    keys = [grid.key(c) for c in cells]
    changes: list[Change] = [
        ["set", ["scene", "cells", k], {**scene["cells"][k], "gm_only": False}] for k in keys
    ]
    out.emit(
        "scene.revealed",
        m.REVEALED(what=m.REVEALED_SQUARES(n=len(keys))),
        changes,
        cells=keys,
    )
    return out.events


# --- the forms --------------------------------------------------------------------------------


def _number(name: str, label: Any, default: Any, low: int, high: int) -> Field:
    return Field(name, label, "number", default=default, min=low, max=high)


def _tick(name: str, label: Any) -> Field:
    return Field(name, label, "checkbox", default=False)


def _who(options: Sequence[tuple[str, str]]) -> Field:
    return Field("who", m.F_WHO(), "target", tuple(Choice(v, label) for v, label in options))


def offer_setup(mover: Mover) -> Any:
    """The GM's map form: its size (the current one, or 20 by 14 squares of 1 unit)."""

    def offer(state: Json, actor: str) -> ActionTemplate:
        scene = state.get("scene") if grid.has_map(state) else None
        now: Mapping[str, Any] = scene or {"cols": 20, "rows": 14, "cell": "1"}
        image: Mapping[str, Any] = (scene or {}).get("image") or {}
        low, high = SIZE_LIMITS
        fields = (
            _number("cols", m.F_COLS(), now["cols"], low, high),
            _number("rows", m.F_ROWS(), now["rows"], low, high),
            Field("cell", m.F_CELL(unit=m.UNIT_NAMES[mover.unit]()), "text", default=now["cell"]),
            Field("image", m.F_IMAGE(), "text", default=image.get("id", "")),
            _number("image_x", m.F_IMAGE_X(), image.get("x", 0), -high, high),
            _number("image_y", m.F_IMAGE_Y(), image.get("y", 0), -high, high),
            _number("image_cols", m.F_IMAGE_COLS(), image.get("cols", now["cols"]), 1, 4 * high),
            _number("image_rows", m.F_IMAGE_ROWS(), image.get("rows", now["rows"]), 1, 4 * high),
        )
        return ActionTemplate("scene_setup", m.SETUP(), "SCENE-MAP-1", fields)

    return offer


def offer_paint(state: Json, actor: str) -> ActionTemplate | None:
    """The GM's brush: squares, a terrain, GM-only or not."""
    if not grid.has_map(state):
        return None
    terrains = choices((t, m.TERRAIN_NAMES[t]()) for t in PAINTS)
    fields = (
        Field("cells", m.F_CELLS(), "text", help=m.F_CELLS_HELP()),
        Field("terrain", m.F_TERRAIN(), "choice", terrains, default="wall"),
        _tick("gm_only", m.F_GM_ONLY()),
    )
    return ActionTemplate("scene_paint", m.PAINT(), "SCENE-MAP-2", fields)


def offer_place(state: Json, actor: str) -> ActionTemplate | None:
    """The GM's token placing: anyone, any free square."""
    if not grid.has_map(state):
        return None
    scene = state["scene"]
    everyone = [(who, str(c["name"])) for who, c in state["combatants"].items()]
    fields = (
        _who(everyone),
        _number("x", m.F_X(), 0, 0, int(scene["cols"]) - 1),
        _number("y", m.F_Y(), 0, 0, int(scene["rows"]) - 1),
        _tick("gm_only", m.F_GM_ONLY()),
    )
    return ActionTemplate("scene_place", m.PLACE(), "SCENE-MAP-3", fields)


def offer_reveal(state: Json, actor: str) -> ActionTemplate | None:
    """The GM's reveal, while something is GM-only."""
    if not grid.has_map(state):
        return None
    scene = state["scene"]
    hidden = [
        (who, name_of(state, who))
        for who, token in scene.get("tokens", {}).items()
        if token.get("gm_only") and who in state["combatants"]
    ]
    secret_cells = [k for k, v in scene.get("cells", {}).items() if v.get("gm_only")]
    if not hidden and not secret_cells:
        return None
    fields = (
        Field("who", m.F_WHO(), "choice", (Choice("", "—"), *choices(hidden)), default=""),
        Field("cells", m.F_CELLS(), "text", help=m.F_CELLS_HELP()),
    )
    return ActionTemplate("scene_reveal", m.REVEAL(), "SCENE-MAP-4", fields)


def offer_move(mover: Mover) -> Any:
    """The move form of each token its sender may move now: where to, and the system's options;
    `hints.allowances` the distance left with each option (the map draws what is in reach)."""

    def offer(state: Json, actor: str) -> list[ActionTemplate] | None:
        if not grid.has_map(state):
            return None
        scene = state["scene"]
        if actor == GM_ACTOR:
            movers = [
                who
                for who, c in state["combatants"].items()
                if str(c.get("controller") or GM_ACTOR) == GM_ACTOR
            ]
        else:
            movers = [actor] if actor in state["combatants"] else []
        out = []
        for who in movers:
            at = grid.token_at(scene, who)
            if at is None:
                continue
            walking = allowance_or_none(mover, state, Action("scene_move", who, {}))
            allowances = {"": walking}
            for option in mover.options:
                allowances[option] = allowance_or_none(
                    mover, state, Action("scene_move", who, {option: True})
                )
            if all(left is None or left <= 0 for left in allowances.values()):
                continue
            fields = (
                _number("x", m.F_X(), at[0], 0, int(scene["cols"]) - 1),
                _number("y", m.F_Y(), at[1], 0, int(scene["rows"]) - 1),
                *(_tick(option, label()) for option, label in mover.options.items()),
            )
            hints = {
                "allowances": {k: decimal_text(v) for k, v in allowances.items() if v is not None},
                "unit": mover.unit,
            }
            out.append(
                ActionTemplate(
                    "scene_move",
                    m.MOVE() if actor != GM_ACTOR else name_of(state, who),
                    "SCENE-MOVE-1",
                    fields,
                    fixed={"who": who},
                    hints=hints,
                )
            )
        return out or None

    return offer


def _anyone(state: Any, actor: str) -> bool:
    return True


def specs(mover: Mover) -> list[ActionSpec[Any]]:
    """The scene map's actions for a system whose movement is `mover`."""
    return [
        ActionSpec("scene_setup", "SCENE-MAP-1", setup(mover), is_gm, offer_setup(mover)),
        ActionSpec("scene_paint", "SCENE-MAP-2", paint, is_gm, offer_paint),
        ActionSpec("scene_place", "SCENE-MAP-3", place(mover), is_gm, offer_place),
        ActionSpec("scene_reveal", "SCENE-MAP-4", reveal(mover), is_gm, offer_reveal),
        ActionSpec("scene_move", "SCENE-MOVE-1", move(mover), _anyone, offer_move(mover)),
    ]
