"""Table actions: open and GM-only rolls, chat lines, chat commands, undo."""

from __future__ import annotations

import pytest

from rules.core.dice import LoadedDice, RollRecord, SeededDice
from rules.core.errors import DiceError, IllegalAction
from rules.core.kit import KIT
from rules.core.log import Entry
from rules.core.messages import Msg
from rules.core.system import GM, OBSERVER, Action, Audience, Event, said
from rules.core.table import (
    SAID,
    SECRET_ROLL_TEXT,
    chat_action,
    inline_parts,
    is_table_action,
    public_line,
    resolve_table_action,
    revert_event,
    undo,
)


def test_table_roll_shows_each_die_to_everyone() -> None:
    (event,) = resolve_table_action(
        Action("table.roll", "Pip", {"expr": "2d6+3"}), LoadedDice([3, 5])
    )

    assert event.kind == "table.rolled"
    assert event.audience == "all"
    assert event.text == "Pip rolled 2d6+3: 2d6 [3, 5] + 3 = 11"
    assert event.payload["total"] == 11
    assert event.payload["secret"] is False
    assert event.dice == (RollRecord("2d6", 6, 3), RollRecord("2d6", 6, 5))
    assert event.redacted_text is None


def test_table_roll_with_a_label_and_a_floor() -> None:
    action = Action("table.roll", "Pip", {"expr": "1d3-2", "label": "bruise", "floor": "0"})
    (event,) = resolve_table_action(action, LoadedDice([1]))

    assert event.text == "Pip rolled 1d3-2 (bruise): 1d3 [1] - 2 = -1, at least 0: 0"
    assert event.payload["total"] == 0
    assert event.dice[0].purpose == "bruise 1d3"


def test_gm_roll_is_for_the_gm_only_and_redacted_for_everyone_else() -> None:
    (event,) = resolve_table_action(
        Action("table.gmroll", "GM", {"expr": "1d20"}), LoadedDice([17])
    )

    assert event.audience == "gm"
    assert event.redacted_text == SECRET_ROLL_TEXT == "The GM rolled dice in secret."
    assert event.payload["secret"] is True
    assert GM.can_see(event.audience)
    assert not OBSERVER.can_see(event.audience)
    assert not Audience("player", actors=frozenset({"pip"})).can_see(event.audience)


def test_roll_of_a_bad_expression_is_refused() -> None:
    with pytest.raises(DiceError, match="10000 dice is too many"):
        resolve_table_action(Action("table.roll", "Pip", {"expr": "10000d6"}), SeededDice(1))
    with pytest.raises(IllegalAction, match="expr is required"):
        resolve_table_action(Action("table.roll", "Pip", {}), SeededDice(1))
    with pytest.raises(IllegalAction, match="floor must be a whole number"):
        resolve_table_action(
            Action("table.roll", "Pip", {"expr": "1d6", "floor": "x"}), SeededDice(1)
        )


def test_say_is_a_chat_line_for_everyone() -> None:
    (event,) = resolve_table_action(
        Action("table.say", "Pip", {"text": "  hello   there "}), LoadedDice([])
    )

    assert event == Event("table.said", {"text": "hello there"}, "Pip: hello there")


