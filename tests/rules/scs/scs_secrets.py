"""SCS's secrets: the units under the top of an enemy stack (SCS-FOW-1).

tests/rules/test_non_interference.py plays every registered system over pairs of states that
differ only in what a viewer may not see; each system declares its pairs here, beside its tests.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterator
from typing import Any

from rules.core.system import Audience
from rules.scs.board import overstacked
from rules.scs.state import scenario_of

Json = dict[str, Any]


def secrets(state: Json) -> Iterator[tuple[Audience, Json, Json]]:
    """SCS-FOW-1: the units under the top of an enemy stack (which ones, their steps)."""
    scn = scenario_of(state)
    by_side: dict[str, list[tuple[str, list[str]]]] = {}
    for label, ids in sorted(state["stacks"].items()):
        if len(ids) == 1:  # single units, so that two to a hex stay within the stacking limit
            by_side.setdefault(scn.units[ids[0]].side, []).append((label, ids))
    for viewer, other in itertools.permutations(sorted(by_side), 2):
        stacks = by_side[other]
        if len(stacks) < 4:
            continue
        audience = Audience("player", side=viewer, actors=frozenset({viewer}))
        (t1_hex, t1), (t2_hex, t2), (a_hex, a), (b_hex, b) = stacks[:4]
        # base: a under t1's top and b under t2's; variant: the other way round
        base, variant = copy.deepcopy(state), copy.deepcopy(state)
        for s, first, second in ((base, a, b), (variant, b, a)):
            s["stacks"][t1_hex] = [*t1, *first]
            s["stacks"][t2_hex] = [*t2, *second]
            del s["stacks"][a_hex], s["stacks"][b_hex]
            for uid in first:
                s["units"][uid]["hex"] = t1_hex
            for uid in second:
                s["units"][uid]["hex"] = t2_hex
        if not (overstacked(scn, base) or overstacked(scn, variant)):
            yield audience, base, variant
