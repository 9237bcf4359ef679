"""Delta Green on a scene map: the map's actions (rules/scene/actions.py) with the seed's
movement (DG-MOVE-1 walking 4 m a round, DG-MOVE-2 running 8 m for an action and -10, DG-WOUND-2
crawling 1 m for an action: prone, or with a disabled leg).

A move on the map is the walk or the run of the theatre of the mind with the distance measured
instead of typed: the same refusals, the same `moved_m` of the round, the same running penalty.
On the map a combatant moves on its own turn (DG-MOVE-1: the round's metres split between its
turns).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.core.changes import Change
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.kit import ActionSpec
from rules.core.messages import Msg
from rules.core.params import bool_param
from rules.core.system import Action, Event, Json
from rules.delta_green import log_turns as T
from rules.delta_green import refusals as R
from rules.delta_green.actions.common import guarded
from rules.delta_green.actions.handling import check_mobile, crawl, run, walk
from rules.delta_green.engine import require_turn
from rules.delta_green.settings import settings_of
from rules.delta_green.state import able, is_immobile
from rules.scene import actions as scene_actions
from rules.scene import messages as sm
from rules.scene.moving import Mover, decimal_text


def allowance(state: Json, action: Action) -> Fraction:
    """DG-MOVE-1/2: the metres left this round, on the combatant's own turn: 4 walking, 8 in
    all once it runs (a run is once a round); DG-WOUND-2: a crawl's metre, for an action."""
    c = require_turn(state, action.actor)
    if bool_param(action.params, "crawl"):
        if is_immobile(c):
            raise IllegalAction.of(R.CHEST_CANNOT_MOVE(), "DG-WOUND-3")
        return Fraction(settings_of(state).crawl_m_per_action)  # DG-WOUND-2: per action
    if not able(c):
        raise IllegalAction.of(R.CANNOT_MOVE(name=c["name"]))
    check_mobile(c)
    settings = settings_of(state)
    ran = bool(c["round"].get("ran"))
    if bool_param(action.params, "run"):
        if ran:
            raise IllegalAction.of(R.RUN_ONCE(), "DG-MOVE-2")
        cap = settings.run_m
    else:
        cap = settings.run_m if ran else settings.walk_m
    moved = Fraction(str(c["round"].get("moved_m", 0)))
    return max(Fraction(0), Fraction(cap) - moved)


def spend(
    state: Json, action: Action, distance: Fraction, dice: Dice
) -> tuple[list[Event], list[Change]]:
    """The walk (free), the run (1 action, -10 to later rolls) or the crawl (1 action), folded
    into the map's `scene.moved`: one line per move (`line`), not the walk's and the map's."""
    metres = {"metres": float(distance)}
    if bool_param(action.params, "crawl"):
        events = guarded(crawl, turn=True)(state, Action("crawl", action.actor, {}), dice)
    elif bool_param(action.params, "run"):
        events = guarded(run, turn=True)(state, Action("run", action.actor, metres), dice)
    else:
        events = guarded(walk, turn=False)(state, Action("walk", action.actor, metres), dice)
    return [], [list(change) for event in events for change in event.payload.get("changes", ())]


def line(state: Json, action: Action, distance: Fraction) -> Msg | None:
    """The move's one line: a run says its penalty (DG-MOVE-2), a crawl that it crawled; a walk
    reads as the map's move ("moves 4 m on the map")."""
    c = state["combatants"][action.actor]
    metres = decimal_text(distance)
    if bool_param(action.params, "crawl"):
        return T.CRAWLS(name=c["name"], metres=metres)
    if bool_param(action.params, "run"):
        return T.RUNS(name=c["name"], metres=metres, penalty=settings_of(state).run_penalty)
    return None


MOVER = Mover("m", allowance, spend, {"run": sm.F_RUN, "crawl": sm.F_CRAWL}, line=line)
SPECS: list[ActionSpec[Any]] = scene_actions.specs(MOVER)
