"""The weapons a grapple may use: bare hands and natural weapons to start one (ACE-HIT-4), and
what fits inside one (ACE-GRAPPLE-6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ace.stats import size, weapon
from rules.core.system import Json


def natural_weapons(c: Json) -> list[Mapping[str, Any]]:
    """The weapons a grapple may start with: bare hands and natural weapons (ACE-HIT-4)."""
    return [
        weapon(c, "unarmed") or {},
        *(w for w in c["sheet"]["weapons"] if w["natural"] or w["soft"]),
    ]


def inside_weapons(c: Json) -> list[Mapping[str, Any]]:
    """ACE-GRAPPLE-6: natural weapons, or made ones of volume at most own size - 3."""
    allowed = [weapon(c, "unarmed") or {}]
    allowed += [
        w
        for w in c["sheet"]["weapons"]
        if w["kind"] == "melee"
        and w["key"] not in c["dropped"]
        and (w["natural"] or int(w["size"]) <= size(c) - 3)
    ]
    return allowed
