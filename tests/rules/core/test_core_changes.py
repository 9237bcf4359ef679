"""The one state vocabulary (rules/core/changes.py): set/del/add changes, apply, diff, Emitter."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.changes import (
    Emitter,
    append,
    apply,
    apply_changes,
    delete,
    diff,
    diff_along,
    same,
    set_,
)
from rules.core.dice import SeededDice
from rules.core.errors import RulesError
from rules.core.messages import text
from rules.core.registry import get_system
from rules.core.system import Event

STATE: dict[str, Any] = {
    "round": 1,
    "units": {"a": {"hp": 10, "tags": ["brave"]}, "b": {"hp": 7, "tags": []}},
    "log": [{"n": 1}],
}


def test_builders_make_json_lists() -> None:
    assert set_(("units", "a", "hp"), 3) == ["set", ["units", "a", "hp"], 3]
    assert delete(["units", "b"]) == ["del", ["units", "b"]]
    assert append(["log"], {"n": 2}) == ["add", ["log"], {"n": 2}]


def test_apply_changes_writes_in_order_and_leaves_the_old_state_alone() -> None:
    before = copy.deepcopy(STATE)
    after = apply_changes(
        STATE,
        [
            set_(["units", "a", "hp"], 4),
            set_(["units", "c", "hp"], 1),  # missing levels created
            delete(["units", "b"]),
            append(["units", "a", "tags"], "hurt"),
            append(["notes"], "first"),  # a missing list created
            delete(["units", "zz"]),  # absent: nothing happens
            delete(["nowhere", "deep"]),
        ],
    )
    assert after == {
        "round": 1,
        "units": {"a": {"hp": 4, "tags": ["brave", "hurt"]}, "c": {"hp": 1}},
        "log": [{"n": 1}],
        "notes": ["first"],
    }
    assert before == STATE
    assert after["log"] is STATE["log"]  # unchanged parts shared


def test_values_are_copied_so_the_event_cannot_change_the_state_later() -> None:
    value = {"hp": 3}
    change = set_(["units", "a"], value)
    after = apply_changes(STATE, [change])
    value["hp"] = 99
    assert after["units"]["a"] == {"hp": 3}


def test_list_indexes_in_paths() -> None:
    after = apply_changes(STATE, [set_(["log", 0, "n"], 5)])
    assert after["log"] == [{"n": 5}]
    assert apply_changes(after, [delete(["log", 0, "n"])])["log"] == [{}]
    assert apply_changes(STATE, [append(["log"], 2), set_(["log", -1], 3)])["log"][-1] == 3


@pytest.mark.parametrize(
    "change",
    [
        ["move", ["round"], 1],
        ["set", "round", 1],
        ["set", ["round"]],
        ["del", []],
        ["del", ["round"], 1],
        ["add", ["round"], 1],  # not a list
        ["set", ["round", "x"], 1],  # cannot step into a number
        ["set", ["log", 5], 1],  # no such index
        ["set", ["log", "x"], 1],
        ["set", [1.5], 1],
        ["set", ["log", True], 1],  # a bool is no index
        ["set", ["nowhere", 0], 1],  # a missing level is a dict: its keys are words
        ["del", ["log", 3, "n"]],
        "set",
        [],
    ],
)
def test_a_malformed_change_is_a_rules_error_with_a_message(change: Any) -> None:
    with pytest.raises(RulesError) as caught:
        apply_changes(STATE, [change])
    assert caught.value.msg.id == "core.change.bad"
    assert "cannot be applied" in caught.value.message


def test_apply_reads_the_events_changes() -> None:
    event = Event("x.happened", {"changes": [set_(["round"], 2)], "who": "a"})
    assert apply(STATE, event)["round"] == 2
    assert apply(STATE, Event("x.said", {"who": "a"})) is STATE


def test_diff_of_examples() -> None:
    after = apply_changes(
        STATE,
        [
            set_(["units", "a", "hp"], 4),
            delete(["units", "b"]),
            append(["log"], {"n": 2}),
            set_(["round"], True),
        ],
    )
    assert diff(STATE, after) == [
        ["set", ["round"], True],
        ["del", ["units", "b"]],
        ["set", ["units", "a", "hp"], 4],
        ["add", ["log"], {"n": 2}],
    ]
    assert diff(STATE, copy.deepcopy(STATE)) == []
    assert diff({"l": [1, 2]}, {"l": [2]}) == [["set", ["l"], [2]]]
    assert diff({"n": 1}, {"n": 1.0}) == [["set", ["n"], 1.0]]
    assert diff([1], {"a": 1}) == [["set", [], {"a": 1}]]


def test_same_tells_json_types_apart() -> None:
    assert same({"a": [1, {"b": None}]}, {"a": [1, {"b": None}]})
    assert not same(1, True)
    assert not same([1], [1.0])
    assert not same({"a": 1}, {"b": 1})


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4)
    ),
    max_leaves=25,
)


DROPPED = object()


def _near(before: Any) -> st.SearchStrategy[Any]:
    """States near `before` (so that the diff has edits deep inside, not a whole new value)."""
    if isinstance(before, dict) and before:
        each = {
            k: st.one_of(st.just(v), st.just(DROPPED), _near(v), json_values)
            for k, v in before.items()
        }
        return st.tuples(
            st.fixed_dictionaries(each),
            st.dictionaries(st.text(max_size=2), json_values, max_size=2),
        ).map(lambda kept: {**{k: v for k, v in kept[0].items() if v is not DROPPED}, **kept[1]})
    if isinstance(before, list):
        return st.lists(json_values, max_size=3).map(lambda tail: [*before, *tail])
    return json_values


pairs = json_values.flatmap(lambda before: st.tuples(st.just(before), _near(before)))


@given(pairs)
def test_diff_then_apply_gives_the_after_state(pair: tuple[Any, Any]) -> None:
    before, after = pair
    kept = copy.deepcopy(before)
    changes = diff(before, after)
    result = apply_changes(before, changes)
    assert same(result, after)
    assert same(before, kept)  # the old state is untouched
    assert diff(after, after) == []


@given(json_values, json_values)
def test_diff_then_apply_for_any_two_values(before: Any, after: Any) -> None:
    assert same(apply_changes(before, diff(before, after)), after)


def test_emitter_applies_each_event_at_once_with_the_dice_since_the_last() -> None:
    dice = SeededDice(7)
    emitter = Emitter(STATE, dice)
    dice.roll(6, "first")
    one = emitter.emit("unit.hit", text("hit"), [set_(["units", "a", "hp"], 5)], target="a")
    assert emitter.state["units"]["a"]["hp"] == 5  # the next step sees it
    two = emitter.emit("unit.said", text("hello"), audience="gm")
    dice.roll(6, "second")
    three = emitter.emit("unit.hit", text("hit"), [append(["log"], {"n": 2})])
    assert [len(e.dice) for e in (one, two, three)] == [1, 0, 1]
    assert one.payload == {"target": "a", "changes": [["set", ["units", "a", "hp"], 5]]}
    assert two.payload == {}
    assert two.audience == "gm"
    assert emitter.events == [one, two, three]
    assert STATE["units"]["a"]["hp"] == 10
    assert apply(apply(apply(STATE, one), two), three) == emitter.state


def test_staged_changes_are_read_at_once_and_emitted_in_their_shortest_form() -> None:
    emitter = Emitter(STATE, SeededDice(1))
    emitter.change(set_(["units", "a", "hp"], 8))
    assert emitter.state["units"]["a"]["hp"] == 8  # the next rule of the same event reads it
    emitter.change(set_(["units", "a", "hp"], 5), append(["units", "b", "tags"], "hurt"))
    hit = emitter.emit("unit.hit", text("hit"), [set_(["round"], 2)], target="a")
    assert hit.payload["changes"] == [  # one "set" for the hit points set twice, in diff's order
        ["set", ["round"], 2],
        ["set", ["units", "a", "hp"], 5],
        ["add", ["units", "b", "tags"], "hurt"],
    ]
    emitter.change(set_(["units", "a", "hp"], 5))
    same_again = emitter.emit("unit.hit", text("hit"))
    assert "changes" not in same_again.payload  # nothing differs: nothing stored
    assert apply(apply(STATE, hit), same_again) == emitter.state
    assert STATE["units"]["a"]["hp"] == 10


PATH_KEYS = st.sampled_from(["a", "b", "hp", "tags"])
staged_changes = st.lists(
    st.one_of(
        st.tuples(st.just("set"), st.lists(PATH_KEYS, min_size=1, max_size=3), json_values),
        st.tuples(st.just("del"), st.lists(PATH_KEYS, min_size=1, max_size=3)),
        st.tuples(st.just("add"), st.lists(PATH_KEYS, min_size=1, max_size=3), json_values),
    ).map(list),
    max_size=6,
)


@given(staged_changes)
def test_diff_along_the_touched_paths_is_the_whole_diff(changes: list[Any]) -> None:
    before: Any = {"a": {"hp": 3, "tags": ["x"], "b": {"hp": 1}}, "b": {"tags": []}, "hp": 2}
    after = before
    applied = []
    for change in changes:
        try:
            after = apply_changes(after, [change])
        except RulesError:
            continue  # a change that does not fit the state (adding to a number)
        applied.append(change)
    assert diff_along(before, after, [change[1] for change in applied]) == diff(before, after)


@given(staged_changes)
def test_many_changes_in_one_call_are_the_changes_one_by_one(changes: list[Any]) -> None:
    """A call copies each container once and writes its own copies in place: the result is the
    changes applied one at a time, and neither the old state nor the changes' values change."""
    before: Any = {"a": {"hp": 3, "tags": ["x"], "b": {"hp": 1}}, "b": {"tags": []}, "hp": 2}
    kept = copy.deepcopy(before)
    values = copy.deepcopy(changes)
    one_by_one = before
    fitting = []
    for change in changes:
        try:
            one_by_one = apply_changes(one_by_one, [change])
        except RulesError:
            continue
        fitting.append(change)
    together = apply_changes(before, fitting)
    assert same(together, one_by_one)
    assert same(before, kept)
    assert same(changes, values)  # the changes' values untouched
    with contextlib.suppress(RulesError):  # a second call leaves the first result alone
        apply_changes(together, fitting)
    assert same(together, one_by_one)


@pytest.mark.parametrize("key", ["coc", "ace", "mech"])
def test_the_systems_on_the_vocabulary_fold_through_the_core_apply(key: str) -> None:
    system = get_system(key)
    assert system.apply is apply
    state = system.start(system.demo())
    with pytest.raises(RulesError) as caught:  # Ace raised ValueError here; CoC its own message
        system.apply(state, Event("x.happened", {"changes": [["move", ["round"], 1]]}))
    assert caught.value.msg.id == "core.change.bad"
