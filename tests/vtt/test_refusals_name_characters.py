"""Issue 33: "You do not control …" names the character (in the reader's words), never its id,
whether the refusal comes from the odds (preview) or from playing the action."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from rules.core.system import Action
from rules.delta_green import SYSTEM as DG
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters.services import play, start_encounter
from vtt.errors import NotYourCharacter

pytestmark = pytest.mark.django_db


@pytest.fixture
def encounter(gwen: Any, pip: Any) -> Any:
    campaign = create_campaign(gwen.pk, "Pier 9", "delta_green")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    setup = DG.demo()
    return start_encounter(campaign.pk, gwen.pk, "Pier 9", setup, {"serge": pip.pk}, DG.key)


def test_playing_anothers_character_names_it_not_its_id(encounter: Any, pip: Any) -> None:
    with translation.override("zh-hans"), pytest.raises(NotYourCharacter) as refused:
        play(encounter.pk, pip.pk, Action("pass", "cultist2", {}), "k-1")
    assert "持散弹枪的邪教徒" in str(refused.value), str(refused.value)
    assert "cultist2" not in str(refused.value)


def test_the_odds_of_anothers_action_name_it_not_its_id(encounter: Any, pip: Any) -> None:
    player = Client()
    player.force_login(pip)
    url = f"/encounters/{encounter.pk}/preview/?kind=pass&actor=cultist2"
    page = player.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "持散弹枪的邪教徒" in page, page
    assert "cultist2" not in page
