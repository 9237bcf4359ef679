"""The tables waiting for a user's move (issue 37): the "Your games" page, and its notices.

A table waits for an actor when the rules say so: in a game of sides (vtt/campaigns/sides.py),
every side the rules offer an action now (the side setting up, the phasing side, the side owing
a combat's choice); elsewhere the combatant whose turn it is (the view's `current`, `turn` or
`active`, as the table's "Your turn" banner), and in a skirmish without a GM between two turns,
the combatants that may take the next one (`offered_more`); and, outside any turn, whoever a
group check asks (`asked_of`, COC-CHECK-6, DG-CHECK-6). It has waited since its newest event
the user may read: a hidden one (a whisper to another, the other side's move) would tell them
that something happened out of their sight, and when.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from rules.core.registry import get_system
from rules.core.system import GM
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.roles import role_of
from vtt.campaigns.two_sided import game_sides, sides_are_actors
from vtt.encounters.audiences import audience_of
from vtt.encounters.fragments import combatant_rows, loaded_state
from vtt.encounters.models import Encounter, Seat, Status
from vtt.eventlog.models import Event


@dataclass(frozen=True)
class Waiting:
    """One table waiting for the user: for which of their actors, and since when."""

    encounter: Encounter
    actors: tuple[str, ...]
    since: datetime


def awaited(encounter: Encounter, state: Any = None) -> set[str]:
    """The actors the table waits for now, or in `state` (a loaded rules state of this table);
    none once it has ended."""
    if encounter.status != Status.ACTIVE:
        return set()
    system = get_system(encounter.system)
    state = loaded_state(encounter) if state is None else state
    if game_sides(encounter.system) and sides_are_actors(encounter.system):
        # every step is a side's own action
        actors = system.actors(state) if system.actors else []
        return {side for side in actors if system.legal_actions(state, side)}
    current = {str(r["id"]) for r in combatant_rows(system.view(state, GM)) if r["current"]}
    if current or not game_sides(encounter.system):
        return current | asked_of(state)
    return offered_more(system, state)


def asked_of(state: Any) -> set[str]:
    """The actors a group check asks to answer outside the turn (COC-CHECK-6, DG-CHECK-6): a
    system lists them under its state's "asked" (actor id -> what is asked), as Call of
    Cthulhu and Delta Green do, until each has rolled it on their own page."""
    found = state.get("asked") if isinstance(state, dict) else None
    return {str(actor) for actor in found} if isinstance(found, dict) else set()


def offered_more(system: Any, state: Any) -> set[str]:
    """A skirmish without a GM between two turns: the combatants offered something beyond what
    every combatant is always offered (a reaction to set), i.e. those that may take the next
    turn, of the side whose turn it is."""
    actors = [str(actor) for actor in system.actors(state)] if system.actors else []
    kinds = {a: {t.kind for t in system.legal_actions(state, a)} for a in actors}
    if not kinds:
        return set()
    common = set.intersection(*kinds.values())
    return {actor for actor, offered in kinds.items() if offered - common}


def waiting_for(user_id: int) -> list[Waiting]:
    """Every open table where it is the user's move, the longest waiting first."""
    playing = Membership.objects.filter(user_id=user_id, role__in=(Role.PLAYER, Role.GM))
    seats = Seat.objects.filter(
        user_id=user_id,
        encounter__status=Status.ACTIVE,
        encounter__campaign_id__in=playing.values("campaign_id"),
    ).select_related("encounter", "encounter__campaign")
    mine: dict[int, tuple[Encounter, set[str]]] = {}
    for seat in seats:
        mine.setdefault(seat.encounter_id, (seat.encounter, set()))[1].add(seat.actor_id)
    found: list[Waiting] = []
    for encounter, actors in mine.values():
        now = sorted(actors & awaited(encounter))
        if not now:
            continue
        since = seen_since(encounter, user_id)
        found.append(Waiting(encounter, tuple(now), since))
    return sorted(found, key=lambda waiting: waiting.since)


def seen_since(encounter: Encounter, user_id: int) -> datetime:
    """When the newest event of the table that the user may read was stored (its start if none)."""
    audience = audience_of(encounter, user_id, role_of(encounter.campaign_id, user_id))
    if audience is not None:
        rows = Event.objects.filter(encounter=encounter).order_by("-seq")
        for seen, created in rows.values_list("audience", "created").iterator(chunk_size=200):
            if audience.can_see(seen):
                return created
    return encounter.created
