"""The GM's tools: damage, heat, falls, conditions and forced saves."""

from __future__ import annotations

from rules.core.actions import ActionTemplate, Choice, Field
from rules.core.errors import IllegalAction
from rules.core.params import bool_param, int_param, str_param
from rules.core.system import Action
from rules.mech import log_messages as L
from rules.mech import messages as M
from rules.mech import refusals as R
from rules.mech import state as st
from rules.mech.actions.base import (
    names,
    spec,
)
from rules.mech.actions.movement import fall
from rules.mech.checks import forced_save
from rules.mech.context import GM_ACTOR, Ctx
from rules.mech.harm import (
    deal_damage,
    take_burn,
    take_heat,
)
from rules.mech.state import Json, has, hostile


def do_gm_damage(ctx: Ctx, action: Action, reaction: bool) -> None:
    """GM tool: deal typed damage to a mech through the pipeline (MECH-DMG-PIPE)."""
    t = ctx.u(str_param(action.params, "target"))
    dtype = str_param(action.params, "type", "kinetic")
    amount = int_param(action.params, "amount")
    if amount < 0 or dtype not in ("explosive", "energy", "kinetic", "burn"):
        raise IllegalAction(R.DEAL_A_POSITIVE_AMOUNT_OF_EXPLOSIVE(), "MECH-DMG-TYPES")
    if dtype == "burn":
        take_burn(ctx, t["id"], amount, L.WHY_GM())
    else:
        deal_damage(
            ctx,
            t["id"],
            [(dtype, amount)],
            L.WHY_GM(),
            armour_piercing=bool_param(action.params, "ap"),
        )


def do_gm_heat(ctx: Ctx, action: Action, reaction: bool) -> None:
    """GM tool: a mech takes heat (MECH-HEAT-2 applies)."""
    t = ctx.u(str_param(action.params, "target"))
    amount = int_param(action.params, "amount")
    if amount < 1:
        raise IllegalAction(R.HEAT_MUST_BE_AT_LEAST_1(), "MECH-HEAT-1")
    take_heat(ctx, t["id"], amount, L.WHY_GM())


