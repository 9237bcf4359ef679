"""DG-ARM-8 (issue 30): Walsh's vest is worn hidden, seen only by the GM and its wearer. Shots at
Walsh that strike where the vest does not cover (an arm, a leg, the head) must not tell the
other agents or an observer that a vest is there ("right arm not covered by the vest")."""

from __future__ import annotations

from typing import Any

from rules.core.dice import SeededDice
from rules.core.errors import RulesError
from rules.core.system import OBSERVER, Action, Audience, Event
from rules.delta_green import SYSTEM

OTHERS = (Audience("player", actors=frozenset({"serge"})), OBSERVER)


def shots_at_walsh(state: Any, seed: int) -> list[Event]:
    """Every shot the demo's shooters may fire at Walsh this round, each from the start state."""
    events: list[Event] = []
    for actor in state["combatants"]:
        for template in SYSTEM.legal_actions(state, actor):
            fields = {f.name: f for f in template.fields}
            target = fields.get("target")
            if target is None or "walsh" not in {c.value for c in target.choices or ()}:
                continue
            params = {name: f.default for name, f in fields.items()}
            params.update(template.fixed, target="walsh")
            try:
                events += SYSTEM.resolve(
                    state, Action(template.kind, actor, params), SeededDice(seed)
                )
            except RulesError:
                continue
    return events


def test_no_one_else_reads_of_the_hidden_vest_a_hit_missed() -> None:
    state = SYSTEM.start(SYSTEM.demo())
    assert state["combatants"]["walsh"]["sheet"]["vest"]["worn_hidden"]
    for event in SYSTEM.resolve(state, Action("start_round", "gm", {}), SeededDice(1)):
        state = SYSTEM.apply(state, event)
    read, hits = [], 0
    for seed in range(40):
        for event in shots_at_walsh(state, seed):
            hits += "at Walsh" in event.text and ": hit" in event.text
            for reader in OTHERS:
                text = event.text if reader.can_see(event.audience) else event.redacted_text
                if text and "Walsh" in text and "the vest" in text:
                    read.append(text)
    assert hits > 10  # the shots did strike, on many locations
    assert read == []
