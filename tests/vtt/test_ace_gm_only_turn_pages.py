"""SCENE-HIDE-5 as a player's browser gets it: while the GM-only hound takes its turn (a block
declared, a fall, a shooting evasion on the map), the player's table page, its events frame (the
websocket's) and the player's own log (mine.json) read the same before and after, but for the
table's event counter; the hound's card shows no action spent and it is in no turn order."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from rules.ace import SYSTEM
from rules.core.system import Action

pytestmark = pytest.mark.django_db
COUNTERS = re.compile(r'data-(?:seq|first|entry)="\d+"|id="event-\d+"|#\d+|[A-Za-z0-9]{48,}')


def _what_pip_reads(encounter: Any, pip: Any) -> dict[str, Any]:
    client = Client()
    client.force_login(pip)
    page = client.get(f"/encounters/{encounter.pk}/").content.decode()
    frame = client.get(f"/encounters/{encounter.pk}/events/", {"after": 0}).content.decode()
    mine = json.loads(client.get(f"/encounters/{encounter.pk}/log/mine.json").content)
    return {
        "page": COUNTERS.sub("", page),
        "frame": COUNTERS.sub("", frame),
        "mine": [line["text"] for line in mine["lines"]] if "lines" in mine else mine,
    }


@pytest.fixture
def on_the_hounds_turn(gwen: Any, pip: Any) -> Any:
    """The demo on a map, the hound's token GM-only, begun, the hound's turn now."""
    from vtt.campaigns.models import Membership, Role
    from vtt.campaigns.services import create_campaign
    from vtt.encounters.services import play, start_encounter

    campaign = create_campaign(gwen.pk, "Nightmare", "ace")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    setup = SYSTEM.demo()  # type: ignore[misc]
    for entry in setup["combatants"]:
        entry["hidden"] = False
    tokens = {
        "lin": {"at": [2, 4], "gm_only": False},
        "su": {"at": [2, 6], "gm_only": False},
        "hound": {"at": [12, 8], "gm_only": True},
    }
    cells = {"12,10": {"terrain": "cover_heavy", "gm_only": False}}
    setup["scene"] = {"cols": 16, "rows": 14, "cell": "1", "cells": cells, "tokens": tokens}
    encounter = start_encounter(campaign.pk, gwen.pk, "Hound", setup, {"lin": pip.pk}, "ace")
    play(encounter.pk, gwen.pk, Action("begin", "gm"), "k-begin")
    for n in range(3):
        encounter.refresh_from_db()
        if encounter.state["current"] == "hound":
            break
        play(encounter.pk, gwen.pk, Action("end_turn", "gm"), f"k-end{n}")
    encounter.refresh_from_db()
    assert encounter.state["current"] == "hound"
    return encounter


def _hounds(encounter: Any, gwen: Any, kind: str, key: str, **params: Any) -> None:
    from vtt.encounters.services import play

    actor = "gm" if kind == "scene_move" else "hound"
    play(encounter.pk, gwen.pk, Action(kind, actor, params), key)
    encounter.refresh_from_db()


def test_the_hounds_block_and_fall_leave_nothing_on_pips_page(
    on_the_hounds_turn: Any, gwen: Any, pip: Any
) -> None:
    before = _what_pip_reads(on_the_hounds_turn, pip)
    assert 'data-order="hound"' not in before["page"]
    assert "Acting now: Bone-jaw" not in before["page"]
    _hounds(on_the_hounds_turn, gwen, "declare", "k-block", command="block")
    _hounds(on_the_hounds_turn, gwen, "prone", "k-prone")
    assert on_the_hounds_turn.state["combatants"]["hound"]["prone"]
    assert _what_pip_reads(on_the_hounds_turn, pip) == before


def test_the_hounds_shooting_evasion_leaves_no_action_spent_on_pips_page(
    on_the_hounds_turn: Any, gwen: Any, pip: Any
) -> None:
    before = _what_pip_reads(on_the_hounds_turn, pip)
    _hounds(on_the_hounds_turn, gwen, "scene_move", "k-evade", who="hound", x=12, y=9, evade="on")
    hound = on_the_hounds_turn.state["combatants"]["hound"]
    assert hound["used"]["standard"]
    assert hound["cover"] == "heavy"
    assert _what_pip_reads(on_the_hounds_turn, pip) == before
