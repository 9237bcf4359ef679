"""Create and edit characters; the form shows each field's error."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from vtt.campaigns.models import Role
from vtt.campaigns.views import me, member_campaign
from vtt.characters.forms import CharacterForm
from vtt.characters.models import Character


@login_required
def character_new(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A player's character, or (for the GM) an NPC."""
    campaign, role = member_campaign(request, campaign_id)
    if role == Role.OBSERVER:
        raise Http404
    is_gm = role == Role.GM
    character = Character(campaign=campaign, owner_id=me(request), system=campaign.system)
    form = CharacterForm(
        request.POST or None, instance=character, system_key=campaign.system, is_gm=is_gm
    )
    if request.method == "POST" and form.is_valid():
        form.save()
        return redirect("campaigns:detail", campaign.pk)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "campaign": campaign, "character": None}
    return render(request, "characters/character_form.html", context, status=status)


@login_required
def character_edit(request: HttpRequest, character_id: int) -> HttpResponse:
    """Its owner or the GM edits a character."""
    character = get_object_or_404(Character, pk=character_id)
    campaign, role = member_campaign(request, character.campaign_id)
    is_gm = role == Role.GM
    if not (is_gm or character.owner_id == me(request)):
        raise Http404
    form = CharacterForm(
        request.POST or None, instance=character, system_key=character.system, is_gm=is_gm
    )
    if request.method == "POST" and form.is_valid():
        form.save()
        return redirect("campaigns:detail", campaign.pk)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "campaign": campaign, "character": character}
    return render(request, "characters/character_form.html", context, status=status)
