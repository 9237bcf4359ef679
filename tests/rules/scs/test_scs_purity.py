"""resolve and apply never change the state they are given (SCS-ENG-1: the state is the fold of
the events); applying an event's changes gives the state the old apply gave (a full copy + the
event's handler, vtt/eventlog/legacy/scs.py); the fast move search (cached movement table,
SCS-3.0/3.2a/2.1a/TEC-2) equals the reference search."""

from __future__ import annotations

import copy
import heapq
import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scs_helpers import arrange, game
from test_scs_playthrough import check_invariants, choose

from rules.core.changes import apply
from rules.core.dice import SeededDice
from rules.core.system import Event
from rules.geometry.hex import Hex
from rules.scs import BENCH as SYSTEM_BENCH
from rules.scs import SYSTEM, board, figures, fold, reach
from rules.scs import state as scs_state
from rules.scs.crt import fmt
from rules.scs.scenario import Scenario
from rules.scs.secrecy import HIDDEN_KIND
from vtt.eventlog.legacy import scs as legacy


def reference_apply(state: dict[str, Any], event: Event) -> dict[str, Any]:
    """The old apply: a deep copy of the whole state, then the event's handler (frozen)."""
    return legacy.legacy_apply(copy.deepcopy(state), event.kind, dict(event.payload))


@pytest.mark.parametrize("seed", [4, 7, 14])
def test_resolve_and_apply_never_change_their_input_in_whole_random_games(seed: int) -> None:
    """SCS-ENG-1: every resolve and apply of a random legal game leaves its inputs unchanged."""
    rng = random.Random(seed)
    state = SYSTEM.start({"scenario": "halden_crossing"})
    kinds: set[str] = set()
    for step in range(3000):
        if state["phase"] == "over":
            break
        action = choose(rng, state)
        assert action is not None
        before = copy.deepcopy(state)
        events = SYSTEM.resolve(state, action, SeededDice(seed * 10_000 + step))
        assert state == before, f"resolve({action.kind}) changed its state"
        reference = before
        for event in events:
            payload = copy.deepcopy(dict(event.payload))
            after = SYSTEM.apply(state, event)
            assert state == before, f"apply({event.kind}) changed its state"
            assert dict(event.payload) == payload, f"apply({event.kind}) changed its event"
            if event.kind != HIDDEN_KIND:  # its changes belong to the event before it
                reference = reference_apply(reference, event)
            kinds.add(event.kind)
            state, before = after, copy.deepcopy(after)
        assert state == reference
        check_invariants(state)
    assert state["phase"] == "over"
    assert {"unit.moved", "attack.resolved", "losses.taken", "retreat.moved"} <= kinds


@pytest.mark.parametrize("seed", range(12))
def test_a_scratch_state_equals_the_fold_of_its_events(seed: int) -> None:
    """The private scratch state resolve works on ends where applying its events ends."""
    state = game()
    for action in [*SYSTEM_BENCH["prelude"], SYSTEM_BENCH["action"]]:
        events = SYSTEM.resolve(state, action, SeededDice(seed))
        scratch = fold.Scratch(state)
        folded = state
        for event in events:
            if event.kind != HIDDEN_KIND:  # the scratch tells it again after its event
                without = {k: v for k, v in event.payload.items() if k != "changes"}
                scratch.emit_event(replace(event, payload=without))
            folded = SYSTEM.apply(folded, event)
        assert scratch.state == folded
        assert scratch.events == events
        state = folded
    assert "attack.resolved" in {e.kind for e in events}


def reference_movement_options(
    scn: Scenario, state: dict[str, Any], uids: list[str]
) -> dict[str, dict[str, Any]]:
    """The move search over neighbours and per-edge step costs, one MP sum per unit (no cached
    movement table, no merging of units by movement class)."""
    start_label = state["units"][uids[0]]["hex"]
    origin = scn.grid.cell(start_label)
    side = scn.units[uids[0]].side
    enemy_zoc = board.ezoc(scn, state, side)
    scale, _ = board.scaled_costs(scn)
    ezoc_cost = int(scn.ezoc_entry_cost * scale)
    enemy_cells = {
        scn.grid.cell(label)
        for label, ids in state["stacks"].items()
        if ids and scn.units[ids[0]].side != side
    }
    classes = [scn.units[u].move_class for u in uids]
    budgets = [int(board.mp_left(scn, state, u) * scale) for u in uids]
    spent0 = {u: board.mp_spent(state, u) for u in uids}
    # PD-10: a label is one MP sum per unit; a hex keeps every label no other one there beats
    # for every unit (a Pareto front); labels leave the queue by summed MP, then by age.
    cells: list[Hex] = [origin]
    vectors: list[tuple[int, ...]] = [tuple(0 for _ in uids)]
    parents: list[int] = [-1]
    front: dict[Hex, list[int]] = {origin: [0]}
    dead: set[int] = set()
    first: dict[Hex, int] = {}
    frontier: list[tuple[int, int]] = [(0, 0)]
    n = len(uids)
    while frontier:
        _, lid = heapq.heappop(frontier)
        if lid in dead:
            continue
        here = cells[lid]
        first.setdefault(here, lid)
        for nxt in scn.grid.neighbours(here):
            if nxt in enemy_cells:
                continue
            extra = ezoc_cost if nxt in enemy_zoc else 0
            costs = []
            for i in range(n):
                c = board.scaled_terrain_cost(scn, classes[i], here, nxt)
                if c is None or vectors[lid][i] + c + extra > budgets[i]:
                    break
                costs.append(vectors[lid][i] + c + extra)
            else:
                new = tuple(costs)
                others = front.get(nxt, [])
                if any(all(a <= b for a, b in zip(vectors[o], new, strict=True)) for o in others):
                    continue
                beaten = {
                    o for o in others if all(b <= a for a, b in zip(vectors[o], new, strict=True))
                }
                dead |= beaten
                cells.append(nxt)
                vectors.append(new)
                parents.append(lid)
                front[nxt] = [o for o in others if o not in beaten] + [len(cells) - 1]
                heapq.heappush(frontier, (sum(new), len(cells) - 1))
    labels = {c: vectors[first[c]] for c in front}
    found: dict[str, dict[str, Any]] = {}
    for cell_, spent in labels.items():
        if cell_ == origin:
            continue
        path, lid = [], first[cell_]
        while lid:
            path.append(cells[lid])
            lid = parents[lid]
        path.reverse()
        found[scn.label(cell_)] = {
            "path": [scn.label(c) for c in path],
            "cost": fmt(Fraction(max(spent), scale)),
            "mp": {u: fmt(spent0[u] + Fraction(spent[i], scale)) for i, u in enumerate(uids)},
            "minimum": False,
        }
    reach.add_minimum_moves(scn, state, side, origin, uids, found)  # SCS-3.1e, not searched
    return found


