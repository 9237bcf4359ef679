"""A side out of time reaches its opponent (issue 37): `manage.py check_clocks` finds the game
paused on time and tells the opponent once, by Web Push (decrypted here with the browser's
keys, from a local push service) and by email if they asked for it; a second time out, after
more time was given, is told again."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core import mail
from django.core.management import call_command
from django.test import Client

from tests.vtt import test_time_controls as clocked
from tests.vtt import test_web_push as web_push
from tests.vtt.test_time_controls import FakeClock, duel
from tests.vtt.test_web_push import PushService, opened, subscribe
from vtt.accounts.models import Profile, profile_of
from vtt.remote import services
from vtt.remote.models import TimeControl
from vtt.remote.timeouts import check_clocks

pytestmark = pytest.mark.django_db

push_service = web_push.push_service  # the fixtures of those tests, here too
fake_clock = clocked.fake_clock


def test_the_opponent_of_a_side_out_of_time_is_told_once_by_push_and_email(
    pip: Any, otto: Any, push_service: PushService, fake_clock: FakeClock
) -> None:
    table = duel(pip, otto)
    browser = subscribe(pip, f"{push_service.url}/push/pip")
    subscribe(otto, f"{push_service.url}/push/otto")
    pip.email = "pip@example.org"
    pip.save()
    Profile.objects.filter(pk=profile_of(pip).pk).update(turn_email=True)
    services.set_time_control(table.pk, pip.pk, 72, 24, 120)  # Red's clock runs
    fake_clock.later(71)
    assert check_clocks() == 0
    fake_clock.later(2)
    out = io.StringIO()
    call_command("check_clocks", stdout=out)
    assert out.getvalue() == "1 game(s) newly out of time\n"
    assert [d["path"] for d in push_service.received] == ["/push/pip"]  # Blue decides
    notice = opened(browser, push_service.received[0])
    assert notice["url"] == f"/encounters/{table.pk}/"
    assert "Red ran out of time" in notice["body"]
    assert [m.to for m in mail.outbox] == [["pip@example.org"]]
    assert "Red ran out of time" in mail.outbox[0].body
    assert check_clocks() == 0  # told once
    services.decide(table.pk, pip.pk, "extend", 5)
    fake_clock.later(6)
    assert check_clocks() == 1  # out again: told again
    assert len(push_service.received) == 2
    notes = [n["what"] for n in TimeControl.objects.get(encounter=table).history]
    assert notes == ["set", "timeout", "extended", "timeout"]


def test_your_games_lists_a_game_paused_for_your_choice(
    pip: Any, otto: Any, fake_clock: FakeClock
) -> None:
    table = duel(pip, otto)
    services.set_time_control(table.pk, pip.pk, 72, 24, 120)  # Red's clock runs
    blue, red = Client(), Client()
    blue.force_login(pip)
    red.force_login(otto)
    assert 'id="paused-games"' not in blue.get("/games/").content.decode()
    fake_clock.later(73)
    mine = blue.get("/games/").content.decode()
    assert 'id="paused-games"' in mine
    assert "Red ran out of time: accept the forfeit or give more time." in mine
    assert 'id="paused-games"' not in red.get("/games/").content.decode()  # not Red's choice
