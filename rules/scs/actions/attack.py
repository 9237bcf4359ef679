"""Attacks and overruns (SCS-2.1c, SCS-CBT-*, SCS-OVR-*): declared, then rolled."""

from __future__ import annotations

from fractions import Fraction

from rules.core.errors import IllegalAction
from rules.core.kit import ActionSpec, ActionTemplate, Field, Msg, said
from rules.core.system import Action, Event
from rules.geometry.hex import Hex
from rules.scs import board, preview
from rules.scs import messages as m
from rules.scs.actions.common import (
    cell_choices,
    hex_param,
    no_combat,
    one_hex,
    own_turn,
    own_units,
    playing,
    require_phase,
    resolver,
    semicolons,
    side_name,
    unit_choices,
    unit_text,
    units_param,
)
from rules.scs.actions.movement import movers
from rules.scs.board import State
from rules.scs.crt import fmt
from rules.scs.figures import combat_figures, shift_word
from rules.scs.fold import Scratch
from rules.scs.reach import movable
from rules.scs.scenario import Scenario
from rules.scs.state import scenario_of


def _check_attackers(
    scn: Scenario, state: State, uids: list[str], target: Hex, overrun: bool
) -> None:
    label = scn.label(target)
    qualified = False
    for uid in uids:
        where = board.unit_hex(scn, state, uid)
        assert where is not None
        unit = scn.units[uid]
        if unit.attack_mode == "support":  # SCS-ART-1 / PD-29
            if overrun:
                raise IllegalAction(m.SUPPORT_NO_OVERRUN(unit=uid), "SCS-ART-1")
            if not scn.support_enabled:
                raise IllegalAction(m.SUPPORT_OFF(unit=uid), "PD-29")
            if scn.grid.distance(where, target) > unit.support_range:
                raise IllegalAction(
                    m.BEYOND_RANGE(hex=label, unit=uid, range=unit.support_range), "SCS-ART-1"
                )
            continue
        if not scn.grid.adjacent(where, target):
            raise IllegalAction(m.NOT_ADJACENT(what=uid, hex=label), "SCS-2.1c")
        if board.has_zoc(scn, state, uid):
            if target not in board.zoc(scn, state, uid):
                raise IllegalAction(m.NOT_IN_ZOC(hex=label, unit=uid), "SCS-2.1c")
            qualified = True
        elif overrun or not scn.zero_strength_may_join:
            raise IllegalAction(m.NO_ZOC(unit=uid, hex=label), "SCS-2.1c")
    if not qualified:
        raise IllegalAction(m.NEED_ZOC(), "PD-09")


