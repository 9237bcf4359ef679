"""What an Ace Evolution encounter leaves on a character's sheet, for the GM to confirm.

The sheet has no wound track (HP start full in each encounter), so what carries on is gear: a
weapon broken by a sunder is gone, one taken by a disarm is the taker's, a broken shield is gone
(ACE-CALLED-SUNDER, ACE-CALLED-DISARM), and the Nightmare Mark's items keep their count and
whether they are stored (ACE-MARK-1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ace.actions.attack import SHIELD, broken
from rules.ace.state import settings_of
from rules.core.system import Json


def write_back(state: Mapping[str, Any], actor_id: str, sheet: Mapping[str, Any]) -> Json:
    """The sheet after the encounter: its weapons, shield and Mark items as the fight left them."""
    c = state["combatants"][actor_id]
    s = settings_of(state)
    out: Json = dict(sheet)
    out["weapons"] = [dict(w) for w in c["sheet"]["weapons"] if not broken(c, str(w["key"]), s)]
    if c["sheet"].get("shield") and broken(c, SHIELD, s):
        out["shield"] = None
    out["items"] = [dict(item) for item in c["items"]]
    return out
