"""COC-DODGE-4 (AMB-COC-07): a dodge is declared when the attack comes, by whoever it comes at.

With `coc.dodge_timing = "when_attacked"` (the default) an attack, shot, burst or throw at someone
who may still dodge this round is checked in full and then held: each of its targets who could
dodge is asked "dodge?" before any die is rolled. Their answers resolve the held attack exactly
as sent; a target who dodges has declared its one dodge of the round, which answers the first
attack (or bullet) that strikes it, and who dodges may not attack that round. A target may let
it come and keep its dodge for a later attack. While an attack is held nothing else is played;
if the table's time for the answer runs out (`coc.dodge_timer` seconds), the targets who have
not answered take the attack undodged. `"declared"` keeps the older way: a dodge declared ahead,
in one's own time, answering the first attack that comes.
"""

from __future__ import annotations

from typing import Any

from rules.coc import messages as m
from rules.coc.actions.common import refuse
from rules.coc.state import Script, cset, settings_of, status
from rules.core.actions import GM_ACTOR, is_gm
from rules.core.changes import apply
from rules.core.dice import Dice, SeededDice
from rules.core.kit import ActionSpec, ActionTemplate, Field, Message, choices
from rules.core.params import bool_param, choice_param
from rules.core.system import Action, Event, Json

ATTACKS = ("attack", "fire", "burst", "throw", "two_guns")
ANSWER = Message("coc.action.answer_dodge", "Dodge this attack?")
F_DODGE = Message("coc.field.dodge_answer", "Your answer")
A_DODGE = Message("coc.answer.dodge", "dodge (the round's one dodge)")
A_TAKE = Message("coc.answer.take", "let it come (keep the dodge)")


def targets_of(action: Action) -> list[str]:
    """Who an attack form is aimed at: its target, an unaimed second target, a burst's targets."""
    params = action.params
    named = [str(params.get("target") or "")]
    if action.kind == "fire" and bool_param(params, "unaimed"):
        named.append(str(params.get("also") or ""))
    if action.kind == "burst":
        named = [
            key.removeprefix("shots_")
            for key, value in sorted(params.items())
            if key.startswith("shots_") and str(value).strip() not in ("", "0")
        ]
    return list(dict.fromkeys(n for n in named if n and n != action.actor))


def may_dodge(state: Json, ident: str, action: Action) -> bool:
    """COC-DODGE-1/-4, COC-SURPRISE-2: awake, no dodge spent or declared yet this round, not
    attacked already when a dodge forfeits the attack, and able to see it come."""
    c = state["combatants"].get(ident)
    if c is None or status(c) != "ok" or c["round"]["dodge"]:
        return False
    if c["round"]["attacked"] and settings_of(state).dodge_forfeits_attack:
        return False
    behind = bool_param(action.params, "from_behind")
    return not (behind and state["round"] == 1 and c["surprise"] == "complete")


def asked(state: Json, action: Action) -> list[str]:
    """The targets of an attack who are asked before it is rolled (none: it is rolled at once)."""
    if action.kind not in ATTACKS or settings_of(state).dodge_timing != "when_attacked":
        return []
    return [t for t in targets_of(action) if may_dodge(state, t, action)]


def hold(state: Json, action: Action, dice: Dice, resolve: Any, waiting: list[str]) -> list[Event]:
    """Check the attack in full on a copy (a refusal raises here, nothing held), then hold it."""
    resolve(state, action, SeededDice(0))  # the faces of this check are thrown away
    script = Script(state, dice)
    attacker = state["combatants"][action.actor]["name"]
    names = [state["combatants"][t]["name"] for t in waiting]
    pending = {
        "action": {"kind": action.kind, "actor": action.actor, "params": dict(action.params)},
        "waiting": waiting,
        "dodging": [],
    }
    script.emit(
        "dodge.asked",
        m.DODGE_ASKED(attacker=attacker, targets=", ".join(names)),
        [["set", ["asking"], pending]],
        actor=action.actor,
        targets=waiting,
        pending={"kind": "dodge", "targets": waiting},
    )
    return script.events