def resolve_declare(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-CBT-5 step 1: a binding declaration; the stacks are then revealed (SCS-FOW-1, PD-06).

    SCS-1.2b / PD-16 / PD-28: only the phasing side, only in its Combat Phase, never compulsory.
    """
    side = action.actor
    require_phase(scn, state, side, ("combat",), m.DO_ATTACK())
    no_combat(state)
    target = hex_param(scn, action.params, "target")
    label = scn.label(target)
    uids = units_param(action.params)
    own_units(scn, state, side, uids, "SCS-CBT-2")
    defenders = board.stack(state, label)
    if not defenders or scn.units[defenders[0]].side == side:
        raise IllegalAction(m.NO_ENEMY(hex=label), "SCS-CBT-1")
    if label in state["attacked_hexes"]:
        raise IllegalAction(m.HEX_ATTACKED(hex=label), "SCS-CBT-3")
    for uid in uids:
        if state["units"][uid]["attacked"]:
            raise IllegalAction(m.UNIT_ATTACKED(unit=uid), "SCS-CBT-4")
    _check_attackers(scn, state, uids, target, overrun=False)
    event = _declared_event(scn, state, "attack", side, uids, label, defenders, Fraction(0))
    support = [u for u in uids if scn.units[u].attack_mode == "support"]
    if support:
        assert event.msg is not None
        event = said(event.kind, event.msg, {**event.payload, "support": support})
    out.emit_event(event)


def _declared_event(
    scn: Scenario,
    state: State,
    kind: str,
    side: str,
    uids: list[str],
    label: str,
    defenders: list[str],
    mp_cost: Fraction,
) -> Event:
    enemy = board.enemy_of(scn, side)
    attackers = semicolons([unit_text(scn, state, u) for u in uids])
    shown = semicolons([unit_text(scn, state, u) for u in defenders])
    name = side_name(scn, side)
    line = (
        m.OVERRUNS(side=name, hex=label, attackers=attackers, mp=fmt(mp_cost), defenders=shown)
        if kind == "overrun"
        else m.ATTACKS(side=name, hex=label, attackers=attackers, defenders=shown)
    )
    return said(
        "attack.declared",
        line,
        {
            "kind": kind,
            "target": label,
            "attackers": uids,
            "defenders": defenders,
            "attacker_side": side,
            "defender_side": enemy,
            "mp_cost": fmt(mp_cost),
        },
    )


def resolve_overrun(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-OVR-1/2, PD-15: eligible units pay 3 MP and overrun an adjacent enemy hex (CBT-1)."""
    side = action.actor
    require_phase(scn, state, side, ("movement", "exploitation"), m.DO_OVERRUN())
    no_combat(state)
    if state["due"]:
        raise IllegalAction(m.REINFORCEMENTS_FIRST(), "SCS-1.2a")
    target = hex_param(scn, action.params, "target")
    label = scn.label(target)
    uids = units_param(action.params)
    own_units(scn, state, side, uids, "SCS-OVR-1")
    here = one_hex(state, uids, "SCS-OVR-1")
    defenders = board.stack(state, label)
    if not defenders or scn.units[defenders[0]].side == side:
        raise IllegalAction(m.NO_ENEMY(hex=label), "SCS-OVR-2")
    starts = set()
    for uid in uids:
        reason = movable(scn, state, uid)
        if reason:
            raise IllegalAction(m.CANNOT_OVERRUN(unit=uid, reason=reason), "SCS-OVR-1")
        if scn.overrun_units == "exploit_capable" and not scn.units[uid].exploit:
            raise IllegalAction(m.NOT_EXPLOIT(unit=uid), "PD-15")
        left = board.mp_left(scn, state, uid)
        if left < scn.overrun_mp:
            raise IllegalAction(
                m.MP_SHORT(unit=uid, left=fmt(left), cost=fmt(scn.overrun_mp)), "PD-15"
            )
        starts.add(state["phase_start"].get(uid))
    if scn.overrun_must_start_stacked and (len(starts) != 1 or None in starts):
        raise IllegalAction(m.START_STACKED(), "PD-15")
    _check_attackers(scn, state, uids, target, overrun=True)
    # SCS-4.0a(b): stacking at the instant of the overrun, with the friendly units in the hex.
    points = board.stack_points(scn, state, here)
    if points > scn.stacking_limit:
        movers = [u for u in board.stack(state, here) if state["units"][u]["origin"]]
        if not movers:
            raise IllegalAction(
                m.OVERSTACKED_START(hex=here, points=points, limit=scn.stacking_limit),
                "SCS-STK-3",
            )
        out.emit_event(
            said(
                "overrun.refused",
                m.OVERRUN_REFUSED(
                    hex=here, points=points, limit=scn.stacking_limit, units=list(movers)
                ),
                {"units": movers, "hex": here},
                audience=f"side:{side}",
                redacted=m.TOOK_BACK_HIDDEN(side=side_name(scn, side)),
            )
        )
        return
    out.emit_event(
        _declared_event(scn, state, "overrun", side, uids, label, defenders, scn.overrun_mp)
    )


def resolve_combat(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-CBT-5 steps 3-8: odds, column, 2d6 + DRM, the result; then the result is applied."""
    combat = state["combat"]
    if combat is None or combat["result"] is not None:
        raise IllegalAction(m.DECLARE_FIRST(), "SCS-CBT-5")
    if action.actor != combat["attacker_side"]:
        raise IllegalAction(m.ATTACKER_ROLLS(), "SCS-CBT-5")
    fig = combat_figures(scn, state, combat)
    crt = scn.crt
    if fig["column"] is None:
        auto = crt.below_min == "auto_result"
        result_code = crt.below_min_result if auto else "NE"
        strengths = {
            "hex": combat["target"],
            "attack": str(fig["attack"]),
            "defense": str(fig["defense"]),
            "odds": str(fig["odds"]),
        }
        line: Msg = (
            m.BELOW_TABLE_RESULT(**strengths, result=result_code)
            if auto
            else m.BELOW_TABLE_NO_ATTACK(**strengths)
        )
        rolls: list[int] = []
    else:
        rolls = [out.dice.roll(crt.sides, f"CRT die {i + 1}") for i in range(crt.dice)]
        raw = sum(rolls)
        modified = crt.clamp_roll(raw + fig["drm"])
        result = crt.lookup(fig["column_index"], modified)
        result_code = result.code
        shifts = [
            m.SHIFT(what=shift_word(scn, w), value=f"{v:+d}") for w, v in fig["shifts"]
        ] or m.NO_SHIFT()
        rolled = {
            "hex": combat["target"],
            "attack": str(fig["attack"]),
            "defense": str(fig["defense"]),
            "odds": str(fig["odds"]),
            "base": str(fig["base_column"]),
            "shifts": shifts,
            "column": str(fig["column"]),
            "dice": " + ".join(map(str, rolls)),
            "raw": raw,
            "result": result_code,
        }
        line = (
            m.COMBAT_ROLLED_DRM(**rolled, drm=f"{fig['drm']:+d}", modified=modified)
            if fig["drm"]
            else m.COMBAT_ROLLED(**rolled)
        )
        fig["roll"] = raw
        fig["modified_roll"] = modified
    out.emit_event(
        said(
            "attack.resolved",
            line,
            {"target": combat["target"], "result": result_code, "figures": fig},
            dice=tuple(out.dice.records[-len(rolls) :]) if rolls else (),
        )
    )


def offer_roll(state: State, actor: str) -> ActionTemplate | None:
    """SCS-CBT-5: the attacker rolls for a declared combat."""
    scn = scenario_of(state)
    combat = state["combat"]
    if not playing(scn, state, actor) or combat is None:
        return None
    if combat["result"] is not None or actor != combat["attacker_side"]:
        return None
    return ActionTemplate("attack.resolve", m.ROLL_COMBAT(), "SCS-CBT-5", preview=True)


def offer_declare(state: State, actor: str) -> ActionTemplate | None:
    """SCS-CBT-5 step 1: the enemy hexes the side's units may attack in its Combat Phase."""
    scn = scenario_of(state)
    if not own_turn(scn, state, actor) or state["phase"] != "combat":
        return None
    attackers = [
        uid
        for uid in sorted(state["units"])
        if scn.units[uid].side == actor
        and state["units"][uid]["status"] == "map"
        and not state["units"][uid]["attacked"]
    ]
    targets = sorted(
        {
            scn.label(t)
            for u in attackers
            for t in board.zoc(scn, state, u)
            if board.occupant(scn, state, t) not in (None, actor)
            and scn.label(t) not in state["attacked_hexes"]
        }
    )
    if not targets:
        return None
    return ActionTemplate(
        "attack.declare",
        m.DECLARE_ATTACK(),
        "SCS-CBT-5",
        (
            Field("target", m.DEFENDING_HEX(), "cell", cell_choices(targets), targets[0]),
            Field("units", m.ATTACKING_UNITS(), "units", unit_choices(scn, attackers), ""),
        ),
        preview=True,
    )


def offer_overrun(state: State, actor: str) -> ActionTemplate | None:
    """SCS-OVR-2: units that may still move may overrun an adjacent enemy hex."""
    scn = scenario_of(state)
    found = movers(scn, state, actor)
    if not found:
        return None
    return ActionTemplate(
        "overrun.declare",
        m.OVERRUN_FORM(),
        "SCS-OVR-2",
        (
            Field("units", m.UNITS(), "units", unit_choices(scn, found), found[0]),
            Field("target", m.ENEMY_HEX(), "cell"),
        ),
        preview=True,
    )


# This module's actions, listed in rules/scs/actions/__init__.py in the order they are offered.
ROLL: ActionSpec[State] = ActionSpec(
    "attack.resolve",
    "SCS-CBT-5",
    resolver(resolve_combat),
    offer=offer_roll,
    preview=preview.preview_roll,
)

OVERRUN: ActionSpec[State] = ActionSpec(
    "overrun.declare",
    "SCS-OVR-2",
    resolver(resolve_overrun),
    offer=offer_overrun,
    preview=preview.preview_declared,
)

DECLARE: ActionSpec[State] = ActionSpec(
    "attack.declare",
    "SCS-CBT-5",
    resolver(resolve_declare),
    offer=offer_declare,
    preview=preview.preview_declared,
)
