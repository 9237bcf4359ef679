"""Whether a player's page offers "Take back": their newest entry, one their rules let them undo.

The service (`services.undo`) decides for real; this only spares the page a button that would be
refused. It reads the newest entry's few rows, never the whole log.
"""

from __future__ import annotations

from rules.core.system import Action, Audience, GameSystem
from vtt.encounters.models import Encounter


def offered(encounter: Encounter, system: GameSystem, audience: Audience) -> str | None:
    """The actor whose newest entry this player audience may take back now, or None."""
    if system.take_back is None or audience.role != "player" or not encounter.is_active:
        return None
    rows = list(encounter.events.filter(entry=encounter.entries).order_by("seq"))
    if not rows or not rows[0].action:
        return None
    action = Action.from_json(rows[0].action)
    if action.actor not in audience.actors:
        return None
    return action.actor if system.take_back(action, [row.to_rules() for row in rows]) else None
