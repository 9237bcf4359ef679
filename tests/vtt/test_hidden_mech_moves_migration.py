"""Issue 30: moves of a Hidden mech stored before MECH-COND-HIDDEN redacted them reached every
viewer with their squares. The data migration (vtt/eventlog/legacy/hidden_moves.py, eventlog
0006) addresses them to the unit's side.

`mech_hidden_moves_old_events.json` is the mech demo played with the engine of commit 7c6704a~1,
just before the fix, as the event log stored it: Sparring Mule A hides, and a round later moves to
(10, 6), a move addressed to everyone ("all"). Upgraded to the one state vocabulary (migration
0005) and redacted, Blue reads "Sparring Mule A moves unseen" and no square, on the table, the
replay and the events fragment; Red and the GM read the move as before; nothing else changes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.test import Client

from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters.audiences import refresh_audiences
from vtt.encounters.models import Encounter, Seat
from vtt.encounters.services import start_encounter
from vtt.eventlog.legacy.hidden_moves import redact_all
from vtt.eventlog.legacy.upgrade import upgrade_all
from vtt.eventlog.models import Event

pytestmark = pytest.mark.django_db

RECORDED = json.loads(Path(__file__).with_name("mech_hidden_moves_old_events.json").read_text())
FIELDS = ("seq", "entry", "kind", "payload", "text", "dice", "audience", "redacted_text", "msg")
SQUARE = "(10, 6)"


def stored(gwen: Any, pip: Any, otto: Any) -> Encounter:
    """The recorded encounter as it was stored; Pip plays Blue's Latch, Otto Red's Mule A."""
    campaign = create_campaign(gwen.pk, "Old sparring", "mech")
    encounter = start_encounter(campaign.pk, gwen.pk, "Old", RECORDED["setup"], {}, "mech")
    Event.objects.filter(encounter=encounter).delete()
    Event.objects.bulk_create(
        Event(encounter=encounter, **{f: row[f] for f in (*FIELDS, "redacted_msg", "action")})
        for row in RECORDED["events"]
    )
    last = RECORDED["events"][-1]
    Encounter.objects.filter(pk=encounter.pk).update(seq=last["seq"], entries=last["entry"])
    for user, actor, side in ((pip, "latch", "blue"), (otto, "spar_a", "red")):
        Membership.objects.create(campaign=campaign, user=user, role=Role.PLAYER)
        Seat.objects.create(encounter=encounter, user=user, actor_id=actor, side=side)
    refresh_audiences(campaign.pk)
    return Encounter.objects.get(pk=encounter.pk)


def read(user: Any, encounter: Encounter) -> str:
    client = Client()
    client.force_login(user)
    pages = []
    for url in ("", "replay/", "events/?after=0"):
        response = client.get(f"/encounters/{encounter.pk}/{url}")
        assert response.status_code == 200, url
        pages.append(response.content.decode())
    return "\n".join(pages)


def test_stored_moves_of_a_hidden_mech_are_addressed_to_its_side(
    gwen: Any, pip: Any, otto: Any
) -> None:
    encounter = stored(gwen, pip, otto)
    moved = Event.objects.get(encounter=encounter, kind="mech.moved")
    assert (moved.audience, moved.text) == ("all", f"Sparring Mule A moves to {SQUARE}, 2 squares")
    upgrade_all(apps)  # migration 0005 first: "patch" becomes "changes"
    assert SQUARE in read(pip, encounter)  # Blue read where the Hidden mech went
    before = {row.seq: row.payload for row in Event.objects.filter(encounter=encounter)}
    assert redact_all(apps) == 1
    moved.refresh_from_db()
    assert moved.audience == "side:red"
    assert moved.redacted_text == "Sparring Mule A moves unseen"
    assert moved.redacted_msg == {
        "id": "mech.log.moved_unseen_before",
        "params": {"name": "Sparring Mule A"},
    }
    assert moved.text == f"Sparring Mule A moves to {SQUARE}, 2 squares"  # its side's line
    assert {row.seq: row.payload for row in Event.objects.filter(encounter=encounter)} == before
    others = Event.objects.filter(encounter=encounter).exclude(pk=moved.pk)
    assert set(others.values_list("audience", flat=True)) == {"all"}
    assert redact_all(apps) == 0  # once
    blue = read(pip, encounter)
    assert SQUARE not in blue
    assert "Sparring Mule A moves unseen" in blue
    assert f"moves to {SQUARE}" in read(otto, encounter)
    assert f"moves to {SQUARE}" in read(gwen, encounter)


def test_a_campaign_file_written_before_the_fix_imports_with_the_move_redacted(
    gwen: Any, pip: Any, otto: Any
) -> None:
    """A file exported before the fix (old "patch" payloads, the move for everyone): the import
    upgrades it as migration 0005 did and redacts the move as 0006 did."""
    from rules.core.log import fold
    from rules.mech import SYSTEM
    from vtt.encounters.services import entries_of
    from vtt.lobby.transfer import export_text, import_text

    encounter = stored(gwen, pip, otto)
    upgrade_all(apps)
    snapshot = SYSTEM.dump(fold(SYSTEM, encounter.setup, entries_of(encounter)))
    Encounter.objects.filter(pk=encounter.pk).update(state=snapshot)
    for row in RECORDED["events"]:  # back to the old payloads
        Event.objects.filter(encounter=encounter, seq=row["seq"]).update(payload=row["payload"])
    text = export_text(encounter.campaign_id, gwen.pk)
    assert '"patch"' in text
    campaign, _notes = import_text(gwen.pk, text)
    moved = Event.objects.get(encounter__campaign=campaign, kind="mech.moved")
    assert (moved.audience, moved.redacted_text) == ("side:red", "Sparring Mule A moves unseen")
