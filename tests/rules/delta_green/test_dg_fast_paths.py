"""The one-pass helpers the hot paths use agree with the rules they stand for."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from dg_helpers import agent, c, encounter
from hypothesis import given
from hypothesis import strategies as st
from test_dg_no_mutation import _play_out

from rules.core.changes import diff
from rules.delta_green.effects import apply_op, changes_between, fork
from rules.delta_green.state import (
    able,
    is_dead,
    is_helpless,
    is_unconscious,
    limb_capped,
)
from rules.delta_green.tables import LOCATIONS

BASE = encounter(agent("a"), agent("b", hit_locations=False))


@given(
    st.sampled_from(["a", "b"]),
    st.integers(min_value=-15, max_value=12),
    st.dictionaries(st.sampled_from(LOCATIONS), st.integers(min_value=0, max_value=14)),
    st.booleans(),
    st.booleans(),
)
def test_able_is_alive_conscious_and_not_helpless(
    cid: str, hp: int, damage: dict[str, int], dead: bool, knocked_out: bool
) -> None:
    """DG-HP-2/-3, DG-WOUND-5/-8, DG-LOC-5: `able` equals its three-part definition."""
    combatant: dict[str, Any] = {
        **c(BASE, cid),
        "hp": hp,
        "dead": dead,
        "knocked_out": knocked_out,
        "damage": {**c(BASE, cid)["damage"], **damage},
    }
    expected = not (is_dead(combatant) or is_unconscious(combatant) or is_helpless(combatant))
    assert able(combatant) == expected


@given(
    st.sampled_from(["a", "b"]),
    st.sampled_from([*LOCATIONS, None]),
    st.integers(min_value=0, max_value=10),
    st.integers(min_value=0, max_value=20),
)
def test_limb_capped_is_what_the_damage_op_deals(
    cid: str, loc: str | None, before: int, amount: int
) -> None:
    """DG-WOUND-6: the hit text's 'applied' equals the HP the damage op really takes."""
    state = fork(BASE)
    if loc:
        apply_op(state, {"op": "damage", "id": cid, "location": loc, "amount": before})
    hp = c(state, cid)["hp"]
    predicted = limb_capped(c(state, cid), loc, amount)
    apply_op(state, {"op": "damage", "id": cid, "location": loc, "amount": amount})
    assert hp - c(state, cid)["hp"] == predicted


@pytest.mark.parametrize("seed", ["d1", "d2"])
def test_changes_between_is_the_core_diff(seed: str) -> None:
    """The diff `settle` takes between two working states (stepping over what they share) is
    rules.core.changes.diff, change for change and in order, over a whole firefight."""
    states = [state for state, _ in _play_out(seed)]
    assert len(states) > 10
    for before, after in itertools.pairwise(states):
        assert changes_between(before, after) == diff(before, after)
