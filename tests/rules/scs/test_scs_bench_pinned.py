"""The bench's typical resolution (B5 overruns R4, T-20) pinned event by event before any speed
work: outcomes, texts, dice records and the state they fold into must not change (SCS-ENG-1)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from rules.core.dice import SeededDice
from rules.core.system import Event
from rules.scs import BENCH, SYSTEM
from rules.scs.secrecy import HIDDEN_KIND


def bench_state() -> dict[str, Any]:
    state = SYSTEM.start(BENCH["setup"])
    for n, action in enumerate(BENCH["prelude"]):
        for event in SYSTEM.resolve(state, action, SeededDice(n)):
            state = SYSTEM.apply(state, event)
    return state


def record(event: Event) -> list[Any]:
    """An event as pinned before its changes were carried (issue 31): what happened, as said."""
    dice = [[d.purpose, d.sides, d.value] for d in event.dice]
    said = {k: v for k, v in event.payload.items() if k != "changes"}
    return [event.kind, said, event.text, dice, event.audience, event.redacted_text]


def told(events: list[Event]) -> list[Event]:
    """The events as told before issue 31: without the GM-only part of what they change."""
    return [e for e in events if e.kind != HIDDEN_KIND]


def test_seed_0_resolves_to_these_events_exactly_scs_ovr_2_3_crt_3() -> None:
    events = SYSTEM.resolve(bench_state(), BENCH["action"], SeededDice(0))
    assert [e.payload["changes"] for e in events[1:]] == [
        [
            ["set", ["units", "B5", "step"], 1],
            ["add", ["combat", "done"], "attacker_losses"],
            ["set", ["steps_lost", "blue"], 1],
        ],
        [
            ["set", ["units", "R4", "hex"], None],
            ["set", ["units", "R4", "status"], "eliminated"],
            ["del", ["stacks", "05.05"]],
            ["add", ["combat", "done"], "defender_losses"],
            ["set", ["steps_lost", "red"], 1],
        ],
        [
            ["set", ["units", "B5", "hex"], "05.05"],
            ["del", ["stacks", "04.05"]],
            ["set", ["stacks", "05.05"], ["B5"]],
            ["add", ["combat", "done"], "advance"],
        ],
        [["set", ["combat"], None]],
        # SCS-FOW-1: where the overrunner's next move starts is Blue's to know (and the GM's)
        [
            ["set", ["units", "B5", "origin"], "05.05"],
            ["set", ["units", "B5", "origin_mp"], "13/2"],
        ],
    ]
    assert (events[-1].kind, events[-1].audience, events[-1].redacted_text) == (
        HIDDEN_KIND,
        "gm",
        None,
    )
    figures = {
        "attackers": [{"unit": "B5", "printed": 6, "modifiers": [], "strength": "6"}],
        "defenders": [{"unit": "R4", "printed": 3, "modifiers": [], "strength": "3"}],
        "attack": "6",
        "defense": "3",
        "shift": 0,
        "shifts": [],
        "drm": 0,
        "odds": "2:1",
        "column": "2:1",
        "base_column": "2:1",
        "column_index": 3,
        "roll": 8,
        "modified_roll": 8,
    }
    assert [record(e) for e in told(events)] == [
        [
            "attack.resolved",
            {"target": "05.05", "result": "AL1/DL1", "figures": figures},
            "Combat at 05.05: A 6 : D 3 → odds 2:1 (column 2:1, no shift → 2:1); "
            "2d6 = 4 + 4 = 8: AL1/DL1",
            [["CRT die 1", 6, 4], ["CRT die 2", 6, 4]],
            "all",
            None,
        ],
        [
            "losses.taken",
            {"side": "blue", "stage": "attacker_losses", "losses": ["B5"]},
            "Blue: B5 loses 1 step (SCS-STEP-1)",
            [],
            "all",
            None,
        ],
        [
            "losses.taken",
            {"side": "red", "stage": "defender_losses", "losses": ["R4"]},
            "Red: R4 loses 1 step and is eliminated (SCS-STEP-1)",
            [],
            "all",
            None,
        ],
        [
            "advance.moved",
            {"units": ["B5"], "hex": "05.05", "forced": True, "mp_cost": "0"},
            "B5 must enter 05.05 at no MP cost (SCS-OVR-3)",
            [],
            "all",
            None,
        ],
        ["combat.ended", {"target": "05.05"}, "Combat at 05.05 is over", [], "all", None],
    ]


def test_two_hundred_seeds_give_the_pinned_events_and_states() -> None:
    """A digest of every event and of the state each resolution folds into, seeds 0-199 (the
    digest pinned before the events carried their changes: the same events, the same states)."""
    state = bench_state()
    digest = hashlib.sha256()
    results = set()
    for seed in range(200):
        events = SYSTEM.resolve(state, BENCH["action"], SeededDice(seed))
        after = state
        for event in events:
            after = SYSTEM.apply(after, event)
        results.add(events[0].payload["result"])
        digest.update(json.dumps([record(e) for e in told(events)], sort_keys=True).encode())
        digest.update(json.dumps(SYSTEM.dump(after), sort_keys=True).encode())
    assert results == {"AL1", "Ao1", "NE", "AL1/DL1", "Do1", "DL1", "DL1o1"}  # column 2:1
    assert digest.hexdigest() == "2be4f3bd01b12cd18b9984f94cab2f70a4b1d2d97ec47fc89254a7036bebc4ef"
