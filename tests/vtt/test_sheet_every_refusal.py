"""Issue 36: all the refusals of a sheet's save are shown at once, each beside its field (the
rules stop at the first; the form asks again for the rest)."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client

from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character

pytestmark = pytest.mark.django_db


def test_every_refusal_of_a_delta_green_save_is_shown_beside_its_field(gwen: Any, pip: Any) -> None:
    campaign = create_campaign(gwen.pk, "Night Shift", "delta_green")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    client = Client()
    client.force_login(pip)
    answer = client.post(
        f"/campaigns/{campaign.pk}/characters/new/",
        {
            "name": "Zed",
            "s:dex": "500",
            "s:con": "-4",
            "s:weapons[0].name": "Pistol",
            "s:weapons[0].key": "pistol",
            "s:weapons[0].damage": "lots",
        },
    )
    assert answer.status_code == 400
    page = html.unescape(answer.content.decode())
    errors = page.count('class="error" role="alert"')
    assert errors >= 3, page[:4000]
    for field in ("s:dex", "s:con", "s:weapons[0].damage"):
        start = page.index(f'name="{field}"')
        assert 'class="error"' in page[start : page.index("</div>", start)], field
    assert not Character.objects.filter(name="Zed").exists()
