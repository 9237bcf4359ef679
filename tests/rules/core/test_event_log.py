"""The event log: entries, folds with reverts, replay against the snapshot, log versions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.core.dice import RollRecord
from rules.core.errors import LogError
from rules.core.log import (
    LOG_VERSION,
    Entry,
    Log,
    canonical_json,
    fold,
    last_revertible,
    load_log,
    replay_matches,
    reverted_indexes,
    upgrade_log,
)
from rules.core.system import Action, Event, GameSystem
from rules.core.table import revert_event

FIXTURES = Path(__file__).parent / "fixtures"


def added(amount: int, before: int = 0) -> Event:
    return Event(
        "counter.added",
        {"amount": amount, "before": before},
        f"adds {amount}",
        (RollRecord("amount d6", 6, amount),),
    )


ADD = Action("counter.add", "pip")


def test_entry_round_trips_through_json() -> None:
    entry = Entry(2, ADD, (added(3), Event("table.said", {"text": "x"}, audience="gm")))
    data = entry.to_json()

    assert data["index"] == 2
    assert data["action"] == {"kind": "counter.add", "actor": "pip", "params": {}}
    assert Entry.from_json(json.loads(json.dumps(data))) == entry
    assert Entry.from_json({"index": 5, "action": None}) == Entry(5, None, ())


def test_fold_applies_events_and_skips_table_events_and_reverted_entries(
    counter: GameSystem,
) -> None:
    entries = [
        Entry(1, ADD, (added(4),)),
        Entry(2, Action("table.say", "pip", {"text": "hi"}), (Event("table.said"),)),
        Entry(3, ADD, (added(6),)),
        Entry(4, None, (revert_event(3),)),
    ]

    assert reverted_indexes(entries) == {3}
    assert fold(counter, {"start": 10}, entries) == {"total": 14}
    assert fold(counter, {"start": 10}, entries[:3]) == {"total": 20}
    assert last_revertible(entries) == entries[0]


def test_replay_matches_the_stored_snapshot_only_when_equal(counter: GameSystem) -> None:
    entries = [Entry(1, ADD, (added(4),)), Entry(2, ADD, (added(2),))]

    assert replay_matches(counter, {}, entries, {"total": 6})
    assert not replay_matches(counter, {}, entries, {"total": 7})


def test_canonical_json_ignores_key_order() -> None:
    assert (
        canonical_json({"b": 1, "a": [1, {"d": 2, "c": "é"}]}) == '{"a":[1,{"c":"é","d":2}],"b":1}'
    )


def test_log_round_trips_through_json(counter: GameSystem) -> None:
    log = Log(
        "counter",
        {"start": 1},
        (Entry(1, ADD, (added(4),)),),
        snapshot={"total": 5},
        commitment="ab" * 32,
        seed="revealed",
    )
    data = json.loads(json.dumps(log.to_json()))

    assert data["log_version"] == LOG_VERSION == 2
    keys = {"log_version", "system", "setup", "entries", "snapshot", "commitment", "seed"}
    assert set(data) == keys
    assert load_log(data) == log
    bare = Log("counter", {}, ())
    assert set(bare.to_json()) == {"log_version", "system", "setup", "entries"}
    assert load_log(bare.to_json()) == bare


def test_an_old_version_0_log_still_loads_and_replays(counter: GameSystem) -> None:
    data = json.loads((FIXTURES / "counter_log_v0.json").read_text())
    log = load_log(data)

    assert [entry.index for entry in log.entries] == [1, 2, 3, 4]
    assert log.entries[0].action == ADD
    assert log.entries[0].events[0].dice == (RollRecord("amount d6", 6, 4),)
    assert log.entries[2].events[0].audience == "gm"
    assert log.entries[2].events[0].redacted_text == "the GM added something"
    assert log.entries[3].action is None
    assert log.entries[3].events[0].payload == {"reverts": 3}
    assert fold(counter, log.setup, log.entries) == {"total": 14}
    assert upgrade_log(data)["log_version"] == 2


def test_upgrade_leaves_a_current_log_alone() -> None:
    data = {"log_version": 2, "system": "chat", "setup": {}, "entries": []}
    assert upgrade_log(data) == data


def test_a_version_1_log_keeps_its_english_lines_and_verifies() -> None:
    """Events of a log written before messages have only `text`; they still verify word for word."""
    old = {"log_version": 1, "system": "chat", "setup": {}, "entries": []}
    assert upgrade_log(old) == {**old, "log_version": 2}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "must be a JSON object"),
        ({"log_version": 3, "system": "x", "entries": []}, "newer than this engine reads"),
        ({"log_version": "1", "system": "x", "entries": []}, "must be a whole number"),
        ({"log_version": True, "system": "x", "entries": []}, "must be a whole number"),
        (
            {"log_version": -1, "system": "x", "entries": []},
            "not a version this engine can upgrade",
        ),
        ({"system": "x"}, "needs an 'events' list"),
        ({"system": "x", "events": [{"kind": "a"}]}, "event row 1 needs 'entry' and 'kind'"),
        ({"log_version": 1, "entries": []}, "names no 'system'"),
        (
            {"log_version": 1, "system": "x", "setup": [], "entries": []},
            "'setup' must be an object",
        ),
        ({"log_version": 1, "system": "x"}, "needs an 'entries' list"),
        ({"log_version": 1, "system": "x", "entries": [{"action": None}]}, "entry 1 is malformed"),
        (
            {"log_version": 1, "system": "x", "entries": [{"index": 2}, {"index": 2}]},
            "must increase: 2 follows 2",
        ),
        ({"log_version": 1, "system": "x", "entries": [{"index": 0}]}, "start at 1"),
        (
            {
                "log_version": 1,
                "system": "x",
                "entries": [
                    {"index": 1, "events": [{"kind": "table.reverted", "payload": {"reverts": 1}}]}
                ],
            },
            "reverts an entry that is not earlier",
        ),
        ({"log_version": 1, "system": "x", "entries": [], "snapshot": 3}, "'snapshot' must be"),
    ],
)
def test_bad_logs_are_refused_saying_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(LogError, match=message):
        load_log(data)
