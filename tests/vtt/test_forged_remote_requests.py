"""Forged requests against what the players of a game without a GM decide off the board (issue
30): hours and seqs that Python calls digits but cannot read as a number (`"²".isdigit()`), a
stranger's or an observer's concede, and a side's player deciding for the side out of time, are
each answered with a clear refusal and change nothing."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from django.test import Client

from vtt.campaigns.models import Membership, Role
from vtt.encounters.models import Encounter, Status
from vtt.errors import NotAllowed
from vtt.lobby.members import join_by_token
from vtt.lobby.new_game import create_game
from vtt.remote.models import Result, TimeControl

pytestmark = pytest.mark.django_db


def duel(pip: Any, otto: Any) -> tuple[Any, Encounter]:
    campaign, encounter = create_game(pip.pk, "Duel", "scs", "blue", "halden_crossing")
    join_by_token(otto.pk, str(campaign.invite_token))
    return campaign, encounter


def test_superscript_digits_are_refused_not_a_500(pip: Any, otto: Any) -> None:
    _campaign, table = duel(pip, otto)
    blue = Client(raise_request_exception=False)
    blue.force_login(pip)
    away = blue.get(f"/encounters/{table.pk}/away/?after=²")
    assert away.status_code == 400
    assert "whole number" in away.content.decode()
    forged = blue.post(f"/encounters/{table.pk}/clock/", {"bank": "²", "increment": 1, "cap": 2})
    assert forged.status_code == 302  # back to the table with the refusal
    assert not TimeControl.objects.exists()
    more = blue.post(f"/encounters/{table.pk}/clock/decide/", {"choice": "extend", "hours": "³"})
    assert more.status_code == 302
    assert not Result.objects.exists()


def test_nobody_concedes_or_forfeits_for_a_side_they_do_not_play(
    pip: Any, otto: Any, gwen: Any
) -> None:
    campaign, table = duel(pip, otto)
    Membership.objects.create(campaign=campaign, user=gwen, role=Role.OBSERVER)
    watcher = Client()
    watcher.force_login(gwen)
    watcher.post(f"/encounters/{table.pk}/concede/")
    watcher.post(f"/encounters/{table.pk}/concede/", {"side": "blue", "user": pip.pk})
    watcher.post(f"/encounters/{table.pk}/clock/decide/", {"choice": "forfeit"})
    blue = Client()
    blue.force_login(pip)
    blue.post(f"/encounters/{table.pk}/clock/decide/", {"choice": "forfeit", "side": "red"})
    assert not Result.objects.exists()
    assert Encounter.objects.get(pk=table.pk).status == Status.ACTIVE
    outsider = Client()
    outsider.force_login(gwen)
    Membership.objects.filter(campaign=campaign, user=gwen).delete()
    assert outsider.post(f"/encounters/{table.pk}/concede/").status_code == 404
    assert not Result.objects.exists()


def test_one_sides_player_alone_cannot_make_a_second_account_the_gm(
    pip: Any, otto: Any, gwen: Any
) -> None:
    from vtt.campaigns.roles import role_of
    from vtt.lobby.members import set_role

    campaign, _table = duel(pip, otto)
    join_by_token(gwen.pk, str(campaign.invite_token))  # both sides taken: Gwen watches
    with contextlib.suppress(NotAllowed):
        set_role(campaign.pk, pip.pk, gwen.pk, Role.GM)  # Blue alone asks
    assert role_of(campaign.pk, gwen.pk) != Role.GM
    other = Client()
    other.force_login(otto)  # Red agrees too: now Gwen is the neutral GM both accepted
    other.post(f"/campaigns/{campaign.pk}/members/{gwen.pk}/role/", {"role": "gm"})
    assert role_of(campaign.pk, gwen.pk) == Role.GM


def test_no_neutral_gm_before_the_other_side_has_a_player(pip: Any, gwen: Any) -> None:
    from vtt.campaigns.roles import role_of
    from vtt.lobby.members import set_role

    campaign, _table = create_game(
        pip.pk, "Halden, no opponent yet", "scs", "blue", "halden_crossing"
    )
    Membership.objects.create(campaign=campaign, user=gwen, role=Role.OBSERVER)
    with pytest.raises(NotAllowed, match="the other side has no player yet"):
        set_role(campaign.pk, pip.pk, gwen.pk, Role.GM)
    assert role_of(campaign.pk, gwen.pk) == Role.OBSERVER
