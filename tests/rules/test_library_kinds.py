"""The library kinds every system declares (rules/core/library.py): each starter item passes its
kind's check, a refusal names the field within the item, and a mech library item plays exactly
as the catalogue's (the same checks a sheet's inline item gets)."""

from __future__ import annotations

import pytest

from rules.core.errors import SheetError
from rules.core.library import kinds_for
from rules.core.registry import system_keys
from rules.mech import data
from rules.mech import library as mech_library

KINDS = [(key, kind) for key in system_keys() for kind in kinds_for(key)]


def test_every_product_system_but_the_chat_declares_kinds() -> None:
    assert {key for key, _kind in KINDS} == {"ace", "coc", "delta_green", "mech", "scs"}
    for key in {key for key, _kind in KINDS}:
        keys = [kind.key for kind in kinds_for(key)]
        assert len(keys) == len(set(keys)), key


@pytest.mark.parametrize(("system", "kind"), KINDS, ids=lambda v: getattr(v, "key", v))
def test_every_starter_passes_its_kinds_check(system: str, kind: object) -> None:
    for item in kind.starters():  # type: ignore[attr-defined]
        assert item["name"]
        kind.check(item)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("system", "kind", "item", "field"),
    [
        ("delta_green", "weapon", {"name": "Odd gun", "damage": "2d6x", "capacity": 6}, "damage"),
        (
            "delta_green",
            "armour",
            {"name": "Coat", "level": "1", "worn_hidden": "yes"},
            "worn_hidden",
        ),
        ("coc", "weapon", {"name": "Odd knife", "damage": "d"}, "damage"),
        ("ace", "weapon", {"name": "Odd sword", "value": -3}, "value"),
        ("mech", "frame", {"name": "Box", "mounts": []}, "mounts"),
        ("mech", "weapon", {"name": "Odd gun", "damage": "lots"}, "damage"),
        ("mech", "system", {"name": "Odd box", "effect": "vent"}, "vent"),
        ("scs", "unit_type", {"name": "Odd bn", "move_class": "foot", "steps": []}, "steps"),
    ],
)
def test_a_refusal_names_the_field_within_the_item(
    system: str, kind: str, item: dict, field: str
) -> None:
    found = next(k for k in kinds_for(system) if k.key == kind)
    with pytest.raises(SheetError) as refused:
        found.check(item)
    assert refused.value.field == field


def test_a_nameless_item_is_refused_at_its_name() -> None:
    for _system, kind in KINDS:
        if kind.is_sheet:
            continue
        with pytest.raises(SheetError) as refused:
            kind.check({"name": " "})
        assert refused.value.field == "name"


def test_a_mech_library_item_is_the_catalogues_item() -> None:
    """The starters in the form's shape come back to the catalogue's numbers exactly."""
    for item in mech_library.starter_weapons():
        assert mech_library.weapon_engine(item) == data.weapon_data(item["key"], "w")
    for item in mech_library.starter_systems():
        assert mech_library.system_engine(item) == data.system_data(item["key"], "s")
    for item in mech_library.starter_frames():
        assert mech_library.frame_engine(item) == data.frame_data(item["key"])


@pytest.mark.parametrize("system", ["delta_green", "coc", "ace"])
@pytest.mark.parametrize("blank", ["", None, "  "])
def test_a_weapon_whose_short_name_is_left_blank_takes_it_from_its_name(
    system: str, blank: object
) -> None:
    """The library's weapon form sends its empty "Short name (for commands)" as a blank: the
    weapon is not refused for it, its short name is made from its name (DG-ACT-3)."""
    found = next(k for k in kinds_for(system) if k.key == "weapon")
    item = {"name": "Service carbine", "key": blank, "damage": "1d10"}
    if system == "delta_green":
        item.update({"capacity": 20, "spare": 2})
    assert found.check(item)["key"] == "service_carbine"
