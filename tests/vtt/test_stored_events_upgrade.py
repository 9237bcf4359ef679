"""The data migration to the one state vocabulary (vtt/eventlog/legacy/upgrade.py, issue 31).

The fixtures are encounters played before the change, as the event log stored them (Ace's "ops",
the mech's "patch"), with a hash of the state after each entry as replays folded it then. Upgraded,
their payloads hold "changes" alone, every other field is kept, and the states fold the same.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps

from rules.core.changes import apply_changes
from rules.core.log import REVERTED, TABLE_PREFIX, canonical_json
from rules.core.registry import get_system
from vtt.campaigns.services import create_campaign
from vtt.encounters.models import Encounter
from vtt.encounters.replays import _states
from vtt.encounters.services import entries_of, start_encounter
from vtt.eventlog.legacy.upgrade import Legacy, legacy_of, upgrade_all, upgrade_rows
from vtt.eventlog.models import Event

pytestmark = pytest.mark.django_db

HERE = Path(__file__).parent
OLD_KEYS = {"ace": "ops", "mech": "patch"}
FIELDS = ("seq", "entry", "kind", "payload", "text", "dice", "audience", "redacted_text", "msg")


def digest(system_key: str, state: Any) -> str:
    dumped = get_system(system_key).dump(state)
    return hashlib.sha256(canonical_json(dumped).encode()).hexdigest()[:16]


def stored(gwen: Any, key: str) -> tuple[Encounter, dict[str, Any]]:
    """The fixture's encounter, its events written to the log as they were stored."""
    recorded = json.loads((HERE / f"{key}_old_events.json").read_text())
    campaign = create_campaign(gwen.pk, f"Old {key}", key)
    encounter = start_encounter(campaign.pk, gwen.pk, "Old", recorded["setup"], {}, key)
    Encounter.objects.filter(pk=encounter.pk).update(setup=recorded["setup"])
    encounter.refresh_from_db()
    Event.objects.filter(encounter=encounter).delete()
    Event.objects.bulk_create(
        Event(encounter=encounter, **{f: row[f] for f in (*FIELDS, "redacted_msg", "action")})
        for row in recorded["events"]
    )
    return encounter, recorded


def folded_changes(encounter: Encounter) -> list[str]:
    """The state after each entry, folding the stored "changes" alone (as replays fold)."""
    setup, key = encounter.setup, encounter.system
    start = get_system(key).start(setup)
    done: list[tuple[int, list[Event]]] = []
    reverted: set[int] = set()
    state, out = start, []
    for row in Event.objects.filter(encounter=encounter).order_by("seq"):
        if not done or done[-1][0] != row.entry:
            if done:
                out.append(digest(key, state))
            done.append((row.entry, []))
        done[-1][1].append(row)
        if row.kind == REVERTED:
            reverted.add(int(row.payload["reverts"]))
            state = start
            for index, rows in done[:-1]:
                if index not in reverted:
                    for earlier in rows:
                        state = _apply(state, earlier)
        else:
            state = _apply(state, row)
    out.append(digest(key, state))
    return out


def _apply(state: Any, row: Event) -> Any:
    if row.kind.startswith(TABLE_PREFIX):
        return state
    return apply_changes(state, row.payload.get("changes") or ())


@pytest.mark.parametrize("key", sorted(OLD_KEYS))
def test_stored_old_payloads_upgrade_to_changes_that_fold_the_same(key: str, gwen: Any) -> None:
    encounter, recorded = stored(gwen, key)
    old = {row["seq"]: row["payload"] for row in recorded["events"]}
    assert any(OLD_KEYS[key] in payload for payload in old.values())

    rewritten = upgrade_all(apps)

    rows = list(Event.objects.filter(encounter=encounter).order_by("seq"))
    assert rewritten == sum(1 for p in old.values() if OLD_KEYS[key] in p)
    for row in rows:
        before = old[row.seq]
        assert OLD_KEYS[key] not in row.payload
        kept = {k: v for k, v in before.items() if k != OLD_KEYS[key]}
        assert {k: v for k, v in row.payload.items() if k != "changes"} == kept
    assert any(row.payload.get("changes") for row in rows)
    assert folded_changes(encounter) == recorded["states"]
    assert upgrade_all(apps) == 0  # nothing left to upgrade


@pytest.mark.parametrize("key", sorted(OLD_KEYS))
def test_the_upgraded_log_replays_to_the_states_it_had(key: str, gwen: Any) -> None:
    encounter, recorded = stored(gwen, key)
    upgrade_all(apps)
    system = get_system(key)
    states = _states(system, encounter.setup, entries_of(encounter))
    assert [digest(key, state) for state in states] == recorded["states"]


def test_systems_without_a_legacy_module_are_left_alone(gwen: Any) -> None:
    assert legacy_of("coc") is None
    assert legacy_of("ace") is not None
    campaign = create_campaign(gwen.pk, "Chat", "chat")
    encounter = start_encounter(campaign.pk, gwen.pk, "Chat", {}, {}, "chat")
    before = list(Event.objects.filter(encounter=encounter).values_list("payload", flat=True))
    upgrade_all(apps)
    after = list(Event.objects.filter(encounter=encounter).values_list("payload", flat=True))
    assert after == before


class Row:
    def __init__(self, entry: int, kind: str, payload: dict[str, Any]) -> None:
        self.entry, self.kind, self.payload = entry, kind, payload


def _counter_apply(state: Any, kind: str, payload: Any) -> Any:
    return {**state, "n": state["n"] + payload.get("plus", 0)}


def test_a_revert_folds_again_without_what_it_took_back() -> None:
    legacy = Legacy(_counter_apply, frozenset({"plus"}))
    rows = [
        Row(1, "n.added", {"plus": 1}),
        Row(2, "n.added", {"plus": 10, "why": "x"}),
        Row(3, REVERTED, {"reverts": 2}),
        Row(4, "n.added", {"plus": 100}),
        Row(4, "table.said", {"plus": 5}),
    ]
    changed = upgrade_rows({"n": 0}, rows, legacy)
    assert [r.payload for r in rows] == [
        {"changes": [["set", ["n"], 1]]},
        {"why": "x", "changes": [["set", ["n"], 11]]},
        {"reverts": 2},
        {"changes": [["set", ["n"], 101]]},  # played after the undo: on n = 1
        {"plus": 5},  # a table event is not folded
    ]
    assert len(changed) == 3
