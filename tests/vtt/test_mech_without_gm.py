"""Issue 37: a mech skirmish without a GM. The creator runs their side's mechs and the invite
seats the opponent at the other side's; nobody is a GM; between two turns the table waits for
the side whose mechs may go next, and that player is told by push; the clocks run by side."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from rules.core.system import Action
from tests.vtt import test_time_controls as clocked
from tests.vtt import test_web_push as web_push
from tests.vtt.test_time_controls import FakeClock
from tests.vtt.test_web_push import PushService, opened, subscribe
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.two_sided import two_sided_systems
from vtt.encounters.models import Seat
from vtt.encounters.services import play
from vtt.encounters.waiting import awaited, waiting_for
from vtt.errors import NotAllowed
from vtt.lobby.members import join_by_token
from vtt.lobby.new_game import create_game
from vtt.remote import clock, services
from vtt.remote.models import TimeControl

pytestmark = pytest.mark.django_db

push_service = web_push.push_service  # the fixtures of those tests, here too
fake_clock = clocked.fake_clock


def act(table: Any, user: Any, kind: str, actor: str) -> None:
    play(table.pk, user.pk, Action(kind, actor, {}), uuid.uuid4().hex)


def test_two_players_run_their_own_mechs_and_the_side_to_go_next_is_told(
    pip: Any,
    otto: Any,
    push_service: PushService,
    fake_clock: FakeClock,
    django_capture_on_commit_callbacks: Any,
) -> None:
    assert "mech" in two_sided_systems()
    campaign, table = create_game(pip.pk, "Skirmish", "mech", "blue")
    join_by_token(otto.pk, str(campaign.invite_token))
    seats = {(s.actor_id, s.side): s.user_id for s in Seat.objects.filter(encounter=table)}
    assert seats == {
        ("latch", "blue"): pip.pk,
        ("brick", "blue"): pip.pk,
        ("spar_a", "red"): otto.pk,
        ("spar_b", "red"): otto.pk,
    }
    roles = set(Membership.objects.filter(campaign=campaign).values_list("role", flat=True))
    assert roles == {Role.PLAYER}  # nobody is a GM
    page = Client()
    page.force_login(pip)
    body = page.get(f"/encounters/{table.pk}/").content.decode()
    assert "Player view" in body
    assert "GM dashboard" not in body
    assert awaited(table) == {"latch", "brick"}  # Blue goes first: either of its mechs
    assert [w.encounter.pk for w in waiting_for(pip.pk)] == [table.pk]
    assert waiting_for(otto.pk) == []
    services.set_time_control(table.pk, otto.pk, 72, 24, 120)
    red_phone = subscribe(otto, f"{push_service.url}/push/otto")
    subscribe(pip, f"{push_service.url}/push/pip")
    with pytest.raises(NotAllowed):
        act(table, pip, "begin_turn", "spar_a")  # not Pip's mech
    fake_clock.later(5)
    with django_capture_on_commit_callbacks(execute=True):
        act(table, pip, "begin_turn", "brick")
        act(table, pip, "end_turn", "brick")
    table.refresh_from_db()
    assert awaited(table) == {"spar_a", "spar_b"}  # Red's mechs may go next
    assert [d["path"] for d in push_service.received] == ["/push/otto"]  # never Pip's own
    notice = opened(red_phone, push_service.received[0])
    assert "Sparring Mule A" in notice["body"]
    control = TimeControl.objects.get(encounter=table)
    assert set(control.running) == {"red"}  # the clocks run by side
    assert clock.seconds_left(control, "blue", fake_clock()) == (72 - 5 + 24) * 3600
