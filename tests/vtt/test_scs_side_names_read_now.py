"""Issue 36: a log line reads each side it names by the names the encounter's scenario gives
that side when the line is read, in the reader's language: a line that kept other names (or,
written before sides were messages, a side's English name as plain text) follows the
scenario's names, not those it was written with."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from rules.core.messages import Msg
from rules.core.system import Action
from tests.vtt.test_scs_editor_sides_and_charts import campaign, saved  # noqa: F401
from tests.vtt.test_scs_scenario_editor import client_of, make
from vtt.encounters.models import Encounter
from vtt.encounters.services import play
from vtt.eventlog.models import Event
from vtt.words import say, sides_in

NOW = {"blue": {"en": "Heer", "zh-Hans": "陆军"}, "red": {"en": "Red Army"}}


def own(side: str, names: dict[str, str]) -> Msg:
    return Msg("scs.own_side", {"name": next(iter(names.values())), "side": side, "names": names})


def phase(side: Any) -> Msg:
    return Msg("scs.log.phase_started", {"turn": 1, "side": side, "phase": "movement"})


def test_a_line_reads_the_sides_names_it_is_read_with_not_those_it_kept() -> None:
    line = phase(own("blue", {"en": "Wehrmacht"}))  # written before the side was renamed
    assert "Wehrmacht" in say(line)  # read alone: as written
    assert say(line, NOW).startswith("Turn 1: Heer")
    with translation.override("zh-hans"):
        assert "陆军" in say(line, NOW)
        assert "Wehrmacht" not in say(line, NOW)
    # a side the scenario no longer names reads as its colour
    unnamed = say(line, {"red": NOW["red"]})
    assert unnamed.startswith("Turn 1: Blue"), unnamed
    with translation.override("zh-hans"):
        assert "蓝方" in say(line, {"red": NOW["red"]})


def test_a_sides_name_kept_as_plain_text_reads_in_the_readers_language() -> None:
    line = phase("Heer")  # a line stored before sides were messages: the English name as text
    with translation.override("zh-hans"):
        assert "陆军" in say(line, NOW), say(line, NOW)
        assert "Heer" in say(line)  # without the scenario's names: as written
    nested = Msg("scs.side_says", {"side": "Red Army", "line": phase("Heer")})
    with translation.override("zh-hans"):
        text = say(nested, NOW)
    assert "陆军" in text, text
    assert "Red Army" in text, text  # no Chinese name of its own: its English


def test_the_scenarios_side_names_by_key_and_language() -> None:
    assert sides_in({"scenario": {"side_names": {"Blue": "Heer", "Red": {"en": "Red Army"}}}}) == {
        "blue": {"en": "Heer"},
        "red": {"en": "Red Army"},
    }
    assert sides_in({"scenario": "halden_crossing"}) == {}
    assert sides_in({"scenario": {"scenario": {"side_names": {"blue": {"zh-Hans": "陆军"}}}}}) == {
        "blue": {"zh-Hans": "陆军"}
    }


@pytest.mark.django_db
def test_the_table_log_reads_an_older_line_by_the_sides_names_now(
    campaign: Any,  # noqa: F811
    gwen: Any,
    pip: Any,
) -> None:
    gm = client_of(gwen)
    scenario = make(gm, campaign)
    url = f"/campaigns/{campaign.pk}/scenarios/{scenario.pk}/"
    saved(gm, url, name_blue="Heer", name_blue_zh="陆军", name_red="Red Army")
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
    play(encounter.pk, gwen.pk, Action("phase.end", "red", {}), "red-set")
    last = Event.objects.filter(encounter=encounter).order_by("-seq").first()
    assert last is not None
    older = phase("Heer").to_json()  # as a line stored before sides were messages
    stale = phase(own("blue", {"en": "Wehrmacht"})).to_json()  # a line with other names kept
    for n, msg in enumerate((older, stale), start=1):
        Event.objects.create(
            encounter=encounter,
            seq=last.seq + n,
            entry=last.entry + n,
            kind="scs.phase",
            msg=msg,
            text="Turn 1: Heer movement phase",
        )
    player = client_of(pip)
    player.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    mine = player.get(f"/encounters/{encounter.pk}/log/mine.txt").content.decode()
    lines = mine.splitlines()[-2:]
    assert all("陆军" in line for line in lines), lines
    assert not any("Heer" in line or "Wehrmacht" in line for line in lines), lines
