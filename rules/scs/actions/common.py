"""What every SCS action checks first, and the forced steps after a combat result."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules.core.dice import Dice
from rules.core.errors import IllegalAction, RulesError
from rules.core.kit import Choice, Msg, choices, said
from rules.core.params import list_param, str_param
from rules.core.system import Action, Event
from rules.geometry.hex import Hex
from rules.scs import board
from rules.scs import messages as m
from rules.scs.board import State
from rules.scs.crt import fmt
from rules.scs.fold import Scratch
from rules.scs.scenario import Scenario
from rules.scs.stages import current_stage_data, stage_side
from rules.scs.state import scenario_of

Handler = Callable[[Scenario, State, Action, Scratch], None]


def resolver(handler: Handler) -> Callable[[State, Action, Dice], list[Event]]:
    """An action's `resolve`: checked, its events folded as they come, forced steps added.

    Dice come from the server (SCS-ENG-1 / PD-33): seeded in play, scripted in tests.
    """

    def resolve(state: State, action: Action, dice: Dice) -> list[Event]:
        scn = scenario_of(state)
        if action.actor not in scn.sides:
            raise IllegalAction(m.NOT_A_SIDE(actor=repr(action.actor)), "SCS-1.0a")
        out = Scratch(state, scn, dice)
        handler(scn, state, action, out)
        if out.state.get("combat") is not None:
            auto_steps(scn, out)
        return out.events

    resolve.__doc__ = handler.__doc__
    return resolve


def side_name(scn: Scenario, side: str) -> Msg | str:
    """A side as a log line names it: a name the scenario gives it as a message that keeps the
    side's key and its names by language, shown in each reader's own (issue 36); else its key's
    word ("Blue", read as 蓝方)."""
    labels = scn.side_labels.get(side)
    if labels:
        return m.OWN_SIDE(name=scn.side_names[side], side=side, names=dict(labels))
    return scn.side_names.get(side, side.title())


def unit_text(scn: Scenario, state: State, uid: str) -> Msg:
    """A unit as the log shows it: id, name and current strengths ("B5 2/7 Armd (4-3-8)")."""
    unit = scn.units[uid]
    step = board.current_step(scn, state, uid)
    return m.UNIT_TEXT(
        unit=uid,
        name=unit.name,
        attack=str(step.attack),
        defense=str(step.defense),
        ma=str(step.ma),
    )


def semicolons(parts: list[Msg]) -> Msg:
    """Messages read one after another, separated by "; "."""
    if not parts:
        return m.NONE(items=[])
    if len(parts) == 1:
        return parts[0]
    return m.THEN(first=parts[0], rest=semicolons(parts[1:]))


PHASE_WORDS = {
    "setup": m.WORD_SETUP,
    "movement": m.WORD_MOVEMENT,
    "combat": m.WORD_COMBAT,
    "exploitation": m.WORD_EXPLOITATION,
    "supply": m.WORD_SUPPLY,
    "over": m.WORD_OVER,
}


def phase_word(phase: str) -> Msg | str:
    """A phase inside a sentence ("Blue's movement phase")."""
    known = PHASE_WORDS.get(phase)
    return phase if known is None else known()


def units_param(params: Mapping[str, Any], name: str = "units") -> list[str]:
    seen: list[str] = []
    for uid in list_param(params, name):
        uid = uid.strip()
        if uid and uid not in seen:
            seen.append(uid)
    return seen


def hex_param(scn: Scenario, params: Mapping[str, Any], name: str) -> Hex:
    label = str_param(params, name)
    try:
        return scn.grid.cell(label)
    except RulesError as exc:
        raise IllegalAction(m.FIELD_PROBLEM(name=name, problem=exc.msg), "SCS-MAP-3") from None


def own_units(scn: Scenario, state: State, side: str, uids: list[str], rule: str) -> None:
    if not uids:
        raise IllegalAction(m.CHOOSE_A_UNIT(), rule)
    for uid in uids:
        if uid not in scn.units:
            raise IllegalAction(m.NO_SUCH_UNIT(unit=uid), rule)
        if scn.units[uid].side != side:
            raise IllegalAction(m.NOT_YOUR_UNIT(unit=uid, side=side_name(scn, side)), rule)
        if state["units"][uid]["status"] != "map":
            raise IllegalAction(m.NOT_ON_MAP(unit=uid), rule)


def one_hex(state: State, uids: list[str], rule: str) -> str:
    hexes = {str(state["units"][uid]["hex"]) for uid in uids}
    if len(hexes) != 1:
        raise IllegalAction(m.ONE_HEX(), rule)
    return hexes.pop()


def require_phase(
    scn: Scenario, state: State, side: str, phases: tuple[str, ...], what: Msg
) -> None:
    """SCS-1.0a / SCS-3.3b: each action only in its side's own phase."""
    if state["phase"] == "over":
        raise IllegalAction(m.GAME_OVER(), "SCS-VIC-1")
    if state["player"] != side:
        raise IllegalAction(
            m.NOT_YOUR_PHASE(
                player=side_name(scn, state["player"]),
                phase=phase_word(state["phase"]),
                side=side_name(scn, side),
                what=what,
            ),
            "SCS-1.0a",
        )
    if state["phase"] not in phases:
        raise IllegalAction(m.NOT_IN_PHASE(what=what, phase=phase_word(state["phase"])), "SCS-1.1")


