"""SCS-ENG-4: a rename reaches the log lines already open on a page. Every events and hello frame
names the revision of the sides' names (`data-names`, none while the scenario's own names stand);
a page that drew its lines under other names asks for them again (`log/lines/`), and gets them
drawn now for its own viewer: a player reads their redacted line, never the GM's or the other
side's (browser: tests/browser/test_scs_rename_reaches_older_lines.py)."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.test import Client

from rules.core.system import Action
from tests.vtt.test_scs_table import game, rex  # noqa: F401
from vtt.encounters import fragments
from vtt.encounters.audiences import audience_for
from vtt.encounters.models import Encounter
from vtt.encounters.services import play, undo

pytestmark = pytest.mark.django_db


def lines(user: Any, encounter: Any, query: str) -> Any:
    client = Client()
    client.force_login(user)
    return client.get(f"/encounters/{encounter.pk}/log/lines/{query}")


def frame_names(encounter: Any, user: Any) -> str | None:
    """The names revision of the frame of the encounter's newest event, as `user` gets it."""
    encounter = Encounter.objects.get(pk=encounter.pk)
    audience = audience_for(encounter.pk, user.pk)
    assert audience is not None
    html = fragments.render_events(encounter, audience, encounter.seq, encounter.seq)
    found = re.search(r'data-frame="events"[^>]* data-names="(\w+)"', html)
    return found.group(1) if found else None


def page_names(user: Any, encounter: Any) -> str | None:
    client = Client()
    client.force_login(user)
    html = client.get(f"/encounters/{encounter.pk}/").content.decode()
    found = re.search(r'<div id="encounter"[^>]* data-names="(\w+)"', html)
    return found.group(1) if found else None


def test_a_page_redraws_its_lines_for_its_own_viewer_after_a_rename(
    game: Any,  # noqa: F811
    gwen: Any,
    pip: Any,
    rex: Any,  # noqa: F811
    otto: Any,
) -> None:
    play(game.pk, pip.pk, Action("unit.move", "blue", {"units": "B1", "to": "03.04"}), "mv")
    assert frame_names(game, pip) is None  # the scenario's own names: nothing to carry
    assert page_names(pip, game) is None
    params = {"side": "blue", "name": "Wehrmacht", "name_zh": "国防军"}
    play(game.pk, gwen.pk, Action("side.rename", "gm", params), uuid.uuid4().hex)
    renamed = frame_names(game, rex)
    assert renamed
    assert renamed == frame_names(game, pip) == page_names(rex, game)

    # Red, who read only that Blue moved a counter, gets that line again, under the new name
    red = lines(rex, game, "?after=1&before=3").content.decode()
    assert red.count("<li ") == 1
    assert 'id="event-2"' in red
    assert "Wehrmacht moved 1 counter 02.04 → 03.04" in red
    assert "B1" not in red
    assert "Blue" not in red
    assert "only</small>" not in red  # no badge of a line Red does not read
    # Blue its own line, badge and all; the GM every line
    blue = lines(pip, game, "?after=0&before=99").content.decode()
    assert "Wehrmacht moved B1 02.04 → 03.04" in blue
    assert 'class="badge">Wehrmacht only</small>' in blue
    assert 'id="event-3"' in blue
    assert 'id="event-4"' not in blue
    assert "log-older" not in blue  # lines to swap in, not a chunk with its button
    assert "Wehrmacht moved B1" in lines(gwen, game, "?after=1&before=3").content.decode()

    # the GM's undo takes the names back: the frame says so (no revision: the scenario's own)
    undo(game.pk, gwen.pk, uuid.uuid4().hex)
    assert frame_names(game, rex) is None
    assert "Blue moved 1 counter" in lines(rex, game, "?after=1&before=3").content.decode()


def test_the_lines_are_asked_for_in_whole_numbers_by_members_only(
    game: Any,  # noqa: F811
    rex: Any,  # noqa: F811
    otto: Any,
) -> None:
    assert lines(rex, game, "?after=x&before=3").status_code == 400
    assert lines(rex, game, "?after=0&before=²").status_code == 400
    assert lines(otto, game, "?after=0&before=3").status_code == 404
