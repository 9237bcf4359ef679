"""The "Your games" page (issue 37): every open table where it is your move, and since when."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from rules.core.system import Action
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters.services import end_encounter, play, start_encounter
from vtt.lobby.members import join_by_token
from vtt.lobby.new_game import create_game

pytestmark = pytest.mark.django_db


def games_page(user: Any, language: str = "en") -> str:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    response = client.get("/games/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def listed(html: str, encounter: Any) -> bool:
    return f'data-encounter="{encounter.pk}"' in html


def test_the_page_lists_the_tables_waiting_for_your_move(gwen: Any, pip: Any, otto: Any) -> None:
    campaign, duel = create_game(pip.pk, "Duel", "scs", "blue", "halden_crossing")
    join_by_token(otto.pk, str(campaign.invite_token))
    # a GM-run table where Pip plays Blue from turn 1: Blue's Movement Phase waits for him
    run = create_campaign(gwen.pk, "Run", "scs")
    Membership.objects.create(campaign=run, user=pip, role=Role.PLAYER)
    Membership.objects.create(campaign=run, user=otto, role=Role.PLAYER)
    setup = {"scenario": "halden_crossing", "skip_setup": True}
    moving = start_encounter(run.pk, gwen.pk, "Moving", setup, {"blue": pip.pk, "red": otto.pk})
    over = start_encounter(run.pk, gwen.pk, "Over", setup, {"blue": pip.pk, "red": otto.pk})
    end_encounter(over.pk, gwen.pk)

    pips, ottos = games_page(pip), games_page(otto)
    assert listed(pips, moving)
    assert not listed(pips, duel)
    assert listed(ottos, duel)
    assert not listed(ottos, moving)
    assert not listed(pips, over)
    assert not listed(ottos, over)
    assert "for Red" in ottos
    assert "waiting for" in ottos
    assert 'id="no-games"' in games_page(gwen)  # the GM holds no seat

    play(duel.pk, otto.pk, Action("phase.end", "red"), uuid.uuid4().hex)  # Blue sets up now
    pips, ottos = games_page(pip), games_page(otto)
    assert listed(pips, duel)
    assert listed(pips, moving)
    assert not listed(ottos, duel)
    assert pips.index(f'data-encounter="{moving.pk}"') < pips.index(f'data-encounter="{duel.pk}"')

    chinese = games_page(pip, "zh-hans")
    assert "我的对局" in chinese
    assert "轮到：蓝方" in chinese
    assert "Your games" not in chinese


def test_a_stranger_is_sent_to_log_in() -> None:
    assert Client().get("/games/").status_code == 302


def test_waiting_since_counts_only_what_the_player_may_see(gwen: Any, pip: Any, otto: Any) -> None:
    """Issue 30: a whisper from the GM to Otto at a table waiting for Pip does not move Pip's
    "waiting since" (it would tell him someone said something he may not read, and when); a
    line he reads does."""
    from datetime import timedelta

    from django.utils import timezone

    from vtt.encounters.services import chat
    from vtt.encounters.waiting import waiting_for
    from vtt.eventlog.models import Event

    run = create_campaign(gwen.pk, "Run", "scs")
    Membership.objects.create(campaign=run, user=pip, role=Role.PLAYER)
    Membership.objects.create(campaign=run, user=otto, role=Role.PLAYER)
    setup = {"scenario": "halden_crossing", "skip_setup": True}
    moving = start_encounter(run.pk, gwen.pk, "Moving", setup, {"blue": pip.pk, "red": otto.pk})
    long_ago = timezone.now() - timedelta(hours=5)
    Event.objects.filter(encounter=moving).update(created=long_ago)
    (before,) = waiting_for(pip.pk)
    chat(moving.pk, gwen.pk, "/w otto the bridge is mined", uuid.uuid4().hex)
    secret = Event.objects.get(encounter=moving, kind="table.whispered")
    assert str(pip.pk) not in secret.audience.partition(":")[2].split(",")
    assert secret.redacted_text is None
    (after,) = waiting_for(pip.pk)
    assert after.since == before.since
    assert after.since <= long_ago + timedelta(seconds=1)
    chat(moving.pk, gwen.pk, "Your move.", uuid.uuid4().hex)
    (said,) = waiting_for(pip.pk)
    assert said.since > long_ago + timedelta(hours=1)


@pytest.mark.parametrize(("system", "ask"), [("coc", "luck"), ("delta_green", "dodge")])
def test_a_group_check_asked_of_you_waits_for_you_until_you_roll_it(
    gwen: Any, pip: Any, otto: Any, system: str, ask: str
) -> None:
    """COC-CHECK-6, DG-CHECK-6: the GM asks Ann for a group check outside any turn; Pip, who
    plays her, finds the table under "Your games" until he rolls it; Otto, not asked, does not."""
    from rules.core.actions import GM_ACTOR
    from rules.core.registry import get_system

    campaign = create_campaign(gwen.pk, "Night", system)
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    Membership.objects.create(campaign=campaign, user=otto, role=Role.PLAYER)
    base = get_system(system).default_sheet
    people = [
        {"id": who, "sheet": dict(base, name=who.title()), "side": side}
        for who, side in (("ann", "investigators"), ("bob", "investigators"))
    ]
    setup = {"combatants": people}
    table = start_encounter(campaign.pk, gwen.pk, "Library", setup, {"ann": pip.pk, "bob": otto.pk})
    assert not listed(games_page(pip), table)
    play(table.pk, gwen.pk, Action("ask_check", GM_ACTOR, {"t_ann": "on", "skill": ask}), "ask1")
    assert listed(games_page(pip), table)
    assert "for Ann" in games_page(pip)
    assert not listed(games_page(otto), table)
    play(table.pk, pip.pk, Action("check", "ann", {"skill": ask}), "roll1")
    assert not listed(games_page(pip), table)
