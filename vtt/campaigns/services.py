"""The code that changes campaigns and their invites; every function re-checks the role.

What changes a membership together with the seats at the campaign's tables (joining, a new
role, a member removed) is above both apps, in vtt/lobby/members.py."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from rules.core.registry import get_system
from vtt.campaigns.models import Campaign, Membership, Role, new_invite_token
from vtt.campaigns.roles import role_of
from vtt.campaigns.sides import require_host
from vtt.errors import BadInvite, ExpiredInvite, NotAllowed


def require_gm(campaign_id: int, user_id: int) -> None:
    """Raise NotAllowed unless the user is a GM of the campaign."""
    if role_of(campaign_id, user_id) != Role.GM:
        raise NotAllowed(_("Only the game master may do that."))


@transaction.atomic
def create_campaign(user_id: int, name: str, system: str) -> Campaign:
    """A new campaign with the creator as its GM."""
    get_system(system)  # raises UnknownSystem
    campaign = Campaign.objects.create(
        name=name,
        system=system,
        owner_id=user_id,
        invite_token=new_invite_token(),
        invite_expires=invite_expiry(),
    )
    Membership.objects.create(campaign=campaign, user_id=user_id, role=Role.GM)
    return campaign


MAX_INVITE_DAYS = 365


def invite_expiry(days: int | None = None) -> datetime:
    """When a link made now stops working: after `days`, else the server's VTT_INVITE_DAYS."""
    return timezone.now() + timedelta(days=settings.VTT_INVITE_DAYS if days is None else days)


def live_invite(token: str) -> Campaign:
    """The campaign whose join link this is, while it works; else BadInvite (revoked, replaced,
    forged) or ExpiredInvite (past its time), each saying so."""
    campaign = Campaign.objects.filter(invite_token=token).first() if token else None
    if campaign is None:
        raise BadInvite(_("This invite link is not valid: it was revoked or never existed."))
    if campaign.invite_expires is not None and campaign.invite_expires <= timezone.now():
        when = formats.date_format(timezone.localtime(campaign.invite_expires), "DATETIME_FORMAT")
        raise ExpiredInvite(
            _("This invite link expired on %(when)s. Ask your game master for a new one.")
            % {"when": when}
        )
    return campaign


@transaction.atomic
def renew_invite(campaign_id: int, user_id: int, days: int | None = None) -> str:
    """A new join link that works for `days` (else VTT_INVITE_DAYS); the old one stops working."""
    require_host(campaign_id, user_id)
    if days is not None and not 1 <= days <= MAX_INVITE_DAYS:
        raise NotAllowed(_("A link works for 1 to 365 days."))
    token = new_invite_token()
    Campaign.objects.filter(pk=campaign_id).update(
        invite_token=token, invite_expires=invite_expiry(days)
    )
    return token


@transaction.atomic
def revoke_invite(campaign_id: int, user_id: int) -> None:
    """No join link works until the GM (or a two-sided game's owner) makes a new one."""
    require_host(campaign_id, user_id)
    Campaign.objects.filter(pk=campaign_id).update(invite_token=None, invite_expires=None)


@transaction.atomic
def save_table(campaign_id: int, user_id: int, physical_dice: bool, reveal: bool) -> Campaign:
    """The GM's table choices: physical dice for players who prefer them, secrets after the end."""
    require_gm(campaign_id, user_id)
    campaign = Campaign.objects.select_for_update().get(pk=campaign_id)
    campaign.physical_dice = physical_dice
    campaign.reveal_secrets_after_end = reveal
    campaign.save(update_fields=["physical_dice", "reveal_secrets_after_end"])
    return campaign


@transaction.atomic
def save_settings(campaign_id: int, user_id: int, values: dict[str, Any]) -> Campaign:
    """The GM stores chosen values for the system's settings; the schema refuses unknown keys
    and values out of bounds, naming the field, and nothing is stored then."""
    from rules.core.schema import same_value
    from vtt.schema_forms import settings_schema_of

    require_gm(campaign_id, user_id)
    campaign = Campaign.objects.select_for_update().get(pk=campaign_id)
    schema = settings_schema_of(get_system(campaign.system))
    known = {entry.key for entry in schema.entries}
    stored = {k: v for k, v in campaign.settings.items() if k in known}
    checked = schema.validate({**stored, **values})
    defaults = schema.defaults()
    # Only the choices that differ from the rule book are kept, so the page can show just those.
    campaign.settings = {k: v for k, v in checked.items() if not same_value(v, defaults.get(k))}
    campaign.save(update_fields=["settings"])
    return campaign
