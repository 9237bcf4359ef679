"""What every mech action shares: the acting mech, the resolution around a step, its spec."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.core.actions import ActionSpec, ActionTemplate, Choice, Field
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.messages import Message, Msg
from rules.core.system import Action, Event
from rules.mech import messages as M
from rules.mech import refusals as R
from rules.mech import state as st
from rules.mech.context import GM_ACTOR, Ctx
from rules.mech.state import Json, Unit, alive, has, hostile
from rules.mech.turns import (
    require_can_act,
)


def acting(ctx: Ctx, action: Action, what: str) -> Unit:
    """The acting mech, refused when destroyed, Stunned or owing a trauma choice."""
    u = ctx.u(action.actor)
    require_can_act(u, what)
    return u


Step = Callable[[Ctx, Action, bool], None]  # (context, action, as a reaction) -> events emitted


def run(step: Step, gm: bool) -> Callable[[Json, Action, Dice], list[Event]]:
    """The `resolve` of one action kind: its step in a fresh context, the patch left over kept."""

    def resolve(state: Json, action: Action, dice: Dice) -> list[Event]:
        if gm != (action.actor == GM_ACTOR):
            if action.actor == GM_ACTOR:
                raise IllegalAction(R.THE_GM_ACTS_THROUGH_A_MECH(kind=repr(action.kind)))
            raise IllegalAction(R.ONLY_THE_GM_ACTOR_GM_MAY(kind=repr(action.kind)))
        ctx = Ctx(state, dice)
        step(ctx, action, False)
        return ctx.finished()

    return resolve


Offer = Callable[[Json, str], "ActionTemplate | Sequence[ActionTemplate] | None"]
Preview = Callable[[Json, Action], Json]


def spec(
    kind: str,
    rule: str,
    step: Step,
    offer: Offer | None = None,
    preview: Preview | None = None,
    gm: bool = False,
) -> ActionSpec[Json]:
    """One mech action kind: its step resolved in a context, its form, its odds."""
    return ActionSpec(kind, rule, run(step, gm), offer=offer, preview=preview)


# ---------------------------------------------------------------------------------------------
# Offers: when a form is open to a mech, and the fields forms share


def offered(state: Json, actor: str) -> Unit | None:
    """The actor's living mech during a match with no trauma to choose first (not the GM)."""
    if actor == GM_ACTOR:
        return None
    u: Unit | None = state["units"].get(actor)
    if u is None or not alive(u) or state["phase"] == "interval" or u["pending_trauma"]:
        return None
    return u


def on_turn(state: Json, actor: str) -> Unit | None:
    """`offered`, and it is this mech's turn."""
    u = offered(state, actor)
    if u is None or state["active"] != actor or u["turn"] is None:
        return None
    return u


def ready(state: Json, actor: str, ap: int = 0) -> Unit | None:
    """`on_turn`, neither Shut Down nor Stunned, with at least `ap` AP left (MECH-AP-TABLE)."""
    u = on_turn(state, actor)
    if u is None or has(u, "shut_down") or has(u, "stunned") or int(u["turn"]["ap"]) < ap:
        return None
    return u


def cost(ap: int) -> Msg:
    """An action's cost beside its label: "1 AP", "2 AP", or "free"."""
    return M.AP(ap=ap) if ap else M.FREE()


def names(units: Sequence[Unit]) -> tuple[Choice, ...]:
    """Mechs as choices: their id sent, their name shown."""
    return tuple(Choice(str(o["id"]), str(o["name"])) for o in units)


def target(units: Sequence[Unit], label: Message = M.TARGET, name: str = "target") -> Field:
    """A field picking one of these mechs by name."""
    return Field(name, label(), "target", names(units))


def square(state: Json, aim: bool = False) -> tuple[Field, Field]:
    """The x and y of a square on this map."""
    width, height = int(state["map"]["width"]), int(state["map"]["height"])
    return (
        Field("x", (M.AIM_X if aim else M.X)(), "number", min=0, max=width - 1),
        Field("y", (M.AIM_Y if aim else M.Y)(), "number", min=0, max=height - 1),
    )


def enemies(state: Json, u: Unit) -> list[Unit]:
    """Living hostile mechs the actor's side may target (MECH-COND-HIDDEN: not Hidden ones)."""
    return [o for o in st.living(state) if hostile(u, o) and not has(o, "hidden")]
