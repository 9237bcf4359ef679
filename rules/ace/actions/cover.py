"""Cover against an attack: when it counts and what it takes off the hit (ACE-COVER-1)."""

from __future__ import annotations

from rules.ace.settings import AceSettings
from rules.ace.tables import COVER
from rules.core.system import Json

RANGED = ("firearm", "thrown")


def cover_counts(kind: str, s: AceSettings, adjacent: bool = False) -> bool:
    """ACE-AMB-39: cover counts against ranged and thrown attacks from non-adjacent attackers
    (or against every attack, by setting)."""
    return s.cover_against == "all" or (kind in RANGED and not adjacent)


def cover_penalty(
    attacker: Json, target: Json, kind: str, s: AceSettings, adjacent: bool = False
) -> int:
    """ACE-COVER-1: the target's cover against the attacker's hit, and the attacker's own cover
    against its own shot across it (ACE-COVER-TABLE: -2, -4, -8)."""
    if not cover_counts(kind, s, adjacent):
        return 0
    return COVER[target["cover"]] + COVER[attacker["cover"]]
