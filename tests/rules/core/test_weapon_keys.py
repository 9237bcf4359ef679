"""A weapon added by hand on a Delta Green or Call of Cthulhu sheet needs only its name: its
short name (key) left empty is made from the name, unique within the sheet, and a Chinese name
gives a short name too."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.registry import get_system
from rules.core.weapon_keys import key_of, keyed


def test_a_key_is_made_from_the_name() -> None:
    assert key_of("Colt .45 Automatic") == "colt_45_automatic"
    assert key_of("猎枪") == "猎枪"
    assert key_of("M1 卡宾枪") == "m1_卡宾枪"
    assert key_of("!!") == "weapon"
    assert len(key_of("a" * 100)) <= 36


def test_empty_keys_are_filled_apart_from_the_ones_given() -> None:
    rows = [
        {"key": "knife", "name": "Knife"},
        {"key": "", "name": "Knife"},
        {"name": "Knife"},
        {"key": "  ", "name": ""},  # names nothing: left for the sheet to refuse
    ]
    assert [r.get("key") for r in keyed(rows)] == ["knife", "knife_2", "knife_3", "  "]
    assert keyed("not a list") == "not a list"


def _with(system: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    sheet = dict(get_system(system).default_sheet)
    sheet["weapons"] = [*(sheet.get("weapons") or []), *rows]
    return sheet


@pytest.mark.parametrize("system", ["delta_green", "coc"])
def test_a_hand_added_weapon_row_without_a_key_is_saved(system: str) -> None:
    rows = [
        {"key": "", "name": "猎刀", "kind": "melee", "skill": "knife", "damage": "1d4"},
        {"key": "", "name": "Hunting knife", "kind": "melee", "skill": "knife", "damage": "1d4"},
        {"name": "Hunting knife", "kind": "melee", "skill": "knife", "damage": "1d4"},
    ]
    checked = get_system(system).validate_sheet(_with(system, rows))
    keys = [w["key"] for w in checked["weapons"]]
    assert {"猎刀", "hunting_knife", "hunting_knife_2"} <= set(keys)
    assert len(keys) == len(set(keys))
