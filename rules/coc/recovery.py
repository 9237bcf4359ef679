"""Call of Cthulhu between fights: First Aid or Medicine after the fight, and weeks of natural
healing as the campaign's clock passes them (COC-HEAL-1), played by the Keeper's and the
characters' own actions off the table (rules/core/downtime.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.coc.actions.care import F_PATIENT, FIRST_AID, MEDICINE
from rules.coc.actions.keeper_time import PASS_WEEKS
from rules.core.downtime import Tool
from rules.core.system import Action


def _care(kind: str) -> Any:
    def actions(state: Any, request: Mapping[str, str]) -> list[Action]:
        """COC-HEAL-1: First Aid heals 1D3 of one wound, once per wound; Medicine wakes."""
        healer = request.get("healer", "")
        return [Action(kind, healer, {"target": request.get("target") or healer})]

    return actions


def _week(state: Any, request: Mapping[str, str]) -> list[Action]:
    """COC-HEAL-1: 1D3 HP a week for everyone alive and above 0 HP (the dying need care)."""
    healing = {
        f"t_{ident}": True
        for ident, c in state["combatants"].items()
        if not c["dead"] and c["hp"] > 0 and c["hp"] < c["sheet"]["hp_max"]
    }
    return [Action("pass_weeks", "gm", {"weeks": 1, **healing})] if healing else []


FIRST_AID_TOOL = Tool(
    "first_aid",
    FIRST_AID,
    "COC-HEAL-1",
    (("healer", None), ("target", F_PATIENT)),
    _care("first_aid"),
)
MEDICINE_TOOL = Tool(
    "medicine",
    MEDICINE,
    "COC-KO-6",
    (("healer", None), ("target", F_PATIENT)),
    _care("medicine"),
)
WEEK = Tool("week", PASS_WEEKS, "COC-HEAL-1", (), _week)
TOOLS = (FIRST_AID_TOOL, MEDICINE_TOOL)
