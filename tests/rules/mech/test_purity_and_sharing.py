"""Purity: resolve and apply never change their inputs; apply shares what an event leaves alone."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from mech_helpers import encounter, mech, turn
from test_properties import _params

from rules.core.dice import SeededDice
from rules.core.errors import RulesError
from rules.core.system import Action, Event
from rules.geometry.square import distance, footprint, supercover_line
from rules.mech import BENCH, SYSTEM
from rules.mech import state as st

SETUP = SYSTEM.demo()


def _bench_state() -> tuple[dict[str, Any], Action]:
    state = SYSTEM.start(BENCH["setup"])
    for n, action in enumerate(BENCH["prelude"]):
        for event in SYSTEM.resolve(state, action, SeededDice(n)):
            state = SYSTEM.apply(state, event)
    return state, BENCH["action"]


def test_bench_attack_resolve_and_apply_leave_their_inputs_alone() -> None:
    """MECH-ACT-ATTACK: the bench's carbine shot changes neither the state nor its events."""
    state, action = _bench_state()
    before = copy.deepcopy(state)
    for seed in range(40):
        events = SYSTEM.resolve(state, action, SeededDice(seed))
        assert state == before  # resolve does not mutate the state
        payloads = [copy.deepcopy(dict(e.payload)) for e in events]
        after = state
        for event in events:
            old = copy.deepcopy(after)
            new = SYSTEM.apply(after, event)
            assert after == old  # apply is pure: the old state is unchanged
            assert new is not after or not event.payload.get("changes")
            after = new
        assert [dict(e.payload) for e in events] == payloads  # nor are the events changed
        assert state == before


def test_apply_shares_the_units_and_map_an_event_does_not_touch() -> None:
    """MECH-DMG-PIPE: damage to one mech copies that mech only; the rest is shared."""
    state, action = _bench_state()
    for seed in range(30):
        events = SYSTEM.resolve(state, action, SeededDice(seed))
        dealt = [e for e in events if e.kind == "damage.dealt"]
        if dealt:
            break
    after = state
    for event in events:
        after = SYSTEM.apply(after, event)
    assert after["units"]["spar_a"]["hp"] < state["units"]["spar_a"]["hp"]
    assert after["map"] is state["map"]
    assert after["settings"] is state["settings"]
    for uid in ("brick", "spar_b"):
        assert after["units"][uid] is state["units"][uid]
    shooter, before = after["units"]["latch"], state["units"]["latch"]
    assert shooter is not before
    assert shooter["turn"] != before["turn"]
    assert shooter["stats"] is before["stats"]
    assert shooter["frame"] is before["frame"]


def test_apply_from_json_events_gives_the_same_state() -> None:
    """Events read back from the log (no shared objects) fold to the same state."""
    state, action = _bench_state()
    events = SYSTEM.resolve(state, action, SeededDice(3))
    direct, replayed = state, state
    for event in events:
        direct = SYSTEM.apply(direct, event)
        loaded = Event.from_json(json.loads(json.dumps(event.to_json())))
        replayed = SYSTEM.apply(replayed, loaded)
    assert direct == replayed


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hs.integers(0, 10**9), hs.integers(20, 50))
def test_random_play_never_mutates_the_state_nor_the_events(seed: int, steps: int) -> None:
    """Every resolve leaves the state as it was; every apply leaves state and event as they were."""
    rng = random.Random(seed)
    state = SYSTEM.start(SETUP)
    played = 0
    for index in range(1, steps + 1):
        actor = rng.choice(["gm", state["active"] or "gm", *SYSTEM.actors(state)])
        templates = [t.to_json() for t in SYSTEM.legal_actions(state, actor)]
        if not templates:
            continue
        template = rng.choice(templates)
        action = Action(template["kind"], actor, _params(rng, template, state, actor))
        before = copy.deepcopy(state)
        try:
            events = SYSTEM.resolve(state, action, SeededDice(seed + index))
        except RulesError:
            assert state == before
            continue
        assert state == before  # resolve does not mutate the state it is given
        played += 1
        for event in events:
            old_state, old_event = copy.deepcopy(state), copy.deepcopy(event.to_json())
            new = SYSTEM.apply(state, event)
            assert state == old_state  # apply does not mutate its input state
            assert event.to_json() == old_event  # nor the event
            state = new
    assert played >= steps // 5  # any seed plays more than a quarter of its steps


