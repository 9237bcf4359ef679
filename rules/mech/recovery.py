"""The mech between matches (赛间维修): Lambit's repair actions, paid from the mech's repair cap
(MECH-REPAIR-1, MECH-REPAIR-TABLE), played by interval.py off the table after the match's end
(rules/core/downtime.py). HP, structure, stress, destroyed items, limited uses and CP carry on
between matches (MECH-AMB-40), so a repair is written back to the sheet like a fight is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.downtime import Tool
from rules.core.messages import Msg
from rules.core.system import Action
from rules.mech import messages as M
from rules.mech.actions.interval import REPAIR_COSTS
from rules.mech.context import GM_ACTOR

# A swap (MECH-REPAIR-SWAP) re-fits mounts at the table, where the weapons lie; the rest here.
OPTIONS = tuple(k for k in REPAIR_COSTS if k != "swap")


def _repair(state: Any, request: Mapping[str, str]) -> list[Action]:
    """MECH-REPAIR-TABLE: one repair action on the mech."""
    params = {"option": request.get("option", ""), "item": request.get("item", "")}
    return [Action("repair", request.get("character", ""), params)]


def _options(state: Any, request: Mapping[str, str]) -> list[tuple[str, Msg | str]]:
    return [
        (k, M.REPAIR_CHOICE(option=M.REPAIR_OPTIONS[k](), cost=REPAIR_COSTS[k])) for k in OPTIONS
    ]


def _items(state: Any, request: Mapping[str, str]) -> list[tuple[str, Msg | str]]:
    unit = state["units"].get(request.get("character", ""))
    if unit is None:
        return []
    return [
        ("", M.NOBODY()),
        *((f"weapon:{i}", str(w["name"])) for i, w in enumerate(unit["weapons"])),
        *((f"system:{i}", str(y["name"])) for i, y in enumerate(unit["systems"])),
    ]


REPAIR = Tool(
    "repair",
    M.REPAIR,
    "MECH-REPAIR-TABLE",
    (("option", M.REPAIR_OPTION), ("item", M.REPAIR_ITEM)),
    _repair,
    {"option": _options, "item": _items},
    prelude=(Action("end_match", GM_ACTOR, {}),),
    per_character=True,
)
TOOLS = (REPAIR,)
