"""Which systems a game without a game master can be made for, and their two sides.

Read from the rules alone (no models), so that the table server's lower modules (turn notices,
who is awaited) can ask it without importing the campaign services above them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rules.core.registry import get_system, system_keys
from rules.core.system import GameSystem


def demo_setup(system: GameSystem) -> dict[str, Any]:
    return dict(system.demo()) if system.demo is not None else {}


def game_sides(system_key: str) -> list[str]:
    """The two sides of a system playable without a GM, in the demo's order; [] for others: a
    system qualifies when its demo seats exactly its two sides and has no combatant that a GM
    would run (a game of sides, the sides its actors: SCS), or when it is a skirmish: every
    combatant of its demo belongs to one of two sides that take turns (`first_side`), so each
    player runs their side's combatants (the mech skirmish)."""
    return list(_sides(system_key)[0])


def sides_are_actors(system_key: str) -> bool:
    """Whether the system's actors are its sides (SCS), not combatants on them (a skirmish)."""
    return _sides(system_key)[1]


def side_actors(setup: Mapping[str, Any], side: str) -> list[str]:
    """The actors a side's player holds: the side itself, or its combatants in a skirmish."""
    combatants = [c for c in setup.get("combatants") or () if isinstance(c, Mapping)]
    if not combatants:
        return [side]
    return [str(c["id"]) for c in combatants if str(c.get("side")) == side]


@lru_cache(maxsize=64)
def _sides(system_key: str) -> tuple[list[str], bool]:
    try:
        demo = demo_setup(get_system(system_key))
    except LookupError:
        return [], False
    sides, seats = demo.get("sides"), demo.get("seats")
    combatants = demo.get("combatants")
    if isinstance(sides, dict) and isinstance(seats, dict) and not combatants:
        if len(sides) == 2 and set(seats) == set(sides):
            return [str(side) for side in sides], True
        return [], False
    if not combatants or not demo.get("first_side"):
        return [], False
    found: list[str] = []
    for combatant in combatants:
        side = combatant.get("side") if isinstance(combatant, Mapping) else None
        if not side:
            return [], False
        if str(side) not in found:
            found.append(str(side))
    return (found, False) if len(found) == 2 else ([], False)


def two_sided_systems() -> list[str]:
    """The keys of the systems a game without a GM can be made for."""
    return [key for key in system_keys() if game_sides(key)]
