"""Issue 36, DG-GEN-6: a Delta Green agent's form states the 3–18 scale beside its
characteristics, and a save with STR 60 and POW 23 is refused with both bounds named, each beside
its field."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client

from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character

pytestmark = pytest.mark.django_db

HELP = "3–18 scale, as rolled on 3D6"


def _player(gwen: Any, pip: Any) -> tuple[Client, int]:
    campaign = create_campaign(gwen.pk, "Night Shift", "delta_green")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    client = Client()
    client.force_login(pip)
    return client, campaign.pk


def _beside(page: str, field: str) -> str:
    start = page.index(f'name="{field}"')
    return page[start : page.index("</div>", start)]


def test_the_form_states_the_scale_beside_the_characteristics(gwen: Any, pip: Any) -> None:
    client, pk = _player(gwen, pip)
    page = html.unescape(client.get(f"/campaigns/{pk}/characters/new/").content.decode())
    assert HELP in _beside(page, "s:str")


def test_str_60_and_pow_23_are_refused_at_once_naming_their_bounds(gwen: Any, pip: Any) -> None:
    client, pk = _player(gwen, pip)
    answer = client.post(
        f"/campaigns/{pk}/characters/new/",
        {"name": "Zed", "s:human": "on", "s:str": "60", "s:pow": "23"},
    )
    assert answer.status_code == 400
    page = html.unescape(answer.content.decode())
    assert "is 60, above the 3–18 characteristic scale: a human's is at most 18" in _beside(
        page, "s:str"
    )
    assert "is 23, above the 3–18 characteristic scale: a human's is at most 22" in _beside(
        page, "s:pow"
    )
    assert not Character.objects.filter(name="Zed").exists()
