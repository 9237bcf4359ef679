"""Ace Evolution on a scene map: the map's actions (rules/scene/actions.py), in metres.

A move on the map is Ace's move action with the distance measured instead of typed:
ACE-SPEED-1 speed metres per move action, half while prone (ACE-CMD-DEF-4); ticked as shooting
evasion it is ACE-CMD-DEF-3's half-speed move for the standard and the move action, and the
cover it gains is the best painted within a square of where it heads (SCENE-GRID-4's
terrains), partial cover when the GM painted none there. Grappling moves (ACE-GRAPPLE-5/-8)
are their own actions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.ace import messages as m
from rules.ace.actions.commands import move, shooting_evasion
from rules.ace.actions.common import named, on_turn, refuse
from rules.ace.actions.common import spend as spend_action
from rules.ace.state import settings_of
from rules.ace.stats import speed
from rules.core.changes import Change
from rules.core.dice import Dice
from rules.core.kit import ActionSpec
from rules.core.params import bool_param
from rules.core.system import Action, Event, Json
from rules.scene import actions as scene_actions
from rules.scene import grid
from rules.scene import messages as sm
from rules.scene.moving import Mover

# The map's painted cover as Ace's cover levels (ACE-COVER-TABLE).
COVER_OF = {
    "cover_light": "light",
    "cover_partial": "partial",
    "cover_heavy": "heavy",
    "cover_full": "full",
}


def allowance(state: Json, action: Action) -> Fraction:
    """ACE-SPEED-1: speed metres for the move action, half while prone (ACE-CMD-DEF-4) or
    evading shots (ACE-CMD-DEF-3, which takes the standard action too)."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    if c.get("grapple"):
        raise refuse(m.IN_GRAPPLE(name=c["name"]), "ACE-GRAPPLE-5")
    evading = bool_param(action.params, "evade")
    spend_action(c, "standard_move" if evading else "move", s)  # refused when already spent
    half = evading or bool(c["prone"])
    return Fraction(speed(c, s) // 2 if half else speed(c, s))


def cover_near(scene: Json, cell: tuple[int, int]) -> str:
    """The best cover painted within one square of a square, as Ace's level (partial if none)."""
    best = "partial"
    found = [
        grid.terrain(scene, (cell[0] + dx, cell[1] + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
    ]
    painted = [t for t in grid.COVER_ORDER if t in found]
    if painted:
        best = COVER_OF[painted[-1]]
    return best


def spend(
    state: Json, action: Action, distance: Fraction, dice: Dice
) -> tuple[list[Event], list[Change]]:
    """The move action (or shooting evasion) of `distance` metres, rounded up to whole metres."""
    metres = -(-distance.numerator // distance.denominator)
    if bool_param(action.params, "evade"):
        scene = grid.visible_to(state["scene"], False)
        cover = cover_near(scene, (int(action.params["x"]), int(action.params["y"])))
        sent = Action("shooting_evasion", action.actor, {"cover": cover})
        return shooting_evasion(state, sent, dice), []
    return move(state, Action("move", action.actor, {"metres": metres}), dice), []


# ACE-STEALTH-1: an unnoticed combatant's token moves and is placed for its side and the GM
MOVER = Mover("m", allowance, spend, {"evade": sm.F_EVADE}, named)
SPECS: list[ActionSpec[Any]] = scene_actions.specs(MOVER)
