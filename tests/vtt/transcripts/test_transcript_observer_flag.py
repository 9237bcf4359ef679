"""Issue 30: the transcript's JSON file says which lines a member watching the table said or
rolled (`observer`, as the `observers=0` filter reads them: lines.observers_at), and a file
brought back into a campaign keeps the flag, so the filter still leaves those lines out."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.vtt.transcripts.conftest import SESSION
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.transcripts import formats
from vtt.transcripts.importing import bring_in
from vtt.transcripts.lines import Filters, transcript

pytestmark = pytest.mark.django_db
WATCHED = ["(brb, coffee)", "otto rolled 1d6: 1d6 [4] = 4"]  # Otto's lines, once he only watches


def _flags(campaign: Any, user: Any) -> dict[str, bool]:
    document = json.loads(formats.as_json(transcript(campaign, SESSION, user.pk)))
    return {line["text"]: line["observer"] for line in document["lines"]}


def test_the_json_marks_what_observers_said_and_keeps_it_when_brought_back(
    session: Any, gwen: Any
) -> None:
    before = _flags(session, gwen)
    assert not any(before.values())  # Otto plays Bob: a seated player's lines
    Membership.objects.filter(campaign=session, user__username="otto").update(role=Role.OBSERVER)
    flags = _flags(session, gwen)
    assert [text for text, observer in flags.items() if observer] == WATCHED
    other = create_campaign(gwen.pk, "Dunwich", "coc")
    bring_in(other.pk, gwen.pk, formats.as_json(transcript(session, SESSION, gwen.pk)).encode())
    assert _flags(other, gwen) == flags
    kept = transcript(other, SESSION, gwen.pk, Filters(observers=False))
    texts = [line.text for line in kept.lines]
    assert not set(WATCHED) & set(texts)
    assert "We go into the library. 我们进图书馆。" in texts
