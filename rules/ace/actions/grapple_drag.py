"""Moving in a grapple (ACE-GRAPPLE-5 / -8): the mover drags the other by a contest's margin, a
pinner at half speed, and on a scene map both tokens walk the metres won."""

from __future__ import annotations

from rules.ace import messages as m
from rules.ace.actions.common import on_turn, refuse, spend
from rules.ace.on_the_map import destination, drag, route, stop_short
from rules.ace.rolls import contest
from rules.ace.state import State, settings_of
from rules.ace.stats import speed, val
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.system import Action, Event, Json
from rules.geometry.square import Cell
from rules.scene import grid
from rules.scene.grid import has_map


def move(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-GRAPPLE-5 / -8: drag the other 1 m per point of margin; a pinner moves at half speed."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    g = c.get("grapple")
    if not g:
        raise refuse(m.NOT_HOLDING(name=c["name"]), "ACE-GRAPPLE-5")
    other = state["combatants"][g["with"]]
    records = Emitter(state, dice)
    ops = spend(c, "move", s)
    if g["pinned"] and g["role"] == "held":
        raise refuse(m.PINNED_NO_ACTS(name=c["name"]), "ACE-GRAPPLE-7")
    # On a scene map the mover names a square; its path is found before any die is rolled.
    path = _path_on_map(state, c, other, action)
    if g["pinned"] and not s.pinned_move_contest:
        metres = speed(c, s) // 2  # ACE-AMB-29
        moved = records.emit(
            "grapple.moved",
            m.DRAGS(name=c["name"], other=other["name"], metres=metres),
            ops,
            metres=metres,
        )
        return [moved, *_drag_on_map(records, c, other, path, metres)]
    core = val(c, "str") + int(c["sheet"]["core"])
    won = contest(core, val(other, "str") + int(other["sheet"]["core"]), dice, s, "grapple move")
    info = {"initiator": won.initiator, "defender": won.defender, "margin": won.margin}
    if not won.initiator_wins:
        return [
            records.emit(
                "grapple.moved",
                m.DRAG_FAILED(name=c["name"], other=other["name"]),
                ops,
                contest=info,
                metres=0,
            )
        ]
    cap = speed(c, s) // 2 if g["pinned"] else speed(c, s)
    metres = min(won.margin, cap)  # ACE-EX-32
    moved = records.emit(
        "grapple.moved",
        m.DRAGS(name=c["name"], other=other["name"], metres=metres),
        ops,
        contest=info,
        metres=metres,
    )
    return [moved, *_drag_on_map(records, c, other, path, metres)]


def _path_on_map(state: State, c: Json, other: Json, action: Action) -> list[Cell] | None:
    """ACE-GRAPPLE-5 / -8 on a scene map: the mover's path to the square it names (the partner's
    token does not block it), or None off the map."""
    if not has_map(state) or None in (
        grid.token_at(state["scene"], c["id"]),
        grid.token_at(state["scene"], other["id"]),
    ):
        return None
    planned = route(state, c["id"], destination(state, action.params), also=[other["id"]])
    return stop_short(state, c["id"], planned, also=[other["id"]])  # SCENE-HIDE-1


def _drag_on_map(
    records: Emitter, c: Json, other: Json, path: list[Cell] | None, metres: int
) -> list[Event]:
    """Both tokens walk the metres won: the mover along its path, the other behind it."""
    if path is None or metres <= 0:
        return []
    shifted = drag(records.state, records, c, other, path, metres)
    return [] if shifted is None else [shifted]
