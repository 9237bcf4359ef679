"""Who plays a side of a game without a GM: the players seated at its tables, and its host."""

from __future__ import annotations

from vtt.campaigns.models import Campaign, Role
from vtt.campaigns.roles import role_of
from vtt.encounters.models import Seat


def side_players(campaign: Campaign) -> set[int]:
    """The users who hold a side at one of the game's tables (and its host)."""
    found = set(Seat.objects.filter(encounter__campaign=campaign).values_list("user_id", flat=True))
    return found | {campaign.owner_id}


def plays_a_side(campaign: Campaign, user_id: int) -> bool:
    """Whether the user is one of the game's side players (no GM game) and a player still."""
    return (
        campaign.two_sided
        and role_of(campaign.pk, user_id) == Role.PLAYER
        and user_id in side_players(campaign)
    )