def _line_of_sight(state: dict[str, Any], source: tuple[int, int], target: Any) -> bool:
    """The straightforward reading of line_of_sight (before its squares were cached)."""
    own = st.cells(target)
    for cell in supercover_line(source, st.centre(target))[1:]:
        if cell in own:
            return True
        feature = st.terrain(state, cell)
        if feature is not None and feature["kind"] == "building":
            return False
    return True


def _cover(state: dict[str, Any], source: tuple[int, int], target: Any) -> str:
    """The straightforward reading of MECH-COVER-TABLE (before its squares were cached)."""
    best = "none"
    own = st.cells(target)
    candidates = [c for c in supercover_line(source, st.centre(target)) if c not in own]
    for cell in candidates + list(own):
        if cell == source or min(distance(cell, c) for c in own) > 1:
            continue
        feature = st.terrain(state, cell)
        if feature is not None and feature["kind"] in ("heavy", "building"):
            return "heavy"
        if feature is not None and feature["kind"] == "light":
            best = "light"
    return best


@settings(max_examples=60, deadline=None)
@given(
    hs.integers(0, 10**9),
    hs.tuples(hs.integers(0, 11), hs.integers(0, 11)),
    hs.tuples(hs.integers(0, 10), hs.integers(0, 10)),
    hs.integers(1, 3),
)
def test_cached_sight_cover_and_engagement_match_the_plain_rules(
    seed: int, source: tuple[int, int], anchor: tuple[int, int], span: int
) -> None:
    """MECH-COVER-TABLE, MECH-ENGAGE-1, MECH-AMB-19: the fast helpers agree with the plain ones."""
    rng = random.Random(seed)
    kinds = ["light", "heavy", "building", "difficult"]
    terrain = [
        {"x": x, "y": y, "kind": rng.choice(kinds)}
        for x in range(14)
        for y in range(14)
        if rng.random() < 0.2 and not set(footprint((x, y))) & footprint(anchor, span)
    ]
    big = copy.deepcopy(mech("big", "red", anchor[0], anchor[1]))
    big["sheet"]["frame"] = {"key": "hulk", "size": span}
    state = encounter(big, terrain=terrain, width=14, height=14)
    target = state["units"]["big"]
    assert st.line_of_sight(state, source, target) == _line_of_sight(state, source, target)
    assert st.cover(state, source, target) == _cover(state, source, target)
    shooter = {**target, "id": "s", "side": "blue", "x": source[0], "y": source[1]}
    shooter["stats"] = {**target["stats"], "size": 1}
    plain = distance(source, anchor, 1, span)
    assert st.dist(shooter, target) == plain
    both = {**state, "units": {"big": target, "s": shooter}, "order": ["big", "s"]}
    assert st.engaged(both, shooter) == (plain == 1)


def test_turn_helper_still_starts_a_turn() -> None:
    """MECH-AP-1: a staged AP spend rides on the next event after structural sharing."""
    state = turn(encounter(mech("a", "blue", 2, 2), mech("b", "red", 5, 2)), "a")
    events = SYSTEM.resolve(
        state, Action("attack", "a", {"weapon": "k12_carbine", "target": "b"}), SeededDice(1)
    )
    declared = {
        path[2]: value
        for op, path, value in events[0].payload["changes"]
        if op == "set" and path[:2] == ["units", "a"]
    }
    assert declared["turn"]["ap"] == 1
    assert declared["turn"]["attacked"] == [0]
    assert state["units"]["a"]["turn"]["ap"] == 2
