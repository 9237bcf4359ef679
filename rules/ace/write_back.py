"""What an Ace Evolution encounter leaves on a character's sheet, for the GM to confirm.

The condition (issue 32): HP and death (ACE-ATTR-3), the GM's conditions (ACE-CDG-1) and current
attributes not yet rested back (ACE-AMB-05). Gear: a weapon broken by a sunder is gone, one taken
by a disarm is the taker's, one dropped and not picked up again stays where it fell (the GM may
keep it by leaving that line out), a broken shield is gone (ACE-CALLED-SUNDER,
ACE-CALLED-DISARM); the Nightmare Mark's items keep their count and whether they are stored
(ACE-MARK-1), and its points and potential points are as the hints left them (ACE-MARK-4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ace.actions.attack import SHIELD, broken
from rules.ace.sheet import condition_of_sheet
from rules.ace.state import settings_of
from rules.ace.tables import CONDITIONS
from rules.core.system import Json


def write_back(state: Mapping[str, Any], actor_id: str, sheet: Mapping[str, Any]) -> Json:
    """The sheet after the encounter: its weapons, shield and Mark items as the fight left them."""
    c = state["combatants"][actor_id]
    s = settings_of(state)
    out: Json = dict(sheet)
    out["weapons"] = [
        dict(w)
        for w in c["sheet"]["weapons"]
        if not broken(c, str(w["key"]), s) and w["key"] not in c["dropped"]
    ]
    if c["sheet"].get("shield") and broken(c, SHIELD, s):
        out["shield"] = None
    out["items"] = [dict(item) for item in c["items"]]
    out["mark"] = dict(c["sheet"]["mark"])
    out.pop("condition", None)
    raw: Json = {
        "hp": int(c["hp"]) if int(c["hp"]) < int(c["hp_max"]) else None,
        "dead": bool(c["dead"]),
        **{cond: cond in c["conditions"] for cond in CONDITIONS},
        "current": {
            key: int(value)
            for key, value in c["current"].items()
            if value is not None
            and c["sheet"].get(key) is not None
            and int(value) < int(c["sheet"][key])
        },
    }
    condition = condition_of_sheet(raw)
    if condition is not None:
        out["condition"] = condition
    return out
