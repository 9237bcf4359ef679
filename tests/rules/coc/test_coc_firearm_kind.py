"""COC-ARMS-1: a weapon used with a firearm skill is a firearm and holds at least one round; a
library rifle left on the form's default kind ("melee weapon") is refused beside Kind instead of
saving as a rifle that can only club (issue 36, found by the new group's browser test)."""

from __future__ import annotations

import pytest

from rules.coc.library import weapon
from rules.coc.sheet import DEFAULT_SHEET, validate_sheet
from rules.core.errors import SheetError

RIFLE = {"name": "Hunting rifle", "skill": "rifle", "damage": "2d6+4"}


def test_a_rifle_left_a_melee_weapon_is_refused_at_its_kind() -> None:
    with pytest.raises(SheetError) as refused:
        weapon({**RIFLE, "kind": "melee", "capacity": 5})
    assert (refused.value.field, refused.value.rule) == ("kind", "COC-ARMS-1")
    assert "Rifle" in str(refused.value.problem.english())


def test_a_firearm_without_rounds_is_refused_at_its_capacity() -> None:
    with pytest.raises(SheetError) as refused:
        weapon({**RIFLE, "kind": "firearm", "capacity": 0})
    assert (refused.value.field, refused.value.rule) == ("capacity", "COC-ARMS-1")


def test_a_rifle_that_is_a_firearm_with_rounds_is_kept() -> None:
    kept = weapon({**RIFLE, "kind": "firearm", "capacity": 5})
    assert (kept["kind"], kept["loaded"]) == ("firearm", 5)


def test_a_sheets_rifle_row_is_refused_at_that_row() -> None:
    with pytest.raises(SheetError) as refused:
        validate_sheet({**DEFAULT_SHEET, "weapons": [{**RIFLE, "key": "rifle"}]})
    assert refused.value.field == "weapons[0].kind"
