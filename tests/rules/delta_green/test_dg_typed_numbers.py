"""A burst's split typed with a superscript count is refused by name (issue 30: `"²".isdigit()`
is true, `int("²")` raises)."""

from __future__ import annotations

import pytest
from dg_helpers import SMG, agent, encounter, gm

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.delta_green import SYSTEM


def test_a_burst_split_with_a_superscript_count_is_refused() -> None:
    people = (agent("a", weapons=[{**SMG}]), agent("b", side="cult"), agent("d", side="cult"))
    state, _ = gm(encounter(*people, burst_targets="split"), "start_round", [10, 1, 1])
    burst = Action("burst", "a", {"weapon": "smg", "mode": "6", "split": "b:4,d:²"})
    with pytest.raises(IllegalAction, match="COC-AUTO-6"):
        SYSTEM.resolve(state, burst, LoadedDice([]))
