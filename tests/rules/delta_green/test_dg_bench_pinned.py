"""The bench attacks (`rules.delta_green.BENCH`) give exactly the pinned events and state changes.

The fixture `bench_events.json` was recorded before the speed work on resolve/apply, so a speed
trick that changes an outcome, a log line, a die's purpose or a state change fails here. It was
recorded before the log lines were messages too: each event is compared without its `msg` (the
line as a message id and parameters), whose English must then be the pinned text word for word.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from rules.core.dice import SeededDice
from rules.core.system import Event
from rules.delta_green import BENCH, SYSTEM

SEEDS = range(40)  # misses, hits to every location, impales and a jam (seed 23)
FIXTURE = Path(__file__).with_name("bench_events.json")


def prepared(bench: Mapping[str, Any]) -> Any:
    """The state after the bench's prelude, as bench/rules.py builds it."""
    state = SYSTEM.start(bench["setup"])
    for n, action in enumerate(bench.get("prelude", ())):
        for event in SYSTEM.resolve(state, action, SeededDice(n)):
            state = SYSTEM.apply(state, event)
    return state


def _flat(value: Any, path: str = "") -> dict[str, Any]:
    if isinstance(value, dict) and value:
        out: dict[str, Any] = {}
        for key, inner in value.items():
            out.update(_flat(inner, f"{path}/{key}"))
        return out
    return {path: value}


def changes(before: Any, after: Any) -> dict[str, Any]:
    """Every leaf path the action changed, added (new value) or removed (`"<removed>"`)."""
    old, new = _flat(before), _flat(after)
    diff = {path: value for path, value in new.items() if old.get(path, ...) != value}
    diff.update({path: "<removed>" for path in old.keys() - new.keys()})
    return dict(sorted(diff.items()))


PINNED = json.loads(FIXTURE.read_text(encoding="utf-8"))
MESSAGE_KEYS = ("msg", "redacted_msg")


def recorded(event: Event) -> dict[str, Any]:
    """The event as the fixture holds it: everything but its line as a message."""
    return {k: v for k, v in event.to_json().items() if k not in MESSAGE_KEYS}


@pytest.mark.parametrize("index", range(len(BENCH)))
def test_bench_attack_events_and_state_changes_are_pinned(index: int) -> None:
    """DG-GEN-3, DG-AUTO-4, COC-MAL-1, COC-IMPALE-2: the same seeds give the same log and state."""
    bench, pinned = BENCH[index], PINNED[index]
    assert pinned["name"] == bench["name"]
    state = prepared(bench)
    for run in pinned["runs"]:
        events = SYSTEM.resolve(state, bench["action"], SeededDice(run["seed"]))
        after = state
        for event in events:
            after = SYSTEM.apply(after, event)
        assert [recorded(event) for event in events] == run["events"], f"seed {run['seed']}"
        for event in events:
            assert event.msg is not None
            assert event.msg.english() == event.text
        assert changes(SYSTEM.dump(state), SYSTEM.dump(after)) == run["changes"], run["seed"]


def test_pinned_runs_cover_miss_hit_impale_and_jam() -> None:
    """The fixture is worth pinning: it holds every kind of outcome of a single shot."""
    texts = " ".join(e["text"] for run in PINNED[1]["runs"] for e in run["events"])
    for outcome in (": miss", ": hit;", "impale", "jams"):
        assert outcome in texts


def record() -> str:
    """The fixture's text for the current code, one line per run (a change diffs by seed)."""
    benches = []
    for bench in BENCH:
        state = prepared(bench)
        runs = []
        for seed in SEEDS:
            events = SYSTEM.resolve(state, bench["action"], SeededDice(seed))
            after = state
            for event in events:
                after = SYSTEM.apply(after, event)
            run = {
                "seed": seed,
                "events": [recorded(event) for event in events],
                "changes": changes(SYSTEM.dump(state), SYSTEM.dump(after)),
            }
            runs.append(json.dumps(run, sort_keys=True, ensure_ascii=False))
        lines = ",\n  ".join(runs)
        benches.append(f'{{"name": {json.dumps(bench["name"])}, "runs": [\n  {lines}\n]}}')
    return "[\n" + ",\n".join(benches) + "\n]\n"


if __name__ == "__main__":  # only when an outcome is meant to change: python <this file>
    FIXTURE.write_text(record(), encoding="utf-8")
