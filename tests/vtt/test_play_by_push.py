"""Issue 37's "done when", on the server: two players with no third account play an SCS game
without a GM to its end over several sittings, with a time control; each time the table
starts waiting for a side, that side's player (and only they) gets one push, which their
browser decrypts; their own moves and a table they are looking at send nothing; the game ends,
the clocks stop."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from rules.core.system import Action
from rules.scs import SYSTEM
from tests.vtt import test_time_controls as clocked
from tests.vtt import test_web_push as web_push
from tests.vtt.test_time_controls import FakeClock
from tests.vtt.test_web_push import PushService, opened, subscribe
from vtt.encounters import presence
from vtt.encounters.audiences import audience_for
from vtt.encounters.models import Encounter, Status
from vtt.encounters.services import open_encounter, play
from vtt.lobby.members import join_by_token
from vtt.lobby.new_game import create_game
from vtt.remote import services
from vtt.remote.models import TimeControl

pytestmark = pytest.mark.django_db

push_service = web_push.push_service  # the fixtures of those tests, here too
fake_clock = clocked.fake_clock


def test_two_players_finish_a_game_over_days_each_told_when_it_is_their_move(
    pip: Any,
    otto: Any,
    push_service: PushService,
    fake_clock: FakeClock,
    django_capture_on_commit_callbacks: Any,
) -> None:
    campaign, _first = create_game(pip.pk, "Duel", "scs", "blue", "halden_crossing")
    join_by_token(otto.pk, str(campaign.invite_token))
    setup = {"scenario": "halden_crossing", "skip_setup": True, "settings": {"game_turns": 3}}
    table = open_encounter(campaign.pk, pip.pk, "One turn", setup, {"blue": pip.pk, "red": otto.pk})
    browsers = {
        "blue": subscribe(pip, f"{push_service.url}/push/blue"),
        "red": subscribe(otto, f"{push_service.url}/push/red"),
    }
    services.set_time_control(table.pk, otto.pk, 72, 24, 120)
    players = {"blue": pip, "red": otto}
    told: list[str] = []
    last = ""
    handed_over_unseen = False
    for _sitting in range(60):  # each side ends its own phases, a sitting a day
        table.refresh_from_db()
        if table.status == Status.ENDED:
            break
        state = SYSTEM.load(table.state)
        side = next(s for s in players if SYSTEM.legal_actions(state, s))
        if side != last:
            fake_clock.later(20)  # the next day, the other player sits down
        last = side
        other = "red" if side == "blue" else "blue"
        # until the second hand-over, the other player has the table open: no push for it
        looking = len(told) == 1 and not handed_over_unseen
        if looking:
            audience = audience_for(table.pk, players[other].pk)
            assert audience is not None
            presence.register(table.pk, "open-tab", audience.key, "en")
        before = len(push_service.received)
        offered = {template.kind: template for template in SYSTEM.legal_actions(state, side)}
        kind, params = "phase.end", {}
        if "reinforcement.place" in offered:  # SCS-REI-1: placed before the phase may end
            kind = "reinforcement.place"
            params = {f.name: f.default for f in offered[kind].fields}
        with django_capture_on_commit_callbacks(execute=True):
            play(table.pk, players[side].pk, Action(kind, side, params), uuid.uuid4().hex)
        presence.forget("open-tab")
        fresh = push_service.received[before:]
        table.refresh_from_db()
        waits_now = {s for s in players if SYSTEM.legal_actions(SYSTEM.load(table.state), s)}
        if table.status == Status.ENDED or side in waits_now or looking:
            assert fresh == []  # still my move, the end, or they are looking: nothing
            looking_skipped = looking and side not in waits_now and table.status != Status.ENDED
            handed_over_unseen = handed_over_unseen or looking_skipped
            continue
        assert [d["path"] for d in fresh] == [f"/push/{other}"]  # only the side now waited for
        notice = opened(browsers[other], fresh[0])
        assert notice["url"] == f"/encounters/{table.pk}/"
        told.append(other)
    assert Encounter.objects.get(pk=table.pk).status == Status.ENDED
    assert told.count("red") >= 1
    assert told.count("blue") >= 1
    assert handed_over_unseen  # the hand-over while the other player was looking sent nothing
    assert TimeControl.objects.get(encounter=table).running == {}  # the clocks stopped
