"""The round: DEX order, half-DEX slots, surprise, the end of the round and its ticking."""

from __future__ import annotations

from typing import Any

from rules.brp.core import half_dex, surprised_dex
from rules.coc import messages as m
from rules.coc.hazards import countdown, tick
from rules.coc.state import Script, can_act, cset, fresh_round
from rules.core.kit import Msg
from rules.core.system import Json
from rules.scene.view import off_players_map


def order_for(state: Json, round_no: int) -> list[Json]:
    """COC-ROUND-1: every living combatant by descending DEX; surprise, and total surprise too,
    halves it in round 1 (COC-SURPRISE-1; total surprise takes the attack, not the turn,
    COC-SURPRISE-2)."""
    slots = []
    for ident, c in state["combatants"].items():
        if c["dead"]:
            continue
        dex = int(c["sheet"]["dex"])
        rank = surprised_dex(dex, c["surprise"]) if round_no == 1 else dex
        slots.append({"id": ident, "rank": rank, "intent": ""})
    # Equal ranks act simultaneously (coc.tie_rule); listing them by id only fixes the display.
    slots.sort(key=lambda s: (-s["rank"], s["id"]))
    return slots


def acts_in(state: Json, slot: Json) -> bool:
    """Whether a slot's combatant still acts: awake, or fallen at this very rank (simultaneous)."""
    c = state["combatants"][slot["id"]]
    if can_act(c):
        return True
    down = c.get("down_at")
    return bool(not c["dead"] and down and down == [state["round"], slot["rank"]])


def start_round(script: Script, round_no: int) -> None:
    """A new round: its DEX order and everyone's round fresh."""
    order = order_for(script.state, round_no)
    changes: list[list[Any]] = [
        ["set", ["round"], round_no],
        ["set", ["order"], order],
        ["set", ["turn"], 0],
        ["set", ["declare_open"], True],  # COC-PARRY-3: parries before anyone acts
    ]
    for ident in sorted(script.state["combatants"]):
        changes.append(cset(ident, "round", fresh_round()))
        if round_no == 2:
            changes.append(cset(ident, "surprise", ""))  # COC-SURPRISE-2: round 1 only
    names = [m.SLOT(name=script.c(s["id"])["name"], rank=s["rank"]) for s in order]
    said = m.ROUND_STARTED(round=round_no, order=names)
    # SCENE-HIDE-4: the rank of one off the players' map is the Keeper's
    seen = [name for s, name in zip(order, names, strict=True) if not _unseen(script, s["id"])]
    if len(seen) == len(names):
        script.emit("round.started", said, changes, round=round_no)
    else:
        redacted = m.ROUND_STARTED(round=round_no, order=seen)
        script.emit("round.started", said, changes, "gm", redacted, round=round_no)
    _skip_fallen(script, auto_end=False)


def _unseen(script: Script, ident: str) -> bool:
    return off_players_map(script.state, ident)


def _skip_fallen(script: Script, auto_end: bool = True) -> None:
    """Move the turn past slots whose combatant can no longer act; end the round after the last."""
    state = script.state
    turn = state["turn"]
    while turn < len(state["order"]) and not acts_in(state, state["order"][turn]):
        turn += 1
    if turn != state["turn"]:
        skipped = state["order"][state["turn"] : turn]
        names = [script.c(s["id"])["name"] for s in skipped]
        seen = [script.c(s["id"])["name"] for s in skipped if not _unseen(script, s["id"])]
        change = [["set", ["turn"], turn]]
        if len(seen) == len(names):
            script.emit("turn.skipped", m.SKIPPED(names=names), change)
        else:  # SCENE-HIDE-4: one off the players' map is not named to them
            redacted = m.SKIPPED(names=seen) if seen else None
            script.emit("turn.skipped", m.SKIPPED(names=names), change, "gm", redacted)
    if auto_end and turn >= len(script.state["order"]):
        end_round(script)


def end_turn(script: Script, actor: str) -> None:
    """The acting slot is done; the next one in DEX order acts (or the round ends)."""
    script.emit(
        "turn.ended",
        m.TURN_ENDED(actor=script.c(actor)["name"]),
        [["set", ["turn"], script.state["turn"] + 1], ["set", ["declare_open"], False]],
        actor=actor,
    )
    _skip_fallen(script)


def defer(script: Script, actor: str, intent: str, label: Msg) -> None:
    """COC-ROUND-2: the actor's action moves to half its DEX rank later this round."""
    c = script.c(actor)
    rank = half_dex(int(c["sheet"]["dex"]))
    state = script.state
    order = list(state["order"])
    at = state["turn"] + 1
    while at < len(order) and order[at]["rank"] >= rank:
        at += 1
    order.insert(at, {"id": actor, "rank": rank, "intent": intent})
    script.emit(
        "turn.deferred",
        m.DEFERRED(actor=c["name"], intent=label, rank=rank),
        [["set", ["order"], order]],
        actor=actor,
        rank=rank,
        intent=intent,
    )


def end_round(script: Script) -> None:
    """The end of a round: effects tick, the unhelped dying die, the next round starts."""
    state = script.state
    public, secret, woke = countdown(state)
    script.emit("round.ended", m.ROUND_ENDED(round=state["round"]), public, round=state["round"])
    if secret:
        script.emit("effect.counted", m.POISON_SECRET(), secret, audience="gm")
    for ident in woke:
        script.emit("combatant.woke", m.WOKE(target=script.c(ident)["name"]), target=ident)
    tick(script)
    for ident, c in sorted(script.state["combatants"].items()):
        # COC-HP-1: at 0 HP or less, death at the end of the round after the one it fell in.
        if (
            not c["dead"]
            and c["hp"] <= 0
            and c["dying_round"] is not None
            and c["dying_round"] < script.state["round"]
        ):
            script.emit(
                "combatant.died",
                m.DIED(target=c["name"]),
                [cset(ident, "dead", True)],
                target=ident,
            )
    start_round(script, script.state["round"] + 1)
