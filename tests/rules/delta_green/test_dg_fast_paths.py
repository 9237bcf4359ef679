"""The one-pass helpers the hot paths use agree with the rules they stand for."""

from __future__ import annotations

from typing import Any

import pytest
from dg_helpers import agent, c, encounter
from hypothesis import given
from hypothesis import strategies as st
from test_dg_system import _policy

from rules.core.changes import diff
from rules.core.dice import SeededDice, derive_seed
from rules.core.system import Action
from rules.delta_green import SYSTEM
from rules.delta_green.state import (
    able,
    current_actor,
    is_dead,
    is_helpless,
    is_unconscious,
    limb_capped,
    round_over,
)
from rules.delta_green.tables import LOCATIONS
from rules.delta_green.working import Working

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
def test_limb_capped_is_what_the_damage_deals(
    cid: str, loc: str | None, before: int, amount: int
) -> None:
    """DG-WOUND-6: the hit text's 'applied' equals the HP `Working.damage` really takes."""
    w = Working(BASE, SeededDice(1))
    if loc:
        w.damage(cid, before, loc)
    hp = c(w.state, cid)["hp"]
    predicted = limb_capped(c(w.state, cid), loc, amount)
    w.damage(cid, amount, loc)
    assert hp - c(w.state, cid)["hp"] == predicted


@pytest.mark.parametrize("seed", ["d1", "d2"])
def test_each_events_changes_are_the_core_diff(seed: str) -> None:
    """The changes an event carries (found along the paths its effects touched) are
    rules.core.changes.diff of the states before and after it, change for change and in order,
    over a whole firefight."""
    state: Any = SYSTEM.start(SYSTEM.demo())
    events = 0
    for n in range(400):
        if round_over(state):
            action = Action("end_round" if state["phase"] == "in_round" else "start_round", "gm")
        else:
            actor = current_actor(state)
            action = Action("next_pass", "gm") if actor is None else _policy(state, actor)
        for event in SYSTEM.resolve(state, action, SeededDice(derive_seed(seed, n))):
            after = SYSTEM.apply(state, event)
            assert event.payload.get("changes", []) == diff(state, after), event.kind
            state = after
            events += 1
        if all(
            is_dead(o) or o["hp"] <= 2 for o in state["combatants"].values() if o["side"] == "cult"
        ):
            break
    assert events > 10
