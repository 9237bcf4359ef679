"""Delta Green's odds line names the attacker's skill and adds up only what there is to add: a
knife with nothing added read "刀 45 = 45" in Chinese (a weapon's name, then a value equal to
itself); it reads 刀技能 45：命中率 45%, and "Knife 45: 45% to hit" in English (DG-GEN-3)."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from rules.core.system import Action
from rules.delta_green import SYSTEM
from vtt.words import say


def odds(params: dict[str, Any], language: str) -> str:
    """The demo's cultist with a knife (Knife 45) striking Serge: the odds line as read."""
    state = SYSTEM.start(SYSTEM.demo())
    preview = SYSTEM.preview(state, Action("melee", "cultist4", {"target": "serge", **params}))
    with translation.override(language):
        return say(preview["details"]["summary_msg"])


@pytest.mark.parametrize(
    ("language", "expected"),
    [("zh-hans", "刀技能 45：命中率 45%"), ("en", "Knife 45: 45% to hit")],
)
def test_a_skill_with_nothing_added_is_named_and_said_once(language: str, expected: str) -> None:
    assert odds({"weapon": "knife"}, language) == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("zh-hans", "刀技能 45 主持人修正 -10 = 35：命中率 35%"),
        ("en", "Knife 45 GM modifier -10 = 35: 35% to hit"),
    ],
)
def test_a_modifier_is_shown_with_the_sum(language: str, expected: str) -> None:
    assert odds({"weapon": "knife", "modifier": "-10"}, language) == expected
