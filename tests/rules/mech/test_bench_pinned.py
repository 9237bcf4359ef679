"""The bench attacks' events pinned for fixed seeds, so speed work provably changes no outcome."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from typing import Any

import pytest
from mech_helpers import encounter, mech, play, sheet, sparring, turn

from rules.core.dice import RollRecord, SeededDice
from rules.core.system import Action, Event
from rules.mech import BENCH, SYSTEM
from rules.mech.context import new_event


def _bench_state() -> dict[str, Any]:
    state: dict[str, Any] = SYSTEM.start(BENCH["setup"])
    for n, action in enumerate(BENCH["prelude"]):
        for event in SYSTEM.resolve(state, action, SeededDice(n)):
            state = SYSTEM.apply(state, event)
    return state


def _digest(action: Action, seeds: range) -> str:
    """SHA-256 over every event's outcome (kind, payload with its changes, dice) per seed.

    The log line's words are left out: they are messages, translated and reworded freely, while
    what happened (the kinds, the payloads with their patches, the dice rolled) stays pinned.
    """
    state = _bench_state()
    digest = hashlib.sha256()
    for seed in seeds:
        events = SYSTEM.resolve(state, action, SeededDice(seed))
        blob = json.dumps([_outcome(e) for e in events], sort_keys=True)
        digest.update(blob.encode())
    return digest.hexdigest()


def _outcome(event: Event) -> dict[str, Any]:
    """What an event decided, without its words: kind, payload and dice."""
    return {
        "kind": event.kind,
        "payload": _as_patch(event.payload),
        "dice": [record.to_json() for record in event.dice],
    }


def _as_patch(payload: Mapping[str, Any]) -> dict[str, Any]:
    """The payload in the shape the pins were taken in, before the one state vocabulary (issue
    31): its "changes" (sets of unit fields and top-level fields) as the old "patch", so the same
    digests prove the same outcomes."""
    old = {k: v for k, v in payload.items() if k != "changes"}
    units: dict[str, dict[str, Any]] = {}
    top: dict[str, Any] = {}
    for op, path, value in payload.get("changes") or ():
        assert op == "set"
        if path[0] == "units" and len(path) == 3:
            units.setdefault(path[1], {})[path[2]] = value
        else:
            assert len(path) == 1
            top[path[0]] = value
    if units or top:
        old["patch"] = {**({"units": units} if units else {}), **({"state": top} if top else {})}
    return old


def unit_fields(event: Event, uid: str) -> dict[str, Any]:
    """The unit fields an event's changes set (["set", ["units", uid, field], value])."""
    return {
        path[2]: value
        for op, path, value in event.payload["changes"]
        if op == "set" and path[:2] == ["units", uid]
    }


def test_bench_carbine_miss_seed_1() -> None:
    """MECH-ATK-RANGED: seed 1 rolls d20 = 5 + skill 1 = 6 against evasion 8, a miss."""
    events = SYSTEM.resolve(_bench_state(), BENCH["action"], SeededDice(1))
    assert [e.kind for e in events] == ["attack.declared", "attack.rolled"]
    assert [e.text for e in events] == [
        "Latch attacks with K-12 Service Carbine: Sparring Mule A",
        "Latch: ranged attack on Sparring Mule A: d20 = 5 +1 +0 = 6 vs evasion 8: miss",
    ]
    assert [r.to_json() for r in events[1].dice] == [
        {"purpose": "ranged attack d20 on Sparring Mule A", "sides": 20, "value": 5}
    ]
    patch = unit_fields(events[0], "latch")
    assert patch["turn"]["ap"] == 1
    assert patch["turn"]["attacked"] == [0]
    assert [w["key"] for w in patch["weapons"]] == [
        "k12_carbine",
        "holdout_pistol",
        "cinder_pod",
        "breaker_maul",
    ]


