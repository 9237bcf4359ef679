"""Which systems a game without a game master can be made for, and their two sides.

Read from the rules alone (no models), so that the table server's lower modules (turn notices,
who is awaited) can ask it without importing the campaign services above them.
"""

from __future__ import annotations

from typing import Any

from rules.core.registry import get_system, system_keys
from rules.core.system import GameSystem


def demo_setup(system: GameSystem) -> dict[str, Any]:
    return dict(system.demo()) if system.demo is not None else {}


def game_sides(system_key: str) -> list[str]:
    """The two sides of a system playable without a GM, in the demo's order; [] for others: a
    system qualifies when its demo seats exactly its two sides and has no combatant that a GM
    would run."""
    try:
        demo = demo_setup(get_system(system_key))
    except LookupError:
        return []
    sides, seats = demo.get("sides"), demo.get("seats")
    if not isinstance(sides, dict) or not isinstance(seats, dict) or demo.get("combatants"):
        return []
    if len(sides) != 2 or set(seats) != set(sides):
        return []
    return [str(side) for side in sides]


def two_sided_systems() -> list[str]:
    """The keys of the systems a game without a GM can be made for."""
    return [key for key in system_keys() if game_sides(key)]
