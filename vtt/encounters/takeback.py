"""Whether a player's page offers "Take back": their newest entry, one their rules let them undo.

The service (`services.undo`) decides for real; this only spares the page a button that would be
refused. It reads the newest entry's few rows, never the whole log.
"""

from __future__ import annotations

from typing import Any

from rules.core.system import Action, Audience, GameSystem
from vtt.encounters.models import Encounter


def offered(encounter: Encounter, system: GameSystem, audience: Audience) -> str | None:
    """The actor whose newest entry this player audience may take back now, or None."""
    if system.take_back is None or audience.role != "player" or not encounter.is_active:
        return None
    rows = newest_rows(encounter)
    if not rows or not rows[0].action:
        return None
    action = Action.from_json(rows[0].action)
    if action.actor not in audience.actors:
        return None
    return action.actor if system.take_back(action, [row.to_rules() for row in rows]) else None


def newest_rows(encounter: Encounter) -> list[Any]:
    """The rows of the encounter's newest entry: the ones the service that appended it kept on
    this row object (a broadcast asks for every player's view, one query was made for each),
    else read."""
    kept = getattr(encounter, "newest_entry", None)
    if kept is not None and kept[0] == encounter.entries:
        return list(kept[1])
    return list(encounter.events.filter(entry=encounter.entries).order_by("seq"))
