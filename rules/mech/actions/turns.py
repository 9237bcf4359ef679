"""Starting and ending turns, opportunity-attack setting, trauma choices."""

from __future__ import annotations

from rules.core.actions import ActionTemplate, Choice, Field
from rules.core.errors import IllegalAction
from rules.core.kit import Label
from rules.core.params import bool_param, int_param
from rules.core.system import Action
from rules.mech import log_messages as L
from rules.mech import messages as M
from rules.mech import refusals as R
from rules.mech.actions.base import (
    offered,
    on_turn,
    spec,
)
from rules.mech.context import Ctx
from rules.mech.harm import (
    choose_trauma,
    trauma_options,
)
from rules.mech.state import Json, Unit, alive
from rules.mech.turns import (
    begin_turn,
    finish_turn,
    next_picks,
)


def do_begin_turn(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-AP-1 / MECH-ROUND-2: start this unit's turn."""
    begin_turn(ctx, action.actor)


def do_end_turn(ctx: Ctx, action: Action, reaction: bool) -> None:
    """End the active unit's turn (MECH-AMB-09: unspent AP and move are lost)."""
    u = ctx.u(action.actor)
    if ctx.state["active"] != u["id"]:
        raise IllegalAction(R.IT_IS_NOT_S_TURN(name=u["name"]), "MECH-ROUND-1")
    finish_turn(ctx, u["id"])


def do_choose_trauma(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-AMB-34: the controller picks the mount or system the system trauma destroys."""
    choose_trauma(ctx, action.actor, int_param(action.params, "item"))


def do_set_reactions(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-OA-1: whether this mech takes its opportunity attacks automatically."""
    u = ctx.u(action.actor)
    on = bool_param(action.params, "on", True)
    ctx.emit(
        "reactions.set",
        (L.LOG_TAKE_OPPORTUNITY_ATTACKS if on else L.LOG_SKIP_OPPORTUNITY_ATTACKS)(name=u["name"]),
        units={u["id"]: {"auto_reactions": on}},
        unit=u["id"],
        rule="MECH-OA-1",
    )


def offer_begin_turn(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ROUND-2: the mechs whose turn may start now."""
    if offered(state, actor) is None or actor not in next_picks(state):
        return None
    return ActionTemplate("begin_turn", M.BEGIN_TURN(), "MECH-AP-1")


def offer_end_turn(state: Json, actor: str) -> ActionTemplate | None:
    """The active mech may end its turn at any time."""
    if on_turn(state, actor) is None:
        return None
    return ActionTemplate("end_turn", M.END_TURN(), "MECH-AP-1")


def trauma_item(u: Unit, kind: str, i: int) -> Label:
    """A mount (with its weapons) or a system the trauma could destroy, for a reader."""
    if kind == "mount":
        weapons = [u["weapons"][w]["name"] for w in u["mounts"][i]["weapons"]]
        return M.MOUNT_ITEM(n=i + 1, weapons=weapons)
    return str(u["systems"][i]["name"])


def offer_choose_trauma(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-AMB-34: a trauma owed is the only thing its mech may do."""
    u = state["units"].get(actor)
    if u is None or not alive(u) or state["phase"] == "interval" or not u["pending_trauma"]:
        return None
    kind = str(u["pending_trauma"])
    items = [Choice(str(i), trauma_item(u, kind, i)) for i in trauma_options(u)[kind]]
    label, title = (
        (M.TRAUMA_MOUNT, M.CHOOSE_MOUNT) if kind == "mount" else (M.TRAUMA_SYSTEM, M.CHOOSE_SYSTEM)
    )
    return ActionTemplate(
        "choose_trauma",
        title(),
        "MECH-AMB-34",
        (Field("item", label(), "choice", tuple(items)),),
    )


def offer_set_reactions(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-OA-1: whether opportunity attacks are taken automatically, at any time."""
    u = offered(state, actor)
    if u is None:
        return None
    on = Field("on", M.ON(), "checkbox", default=bool(u["auto_reactions"]))
    return ActionTemplate("set_reactions", M.SET_REACTIONS(), "MECH-OA-1", (on,))


BEGIN_TURN = spec("begin_turn", "MECH-AP-1", do_begin_turn, offer_begin_turn)
END_TURN = spec("end_turn", "MECH-AP-1", do_end_turn, offer_end_turn)
CHOOSE_TRAUMA = spec("choose_trauma", "MECH-AMB-34", do_choose_trauma, offer_choose_trauma)
SET_REACTIONS = spec("set_reactions", "MECH-OA-1", do_set_reactions, offer_set_reactions)
