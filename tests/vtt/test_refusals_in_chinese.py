"""Dice notation, BRP damage and missing-parameter refusals read in the reader's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules.brp.core import DamageDice
from rules.core.errors import RulesError
from rules.core.notation import DiceExpr
from rules.core.params import int_param, str_param
from vtt.words import refusal


def _caught(call: object) -> RulesError:
    with pytest.raises(RulesError) as caught:
        call()  # type: ignore[operator]
    return caught.value


@pytest.mark.parametrize(
    ("call", "english", "chinese"),
    [
        (lambda: DiceExpr.parse("2d"), "ends too early", "提前结束"),
        (lambda: DiceExpr.parse("2d6+x"), "unexpected", "意外"),
        (lambda: DiceExpr.parse("500d6"), "dice is too many", "太多"),
        (lambda: DiceExpr.parse(""), "empty", "空"),
        (lambda: DamageDice.parse("1d1"), "at least 2 sides", "至少要有 2 面"),
        (lambda: str_param({}, "target"), "target is required", "缺少 target"),
        (lambda: int_param({"n": "x"}, "n"), "must be a whole number", "必须是整数"),
    ],
)
def test_a_refusal_reads_in_english_and_in_chinese(
    call: object, english: str, chinese: str
) -> None:
    error = _caught(call)
    with translation.override("en"):
        assert english in refusal(error)
    with translation.override("zh-hans"):
        words = refusal(error)
    assert chinese in words
    assert english not in words
