"""Prepared actions and their triggers (MECH-ACT-PREPARE, MECH-REACT-1)."""

from __future__ import annotations

from rules.core.actions import ActionTemplate, Choice, Field
from rules.core.errors import IllegalAction
from rules.core.params import str_param
from rules.core.system import Action
from rules.mech import log_messages as L
from rules.mech import messages as M
from rules.mech import refusals as R
from rules.mech import state as st
from rules.mech.actions.aim import weapon_index
from rules.mech.actions.attack import do_attack
from rules.mech.actions.base import (
    Step,
    acting,
    cost,
    enemies,
    names,
    offered,
    ready,
    spec,
)
from rules.mech.actions.melee import do_grapple, do_ram
from rules.mech.actions.movement import do_boost
from rules.mech.actions.systems import do_shut_down
from rules.mech.actions.tech import do_hide, do_search, do_tech
from rules.mech.context import Ctx, reveal
from rules.mech.state import Json, Unit, has
from rules.mech.turns import (
    spend,
)

# MECH-ACT-PREPARE: the 1-AP actions a mech may prepare, and the step each fires as a reaction.
PREPARABLE: dict[str, Step] = {
    "boost": do_boost,
    "grapple": do_grapple,
    "hide": do_hide,
    "tech": do_tech,
    "ram": do_ram,
    "search": do_search,
    "attack": do_attack,
    "shut_down": do_shut_down,
}
ONE_AP_ACTIONS = tuple(PREPARABLE)


def do_prepare(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-PREPARE / MECH-AMB-16: 1 AP now; a 1-AP action fires as a reaction later."""
    u = acting(ctx, action, "prepare")
    kind = str_param(action.params, "action")
    trigger = str_param(action.params, "trigger")
    if kind not in ONE_AP_ACTIONS:
        raise IllegalAction(
            R.PREPARE_ONE_OF_THE_1_AP(actions=[M.ACTION_NAMES[a]() for a in ONE_AP_ACTIONS]),
            "MECH-ACT-PREPARE",
        )
    if kind == "attack":
        weapon = u["weapons"][weapon_index(u, dict(action.params))]
        if weapon["size"] == "superheavy":
            raise IllegalAction(R.A_SUPERHEAVY_ATTACK_COSTS_2_AP(), "MECH-ACT-PREPARE")
    spend(ctx, u["id"], 1, "Prepare", "MECH-ACT-PREPARE", reaction)
    params = {k: v for k, v in action.params.items() if k not in ("action", "trigger")}
    prepared = {"kind": kind, "trigger": trigger[:200], "params": params}
    ctx.emit(
        "action.prepared",
        L.LOG_PREPARES(name=u["name"], kind=M.ACTION_NAMES[kind](), trigger=trigger[:200]),
        units={u["id"]: {"prepared": prepared}},
        unit=u["id"],
        rule="MECH-ACT-PREPARE",
    )


def do_trigger_prepared(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-PREPARE / MECH-REACT-1: the trigger happened; the prepared action fires."""
    u = acting(ctx, action, "react")
    prepared = u["prepared"]
    if prepared is None:
        raise IllegalAction(R.HAS_NOTHING_PREPARED(name=u["name"]), "MECH-ACT-PREPARE")
    check_reaction(ctx, u)
    params = {
        **prepared["params"],
        **{k: v for k, v in action.params.items() if v not in (None, "")},
    }
    ctx.stage(u["id"], reaction_used=True, prepared=None)
    ctx.emit(
        "reaction.taken",
        L.LOG_TRIGGER_HAPPENS(
            name=u["name"],
            trigger=prepared["trigger"],
            does=L.PREPARED_DOES[prepared["kind"]](),
        ),
        unit=u["id"],
        rule="MECH-ACT-PREPARE",
    )
    reveal(ctx, u["id"], L.WHY_REACTION())
    PREPARABLE[prepared["kind"]](ctx, Action(prepared["kind"], u["id"], params), True)


def check_reaction(ctx: Ctx, u: Unit) -> None:
    """MECH-REACT-1: one reaction per turn; not while Jammed or grappling."""
    if u["reaction_used"]:
        raise IllegalAction(R.HAS_ALREADY_REACTED_THIS_TURN(name=u["name"]), "MECH-REACT-1")
    if has(u, "jammed"):
        raise IllegalAction(R.IS_JAMMED_AND_CANNOT_REACT(name=u["name"]), "MECH-COND-JAMMED")
    if st.in_grapple(ctx.state, u["id"]):
        raise IllegalAction(R.IS_GRAPPLING_AND_CANNOT_REACT(name=u["name"]), "MECH-ACT-GRAPPLE-1")


def offer_trigger_prepared(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-PREPARE: a prepared action may fire outside the mech's own turn."""
    u = offered(state, actor)
    if u is None or not u["prepared"] or state["active"] == actor or u["reaction_used"]:
        return None
    field = Field("target", M.TARGET_IF_CHANGED(), "target", _targets(state, u), default="")
    label = M.TRIGGER(trigger=str(u["prepared"]["trigger"]))
    return ActionTemplate("trigger_prepared", label, "MECH-ACT-PREPARE", (field,))


def offer_prepare(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-PREPARE: 1 AP now for a 1-AP action and its trigger."""
    u = ready(state, actor, 1)
    if u is None:
        return None
    kinds = tuple(Choice(k, M.ACTION_NAMES[k]()) for k in ONE_AP_ACTIONS)
    weapons = tuple(Choice(str(i), str(w["name"])) for i, w in enumerate(u["weapons"]))
    fields = (
        Field("action", M.PREPARED_ACTION(), "choice", kinds),
        Field("trigger", M.TRIGGER_TEXT(), "text"),
        Field("target", M.TARGET(), "target", _targets(state, u), default=""),
        Field("weapon", M.WEAPON(), "choice", (Choice("", M.NOBODY()), *weapons), default=""),
    )
    return ActionTemplate("prepare", M.PREPARE(), "MECH-ACT-PREPARE", fields, cost=cost(1))


def _targets(state: Json, u: Unit) -> tuple[Choice, ...]:
    """Whom a prepared action may be aimed at, by name: nobody (or, when it fires, the target
    it was prepared with), then the enemies the mech's side may target (MECH-COND-HIDDEN: not
    Hidden ones), then the mech's own side."""
    others = [o for o in st.living(state) if o["id"] != u["id"]]
    foes = enemies(state, u)
    friends = [o for o in others if not st.hostile(u, o)]
    return (Choice("", M.NOBODY()), *names(foes), *names(friends))


TRIGGER_PREPARED = spec(
    "trigger_prepared", "MECH-ACT-PREPARE", do_trigger_prepared, offer_trigger_prepared
)
PREPARE = spec("prepare", "MECH-ACT-PREPARE", do_prepare, offer_prepare)
