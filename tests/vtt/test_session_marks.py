"""Issue 38: the GM marks a session's record with `.log new/off/on/end` (or its buttons) at a
table, across the campaign's tables; anyone else is refused in words and nothing is stored."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import IllegalAction
from vtt.encounters import services
from vtt.encounters.commands import Chat, parse_command
from vtt.encounters.session_marks import session_names
from vtt.errors import NotAllowed
from vtt.eventlog.models import Event

pytestmark = pytest.mark.django_db


def marks(encounter: Any) -> list[tuple[str, str]]:
    rows = Event.objects.filter(encounter=encounter, kind="table.session_marked").order_by("seq")
    return [(row.payload["mark"], row.payload["name"]) for row in rows]


def test_the_gm_begins_pauses_goes_on_and_ends_a_session(encounter: Any, gwen: Any) -> None:
    [row] = services.chat(encounter.pk, gwen.pk, ".log new 第一夜", "k1").events
    assert row.text == "The GM began recording the session 第一夜."
    services.chat(encounter.pk, gwen.pk, "。ｌｏｇ　ｏｆｆ", "k2")
    services.chat(encounter.pk, gwen.pk, "/log on", "k3")
    services.chat(encounter.pk, gwen.pk, ".log 结束", "k4")
    assert marks(encounter) == [
        ("new", "第一夜"),
        ("off", "第一夜"),
        ("on", "第一夜"),
        ("end", "第一夜"),
    ]
    assert session_names(encounter.campaign_id) == {"第一夜": True}


def test_a_session_goes_on_at_another_table_of_the_campaign(
    encounter: Any, gwen: Any, pip: Any
) -> None:
    services.chat(encounter.pk, gwen.pk, ".log new Night one", "k1")
    other = services.start_encounter(encounter.campaign_id, gwen.pk, "Cellar", {}, {})
    services.chat(other.pk, gwen.pk, ".log on Night one", "k2")
    assert marks(other) == [("on", "Night one")]
    services.chat(other.pk, gwen.pk, ".log end", "k3")
    with pytest.raises(NotAllowed, match="has ended"):
        services.chat(encounter.pk, gwen.pk, ".log on", "k4")


def test_refusals_store_nothing(encounter: Any, gwen: Any, pip: Any) -> None:
    with pytest.raises(NotAllowed, match="Only the GM"):
        services.chat(encounter.pk, pip.pk, ".log new Mine", "k1")
    with pytest.raises(NotAllowed, match="Nothing is being recorded"):
        services.chat(encounter.pk, gwen.pk, ".log off", "k2")
    with pytest.raises(IllegalAction):
        services.chat(encounter.pk, gwen.pk, ".log sideways", "k3")
    services.chat(encounter.pk, gwen.pk, ".log new A", "k4")
    with pytest.raises(NotAllowed, match="was begun before"):
        services.chat(encounter.pk, gwen.pk, ".log new A", "k5")
    with pytest.raises(NotAllowed, match="No session is named B"):
        services.chat(encounter.pk, gwen.pk, ".log on B", "k6")
    assert marks(encounter) == [("new", "A")]


def test_a_resent_mark_is_answered_not_stored_twice(encounter: Any, gwen: Any) -> None:
    first = services.chat(encounter.pk, gwen.pk, ".log new A", "k1")
    again = services.chat(encounter.pk, gwen.pk, ".log new A", "k1")
    assert (again.fresh, again.last_seq) == (False, first.last_seq)
    assert marks(encounter) == [("new", "A")]


def test_a_new_session_without_a_name_is_named_by_its_day(encounter: Any, gwen: Any) -> None:
    services.chat(encounter.pk, gwen.pk, ".log new", "k1")
    services.chat(encounter.pk, gwen.pk, ".log new", "k2")
    [(_, first), (_, second)] = marks(encounter)
    assert second == f"{first} (2)"


def test_a_button_sends_the_mark_as_the_command_would() -> None:
    content = {"command": "chat", "key": "k", "log": "new", "text": "Night one"}
    assert parse_command(content) == Chat(".log new Night one", "k")
    assert parse_command({"command": "chat", "key": "k", "log": "off", "text": ""}) == Chat(
        ".log off ", "k"
    )


def test_a_session_across_two_tables_reads_in_time_order_and_each_log_verifies(
    encounter: Any, gwen: Any, pip: Any
) -> None:
    from datetime import UTC, datetime, timedelta

    from rules.core.fairness import verify
    from rules.core.registry import get_system
    from vtt.transcripts.lines import transcript

    other = services.start_encounter(encounter.campaign_id, gwen.pk, "Cellar", {}, {})
    script = [
        (encounter, gwen, ".log new Night one"),
        (encounter, pip, "upstairs, first"),
        (other, gwen, ".log on Night one"),
        (other, gwen, "downstairs, second"),
        (encounter, pip, "/roll 1d6"),
        (other, gwen, ".log end"),
    ]
    start = datetime(2026, 12, 6, 20, 0, tzinfo=UTC)
    for n, (table, who, line) in enumerate(script):
        [row] = services.chat(table.pk, who.pk, line, f"k{n}").events
        Event.objects.filter(pk=row.pk).update(created=start + timedelta(minutes=n))
    read = transcript(encounter.campaign, "Night one", gwen.pk)
    # the first table still records after the session went on at the other: its roll is in
    texts = [line.text for line in read.lines]
    assert texts[:2] == ["upstairs, first", "downstairs, second"]
    assert texts[2].startswith("pip rolled 1d6")
    assert [line.table for line in read.lines] == ["Heist", "Cellar", "Heist"]
    # ended at the other table, the session ends at this one too
    [late] = services.chat(encounter.pk, pip.pk, "after the end", "k8").events
    Event.objects.filter(pk=late.pk).update(created=start + timedelta(minutes=9))
    assert "after the end" not in [
        line.text for line in transcript(encounter.campaign, "Night one", gwen.pk).lines
    ]
    for table in (encounter, other):
        ended = services.end_encounter(table.pk, gwen.pk)
        system = get_system(ended.system)
        entries = services.entries_of(ended)
        assert verify(system, ended.setup, entries, ended.seed, ended.commitment).ok
