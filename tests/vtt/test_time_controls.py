"""Play over days (issue 37): a game without a GM with a time control. Each side has a bank of
hours; its clock runs while the table waits for it; a move adds the increment, up to the cap.
A side that runs out pauses the game (its moves are refused, nothing stored) until the opponent
gives more time or accepts the forfeit, which ends the game. A fake clock stands in for days."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.test import Client

from rules.core.system import Action
from vtt.encounters.models import Encounter, Status
from vtt.encounters.services import play
from vtt.errors import NotAllowed
from vtt.lobby.members import join_by_token
from vtt.lobby.new_game import create_game
from vtt.remote import clock, services
from vtt.remote.models import Result, TimeControl

pytestmark = pytest.mark.django_db

HOUR = 3600
T0 = datetime(2026, 12, 1, 9, 0, tzinfo=datetime.now().astimezone().tzinfo).astimezone()


class FakeClock:
    def __init__(self) -> None:
        self.at = T0

    def __call__(self) -> datetime:
        return self.at

    def later(self, hours: float) -> None:
        self.at += timedelta(hours=hours)


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(clock, "now", fake)
    return fake


def act(encounter: Any, user: Any, kind: str, actor: str, **params: Any) -> None:
    play(encounter.pk, user.pk, Action(kind, actor, params), uuid.uuid4().hex)


def duel(pip: Any, otto: Any) -> Encounter:
    campaign, encounter = create_game(pip.pk, "Duel", "scs", "blue", "halden_crossing")
    join_by_token(otto.pk, str(campaign.invite_token))
    return encounter


def hours_left(table: Encounter, side: str, fake: FakeClock) -> float:
    control = TimeControl.objects.get(encounter=table)
    return clock.seconds_left(control, side, fake()) / HOUR


def test_the_clock_runs_for_the_side_waited_for_and_a_move_adds_the_increment(
    pip: Any, otto: Any, fake_clock: FakeClock
) -> None:
    table = duel(pip, otto)
    services.set_time_control(table.pk, pip.pk, 72, 24, 80)
    fake_clock.later(10)
    assert hours_left(table, "red", fake_clock) == 62  # Red sets up first: its clock runs
    assert hours_left(table, "blue", fake_clock) == 72
    act(table, otto, "phase.end", "red")  # Red moved after 10 h: 62 + 24, capped at 80
    assert hours_left(table, "red", fake_clock) == 80
    fake_clock.later(5)
    assert hours_left(table, "red", fake_clock) == 80  # stopped while Blue is waited for
    assert hours_left(table, "blue", fake_clock) == 67


def test_running_out_pauses_the_game_until_the_opponent_extends_or_takes_the_forfeit(
    pip: Any, otto: Any, fake_clock: FakeClock
) -> None:
    table = duel(pip, otto)
    services.set_time_control(table.pk, otto.pk, 72, 24, 120)
    act(table, otto, "phase.end", "red")  # the table waits for Blue
    fake_clock.later(73)  # Blue's bank of 72 h is spent
    seq = Encounter.objects.get(pk=table.pk).seq
    with pytest.raises(NotAllowed, match="Blue ran out of time"):
        act(table, pip, "setup.place", "blue", unit="B4", hex="02.05")
    assert Encounter.objects.get(pk=table.pk).seq == seq  # nothing stored
    with pytest.raises(NotAllowed):  # Blue cannot decide its own fate
        services.decide(table.pk, pip.pk, "extend", 100)
    with pytest.raises(NotAllowed):  # nor is more time than sixty days given
        services.decide(table.pk, otto.pk, "extend", 24 * 61)
    assert services.decide(table.pk, otto.pk, "extend", 12) == "blue"
    act(table, pip, "setup.place", "blue", unit="B4", hex="02.05")  # Blue plays on
    assert hours_left(table, "blue", fake_clock) == 12
    fake_clock.later(13)
    assert services.decide(table.pk, otto.pk, "forfeit") == "blue"
    ended = Encounter.objects.get(pk=table.pk)
    assert ended.status == Status.ENDED
    assert ended.events.filter(kind="table.ended").exists()  # the seed revealed, pages told
    result = Result.objects.get(encounter=table)
    assert (result.winner, result.loser, result.how) == ("red", "blue", Result.FORFEIT)
    history = [note["what"] for note in TimeControl.objects.get(encounter=table).history]
    assert history == ["set", "extended", "forfeit"]


def test_a_time_control_is_set_once_by_a_player_with_sane_hours(
    gwen: Any, pip: Any, otto: Any, fake_clock: FakeClock
) -> None:
    table = duel(pip, otto)
    with pytest.raises(NotAllowed):
        services.set_time_control(table.pk, gwen.pk, 72, 24, 120)  # not at this game
    with pytest.raises(NotAllowed, match="cap cannot be less"):
        services.set_time_control(table.pk, pip.pk, 72, 24, 48)
    with pytest.raises(NotAllowed, match="from 1 to 1440"):
        services.set_time_control(table.pk, pip.pk, 0, 24, 48)
    assert not TimeControl.objects.exists()
    services.set_time_control(table.pk, pip.pk, 72, 24, 120)
    with pytest.raises(NotAllowed, match="already"):
        services.set_time_control(table.pk, otto.pk, 1, 1, 1)


def test_the_page_shows_the_clocks_and_the_choice_and_a_player_concedes(
    pip: Any, otto: Any, fake_clock: FakeClock
) -> None:
    table = duel(pip, otto)
    blue, red = Client(), Client()
    blue.force_login(pip)
    red.force_login(otto)
    page = blue.get(f"/encounters/{table.pk}/").content.decode()
    assert f"/encounters/{table.pk}/standing/" in page  # the panel loads into the table page
    offer = blue.get(f"/encounters/{table.pk}/standing/").content.decode()
    assert "Play with a time control" in offer
    refused = blue.post(f"/encounters/{table.pk}/clock/", {"bank": "x", "increment": 1, "cap": 2})
    assert refused.status_code == 302
    assert not TimeControl.objects.exists()
    blue.post(f"/encounters/{table.pk}/clock/", {"bank": 72, "increment": 24, "cap": 120})
    assert TimeControl.objects.filter(encounter=table).exists()
    fake_clock.later(80)  # Red, waited for since the control was set, runs out
    shown = blue.get(f"/encounters/{table.pk}/standing/").content.decode()
    assert "Red ran out of time" in shown
    assert "Accept the forfeit" in shown  # Blue chooses
    assert "Accept the forfeit" not in red.get(f"/encounters/{table.pk}/standing/").content.decode()
    zh = blue.get(f"/encounters/{table.pk}/standing/", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert "接受弃权" in zh.content.decode()
    blue.post(f"/encounters/{table.pk}/clock/decide/", {"choice": "extend", "hours": 24})
    red.post(f"/encounters/{table.pk}/concede/")
    result = Result.objects.get(encounter=table)
    assert (result.winner, result.how) == ("blue", Result.CONCEDED)
    after = blue.get(f"/encounters/{table.pk}/standing/").content.decode()
    assert "Red conceded: Blue wins." in after
    assert "Concede" not in after  # the game is over


def test_each_moment_of_the_clock_is_a_line_of_the_log_that_both_sides_read(
    pip: Any, otto: Any, fake_clock: FakeClock
) -> None:
    """Issue 37: the time control set, a side out of time (found by check_clocks), the time
    given, the forfeit and a concession are lines of the table's log, addressed to everyone,
    in each reader's language: not only entries of the clock's own history."""
    from django.utils import translation

    from vtt.encounters.audiences import audience_for
    from vtt.encounters.fragments import visible_rows
    from vtt.remote.timeouts import check_clocks
    from vtt.words import say

    table = duel(pip, otto)
    services.set_time_control(table.pk, otto.pk, 72, 24, 120)
    act(table, otto, "phase.end", "red")  # the table waits for Blue
    fake_clock.later(73)
    assert check_clocks(fake_clock()) == 1
    assert check_clocks(fake_clock()) == 0  # told once
    services.decide(table.pk, otto.pk, "extend", 12)
    fake_clock.later(13)
    services.decide(table.pk, otto.pk, "forfeit")
    lines = Encounter.objects.get(pk=table.pk).events.filter(kind="table.clock").order_by("seq")
    assert [row.payload["what"] for row in lines] == [
        "set",
        "timeout",
        "extended",
        "forfeit",
    ]
    assert {row.audience for row in lines} == {"all"}
    assert [row.text for row in lines] == [
        "Red set the time control: a bank of 72 h, 24 h more per move, at most 120 h.",
        "Blue ran out of time. The game waits for Red to accept a forfeit or give more time.",
        "Red gave Blue 12 h more.",
        "Red accepted the forfeit of Blue, out of time: Red wins.",
    ]
    for user in (pip, otto):
        rows = visible_rows(
            Encounter.objects.get(pk=table.pk).events.order_by("seq"),
            audience_for(table.pk, user.pk),
        )
        assert sum(1 for row in rows if row["kind"] == "table.clock") == 4
    with translation.override("zh-hans"):
        assert say(lines[1].msg) == "蓝方用完了时间。对局暂停，等待红方接受弃权或给予更多时间。"


def test_a_concession_is_a_line_of_the_log(pip: Any, otto: Any, fake_clock: FakeClock) -> None:
    table = duel(pip, otto)
    services.concede(table.pk, otto.pk)
    (line,) = Encounter.objects.get(pk=table.pk).events.filter(kind="table.clock")
    assert (line.text, line.audience) == ("Red conceded: Blue wins.", "all")
    assert line.seq < Encounter.objects.get(pk=table.pk).events.get(kind="table.ended").seq
