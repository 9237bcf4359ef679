"""Stored SCS events upgrade to the one state vocabulary (issue 31) and replay the same.

`scs_old_events.json` is an encounter of Halden Crossing played with the engine of commit 6cf215e,
before the change, as the event log stored it: payloads saying only what happened ("units",
"path", "losses"...), which SCS's old apply worked out into the state (a handler per event kind).
`states` holds a hash of the state after each entry as replays folded it then. The data
migration's driver (vtt/eventlog/legacy/upgrade.py) gives each event the "changes" the frozen
`legacy_apply` (vtt/eventlog/legacy/scs.py) made; the stored changes must then fold to the same
states, and today's resolve, given the same actions and dice, must say the very same events.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.test import Client

from rules.core.dice import LoadedDice
from rules.core.log import canonical_json, fold
from rules.scs import SYSTEM
from rules.scs.secrecy import HIDDEN_KIND
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters.models import Encounter, Status
from vtt.encounters.services import entries_of, start_encounter
from vtt.eventlog.legacy.upgrade import legacy_of, upgrade_all
from vtt.eventlog.models import Event

pytestmark = pytest.mark.django_db

RECORDED = json.loads(Path(__file__).with_name("scs_old_events.json").read_text())
FIELDS = ("seq", "entry", "kind", "payload", "text", "dice", "audience", "redacted_text")


def digest(state: Any) -> str:
    return hashlib.sha256(canonical_json(SYSTEM.dump(state)).encode()).hexdigest()[:16]


def stored(gwen: Any) -> Encounter:
    """The recorded encounter, its events written to the log as they were stored."""
    campaign = create_campaign(gwen.pk, "Old SCS", "scs")
    setup = RECORDED["setup"]
    encounter = start_encounter(campaign.pk, gwen.pk, "Old", setup, {}, "scs")
    Encounter.objects.filter(pk=encounter.pk).update(setup=setup)
    encounter.refresh_from_db()
    Event.objects.filter(encounter=encounter).delete()
    Event.objects.bulk_create(
        Event(
            encounter=encounter,
            msg=row.get("msg"),
            redacted_msg=row.get("redacted_msg"),
            action=row["action"],
            **{f: row[f] for f in FIELDS},
        )
        for row in RECORDED["events"]
    )
    return encounter


def states_after_each_entry(encounter: Encounter) -> list[str]:
    """The state after each entry, as replays fold the log now (SCS's apply is the core one)."""
    entries = entries_of(encounter)
    return [digest(fold(SYSTEM, encounter.setup, entries[: n + 1])) for n in range(len(entries))]


def test_the_recording_holds_old_payloads_of_every_kind_a_game_needs() -> None:
    payloads = [row["payload"] for row in RECORDED["events"]]
    assert not any("changes" in p for p in payloads)
    kinds = {row["kind"] for row in RECORDED["events"]}
    assert {"phase.started", "unit.moved", "attack.resolved", "losses.taken"} <= kinds
    assert {"retreat.moved", "advance.moved", "supply.checked", "game.ended"} <= kinds


def test_stored_scs_events_upgrade_to_changes_that_replay_the_same_states(gwen: Any) -> None:
    """Every event that changed the state gains "changes" (its other fields kept); replays give
    the recorded states."""
    assert legacy_of("scs") is not None
    encounter = stored(gwen)
    old = {row["seq"]: row["payload"] for row in RECORDED["events"]}

    rewritten = upgrade_all(apps)

    rows = list(Event.objects.filter(encounter=encounter).order_by("seq"))
    assert rewritten == sum(1 for row in rows if "changes" in row.payload) > 100
    for row in rows:
        assert {k: v for k, v in row.payload.items() if k != "changes"} == old[row.seq]
    assert states_after_each_entry(encounter) == RECORDED["states"]
    assert upgrade_all(apps) == 0  # nothing left to upgrade


def test_todays_resolve_says_the_recorded_events(gwen: Any) -> None:
    """Each recorded action, resolved again on the same state with the same dice, says the same
    events (kinds, payloads, lines, audiences) and ends in the same state: the rules did not
    change in the move; what is new is the changes and their GM-only part."""
    encounter = stored(gwen)
    upgrade_all(apps)
    entries = entries_of(encounter)
    for n, entry in enumerate(entries):
        assert entry.action is not None
        state = fold(SYSTEM, encounter.setup, entries[:n])
        faces = [roll.value for event in entry.events for roll in event.dice]
        again = SYSTEM.resolve(state, entry.action, LoadedDice(faces))
        told = [e for e in again if e.kind != HIDDEN_KIND]
        assert [(e.kind, e.text, e.audience, e.redacted_text) for e in told] == [
            (e.kind, e.text, e.audience, e.redacted_text) for e in entry.events
        ]
        for new, old in zip(told, entry.events, strict=True):
            said = {k: v for k, v in new.payload.items() if k != "changes"}
            assert said == {k: v for k, v in old.payload.items() if k != "changes"}
        after = state
        for event in again:
            after = SYSTEM.apply(after, event)
        assert digest(after) == RECORDED["states"][n]


def test_after_the_end_a_sides_log_file_holds_no_changes_scs_fow_1(gwen: Any, pip: Any) -> None:
    """An upgraded event everyone read may change what only a side may see (an old phase.started
    records every stack for the replay): a player's log file after the end keeps the lines and
    payloads it read, never the changes; the GM's keeps them."""
    encounter = stored(gwen)
    Membership.objects.create(campaign=encounter.campaign, user=pip, role=Role.PLAYER)
    upgrade_all(apps)
    Encounter.objects.filter(pk=encounter.pk).update(status=Status.ENDED)  # the GM ended it
    red = Client()
    red.force_login(pip)
    log = json.loads(red.get(f"/encounters/{encounter.pk}/log/").content)
    events = [event for entry in log["entries"] for event in entry["events"]]
    assert any(event["kind"] == "phase.started" for event in events)
    assert not [event for event in events if "changes" in event["payload"]]
    gm = Client()
    gm.force_login(gwen)
    gm_log = json.loads(gm.get(f"/encounters/{encounter.pk}/log/").content)
    assert any("changes" in e["payload"] for entry in gm_log["entries"] for e in entry["events"])
