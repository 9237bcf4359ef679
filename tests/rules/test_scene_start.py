"""SCENE-MAP-5: a map in the setup is the encounter's map from the start, in each system's unit,
checked as the GM's tools check a map; no map in the setup, no map."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.ace import SYSTEM as ACE
from rules.coc import SYSTEM as COC
from rules.core.errors import RulesError
from rules.core.system import GameSystem
from rules.delta_green import SYSTEM as DG
from rules.scene import grid

SYSTEMS = [(DG, "m"), (COC, "yd"), (ACE, "m")]


def _with_map(system: GameSystem, **changes: Any) -> dict[str, Any]:
    setup = copy.deepcopy(system.demo())
    first, second = (c["id"] for c in setup["combatants"][:2])
    setup["scene"] = {
        "cols": 10,
        "rows": 6,
        "cell": "1.5",
        "cells": {"4,2": {"terrain": "wall"}, "5,5": {"terrain": "fire", "gm_only": True}},
        "tokens": {first: {"at": [0, 0]}, second: {"at": [3, 2], "gm_only": True}},
        "image": {"id": 7, "x": 1, "y": 0},
        **changes,
    }
    return setup


@pytest.mark.parametrize(("system", "unit"), SYSTEMS)
def test_the_setups_map_is_the_state_map_in_the_systems_unit(system: GameSystem, unit: str) -> None:
    setup = _with_map(system)
    first, second = (c["id"] for c in setup["combatants"][:2])
    state = system.start(setup)
    scene = state["scene"]
    assert grid.has_map(state)
    assert (scene["cols"], scene["rows"], scene["cell"], scene["unit"]) == (10, 6, "1.5", unit)
    assert scene["cells"]["4,2"] == {"terrain": "wall", "gm_only": False}
    assert scene["cells"]["5,5"] == {"terrain": "fire", "gm_only": True}
    assert scene["tokens"][first] == {"at": [0, 0], "gm_only": False}
    assert scene["tokens"][second] == {"at": [3, 2], "gm_only": True}
    assert scene["image"] == {"id": 7, "x": 1, "y": 0, "cols": 10, "rows": 6}
    assert grid.between(scene, first, second) == grid.distance(scene, (0, 0), (3, 2))
    # the state round-trips as every state does
    assert system.load(system.dump(state))["scene"] == scene


@pytest.mark.parametrize(("system", "unit"), SYSTEMS)
def test_no_map_in_the_setup_no_map(system: GameSystem, unit: str) -> None:
    assert not grid.has_map(system.start(copy.deepcopy(system.demo())))


@pytest.mark.parametrize(
    "changes",
    [
        {"cols": 3},
        {"rows": 81},
        {"cell": "0"},
        {"cells": {"12,1": {"terrain": "wall"}}},
        {"cells": {"1,1": {"terrain": "lava"}}},
        {"tokens": {"nobody": {"at": [1, 1]}}},
        {"cells": {"0,0": {"terrain": "wall"}}},  # under the first token
    ],
)
@pytest.mark.parametrize(("system", "unit"), SYSTEMS)
def test_a_map_the_tools_would_refuse_is_refused(
    system: GameSystem, unit: str, changes: dict[str, Any]
) -> None:
    with pytest.raises(RulesError):
        system.start(_with_map(system, **changes))


@pytest.mark.parametrize(("system", "unit"), SYSTEMS)
def test_two_tokens_on_one_square_are_refused(system: GameSystem, unit: str) -> None:
    setup = _with_map(system)
    first, second = (c["id"] for c in setup["combatants"][:2])
    setup["scene"]["tokens"] = {first: {"at": [2, 2]}, second: {"at": [2, 2]}}
    with pytest.raises(RulesError):
        system.start(setup)
