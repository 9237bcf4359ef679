"""What those in a grapple do with it: pin (ACE-GRAPPLE-7), strike inside (ACE-GRAPPLE-6),
escape or let go (ACE-GRAPPLE-7), and hide behind a pinned body (ACE-GRAPPLE-8)."""

from __future__ import annotations

from rules.ace import messages as m
from rules.ace.actions.common import actor_of, idle, is_turn, on_turn, refuse, spend
from rules.ace.actions.grapple_bonuses import METHODS, grapple_bonus, resist_bonus
from rules.ace.actions.grapple_contest import contest_or_settle
from rules.ace.actions.grapple_ends import release_ops, unshield_ops
from rules.ace.actions.grapple_weapons import inside_weapons
from rules.ace.rolls import contest
from rules.ace.state import Op, State, cpath, settings_of
from rules.ace.stats import val
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.params import choice_param
from rules.core.system import Action, Event


def pin(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-GRAPPLE-7: from the round after the grapple, a new contest pins the target."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    g = c.get("grapple")
    if not g or g["role"] != "holder" or g["pinned"]:
        raise refuse(m.NOT_HOLDING(name=c["name"]), "ACE-GRAPPLE-7")
    if int(state["round"]) <= int(g["round"]):
        raise refuse(m.PIN_NEXT_ROUND(), "ACE-GRAPPLE-7")
    t = state["combatants"][g["with"]]
    ops = spend(c, "standard", s)  # ACE-AMB-41: an attack action is a standard action
    return contest_or_settle(
        state,
        "pin",
        c,
        t,
        ops,
        m.TRIES_PIN(attacker=c["name"], target=t["name"]),
        Emitter(state, dice),
        dice,
    )


def strike_inside(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-GRAPPLE-6 / ACE-AMB-28: win a contest, then straight to damage; a full-round action."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    g = c.get("grapple")
    if not g or (g["role"] == "held" and (g["pinned"] or not s.grappled_may_attack)):
        raise refuse(m.NOT_HOLDING(name=c["name"]), "ACE-GRAPPLE-6")
    key = choice_param(action.params, "weapon", [w["key"] for w in inside_weapons(c)], "unarmed")
    t = state["combatants"][g["with"]]
    ops = spend(c, "full", s)
    return contest_or_settle(
        state,
        "grapple_attack",
        c,
        t,
        ops,
        m.TRIES_STRIKE(attacker=c["name"], target=t["name"]),
        Emitter(state, dice),
        dice,
        weapon=key,
    )


def escape(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-GRAPPLE-7: the held one spends its attack action on a contest; pinned needs two."""
    s = settings_of(state)
    c = state["combatants"].get(action.actor)
    if c is None or not is_turn(state, action.actor) or not idle(state):
        raise refuse(m.NOT_YOUR_TURN(name=action.actor), "ACE-ACT-1")
    g = c.get("grapple")
    if not g or g["role"] != "held":
        raise refuse(m.NOT_HELD(name=c["name"]), "ACE-GRAPPLE-7")
    method = choice_param(action.params, "method", METHODS, "break")
    holder = state["combatants"][g["with"]]
    records = Emitter(state, dice)
    ops = spend(c, "standard", s)
    won = contest(resist_bonus(c, holder, method), grapple_bonus(holder, c), dice, s, "escape")
    info = {
        "initiator": won.initiator,
        "defender": won.defender,
        "margin": won.margin,
        "method": method,
    }
    if not won.initiator_wins:
        return [
            records.emit(
                "grapple.held",
                m.ESCAPE_FAILED(name=c["name"], a=won.initiator, d=won.defender),
                ops,
                contest=info,
            )
        ]
    if g["pinned"]:
        ops += [
            ["set", cpath(c["id"], "grapple", "pinned"), False],
            ["set", cpath(holder["id"], "grapple", "pinned"), False],
            *unshield_ops(holder),  # ACE-GRAPPLE-8: the shield was the pin
        ]
        return [records.emit("grapple.unpinned", m.UNPINNED(name=c["name"]), ops, contest=info)]
    ops += release_ops(state, c["id"])
    return [records.emit("grapple.ended", m.ESCAPED(name=c["name"]), ops, contest=info)]


def release(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-GRAPPLE-7: the grappler lets go (a free action); a body shield's cover goes with it."""
    c = actor_of(state, action.actor)
    g = c.get("grapple")
    if not g or g["role"] != "holder":
        raise refuse(m.NOT_HOLDING(name=c["name"]), "ACE-GRAPPLE-7")
    other = state["combatants"][g["with"]]
    line = m.RELEASED(name=c["name"], other=other["name"])
    return [Emitter(state, dice).emit("grapple.ended", line, release_ops(state, c["id"]))]


def shield(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-GRAPPLE-8 / ACE-AMB-30: a pinner whose margin beats the target's STR hides behind it."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    g = c.get("grapple")
    if not g or g["role"] != "holder" or not g["pinned"]:
        raise refuse(m.NOT_HOLDING(name=c["name"]), "ACE-GRAPPLE-8")
    other = state["combatants"][g["with"]]
    if int(g["margin"]) <= val(other, "str"):
        raise refuse(m.SHIELD_MARGIN(margin=g["margin"], name=other["name"]), "ACE-GRAPPLE-8")
    ops: list[Op] = [
        ["set", cpath(c["id"], "cover"), s.body_shield],
        ["set", cpath(c["id"], "shield"), True],
    ]
    return [
        Emitter(state, dice).emit(
            "cover.set", m.BODY_SHIELD(name=c["name"], other=other["name"]), ops
        )
    ]
