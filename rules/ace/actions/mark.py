"""The Nightmare Mark inventory: slots by level, what fits, storing and retrieving items."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from rules.ace import messages as m
from rules.ace.actions.common import (
    GM,
    actor_of,
    free,
    in_combat,
    is_turn,
    refuse,
    spend,
)
from rules.ace.settings import AceSettings
from rules.ace.state import Op, State, cpath, settings_of
from rules.ace.tables import mark_slots
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.kit import ActionSpec, ActionTemplate, Field, choices
from rules.core.params import int_param
from rules.core.system import Action, Event, Json


def slots_for(item: Mapping[str, Any], s: AceSettings) -> int:
    """ACE-MARK-1 / ACE-AMB-40: whole cubes per item; small items stack in one slot."""
    dims = (float(item["length"]), float(item["width"]), float(item["height"]))
    volume = dims[0] * dims[1] * dims[2]
    if max(dims) <= 1:
        stack = int(item.get("stack") or max(1, math.floor(1 / volume + 1e-9)))
        return math.ceil(int(item["count"]) / stack)  # ACE-EX-06: stacks until the slot is full
    if s.mark_round_up:
        per = math.prod(math.ceil(d - 1e-9) for d in dims)  # ACE-EX-05, ACE-EX-37
    else:
        per = max(1, math.ceil(volume - 1e-9))
    return per * int(item["count"])


def used_slots(c: Mapping[str, Any], s: AceSettings) -> int:
    """Slots the stored items take."""
    return sum(slots_for(item, s) for item in c["items"] if item["stored"])


def capacity(c: Mapping[str, Any]) -> int:
    """ACE-MARK-TABLE: 6 slots per Mark level."""
    return mark_slots(int(c["sheet"]["mark"]["level"]))


def _cost(state: State, c: Json, cost: str, s: AceSettings) -> list[Op]:
    """ACE-MARK-3: in a fight storing and retrieving cost actions on one's own turn."""
    if not in_combat(state):
        return []
    if not is_turn(state, c["id"]):
        raise refuse(m.NOT_YOUR_TURN(name=c["name"]), "ACE-MARK-3")
    return spend(c, cost, s)


def store(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-MARK-1..3: store one recognised item if its slots are free; a standard action."""
    s = settings_of(state)
    c = actor_of(state, action.actor)
    n = int_param(action.params, "item", low=0, high=max(0, len(c["items"]) - 1))
    if not c["items"]:
        raise refuse(m.NO_ITEMS(name=c["name"]), "ACE-MARK-1")
    item = c["items"][n]
    if item["stored"]:
        raise refuse(m.ALREADY_STORED(item=item["name"]), "ACE-MARK-1")
    if not item["storable"]:
        raise refuse(m.NOT_STORABLE(item=item["name"]), "ACE-MARK-2")
    need = slots_for(item, s)
    if used_slots(c, s) + need > capacity(c):
        raise refuse(
            m.MARK_FULL(item=item["name"], need=need, left=capacity(c) - used_slots(c, s)),
            "ACE-MARK-TABLE",
        )
    ops = _cost(state, c, "standard", s)
    ops.append(["set", cpath(c["id"], "items", n, "stored"), True])
    return [
        Emitter(state, dice).emit(
            "mark.stored", m.STORED(name=c["name"], item=item["name"], slots=need), ops
        )
    ]


def select(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-MARK-3: a swift action picks the item to take out."""
    s = settings_of(state)
    c = actor_of(state, action.actor)
    n = int_param(action.params, "item", low=0, high=max(0, len(c["items"]) - 1))
    if not c["items"] or not c["items"][n]["stored"]:
        raise refuse(m.NOT_IN_MARK(name=c["name"]), "ACE-MARK-3")
    ops = _cost(state, c, "swift", s)
    ops.append(["set", cpath(c["id"], "mark_selected"), n])
    return [
        Emitter(state, dice).emit(
            "mark.selected", m.SELECTED(name=c["name"], item=c["items"][n]["name"]), ops
        )
    ]


def take(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-MARK-3: a standard action takes out the item picked before."""
    s = settings_of(state)
    c = actor_of(state, action.actor)
    n = c["mark_selected"]
    if n is None:
        raise refuse(m.SELECT_FIRST(), "ACE-MARK-3")
    ops = _cost(state, c, "standard", s)
    ops += [
        ["set", cpath(c["id"], "items", n, "stored"), False],
        ["set", cpath(c["id"], "mark_selected"), None],
    ]
    return [
        Emitter(state, dice).emit(
            "mark.taken", m.TAKEN(name=c["name"], item=c["items"][n]["name"]), ops
        )
    ]


def offers(state: State, actor: str) -> list[ActionTemplate] | None:
    c = state["combatants"].get(actor)
    if c is None or not c["items"] or state.get("pending") is not None:
        return None
    if in_combat(state) and not is_turn(state, actor):
        return None
    s = settings_of(state)
    out: list[ActionTemplate] = []
    fight = in_combat(state)
    outside = [
        (str(n), i["name"]) for n, i in enumerate(c["items"]) if not i["stored"] and i["storable"]
    ]
    inside = [(str(n), i["name"]) for n, i in enumerate(c["items"]) if i["stored"]]
    if outside and (not fight or free(c, "standard", s)):
        out.append(
            ActionTemplate(
                "mark_store",
                m.L_STORE(),
                "ACE-MARK-3",
                (Field("item", m.F_ITEM(), "choice", choices(outside)),),
                cost=m.ACT_STANDARD(),
            )
        )
    if inside and c["mark_selected"] is None and (not fight or free(c, "swift", s)):
        out.append(
            ActionTemplate(
                "mark_select",
                m.L_SELECT(),
                "ACE-MARK-3",
                (Field("item", m.F_ITEM(), "choice", choices(inside)),),
                cost=m.ACT_SWIFT(),
            )
        )
    if c["mark_selected"] is not None and (not fight or free(c, "standard", s)):
        out.append(ActionTemplate("mark_take", m.L_TAKE(), "ACE-MARK-3", cost=m.ACT_STANDARD()))
    return out


def mark_view(c: Mapping[str, Any], s: AceSettings) -> Json:
    """The Mark for the sheet: level, slots used and free, and each item's slots."""
    return {
        **c["sheet"]["mark"],
        "slots": capacity(c),
        "used": used_slots(c, s),
        "items": [
            {**item, "n": n, "slots": slots_for(item, s)} for n, item in enumerate(c["items"])
        ],
    }


SPECS = [
    ActionSpec("mark_store", "ACE-MARK-3", store, who=lambda s, a: a != GM, offer=offers),
    ActionSpec("mark_select", "ACE-MARK-3", select, who=lambda s, a: a != GM),
    ActionSpec("mark_take", "ACE-MARK-3", take, who=lambda s, a: a != GM),
]
