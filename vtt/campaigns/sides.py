"""Games without a game master (issue 37): two sides, and the rules as the referee.

For a system whose rules decide every step (SCS: every action is a side's, the phasing side
ends each phase, the Supply Phase and victory are automatic), a campaign can be made as a
two-sided game. Its owner is a *player* seated at one side, so he sees and acts only as that
side; the campaign's invite link seats the next member who joins at the free side; later
members come in as observers, who see only what both sides see; either player may make one of
them a neutral game master (who holds no side) and either may undo it. When the rules end the
game, the server ends the table and reveals the seed (`vtt.encounters.services._referee_ends`).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules.core.registry import get_system
from vtt.campaigns.models import Campaign, Membership, Role
from vtt.campaigns.two_sided import demo_setup, game_sides
from vtt.errors import NotAllowed


def scenario_choices(system_key: str) -> list[tuple[str, str]]:
    """The built-in scenarios of a system whose demo names one, as (name, title)."""
    from vtt.encounters.builder import _scene_choices

    system = get_system(system_key)
    scenario = demo_setup(system).get("scenario")
    if not isinstance(scenario, str):
        return []
    return _scene_choices(system, "scenario", scenario) or []


def free_side(campaign: Campaign) -> str | None:
    """The side the next member to join would take at the game's open table, or None."""
    from vtt.encounters.models import Encounter, Seat, Status

    for encounter in Encounter.objects.filter(campaign=campaign, status=Status.ACTIVE):
        taken = set(Seat.objects.filter(encounter=encounter).values_list("actor_id", flat=True))
        free = [side for side in game_sides(encounter.system) if side not in taken]
        if free:
            return free[0]
    return None


def seat_joiner(campaign: Campaign, user_id: int) -> None:
    """A new member of a two-sided game (inside the join's transaction): seated at the free side
    of each open table, or an observer when both sides are taken (the owner may make one the
    neutral GM)."""
    from vtt.encounters.audiences import refresh_audiences, side_of
    from vtt.encounters.models import Encounter, Seat, Status

    seated = False
    for encounter in Encounter.objects.filter(campaign=campaign, status=Status.ACTIVE):
        taken = set(Seat.objects.filter(encounter=encounter).values_list("actor_id", flat=True))
        free = [side for side in game_sides(encounter.system) if side not in taken]
        if free:
            Seat.objects.create(
                encounter=encounter,
                user_id=user_id,
                actor_id=free[0],
                side=side_of(encounter.setup, free[0]),
            )
            seated = True
    if seated:
        refresh_audiences(campaign.pk)
    else:
        Membership.objects.filter(campaign=campaign, user_id=user_id).update(role=Role.OBSERVER)


def require_host(campaign_id: int, user_id: int) -> None:
    """Raise NotAllowed unless the user is the campaign's GM or the owner of a game without one
    (who hands out its invite link and may seat a neutral GM)."""
    from vtt.campaigns.roles import role_of

    if role_of(campaign_id, user_id) == Role.GM:
        return
    if not Campaign.objects.filter(pk=campaign_id, owner_id=user_id, two_sided=True).exists():
        raise NotAllowed(_("Only the game master may do that."))


def may_set_roles(campaign_id: int, user_id: int) -> bool:
    """Whether the user may change members' roles: the GM; in a game without one, also each
    side's player, for members who hold no side. Either may undo the other's choice, so a
    neutral GM stays only while both players accept them (nobody's second account)."""
    from vtt.campaigns.roles import role_of

    if role_of(campaign_id, user_id) == Role.GM:
        return True
    if not Campaign.objects.filter(pk=campaign_id, two_sided=True).exists():
        return False
    owner = Campaign.objects.filter(pk=campaign_id, owner_id=user_id).exists()
    return owner or holds_a_side(campaign_id, user_id)


def holds_a_side(campaign_id: int, user_id: int) -> bool:
    """Whether the member sits at a side of one of the campaign's tables."""
    from vtt.encounters.models import Seat

    return Seat.objects.filter(encounter__campaign_id=campaign_id, user_id=user_id).exists()
