"""The `chat` system: a dice-and-talk table with seats, a preview of rolls and versioned state."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.chat import SYSTEM as CHAT
from rules.core.dice import LoadedDice
from rules.core.errors import DiceError, IllegalAction, RulesError, SheetError
from rules.core.log import Entry, fold, replay_matches
from rules.core.system import GM, OBSERVER, Action, Event
from rules.core.table import chat_action


def test_start_seats_the_combatants() -> None:
    state = CHAT.start(CHAT.demo())  # type: ignore[misc]

    assert state["version"] == 1
    assert state["title"] == "Dice at the table"
    assert CHAT.actors(state) == ["ada", "bo"]  # type: ignore[misc]
    assert state["combatants"][0] == {
        "id": "ada",
        "name": "Ada",
        "side": "",
        "controller": "player1",
    }


def test_start_without_combatants_is_an_empty_table() -> None:
    state = CHAT.start({})
    assert state == {"version": 1, "title": "", "settings": {}, "combatants": []}


@pytest.mark.parametrize(
    ("setup", "field"),
    [
        ([], "setup"),
        ({"combatants": "x"}, "combatants"),
        ({"combatants": [3]}, "combatants[0]"),
        ({"combatants": [{"name": "no id"}]}, "id"),
        ({"combatants": [{"id": "a"}, {"id": "a"}]}, "combatants[1].id"),
        ({"settings": []}, "settings"),
        ({"title": 5}, "title"),
    ],
)
def test_bad_setups_name_the_field(setup: object, field: str) -> None:
    with pytest.raises(SheetError) as caught:
        CHAT.start(setup)  # type: ignore[arg-type]
    assert caught.value.field == field


def test_a_sheet_is_a_name_and_notes() -> None:
    assert CHAT.validate_sheet({"name": " Pip ", "extra": 1}) == {"name": "Pip", "notes": ""}
    assert CHAT.validate_sheet(CHAT.default_sheet) == CHAT.default_sheet
    with pytest.raises(SheetError, match="name: is required"):
        CHAT.validate_sheet({})


def test_table_actions_resolve_and_leave_the_state_alone() -> None:
    state = CHAT.start({})
    (event,) = CHAT.resolve(state, chat_action("pip", "/roll 1d20+2"), LoadedDice([18]))

    assert event.text == "pip rolled 1d20+2: 1d20 [18] + 2 = 20"
    assert CHAT.apply(state, event) is state
    assert CHAT.legal_actions(state, "pip") == []


def test_anything_but_table_actions_is_refused() -> None:
    with pytest.raises(IllegalAction, match=r"no action 'attack\.make'; use /roll"):
        CHAT.resolve(CHAT.start({}), Action("attack.make", "pip"), LoadedDice([]))
    with pytest.raises(RulesError, match=r"no event 'attack\.resolved'"):
        CHAT.apply(CHAT.start({}), Event("attack.resolved"))


def test_view_hides_nothing_and_is_a_copy() -> None:
    state = CHAT.start(CHAT.demo())  # type: ignore[misc]
    for audience in (GM, OBSERVER):
        seen = CHAT.view(state, audience)
        assert seen == state
        seen["combatants"].clear()
    assert len(state["combatants"]) == 2


def test_dump_and_load_round_trip_and_upgrade_version_0() -> None:
    state = CHAT.start(CHAT.demo())  # type: ignore[misc]
    assert CHAT.load(CHAT.dump(state)) == state
    old = {"title": "Old table", "settings": {"x": 1}}
    assert CHAT.load(old) == {
        "version": 1,
        "title": "Old table",
        "settings": {"x": 1},
        "combatants": [],
    }
    with pytest.raises(RulesError, match="version 7"):
        CHAT.load({"version": 7})


def test_replay_of_a_chat_log_equals_the_snapshot() -> None:
    setup = CHAT.demo()  # type: ignore[misc]
    state = CHAT.start(setup)
    entries = []
    for index, line in enumerate(["/roll 2d6", "hi"], start=1):
        events = CHAT.resolve(state, chat_action("ada", line), LoadedDice([1, 2]))
        for event in events:
            state = CHAT.apply(state, event)
        entries.append(Entry(index, chat_action("ada", line), tuple(events)))
    assert fold(CHAT, setup, entries) == state
    assert replay_matches(CHAT, setup, entries, CHAT.dump(state))


def test_preview_gives_the_exact_chance_of_each_total() -> None:
    data = CHAT.preview(CHAT.start({}), chat_action("p", "/roll 2d6+3"))  # type: ignore[misc]

    assert data["summary"] == "2d6+3: 5 to 15, average 10.00"
    assert data["outcomes"][5] == {"label": "10", "probability": 1 / 6, "exact": "1/6"}
    assert sum(Fraction(o["exact"]) for o in data["outcomes"]) == 1
    assert data["details"]["mean_exact"] == "10/1"


def test_preview_of_a_floored_roll_and_of_a_huge_one() -> None:
    floored = CHAT.preview(  # type: ignore[misc]
        {}, Action("table.roll", "p", {"expr": "1d3-2", "floor": 0})
    )
    assert [o["exact"] for o in floored["outcomes"]] == ["2/3", "1/3"]
    huge = CHAT.preview({}, Action("table.roll", "p", {"expr": "100d100"}))  # type: ignore[misc]
    assert huge["outcomes"] == []
    assert huge["details"]["mean"] == 5050


def test_preview_refuses_what_it_cannot_preview() -> None:
    with pytest.raises(IllegalAction, match=r"'table\.say' has no preview"):
        CHAT.preview({}, chat_action("p", "hello"))  # type: ignore[misc]
    with pytest.raises(DiceError, match="ends too early"):
        CHAT.preview({}, chat_action("p", "/roll 2d"))  # type: ignore[misc]
