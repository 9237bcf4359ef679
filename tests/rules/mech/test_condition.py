"""MECH-AMB-40: what a mech carries from one encounter to the next on its sheet, and what clears."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.core.dice import LoadedDice
from rules.core.errors import SheetError
from rules.core.registry import get_system
from rules.core.system import Action
from rules.mech.data import MARA

MECH = get_system("mech")


def played_down() -> dict[str, Any]:
    """The demo after Latch took damage, lost its carbine, spent a limited use and got hot."""
    state = MECH.start(MECH.demo())
    latch = state["units"]["latch"]
    latch.update(hp=3, structure=2, stress=3, repair=4, cp=0, heat=5, burn=2)
    latch["conditions"] = {"impaired": {"until": "end_of_next_turn"}}
    latch["weapons"][0]["destroyed"] = True  # the K-12 carbine
    latch["weapons"][2]["uses"] = 1  # the Cinder pod, limited 3
    return state


def with_sheet(sheet: dict[str, Any]) -> dict[str, Any]:
    setup = MECH.demo()
    for combatant in setup["combatants"]:
        if combatant["id"] == "latch":
            combatant["sheet"] = sheet
    return setup


def test_damage_destroyed_items_and_uses_persist_heat_and_conditions_clear() -> None:
    after = MECH.validate_sheet(MECH.write_back(played_down(), "latch", copy.deepcopy(MARA)))
    condition = after["condition"]
    assert {k: condition[k] for k in ("hp", "structure", "stress", "repair", "cp")} == {
        "hp": 3,
        "structure": 2,
        "stress": 3,
        "repair": 4,
        "cp": 0,
    }
    assert "heat" not in condition
    assert "burn" not in condition
    assert "conditions" not in condition
    assert condition["items"] == [
        {"kind": "weapon", "index": 0, "key": "k12_carbine", "destroyed": True},
        {"kind": "weapon", "index": 2, "key": "cinder_pod", "destroyed": False, "uses": 1},
    ]
    latch = MECH.start(with_sheet(after))["units"]["latch"]
    assert (latch["hp"], latch["structure"], latch["stress"], latch["repair"], latch["cp"]) == (
        3,
        2,
        3,
        4,
        0,
    )
    assert (latch["heat"], latch["burn"], latch["conditions"]) == (0, 0, {})
    assert latch["weapons"][0]["destroyed"] is True
    assert latch["weapons"][2]["uses"] == 1
    assert latch["weapons"][2]["max_uses"] == 3


def test_the_damaged_mech_is_refused_the_carbine_it_lost() -> None:
    after = MECH.validate_sheet(MECH.write_back(played_down(), "latch", copy.deepcopy(MARA)))
    state = MECH.start(with_sheet(after))
    dice = LoadedDice([])
    state = MECH.apply(state, MECH.resolve(state, Action("begin_turn", "latch"), dice)[0])
    with pytest.raises(Exception, match="destroyed"):
        MECH.resolve(
            state, Action("attack", "latch", {"weapon": "k12_carbine", "target": "spar_a"}), dice
        )


def test_a_mech_at_full_strength_writes_no_condition() -> None:
    state = MECH.start(MECH.demo())
    state["units"]["latch"]["heat"] = 4  # heat clears: nothing to carry
    assert "condition" not in MECH.write_back(state, "latch", copy.deepcopy(MARA))
    sheet = {**copy.deepcopy(MARA), "condition": {"hp": 2}}
    assert "condition" not in MECH.write_back(state, "latch", sheet)  # repaired since


def test_a_wreck_is_written_back_and_refused_until_repaired() -> None:
    state = played_down()
    state["units"]["latch"].update(destroyed=True, structure=0, hp=0)
    after = MECH.validate_sheet(MECH.write_back(state, "latch", copy.deepcopy(MARA)))
    assert after["condition"]["wrecked"] is True
    with pytest.raises(SheetError) as refused:
        MECH.start(with_sheet(after))
    assert refused.value.field == "condition.wrecked"
    assert "wreck" in str(refused.value)
    repaired = {**after, "condition": {**after["condition"], "wrecked": False, "hp": 5}}
    with pytest.raises(SheetError, match="between 1 and 4"):
        MECH.validate_sheet(repaired)  # structure 0 is only a wreck's
    repaired["condition"]["structure"] = 1
    assert MECH.start(with_sheet(MECH.validate_sheet(repaired)))["units"]["latch"]["hp"] == 5


@pytest.mark.parametrize(
    ("condition", "field"),
    [
        ({"hp": 0}, "condition.hp"),
        ({"hp": 99}, "condition.hp"),
        ({"stress": "2"}, "condition.stress"),
        ({"repair": -1}, "condition.repair"),
        ({"cp": True}, "condition.cp"),
        ({"items": {}}, "condition.items"),
        ({"items": [{"kind": "hat", "index": 0}]}, "condition.items[0].kind"),
        ({"items": [{"kind": "weapon", "index": 9}]}, "condition.items[0].index"),
        ({"items": [{"kind": "system", "index": 1, "uses": -2}]}, "condition.items[0].uses"),
        ("bent", "condition"),
    ],
)
def test_a_bad_condition_is_refused_by_name(condition: Any, field: str) -> None:
    with pytest.raises(SheetError) as refused:
        MECH.validate_sheet({**copy.deepcopy(MARA), "condition": condition})
    assert refused.value.field == field


def test_an_item_whose_loadout_changed_starts_fresh() -> None:
    after = MECH.validate_sheet(MECH.write_back(played_down(), "latch", copy.deepcopy(MARA)))
    refit = copy.deepcopy(after)
    refit["loadout"][0]["weapon"] = "holdout_pistol"  # the main mount takes a pistol instead
    latch = MECH.start(with_sheet(MECH.validate_sheet(refit)))["units"]["latch"]
    assert latch["weapons"][0]["destroyed"] is False  # not the carbine that was lost
    assert latch["weapons"][2]["uses"] == 1  # the pod is still the pod
