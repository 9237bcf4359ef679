"""A scripted Call of Cthulhu session for the transcript tests: Gwen keeps, Pip plays Ann and
Otto plays Bob; the session is marked with .log, paused once, and holds talk, a check, a hidden
check, the Keeper's secret roll, talk in brackets, a Sanity check and a table roll. The seed and
the times are fixed, so every export is the same each run (the golden files)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from rules.core.dice import commitment
from rules.core.registry import get_system
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters import services
from vtt.encounters.models import Encounter
from vtt.eventlog.models import Event

SESSION = "第一夜 Night one"
START = datetime(2026, 12, 6, 12, 1, 2, tzinfo=UTC)
SEED = "golden-session"


@pytest.fixture
def session(gwen: Any, pip: Any, otto: Any) -> Any:
    """The campaign, after the scripted session was played and ended."""
    campaign = create_campaign(gwen.pk, "Arkham", "coc")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    Membership.objects.create(campaign=campaign, user=otto, role=Role.PLAYER)
    base = get_system("coc").default_sheet
    ann = dict(base, name="Ann", skills={"spot_hidden": 45, "library_use": 60})
    bob = dict(base, name="Bob", skills={"spot_hidden": 30})
    setup = {
        "combatants": [
            {"id": "ann", "sheet": ann, "side": "investigators"},
            {"id": "bob", "sheet": bob, "side": "investigators"},
        ]
    }
    table = services.start_encounter(
        campaign.pk, gwen.pk, "Library", setup, {"ann": pip.pk, "bob": otto.pk}
    )
    Encounter.objects.filter(pk=table.pk).update(seed=SEED, commitment=commitment(SEED))
    script = [
        (gwen, ".log new " + SESSION),
        (pip, "We go into the library. 我们进图书馆。"),
        (pip, ".ra 侦查"),
        (pip, ".rh 侦查"),
        (gwen, "/gmroll 1d100"),
        (otto, "(brb, coffee)"),
        (gwen, ".log off"),
        (pip, "this line is not recorded"),
        (gwen, ".log on"),
        (gwen, "The librarian looks up: [[1d6]]"),
        (pip, ".sc 1/1d6"),
        (otto, "/roll 1d6"),
        (gwen, ".log end"),
    ]
    for n, (who, line) in enumerate(script):
        services.chat(table.pk, who.pk, line, f"k{n}")
    for row in Event.objects.filter(encounter=table):
        Event.objects.filter(pk=row.pk).update(created=START + timedelta(seconds=61 * row.seq))
    return campaign