def test_bench_carbine_critical_seed_5() -> None:
    """MECH-CRIT-1 / MECH-AMB-25: seed 5 rolls 20 + 1 = 21, damage 3 then 6, the higher kept."""
    state = _bench_state()
    events = SYSTEM.resolve(state, BENCH["action"], SeededDice(5))
    assert [e.text for e in events] == [
        "Latch attacks with K-12 Service Carbine: Sparring Mule A",
        "Latch: ranged attack on Sparring Mule A: d20 = 20 +1 +0 = 21 vs evasion 8: critical hit",
        "damage 1d6: 3; critical: second roll 6, the higher is kept (6)",
        "Sparring Mule A takes 6 damage (K-12 Service Carbine: 6 kinetic): HP 4/10",
    ]
    assert [(r.purpose, r.value) for r in events[2].dice] == [
        ("damage 1d6 d6", 3),
        ("critical damage 1d6 d6", 6),
    ]
    assert dict(events[2].payload) == {
        "unit": "latch",
        "amount": 3,
        "crit_amount": 6,
        "rule": "MECH-DMG-PIPE",
    }
    assert dict(events[3].payload) == {
        "unit": "spar_a",
        "amount": 6,
        "rule": "MECH-ACT-ATTACK",
        "raw": "6 kinetic",
        "steps": [],
        "changes": [["set", ["units", "spar_a", "hp"], 4]],
    }
    after = state
    for event in events:
        after = SYSTEM.apply(after, event)
    assert after["units"]["spar_a"]["hp"] == 4
    assert after["units"]["latch"]["turn"]["ap"] == 1


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (
            BENCH["action"],
            "bd860053d50d5f8443f84a7c41d3b153a57b26af0a86b055cb3331ddcd7e4da6",
        ),
        (
            Action("attack", "latch", {"weapon": "cinder_pod", "x": 12, "y": 6}),
            "608a94f0f4a4abbb7966500194caa163233f8100e552513fdace243eb6a17cb3",
        ),
        (
            Action("attack", "latch", {"weapon": "holdout_pistol", "target": "spar_a"}),
            "5152bd75dfcb6862d5ce40d58729dd76595e09121f6bf0e55fcaa8fbcdc7d850",
        ),
    ],
    ids=["carbine", "cinder_pod_blast", "holdout_pistol"],
)
def test_bench_attacks_events_are_pinned_for_300_seeds(action: Action, expected: str) -> None:
    """MECH-ACT-ATTACK / MECH-AOE-1: every outcome of 300 seeded resolutions, byte for byte."""
    assert _digest(action, range(300)) == expected


@pytest.mark.parametrize(
    ("damage", "faces", "bonus", "line"),
    [
        ("2d6+3", [4, 2], 2, "damage 2d6+3: 4 + 2 + 3 + 2 bonus = 11"),
        ("1d6-1", [4], 0, "damage 1d6-1: 4 - 1 = 3"),
        ("1d6", [5], 2, "damage 1d6: 5 + 2 bonus = 7"),
        ("3", [], 0, "damage 3: + 3"),
    ],
)
def test_damage_line_shows_each_face_and_term(
    damage: str, faces: list[int], bonus: int, line: str
) -> None:
    """MECH-DMG-PIPE / MECH-BONUS-1: the damage line lists faces, the modifier and bonus damage."""
    gun = {"name": "Test Gun", "size": "main", "kind": "ranged", "range": 10, "damage": damage}
    gun["type"] = "kinetic"
    attacker = sheet(mounts=[[gun], [], []])
    state = turn(
        encounter(
            mech("a", "A", 0, 0, attacker), mech("t", "B", 3, 0, sparring(pilot={"hull": 3}))
        ),
        "a",
    )
    _, events = play(state, "a", "attack", [12, *faces], weapon="test_gun", target="t", bonus=bonus)
    assert [e.text for e in events if e.kind == "damage.rolled"] == [line]


def test_new_event_is_the_event_the_dataclass_builds() -> None:
    """The speed path's events equal Event(...) field for field, and stay frozen."""
    dice = (RollRecord("damage 1d6 d6", 6, 4),)
    fast = new_event("damage.rolled", {"amount": 4}, "damage 1d6: 4", dice, "side:blue", "hidden")
    slow = Event("damage.rolled", {"amount": 4}, "damage 1d6: 4", dice, "side:blue", "hidden")
    assert fast == slow
    assert vars(fast) == vars(slow)
    assert [f.name for f in dataclasses.fields(Event)] == list(vars(fast))
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.text = "changed"  # type: ignore[misc]
