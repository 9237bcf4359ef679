"""What every action module shares: reading a form's values, who may act, the forms' choices."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from rules.coc import messages as m
from rules.coc.state import acting, can_act, combatant, status
from rules.core.errors import IllegalAction
from rules.core.kit import Choice, Msg, choices
from rules.core.system import Json


def is_combatant(state: Json, actor: str) -> bool:
    """A combatant of the scene (its player or the Keeper acting for it)."""
    return actor in state["combatants"]


def refuse(msg: Msg, rule: str | None = None) -> IllegalAction:
    """The error for a refusal, to raise."""
    return IllegalAction(msg, rule)


def distance(params: Mapping[str, Any], name: str = "distance", default: str = "0") -> Fraction:
    """A distance in yards (decimals allowed), 0 or more."""
    raw = params.get(name)
    raw = default if raw in (None, "") else raw
    try:
        value = Fraction(str(raw).strip())
    except (ValueError, ZeroDivisionError):
        raise refuse(m.BAD_DISTANCE()) from None
    if value < 0 or value > 100_000:
        raise refuse(m.BAD_DISTANCE())
    return value


def words(params: Mapping[str, Any], name: str, limit: int = 200) -> str:
    """A line of free text (a reason, a danger), trimmed."""
    return " ".join(str(params.get(name) or "").split())[:limit]


def target(state: Json, params: Mapping[str, Any], actor: str, name: str = "target") -> Json:
    """The combatant a form names: it exists, is not the actor, is alive."""
    ident = str(params.get(name) or "")
    if not ident:
        raise refuse(m.NO_TARGET())
    c = combatant(state, ident)
    if ident == actor:
        raise refuse(m.SELF_TARGET(actor=c["name"]))
    if c["dead"]:
        raise refuse(m.TARGET_GONE(target=c["name"]))
    return c


def my_turn(state: Json, actor: str, *, passing: bool = False) -> Json:
    """COC-ROUND-1: the actor's DEX-rank slot, awake; refused otherwise.

    COC-MAL-4: while an attempt to clear a jam runs, the shooter does nothing else; it may
    only pass its turn (`passing`).
    """
    if state["round"] < 1:
        raise refuse(m.NO_ROUND())
    c = combatant(state, actor)
    slot = acting(state, actor)
    if slot is None:
        raise refuse(m.NOT_YOUR_TURN(actor=c["name"]), "COC-ROUND-1")
    if (work := clearing(state, actor)) and not passing:
        weapon = work[0]["data"]["weapon_name"]
        raise refuse(m.ALREADY_CLEARING(actor=c["name"], weapon=weapon), "COC-MAL-4")
    return slot


def clearing(state: Json, actor: str) -> list[Json]:
    """COC-MAL-4: the jam-clearing attempts the actor is busy with."""
    return [e for e in state["effects"].values() if e["target"] == actor and e["kind"] == "jam"]


def free_to_act(state: Json, actor: str) -> bool:
    """Whether the forms should offer the actor's own actions: its slot, no jam in hand."""
    return acting(state, actor) is not None and not clearing(state, actor)


def awake(state: Json, actor: str) -> Json:
    """The actor, who must be conscious."""
    c = combatant(state, actor)
    if not can_act(c):
        raise refuse(m.CANNOT_ACT(actor=c["name"], status=m.STATUS[status(c)]()))
    return c


def others(state: Json, actor: str) -> tuple[Choice, ...]:
    """Everyone else still alive, as choices by name; those on the actor's side are marked, so
    the table asks before an attack on one."""
    side = state["combatants"][actor].get("side")
    return tuple(
        Choice(ident, c["name"], ally=bool(side) and c.get("side") == side)
        for ident, c in state["combatants"].items()
        if ident != actor and not c["dead"]
    )


def everyone(state: Json) -> tuple[Choice, ...]:
    """Every living combatant, as choices by name."""
    return choices((ident, c["name"]) for ident, c in state["combatants"].items() if not c["dead"])


def weapons(state: Json, actor: str, kinds: Iterable[str]) -> tuple[Choice, ...]:
    """The actor's usable weapons of some kinds, as choices."""
    wanted = set(kinds)
    c = state["combatants"][actor]
    return choices(
        (w["key"], w["name"])
        for w in c["sheet"]["weapons"]
        if w["kind"] in wanted and usable(c, w["key"])
    )


def usable(c: Json, key: str) -> bool:
    """Not broken, jammed, disabled or stuck in someone."""
    held = c["weapons"][key]
    return not (held["broken"] or held["jammed"] or held["disabled"] or held["stuck_in"])
