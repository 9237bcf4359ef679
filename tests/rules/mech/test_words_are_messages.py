"""Every mech line and refusal is a `mech.*` message whose English is the event's text."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.dice import SeededDice
from rules.core.errors import RulesError
from rules.core.messages import Msg
from rules.core.system import Action, Event
from rules.mech import BENCH, SYSTEM


def _bench_state() -> dict[str, Any]:
    state: dict[str, Any] = SYSTEM.start(BENCH["setup"])
    for n, action in enumerate(BENCH["prelude"]):
        for event in SYSTEM.resolve(state, action, SeededDice(n)):
            state = SYSTEM.apply(state, event)
    return state


def _words(msg: Msg) -> list[Msg]:
    """A message and every message nested in its parameters."""
    nested = [v for v in msg.params.values() if isinstance(v, Msg)]
    nested += [
        i for v in msg.params.values() if isinstance(v, list) for i in v if isinstance(i, Msg)
    ]
    return [msg, *(w for n in nested for w in _words(n))]


def _assert_said(events: list[Event]) -> None:
    for event in events:
        assert event.msg is not None, event.text
        assert all(w.id.startswith("mech.") for w in _words(event.msg)), event.msg
        assert event.msg.english() == event.text
        assert SYSTEM.messages.render(event.msg) == event.text  # the catalogue knows each word
        if event.redacted_text is not None:
            assert event.redacted_msg is not None
            assert event.redacted_msg.english() == event.redacted_text


ATTACKS = [
    BENCH["action"],
    Action("attack", "latch", {"weapon": "cinder_pod", "x": 12, "y": 6}),
    Action("attack", "latch", {"weapon": "holdout_pistol", "target": "spar_a"}),
]


@pytest.mark.parametrize("action", ATTACKS, ids=["carbine", "cinder_pod", "holdout_pistol"])
def test_the_bench_attacks_say_every_line_as_a_message(action: Action) -> None:
    """MECH-ACT-ATTACK / MECH-DMG-PIPE: 60 seeds of each bench attack, every line a message."""
    state = _bench_state()
    for seed in range(60):
        _assert_said(SYSTEM.resolve(state, action, SeededDice(seed)))


def test_heat_structure_and_stress_lines_are_messages() -> None:
    """MECH-HEAT-2 / MECH-HP-1 / MECH-STRUCT-TABLE / MECH-STRESS-TABLE through the GM's tools."""
    state = _bench_state()
    actions = [
        Action("gm_heat", "gm", {"target": "spar_a", "amount": 30}),
        Action("gm_damage", "gm", {"target": "spar_a", "amount": 30, "type": "energy"}),
        Action("gm_damage", "gm", {"target": "latch", "amount": 3, "type": "burn"}),
        Action("gm_heat", "gm", {"target": "latch", "amount": 40}),
    ]
    said, refusals = 0, []
    for seed in range(20):
        run = state
        for action in actions:
            try:
                events = SYSTEM.resolve(run, action, SeededDice(seed))
            except RulesError as refused:  # a destroyed target: refused with a message
                refusals.append(refused.msg.id)
                continue
            _assert_said(events)
            said += len(events)
            for event in events:
                run = SYSTEM.apply(run, event)
    assert said > 100
    assert all(ident.startswith("mech.refuse.") for ident in refusals)


@pytest.mark.parametrize(
    ("action", "english"),
    [
        (Action("end_turn", "spar_a"), "it is not Sparring Mule A's turn"),
        (Action("attack", "latch", {"weapon": "nothing", "target": "spar_a"}), None),
        (Action("jump", "latch", {"x": 7, "y": 7}), "a jump goes in a straight line"),
        (Action("gm_heat", "gm", {"target": "spar_a", "amount": 0}), "heat must be at least 1"),
        (Action("gm_heat", "latch", {"target": "spar_a", "amount": 1}), None),
    ],
)
def test_refusals_are_mech_messages(action: Action, english: str | None) -> None:
    """A refusal carries a `mech.refuse.*` message, its English the error's."""
    with pytest.raises(RulesError) as refused:
        SYSTEM.resolve(_bench_state(), action, SeededDice(0))
    assert refused.value.msg.id.startswith("mech.refuse."), refused.value.message
    assert refused.value.msg.english() == refused.value.message
    if english is not None:
        assert refused.value.message == english
