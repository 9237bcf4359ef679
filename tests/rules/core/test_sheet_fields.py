"""Sheet validation helpers: each error names the field and the rule."""

from __future__ import annotations

import pytest

from rules.core.errors import SheetError
from rules.core.sheets import (
    bool_field,
    choice_field,
    int_field,
    list_field,
    mapping_field,
    require_mapping,
    str_field,
)

SHEET = {
    "name": "  Agent Smith ",
    "str": "12",
    "dex": 11.0,
    "skills": {"firearms": 45},
    "side": "blue",
    "flag": "on",
    "gear": ["pistol"],
}


def test_fields_are_read_and_converted() -> None:
    assert str_field(SHEET, "name") == "Agent Smith"
    assert int_field(SHEET, "str", "DG-STAT-1", minimum=3, maximum=18) == 12
    assert int_field(SHEET, "dex") == 11
    assert int_field(SHEET, "skills.firearms", minimum=0) == 45
    assert choice_field(SHEET, "side", ("blue", "red")) == "blue"
    assert bool_field(SHEET, "flag") is True
    assert list_field(SHEET, "gear") == ["pistol"]
    assert mapping_field(SHEET, "skills") == {"firearms": 45}
    assert require_mapping(SHEET) is SHEET


def test_defaults_apply_when_a_field_is_missing_or_blank() -> None:
    assert int_field({}, "armor", default=0) == 0
    assert int_field({"armor": ""}, "armor", default=2) == 2
    assert str_field({}, "notes", default="") == ""
    assert str_field({"notes": "  "}, "notes", default="") == ""
    assert choice_field({}, "side", ("a",), default="a") == "a"
    assert bool_field({}, "flag") is False
    assert bool_field({"flag": None}, "flag", default=True) is True
    assert list_field({}, "gear", default=[]) == []
    assert mapping_field({}, "skills", default={}) == {}


@pytest.mark.parametrize(
    ("call", "field", "message"),
    [
        (lambda: int_field({}, "str", "DG-STAT-1"), "str", "is required"),
        (lambda: int_field({"str": "x"}, "str", "DG-STAT-1"), "str", "must be a whole number"),
        (lambda: int_field({"str": True}, "str", "DG-STAT-1"), "str", "must be a whole number"),
        (lambda: int_field({"str": 1.5}, "str", "DG-STAT-1"), "str", "must be a whole number"),
        (lambda: int_field({"str": 2}, "str", "DG-STAT-1", minimum=3), "str", "at least 3, not 2"),
        (lambda: int_field({"str": 19}, "str", "DG-STAT-1", maximum=18), "str", "at most 18"),
        (lambda: int_field({"s": {"f": "x"}}, "s.f", "DG-STAT-1"), "s.f", "whole number"),
        (lambda: int_field({"s": 3}, "s.f", "DG-STAT-1"), "s.f", "is required"),
        (lambda: str_field({"name": 3}, "name", "DG-STAT-1"), "name", "must be text"),
        (lambda: str_field({"name": "   "}, "name", "DG-STAT-1"), "name", "is required"),
        (lambda: str_field({"n": "abc"}, "n", "DG-STAT-1", max_length=2), "n", "at most 2"),
        (lambda: choice_field({"s": "x"}, "s", ("a", "b"), "DG-STAT-1"), "s", "one of a, b"),
        (lambda: bool_field({"f": "maybe"}, "f", "DG-STAT-1"), "f", "yes or no"),
        (lambda: list_field({"g": "x"}, "g", "DG-STAT-1"), "g", "must be a list"),
        (lambda: list_field({"g": [1, 2]}, "g", "DG-STAT-1", max_items=1), "g", "at most 1"),
        (lambda: mapping_field({"m": []}, "m", "DG-STAT-1"), "m", "must be an object"),
        (lambda: require_mapping([], "sheet", "DG-STAT-1"), "sheet", "must be an object"),
    ],
)
def test_errors_name_the_field_and_the_rule(call: object, field: str, message: str) -> None:
    with pytest.raises(SheetError, match=message) as caught:
        call()  # type: ignore[operator]
    assert caught.value.field == field
    assert caught.value.rule == "DG-STAT-1"
    assert str(caught.value).startswith(f"{field}: ")
    assert str(caught.value).endswith("(DG-STAT-1)")


@pytest.mark.parametrize(
    ("raw", "value"), [(False, False), ("off", False), ("No", False), ("1", True)]
)
def test_bool_field_reads_checkbox_words(raw: object, value: bool) -> None:
    assert bool_field({"f": raw}, "f") is value
