"""SCS-ENG-4: the GM renames a side of a running SCS game from its page. The new names ride on
the game's state (an event, so the log folds to them and the GM's undo takes them back); every
page ("Your games" too), log line (older ones too), badge and export names the side by them in
the reader's language; an illegal name is refused in the reader's language and changes nothing;
only the GM may rename."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from rules.core.errors import IllegalAction, RulesError
from rules.core.system import Action
from rules.scs.state import scenario_of
from tests.vtt.test_scs_table import game, page, rex  # noqa: F401
from vtt.campaigns.models import Membership, Role
from vtt.encounters.models import Encounter
from vtt.encounters.services import play, undo
from vtt.errors import NotAllowed
from vtt.words import refusal

pytestmark = pytest.mark.django_db

GERMANS = {"side": "blue", "name": "Wehrmacht", "name_zh": "国防军"}


def rename(encounter: Any, user: Any, actor: str = "gm", **params: Any) -> None:
    play(encounter.pk, user.pk, Action("side.rename", actor, params), uuid.uuid4().hex)


def export(user: Any, encounter: Any, language: str = "en") -> str:
    client = Client()
    client.force_login(user)
    client.post("/i18n/setlang/", {"language": language, "next": "/"})
    return client.get(f"/encounters/{encounter.pk}/log/mine.txt").content.decode()


def games_page(user: Any, language: str = "en") -> str:
    client = Client()
    client.force_login(user)
    client.post("/i18n/setlang/", {"language": language, "next": "/"})
    return client.get("/games/").content.decode()


def chinese_page(user: Any, encounter: Any) -> str:
    client = Client()
    client.force_login(user)
    client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    return client.get(f"/encounters/{encounter.pk}/").content.decode()


def test_the_gm_renames_a_side_and_every_reader_reads_the_new_name(
    game: Any,  # noqa: F811
    gwen: Any,
    pip: Any,
    rex: Any,  # noqa: F811
) -> None:
    play(game.pk, pip.pk, Action("unit.move", "blue", {"units": "B1", "to": "03.04"}), "mv")
    before = export(pip, game)
    assert "Blue only" in page(pip, game)  # the move's badge, before the rename
    assert "Wehrmacht" not in before
    assert 'id="scs-rename"' in page(gwen, game)  # the GM's forms
    rename(game, gwen, **GERMANS)
    game.refresh_from_db()
    assert scenario_of(game.state).side_names["blue"] == "Wehrmacht"
    # Red's page (the turn track, the log's rename line), Blue's badge, the exports
    red = page(rex, game)
    assert "Wehrmacht" in red
    assert "The game master renames Blue: Wehrmacht from now on." in red
    assert 'id="scs-rename"' not in red  # no player gets the GM's forms
    blue = page(pip, game)
    assert 'class="badge">Wehrmacht only</small>' in blue
    assert "Blue only" not in blue
    after = export(pip, game)
    moved = [line for line in after.splitlines() if "03.04" in line]
    assert moved, after
    assert all("Wehrmacht" in line for line in moved), moved  # an older line: the name now
    chinese = export(rex, game, "zh-hans")
    assert "国防军" in chinese
    assert "主持人为蓝方改名：此后称为国防军。" in chinese  # the old name as it was, in Chinese
    assert "国防军" in chinese_page(rex, game)
    assert "轮到：国防军" in games_page(pip, "zh-hans")  # "Your games": Blue's move, named now
    assert "for Wehrmacht" in games_page(pip)  # (and Pip reads English again)
    # the GM's undo takes the rename back: the state folds from the log without it
    undo(game.pk, gwen.pk, uuid.uuid4().hex)
    game.refresh_from_db()
    assert scenario_of(game.state).side_names["blue"] == "Blue"
    assert 'class="badge">Blue only</small>' in page(pip, game)


@pytest.mark.parametrize(
    ("name", "english", "chinese"),
    [
        ("  ", "may not be empty", "名称不能为空"),
        ("W" * 41, "longer than 40 characters", "超过 40 个字符"),
        ("Wehr\x00macht", "NUL", "NUL"),
    ],
)
def test_an_illegal_name_is_refused_in_the_readers_language_and_changes_nothing(
    game: Any,  # noqa: F811
    gwen: Any,
    name: str,
    english: str,
    chinese: str,
) -> None:
    state, events = game.state, game.events.count()
    with pytest.raises(RulesError) as refused:
        rename(game, gwen, side="blue", name=name)
    assert english in refusal(refused.value)
    with translation.override("zh-hans"):
        assert chinese in refusal(refused.value), refusal(refused.value)
        assert "蓝方" in refusal(refused.value)
    game.refresh_from_db()
    assert game.state == state
    assert game.events.count() == events


def test_only_the_gm_renames_a_side(
    game: Any,  # noqa: F811
    gwen: Any,
    pip: Any,
    rex: Any,  # noqa: F811
    django_user_model: Any,
) -> None:
    olga = django_user_model.objects.create_user("olga", password="olga-secret-1")
    Membership.objects.create(campaign=game.campaign, user=olga, role=Role.OBSERVER)
    with pytest.raises(NotAllowed):
        rename(game, pip, **GERMANS)  # a player, as the GM
    with pytest.raises(IllegalAction):
        rename(game, pip, actor="blue", **GERMANS)  # a player, as their own side
    with pytest.raises(NotAllowed):
        rename(game, olga, **GERMANS)
    game = Encounter.objects.get(pk=game.pk)
    assert scenario_of(game.state).side_names["blue"] == "Blue"
    assert not game.events.filter(kind="side.renamed").exists()
