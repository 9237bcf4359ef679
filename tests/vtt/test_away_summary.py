"""While you were away (issue 37): a table page that comes back asks for the lines since the
newest it showed; it gets this viewer's lines only (fog of war kept), newest last, and what
waits for them first."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from rules.core.system import Action
from vtt.encounters.models import Encounter
from vtt.encounters.services import play
from vtt.lobby.members import join_by_token
from vtt.lobby.new_game import create_game

pytestmark = pytest.mark.django_db


def act(encounter: Any, user: Any, kind: str, actor: str, **params: Any) -> None:
    play(encounter.pk, user.pk, Action(kind, actor, params), uuid.uuid4().hex)


def test_the_lines_since_you_left_are_yours_newest_last_and_your_move_first(
    pip: Any, otto: Any, gwen: Any
) -> None:
    campaign, table = create_game(pip.pk, "Duel", "scs", "blue", "halden_crossing")
    join_by_token(otto.pk, str(campaign.invite_token))
    left_at = Encounter.objects.get(pk=table.pk).seq  # Pip closes the tab here
    act(table, otto, "setup.place", "red", unit="R7", hex="10.04")  # Red's secret set-up
    act(table, otto, "phase.end", "red")
    blue, red, stranger = Client(), Client(), Client()
    blue.force_login(pip)
    red.force_login(otto)
    stranger.force_login(gwen)
    mine = blue.get(f"/encounters/{table.pk}/away/?after={left_at}").content.decode()
    assert "While you were away" in mine
    assert "Waiting for you: Blue" in mine
    assert mine.index("Waiting for you") < mine.index("<ol")  # your decision first
    assert "R7" not in mine  # Red's placements are Red's
    seqs = [int(part.split('"')[0]) for part in mine.split('data-seq="')[1:]]
    assert seqs
    assert seqs == sorted(seqs)  # newest last
    theirs = red.get(f"/encounters/{table.pk}/away/?after={left_at}").content.decode()
    assert "R7" in theirs
    assert "Waiting for you" not in theirs
    now = Encounter.objects.get(pk=table.pk).seq
    nothing_new = blue.get(f"/encounters/{table.pk}/away/?after={now}").content.decode()
    assert "Waiting for you: Blue" in nothing_new  # still your move
    assert "<ol" not in nothing_new
    assert (
        "While you were away"
        not in red.get(f"/encounters/{table.pk}/away/?after={now}").content.decode()
    )
    assert blue.get(f"/encounters/{table.pk}/away/?after=x").status_code == 400
    assert stranger.get(f"/encounters/{table.pk}/away/?after=0").status_code == 404
    zh = blue.get(
        f"/encounters/{table.pk}/away/?after={left_at}", HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    assert "你不在时" in zh
