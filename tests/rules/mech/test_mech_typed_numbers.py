"""A repair's item typed with a superscript index is refused by name (issue 30: `"²".isdigit()`
is true, `int("²")` raises)."""

from __future__ import annotations

import copy

import pytest
from mech_helpers import encounter, mech, patch, play, u

from rules.core.errors import IllegalAction


def test_a_repair_item_with_a_superscript_index_is_refused() -> None:
    state = encounter(mech("a", "A", 5, 5), mech("b", "B", 9, 5))
    weapons = copy.deepcopy(u(state, "a")["weapons"])
    weapons[2]["destroyed"] = True
    state = patch(state, "a", weapons=weapons, repair=6)
    state, _ = play(state, "gm", "end_match", repairs_per_interval=2)
    with pytest.raises(IllegalAction, match="MECH-REPAIR-FIX"):
        play(state, "a", "repair", option="fix", item="weapon:²")
