"""A combat result carried out (SCS-CRT-3): step losses, retreats, advance after combat."""

from __future__ import annotations

from typing import Any

from rules.core.errors import IllegalAction, RulesError
from rules.core.kit import ActionSpec, ActionTemplate, Field, Msg, said
from rules.core.params import list_param
from rules.core.system import Action
from rules.scs import board
from rules.scs import messages as m
from rules.scs.actions.common import (
    losses_event,
    playing,
    resolver,
    side_name,
    unit_choices,
    units_param,
)
from rules.scs.board import State
from rules.scs.fold import STEP_PARTS, Scratch, writable
from rules.scs.scenario import Scenario
from rules.scs.stages import (
    advance_eligible,
    alive_units,
    combat_parts,
    current_stage,
    legal_retreats,
    owed_steps,
    retreat_length,
    side_part,
    stage_owner,
)
from rules.scs.state import scenario_of, take_step


def resolve_losses(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-STEP-1 / PD-24: the owner allocates the step losses among the units in the combat."""
    stage = current_stage(state)
    side = action.actor
    if stage not in ("attacker_losses", "defender_losses") or stage_owner(state) != side:
        raise IllegalAction(m.NO_LOSSES_WAITING(), "SCS-CRT-3")
    owed, units = owed_steps(scn, state, side)
    losses = [u.strip() for u in list_param(action.params, "units")]
    if len(losses) != owed:
        raise IllegalAction(m.CHOOSE_EXACTLY(n=owed), "SCS-STEP-1")
    for uid in set(losses):
        if uid not in units:
            raise IllegalAction(m.NOT_IN_COMBAT(unit=uid), "SCS-STEP-1")
        if losses.count(uid) > board.steps_left(scn, state, uid):
            raise IllegalAction(
                m.ONLY_STEPS(unit=uid, n=board.steps_left(scn, state, uid)), "SCS-STEP-1"
            )
    out.emit_event(losses_event(scn, state, side, stage, losses))


def resolve_retreat(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-RET-1..5, SCS-2.1d, PD-23: option losses, then a retreat path per group of units."""
    stage = current_stage(state)
    side = action.actor
    if stage not in ("attacker_retreat", "defender_retreat") or stage_owner(state) != side:
        raise IllegalAction(m.NO_RETREAT_WAITING(), "SCS-CRT-3")
    result, combat = combat_parts(state)
    part = side_part(result, combat, side)
    remaining = list(combat["to_retreat"][side])
    payload: dict[str, Any] = {"side": side}
    extra = [u.strip() for u in list_param(action.params, "losses")]
    k = combat["option_k"].get(side)
    work = writable(state, STEP_PARTS)
    if k is None:
        k = len(extra)
        if k > part.option:
            raise IllegalAction(m.OPTION_AT_MOST(n=part.option), "PD-23")
        for uid in set(extra):
            if uid not in remaining or extra.count(uid) > board.steps_left(scn, state, uid):
                raise IllegalAction(m.CANNOT_TAKE(unit=uid, n=extra.count(uid)), "PD-23")
        payload["k"] = k
        payload["extra_losses"] = extra
        for uid in extra:
            take_step(scn, work, uid)
        remaining = alive_units(work, remaining)
    elif extra:
        raise IllegalAction(m.OPTION_CHOSEN(), "PD-23")
    length = retreat_length(state, side, k)
    uids = units_param(action.params) or remaining
    uids = [u for u in uids if u in remaining]
    if length == 0 or not remaining:
        if list_param(action.params, "path"):
            raise IllegalAction(m.NO_RETREAT_NEEDED(), "PD-23")
        payload.update(units=remaining, path=[], ezoc_losses={}, eliminated=[])
        name = side_name(scn, side)
        taken = (
            m.OPTION_TAKEN_BY(side=name, k=k, units=list(extra))
            if extra
            else m.OPTION_TAKEN(side=name, k=k)
        )
        out.emit_event(said("retreat.moved", taken, payload))
        return
    if not uids:
        raise IllegalAction(m.CHOOSE_RETREATERS(), "SCS-RET-1")
    if len({work["units"][u]["hex"] for u in uids}) != 1:
        raise IllegalAction(m.ONE_START_HEX(), "SCS-RET-4")
    options = legal_retreats(scn, work, uids, length)
    path = [_retreat_label(scn, p) for p in list_param(action.params, "path")]
    eliminated: list[str] = []
    off_map: str | None = None
    if not options or (not path and all(o["off_map"] for o in options)):
        if path:
            raise IllegalAction(m.NO_LEGAL_RETREAT(n=length), "SCS-RET-5")
        if payload.get("k") is not None and k < part.option:
            on_map = m.NO_RETREAT_ON_MAP_OFF if options else m.NO_RETREAT_ON_MAP
            raise IllegalAction(on_map(n=length), "SCS-RET-5")
        # SCS-RET-5: no retreat on the map; leaving it would eliminate them as well (SCS-MAP-4).
        eliminated = list(uids)
        chosen: dict[str, Any] = {"path": [], "ezoc": []}
    else:
        match = [o for o in options if o["path"] == path]
        if not match:
            best = options[0]["path"]
            raise IllegalAction(m.ILLEGAL_RETREAT(path=" → ".join(best)), "SCS-RET-2")
        chosen = match[0]
        if chosen["off_map"]:  # SCS-MAP-4 / SCS-3.3c: the units leave the map and are gone
            *on_map, off_map = chosen["path"]
            chosen = {**chosen, "path": on_map}
            eliminated = list(uids)
    # SCS-2.1d / SCS-RET-3: one step per EZOC hex entered, per retreating stack, owner's choice.
    wanted = [u.strip() for u in list_param(action.params, "ezoc_losses")]
    ezoc_losses: dict[str, list[str]] = {}
    group = list(uids)
    for i, label in enumerate(chosen["path"]):
        if label in chosen["ezoc"]:
            group = alive_units(work, group)
            if not group:
                break
            pick = wanted.pop(0) if wanted else None
            if pick not in group:
                pick = max(group, key=lambda u: board.steps_left(scn, work, u))
            ezoc_losses[str(i)] = [pick]
            take_step(scn, work, pick)
    payload.update(units=uids, path=chosen["path"], ezoc_losses=ezoc_losses, eliminated=eliminated)
    lost = [m.EZOC_LOSS(unit=v[0], hex=chosen["path"][int(i)]) for i, v in ezoc_losses.items()]
    line: Msg
    if off_map is not None:
        payload["off_map"] = off_map
        route = " → ".join([*chosen["path"], off_map])
        line = m.RETREATS_OFF_MAP(units=list(uids), route=route, count=len(uids))
        if ezoc_losses:
            line = m.EZOC_ON_THE_WAY(retreat=line, lost=lost)
    elif eliminated:
        line = m.CANNOT_RETREAT(units=list(uids), n=length)
    else:
        hexes = m.HEXES(n=len(chosen["path"]))
        path_text = " → ".join(chosen["path"])
        line = m.RETREATS(units=list(uids), hexes=hexes, path=path_text, count=len(uids))
        if ezoc_losses:
            line = m.EZOC_LOSSES(retreat=line, lost=lost)
    if extra:
        line = m.OPTION_FIRST(units=list(extra), retreat=line, count=len(extra))
    out.emit_event(
        said("retreat.moved", m.SIDE_SAYS(side=side_name(scn, side), line=line), payload)
    )


def _retreat_label(scn: Scenario, label: str) -> str:
    """A retreat path's hex id, on the map or (its last hex) just off it (SCS-MAP-4)."""
    try:
        return scn.label(scn.grid.parse(label.strip()))
    except RulesError as exc:
        raise IllegalAction(m.PATH_PROBLEM(problem=exc.msg), "SCS-MAP-1") from None


def resolve_advance(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-ADV-1 / PD-27: surviving attackers may enter the emptied hex, up to the limit."""
    if current_stage(state) != "advance" or stage_owner(state) != action.actor:
        raise IllegalAction(m.NO_ADVANCE(), "SCS-ADV-1")
    combat = state["combat"]
    eligible = advance_eligible(scn, state)
    uids = units_param(action.params)
    for uid in uids:
        if uid not in eligible:
            raise IllegalAction(m.MAY_NOT_ADVANCE(unit=uid, hex=combat["target"]), "SCS-ADV-1")
    points = sum(board.unit_points(scn, state, u) for u in uids)
    if points > scn.stacking_limit:
        raise IllegalAction(m.ADVANCE_LIMIT(points=points, limit=scn.stacking_limit), "SCS-ADV-1")
    line = (
        m.ADVANCES(units=list(uids), hex=combat["target"])
        if uids
        else m.DECLINES(side=side_name(scn, action.actor))
    )
    payload = {"units": uids, "hex": combat["target"], "forced": False}
    out.emit_event(said("advance.moved", line, payload))


def _waiting(state: State, actor: str, stages: tuple[str, ...]) -> Scenario | None:
    """The scenario when the combat waits for `actor` in one of `stages`, else None."""
    scn = scenario_of(state)
    if not playing(scn, state, actor) or state["combat"] is None:
        return None
    if stage_owner(state) != actor or current_stage(state) not in stages:
        return None
    return scn


def offer_losses(state: State, actor: str) -> ActionTemplate | None:
    """SCS-STEP-1 / PD-24: the owner allocates the step losses owed."""
    scn = _waiting(state, actor, ("attacker_losses", "defender_losses"))
    if scn is None:
        return None
    owed, units = owed_steps(scn, state, actor)
    return ActionTemplate(
        "combat.losses",
        m.TAKE_LOSSES(n=owed),
        "SCS-STEP-1",
        (
            Field(
                "units",
                m.LOSS_UNITS(),
                "units",
                unit_choices(scn, units),
                ",".join(units[:1] * owed),
            ),
        ),
    )


def offer_retreat(state: State, actor: str) -> ActionTemplate | None:
    """SCS-RET-1 / PD-23: the owner retreats, or takes the option as step losses."""
    scn = _waiting(state, actor, ("attacker_retreat", "defender_retreat"))
    if scn is None:
        return None
    units = state["combat"]["to_retreat"].get(actor, [])
    return ActionTemplate(
        "combat.retreat",
        m.RETREAT(),
        "SCS-RET-1",
        (
            Field("units", m.UNITS(), "units", unit_choices(scn, units), ",".join(units)),
            Field("path", m.RETREAT_PATH(), "text"),
            Field("losses", m.OPTION_LOSSES(), "units", unit_choices(scn, units)),
        ),
    )


def offer_advance(state: State, actor: str) -> ActionTemplate | None:
    """SCS-ADV-1 / PD-27: surviving attackers may enter the emptied hex."""
    scn = _waiting(state, actor, ("advance",))
    if scn is None:
        return None
    units = advance_eligible(scn, state)
    return ActionTemplate(
        "combat.advance",
        m.ADVANCE(hex=state["combat"]["target"]),
        "SCS-ADV-1",
        (Field("units", m.ADVANCE_UNITS(), "units", unit_choices(scn, units), ",".join(units)),),
    )


# This module's actions, listed in rules/scs/actions/__init__.py in the order they are offered.
LOSSES: ActionSpec[State] = ActionSpec(
    "combat.losses", "SCS-STEP-1", resolver(resolve_losses), offer=offer_losses
)

RETREAT: ActionSpec[State] = ActionSpec(
    "combat.retreat", "SCS-RET-1", resolver(resolve_retreat), offer=offer_retreat
)

ADVANCE: ActionSpec[State] = ActionSpec(
    "combat.advance", "SCS-ADV-1", resolver(resolve_advance), offer=offer_advance
)