def _answer(state: Json, action: Action, dice: Dice, resolve: Any) -> list[Event]:
    """One target's answer; the last one rolls the held attack."""
    pending = state.get("asking")
    if not pending or action.actor not in pending["waiting"]:
        raise refuse(m.NOT_ASKED(), "COC-DODGE-4")
    answer = choice_param(action.params, "answer", ("dodge", "take"))
    script = Script(state, dice)
    c = state["combatants"][action.actor]
    dodging = [*pending["dodging"], action.actor] if answer == "dodge" else pending["dodging"]
    left = [t for t in pending["waiting"] if t != action.actor]
    pending = {**pending, "waiting": left, "dodging": dodging}
    changes: list[list[Any]] = [["set", ["asking"], pending if left else None]]
    if answer == "dodge":
        changes.append(cset(action.actor, "round", "dodge", "declared"))
    script.emit(
        "dodge.answered",
        m.DODGE_WILL(target=c["name"]) if answer == "dodge" else m.DODGE_NOT(target=c["name"]),
        changes,
        actor=action.actor,
        dodge=answer == "dodge",
    )
    if left:
        return script.events
    return [*script.events, *_roll_held(script.state, pending, dice, resolve)]


def _roll_held(state: Json, pending: Json, dice: Dice, resolve: Any) -> list[Event]:
    """The held attack as it was sent; a dodge declared for it and not needed is spent on it."""
    held = pending["action"]
    events: list[Event] = resolve(state, Action(held["kind"], held["actor"], held["params"]), dice)
    after = state
    for event in events:
        after = apply(after, event)
    spent = [
        cset(t, "round", "dodge", "used")
        for t in pending["dodging"]
        if after["combatants"][t]["round"]["dodge"] == "declared"
    ]
    if spent:
        script = Script(after, dice)
        script.emit("dodge.spent", m.DODGE_SPENT(), spent)
        events = [*events, *script.events]
    return events


def _expire(state: Json, action: Action, dice: Dice, resolve: Any) -> list[Event]:
    """The answer's time has run out: who has not answered takes the attack undodged."""
    pending = state.get("asking")
    if not pending:
        raise refuse(m.NOT_ASKED(), "COC-DODGE-4")
    script = Script(state, dice)
    names = ", ".join(state["combatants"][t]["name"] for t in pending["waiting"])
    script.emit(
        "dodge.timed_out",
        m.DODGE_TIMED_OUT(targets=names),
        [["set", ["asking"], None]],
    )
    return [*script.events, *_roll_held(script.state, pending, dice, resolve)]


def deadline(state: Json) -> tuple[int, Action] | None:
    """GameSystem.deadline: the seconds a held attack waits for its answers, 0 for no limit."""
    seconds = settings_of(state).dodge_timer
    if not state.get("asking") or seconds <= 0:
        return None
    return seconds, Action("expire", GM_ACTOR)


def offer(state: Json, actor: str) -> ActionTemplate | None:
    """The question, to each target still to answer."""
    pending = state.get("asking")
    if not pending or actor not in pending["waiting"]:
        return None
    held = pending["action"]
    field = Field(
        "answer",
        F_DODGE(),
        "choice",
        choices([("dodge", A_DODGE()), ("take", A_TAKE())]),
        default="dodge",
        rule="COC-DODGE-4",
    )
    hints = {"attacker": held["actor"], "attack": held["kind"]}
    return ActionTemplate("answer_dodge", ANSWER(), "COC-DODGE-4", (field,), hints=hints)


def gate(state: Json, action: Action) -> None:
    """While an attack is held, only its answers (and the table's time running out) are played."""
    pending = state.get("asking")
    if pending and action.kind not in ("answer_dodge", "expire"):
        names = ", ".join(state["combatants"][t]["name"] for t in pending["waiting"])
        raise refuse(m.WAITING_FOR_DODGE(targets=names), "COC-DODGE-4")


def specs(resolve: Any) -> list[ActionSpec[Json]]:
    """The answer and the time-out, resolving the held attack through the system's `resolve`."""
    return [
        ActionSpec(
            "answer_dodge",
            "COC-DODGE-4",
            lambda s, a, d: _answer(s, a, d, resolve),
            who=lambda s, actor: actor in s["combatants"],
            offer=offer,
        ),
        ActionSpec("expire", "COC-DODGE-4", lambda s, a, d: _expire(s, a, d, resolve), who=is_gm),
    ]
