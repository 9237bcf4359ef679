"""One reader of form values for every system (issue 31): whole numbers within bounds and one of
the offered choices are read by rules/core/params.py, whose refusals the kit names by label."""

from __future__ import annotations

import pytest

from rules.core.dice import Dice, LoadedDice
from rules.core.errors import IllegalAction
from rules.core.kit import Actions, ActionSpec, ActionTemplate, Field, Message
from rules.core.params import choice_param, int_param
from rules.core.system import Action, Event

State = dict[str, object]


def test_a_whole_number_within_bounds() -> None:
    assert int_param({"n": " 6 "}, "n", low=1, high=6) == 6
    assert int_param({}, "n", 0, low=1, high=6) == 0  # a default is the rules' own: not checked
    with pytest.raises(IllegalAction, match=r"^n must be between 1 and 6\.$"):
        int_param({"n": "7"}, "n", low=1, high=6)
    with pytest.raises(IllegalAction, match=r"^n must be between -50 and 0\.$"):
        int_param({"n": 1}, "n", 0, low=-50, high=0)
    with pytest.raises(IllegalAction, match="n is required"):
        int_param({"n": ""}, "n", low=1, high=6)
    with pytest.raises(TypeError):
        int_param({"n": 3}, "n", low=1)


def test_one_of_the_choices() -> None:
    assert choice_param({"c": "b"}, "c", ("a", "b")) == "b"
    assert choice_param({}, "c", {"a": 1, "b": 2}, "a") == "a"  # a mapping offers its keys
    with pytest.raises(IllegalAction, match=r"^c: 'z' is not one of the choices\.$"):
        choice_param({"c": "z"}, "c", ("a", "b"))
    with pytest.raises(IllegalAction, match="c is required"):
        choice_param({"c": None}, "c", ("a", "b"))
    with pytest.raises(IllegalAction, match="not one of the choices"):
        choice_param({}, "c", ("a", "b"), "")  # a default must be a choice too


AMOUNT = Message("test.amount", "Amount of harm")


def _harm(state: State, action: Action, dice: Dice) -> list[Event]:
    int_param(action.params, "amount", low=0, high=99)
    return []


def _gm_forms(state: State, actor: str) -> list[ActionTemplate]:
    """One offer holding the forms of two kinds, as Ace's GM tools do."""
    return [
        ActionTemplate("note", "Note", "T-1"),
        ActionTemplate("harm", "Harm", "T-2", (Field("amount", AMOUNT(), "number"),)),
    ]


def test_a_field_is_named_by_its_label_whichever_spec_offers_its_form() -> None:
    actions = Actions(
        [
            ActionSpec("note", "T-1", lambda s, a, d: [], offer=_gm_forms),
            ActionSpec("harm", "T-2", _harm),
        ]
    )
    with pytest.raises(IllegalAction) as refused:
        actions.resolve({}, Action("harm", "gm", {"amount": "120"}), LoadedDice([]))
    assert str(refused.value) == "Amount of harm must be between 0 and 99."
