"""While you were away (issue 37): what happened at a table since this browser last showed it,
newest last, with what waits for you first. The page keeps the newest seq it showed (static/js/
away.js, in the browser's storage) and asks for the lines after it when it comes back after a
while; the lines are this viewer's, as the log shows them (fog of war and whispers kept)."""

from __future__ import annotations

from typing import Any

from rules.core.log import REVERTED
from vtt.campaigns.two_sided import game_sides
from vtt.encounters.fragments import encounter_names, visible_rows
from vtt.encounters.models import Encounter, Seat
from vtt.encounters.waiting import awaited
from vtt.eventlog.models import Event
from vtt.words import shown, side_name

# The newest lines shown at most; older ones are counted and left to the log.
MOST_LINES = 40


def pending_for(encounter: Encounter, user_id: int) -> list[str]:
    """The names of the user's sides or combatants the table waits for now."""
    mine = set(
        Seat.objects.filter(encounter=encounter, user_id=user_id).values_list("actor_id", flat=True)
    )
    waiting = sorted(mine & awaited(encounter))
    sides = game_sides(encounter.system)
    known = encounter_names(encounter)
    return [side_name(a) if a in sides else shown(known.get(a, a)) for a in waiting]


def summary(encounter: Encounter, audience: Any, user_id: int, after: int) -> dict[str, Any]:
    """The lines after seq `after` this viewer may read (the newest MOST_LINES, oldest first),
    how many more there were, and what waits for the user."""
    rows = list(
        Event.objects.filter(encounter=encounter, seq__gt=after)
        .select_related("actor")
        .order_by("seq")
    )
    undone = {
        int(index)
        for index in encounter.events.filter(kind=REVERTED).values_list(
            "payload__reverts", flat=True
        )
    }
    lines = visible_rows(rows, audience, undone, encounter_names(encounter))
    return {
        "lines": lines[-MOST_LINES:],
        "earlier": max(len(lines) - MOST_LINES, 0),
        "pending": pending_for(encounter, user_id),
    }
