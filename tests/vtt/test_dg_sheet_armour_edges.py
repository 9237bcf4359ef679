"""Issue 36: a Delta Green sheet's body armour and edges are form fields (they were only in the
JSON box): a vest by its level, worn hidden or not, and a box per edge; refusals beside them."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client

from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(gwen: Any, pip: Any) -> tuple[Client, str]:
    campaign = create_campaign(gwen.pk, "Night Shift", "delta_green")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    client = Client()
    client.force_login(pip)
    return client, f"/campaigns/{campaign.pk}/characters/new/"


def test_a_vest_and_edges_are_picked_in_the_form(player: tuple[Client, str]) -> None:
    client, url = player
    page = html.unescape(client.get(url).content.decode())
    assert "Body armour" in page
    assert 'name="s:vest.level"' in page
    assert "Level II vest" in page
    assert 'name="s:edges.double_tap"' in page
    assert "Double Tap" in page or "Double tap" in page
    answer = client.post(
        url,
        {
            "name": "Vera",
            "s:vest.level": "2",
            "s:vest.worn_hidden": "on",
            "s:edges.double_tap": "on",
            "s:edges.quick_draw": "on",
        },
    )
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    sheet = Character.objects.get(name="Vera").sheet
    assert sheet["vest"] == {"level": 2, "worn_hidden": True}
    assert sheet["edges"] == ["double_tap", "quick_draw"]
    again = html.unescape(
        client.get(f"/characters/{Character.objects.get(name='Vera').pk}/edit/").content.decode()
    )
    assert 'name="s:edges.double_tap" id="f-sedgesdouble_tap" checked' in again


def test_no_vest_is_none_and_refusals_land_beside_armour_and_edges(
    player: tuple[Client, str],
) -> None:
    client, url = player
    answer = client.post(url, {"name": "Noa", "s:vest.level": ""})
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    assert Character.objects.get(name="Noa").sheet["vest"] is None
    refused = client.post(
        url,
        {
            "name": "Ike",
            "s:vest.level": "3",
            "s:vest.worn_hidden": "on",
            "s:edges.improved_double_tap": "on",
        },
    )
    assert refused.status_code == 400
    page = html.unescape(refused.content.decode())
    hidden = page.index('name="s:vest.worn_hidden" id')
    assert "DG-ARM-8" in page[hidden : page.index("</div>", hidden)]
    edges = page.index('name="s:edges.improved_double_tap" id')
    assert "DG-EDGE-0" in page[edges : edges + 3000]
    assert not Character.objects.filter(name="Ike").exists()
