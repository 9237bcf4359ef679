"""Replay and the viewer's own log: every system's board after any entry, within what they saw."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from rules.core.registry import get_system, system_keys
from rules.core.system import Action
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters.services import chat, play, start_encounter, undo

pytestmark = pytest.mark.django_db

DEMOS = [key for key in system_keys() if get_system(key).demo is not None]


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("key", DEMOS)
def test_every_system_replays_its_demo_with_nothing_to_act_on(key: str, gwen: Any) -> None:
    system = get_system(key)
    campaign = create_campaign(gwen.pk, f"Replay {key}", key)
    encounter = start_encounter(campaign.pk, gwen.pk, "Replay", system.demo(), {}, key)
    chat(encounter.pk, gwen.pk, "hello table", uuid.uuid4().hex)
    response = logged_in(gwen).get(f"/encounters/{encounter.pk}/replay/?entry=1")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Step 1 of 2" in html
    assert "hello table" not in html  # the log stops where the replay stands
    assert "data-ws-url" not in html  # no socket: live frames cannot touch it
    assert (
        "hello table" in logged_in(gwen).get(f"/encounters/{encounter.pk}/replay/").content.decode()
    )


def test_an_undone_entry_is_shown_until_the_undo_and_gone_after(gwen: Any, pip: Any) -> None:
    campaign = create_campaign(gwen.pk, "Halden", "scs")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    setup = {"scenario": "halden_crossing", "skip_setup": True, "seats": {"blue": "player1"}}
    game = start_encounter(campaign.pk, gwen.pk, "Halden", setup, {"blue": pip.pk})
    play(game.pk, pip.pk, Action("unit.move", "blue", {"units": "B4", "to": "03.05"}), "k1")
    undo(game.pk, gwen.pk, "k2")
    client = logged_in(pip)
    moved = client.get(f"/encounters/{game.pk}/replay/?entry=2").content.decode()
    undone = client.get(f"/encounters/{game.pk}/replay/?entry=3").content.decode()
    assert 'data-hex="03.05" data-select' in moved
    assert 'data-hex="03.05" data-select' not in undone
    assert 'data-hex="02.05" data-select' in undone
    assert client.get(f"/encounters/{game.pk}/replay/?entry=99").status_code == 200  # the newest
