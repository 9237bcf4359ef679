"""Issue 32: a finished SCS scenario keeps its result on the campaign page: the winner and each
side's victory points (SCS-VIC-1, PD-30), in English and Chinese; a game in play shows none."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from rules.core.system import Action
from rules.scs.state import scenario_of
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters.models import Encounter
from vtt.encounters.services import end_encounter, play, start_encounter


def page_of(user: Any, campaign_id: int, language: str = "en") -> str:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client.get(f"/campaigns/{campaign_id}/").content.decode()


@pytest.mark.django_db
def test_a_finished_scenario_shows_its_winner_and_victory_points(gwen: Any, pip: Any) -> None:
    campaign = create_campaign(gwen.pk, "Halden", "scs")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    setup = {
        "scenario": "halden_crossing",
        "skip_setup": True,
        "seats": {"blue": "player1", "red": "player2"},
        "settings": {"game_turns": 1},
    }
    game = start_encounter(campaign.pk, gwen.pk, "Halden Crossing", setup, {"blue": pip.pk})
    assert "Result:" not in page_of(gwen, campaign.pk)
    for _ in range(8):  # one game turn: Red holds both VP hexes (3 + 2) and wins
        state = Encounter.objects.get(pk=game.pk).state
        if state["phase"] == "over":
            break
        scn = scenario_of(state)
        for uid in list(state["due"]):
            entry = scn.label(scn.arrivals[uid].entry_hexes[0])
            hexes = {"unit": uid, "hex": entry}
            place = Action("reinforcement.place", state["player"], hexes)
            play(game.pk, gwen.pk, place, uuid.uuid4().hex)
        ended = Action("phase.end", state["player"], {})
        play(game.pk, gwen.pk, ended, uuid.uuid4().hex)
    game.refresh_from_db()
    assert game.state["winner"] == "red"
    end_encounter(game.pk, gwen.pk)
    page = page_of(pip, campaign.pk)
    assert "Result: Red wins (Blue 0, Red 5)" in page
    chinese = page_of(pip, campaign.pk, "zh-hans")
    assert "结果：红方 获胜（蓝方 0，红方 5）" in chinese
    assert "Result:" not in chinese