def do_gm_fall(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-FALL-1: a mech falls; 3 kinetic per full 3 squares, ignoring armour."""
    t = ctx.u(str_param(action.params, "target"))
    height = int_param(action.params, "height")
    amount = fall(ctx, height)
    ctx.emit(
        "mech.fell",
        M.LOG_FELL(name=t["name"], height=height, amount=amount),
        units={t["id"]: {"elevation": 0}},
        unit=t["id"],
        rule="MECH-FALL-1",
    )
    if amount:
        deal_damage(
            ctx,
            t["id"],
            [("kinetic", amount)],
            L.WHY_FALL(),
            armour_piercing=True,
            rule="MECH-FALL-1",
        )


CONDITIONS_GM = (
    "exposed",
    "hidden",
    "invisible",
    "prone",
    "immobilized",
    "impaired",
    "jammed",
    "lock_on",
    "shredded",
    "slowed",
    "stunned",
)


def do_gm_condition(ctx: Ctx, action: Action, reaction: bool) -> None:
    """GM tool: give or remove a condition (MECH-COND-*), maybe until the end of the next turn."""
    t = ctx.u(str_param(action.params, "target"))
    name = str_param(action.params, "condition")
    if name not in CONDITIONS_GM:
        raise IllegalAction(
            R.CONDITIONS(conditions=[M.CONDITION_NAMES[c]() for c in CONDITIONS_GM]),
            "MECH-COND-DURATION",
        )
    if bool_param(action.params, "remove"):
        if not has(t, name):
            raise IllegalAction(
                R.IS_NOT(target=t["name"], condition=M.CONDITION_NAMES[name]()),
                "MECH-COND-DURATION",
            )
        ctx.remove_condition(
            t["id"],
            name,
            L.LOG_GM_IS_NO_LONGER(target=t["name"], condition=M.CONDITION_NAMES[name]()),
        )
        return
    timed = bool_param(action.params, "until_next_turn")
    ctx.add_condition(
        t["id"],
        name,
        L.LOG_GM_IS(target=t["name"], condition=M.CONDITION_NAMES[name]()),
        expires="end_of_next_turn" if timed else None,
        source=str_param(action.params, "source", "gm"),
    )


def do_gm_save(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-SAVE-1 / MECH-AMB-44: an effect forces a save; a Hidden unit forcing it is revealed."""
    t = ctx.u(str_param(action.params, "target"))
    attribute = str_param(action.params, "attribute", "hull")
    if attribute not in ("hull", "agility", "systems", "engineering"):
        raise IllegalAction(R.SAVE_WITH_HULL_AGILITY_SYSTEMS_OR(), "MECH-SAVE-1")
    by = str(action.params.get("by") or "")
    if by:
        source = ctx.u(by)
        if not hostile(source, t):
            raise IllegalAction(R.ONLY_AN_ENEMY_S_EFFECT_FORCES(), "MECH-AMB-44")
    target = int_param(action.params, "save_target", 0) or None
    forced_save(ctx, by or None, t["id"], attribute, L.WHY_SAVE(), target)


def do_gm_pilot(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-PILOT-STATE: the GM says how the pilot came out of it (the seed gives pilots no
    hit points); the condition outlasts the match and rides on the sheet's condition."""
    t = ctx.u(str_param(action.params, "target"))
    state = str_param(action.params, "pilot", "unhurt")
    if state not in M.PILOT_STATES:
        raise IllegalAction(R.MUST_BE_ONE_OF(choices=", ".join(M.PILOT_STATES)), "MECH-PILOT-STATE")
    ctx.emit(
        "mech.pilot",
        M.LOG_PILOT(name=t["name"], state=M.PILOT_STATES[state]()),
        units={t["id"]: {"pilot_state": state}},
        unit=t["id"],
        pilot=state,
        rule="MECH-PILOT-STATE",
    )


def mechs(state: Json, actor: str) -> tuple[Choice, ...] | None:
    """Every living mech, for the GM's tools; None for anyone but the GM."""
    return names(st.living(state)) if actor == GM_ACTOR else None


def offer_gm_damage(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-DMG-PIPE: the GM deals damage of a type, through armour or not."""
    units = mechs(state, actor)
    if units is None:
        return None
    types = tuple(Choice(k, m()) for k, m in M.DAMAGE_TYPES.items())
    fields = (
        Field("target", M.MECH(), "target", units),
        Field("amount", M.AMOUNT(), "number", default=1, min=0),
        Field("type", M.DAMAGE_TYPE(), "choice", types),
        Field("ap", M.ARMOUR_PIERCING(), "checkbox", default=False),
    )
    return ActionTemplate("gm_damage", M.GM_DAMAGE(), "MECH-DMG-PIPE", fields)


def offer_gm_heat(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-HEAT-2: the GM deals heat."""
    units = mechs(state, actor)
    if units is None:
        return None
    fields = (
        Field("target", M.MECH(), "target", units),
        Field("amount", M.HEAT(), "number", default=1, min=1),
    )
    return ActionTemplate("gm_heat", M.GM_HEAT(), "MECH-HEAT-2", fields)


def offer_gm_fall(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-FALL-1: the GM makes a mech fall."""
    units = mechs(state, actor)
    if units is None:
        return None
    fields = (
        Field("target", M.MECH(), "target", units),
        Field("height", M.SQUARES(), "number", default=3, min=0),
    )
    return ActionTemplate("gm_fall", M.GM_FALL(), "MECH-FALL-1", fields)


def offer_gm_save(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-SAVE-1: the GM forces a save, perhaps by a hidden enemy."""
    units = mechs(state, actor)
    if units is None:
        return None
    attributes = tuple(Choice(k, m()) for k, m in M.ATTRIBUTES.items())
    fields = (
        Field("target", M.MECH(), "target", units),
        Field("attribute", M.SAVE(), "choice", attributes),
        Field("by", M.FORCED_BY(), "target", (Choice("", M.NOBODY()), *units)),
        Field("save_target", M.SAVE_TARGET(), "number", default=0, min=0),
    )
    return ActionTemplate("gm_save", M.GM_SAVE(), "MECH-SAVE-1", fields)


def offer_gm_condition(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-COND-DURATION: the GM gives or removes a condition."""
    units = mechs(state, actor)
    if units is None:
        return None
    conditions = tuple(Choice(c, M.CONDITION_NAMES[c]()) for c in CONDITIONS_GM)
    fields = (
        Field("target", M.MECH(), "target", units),
        Field("condition", M.CONDITION(), "choice", conditions),
        Field("until_next_turn", M.UNTIL_NEXT_TURN(), "checkbox", default=False),
        Field("remove", M.REMOVE_IT(), "checkbox", default=False),
    )
    return ActionTemplate("gm_condition", M.GM_CONDITION(), "MECH-COND-DURATION", fields)


def offer_gm_pilot(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-PILOT-STATE: the GM sets a pilot's condition, a wrecked mech's pilot too."""
    if actor != GM_ACTOR or not state["order"]:
        return None
    units = names([state["units"][uid] for uid in state["order"]])
    states = tuple(Choice(k, m()) for k, m in M.PILOT_STATES.items())
    fields = (
        Field("target", M.MECH(), "target", units),
        Field("pilot", M.PILOT_STATE(), "choice", states, default="wounded"),
    )
    return ActionTemplate("gm_pilot", M.GM_PILOT(), "MECH-PILOT-STATE", fields)


GM_DAMAGE = spec("gm_damage", "MECH-DMG-PIPE", do_gm_damage, offer_gm_damage, gm=True)
GM_HEAT = spec("gm_heat", "MECH-HEAT-2", do_gm_heat, offer_gm_heat, gm=True)
GM_FALL = spec("gm_fall", "MECH-FALL-1", do_gm_fall, offer_gm_fall, gm=True)
GM_SAVE = spec("gm_save", "MECH-SAVE-1", do_gm_save, offer_gm_save, gm=True)
GM_CONDITION = spec(
    "gm_condition", "MECH-COND-DURATION", do_gm_condition, offer_gm_condition, gm=True
)
GM_PILOT = spec("gm_pilot", "MECH-PILOT-STATE", do_gm_pilot, offer_gm_pilot, gm=True)
