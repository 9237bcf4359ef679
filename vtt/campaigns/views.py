"""The helpers every app's pages start from: who is asking, and the campaign they are a member of.

The campaign's own pages are above the apps they show (vtt/lobby/views.py).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from vtt.campaigns.models import Campaign
from vtt.campaigns.roles import role_of


def me(request: HttpRequest) -> int:
    """The logged-in user's id (views are behind login_required)."""
    user_id = request.user.pk
    if user_id is None:
        raise Http404
    return int(user_id)


def member_campaign(request: HttpRequest, campaign_id: int) -> tuple[Campaign, str]:
    """The campaign and the user's role; strangers get a 404, not a hint it exists."""
    campaign = get_object_or_404(Campaign, pk=campaign_id)
    role = role_of(campaign.pk, me(request))
    if role is None:
        raise Http404
    return campaign, role
