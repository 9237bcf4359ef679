"""Your turn reaches you (issue 37): one email per waiting moment, never for your own moves,
in your language, with a link straight to the table; an opt-in on the profile."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from rules.core.system import Action
from vtt.accounts.models import Profile, profile_of
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters.services import play, start_encounter
from vtt.lobby.members import join_by_token
from vtt.lobby.new_game import create_game

pytestmark = pytest.mark.django_db


def opt_in(user: Any, language: str = "") -> None:
    user.email = f"{user.username}@example.org"
    user.save()
    Profile.objects.filter(pk=profile_of(user).pk).update(turn_email=True, language=language)


def act(encounter: Any, user: Any, kind: str, actor: str, **params: Any) -> None:
    play(encounter.pk, user.pk, Action(kind, actor, params), uuid.uuid4().hex)


def test_the_side_the_table_starts_waiting_for_gets_one_email(
    pip: Any, otto: Any, django_capture_on_commit_callbacks: Any
) -> None:
    campaign, duel = create_game(pip.pk, "Duel", "scs", "blue", "halden_crossing")
    join_by_token(otto.pk, str(campaign.invite_token))
    opt_in(pip, "zh-hans")
    opt_in(otto)
    with django_capture_on_commit_callbacks(execute=True):
        act(duel, otto, "setup.place", "red", unit="R7", hex="10.04")  # Red still sets up
    assert mail.outbox == []
    with django_capture_on_commit_callbacks(execute=True):
        act(duel, otto, "phase.end", "red")  # now the table waits for Blue
    assert len(mail.outbox) == 1
    notice = mail.outbox[0]
    assert notice.to == ["pip@example.org"]
    assert "Duel" in notice.subject
    assert "轮到你" in notice.subject  # Pip reads Chinese
    assert "蓝方" in notice.body
    assert f"http://127.0.0.1:8000/encounters/{duel.pk}/" in notice.body
    with django_capture_on_commit_callbacks(execute=True):
        act(duel, pip, "setup.place", "blue", unit="B4", hex="02.05")  # still Blue's: no more
    assert len(mail.outbox) == 1


def test_nothing_for_your_own_moves_nor_once_you_opt_out(
    gwen: Any, pip: Any, otto: Any, django_capture_on_commit_callbacks: Any
) -> None:
    campaign = create_campaign(gwen.pk, "Hot seat", "scs")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    Membership.objects.create(campaign=campaign, user=otto, role=Role.PLAYER)
    setup = {"scenario": "halden_crossing"}
    solo = start_encounter(campaign.pk, gwen.pk, "Solo", setup, {"blue": pip.pk, "red": pip.pk})
    duel = start_encounter(campaign.pk, gwen.pk, "Duel", setup, {"blue": otto.pk, "red": pip.pk})
    opt_in(pip)
    opt_in(otto)
    Profile.objects.filter(user=otto).update(turn_email=False)
    with django_capture_on_commit_callbacks(execute=True):
        act(solo, pip, "phase.end", "red")  # Blue's move, but Pip plays both: his own action
        act(duel, pip, "phase.end", "red")  # Otto's move, but Otto opted out
    assert mail.outbox == []
    Profile.objects.filter(user=otto).update(turn_email=True)
    with django_capture_on_commit_callbacks(execute=True):
        act(duel, otto, "setup.place", "blue", unit="B4", hex="02.05")
    assert mail.outbox == []  # Otto's own move, and still his: nothing


def test_the_profile_opts_in_with_an_address(pip: Any) -> None:
    client = Client()
    client.force_login(pip)
    fields = {"display_name": "", "language": "", "turn_alert": "on", "turn_email": "on"}
    refused = client.post("/accounts/profile/", fields)
    assert refused.status_code == 200
    assert "Turn emails need an email address." in refused.content.decode()
    saved = client.post("/accounts/profile/", {**fields, "email": "pip@example.org"})
    assert saved.status_code == 302
    pip.refresh_from_db()
    assert pip.email == "pip@example.org"
    assert Profile.objects.get(user=pip).turn_email
