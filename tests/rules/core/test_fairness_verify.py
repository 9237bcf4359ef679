"""Fairness: re-running a log with its revealed seed confirms each roll, catches a changed one."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.dice import RollRecord, SeededDice, commitment, derive_seed
from rules.core.fairness import verify, verify_log
from rules.core.log import Entry, Log, fold, last_revertible, load_log
from rules.core.system import Action, Event, GameSystem
from rules.core.table import chat_action, resolve_table_action, revert_event

SEED = "a revealed secret"


def play(system: GameSystem, setup: dict[str, object], actions: list[Action | int]) -> list[Entry]:
    """Run actions the way the table server does; an int n is the GM undoing entry n."""
    entries: list[Entry] = []
    for index, action in enumerate(actions, start=1):
        if isinstance(action, int):
            entries.append(Entry(index, None, (revert_event(action),)))
            continue
        state = fold(system, setup, entries)
        events = system.resolve(state, action, SeededDice(derive_seed(SEED, index)))
        entries.append(Entry(index, action, tuple(events)))
    return entries


ADD = Action("counter.add", "pip")


def _session(counter: GameSystem) -> list[Entry]:
    return play(
        counter,
        {"start": 90},
        [ADD, chat_action("pip", "/roll 3d6+2"), ADD, 1, ADD, chat_action("gm", "/gmroll d%"), ADD],
    )


def test_an_honest_log_verifies(counter: GameSystem) -> None:
    entries = _session(counter)
    report = verify(counter, {"start": 90}, entries, SEED)

    assert report.ok
    assert (report.checked, report.skipped, report.entry) == (6, 1, None)
    assert report.to_json() == {"ok": True, "checked": 6, "skipped": 1, "entry": None, "detail": ""}


def test_a_tampered_die_fails_verification_naming_the_entry(counter: GameSystem) -> None:
    entries = _session(counter)
    target = entries[2]
    event = target.events[0]
    honest = event.dice[0].value
    forged = RollRecord("amount d6", 6, 6 if honest != 6 else 1)
    entries[2] = dataclasses.replace(target, events=(dataclasses.replace(event, dice=(forged,)),))

    report = verify(counter, {"start": 90}, entries, SEED)

    assert not report.ok
    assert report.entry == 3
    assert report.detail == (
        f"events[0].dice[0].value: recorded {forged.value}, re-run gives {honest}"
    )


def test_a_tampered_table_roll_fails_verification(counter: GameSystem) -> None:
    entries = _session(counter)
    roll = entries[1].events[0]
    forged = dataclasses.replace(roll, payload={**roll.payload, "total": 99})
    entries[1] = dataclasses.replace(entries[1], events=(forged,))

    report = verify(counter, {"start": 90}, entries, SEED)

    assert (report.ok, report.entry) == (False, 2)
    assert report.detail.startswith("events[0].payload.total: recorded 99, re-run gives ")


def test_the_wrong_seed_fails_at_the_first_roll(counter: GameSystem) -> None:
    report = verify(counter, {"start": 90}, _session(counter), "a guess")
    assert (report.ok, report.entry) == (False, 1)


def test_verification_uses_the_state_before_each_entry_honouring_earlier_undos(
    counter: GameSystem,
) -> None:
    """Entry 5 was resolved after entry 1 was undone: its `before` must be the total without it."""
    entries = _session(counter)
    assert entries[4].events[0].payload["before"] == 90 + entries[2].events[0].payload["amount"]
    assert verify(counter, {"start": 90}, entries, SEED).ok


def test_extra_or_missing_events_and_keys_are_named(counter: GameSystem) -> None:
    entries = _session(counter)
    extra = Event("counter.added", {"amount": 1, "before": 0})
    padded = [dataclasses.replace(entries[0], events=(*entries[0].events, extra)), *entries[1:]]
    report = verify(counter, {"start": 90}, padded, SEED)
    assert report.detail == "events: 2 recorded, 1 on re-run"

    event = entries[0].events[0]
    payload = {**event.payload, "bonus": 1}
    changed = [
        dataclasses.replace(entries[0], events=(dataclasses.replace(event, payload=payload),)),
        *entries[1:],
    ]
    report = verify(counter, {"start": 90}, changed, SEED)
    assert report.detail == "events[0].payload.bonus: only the recorded events have it"


def test_an_action_the_rules_now_refuse_fails_verification(counter: GameSystem) -> None:
    forged = [Entry(1, Action("counter.jump", "pip"), (Event("counter.jumped"),))]
    report = verify(counter, {}, forged, SEED)
    assert (report.ok, report.entry) == (False, 1)
    assert report.detail == "re-running it was refused: no action counter.jump"


def test_the_seed_must_match_the_published_commitment(counter: GameSystem) -> None:
    entries = _session(counter)
    assert verify(counter, {"start": 90}, entries, SEED, commitment(SEED)).ok
    report = verify(counter, {"start": 90}, entries, SEED, commitment("other"))
    assert not report.ok
    assert report.detail == "the seed does not match the published commitment"


def test_verify_log_of_a_chat_table_from_json() -> None:
    entries = []
    lines = ["/roll 6d10>=8", "hello", "/gmroll 1d20+3", "I hit [[1d20+5]] for [[2d6]]"]
    for index, line in enumerate(lines, start=1):
        action = chat_action("pip", line)
        events = resolve_table_action(action, SeededDice(derive_seed(SEED, index)))
        entries.append(Entry(index, action, tuple(events)))
    log = Log("chat", {"title": "t"}, tuple(entries), commitment=commitment(SEED))
    data = json.loads(json.dumps(log.to_json()))
    data["entries"][0]["events"][0]["dice"][2]["value"] = (
        11 - data["entries"][0]["events"][0]["dice"][2]["value"]
    )

    assert verify_log(log, SEED).ok
    bad = verify_log(load_log(data), SEED)
    assert (bad.ok, bad.entry) == (False, 1)
    assert bad.detail.startswith("events[0].dice[2].value")
    # an inline roll in a said line verifies like a /roll, and a changed face is caught
    data = json.loads(json.dumps(log.to_json()))
    data["entries"][3]["events"][0]["dice"][0]["value"] = (
        21 - data["entries"][3]["events"][0]["dice"][0]["value"]
    )
    bad = verify_log(load_log(data), SEED)
    assert (bad.ok, bad.entry) == (False, 4)


@pytest.mark.parametrize("index", [1, 2, 3])
def test_each_entry_has_its_own_dice_stream(index: int) -> None:
    a = SeededDice(derive_seed(SEED, index)).roll(100, "x")
    b = SeededDice(derive_seed(SEED, index)).roll(100, "x")
    assert a == b


def test_an_action_that_breaks_the_system_fails_verification(counter: GameSystem) -> None:
    forged = [Entry(1, Action("counter.set", "pip", {}), (Event("counter.added"),))]
    report = verify(counter, {}, forged, SEED)
    assert (report.ok, report.entry) == (False, 1)
    assert report.detail == "re-running it failed: KeyError('value')"


@settings(max_examples=40, deadline=None)
@given(
    steps=st.lists(st.sampled_from(["add", "roll", "say", "undo"]), min_size=1, max_size=12),
    seed=st.text(min_size=1, max_size=8),
    pick=st.integers(0, 1000),
)
def test_any_honest_session_verifies_and_any_changed_die_is_caught(
    counter: GameSystem, steps: list[str], seed: str, pick: int
) -> None:
    entries: list[Entry] = []
    for index, step in enumerate(steps, start=1):
        if step == "undo":
            target = last_revertible(entries)
            if target is not None:
                entries.append(Entry(index, None, (revert_event(target.index),)))
                continue
            step = "say"
        action = {
            "add": ADD,
            "roll": chat_action("pip", "/roll 2d6+1"),
            "say": chat_action("pip", "hi"),
        }[step]
        state = fold(counter, {}, entries)
        if step == "add" and state["total"] >= 100:
            action = chat_action("pip", "full")
        events = counter.resolve(state, action, SeededDice(derive_seed(seed, index)))
        entries.append(Entry(index, action, tuple(events)))

    assert verify(counter, {}, entries, seed).ok

    rolled = [e for e in entries if any(ev.dice for ev in e.events)]
    if not rolled:
        return
    target = rolled[pick % len(rolled)]
    event = target.events[0]
    die = event.dice[0]
    forged = die._replace(value=die.value % die.sides + 1)
    changed = dataclasses.replace(event, dice=(forged, *event.dice[1:]))
    tampered = [
        dataclasses.replace(e, events=(changed, *e.events[1:])) if e is target else e
        for e in entries
    ]
    report = verify(counter, {}, tampered, seed)
    assert (report.ok, report.entry) == (False, target.index)
