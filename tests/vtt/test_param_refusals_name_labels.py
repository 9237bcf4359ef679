"""Call of Cthulhu and Ace read their forms with rules/core/params.py (issue 31), so a number out
of bounds or a value not offered is refused naming the field's label in the reader's language,
never the parameter's id."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from rules.ace import SYSTEM as ACE
from rules.coc import SYSTEM as COC
from rules.core.dice import SeededDice
from rules.core.errors import IllegalAction
from rules.core.system import Action, GameSystem
from vtt.words import refusal


def _read(system: GameSystem, state: Any, action: Action) -> tuple[str, str]:
    with pytest.raises(IllegalAction) as caught:
        system.resolve(state, action, SeededDice(1))
    with translation.override("en"):
        english = refusal(caught.value)
    with translation.override("zh-hans"):
        chinese = refusal(caught.value)
    return english, chinese


def _coc_round_one() -> Any:
    state = COC.start(COC.demo())  # type: ignore[misc]
    for event in COC.resolve(state, Action("next_round", "gm", {}), SeededDice(1)):
        state = COC.apply(state, event)
    return state


def test_a_coc_number_out_of_bounds_names_its_field() -> None:
    shot = {"weapon": "revolver", "target": "cultist", "distance": 30, "damage_mod": -60}
    english, chinese = _read(COC, _coc_round_one(), Action("fire", "mara", shot))
    assert english == ("Keeper's damage cut per bullet must be between -50 and 0.")
    assert chinese.startswith("守秘人对每颗子弹的减伤 必须在 -50 到 0 之间")


def test_ace_numbers_and_choices_name_their_fields() -> None:
    state = ACE.start(ACE.demo())  # type: ignore[misc]
    english, chinese = _read(ACE, state, Action("hp", "gm", {"target": "lin", "amount": 5000}))
    assert english == "HP (+ heals, - hurts) must be between -999 and 999."
    assert chinese.startswith("HP（+ 治疗，- 伤害） 必须在 -999 到 999 之间")
    sleepy = {"target": "lin", "condition": "sleepy"}
    english, chinese = _read(ACE, state, Action("set_condition", "gm", sleepy))
    assert english == "Condition: 'sleepy' is not one of the choices."
    assert chinese.startswith("状态：'sleepy' 不是可选项之一")


def test_an_ace_preview_refusal_names_its_field() -> None:
    """Ace's odds are its specs' previews, read through `Actions.preview` like its actions."""
    state = ACE.start(ACE.demo())  # type: ignore[misc]
    for event in ACE.resolve(state, Action("begin", "gm", {}), SeededDice(3)):
        state = ACE.apply(state, event)
    called = Action("attack", "su", {"target": "hound", "location": "tail"})
    with pytest.raises(IllegalAction) as caught:
        ACE.preview(state, called)  # type: ignore[misc]
    with translation.override("en"):
        assert refusal(caught.value) == "Called shot: 'tail' is not one of the choices."
    with translation.override("zh-hans"):
        assert refusal(caught.value).startswith("对特定部位攻击：'tail' 不是可选项之一")
