"""The Ace Evolution table: cards, the called-shot body diagram, the prompt, the sheet."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from rules.ace import SYSTEM
from rules.core.system import Action

pytestmark = pytest.mark.django_db


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def ace_encounter(gwen: Any, pip: Any) -> Any:
    """The demo with Pip seated at Lin Yue and the fight begun (Su Qing, unnoticed, first)."""
    from vtt.campaigns.models import Membership, Role
    from vtt.campaigns.services import create_campaign
    from vtt.encounters.services import play, start_encounter

    campaign = create_campaign(gwen.pk, "Nightmare", "ace")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    encounter = start_encounter(
        campaign.pk, gwen.pk, "Hound", SYSTEM.demo(), {"lin": pip.pk}, "ace"
    )
    play(encounter.pk, gwen.pk, Action("begin", "gm"), "k-begin")
    play(encounter.pk, gwen.pk, Action("end_turn", "gm"), "k-end")
    encounter.refresh_from_db()
    if encounter.state["current"] != "lin":
        play(encounter.pk, gwen.pk, Action("end_turn", "gm"), "k-end2")
    return encounter


def test_the_gm_sees_cards_tools_and_the_hidden_sneaker(ace_encounter: Any, gwen: Any) -> None:
    page = _client(gwen).get(f"/encounters/{ace_encounter.pk}/").content.decode()
    assert "css/systems/ace.css" in page
    assert page.count('<article class="ace-card') == 3
    assert 'name="kind" value="area"' in page
    assert 'name="kind" value="secret_check"' in page


def test_the_player_picks_a_called_shot_on_the_body_and_the_defender_is_prompted(
    ace_encounter: Any, gwen: Any, pip: Any
) -> None:
    from vtt.encounters.services import play

    page = _client(pip).get(f"/encounters/{ace_encounter.pk}/").content.decode()
    assert 'data-sheet="lin"' in page
    assert 'class="action ace-panel ace-attack"' in page
    assert page.count('type="radio" name="location"') == 9
    assert "−9 · +6d · +5" in page or "-9 · +6d · +5" in page
    assert "Nightmare Mark, level 2: 1 of 12 slots" in page
    assert page.count('<li class="slot') == 12
    play(
        ace_encounter.pk,
        pip.pk,
        Action("attack", "lin", {"target": "hound", "weapon": "jian", "location": "head"}),
        "k-head",
    )
    gm_page = _client(gwen).get(f"/encounters/{ace_encounter.pk}/").content.decode()
    assert 'class="ace-prompt"' in gm_page
    assert 'class="action ace-panel ace-respond"' in gm_page
    assert "guard the spot (-1 damage dice)" in gm_page
    # ACE-CALLED-2: the defender's panel shows what each answer would make of the shot.
    assert gm_page.count('<li data-answer="') == 3
    assert "If the defender chooses dodge (-2 to the hit): 0% to hit" in gm_page
    player_page = _client(pip).get(f"/encounters/{ace_encounter.pk}/").content.decode()
    assert 'class="ace-prompt"' in player_page
    assert "ace-respond" not in player_page
    play(ace_encounter.pk, gwen.pk, Action("respond", "hound", {"answer": "guard"}), "k-guard")
    player_page = _client(pip).get(f"/encounters/{ace_encounter.pk}/").content.decode()
    assert 'class="ace-prompt"' not in player_page


def test_the_odds_of_a_called_shot_are_exact(ace_encounter: Any, pip: Any) -> None:
    url = f"/encounters/{ace_encounter.pk}/preview/"
    params = {
        "kind": "attack",
        "actor": "lin",
        "target": "hound",
        "weapon": "jian",
        "location": "head",
    }
    page = _client(pip).get(url, params).content.decode()
    assert "d10 -1 against evasion 12" in page
    assert "miss" in page


def test_the_odds_against_a_gm_only_token_say_its_cover_is_unknown(
    ace_encounter: Any, pip: Any
) -> None:
    # SCENE-HIDE-2: the hound's token is the GM's: Pip's odds say why no cover is counted.
    tokens = {"lin": {"at": [0, 5], "gm_only": False}, "hound": {"at": [10, 5], "gm_only": True}}
    scene = {"cols": 30, "rows": 12, "cell": "1", "unit": "m", "cells": {}, "tokens": tokens}
    ace_encounter.state = {**ace_encounter.state, "scene": scene}
    ace_encounter.save(update_fields=["state"])
    url = f"/encounters/{ace_encounter.pk}/preview/"
    params = {"kind": "attack", "actor": "lin", "target": "hound", "weapon": "knives"}
    page = _client(pip).get(url, params).content.decode()
    assert 'class="preview-distance"' in page
    assert "is not on your map, so its cover and whether it stands next to you" in page
    chinese = _client(pip).get(url, params, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "不在你的地图上，你不知道它的掩护" in chinese


def test_a_reincarnator_is_made_from_the_sheet_schema_and_saves(gwen: Any, pip: Any) -> None:
    import sys
    from pathlib import Path

    from vtt.campaigns.models import Membership, Role
    from vtt.campaigns.services import create_campaign
    from vtt.characters.models import Character

    sys.path.insert(0, str(Path(__file__).parent))
    from test_sheet_forms import form_data

    campaign = create_campaign(gwen.pk, "Nightmare", "ace")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    client = _client(pip)
    url = f"/campaigns/{campaign.pk}/characters/new/"
    page = client.get(url).content.decode()
    assert 'name="s:dex"' in page
    assert 'name="s:mark.level"' in page
    assert 'name="s:weapons[0].kind"' in page
    data = form_data(page)
    data.update({"name": "Zheng Zha", "s:dex": "9"})
    answer = client.post(url, data)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    sheet = Character.objects.get(name="Zheng Zha").sheet
    assert sheet["dex"] == 9
    assert sheet["mark"]["level"] == 1
    data.update({"s:size": "9"})
    refused = client.post(url, data)
    assert refused.status_code == 400
    assert "must be at most 8 (ACE-SIZE-1)" in refused.content.decode()


def test_a_prompt_whose_time_ran_out_is_settled_on_the_server(
    ace_encounter: Any, gwen: Any, pip: Any, otto: Any
) -> None:
    # ACE-AMB-19: any page at the table may ask; only after the timer does anything happen.
    from datetime import timedelta

    from vtt.encounters.services import expire, play, replay
    from vtt.errors import NotAllowed
    from vtt.eventlog.models import Event

    assert not expire(ace_encounter.pk, pip.pk).fresh  # nobody is asked: nothing to do
    play(
        ace_encounter.pk,
        pip.pk,
        Action("attack", "lin", {"target": "hound", "weapon": "jian", "location": "head"}),
        "k-head",
    )
    page = _client(pip).get(f"/encounters/{ace_encounter.pk}/").content.decode()
    assert 'data-expire-after="30"' in page
    assert "then the shot goes on with no reflex answer" in page
    early = expire(ace_encounter.pk, pip.pk)
    assert (early.fresh, early.events) == (False, [])
    ace_encounter.refresh_from_db()
    assert ace_encounter.state["pending"] is not None
    with pytest.raises(NotAllowed):
        expire(ace_encounter.pk, otto.pk)
    Event.objects.filter(encounter=ace_encounter).update(
        created=ace_encounter.created - timedelta(seconds=31)
    )
    late = expire(ace_encounter.pk, pip.pk)
    assert late.fresh
    assert late.events[0].kind == "prompt.expired"
    assert late.events[0].action == {"kind": "expire", "actor": "gm", "params": {}}
    assert late.events[0].actor_id is None
    ace_encounter.refresh_from_db()
    assert ace_encounter.state["pending"] is None
    assert not expire(ace_encounter.pk, gwen.pk).fresh  # a second page asking changes nothing
    assert replay(ace_encounter).matches  # the log refolds to the snapshot
    page = _client(pip).get(f"/encounters/{ace_encounter.pk}/").content.decode()
    assert "data-expire-after" not in page


def test_the_page_asks_with_an_expire_command() -> None:
    from vtt.encounters.commands import Expire, parse_command

    assert parse_command({"command": "expire", "key": "k1"}) == Expire("k1")


def test_the_gm_is_asked_to_allow_an_attribute_roll(
    ace_encounter: Any, gwen: Any, pip: Any
) -> None:
    # ACE-CHECK-3: the substitute waits for the GM, who allows or refuses it on the board.
    from vtt.encounters.services import play

    play(
        ace_encounter.pk,
        pip.pk,
        Action("check", "lin", {"skill": "attr:dex", "dc": "1", "cost": "passive"}),
        "k-sub",
    )
    gm_page = _client(gwen).get(f"/encounters/{ace_encounter.pk}/").content.decode()
    assert 'data-prompt="approval"' in gm_page
    assert "Lin Yue asks to roll 1d20 + DEX instead of a skill." in gm_page
    assert "Allow the attribute roll" in gm_page
    assert "data-expire-after" not in gm_page
    player_page = _client(pip).get(f"/encounters/{ace_encounter.pk}/").content.decode()
    assert "Allow the attribute roll" not in player_page
    play(ace_encounter.pk, gwen.pk, Action("respond", "gm", {"answer": "refuse"}), "k-no")
    ace_encounter.refresh_from_db()
    assert ace_encounter.state["pending"] is None
