"""The defender's answer to a prompt: guard or dodge a called shot, break or slip a grapple."""

from __future__ import annotations

from rules.ace import messages as m
from rules.ace.actions import checks, grapple
from rules.ace.actions.attack import resolve_attack
from rules.ace.actions.common import (
    GM,
    free,
    refuse,
)
from rules.ace.state import State, settings_of
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.kit import ActionSpec, ActionTemplate, Field, choices
from rules.core.params import bool_param, choice_param
from rules.core.system import Action, Event

ANSWERS = ("none", "guard", "dodge")


def respond(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-CALLED-2 / ACE-GRAPPLE-1: the defender (or the GM for them) answers the prompt."""
    pending = state.get("pending")
    if pending is None:
        raise refuse(m.NOTHING_PENDING())
    if action.actor not in (GM, pending["target"]):
        raise refuse(m.NOT_ASKED(), "ACE-CALLED-2")
    if pending["kind"] == "contest":
        method = choice_param(action.params, "answer", grapple.METHODS)
        return grapple.settle(state, pending, method, dice)
    if pending["kind"] == "approval":
        answer = choice_param(action.params, "answer", ("approve", "refuse"))
        return checks.approve(state, pending, answer == "approve", dice)
    answer = choice_param(action.params, "answer", ANSWERS, "none")
    t = state["combatants"][pending["target"]]
    if answer != "none" and not free(t, "reflex", settings_of(state)):
        raise refuse(m.SPENT(name=t["name"], cost=m.ACT_REFLEX()), "ACE-AMB-19")
    return resolve_attack(
        state, pending, answer, dice, counter=bool_param(action.params, "counter")
    )


def expire(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-AMB-19: the defender's time ran out: a called shot goes on with no reflex answer, a
    grapple contest with the defender's better resistance (the table sends this, as the GM)."""
    pending = state.get("pending")
    if pending is None or pending["kind"] == "approval":
        raise refuse(m.NOTHING_PENDING())
    t = state["combatants"][pending["target"]]
    records = Emitter(state, dice)
    first = records.emit("prompt.expired", m.EXPIRED(target=t["name"]), [])
    if pending["kind"] == "contest":
        method = grapple.best_method(t)
        return [first, *grapple.settle(records.state, pending, method, dice, records)]
    return [first, *resolve_attack(records.state, pending, "none", dice, records=records)]


def deadline(state: State) -> tuple[int, Action] | None:
    """ACE-AMB-19: while a defender is asked, its seconds and what happens when they run out."""
    pending = state.get("pending")
    if pending is None or pending["kind"] == "approval":
        return None  # the GM's own approval has no timer
    return int(pending.get("timer") or settings_of(state).reflex_timer), Action("expire", GM)


def offer(state: State, actor: str) -> ActionTemplate | None:
    pending = state.get("pending")
    if pending is None or actor != pending["target"]:
        return None
    hints = {"pending": pending}
    if pending["kind"] == "approval":
        field = Field(
            "answer",
            m.F_ANSWER(),
            "choice",
            choices([("approve", m.A_APPROVE()), ("refuse", m.A_REFUSE())]),
            default="approve",
            rule="ACE-CHECK-3",
        )
        return ActionTemplate("respond", m.L_APPROVE(), "ACE-CHECK-3", (field,), hints=hints)
    t = state["combatants"][actor]
    if pending["kind"] == "contest":
        field = Field(
            "answer",
            m.F_METHOD(),
            "choice",
            choices([("break", m.M_BREAK()), ("slip", m.M_SLIP())]),
            default=grapple.best_method(t),
            rule="ACE-GRAPPLE-1",
        )
        return ActionTemplate(
            "respond", m.L_RESIST(), "ACE-GRAPPLE-1", (field,), cost=m.ACT_PASSIVE(), hints=hints
        )
    options = [
        ("none", m.A_NONE()),
        ("guard", m.A_GUARD(dice=pending["guard"])),
        ("dodge", m.A_DODGE(hit=pending["dodge"])),
    ]
    fields: tuple[Field, ...] = (
        Field(
            "answer", m.F_ANSWER(), "choice", choices(options), default="none", rule="ACE-CALLED-2"
        ),
    )
    if pending.get("location") == "disarm":
        fields += (
            Field("counter", m.F_COUNTER(), "checkbox", default=True, rule="ACE-CALLED-DISARM"),
        )
    return ActionTemplate(
        "respond",
        m.L_RESPOND(),
        "ACE-CALLED-2",
        fields,
        cost=m.ACT_REFLEX(),
        preview=True,  # ACE-CALLED-2: each answer's odds
        hints=hints,
    )


SPECS = [
    ActionSpec("respond", "ACE-CALLED-2", respond, offer=offer),
    ActionSpec("expire", "ACE-AMB-19", expire, who=lambda s, a: a == GM),
]
