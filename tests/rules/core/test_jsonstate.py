"""Structural-sharing updates of JSON states: the old state is untouched, unchanged parts shared."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.jsonstate import copy_json, update_in

STATE: dict[str, Any] = {
    "round": 1,
    "combatants": {"pip": {"hp": 10, "tags": ["brave"]}, "bob": {"hp": 7, "tags": []}},
    "log": [{"n": 1}, {"n": 2}],
}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=30,
)


@given(json_values)
def test_copy_json_equals_deepcopy_and_shares_nothing_mutable(data: Any) -> None:
    copied = copy_json(data)
    assert copied == copy.deepcopy(data)
    if isinstance(data, dict | list) and data:
        assert copied is not data


def test_update_in_changes_one_value_and_shares_the_rest() -> None:
    before = copy.deepcopy(STATE)
    after = update_in(STATE, ("combatants", "pip", "hp"), lambda hp: hp - 3)

    assert after["combatants"]["pip"]["hp"] == 7
    assert before == STATE  # the old state is untouched
    assert after["combatants"]["bob"] is STATE["combatants"]["bob"]
    assert after["log"] is STATE["log"]
    assert after["combatants"]["pip"]["tags"] is STATE["combatants"]["pip"]["tags"]


def test_update_in_steps_through_lists() -> None:
    after = update_in(STATE, ("log", 1, "n"), lambda n: n * 10)
    assert after["log"] == [{"n": 1}, {"n": 20}]
    assert after["log"][0] is STATE["log"][0]
    assert STATE["log"][1] == {"n": 2}


@pytest.mark.parametrize(
    ("path", "message"),
    [(("log", "x"), "list index must be an int"), (("round", "x"), "cannot step into int")],
)
def test_bad_paths_are_refused(path: tuple[str, ...], message: str) -> None:
    with pytest.raises(TypeError, match=message):
        update_in(STATE, path, lambda _: 1)