@pytest.mark.parametrize(
    ("text", "message"), [("", "text is required"), ("   ", "text is required")]
)
def test_say_needs_text(text: str, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        resolve_table_action(Action("table.say", "Pip", {"text": text}), LoadedDice([]))


def test_say_refuses_an_overlong_line() -> None:
    with pytest.raises(IllegalAction, match="at most 2000"):
        resolve_table_action(Action("table.say", "Pip", {"text": "x" * 2001}), LoadedDice([]))


def test_unknown_table_action_is_refused() -> None:
    with pytest.raises(IllegalAction, match=r"no table action 'table\.dance'"):
        resolve_table_action(Action("table.dance", "Pip"), LoadedDice([]))
    assert not is_table_action(Action("attack.make", "Pip"))
    assert is_table_action(Action("table.say", "Pip"))


@pytest.mark.parametrize(
    ("line", "kind", "params"),
    [
        ("/roll 2d6+3", "table.roll", {"expr": "2d6+3"}),
        ("/r d20", "table.roll", {"expr": "d20"}),
        ("/ROLL 1d4", "table.roll", {"expr": "1d4"}),
        ("/gmroll 1d100", "table.gmroll", {"expr": "1d100"}),
        ("/gr 1d6", "table.gmroll", {"expr": "1d6"}),
        ("  hello  ", "table.say", {"text": "hello"}),
        ("/shrug", "table.say", {"text": "/shrug"}),
        ("/roll 2d6+3 damage", "table.roll", {"expr": "2d6+3", "label": "damage"}),
        ("/r 1d20+5 # attack", "table.roll", {"expr": "1d20+5", "label": "attack"}),
        ("/r 1d20 + 5  to   hit", "table.roll", {"expr": "1d20 + 5", "label": "to hit"}),
        ("/gr 1d100 # spot  hidden", "table.gmroll", {"expr": "1d100", "label": "spot hidden"}),
        ("/r 2d6 #", "table.roll", {"expr": "2d6"}),
        ("/r 10000d6 lots", "table.roll", {"expr": "10000d6 lots"}),  # refused when rolled
        ("/w bo see you", "table.whisper", {"to": "bo", "text": "see you"}),
        ("/whisper gm I lie", "table.whisper", {"to": "gm", "text": "I lie"}),
        ("/as Ada Hello", "table.say", {"text": "Hello", "as": "Ada"}),
        ("/ic Ada", "table.say", {"text": "", "as": "Ada"}),
    ],
)
def test_chat_action_reads_slash_commands(line: str, kind: str, params: dict[str, str]) -> None:
    assert chat_action("Pip", line) == Action(kind, "Pip", params)


def test_a_labelled_chat_roll_shows_its_label_in_the_log() -> None:
    action = chat_action("Pip", "/roll 2d6+3 fire damage")
    (event,) = resolve_table_action(action, LoadedDice([4, 6]))

    assert event.text == "Pip rolled 2d6+3 (fire damage): 2d6 [4, 6] + 3 = 13"
    assert event.payload["label"] == "fire damage"
    assert chat_action("Pip", "/r 1d20 # " + "x" * 200).params["label"] == "x" * 100


def test_whisper_and_as_take_the_longest_known_name_with_spaces() -> None:
    names = ["Old Bo", "Old", "gm"]
    assert chat_action("Pip", "/w old bo meet me", names).params == {
        "to": "old bo",
        "text": "meet me",
    }
    assert chat_action("Pip", "/as Old Bo Hm.", names).params == {"text": "Hm.", "as": "Old Bo"}
    assert chat_action("Pip", "/w Oldish hi", names).params["to"] == "Oldish"  # not a prefix
    with pytest.raises(IllegalAction, match="whisper to whom"):
        chat_action("Pip", "/w   ")
    with pytest.raises(IllegalAction, match="say it as whom"):
        chat_action("Pip", "/as")


def test_inline_rolls_roll_on_the_server_and_show_in_the_line() -> None:
    action = chat_action("Pip", "I swing [[1d20+5]] and hit for [[2d6]]!")
    (event,) = resolve_table_action(action, LoadedDice([12, 3, 4]))

    assert event.kind == "table.said"
    assert event.text == (
        "Pip: I swing [1d20+5: 1d20 [12] + 5 = 17] and hit for [2d6: 2d6 [3, 4] = 7]!"
    )
    assert [d.value for d in event.dice] == [12, 3, 4]
    assert event.payload["text"] == "I swing [[1d20+5]] and hit for [[2d6]]!"
    parts = inline_parts(event.payload)
    # each roll keeps its breakdown as a message too, read in the reader's language
    said = [Msg.from_json(part.pop("said")) for part in parts if "said" in part]
    assert parts == [
        {"text": "I swing "},
        {"expr": "1d20+5", "total": 17, "breakdown": "1d20 [12] + 5 = 17"},
        {"text": " and hit for "},
        {"expr": "2d6", "total": 7, "breakdown": "2d6 [3, 4] = 7"},
        {"text": "!"},
    ]
    assert [KIT.render(msg) for msg in said] == ["1d20 [12] + 5 = 17", "2d6 [3, 4] = 7"]


def test_a_line_without_inline_rolls_has_one_text_part() -> None:
    assert inline_parts({"text": "hello"}) == [{"text": "hello"}]


def test_too_many_or_bad_inline_rolls_are_refused_and_roll_nothing() -> None:
    dice = LoadedDice([1] * 10)
    with pytest.raises(IllegalAction, match="at most 5 inline rolls"):
        resolve_table_action(chat_action("Pip", "[[1d4]] " * 6), dice)
    with pytest.raises(DiceError, match="empty"):
        resolve_table_action(chat_action("Pip", "oops [[ ]]"), dice)
    with pytest.raises(DiceError, match="unexpected"):
        resolve_table_action(chat_action("Pip", "[[1d6]] then [[fish]]"), dice)
    assert dice.remaining == 10  # every expression is read before any die is rolled


def test_said_in_character_names_the_character() -> None:
    (event,) = resolve_table_action(
        chat_action("gwen", "/as Goblin Give me [[1d4]] coins"), LoadedDice([3])
    )
    assert event.text == "Goblin: Give me [1d4: 1d4 [3] = 3] coins"
    assert event.payload["as"] == "Goblin"
    assert event.audience == "all"


def test_a_whisper_is_for_its_readers_and_the_gm_and_nobody_else_hears_of_it() -> None:
    action = Action(
        "table.whisper", "pip", {"to": "Bo", "text": "psst [[1d6]]", "users": ["7", "3"]}
    )
    (event,) = resolve_table_action(action, LoadedDice([5]))

    assert event.kind == "table.whispered"
    assert event.text == "pip whispers to Bo: psst [1d6: 1d6 [5] = 5]"
    assert event.audience == "users:3,7"
    assert event.redacted_text is None  # others get nothing, not even a redacted line
    assert Audience("player", user="3").can_see(event.audience)
    assert Audience("observer", user="7").can_see(event.audience)
    assert GM.can_see(event.audience)
    assert not Audience("player", actors=frozenset({"bo"}), user="37").can_see(event.audience)
    assert not Audience("player", actors=frozenset({"bo"})).can_see(event.audience)
    assert not OBSERVER.can_see(event.audience)


def test_a_whisper_to_the_gm_and_a_whisper_without_readers() -> None:
    action = Action("table.whisper", "pip", {"to": "gm", "gm": True, "text": "hi", "users": "3"})
    (event,) = resolve_table_action(action, LoadedDice([]))
    assert event.text == "pip whispers to the GM: hi"
    assert event.audience == "users:3"
    with pytest.raises(IllegalAction, match="needs someone to read it"):
        resolve_table_action(
            Action("table.whisper", "pip", {"to": "x", "text": "hi"}), dice=LoadedDice([])
        )


def test_revert_event_names_the_entry() -> None:
    event = revert_event(3)
    assert event.kind == "table.reverted"
    assert event.payload == {"reverts": 3}
    assert event.text == "The GM undid entry 3."
    with pytest.raises(IllegalAction, match="no entry 0"):
        revert_event(0)


def _entries() -> list[Entry]:
    move = Event("unit.moved", {"to": "a"})
    said = Event("table.said", {"text": "hi"})
    return [
        Entry(1, Action("unit.move", "u"), (move,)),
        Entry(2, Action("unit.move", "u"), (move,)),
        Entry(3, Action("table.say", "u"), (said,)),
    ]


def test_undo_takes_back_the_newest_game_changing_entry() -> None:
    entries = _entries()
    assert undo(entries).payload == {"reverts": 2}  # entry 3 only talked
    entries.append(Entry(4, None, (revert_event(2),)))
    assert undo(entries).payload == {"reverts": 1}
    entries.append(Entry(5, None, (revert_event(1),)))
    with pytest.raises(IllegalAction, match="nothing to undo"):
        undo(entries)


def test_undo_of_a_chosen_entry_checks_it_exists_and_is_not_undone() -> None:
    entries = [*_entries(), Entry(4, None, (revert_event(2),))]
    assert undo(entries, 1).payload == {"reverts": 1}
    with pytest.raises(IllegalAction, match="entry 2 is already undone"):
        undo(entries, 2)
    with pytest.raises(IllegalAction, match="no entry 9"):
        undo(entries, 9)


def test_undo_names_the_public_line_it_takes_back_and_never_a_secret_one() -> None:
    public = said("unit.moved", SAID(actor="Latch", text="moves to (4, 5)"), {})
    secret = Event("unit.hidden", {}, text="Ghost slips into B4", audience="gm")
    entries = [
        Entry(1, Action("unit.move", "u"), (public,)),
        Entry(2, Action("unit.hide", "g"), (secret,)),
    ]
    assert undo(entries).text == "The GM undid entry 2."  # nothing of it was public
    assert undo(entries, 1).text == "The GM took back entry 1: Latch: moves to (4, 5)"
    taken = revert_event(1, public_line(entries[0]), player="Pip")
    assert taken.text == "Pip took back entry 1: Latch: moves to (4, 5)"
    assert taken.payload == {"reverts": 1}
    assert revert_event(2, public_line(entries[1]), player="Pip").text == "Pip took back entry 2."


def test_a_line_of_dice_alone_is_a_roll_and_talk_stays_talk() -> None:
    """Issue 10: `4d10>=8` on its own rolls (a success count); a bare number, words around dice
    and names that happen to start with a d stay talk."""
    from rules.core.table import chat_action

    assert chat_action("pip", "4d10>=8").kind == "table.roll"
    assert chat_action("pip", " 2d6+3 ").params == {"expr": "2d6+3"}
    for talk in ("5", "hello 2d6", "4d10>=8 hits?", "Dad said so", "d"):
        assert chat_action("pip", talk).kind == "table.say", talk
