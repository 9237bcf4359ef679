"""Ace between fights: a full night's rest brings every attribute spent or drained back to its
maximum (ACE-AMB-05), played by the GM's `rest` action off the table each time the campaign's
clock passes a night (rules/core/downtime.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ace import messages as m
from rules.core.downtime import Tool
from rules.core.system import Action


def _rest(state: Any, request: Mapping[str, str]) -> list[Action]:
    """ACE-AMB-05: current attributes back to their maxima."""
    return [Action("rest", "gm", {})]


NIGHT = Tool("rest", m.L_REST, "ACE-AMB-05", (), _rest)
TOOLS: tuple[Tool, ...] = ()
