"""No engine word reaches a page without going through a message (the system kit's promise).

For every registered system this plays its demo and its bench actions and checks that each event
carries its line as a `Msg`, that every offered form's label, cost, fields and choices are
messages or names, and that refusals are messages rather than bare English.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rules.core.actions import ActionTemplate
from rules.core.dice import SeededDice
from rules.core.errors import RulesError
from rules.core.messages import Msg
from rules.core.registry import bench_cases, get_system, system_keys
from rules.core.system import Action, Event, GameSystem

# Systems whose move onto the kit is still under way; each leaves this set when it is done.
MOVING: set[str] = set()
SYSTEMS = [key for key in system_keys() if key not in MOVING]


def played(system: GameSystem) -> Iterator[Event]:
    """The events of the system's bench preludes and actions, then one round of demo forms."""
    for n, bench in enumerate(bench_cases(system.key)):
        state = system.start(bench["setup"])
        for action in [*bench.get("prelude", ()), bench["action"]]:
            events = system.resolve(state, action, SeededDice(n))
            yield from events
            for event in events:
                if not event.kind.startswith("table."):
                    state = system.apply(state, event)


def templates(system: GameSystem) -> list[tuple[str, Any]]:
    """Every form the demo offers its actors (and the GM) at the start."""
    if system.demo is None:
        return []
    state = system.start(system.demo())
    actors = [*(system.actors(state) if system.actors else []), "gm"]
    return [(actor, t) for actor in actors for t in system.legal_actions(state, actor)]


def _label_ok(label: Any) -> bool:
    return isinstance(label, Msg) or (isinstance(label, str) and bool(label))


@pytest.mark.parametrize("key", SYSTEMS)
def test_every_event_says_its_line_as_a_message(key: str) -> None:
    events = list(played(get_system(key)))
    assert events, "the bench played nothing"
    bare = [e.text for e in events if e.msg is None or e.msg.id == "core.text"]
    assert bare == []
    assert [e.text for e in events if e.msg is not None and e.msg.english() != e.text] == []


@pytest.mark.parametrize("key", SYSTEMS)
def test_every_offered_form_is_typed_and_labelled_with_messages(key: str) -> None:
    offered = templates(get_system(key))
    untyped = [t for _actor, t in offered if not isinstance(t, ActionTemplate)]
    assert untyped == []
    for _actor, template in offered:
        assert isinstance(template.label, Msg), template.kind
        for field in template.fields:
            assert _label_ok(field.label), (template.kind, field.name)
            assert all(_label_ok(choice.label) for choice in field.choices), field.name


@pytest.mark.parametrize("key", SYSTEMS)
def test_a_refusal_is_a_message(key: str) -> None:
    system = get_system(key)
    setup = system.demo() if system.demo else {}
    state = system.start(setup)
    with pytest.raises(RulesError) as refused:
        system.resolve(state, Action("no.such.action", "nobody"), SeededDice(0))
    assert refused.value.msg.id != "core.text"


def test_the_moving_systems_are_still_registered() -> None:
    """A system leaves MOVING when it is on the kit; the set never names an unknown system."""
    assert set(system_keys()) >= MOVING


def test_the_mech_turn_lines_are_messages_already() -> None:
    """The mech's turn and round lines are messages, their English unchanged."""
    system = get_system("mech")
    state = system.start(system.demo())
    events = system.resolve(state, Action("begin_turn", "latch"), SeededDice(0))
    for event in events:
        state = system.apply(state, event)
    events += system.resolve(state, Action("end_turn", "latch"), SeededDice(1))
    said = {e.kind: e for e in events if e.msg is not None}
    assert {"turn.started", "turn.ended"} <= set(said)
    assert said["turn.started"].text == "Round 1: Latch starts its turn: 2 AP, move 4"
    assert all(e.msg.english() == e.text for e in said.values() if e.msg is not None)
