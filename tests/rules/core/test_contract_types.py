"""The contract types: audiences, actions and events as JSON, and params read from forms."""

from __future__ import annotations

import json

import pytest

from rules.core.dice import RollRecord
from rules.core.errors import IllegalAction, RulesError, SheetError
from rules.core.params import bool_param, int_param, list_param, str_param
from rules.core.system import GM, OBSERVER, Action, Audience, Event

PIP = Audience("player", side="blue", actors=frozenset({"pip", "ann"}))


def test_audience_keys_are_stable() -> None:
    assert GM.key == "gm"
    assert OBSERVER.key == "observer"
    assert PIP.key == "player|side:blue|ann|pip"
    assert Audience("player").key == "player"


@pytest.mark.parametrize(
    ("audience", "event_audience", "sees"),
    [
        (GM, "gm", True),
        (GM, "side:red", True),
        (OBSERVER, "all", True),
        (OBSERVER, "gm", False),
        (OBSERVER, "side:blue", False),
        (PIP, "side:blue", True),
        (PIP, "side:red", False),
        (PIP, "actor:pip", True),
        (PIP, "actor:bob", False),
        (PIP, "gm", False),
        (PIP, "elsewhere", False),
    ],
)
def test_can_see(audience: Audience, event_audience: str, sees: bool) -> None:
    assert audience.can_see(event_audience) is sees


def test_action_and_event_round_trip_through_json() -> None:
    action = Action("attack.make", "pip", {"target": "bob", "shots": "3"})
    event = Event(
        "attack.resolved",
        {"hit": True},
        "Pip hits",
        (RollRecord("hit d100", 100, 12),),
        "side:blue",
        "Someone attacked",
    )
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
    assert Event.from_json(json.loads(json.dumps(event.to_json()))) == event
    assert Action.from_json({"kind": "a", "actor": "b"}) == Action("a", "b", {})
    assert Event.from_json({"kind": "x"}) == Event("x")


def test_errors_carry_their_rule() -> None:
    error = RulesError("not now", "DG-ACT-1")
    assert str(error) == "not now (DG-ACT-1)"
    assert (error.message, error.rule) == ("not now", "DG-ACT-1")
    assert str(RulesError("plain")) == "plain"
    sheet = SheetError("str", "must be 3-18", "DG-STAT-1")
    assert (str(sheet), sheet.field) == ("str: must be 3-18 (DG-STAT-1)", "str")


def test_int_param() -> None:
    assert int_param({"n": " 7 "}, "n") == 7
    assert int_param({"n": 3}, "n") == 3
    assert int_param({}, "n", 2) == 2
    assert int_param({"n": ""}, "n", "4") == 4
    with pytest.raises(IllegalAction, match="n is required"):
        int_param({"n": None}, "n")
    with pytest.raises(IllegalAction, match="n must be a whole number, not 'x'"):
        int_param({"n": "x"}, "n")
    with pytest.raises(IllegalAction, match="n must be a whole number"):
        int_param({"n": True}, "n")


def test_str_param() -> None:
    assert str_param({"s": "a"}, "s") == "a"
    assert str_param({}, "s", "d") == "d"
    assert str_param({"s": ""}, "s", "d") == "d"
    with pytest.raises(IllegalAction, match="s is required"):
        str_param({"s": ""}, "s")


def test_bool_param() -> None:
    assert bool_param({"b": "on"}, "b") is True
    assert bool_param({"b": "off"}, "b") is False
    assert bool_param({"b": True}, "b") is True
    assert bool_param({}, "b", True) is True


def test_list_param() -> None:
    assert list_param({"l": ["a", "", "b"]}, "l") == ["a", "b"]
    assert list_param({"l": "a,b,"}, "l") == ["a", "b"]
    assert list_param({"l": ("x",)}, "l") == ["x"]
    assert list_param({}, "l") == []
