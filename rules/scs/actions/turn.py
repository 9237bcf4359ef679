"""The turn: over-stacked hexes, the end of a phase, the supply check and victory."""

from __future__ import annotations

from typing import Any

from rules.core.errors import IllegalAction
from rules.core.kit import ActionSpec, ActionTemplate, Field, Msg, said
from rules.core.system import Action
from rules.scs import board
from rules.scs import messages as m
from rules.scs.actions.common import (
    no_combat,
    own_turn,
    own_units,
    phase_name,
    phase_word,
    playing,
    resolver,
    semicolons,
    side_name,
    unit_choices,
    units_param,
)
from rules.scs.actions.movement import entry_hexes
from rules.scs.board import State
from rules.scs.fold import Scratch
from rules.scs.scenario import Scenario
from rules.scs.state import PHASES, scenario_of


def resolve_eliminate(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-STK-2: the owner eliminates units of his choice from an over-stacked hex."""
    side = action.actor
    uids = units_param(action.params)
    own_units(scn, state, side, uids, "SCS-STK-2")
    over = set(board.overstacked(scn, state))
    for uid in uids:
        if state["units"][uid]["hex"] not in over:
            raise IllegalAction(m.NOT_OVERSTACKED(unit=uid), "SCS-STK-2")
    out.emit_event(
        said(
            "units.eliminated",
            m.ELIMINATED_OVERSTACKED(side=side_name(scn, side), units=list(uids)),
            {"units": uids, "reason": "overstacked"},
        )
    )


def _next_phase(scn: Scenario, state: State) -> tuple[int, str, str] | None:
    """SCS-1.1 / SCS-1.2a-d: the phase after this one; None after the last turn (SCS-TRT-1)."""
    phase, player, turn = state["phase"], state["player"], state["turn"]
    if phase == "setup":
        return (1, scn.first_player, "movement")
    i = PHASES.index(phase)
    if i + 1 < len(PHASES):
        return (turn, player, PHASES[i + 1])
    if player == scn.first_player:
        return (turn, board.enemy_of(scn, player), "movement")
    if turn >= scn.game_turns:
        return None
    return (turn + 1, scn.first_player, "movement")


def resolve_end_phase(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-1.1 / SCS-4.0a: end the phase after its checks; the turn marker moves once per turn."""
    side = action.actor
    if state["phase"] == "over":
        raise IllegalAction(m.GAME_OVER(), "SCS-VIC-1")
    if state["player"] != side:
        raise IllegalAction(m.ONLY_PLAYER_ENDS(side=side_name(scn, state["player"])), "SCS-1.0a")
    no_combat(state)
    if state["due"]:
        raise IllegalAction(m.REINFORCEMENTS_DUE(units=list(state["due"])), "SCS-REI-1")
    over = board.overstacked(scn, state)
    if over:
        details = [
            m.OVERSTACKED_HEX(
                hex=h,
                points=board.stack_points(scn, state, h),
                limit=scn.stacking_limit,
                side=side_name(scn, scn.units[state["stacks"][h][0]].side),
            )
            for h in over
        ]
        raise IllegalAction(m.OVERSTACKED_HEXES(hexes=details), "SCS-4.0a")
    if state["phase"] == "setup":
        done = [*state["setup_done"], side]
        pending = [s for s in scn.setup_order if s not in done]
        out.emit_event(
            said(
                "setup.finished",
                m.SETUP_FINISHED(side=side_name(scn, side)),
                {"side": side, "next": pending[0] if pending else None},
            )
        )
        if pending:
            return
    for side, held in scn.sudden_death:  # SCS-VIC-1: checked after every phase
        if all(out.state["control"][scn.label(c)] == side for c in held):
            _victory(scn, out, sudden=side)
            return
    nxt = _next_phase(scn, out.state)
    if nxt is None:
        _victory(scn, out)
        return
    turn, player, phase = nxt
    if turn != state["turn"] and state["phase"] != "setup":
        out.emit_event(said("turn.advanced", m.TURN_ADVANCED(turn=turn), {"turn": turn}))
    out.emit_event(
        said(
            "phase.started",
            m.PHASE_STARTED(turn=turn, side=side_name(scn, player), phase=phase_word(phase)),
            {"turn": turn, "player": player, "phase": phase},
        )
    )
    if phase == "movement":
        for uid in list(out.state["due"]):
            if not entry_hexes(scn, out.state, uid):
                out.emit_event(
                    said(
                        "reinforcement.delayed",
                        m.DELAYED(unit=uid),
                        {"unit": uid, "turn": turn + 1},
                        audience=f"side:{player}",
                        redacted=m.DELAYED_HIDDEN(side=side_name(scn, player)),
                    )
                )
    if phase == "supply":
        _supply(scn, out, player)


def _supply(scn: Scenario, out: Scratch, side: str) -> None:
    """SCS-1.2d / SCS-SUP-1, SCS-SUP-2, SCS-SUP-3: check the phasing side's units; OOS markers
    placed or removed; attrition."""
    state = out.state
    in_: list[str] = []
    out_: list[str] = []
    attrition: list[str] = []
    lines: list[Msg] = []
    for uid in sorted(state["units"]):
        if scn.units[uid].side != side or state["units"][uid]["status"] != "map":
            continue
        path = board.supply_trace(scn, state, uid)
        if path is None:
            out_.append(uid)
            if state["units"][uid]["oos"] and scn.attrition != "none":
                attrition.append(uid)
            lines.append(m.OUT_OF_SUPPLY(unit=uid))
        else:
            in_.append(uid)
            lines.append(m.IN_SUPPLY(unit=uid, n=len(path)))
    payload: dict[str, Any] = {
        "side": side,
        "in": in_,
        "out": out_,
        "attrition": [],
        "attrition_eliminated": [],
    }
    if scn.attrition == "lose_step":
        payload["attrition"] = attrition
    elif scn.attrition == "eliminate":
        payload["attrition_eliminated"] = attrition
    name = side_name(scn, side)
    said_lines = semicolons(lines)
    if attrition:
        line = m.SUPPLY_ATTRITION(side=name, lines=said_lines, units=list(attrition))
        hidden = m.SUPPLY_ATTRITION_HIDDEN(side=name, n=len(attrition))
    else:
        line, hidden = m.SUPPLY_CHECKED(side=name, lines=said_lines), m.SUPPLY_HIDDEN(side=name)
    out.emit_event(said("supply.checked", line, payload, audience=f"side:{side}", redacted=hidden))


def victory_points(scn: Scenario, state: State) -> dict[str, int]:
    """SCS-VIC-1 / PD-30: VP hexes held, enemy steps eliminated, units exited."""
    vp = dict.fromkeys(scn.sides, 0)
    for c, (value, _) in scn.vp_hexes.items():
        vp[state["control"][scn.label(c)]] += value
    for side in scn.sides:
        enemy = board.enemy_of(scn, side)
        vp[side] += state["steps_lost"][enemy] * scn.vp_per_step
        vp[side] += state["exited"][side] * scn.exit_vp
    return vp


def _victory(scn: Scenario, out: Scratch, sudden: str | None = None) -> None:
    """SCS-VIC-1 / PD-30: the higher VP wins (equal: a draw), or a sudden-death condition."""
    vp = victory_points(scn, out.state)
    a, b = scn.sides
    winner = a if vp[a] > vp[b] else b if vp[b] > vp[a] else "draw"
    when = m.END_OF_TURN(turn=scn.game_turns)
    if sudden is not None:
        winner, when = sudden, m.SUDDEN_DEATH(turn=out.state["turn"])
    score = [m.SCORE(side=side_name(scn, s), vp=vp[s]) for s in scn.sides]
    verdict = m.DRAW() if winner == "draw" else m.WINS(side=side_name(scn, winner))
    out.emit_event(
        said(
            "game.ended",
            m.GAME_ENDED(when=when, score=score, verdict=verdict),
            {"vp": vp, "winner": winner},
        )
    )


def offer_eliminate(state: State, actor: str) -> ActionTemplate | None:
    """SCS-STK-2: the owner of an over-stacked hex eliminates units of his choice."""
    scn = scenario_of(state)
    if not playing(scn, state, actor) or state["combat"] is not None:
        return None
    over = [
        h for h in board.overstacked(scn, state) if scn.units[state["stacks"][h][0]].side == actor
    ]
    if not over:
        return None
    units = [u for h in over for u in state["stacks"][h]]
    return ActionTemplate(
        "stack.eliminate",
        m.ELIMINATE_OVERSTACKED(),
        "SCS-STK-2",
        (
            Field(
                "units",
                m.UNITS(),
                "units",
                unit_choices(scn, units),
                "",
                help=m.OVERSTACKED(hexes=over),
            ),
        ),
    )


def offer_end_phase(state: State, actor: str) -> ActionTemplate | None:
    """SCS-1.1: the phasing side ends its phase (set-up: once per side)."""
    scn = scenario_of(state)
    if not own_turn(scn, state, actor):
        return None
    if state["phase"] == "setup" and actor in state["setup_done"]:
        return None
    return ActionTemplate("phase.end", m.END_PHASE(phase=phase_name(state["phase"])), "SCS-1.1")


# This module's actions, listed in rules/scs/actions/__init__.py in the order they are offered.
ELIMINATE: ActionSpec[State] = ActionSpec(
    "stack.eliminate", "SCS-STK-2", resolver(resolve_eliminate), offer=offer_eliminate
)

END_PHASE: ActionSpec[State] = ActionSpec(
    "phase.end", "SCS-1.1", resolver(resolve_end_phase), offer=offer_end_phase
)
