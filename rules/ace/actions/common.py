"""What every Ace action needs: typed params, turn and action-economy checks.

Events are emitted through the core Emitter (rules/core/changes.py); their "changes" are the
one state vocabulary's set/add steps.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.ace import messages as m
from rules.ace.settings import AceSettings
from rules.ace.state import Op, State, can_act, combatant, cpath, settings_of
from rules.core.dice import Dice, LoadedDice
from rules.core.errors import IllegalAction
from rules.core.kit import Msg
from rules.core.system import EVERYONE, Json
from rules.scene.grid import has_map

GM = "gm"
COSTS = ("standard", "move", "swift", "reflex", "full", "free", "passive", "standard_move")
COST_NAMES = {
    "standard": m.ACT_STANDARD,
    "move": m.ACT_MOVE,
    "swift": m.ACT_SWIFT,
    "reflex": m.ACT_REFLEX,
    "full": m.ACT_FULL,
    "free": m.ACT_FREE,
    "passive": m.ACT_PASSIVE,
    "standard_move": m.ACT_FULL,
}


def refuse(msg: Msg, rule: str | None = None) -> IllegalAction:
    """The refusal of an action (raise it); nothing has changed."""
    return IllegalAction(msg, rule)


def in_combat(state: State) -> bool:
    """Whether initiative has been rolled (ACE-INIT-1)."""
    return int(state["round"]) > 0


def is_turn(state: State, actor: str) -> bool:
    """Whether it is this combatant's turn."""
    return in_combat(state) and state["current"] == actor


def idle(state: State) -> bool:
    """No prompt is waiting for a defender's answer."""
    return state.get("pending") is None


def actor_of(state: State, actor: str) -> Json:
    """The acting combatant, who must be able to act (ACE-ATTR-2)."""
    c = combatant(state, actor)
    if not can_act(c, settings_of(state)):
        raise refuse(m.CANNOT_ACT(name=c["name"]), "ACE-ATTR-2")
    return c


def pinned(c: Mapping[str, Any]) -> bool:
    """ACE-GRAPPLE-7: a pinned combatant has lost every action but the escape."""
    g = c.get("grapple")
    return bool(g and g["role"] == "held" and g["pinned"])


def on_turn(state: State, actor: str) -> Json:
    """The acting combatant on its own turn, with no prompt open (ACE-ACT-1)."""
    c = actor_of(state, actor)
    if pinned(c):
        raise refuse(m.PINNED_ONLY(name=c["name"]), "ACE-GRAPPLE-7")
    if not idle(state):
        raise refuse(m.WAITING(), "ACE-CALLED-2")
    if not is_turn(state, actor):
        raise refuse(m.NOT_YOUR_TURN(name=c["name"]), "ACE-ACT-1")
    return c


def free(c: Mapping[str, Any], cost: str, s: AceSettings) -> bool:
    """ACE-ACT-1: whether the round's allowance still holds this cost."""
    used = c["used"]
    if cost in ("standard", "move"):
        return not used[cost]
    if cost in ("swift", "reflex"):
        return not used["quick"]  # ACE-ACT-1: one swift OR reflex action
    if cost in ("full", "standard_move"):
        both = not used["standard"] and not used["move"]
        # ACE-AMB-41: a full-round action is the standard and the move action.
        return both and (
            cost == "standard_move" or s.full_round == "standard_move" or not used["quick"]
        )
    return True  # free and passive actions are unlimited (ACE-ACT-2)


def spend(c: Mapping[str, Any], cost: str, s: AceSettings) -> list[Op]:
    """The ops that spend an action of the round; refused when it is already spent (ACE-ACT-1)."""
    if not free(c, cost, s):
        raise refuse(m.SPENT(name=c["name"], cost=COST_NAMES[cost]()), "ACE-ACT-1")
    ident = c["id"]
    if cost in ("standard", "move"):
        return [["set", cpath(ident, "used", cost), True]]
    if cost in ("swift", "reflex"):
        return [["set", cpath(ident, "used", "quick"), True]]
    if cost in ("full", "standard_move"):
        ops: list[Op] = [
            ["set", cpath(ident, "used", "standard"), True],
            ["set", cpath(ident, "used", "move"), True],
        ]
        if cost == "full" and s.full_round == "everything":
            ops.append(["set", cpath(ident, "used", "quick"), True])
        return ops
    return []


# The dice of events that roll nothing (turn bookkeeping): an Emitter reads its records, empty.
NO_DICE: Dice = LoadedDice(())


def unseen_audience(state: State, idents: Iterable[str]) -> str | None:
    """ACE-STEALTH-1 for the log: who may read a line naming these combatants. None when none is
    unnoticed; else their side (and the GM), or only the GM when they are of several sides."""
    hidden = [state["combatants"][i] for i in idents if state["combatants"][i]["hidden"]]
    if not hidden:
        return None
    sides = {c["side"] for c in hidden}
    side = next(iter(sides))
    return f"side:{side}" if len(sides) == 1 and side else "gm"


def noticed(state: State, ident: str, by: str) -> Json:
    """ACE-STEALTH-1: the combatant `by` aims at by id; one of another side that `by`'s side has
    not noticed is refused as a combatant who is not there is, so the refusal tells nothing of
    it (not its name, not that it is there)."""
    t = combatant(state, ident)
    me = state["combatants"].get(by)
    ally = me is not None and bool(me["side"]) and me["side"] == t["side"]
    if t["hidden"] and t["id"] != by and not ally:
        raise refuse(m.NO_SUCH(id=ident))
    return t


def named(state: State, ident: str) -> str:
    """ACE-STEALTH-1: the audience of a line naming one combatant: everyone, or only its side
    and the GM while it is unnoticed."""
    return unseen_audience(state, [ident]) or EVERYONE


def off_players_map(state: Mapping[str, Any], ident: str) -> bool:
    """SCENE-HIDE-5: whether the encounter is on a scene map that shows the players no token of
    this combatant: GM-only, or not on the map, which a player cannot tell apart."""
    if not has_map(state):
        return False
    token = state["scene"].get("tokens", {}).get(ident)
    return not isinstance(token, Mapping) or bool(token.get("gm_only"))


def kept_to(state: State, ident: str) -> str | None:
    """SCENE-HIDE-5: the audience of what a combatant the players' map does not show does on its
    own: the GM (and its player, when a player plays it); None when the players see its token
    (or there is no map)."""
    if not off_players_map(state, ident):
        return None
    controller = str(state["combatants"][ident].get("controller") or GM)
    return GM if controller == GM else f"actor:{ident}"


def told(state: State, ident: str) -> str:
    """The audience of a line about one combatant's own turn (its start, its end): its side's
    while it is unnoticed (ACE-STEALTH-1), the GM's while the players' map does not show its token
    (SCENE-HIDE-5), else everyone's."""
    return unseen_audience(state, [ident]) or kept_to(state, ident) or EVERYONE


def others(state: State, actor: str) -> list[Json]:
    """Every other living combatant, in table order."""
    return [c for c in state["combatants"].values() if c["id"] != actor and not c["dead"]]


def enemies(state: State, actor: str) -> list[Json]:
    """Living combatants of other sides (or every other one when sides are not set)."""
    me = state["combatants"][actor]
    return [c for c in others(state, actor) if not me["side"] or c["side"] != me["side"]]
