"""Memberships and the seats at the campaign's tables, changed together: joining by an invite
(seated at the free side of a game without a GM), a member's new role, a member removed.

Above the campaigns and the tables (vtt/campaigns, vtt/encounters), which it changes in one
transaction each; neither imports it. Every function re-checks who may.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from vtt.campaigns.models import Campaign, GmConsent, Membership, Role
from vtt.campaigns.roles import role_of
from vtt.campaigns.services import live_invite, require_gm
from vtt.campaigns.two_sided import game_sides, side_actors
from vtt.encounters.audiences import refresh_audiences, side_of
from vtt.encounters.models import Encounter, Seat, Status
from vtt.errors import NotAllowed
from vtt.realtime import close_user_sockets_on_commit


@transaction.atomic
def join_by_token(user_id: int, token: str) -> Campaign:
    """Join the campaign whose live invite token this is, as a player; a member keeps their role.
    The membership keeps the link, so removing the member revokes it (`remove_member`)."""
    campaign = live_invite(token)
    _membership, created = Membership.objects.get_or_create(
        campaign_id=campaign.pk,
        user_id=user_id,
        defaults={"role": Role.PLAYER, "invite_token": token},
    )
    if created and campaign.two_sided:
        seat_joiner(campaign, user_id)
    return Campaign.objects.get(pk=campaign.pk)


@transaction.atomic
def set_role(campaign_id: int, user_id: int, member_id: int, role: str) -> Membership:
    """The GM changes a member's role; the member's open sockets reconnect with the new role.
    In a game without a GM each side's player may too, for members who hold no side (a neutral
    GM, `may_set_roles`), and nobody changes the role of a side's player there: a GM sees
    both sides."""
    if not may_set_roles(campaign_id, user_id):
        raise NotAllowed(_("Only the game master may do that."))
    if role not in Role.values:
        raise NotAllowed(_("Unknown role."))
    campaign = Campaign.objects.select_for_update().get(pk=campaign_id)
    membership = Membership.objects.filter(campaign_id=campaign_id, user_id=member_id).first()
    if membership is None:
        raise NotAllowed(_("That user is not a member of this campaign."))
    if campaign.two_sided and (
        member_id == campaign.owner_id or holds_a_side(campaign_id, member_id)
    ):
        raise NotAllowed(_("A side's player stays a player: a game master sees both sides."))
    if member_id == campaign.owner_id and role != Role.GM and not campaign.two_sided:
        raise NotAllowed(_("The campaign's owner stays its game master."))
    asked_only = (
        campaign.two_sided
        and role == Role.GM
        and membership.role != Role.GM
        and not _every_side_agrees(campaign_id, user_id, member_id)
    )
    if asked_only:
        return membership  # the role changes once the other side's player agrees too
    GmConsent.objects.filter(campaign_id=campaign_id, member_id=member_id).delete()
    membership.role = role
    membership.save(update_fields=["role"])
    refresh_audiences(campaign_id)
    close_user_sockets_on_commit(member_id, campaign_id, "role changed")
    return membership


def _every_side_agrees(campaign_id: int, user_id: int, member_id: int) -> bool:
    """Record that this side's player (or a game master both sides already accepted) agrees to
    the member as neutral game master; whether every side's player has now agreed. A side with
    no player yet cannot agree, so nobody becomes GM before both players are in."""
    holders = set(
        Seat.objects.filter(encounter__campaign_id=campaign_id).values_list("user_id", flat=True)
    )
    if len(holders) < 2:
        raise NotAllowed(
            _(
                "A neutral game master needs both players to agree; "
                "the other side has no player yet."
            )
        )
    if role_of(campaign_id, user_id) == Role.GM:
        return True
    GmConsent.objects.get_or_create(campaign_id=campaign_id, member_id=member_id, by_id=user_id)
    agreed = set(
        GmConsent.objects.filter(campaign_id=campaign_id, member_id=member_id).values_list(
            "by_id", flat=True
        )
    )
    return holders <= agreed


@transaction.atomic
def remove_member(campaign_id: int, user_id: int, member_id: int) -> bool:
    """The GM removes a member; their seats go and their open sockets close at once. The link
    they joined with is revoked if it is still the live one (or if it is not known which link
    they came with), so they cannot come back with it; True if it was."""
    require_gm(campaign_id, user_id)
    campaign = Campaign.objects.select_for_update().get(pk=campaign_id)
    if member_id == campaign.owner_id:
        raise NotAllowed(_("The campaign's owner cannot be removed."))
    membership = Membership.objects.filter(campaign_id=campaign_id, user_id=member_id).first()
    revoked = (
        membership is not None
        and campaign.invite_token is not None
        and membership.invite_token in ("", campaign.invite_token)
    )
    if revoked:
        Campaign.objects.filter(pk=campaign_id).update(invite_token=None, invite_expires=None)
    Seat.objects.filter(encounter__campaign_id=campaign_id, user_id=member_id).delete()
    Membership.objects.filter(campaign_id=campaign_id, user_id=member_id).delete()
    refresh_audiences(campaign_id)
    close_user_sockets_on_commit(member_id, campaign_id, "removed")
    return revoked


def free_side(campaign: Campaign) -> str | None:
    """The side the next member to join would take at the game's open table, or None."""
    for encounter in Encounter.objects.filter(campaign=campaign, status=Status.ACTIVE):
        free = _free_sides(encounter)
        if free:
            return free[0]
    return None


def _free_sides(encounter: Encounter) -> list[str]:
    """The sides of a game without a GM whose actors nobody holds yet."""
    taken = set(Seat.objects.filter(encounter=encounter).values_list("actor_id", flat=True))
    return [
        side
        for side in game_sides(encounter.system)
        if not taken & set(side_actors(encounter.setup, side))
    ]


def seat_joiner(campaign: Campaign, user_id: int) -> None:
    """A new member of a two-sided game (inside the join's transaction): seated at the free side
    of each open table, or an observer when both sides are taken (the owner may make one the
    neutral GM)."""
    seated = False
    for encounter in Encounter.objects.filter(campaign=campaign, status=Status.ACTIVE):
        free = _free_sides(encounter)
        if free:
            for actor in side_actors(encounter.setup, free[0]):
                Seat.objects.create(
                    encounter=encounter,
                    user_id=user_id,
                    actor_id=actor,
                    side=side_of(encounter.setup, actor),
                )
            seated = True
    if seated:
        refresh_audiences(campaign.pk)
    else:
        Membership.objects.filter(campaign=campaign, user_id=user_id).update(role=Role.OBSERVER)


def may_set_roles(campaign_id: int, user_id: int) -> bool:
    """Whether the user may change members' roles: the GM; in a game without one, also each
    side's player, for members who hold no side. Either may undo the other's choice, so a
    neutral GM stays only while both players accept them (nobody's second account)."""
    if role_of(campaign_id, user_id) == Role.GM:
        return True
    if not Campaign.objects.filter(pk=campaign_id, two_sided=True).exists():
        return False
    owner = Campaign.objects.filter(pk=campaign_id, owner_id=user_id).exists()
    return owner or holds_a_side(campaign_id, user_id)


def holds_a_side(campaign_id: int, user_id: int) -> bool:
    """Whether the member sits at a side of one of the campaign's tables."""
    return Seat.objects.filter(encounter__campaign_id=campaign_id, user_id=user_id).exists()
