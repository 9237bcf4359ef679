"""Issue 32 / MECH-AMB-40: a mech fought with scripted dice writes back HP, structure, stress, a
system destroyed by trauma, the uses left on a limited weapon, repair and CP; a wreck stays a
wreck until repaired."""

from __future__ import annotations

import copy

import pytest
from mech_helpers import encounter, mech, patch, play, u

from rules.core.errors import SheetError
from rules.mech import SYSTEM
from rules.mech.condition import write_back
from rules.mech.data import MARA


def test_structure_lost_to_trauma_and_a_destroyed_system_are_written_back() -> None:
    """MECH-EX-27: at 1 HP and 3 structure, 1 more damage: 2d6 = 3, 6, lowest 3, odd: a system
    is destroyed (the controller picks the second); stress, repair, CP and a limited weapon's
    uses as the fight left them."""
    state = encounter(mech("t", "B", 5, 5), mech("x", "A", 15, 12))
    state = patch(state, "t", structure=3, hp=1, stress=3, repair=1, cp=0)
    state, _ = play(state, "gm", "gm_damage", [3, 6], target="t", amount=1)
    state, _ = play(state, "t", "choose_trauma", item=1)
    limited = next(n for n, w in enumerate(u(state, "t")["weapons"]) if w.get("max_uses"))
    u(state, "t")["weapons"][limited]["uses"] = 1
    after = SYSTEM.validate_sheet(write_back(state, "t", copy.deepcopy(MARA)))
    condition = after["condition"]
    unit = u(state, "t")
    assert condition["structure"] == 2
    assert condition["hp"] == unit["hp"]
    assert (condition["stress"], condition["repair"], condition["cp"]) == (3, 1, 0)
    assert condition["wrecked"] is False
    items = {(i["kind"], i["index"]): i for i in condition["items"]}
    assert items[("system", 1)]["destroyed"] is True
    assert items[("weapon", limited)]["uses"] == 1
    again = SYSTEM.start({"combatants": [{"id": "t", "side": "B", "x": 1, "y": 1, "sheet": after}]})
    fresh = again["units"]["t"]
    assert (fresh["structure"], fresh["stress"], fresh["repair"]) == (2, 3, 1)
    assert fresh["systems"][1]["destroyed"] is True
    assert fresh["weapons"][limited]["uses"] == 1


def test_a_mech_wrecked_by_trauma_stays_a_wreck() -> None:
    """MECH-EX-26: 2d6 = 1, 1 destroys the mech; its sheet says so and it cannot be fielded."""
    state = encounter(mech("t", "B", 5, 5), mech("x", "A", 15, 12))
    state = patch(state, "t", structure=3, hp=1)
    state, _ = play(state, "gm", "gm_damage", [1, 1], target="t", amount=1)
    after = SYSTEM.validate_sheet(write_back(state, "t", copy.deepcopy(MARA)))
    assert after["condition"]["wrecked"] is True
    with pytest.raises(SheetError, match="wreck"):
        SYSTEM.start({"combatants": [{"id": "t", "side": "B", "x": 1, "y": 1, "sheet": after}]})


def test_the_pilots_own_condition_is_written_back_and_a_dead_pilot_does_not_fight() -> None:
    """MECH-PILOT-STATE: the GM marks a pilot wounded: the sheet carries it into the next
    encounter while the mech is at full strength; a dead pilot's mech is refused."""
    state = encounter(mech("t", "B", 5, 5), mech("x", "A", 15, 12))
    state, events = play(state, "gm", "gm_pilot", [], target="t", pilot="wounded")
    assert events[-1].payload["pilot"] == "wounded"
    after = SYSTEM.validate_sheet(write_back(state, "t", copy.deepcopy(MARA)))
    assert after["condition"]["pilot"] == "wounded"
    assert "hp" not in after["condition"]
    again = SYSTEM.start({"combatants": [{"id": "t", "side": "B", "x": 1, "y": 1, "sheet": after}]})
    assert again["units"]["t"]["pilot_state"] == "wounded"
    state, _ = play(state, "gm", "gm_pilot", [], target="t", pilot="dead")
    dead = SYSTEM.validate_sheet(write_back(state, "t", copy.deepcopy(MARA)))
    with pytest.raises(SheetError, match="pilot is dead"):
        SYSTEM.start({"combatants": [{"id": "t", "side": "B", "x": 1, "y": 1, "sheet": dead}]})
