"""Rules-engine throughput on one core: resolve+apply per system, hex reachable sets, baselines.

Run: `.venv/bin/python bench/rules.py [--seconds 2] [--markdown]` from the repository root.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.core import notation
from rules.core.dice import Dice, SeededDice
from rules.core.jsonstate import update_in
from rules.core.notation import DiceExpr
from rules.core.registry import KNOWN, bench_cases, get_system
from rules.core.system import Action, Event, GameSystem
from rules.core.table import resolve_table_action

TARGET_ATTACKS = 20_000  # resolutions/s for a single percentile or d20 attack (issue 3)
TARGET_REACHABLE = 2_000  # reachable-set computations/s, MA 8 on 40×30 (issue 3)


def rate(work: Callable[[int], object], seconds: float) -> float:
    """Calls of `work(i)` per CPU second of this process (so other load on the machine matters
    less than with wall time), measured over about `seconds` of CPU time after a warm-up."""
    for i in range(20):
        work(i)
    done, start = 0, time.process_time()
    while True:
        for _ in range(50):
            work(done)
            done += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def prepare(system: GameSystem, bench: Mapping[str, Any]) -> tuple[Any, Action]:
    """The state after the bench's prelude actions, and the action to time."""
    state = system.start(bench["setup"])
    for n, action in enumerate(bench.get("prelude", ())):
        for event in system.resolve(state, action, SeededDice(n)):
            if not event.kind.startswith("table."):
                state = system.apply(state, event)
    return state, bench["action"]


def resolve_and_apply(system: GameSystem, state: Any, action: Action) -> Callable[[int], object]:
    """One timed unit: fresh seeded dice, resolve, apply every event (what the server does)."""

    def work(i: int) -> object:
        events = system.resolve(state, action, SeededDice(i))
        after = state
        for event in events:
            if not event.kind.startswith("table."):
                after = system.apply(after, event)
        return after

    return work


def reference_attack() -> Callable[[int], object]:
    """A lean d20 attack on the core helpers: the room the core leaves for one resolution."""
    sheet = {"skills": {f"skill{n}": 40 for n in range(30)}, "gear": ["knife", "pistol"] * 5}
    state = {
        "round": 1,
        "combatants": {
            f"c{n}": {"hp": 30, "dex": 5, "evasion": 12, "tags": [], "sheet": dict(sheet)}
            for n in range(10)
        },
    }

    def resolve(state: dict[str, Any], dice: Dice) -> list[Event]:
        attacker, target = state["combatants"]["c0"], state["combatants"]["c1"]
        natural = dice.roll(20, "hit d20")
        total = natural + attacker["dex"]
        # ACE-HIT-2/3 shape: a natural 1 misses, a natural 20 hits, else beat the evasion.
        hit = natural == 20 or (natural != 1 and total > target["evasion"])
        damage = dice.roll(8, "damage d8") + 3 if hit else 0
        payload = {"target": "c1", "natural": natural, "total": total, "damage": damage}
        text = f"c0 attacks c1: {natural}+{attacker['dex']}={total}, {damage} damage"
        return [Event("attack.resolved", payload, text, tuple(dice.records))]

    def apply(state: dict[str, Any], event: Event) -> Any:
        damage = event.payload["damage"]
        return update_in(
            state, ("combatants", event.payload["target"], "hp"), lambda hp: hp - damage
        )

    def work(i: int) -> object:
        after = state
        for event in resolve(state, SeededDice(i)):
            after = apply(after, event)
        return after

    return work


