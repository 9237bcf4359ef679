"""Invitations from an imported campaign file (issue 30): a file names its members by username,
and a username on this server is not a person's consent. So the importer alone becomes a
member; everyone else the file names is invited (campaigns.Invitation) and becomes a member,
with the role, characters and seats the file gave them, only once they accept on their campaign
list. Until then they see nothing of the campaign and get no notice from it.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from vtt.campaigns.models import Campaign, Invitation, Membership
from vtt.characters.models import Character
from vtt.encounters.audiences import refresh_audiences
from vtt.encounters.models import Encounter, Seat
from vtt.errors import NotAllowed


def pending_for(user_id: int) -> QuerySet[Invitation]:
    """The invitations waiting for the user's answer, newest first."""
    return Invitation.objects.filter(user_id=user_id).select_related("campaign", "by")


@transaction.atomic(savepoint=False)  # in the caller's transaction: FOR UPDATE needs one
def _theirs(invitation_id: int, user_id: int) -> Invitation:
    """The user's own invitation, locked; anyone else's (or none) is refused the same way."""
    found = (
        Invitation.objects.select_for_update()
        .filter(pk=invitation_id, user_id=user_id)
        .select_related("campaign")
        .first()
    )
    if found is None:
        raise NotAllowed(_("There is no such invitation for you."))
    return found


@transaction.atomic
def accept(invitation_id: int, user_id: int) -> Campaign:
    """Become a member with the invitation's role (a member already keeps theirs), take the
    characters the file gave them and the seats it gave them that nobody holds since."""
    invitation = _theirs(invitation_id, user_id)
    campaign = invitation.campaign
    Membership.objects.get_or_create(
        campaign=campaign, user_id=user_id, defaults={"role": invitation.role}
    )
    Character.objects.filter(campaign=campaign, pk__in=invitation.characters).update(
        owner_id=user_id
    )
    tables = set(Encounter.objects.filter(campaign=campaign).values_list("pk", flat=True))
    for seat in invitation.seats:
        encounter_id, actor_id = seat.get("encounter"), str(seat.get("actor_id") or "")
        if encounter_id not in tables or not actor_id:
            continue
        if Seat.objects.filter(encounter_id=encounter_id, actor_id=actor_id).exists():
            continue
        side = seat.get("side")
        Seat.objects.create(
            encounter_id=encounter_id,
            user_id=user_id,
            actor_id=actor_id,
            side=side if isinstance(side, str) else None,
        )
    refresh_audiences(campaign.pk)
    invitation.delete()
    return campaign


@transaction.atomic
def decline(invitation_id: int, user_id: int) -> None:
    """Say no: the invitation goes; its characters stay the importer's, its seats empty."""
    _theirs(invitation_id, user_id).delete()