def no_combat(state: State) -> None:
    if state["combat"] is not None:
        raise IllegalAction(m.COMBAT_FIRST(), "SCS-CBT-5")


def auto_steps(scn: Scenario, out: Scratch) -> None:
    """Advance the combat through every stage whose outcome is forced (SCS-CRT-3 order, PD-22)."""
    while True:
        state = out.state
        found = current_stage_data(state, scn)
        if found is None:
            return
        stage, data = found
        combat = state["combat"]
        if stage == "end":
            out.emit_event(
                said(
                    "combat.ended",
                    m.COMBAT_ENDED(hex=combat["target"]),
                    {"target": combat["target"]},
                )
            )
            return
        side = stage_side(combat, stage)
        if stage.endswith("_losses"):
            owed, units, total = data
            if owed >= total or len(units) == 1:
                losses = [u for u in units for _ in range(board.steps_left(scn, state, u))][:owed]
                out.emit_event(losses_event(scn, state, side, stage, losses))
                continue
            return
        if stage.endswith("_retreat"):
            return
        if stage == "advance":
            eligible = data
            if combat["kind"] == "overrun":  # SCS-OVR-3: overrunners must enter the emptied hex
                cost = (
                    m.FOR_MP(mp=fmt(scn.overrun_enter_cost))
                    if scn.overrun_enter_cost
                    else m.NO_MP_COST()
                )
                out.emit_event(
                    said(
                        "advance.moved",
                        m.MUST_ENTER(units=list(eligible), hex=combat["target"], cost=cost),
                        {
                            "units": eligible,
                            "hex": combat["target"],
                            "forced": True,
                            "mp_cost": fmt(scn.overrun_enter_cost),
                        },
                    )
                )
                continue
            return


def losses_event(
    scn: Scenario, state: State, side: str, stage: str | None, losses: list[str]
) -> Event:
    counts: dict[str, int] = {}
    for uid in losses:
        counts[uid] = counts.get(uid, 0) + 1
    parts = []
    defs, now = scn.units, state["units"]
    for uid, n in counts.items():
        gone = len(defs[uid].steps) - now[uid]["step"] <= n  # SCS-STEP-1: its last steps
        parts.append((m.LOSES_LAST if gone else m.LOSES)(unit=uid, n=n))
    return said(
        "losses.taken",
        m.LOSSES_TAKEN(side=side_name(scn, side), losses=semicolons(parts)),
        {"side": side, "stage": stage, "losses": losses},
    )


PHASE_NAMES = {
    "setup": m.PHASE_SETUP,
    "movement": m.PHASE_MOVEMENT,
    "combat": m.PHASE_COMBAT,
    "exploitation": m.PHASE_EXPLOITATION,
    "supply": m.PHASE_SUPPLY,
    "over": m.PHASE_OVER,
}


def phase_name(phase: str) -> Msg | str:
    """A phase as a reader names it ("Movement Phase")."""
    known = PHASE_NAMES.get(phase)
    return phase if known is None else known()


def playing(scn: Scenario, state: State, actor: str) -> bool:
    """Whether `actor` is a side of a game still being played (forms are offered to sides only)."""
    return actor in scn.sides and state["phase"] != "over"


def own_turn(scn: Scenario, state: State, actor: str) -> bool:
    """Whether it is `actor`'s phase with no combat waiting (SCS-1.0a, SCS-CBT-5)."""
    return playing(scn, state, actor) and state["combat"] is None and state["player"] == actor


def unit_choices(scn: Scenario, uids: Iterable[str]) -> tuple[Choice, ...]:
    """Units to pick from, each shown by its id and name."""
    return choices((uid, f"{uid} {scn.units[uid].name}") for uid in uids)


def cell_choices(labels: Iterable[str]) -> tuple[Choice, ...]:
    """Hexes to pick from, by their ids (SCS-MAP-1)."""
    return choices((label, label) for label in labels)
