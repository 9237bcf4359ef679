"""SCENE-HIDE-1 and ACE-STEALTH-1 through the session transcript (vtt/transcripts): a player's
and an observer's file of a session, in every format, holds none of the map's GM-only things the
GM placed and painted during it, nor what an unnoticed Ace combatant did; the GM's holds them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from rules.ace import SYSTEM as ACE
from rules.core.system import Action
from rules.delta_green import SYSTEM as DG
from rules.scene.demo import with_demo_map
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters import services

pytestmark = pytest.mark.django_db
SESSION = "Pier 9"
FORMATS = ("txt", "bbcode", "html", "json")


def _files(user: Any, campaign: Any) -> dict[str, str]:
    client = Client()
    client.force_login(user)
    found = {}
    for fmt in FORMATS:
        answer = client.get(
            reverse("transcripts:file", args=[campaign.pk, fmt]), {"session": SESSION}
        )
        assert answer.status_code == 200, fmt
        found[fmt] = answer.content.decode()
    return found


@pytest.fixture
def olive(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("olive", password="olive-secret-1")


def test_a_players_transcript_holds_no_gm_only_thing_of_the_map(
    gwen: Any, pip: Any, olive: Any
) -> None:
    campaign = create_campaign(gwen.pk, "Pier 9 on a map", "delta_green")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    Membership.objects.create(campaign=campaign, user=olive, role=Role.OBSERVER)
    table = services.start_encounter(
        campaign.pk, gwen.pk, "Pier 9", with_demo_map(DG, DG.demo()), {"hernandez": pip.pk}
    )
    services.chat(table.pk, gwen.pk, ".log new " + SESSION, "t0")
    for n, (kind, params) in enumerate(
        [
            ("scene_place", {"who": "cultist4", "x": 15, "y": 13, "gm_only": "on"}),
            ("scene_paint", {"cells": "0,13", "terrain": "water", "gm_only": "on"}),
            ("scene_paint", {"cells": "1,13", "terrain": "fire"}),
        ]
    ):
        services.play(table.pk, gwen.pk, Action(kind, "gm", params), f"t{n + 1}")
    services.chat(table.pk, gwen.pk, ".log end", "t9")
    keeper = "\n".join(_files(gwen, campaign).values())
    assert "Cultist with a knife" in keeper
    assert "water" in keeper.lower()
    for user in (pip, olive):
        for fmt, text in _files(user, campaign).items():
            lines = json.dumps(json.loads(text)["lines"]) if fmt == "json" else text
            assert "fire" in lines.lower(), fmt  # the square painted for everyone
            assert "Cultist with a knife" not in lines, fmt  # placed GM-only: the GM's line
            assert "water" not in lines.lower(), fmt


def test_a_players_transcript_holds_nothing_an_unnoticed_enemy_did(gwen: Any, pip: Any) -> None:
    campaign = create_campaign(gwen.pk, "Bone-jaw", "ace")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    setup = ACE.demo()  # type: ignore[misc]
    for entry in setup["combatants"]:
        entry["hidden"] = entry["id"] == "hound"
    table = services.start_encounter(campaign.pk, gwen.pk, "Alley", setup, {"lin": pip.pk}, "ace")
    services.chat(table.pk, gwen.pk, ".log new " + SESSION, "a0")
    services.play(table.pk, gwen.pk, Action("prone", "hound", {}), "a1")
    services.chat(table.pk, gwen.pk, ".log end", "a9")
    assert "Ghoul Hound drops prone" in "\n".join(_files(gwen, campaign).values())
    for fmt, text in _files(pip, campaign).items():
        assert "Ghoul Hound" not in text, fmt  # nor in the JSON's names: not one to know of
        assert "Bite" not in text, fmt
