"""Delta Green between fights: First Aid or surgery after the fight, and weeks of healing as the
campaign's clock passes them (DG-HEAL-1 to -5), played by the GM tools of gm.py off the table
(rules/core/downtime.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.downtime import Tool
from rules.core.messages import Msg
from rules.core.system import Action
from rules.delta_green import messages as m
from rules.delta_green.actions.common import location_choices


def _treat(state: Any, request: Mapping[str, str]) -> list[Action]:
    """DG-HEAL-4 (First Aid: 1d3, stabilises) or DG-HEAL-1 (Medicine: the surgery a wound at
    twice its location's HP needs before it heals)."""
    params = {k: request.get(k, "") for k in ("healer", "target", "location", "skill")}
    return [Action("gm_treat", "gm", params)]


def _week(state: Any, request: Mapping[str, str]) -> list[Action]:
    """DG-HEAL-3: one week's healing (bleeding, unoperated and maimed locations excepted)."""
    return [Action("week_passes", "gm", {})]


def _skills(state: Any, request: Mapping[str, str]) -> list[tuple[str, Msg | str]]:
    return [("first_aid", m.C_FIRST_AID()), ("medicine", m.C_MEDICINE())]


def _locations(state: Any, request: Mapping[str, str]) -> list[tuple[str, Msg | str]]:
    return [(key, label) for key, label in location_choices()]


TREAT = Tool(
    "treat",
    m.GM_TREAT,
    "DG-HEAL-4",
    (
        ("healer", m.F_HEALER),
        ("target", m.F_PATIENT),
        ("location", m.F_LOCATION),
        ("skill", m.F_SKILL),
    ),
    _treat,
    {"location": _locations, "skill": _skills},
)
WEEK = Tool("week", m.WEEK_PASSES, "DG-HEAL-3", (), _week)
TOOLS = (TREAT,)
