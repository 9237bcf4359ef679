"""What each side brings to a grapple contest (ACE-GRAPPLE-1/2): the grappler's STR and skill,
the defender's resistance by the way it fights free, the smaller side's penalty, and who one
is grappling with."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ace.state import State
from rules.ace.stats import size, val
from rules.core.system import Json

METHODS = ("break", "slip")


def size_penalty(c: Json, other: Json) -> int:
    """ACE-GRAPPLE-2: in a grapple contest the smaller side takes the size difference."""
    return -max(0, size(other) - size(c))


def grapple_bonus(c: Json, other: Json, w: Mapping[str, Any] | None = None) -> int:
    """ACE-GRAPPLE-1/2: STR + grappling (melee with a soft weapon), size-adjusted."""
    skill = c["sheet"]["melee"] if w and w.get("soft") else c["sheet"]["grappling"]
    return val(c, "str") + int(skill) + size_penalty(c, other)


def resist_bonus(c: Json, other: Json, method: str) -> int:
    """ACE-GRAPPLE-1: break free with STR + core, or slip away with DEX + footwork."""
    if method == "slip":
        base = val(c, "dex") + int(c["sheet"]["footwork"])
    else:
        base = val(c, "str") + int(c["sheet"]["core"])
    return base + size_penalty(c, other)


def best_method(c: Json) -> str:
    """The better resistance for a defender who cannot answer."""
    slip = val(c, "dex") + int(c["sheet"]["footwork"])
    return "slip" if slip > val(c, "str") + int(c["sheet"]["core"]) else "break"


def partner(state: State, c: Json) -> Json | None:
    """The one this combatant is grappling with, if any."""
    g = c.get("grapple")
    return state["combatants"][g["with"]] if g else None
