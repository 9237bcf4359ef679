"""The demo's map (rules/scene/demo.py): each system that plays on a map starts its demo on one,
the players' side on the left, one of the GM's characters GM-only (SCENE-MAP-5, SCENE-HIDE-1)."""

from __future__ import annotations

import pytest

from rules.core.registry import get_system
from rules.core.system import Audience
from rules.scene.demo import plays_on_map, with_demo_map


@pytest.mark.parametrize("key", ["delta_green", "coc", "ace"])
def test_the_demo_starts_on_a_map_with_every_combatant_placed(key: str) -> None:
    system = get_system(key)
    setup = with_demo_map(system, system.demo())
    state = system.start(setup)
    tokens = state["scene"]["tokens"]
    assert set(tokens) == {c["id"] for c in setup["combatants"]}
    played = [c["id"] for c in setup["combatants"] if c.get("controller", "gm") != "gm"]
    assert all(tokens[who]["at"][0] == 2 for who in played)
    viewer = Audience("player", actors=frozenset(played[:1]))
    seen = system.view(state, viewer)["scene"]
    hidden = {who for who, token in tokens.items() if token["gm_only"]}
    assert not hidden & set(seen["tokens"])
    assert "13,12" not in seen["cells"]  # the GM-only heavy cover
    assert "13,12" in system.view(state, Audience("gm"))["scene"]["cells"]


def test_systems_without_a_map_keep_their_demo() -> None:
    for key in ("mech", "scs", "chat"):
        system = get_system(key)
        assert system.demo is not None
        assert not plays_on_map(system, system.demo())
        assert with_demo_map(system, system.demo()) == system.demo()
