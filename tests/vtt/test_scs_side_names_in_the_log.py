"""Issue 36: a side the scenario names itself is named in each reader's language in the log,
the replay, transcripts and the text export: the event keeps the side's key and its names, the
line renders the reader's (English when the scenario gave no Chinese), and a side without a
name of its own reads as its colour (蓝方)."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest
from django.utils import translation

from rules.core.messages import Msg
from rules.core.system import Action
from rules.scs import SYSTEM
from rules.scs.result import result
from rules.scs.scenario import load_scenario
from tests.rules.scs.scs_helpers import act
from tests.vtt.test_scs_editor_sides_and_charts import campaign, saved  # noqa: F401
from tests.vtt.test_scs_scenario_editor import client_of, make
from vtt.encounters.models import Encounter
from vtt.encounters.services import play
from vtt.words import say

NAMES = {"blue": {"en": "Wehrmacht", "zh-Hans": "国防军"}, "red": {"en": "Red Army"}}


def named_game() -> dict[str, Any]:
    raw = {**dict(load_scenario("halden_crossing").raw), "side_names": NAMES}
    return SYSTEM.start({"scenario": raw, "skip_setup": True})


def lines(events: list[Any]) -> list[Msg]:
    return [
        Msg.from_json(json.loads(json.dumps(e.msg.to_json()))) for e in events if e.msg is not None
    ]


def test_a_log_line_names_the_side_in_the_readers_language() -> None:
    state = named_game()
    _after, events = act(state, "phase.end", state["player"])
    said = lines(events)  # as stored and read back
    english = [say(m) for m in said]
    assert any("Wehrmacht" in text for text in english), english
    stored = json.dumps([m.to_json() for m in said], ensure_ascii=False)
    assert '"side": "blue"' in stored  # the event keeps the side's key
    with translation.override("zh-hans"):
        chinese = [say(m) for m in said]
    assert any("国防军" in text for text in chinese), chinese
    assert not any("Wehrmacht" in text for text in chinese), chinese


def test_a_side_without_its_own_chinese_reads_in_english_and_an_unnamed_one_as_its_colour() -> None:
    raw = dict(load_scenario("halden_crossing").raw)
    state = SYSTEM.start(
        {"scenario": {**raw, "side_names": {"red": {"en": "Red Army"}}}, "skip_setup": True}
    )
    state = {**state, "phase": "over", "winner": "red", "vp": {"blue": 1, "red": 3}}
    found = result(state)
    assert found is not None
    verdict, scores = found
    assert say(verdict).startswith("Red Army")
    with translation.override("zh-hans"):
        assert "Red Army" in say(verdict)
        blue = say(scores[0])
    assert blue.startswith("蓝方"), blue


@pytest.mark.django_db
def test_the_table_log_and_the_text_export_read_the_readers_side_name(
    campaign: Any,  # noqa: F811
    gwen: Any,
    pip: Any,
) -> None:
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    url = f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/"
    saved(gm, url, name_blue="Wehrmacht", name_blue_zh="国防军", name_red="Red Army")
    gm.post(
        f"/campaigns/{campaign.pk}/encounters/new/",
        {
            "mode": "build",
            "title": "At Oster",
            "scene_scenario": f"campaign-{scenario.pk}",
            "seat_blue": str(pip.pk),
        },
    )
    encounter = Encounter.objects.get(title="At Oster")
    play(encounter.pk, gwen.pk, Action("phase.end", "red", {}), "red-set")  # the GM plays Red
    play(encounter.pk, pip.pk, Action("phase.end", "blue", {}), "blue-set")
    player = client_of(pip)
    mine = f"/encounters/{encounter.pk}/log/mine.txt"
    english = player.get(mine).content.decode()
    assert "Wehrmacht has finished" in english, english
    assert "Red Army has finished" in english, english
    player.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    chinese = player.get(mine).content.decode()
    assert "国防军" in chinese, chinese
    assert "Wehrmacht" not in chinese, chinese
    assert "Red Army" in chinese  # no Chinese name of its own: its English
    table = html.unescape(player.get(f"/encounters/{encounter.pk}/").content.decode())
    said = [line.split("] ", 1)[1] for line in chinese.splitlines() if "国防军" in line]
    assert said
    assert all(text in table for text in said), said  # the table's log reads so too
    replay = html.unescape(player.get(f"/encounters/{encounter.pk}/replay/").content.decode())
    assert all(text in replay for text in said), said  # and the replay


def test_the_tables_actor_names_read_the_side_in_the_readers_language() -> None:
    from vtt.encounters.fragments import actor_names

    view = {
        "scenario": {"side_labels": NAMES},
        "actor_names": {"blue": "Wehrmacht", "red": "Red Army", "green": "Green"},
    }
    assert actor_names(view, []) == {"blue": "Wehrmacht", "red": "Red Army", "green": "Green"}
    with translation.override("zh-hans"):
        names = actor_names(view, [])
    assert names["blue"] == "国防军"  # the GM's seat pickers, the chat's speakers
    assert names["red"] == "Red Army"  # no Chinese name of its own: its English
