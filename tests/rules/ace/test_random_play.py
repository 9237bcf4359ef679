"""Random play from the offered forms: nothing crashes, the log replays, secrets stay secret."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.ace import SYSTEM
from rules.ace.demo import demo
from rules.core.dice import SeededDice
from rules.core.errors import RulesError
from rules.core.kit import ActionTemplate
from rules.core.system import Action, Audience

PLAYER = Audience("player", side="reincarnators", actors=frozenset({"lin"}))


def _params(template: ActionTemplate, rng: random.Random) -> dict[str, Any]:
    params: dict[str, Any] = dict(template.fixed)
    for field in template.fields:
        if field.choices:
            params[field.name] = rng.choice(field.choices).value
        elif field.type == "number":
            low = field.min if field.min is not None else 0
            high = field.max if field.max is not None else low + 10
            params[field.name] = rng.randint(low, min(high, low + 20))
        elif field.type == "checkbox":
            params[field.name] = rng.choice(["on", ""])
        else:
            params[field.name] = field.default or "x"
    return params


@pytest.mark.parametrize("seed", range(12))
def test_random_offered_actions_resolve_and_replay(seed: int) -> None:
    rng = random.Random(seed)
    setup = demo()
    setup["settings"] = {"ace.mishap": rng.random() < 0.5, "ace.supernatural_con": True}
    state = SYSTEM.start(setup)
    played: list[str] = []
    for step in range(60):
        actor = rng.choice(["gm", "lin", "su", "hound"])
        if state["pending"] is not None and rng.random() < 0.5:
            actor = "gm"  # someone is asked: the GM may answer for them (and is asked itself)
        offered = SYSTEM.legal_actions(state, actor)
        if not offered:
            continue
        template = rng.choice(offered)
        action = Action(template.kind, actor, _params(template, rng))
        try:
            events = SYSTEM.resolve(state, action, SeededDice(seed * 1000 + step))
        except RulesError:
            continue  # a random combination the rules refuse; nothing changed
        for event in events:
            state = SYSTEM.apply(state, event)
        played.append(template.kind)
        view = SYSTEM.view(state, PLAYER)
        assert all(secret["revealed"] for secret in view["secrets"])
    assert len(played) >= 15, played
    assert SYSTEM.load(SYSTEM.dump(state)) == state
