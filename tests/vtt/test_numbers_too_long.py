"""Issue 30, bad input: a whole number typed with thousands of digits passes `str.isdecimal()`
but `int()` refuses it past 4,300 digits (a ValueError, a 500). Each door that reads a typed
number answers it as any number it cannot use: a refusal, a 400 or a 404, nothing changed."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from rules.core.registry import get_system
from vtt.campaigns.models import Campaign, Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters import services
from vtt.encounters.commands import CommandError, faces_of
from vtt.encounters.models import Seat

pytestmark = pytest.mark.django_db

HUGE = "9" * 5000


def client_of(user: Any) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def test_a_number_too_long_for_int_is_refused_not_a_500(gwen: Any, pip: Any) -> None:
    campaign = create_campaign(gwen.pk, "Arkham", "coc")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    sheet = dict(get_system("coc").default_sheet, name="Ann")
    setup = {"combatants": [{"id": "ann", "sheet": sheet, "controller": "pip"}]}
    table = services.start_encounter(campaign.pk, gwen.pk, "Library", setup, {"ann": pip.pk})
    gm, player = client_of(gwen), client_of(pip)
    answers = {
        "replay": gm.get(f"/encounters/{table.pk}/replay/?entry={HUGE}"),
        "days": gm.post(f"/campaigns/{campaign.pk}/days/", {"days": HUGE}),
        "seat": gm.post(f"/encounters/{table.pk}/seats/", {"user": HUGE, "actor": "ann"}),
        "derive from": player.post(
            f"/campaigns/{campaign.pk}/characters/derive/", {"character": HUGE}
        ),
        "derive start": player.post(
            f"/campaigns/{campaign.pk}/characters/derive/", {"start": HUGE}
        ),
        "starter": player.get(f"/campaigns/{campaign.pk}/characters/new/?start={HUGE}"),
    }
    assert {name: r.status_code for name, r in answers.items() if r.status_code >= 500} == {}
    assert answers["replay"].status_code == 400
    assert Campaign.objects.get(pk=campaign.pk).day == 0
    assert Seat.objects.get(encounter=table).user_id == pip.pk
    with pytest.raises(CommandError):
        faces_of({"faces": HUGE})
