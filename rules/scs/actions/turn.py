"""The turn: over-stacked hexes, the end of a phase, the supply check and victory."""

from __future__ import annotations

from typing import Any

from rules.core.errors import IllegalAction
from rules.core.kit import ActionTemplate, Field
from rules.core.system import Action, Event
from rules.scs import board
from rules.scs import messages as m
from rules.scs.actions.common import (
    no_combat,
    own_turn,
    own_units,
    phase_name,
    playing,
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
            raise IllegalAction(f"{uid} is not in an over-stacked hex", "SCS-STK-2")
    out.emit(
        Event(
            "units.eliminated",
            {"units": uids, "reason": "overstacked"},
            text=f"{side_name(scn, side)} eliminates {', '.join(uids)} to meet the stacking limit "
            "(SCS-STK-2)",
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
        raise IllegalAction("the game is over", "SCS-VIC-1")
    if state["player"] != side:
        raise IllegalAction(
            f"only {side_name(scn, state['player'])} may end this phase", "SCS-1.0a"
        )
    no_combat(state)
    if state["due"]:
        raise IllegalAction(
            f"place the reinforcements first: {', '.join(state['due'])}", "SCS-REI-1"
        )
    over = board.overstacked(scn, state)
    if over:
        details = ", ".join(
            f"{h} ({board.stack_points(scn, state, h)} > {scn.stacking_limit}, "
            f"{side_name(scn, scn.units[state['stacks'][h][0]].side)})"
            for h in over
        )
        raise IllegalAction(
            f"over-stacked hexes: {details}; move or eliminate units first", "SCS-4.0a"
        )
    if state["phase"] == "setup":
        done = [*state["setup_done"], side]
        pending = [s for s in scn.setup_order if s not in done]
        out.emit(
            Event(
                "setup.finished",
                {"side": side, "next": pending[0] if pending else None},
                text=f"{side_name(scn, side)} has finished setting up (SCS-SETUP-5)",
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
        out.emit(
            Event("turn.advanced", {"turn": turn}, text=f"Turn marker advances to {turn} (PD-03)")
        )
    out.emit(
        Event(
            "phase.started",
            {"turn": turn, "player": player, "phase": phase},
            text=f"Turn {turn}: {side_name(scn, player)} {phase} phase",
        )
    )
    if phase == "movement":
        for uid in list(out.state["due"]):
            if not entry_hexes(scn, out.state, uid):
                out.emit(
                    Event(
                        "reinforcement.delayed",
                        {"unit": uid, "turn": turn + 1},
                        text=f"{uid}: every entry hex is enemy-held; it arrives next turn (PD-14)",
                        audience=f"side:{player}",
                        redacted_text=f"A {side_name(scn, player)} reinforcement is delayed",
                    )
                )
    if phase == "supply":
        _supply(scn, out, player)


def _supply(scn: Scenario, out: Scratch, side: str) -> None:
    """SCS-1.2d / SCS-SUP-1, SCS-SUP-2, SCS-SUP-3: check the phasing side's units; OOS markers
    placed or removed; attrition."""
    state = out.state
    in_, out_, attrition, lines = [], [], [], []
    for uid in sorted(state["units"]):
        if scn.units[uid].side != side or state["units"][uid]["status"] != "map":
            continue
        path = board.supply_trace(scn, state, uid)
        if path is None:
            out_.append(uid)
            if state["units"][uid]["oos"] and scn.attrition != "none":
                attrition.append(uid)
            lines.append(f"{uid} out of supply")
        else:
            in_.append(uid)
            lines.append(f"{uid} in supply ({len(path)} hexes)")
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
    text = f"{side_name(scn, side)} supply check: " + "; ".join(lines)
    if attrition:
        text += f". Attrition (PD-19): {', '.join(attrition)}"
    out.emit(
        Event(
            "supply.checked",
            payload,
            text=text,
            audience=f"side:{side}",
            redacted_text=f"{side_name(scn, side)} checked supply"
            + (f": {len(attrition)} unit(s) suffer attrition" if attrition else ""),
        )
    )


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
    when = f"End of turn {scn.game_turns}"
    if sudden is not None:
        winner, when = sudden, f"Sudden death on turn {out.state['turn']}"
    score = ", ".join(f"{side_name(scn, s)} {vp[s]}" for s in scn.sides)
    verdict = "a draw" if winner == "draw" else f"{side_name(scn, winner)} wins"
    out.emit(
        Event(
            "game.ended",
            {"vp": vp, "winner": winner},
            text=f"{when}: {score} VP — {verdict} (SCS-VIC-1)",
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
