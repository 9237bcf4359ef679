"""Call of Cthulhu on a scene map: the map's actions (rules/scene/actions.py), measured in yards.

SCENE-MOVE-3: the seed says nothing of how far a combatant moves in a round. Our default: on
its own DEX-rank turn (COC-ROUND-1), awake, a combatant moves up to 8 yards a round besides its
action (BRP's human MOV 8), in one or more moves; the yards spent are kept in its round
(`round.moved`, a decimal string) and come back with the next round.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.coc.actions.common import awake, my_turn
from rules.coc.state import cset
from rules.core.changes import Change
from rules.core.dice import Dice
from rules.core.kit import ActionSpec
from rules.core.system import Action, Event, Json
from rules.scene import actions as scene_actions
from rules.scene.moving import Mover

MOVE_YD = Fraction(8)  # SCENE-MOVE-3: yards a round (not in the seed)


def moved(state: Json, who: str) -> Fraction:
    """The yards a combatant has moved this round."""
    return Fraction(str(state["combatants"][who]["round"].get("moved") or "0"))


def allowance(state: Json, action: Action) -> Fraction:
    """SCENE-MOVE-3: the yards left this round, on the combatant's own turn, awake."""
    my_turn(state, action.actor)
    awake(state, action.actor)
    return max(Fraction(0), MOVE_YD - moved(state, action.actor))


def spend(
    state: Json, action: Action, distance: Fraction, dice: Dice
) -> tuple[list[Event], list[Change]]:
    """No event of its own: `scene.moved` records the yards in the combatant's round."""
    total = moved(state, action.actor) + distance
    text = str(total.numerator) if total.denominator == 1 else f"{float(total):.1f}"
    return [], [cset(action.actor, "round", "moved", text)]


MOVER = Mover("yd", allowance, spend)
SPECS: list[ActionSpec[Any]] = scene_actions.specs(MOVER)