SCN = scs_state.scenario_of(game())
CELLS = sorted(SCN.grid.cells)
UNITS = sorted(SCN.units)


@settings(max_examples=150, deadline=None)
@given(
    moves=st.lists(st.tuples(st.sampled_from(UNITS), st.sampled_from(CELLS)), max_size=8),
    oos=st.lists(st.sampled_from(UNITS), max_size=4),
    spent=st.lists(st.tuples(st.sampled_from(UNITS), st.sampled_from(["1/2", "1", "3"]))),
    side=st.sampled_from(["blue", "red"]),
)
def test_the_fast_move_search_equals_the_reference_on_random_positions_scs_3_2a_2_1a(
    moves: list[tuple[str, Hex]], oos: list[str], spent: list[tuple[str, str]], side: str
) -> None:
    """SCS-3.0/3.2a/2.1a/3.3a/3.1e: same hexes, paths, MP and order for every stack and unit."""
    state = game()
    for uid, cell in moves:
        ids = state["stacks"].get(SCN.label(cell), [])
        if not ids or SCN.units[ids[0]].side == SCN.units[uid].side:
            state = arrange(state, **{uid: SCN.label(cell)})
    for uid in oos:
        state["units"][uid]["oos"] = True
    for uid, mp in spent:
        state["units"][uid]["mp"] = mp
        state["units"][uid]["origin"] = state["units"][uid]["hex"]
    for ids in state["stacks"].values():
        if SCN.units[ids[0]].side != side:
            continue
        for group in [ids, *([u] for u in ids)]:
            fast = reach.movement_options(SCN, state, list(group))
            slow = reference_movement_options(SCN, state, list(group))
            assert fast == slow
            assert list(fast) == list(slow)


def test_apply_only_writes_the_changes_an_event_carries_scs_eng_1() -> None:
    """SCS's apply is the core one: the state after the bench's events is the old fold of them,
    whatever state object they are applied to, and an event without changes changes nothing."""
    assert SYSTEM.apply is apply
    state = game()
    for action in SYSTEM_BENCH["prelude"]:
        for event in SYSTEM.resolve(state, action, SeededDice(0)):
            state = SYSTEM.apply(state, event)
    events = SYSTEM.resolve(state, SYSTEM_BENCH["action"], SeededDice(0))
    assert all(event.payload.get("changes") for event in events)
    chained, again = state, copy.deepcopy(state)
    for event in events:
        chained = SYSTEM.apply(chained, event)
        if event.kind != HIDDEN_KIND:
            again = legacy.legacy_apply(again, event.kind, event.payload)
    assert chained == again
    assert chained["combat"] is None
    bare = events[0].kind, {k: v for k, v in events[0].payload.items() if k != "changes"}
    assert SYSTEM.apply(state, Event(*bare)) is state


def test_remembered_combat_figures_follow_every_unit_input_scs_cbt_6_7() -> None:
    """combat_figures is remembered by kind, target, units and each unit's hex, step, supply and
    status: changing any of them gives fresh figures; each call gets a dict of its own."""
    state = game()
    for action in SYSTEM_BENCH["prelude"]:
        for event in SYSTEM.resolve(state, action, SeededDice(0)):
            state = SYSTEM.apply(state, event)
    scn, combat = scs_state.scenario_of(state), state["combat"]
    first = figures.combat_figures(scn, state, combat)
    first["roll"] = 12
    again = figures.combat_figures(scn, state, combat)
    assert again is not first
    assert "roll" not in again
    assert again["attack"] == "6"
    oos = copy.deepcopy(state)
    oos["units"]["B5"]["oos"] = True  # SCS-SUP-4: attack x 1/2
    assert figures.combat_figures(scn, oos, combat)["attack"] == "3"
    worn = copy.deepcopy(state)
    worn["units"]["B5"]["step"] = 1  # SCS-STEP-1: 3-2-8
    assert figures.combat_figures(scn, worn, combat)["attack"] == "3"
    weak = copy.deepcopy(state)
    weak["units"]["R4"]["oos"] = True  # PD-18: defense x 1, but the DRM "defender_oos" may read it
    assert figures.combat_figures(scn, weak, combat)["defenders"][0]["modifiers"] == [
        ["out of supply", "1"]
    ]
    town = {**combat, "target": "07.05", "defenders": ["R1"]}
    across = figures.combat_figures(scn, arrange(state, B5="06.04"), town)
    assert (across["attack"], across["defense"]) == ("3", "8")  # PD-17 river x 1/2, town x 2
    assert figures.combat_figures(scn, arrange(state, B5="07.04"), town)["attack"] == "6"
    assert figures.combat_figures(scn, state, combat) == again
