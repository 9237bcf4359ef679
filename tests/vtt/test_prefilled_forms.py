"""The New character and New encounter forms save as they are offered (the JSON is encoded once),
and the invite link survives a detour through sign-up."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from vtt.characters.models import Character
from vtt.encounters.models import Encounter

pytestmark = pytest.mark.django_db


def _textarea(page: str, name: str) -> str:
    found = re.search(rf'<textarea name="{name}"[^>]*>(.*?)</textarea>', page, re.S)
    assert found, f"no {name} textarea"
    return html.unescape(found.group(1)).strip()


def test_the_new_character_form_saves_as_offered(client: Client, campaign: Any, pip: Any) -> None:
    client.force_login(pip)
    url = f"/campaigns/{campaign.pk}/characters/new/"
    sheet = _textarea(client.get(url).content.decode(), "sheet")
    assert sheet.startswith("{")
    answer = client.post(url, {"name": "Ann", "actor_id": "", "sheet": sheet})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert Character.objects.filter(campaign=campaign, name="Ann").exists()


def test_the_new_encounter_form_saves_as_offered(client: Client, campaign: Any, gwen: Any) -> None:
    client.force_login(gwen)
    url = f"/campaigns/{campaign.pk}/encounters/new/"
    page = client.get(url).content.decode()
    setup = _textarea(page, "setup")
    assert setup.startswith("{")
    answer = client.post(url, {"system": "counter", "title": "Again", "setup": setup, "seats": ""})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert Encounter.objects.filter(campaign=campaign, title="Again").exists()


def test_the_sign_up_link_keeps_the_invite(client: Client, campaign: Any) -> None:
    join = f"/join/{campaign.invite_token}/"
    login_page = client.get(join, follow=True)
    body = login_page.content.decode()
    # both the page's own link and the header's carry the invite on
    assert body.count(f'href="/accounts/signup/?next={join}"') == 2
