"""Items used up or lost in a fight (issue 32): the GM marks a recovery item eaten, a grenade
thrown or a bag dropped and left behind, and the write-back carries the count left (ACE-MARK-1).
The seed gives no rule for using an item, so the GM says what was used; the count follows."""

from __future__ import annotations

from rules.ace import messages as m
from rules.ace.actions.common import GM, named, refuse
from rules.ace.state import Op, State, cpath
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.kit import ActionSpec, ActionTemplate, Field, choices
from rules.core.params import bool_param, int_param
from rules.core.system import Action, Event


def used(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-MARK-1: an item's count goes down by what was used; a stack used up or dropped leaves
    the combatant's items (the Mark's pick of it goes too)."""
    ident, _, index = str(action.params.get("item") or "").partition(":")
    c = state["combatants"].get(ident)
    if c is None or not index.isdecimal() or int(index) >= len(c["items"]):
        raise refuse(m.NO_ITEM(item=str(action.params.get("item") or "")), "ACE-MARK-1")
    n = int(index)
    item = c["items"][n]
    count = int(item["count"])
    lost = bool_param(action.params, "lost")
    spent = count if lost else int_param(action.params, "used", 1, low=1, high=9999)
    if spent > count:
        raise refuse(m.TOO_FEW(name=c["name"], count=count, item=item["name"]), "ACE-MARK-1")
    left = count - spent
    ops: list[Op]
    if left:
        ops = [["set", cpath(ident, "items", n, "count"), left]]
    else:
        ops = [["set", cpath(ident, "items"), [x for i, x in enumerate(c["items"]) if i != n]]]
        picked = c.get("mark_selected")
        if picked is not None and picked >= n:
            ops.append(["set", cpath(ident, "mark_selected"), None if picked == n else picked - 1])
    words = {"name": c["name"], "item": item["name"]}
    line = (
        m.ITEM_LOST(count=count, **words) if lost else m.ITEM_USED(used=spent, left=left, **words)
    )
    payload = {"target": ident, "item": item["name"], "used": spent, "left": left, "lost": lost}
    audience = named(state, ident)  # ACE-STEALTH-1: an unnoticed one's items are its side's
    return [
        Emitter(state, dice).emit(
            "item.used", line, ops, rule="ACE-MARK-1", audience=audience, **payload
        )
    ]


def offers(state: State, actor: str) -> list[ActionTemplate] | None:
    held = [
        (f"{c['id']}:{n}", m.ITEM_OF(name=c["name"], item=item["name"], count=item["count"]))
        for c in state["combatants"].values()
        for n, item in enumerate(c["items"])
    ]
    if actor != GM or not held:
        return None
    return [
        ActionTemplate(
            "item_used",
            m.L_ITEM_USED(),
            "ACE-MARK-1",
            (
                Field("item", m.F_HELD_ITEM(), "choice", choices(held), default=held[0][0]),
                Field("used", m.F_USED(), "number", default=1, min=1, max=9999),
                Field("lost", m.F_LOST(), "checkbox", default=False),
            ),
        )
    ]


SPECS = [ActionSpec("item_used", "ACE-MARK-1", used, who=lambda s, a: a == GM, offer=offers)]
