"""Who is looking: the Audience each user sees an encounter as, and the audiences at a table."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from rules.core.system import GM, OBSERVER, Audience
from vtt.campaigns.models import Campaign, Membership, Role
from vtt.campaigns.roles import role_of
from vtt.encounters.models import Encounter, Seat


def side_of(setup: Mapping[str, Any], actor_id: str) -> str | None:
    """The side an actor plays on: its combatant's side, or the actor itself for a side game."""
    for combatant in setup.get("combatants") or ():
        if str(combatant.get("id")) == actor_id:
            side = combatant.get("side")
            return str(side) if side else None
    if actor_id in (setup.get("sides") or {}) or actor_id in (setup.get("seats") or {}):
        return actor_id
    return None


def audience_of(encounter: Encounter, user_id: int, role: str | None) -> Audience | None:
    """The Audience a user sees this encounter as, or None for a stranger; a player's or an
    observer's names the user, for the whispers they read (a GM reads them all)."""
    if role == Role.GM:
        return GM
    if role == Role.OBSERVER:
        if Campaign.objects.filter(pk=encounter.campaign_id, two_sided=True).exists():
            # a game without a GM (vtt/campaigns/sides.py): an observer sees what both sides
            # see, or the owner's second account would be a window onto the other side
            return Audience("player", user=str(user_id))
        return replace(OBSERVER, user=str(user_id))
    if role != Role.PLAYER:
        return None
    seats = list(Seat.objects.filter(encounter=encounter, user_id=user_id))
    sides = sorted({seat.side for seat in seats if seat.side})
    return Audience(
        "player",
        side=sides[0] if sides else None,
        actors=frozenset(s.actor_id for s in seats),
        user=str(user_id),
    )


def audience_for(encounter_id: int, user_id: int) -> Audience | None:
    """The Audience of a user at an encounter, looked up fresh (roles change)."""
    encounter = Encounter.objects.filter(pk=encounter_id).first()
    if encounter is None:
        return None
    return audience_of(encounter, user_id, role_of(encounter.campaign_id, user_id))


def can_view(user_id: int, encounter_id: int) -> bool:
    """Whether the user is a member of the encounter's campaign."""
    return audience_for(encounter_id, user_id) is not None


def seated_audiences(encounter: Encounter) -> list[list[Any]]:
    """The distinct audiences of the encounter's seated players, as stored JSON."""
    players = Membership.objects.filter(campaign_id=encounter.campaign_id, role=Role.PLAYER)
    held: dict[int, list[tuple[str, str | None]]] = {}
    for user_id, actor_id, side in Seat.objects.filter(
        encounter=encounter, user_id__in=players.values("user_id")
    ).values_list("user_id", "actor_id", "side"):
        held.setdefault(user_id, []).append((actor_id, side))
    found: dict[str, list[Any]] = {}
    for seats in held.values():
        sides = sorted({side for _actor, side in seats if side})
        audience = Audience(
            "player", side=sides[0] if sides else None, actors=frozenset(a for a, _s in seats)
        )
        found[audience.key] = [audience.side, sorted(audience.actors)]
    return [found[key] for key in sorted(found)]


def refresh_audiences(campaign_id: int, encounter_id: int | None = None) -> None:
    """Recompute the stored audiences after seats or roles change (inside their transaction)."""
    encounters = Encounter.objects.filter(campaign_id=campaign_id)
    if encounter_id is not None:
        encounters = encounters.filter(pk=encounter_id)
    for encounter in encounters:
        Encounter.objects.filter(pk=encounter.pk).update(audiences=seated_audiences(encounter))


def whisper_readers(audiences: Iterable[str]) -> set[int]:
    """The user ids that events addressed to people (`users:<id>,<id>`) name."""
    found: set[int] = set()
    for audience in audiences:
        kind, _, names = audience.partition(":")
        if kind == "users":
            found.update(int(name) for name in names.split(",") if name.isdecimal())
    return found


def table_audiences(encounter: Encounter) -> list[Audience]:
    """Every distinct audience at the table: gm, observer, unseated players and each seated view."""
    audiences: dict[str, Audience] = {"gm": GM, "observer": OBSERVER, "player": Audience("player")}
    for side, actors in encounter.audiences:
        audience = Audience("player", side=side, actors=frozenset(actors))
        audiences.setdefault(audience.key, audience)
    return list(audiences.values())
