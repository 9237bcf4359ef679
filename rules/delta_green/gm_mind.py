"""Willpower and Sanity in a fight (issue 32): the seed plays no rules for them, so the GM records
what a scene costs (DG-MIND-1) and the write-back carries the new values to the sheet."""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.params import int_param
from rules.core.system import Action, Event, Json
from rules.delta_green import messages as m
from rules.delta_green.engine import combatant_at
from rules.delta_green.working import Working

KEYS = ("wp", "san")


def current(sheet: Json, key: str) -> int:
    """DG-MIND-1: the value on the sheet; a sheet without it starts at POW (Willpower) or
    POW x 5 (Sanity)."""
    if sheet.get(key) is not None:
        return int(sheet[key])
    return int(sheet["pow"]) * (5 if key == "san" else 1)


def set_mind(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-MIND-1: the GM sets an agent's Willpower, Sanity or both (a blank field keeps it)."""
    c = combatant_at(state, str(action.params.get("target") or ""))
    given = {
        key: int_param(action.params, key, low=0, high=99)
        for key in KEYS
        if str(action.params.get(key) or "").strip() != ""
    }
    if not given:
        raise IllegalAction.of(m.MIND_NOTHING(), "DG-MIND-1")
    w = Working(state, dice)
    for key, value in given.items():
        w.sheet(c["id"], [key], value)
    values = {key: given.get(key, current(c["sheet"], key)) for key in KEYS}
    line = m.MIND_SET(name=c["name"], **values)
    w.emit("mind.set", line, target=c["id"], rule="DG-MIND-1", wp=values["wp"], san=values["san"])
    return w.events
