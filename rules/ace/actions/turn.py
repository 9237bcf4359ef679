"""Rounds and turns: initiative (with sneak attacks on top) and ending a turn (ACE-INIT-1)."""

from __future__ import annotations

from rules.ace import messages as m
from rules.ace.actions.common import (
    GM,
    in_combat,
    is_turn,
    kept_to,
    refuse,
    told,
    unseen_audience,
)
from rules.ace.settings import AceSettings
from rules.ace.state import Op, State, can_act, cpath, settings_of
from rules.ace.stats import initiative_bonus, val
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.kit import ActionSpec, ActionTemplate
from rules.core.system import EVERYONE, Action, Event, Json


def turn_start(state: State, c: Json, s: AceSettings) -> list[Op]:
    """ACE-ACT-1 / ACE-AMB-03 / ACE-AMB-34: a turn refreshes the allowance, ends old commands."""
    ident = c["id"]
    ops: list[Op] = [
        ["set", cpath(ident, "used", "standard"), False],
        ["set", cpath(ident, "used", "move"), False],
        ["set", ["current"], ident],
    ]
    if s.reflex_refresh == "own_turn":
        ops.append(["set", cpath(ident, "used", "quick"), False])
    if s.command_duration == "next_turn" and c["commands"]:
        ops.append(["set", cpath(ident, "commands"), {}])
    scan = c["scan"]
    if scan["on"]:
        # ACE-ATTR-9: mental scan costs 1 SPI per 3 rounds maintained.
        rounds = int(scan["rounds"]) + 1
        if rounds >= 3 and c["current"]["spi"] is not None:
            ops.append(
                ["set", cpath(ident, "current", "spi"), max(0, int(c["current"]["spi"]) - 1)]
            )
            rounds = 0
        ops.append(["set", cpath(ident, "scan", "rounds"), rounds])
    return ops


def scan_lapses(out: Emitter, s: AceSettings) -> None:
    """ACE-ATTR-9: a scan needs concentration and SPI: one who can no longer act, or has no SPI
    left to pay with, lets it go (checked as each turn begins; an unnoticed one's before its own
    side, ACE-STEALTH-1)."""
    for c in list(out.state["combatants"].values()):
        if c["scan"]["on"] and (not can_act(c, s) or not (c["current"]["spi"] or 0)):
            ops: list[Op] = [["set", cpath(c["id"], "scan"), {"on": False, "rounds": 0}]]
            said = m.SCAN_LAPSED(name=c["name"])
            # ACE-STEALTH-1, SCENE-HIDE-5: an unnoticed one's before its side, a GM-only one's GM
            out.emit("scan.toggled", said, ops, audience=told(out.state, c["id"]))


def _roll_order(state: State, dice: Dice, s: AceSettings) -> tuple[list[str], dict[str, int]]:
    """ACE-INIT-1 / ACE-STEALTH-3 / ACE-AMB-33: ambushers first unrolled, the rest 1d20 + DEX."""
    living = [c for c in state["combatants"].values() if not c["dead"]]
    ambush = [c for c in living if c["hidden"] and s.ambushers_top]
    rolled: dict[str, int] = {}
    for c in living:
        if c not in ambush:
            rolled[c["id"]] = dice.roll(
                20, m.PURPOSE_INITIATIVE(name=c["name"]).english()
            ) + initiative_bonus(c, s)
    # ACE-AMB-09: ties go to the higher DEX, then a re-roll between those still tied.
    keys: dict[str, tuple[int, int, int]] = {}
    for c in living:
        if c in ambush:
            continue
        keys[c["id"]] = (rolled[c["id"]], val(c, "dex"), 0)
    groups: dict[tuple[int, int], list[str]] = {}
    for ident, (total, dex, _) in keys.items():
        groups.setdefault((total, dex), []).append(ident)
    for tied in groups.values():
        if len(tied) > 1:
            for ident in tied:
                total, dex, _ = keys[ident]
                keys[ident] = (total, dex, dice.roll(20, m.PURPOSE_INITIATIVE_TIE.english))
    ambushers = sorted(ambush, key=lambda c: -val(c, "dex"))
    rest = sorted(keys, key=lambda ident: tuple(-k for k in keys[ident]))
    return [c["id"] for c in ambushers] + rest, rolled


