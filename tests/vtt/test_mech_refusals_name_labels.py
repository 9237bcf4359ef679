"""A mech's refusal of a missing or malformed parameter names the field its form shows, in the
reader's language, never the parameter's id (issue 31: the mech resolved past `Actions.resolve`)."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.mech import SYSTEM
from vtt.words import refusal


def _latch_on_turn() -> object:
    state = SYSTEM.start(SYSTEM.demo())  # type: ignore[misc]
    for event in SYSTEM.resolve(state, Action("begin_turn", "latch"), LoadedDice([])):
        state = SYSTEM.apply(state, event)
    return state


def _refused(params: dict[str, object]) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        SYSTEM.resolve(_latch_on_turn(), Action("move", "latch", params), LoadedDice([]))
    return caught.value


def test_a_missing_square_is_named_by_its_label_in_english_and_chinese() -> None:
    error = _refused({"y": 5})
    with translation.override("en"):
        english = refusal(error)
    with translation.override("zh-hans"):
        chinese = refusal(error)
    assert "x is required." not in english
    assert "Column (x) is required." in english
    assert chinese.startswith("缺少 列（x）")


def test_a_malformed_square_is_named_by_its_label() -> None:
    error = _refused({"x": 6, "y": "five"})
    with translation.override("en"):
        assert "Row (y) must be a whole number, not 'five'." in refusal(error)
    with translation.override("zh-hans"):
        assert "行（y）" in refusal(error)


def test_an_unknown_kind_is_refused_by_the_kit() -> None:
    with pytest.raises(IllegalAction, match="There is no action called dance here"):
        SYSTEM.resolve(_latch_on_turn(), Action("dance", "latch"), LoadedDice([]))
