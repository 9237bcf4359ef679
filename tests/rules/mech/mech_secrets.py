"""The mech's secrets: a Hidden mech's square (MECH-COND-HIDDEN), meltdown counts.

tests/rules/test_non_interference.py plays every registered system over pairs of states that
differ only in what a viewer may not see; each system declares its pairs here, beside its tests.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterator
from typing import Any

from rules.core.dice import SeededDice
from rules.core.errors import RulesError
from rules.core.registry import get_system
from rules.core.system import Action, Audience
from rules.mech.hiding import area_of

Json = dict[str, Any]


def secrets(state: Json) -> Iterator[tuple[Audience, Json, Json]]:
    """MECH-COND-HIDDEN: a Hidden enemy's square within the area its enemies know it by (the
    view, and every move, jump and climb the viewer's mech may try, with its reach: issue 30);
    MECH-AMB-37: meltdown counts."""
    units = state["units"]
    sides = sorted({u["side"] for u in units.values()})
    for viewer in sides:
        own = frozenset(uid for uid, u in units.items() if u["side"] == viewer)
        audience = Audience("player", side=viewer, actors=own)
        near = _mover_beside_a_hidden_enemy(state, own)
        if near is not None:
            yield from _hidden_within_area(audience, *near, variants=3)
        for uid, u in sorted(units.items()):
            if u["side"] != viewer and u.get("x") is not None:
                yield from _hidden_within_area(audience, state, uid, variants=1)


def _hidden_within_area(
    audience: Audience, state: Json, uid: str, variants: int
) -> Iterator[tuple[Audience, Json, Json]]:
    """Pairs: `uid` Hidden in its area, and at another free square of that area."""
    if int(state["units"][uid]["stats"]["size"]) != 1:
        return
    base = copy.deepcopy(state)
    hidden = base["units"][uid]
    hidden["conditions"]["hidden"] = {"source": "hide"}
    area = hidden["area"] = area_of(base, hidden)
    taken = {(int(u["x"]), int(u["y"])) for u in base["units"].values() if u.get("x") is not None}
    free = [
        (x, y)
        for x, y in itertools.product(
            range(area["x0"], area["x1"] + 1), range(area["y0"], area["y1"] + 1)
        )
        if (x, y) not in taken
    ]
    for x, y in free[:: max(1, len(free) // variants)][:variants]:  # spread over the area
        variant = copy.deepcopy(base)
        variant["units"][uid]["x"], variant["units"][uid]["y"] = x, y
        variant["units"][uid]["notes"] = {"secret": "the GM's note"}
        yield audience, base, variant


def _mover_beside_a_hidden_enemy(state: Json, own: frozenset[str]) -> tuple[Json, str] | None:
    """The state with one of the viewer's mechs begun its turn and an enemy 3 squares ahead of
    it (whose area then reaches where that mech may move, jump or climb), or None."""
    system = get_system("mech")
    loaded = system.load(copy.deepcopy(state))
    for mover in sorted(own):
        try:
            events = system.resolve(loaded, Action("begin_turn", mover, {}), SeededDice(1))
        except RulesError:
            continue
        for event in events:
            loaded = system.apply(loaded, event)
        at = loaded["units"][mover]
        taken = {(u["x"], u["y"]) for u in loaded["units"].values()}
        enemies = [
            uid
            for uid in loaded["order"]
            if uid not in own and not loaded["units"][uid]["destroyed"]
        ]
        spot = (int(at["x"]) + 3, int(at["y"]))
        if enemies and spot not in taken and spot[0] < int(loaded["map"]["width"]):
            near = system.dump(loaded)
            near["units"][enemies[0]]["x"], near["units"][enemies[0]]["y"] = spot
            return near, enemies[0]
    return None