def begin(state: State, action: Action, dice: Dice) -> list[Event]:
    """The GM starts the fight: initiative for everyone, sneak attackers on top."""
    if in_combat(state):
        raise refuse(m.ALREADY_STARTED(), "ACE-INIT-1")
    s = settings_of(state)
    out = Emitter(state, dice)
    order, rolled = _roll_order(state, dice, s)
    if not order:
        raise refuse(m.NOBODY(), "ACE-INIT-1")
    ops: list[Op] = [["set", ["order"], order], ["set", ["round"], 1]]
    ambushers = [ident for ident in order if ident not in rolled]
    for ident, total in rolled.items():
        ops.append(["set", cpath(ident, "initiative"), total])
    for ident in ambushers:
        ops.append(["set", cpath(ident, "ambusher"), True])
    names = [state["combatants"][ident]["name"] for ident in order]
    # ACE-STEALTH-1: unnoticed combatants are not named to the other sides, nor their dice shown;
    # SCENE-HIDE-5: nor those whose tokens are GM-only to anyone but the GM
    secret = unseen_audience(state, order)
    kept = [i for i in order if kept_to(state, i)]
    if kept:
        secret = GM
    seen = [
        state["combatants"][i]["name"]
        for i in order
        if not state["combatants"][i]["hidden"] and i not in kept
    ]
    out.emit(
        "round.started",
        m.BEGAN(order=names),
        ops,
        audience=secret or EVERYONE,
        redacted=m.BEGAN(order=seen) if secret else None,
        order=order,
        rolled=rolled,
    )
    if ambushers:
        who = [state["combatants"][ident]["name"] for ident in ambushers]
        out.emit(
            "ambush.opened",
            m.AMBUSH(names=who),
            [],
            audience=unseen_audience(state, ambushers) or EVERYONE,
            rule="ACE-STEALTH-3",
        )
    now = out.state["combatants"]
    first = next((now[i] for i in order if can_act(now[i], s)), None)
    if first is not None:
        turn_started(out, first, s)
    return out.events


def turn_started(out: Emitter, c: Json, s: AceSettings) -> None:
    """A combatant's turn begins; an unnoticed one's only before its own side (ACE-STEALTH-1), a
    GM-only token's before the GM and its player (SCENE-HIDE-5)."""
    state = out.state
    out.emit(
        "turn.started",
        m.TURN(name=c["name"]),
        turn_start(state, c, s),
        audience=told(state, c["id"]),
    )


def next_turn_events(out: Emitter, after: str) -> None:
    """The turn after `after`: the next able combatant, wrapping to a new round."""
    state = out.state
    s = settings_of(state)
    order: list[str] = state["order"]
    start = order.index(after) if after in order else -1
    ops: list[Op] = []
    round_no = int(state["round"])
    for step in range(1, len(order) + 1):
        n = start + step
        if n >= len(order) and n - len(order) == 0:
            round_no += 1
            ops.append(["set", ["round"], round_no])
            for c in state["combatants"].values():
                if s.reflex_refresh == "round_start":
                    ops.append(["set", cpath(c["id"], "used", "quick"), False])
                if s.command_duration == "round_end" and c["commands"]:
                    ops.append(["set", cpath(c["id"], "commands"), {}])
            out.emit("round.advanced", m.NEW_ROUND(round=round_no), ops)
            ops = []
        c = out.state["combatants"][order[n % len(order)]]
        if can_act(c, s) or (c.get("grapple") or {}).get("pinned"):
            turn_started(out, c, s)
            return
    out.emit("turn.started", m.NOBODY_ACTS(), [["set", ["current"], None]])


def end_turn(state: State, action: Action, dice: Dice) -> list[Event]:
    """The current combatant (or the GM for them) ends the turn."""
    current = state["current"]
    if current is None or (action.actor != GM and not is_turn(state, action.actor)):
        raise refuse(m.NOT_YOUR_TURN(name=action.actor), "ACE-ACT-1")
    if state.get("pending") is not None:
        raise refuse(m.WAITING(), "ACE-CALLED-2")
    name = state["combatants"][current]["name"]
    out = Emitter(state, dice)
    # ACE-STEALTH-1, SCENE-HIDE-5: an unnoticed combatant's turn ends before its own side only, a
    # GM-only token's before the GM and its player, as it began
    out.emit("turn.ended", m.TURN_ENDED(name=name), [], audience=told(state, current))
    scan_lapses(out, settings_of(state))
    next_turn_events(out, current)
    return out.events


def offer_begin(state: State, actor: str) -> ActionTemplate | None:
    if actor != GM or in_combat(state):
        return None
    return ActionTemplate("begin", m.L_BEGIN(), "ACE-INIT-1")


def offer_end(state: State, actor: str) -> ActionTemplate | None:
    if state.get("pending") is not None:
        return None
    if is_turn(state, actor) or (actor == GM and state["current"] is not None):
        return ActionTemplate("end_turn", m.L_END_TURN(), "ACE-ACT-1")
    return None


SPECS = [
    ActionSpec("begin", "ACE-INIT-1", begin, who=lambda s, a: a == GM, offer=offer_begin),
    ActionSpec("end_turn", "ACE-ACT-1", end_turn, offer=offer_end),
]
