"""Who holds which role in a campaign."""

from __future__ import annotations

from vtt.campaigns.models import Membership


def role_of(campaign_id: int, user_id: int) -> str | None:
    """The user's role in the campaign, or None for a stranger."""
    return (
        Membership.objects.filter(campaign_id=campaign_id, user_id=user_id)
        .values_list("role", flat=True)
        .first()
    )
