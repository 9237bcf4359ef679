"""Set-up actions (SCS-SETUP-*): units placed inside their set-up areas."""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.core.kit import ActionSpec, ActionTemplate, Field, said
from rules.core.params import str_param
from rules.core.system import Action
from rules.scs import board
from rules.scs import messages as m
from rules.scs.actions.common import hex_param, own_turn, resolver, side_name, unit_choices
from rules.scs.board import State
from rules.scs.fold import Scratch
from rules.scs.scenario import Scenario
from rules.scs.state import scenario_of


def resolve_setup_place(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-SETUP-1 / PD-02: a unit set up inside its area; only its side hears where (PD-32)."""
    side = action.actor
    if state["phase"] != "setup" or state["player"] != side:
        raise IllegalAction(m.CANNOT_SET_UP(side=side_name(scn, side)), "SCS-SETUP-5")
    uid = str_param(action.params, "unit")
    if uid not in scn.units or scn.units[uid].side != side or state["units"][uid]["hex"] is None:
        raise IllegalAction(m.NOT_SETUP_UNIT(unit=uid), "SCS-SETUP-1")
    unit = scn.units[uid]
    cell_ = hex_param(scn, action.params, "hex")
    label = scn.label(cell_)
    if cell_ not in unit.setup_area:
        raise IllegalAction(m.OUTSIDE_AREA(unit=uid, hex=label), "SCS-SETUP-1")
    if scn.terrain_of(cell_).mp[unit.move_class] is None:
        raise IllegalAction(m.PROHIBITED_FOR(hex=label, unit=uid), "PD-02")
    owner = board.occupant(scn, state, cell_)
    if owner is not None and owner != side:
        raise IllegalAction(m.ENEMY_HELD(hex=label), "PD-02")
    out.emit_event(
        said(
            "setup.placed",
            m.SETS_UP(side=side_name(scn, side), unit=uid, hex=label),
            {"unit": uid, "hex": label},
            audience=f"side:{side}",
            redacted=m.SETS_UP_HIDDEN(side=side_name(scn, side)),
        )
    )


def offer_setup(state: State, actor: str) -> ActionTemplate | None:
    """SCS-SETUP-1: a side still setting up may place any unit with a choice of hexes."""
    scn = scenario_of(state)
    if not own_turn(scn, state, actor) or state["phase"] != "setup":
        return None
    if actor in state["setup_done"]:
        return None
    placeable = [
        uid
        for uid in sorted(state["units"])
        if scn.units[uid].side == actor
        and state["units"][uid]["status"] == "map"
        and len(scn.units[uid].setup_area) > 1
    ]
    if not placeable:
        return None
    return ActionTemplate(
        "setup.place",
        m.SET_UP(),
        "SCS-SETUP-1",
        (
            Field("unit", m.UNIT(), "choice", unit_choices(scn, placeable), placeable[0]),
            Field("hex", m.HEX(), "cell"),
        ),
    )


# This module's actions, listed in rules/scs/actions/__init__.py in the order they are offered.
PLACE: ActionSpec[State] = ActionSpec(
    "setup.place", "SCS-SETUP-1", resolver(resolve_setup_place), offer=offer_setup
)
