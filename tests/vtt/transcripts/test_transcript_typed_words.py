"""Issue 38: what a player typed stays their words in every file (a bracket they typed opens no
BBCode tag in the GM's forum post, a tag no HTML element), and a check of a skill the rule book's
sheet lacks (Library Use) reads as the skill's name in either language, never as its key."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from vtt.encounters import services
from vtt.encounters.models import Encounter
from vtt.transcripts import formats
from vtt.transcripts.lines import transcript

pytestmark = pytest.mark.django_db
INJECTED = "[/color][color=#ff0000][url=https://evil.example]click[/url][b]"


def test_brackets_a_player_typed_open_no_bbcode_tag(session: Any, gwen: Any, pip: Any) -> None:
    table = Encounter.objects.get(campaign=session)
    services.chat(table.pk, gwen.pk, ".log new Second", "b0")
    services.chat(table.pk, pip.pk, INJECTED, "b1")
    bbcode = formats.as_bbcode(transcript(session, "Second", gwen.pk))
    words = next(line for line in bbcode.splitlines() if "evil.example" in line)
    assert words.startswith("[color=")
    assert words.endswith("[/color]")
    inside = words.split("]", 1)[1].removesuffix("[/color]")
    tags = ("[/color]", "[color=", "[url", "[/url]", "[b]")
    assert not any(tag in inside for tag in tags), inside
    assert inside.replace("\u200b", "") == INJECTED  # reads as typed
    html = formats.as_html(transcript(session, "Second", gwen.pk))
    assert "[url=https://evil.example]click[/url]" in html  # plain text on a page


def test_a_skill_the_sheet_lacks_reads_as_its_name(session: Any, gwen: Any, pip: Any) -> None:
    table = Encounter.objects.get(campaign=session)
    services.chat(table.pk, gwen.pk, ".log new Second", "l0")
    services.chat(table.pk, pip.pk, ".ra library use", "l1")
    services.chat(table.pk, pip.pk, ".ra 图书馆", "l2")
    # a skill of the group's own is added to Ann's sheet by the conftest: library_use 60
    english = formats.as_text(transcript(session, "Second", gwen.pk))
    assert "library_use" not in english
    assert "Library Use check for Ann d100" in english
    assert english.count("Ann checks Library Use") == 2  # whichever language it was typed in
    with translation.override("zh-hans"):
        chinese = formats.as_text(transcript(session, "Second", gwen.pk))
    assert "library_use" not in chinese
    assert chinese.count("图书馆使用") >= 4, chinese  # two lines, two dice
