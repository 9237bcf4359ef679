"""Issue 38, DG-CHECK-6: at a Delta Green table the GM's page offers the group check form like
Call of Cthulhu's; the agents asked read it on their own page and each gets one notice."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.core import mail

from rules.core.actions import GM_ACTOR
from rules.core.registry import get_system
from rules.core.system import Action
from vtt.accounts.models import Profile, profile_of
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters import services
from vtt.encounters.audiences import audience_for
from vtt.encounters.fragments import render_part, render_table
from vtt.encounters.models import Encounter

pytestmark = pytest.mark.django_db


def test_the_gm_asks_agents_for_a_group_check(
    gwen: Any, pip: Any, django_capture_on_commit_callbacks: Any
) -> None:
    campaign = create_campaign(gwen.pk, "Night at the Opera", "delta_green")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    sheet = dict(get_system("delta_green").default_sheet, name="Ann")
    setup = {"combatants": [{"id": "ann", "sheet": sheet, "controller": "pip"}]}
    table = services.start_encounter(campaign.pk, gwen.pk, "Safe house", setup, {"ann": pip.pk})
    keeper = audience_for(table.pk, gwen.pk)
    assert keeper is not None
    assert "Ask for a group check" in str(render_part(table, keeper, "gm-tools"))
    pip.email = "pip@example.org"
    pip.save()
    Profile.objects.filter(pk=profile_of(pip).pk).update(turn_email=True)
    ask = Action("ask_check", GM_ACTOR, {"t_ann": "on", "skill": "dodge"})
    with django_capture_on_commit_callbacks(execute=True):
        services.play(table.pk, gwen.pk, ask, uuid.uuid4().hex)
    assert [m.to for m in mail.outbox] == [["pip@example.org"]]
    player = audience_for(table.pk, pip.pk)
    assert player is not None
    page = render_table(Encounter.objects.get(pk=table.pk), player, oob=False)
    assert "The GM asks: Dodge check" in page