def hex_reachable() -> list[tuple[str, Callable[[int], object], str]]:
    """MA 8 reachable sets on a 40×30 hex map of mixed terrain with some river hexsides."""
    from rules.geometry.hex import HexGrid
    from rules.geometry.paths import adjacency, reachable, reachable_in

    grid = HexGrid(40, 30)
    rng = random.Random(2024)
    # clear 1, rough/forest 2, hills 3, swamp 4, lake impassable; rivers cost +2 to cross
    kinds = [1] * 50 + [2] * 30 + [3] * 10 + [4] * 7 + [None] * 3
    cost = {cell: rng.choice(kinds) for cell in sorted(grid.cells)}
    rivers = {
        (a, b)
        for a in sorted(grid.cells)
        for b in grid.neighbours(a)
        if a < b and rng.random() < 0.05
    }

    def hexside(a: tuple[int, int], b: tuple[int, int]) -> float | None:
        return 2 if ((a, b) if a < b else (b, a)) in rivers else 0

    step = grid.step_cost(cost.get, hexside)
    starts = sorted(c for c in grid.cells if cost[c] is not None)
    rng.shuffle(starts)
    sizes = [len(grid.reachable(s, step, 8)) for s in starts[:50]]
    detail = f"mean set {sum(sizes) / len(sizes):.0f} hexes"
    neighbours = {c: tuple(grid.neighbours(c)) for c in grid.cells}
    edge = {(a, b): step(a, b) for a in grid.cells for b in neighbours[a]}
    table = adjacency(grid.cells, grid.neighbours, step)
    assert reachable_in(table, starts[0], 8) == grid.reachable(starts[0], step, 8)
    assert grid.reachable(starts[0], step, 8, key="mixed") == grid.reachable(starts[0], step, 8)

    return [
        (
            "hex: HexGrid.reachable, no key (reference Dijkstra)",
            lambda i: grid.reachable(starts[i % len(starts)], step, 8),
            detail,
        ),
        (
            "hex: HexGrid.reachable, key= (cached movement table)",
            lambda i: grid.reachable(starts[i % len(starts)], step, 8, key="mixed"),
            f"{detail}; table built once per map and mover class",
        ),
        (
            "hex: paths.reachable, cached neighbours and step costs",
            lambda i: reachable(
                starts[i % len(starts)], neighbours.__getitem__, lambda a, b: edge[(a, b)], 8
            ),
            detail,
        ),
        (
            "hex: paths.reachable_in over a cached adjacency",
            lambda i: reachable_in(table, starts[i % len(starts)], 8),
            f"{detail}; the table is built once per map and mover",
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    parser.add_argument("--markdown", action="store_true", help="print a markdown table too")
    args = parser.parse_args()

    rows: list[tuple[str, float, str]] = []

    rng = random.Random(1)
    rows.append(
        ("baseline: random.randint(1, 100)", rate(lambda i: rng.randint(1, 100), args.seconds), "")
    )
    rows.append(
        (
            "baseline: SeededDice(i) + one d100",
            rate(lambda i: SeededDice(i).roll(100, "x"), args.seconds),
            "",
        )
    )

    parse_uncached = notation._parse.__wrapped__
    rows.append(
        (
            "notation: parse 4d6kh3+1d8-2 (uncached)",
            rate(lambda i: parse_uncached(f"4d6kh3+1d8-{i % 9 + 1}"), args.seconds),
            "",
        )
    )
    d20 = DiceExpr.parse("1d20+5")
    rows.append(
        ("notation: 1d20+5 rolled", rate(lambda i: d20.roll(SeededDice(i)), args.seconds), "")
    )
    roll = Action("table.roll", "bench", {"expr": "1d20+5"})
    rows.append(
        (
            "table.roll 1d20+5 (parse+roll+event)",
            rate(lambda i: resolve_table_action(roll, SeededDice(i)), args.seconds),
            "",
        )
    )

    rows.append(
        (
            "reference: lean d20 attack on core helpers",
            rate(reference_attack(), args.seconds),
            "resolve+apply",
        )
    )

    for key in sorted(KNOWN):
        system = get_system(key)
        for n, bench in enumerate(bench_cases(key)):
            state, action = prepare(system, bench)
            label = bench.get("name") or f"{action.kind} {dict(action.params)}"
            per_second = rate(resolve_and_apply(system, state, action), args.seconds)
            rows.append((f"{key}: {label}", per_second, f"bench {n + 1}, resolve+apply"))

    for name, work, detail in hex_reachable():
        rows.append((f"{name} (MA 8, 40×30)", rate(work, args.seconds), detail))

    width = max(len(name) for name, _, _ in rows)
    python = f"Python {platform.python_version()} on {platform.machine()}"
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{python}, one core, {args.seconds:g} CPU s per figure, load average {load}")
    for name, per_second, note in rows:
        print(f"{name:<{width}}  {per_second:>12,.0f} /s  {note}")
    print(f"targets: attacks >= {TARGET_ATTACKS:,}/s, reachable sets >= {TARGET_REACHABLE:,}/s")
    if args.markdown:
        print("\n| measurement | per second | note |\n|---|---:|---|")
        for name, per_second, note in rows:
            print(f"| {name} | {per_second:,.0f} | {note} |")


if __name__ == "__main__":
    main()
