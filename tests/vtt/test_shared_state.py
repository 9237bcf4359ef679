"""A broadcast loads the rules state once and renders every audience's view from it
(vtt/encounters/fragments.py `loaded_state`): nothing a view, the legal actions or a board's
context do may change that shared state, or one viewer's redaction would leak into the next."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.core.dice import SeededDice, derive_seed
from rules.core.errors import RulesError
from rules.core.log import TABLE_PREFIX
from rules.core.registry import bench_cases, get_system, system_keys
from rules.core.system import GM, OBSERVER, Audience
from vtt.tables.registry import presenter_for


@pytest.mark.parametrize("key", system_keys())
def test_views_legal_actions_and_boards_leave_the_loaded_state_as_it_was(key: str) -> None:
    """Played on the demo and on each benchmark setup, whose views share most of the state."""
    system = get_system(key)
    board = presenter_for(key)
    for setup in [system.demo(), *(dict(case["setup"]) for case in bench_cases(key))]:
        state = system.load(system.dump(system.start({"title": "t", **setup})))
        before = copy.deepcopy(state)
        actors = list(system.actors(state)) if system.actors else []
        audiences = [GM, OBSERVER] + [
            Audience("player", actors=frozenset({actor})) for actor in actors[:3]
        ]
        for audience in audiences:
            view = system.view(state, audience)
            for actor in [*actors, "gm"]:
                system.legal_actions(state, actor)
            if board is not None:
                board.board_context(view, audience, {})
        assert state == before


@pytest.mark.parametrize("key", system_keys())
def test_boards_leave_the_views_as_they_were(key: str) -> None:
    """Parts of a view may be shared by every audience's view of one state (the SCS moves are
    worked out once per state and side, not copied for each view): a board only reads them.
    Played on the demo and on each benchmark setup (an SCS map in its movement phase)."""
    system = get_system(key)
    setups = [system.demo(), *(dict(case["setup"]) for case in bench_cases(key))]
    board = presenter_for(key)
    for setup in setups:
        state = system.load(system.dump(system.start({"title": "t", **setup})))
        actors = list(system.actors(state)) if system.actors else []
        audiences = [GM, OBSERVER] + [
            Audience("player", actors=frozenset({actor})) for actor in actors[:3]
        ]
        for audience in audiences:
            view = system.view(state, audience)
            if board is not None:
                for origin in ("", *_origins(view)):  # each stack's reach drawn once
                    board.board_context(view, audience, {"reach_from": origin})
            assert view == system.view(state, audience)


def _origins(view: Any) -> list[str]:
    own = view.get("own") if isinstance(view, dict) else None
    return [origin for side in (own or {}).values() for origin in side.get("moves") or {}]


@pytest.mark.parametrize("key", system_keys())
def test_loading_what_a_played_state_dumps_gives_that_state_back(key: str) -> None:
    """A service keeps the state it just played for the broadcast's views
    (fragments.keep_loaded) instead of loading the JSON it stored: the two must be the same."""
    system = get_system(key)
    for case in [{"setup": system.demo()}, *bench_cases(key)]:
        state = system.start({"title": "t", **dict(case["setup"])})
        assert system.load(system.dump(state)) == state
        actions = [*case.get("prelude", ()), *([case["action"]] if "action" in case else [])]
        for index, action in enumerate(actions, start=2):
            try:
                events = system.resolve(state, action, SeededDice(derive_seed("seed", index)))
            except RulesError:  # the case's order of play needs the table's own seed
                break
            for event in events:
                if not event.kind.startswith(TABLE_PREFIX):
                    state = system.apply(state, event)
            assert system.load(system.dump(state)) == state, action.kind
