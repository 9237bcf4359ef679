"""Issue 33: Delta Green's English log names a skill, an edge or a condition in words ("rolls
First Aid"), never by its key ("first_aid"), as the mech names its conditions; the rules keep
the key as the message's English (locale/en/LC_MESSAGES/engine.po gives the words)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from rules.core.dice import LoadedDice, SeededDice
from rules.core.system import Action
from rules.delta_green import SYSTEM as DG
from rules.delta_green import log_messages as L
from rules.delta_green.log_turns import ROLLS
from vtt.words import say

_KEY = re.compile(r"\b[a-z]+_[a-z_]+\b")


@pytest.mark.parametrize(
    ("key", "words"),
    [("first_aid", "First Aid"), ("firearms", "Firearms"), ("smg", "SMG"), ("dodge", "Dodge")],
)
def test_a_skill_in_the_english_log_reads_as_words(key: str, words: str) -> None:
    line = ROLLS(name="Serge", skill=L.skill_word(key), roll=12, chance=45, light="", verdict="")
    with translation.override("en"):
        text = say(line.to_json())
    assert f"rolls {words}:" in text, text


def test_a_played_skill_roll_reads_its_skill_in_words_in_english_and_in_chinese() -> None:
    state = DG.start(DG.demo())
    for event in DG.resolve(state, Action("start_round", "gm", {}), SeededDice(5)):
        state = DG.apply(state, event)
    actor = next(a for a in DG.actors(state) if "skill" in kinds(state, a))
    [event] = DG.resolve(state, Action("skill", actor, {"skill": "first_aid"}), LoadedDice([7]))
    assert event.msg is not None
    with translation.override("en"):
        english = say(event.msg.to_json())
    with translation.override("zh-hans"):
        chinese = say(event.msg.to_json())
    assert "First Aid" in english, english
    assert not _KEY.search(english), english
    assert "first" not in chinese.lower(), chinese


def kinds(state: object, actor: str) -> list[str]:
    return [t.kind for t in DG.legal_actions(state, actor)]


def test_edges_and_conditions_read_as_words_in_english() -> None:
    with translation.override("en"):
        assert say(L.edge_word("quick_draw").to_json()) == "Quick Draw"  # type: ignore[union-attr]
        assert say(L.EDGE_KEYS["hand_to_hand"]().to_json()) == "Hand-to-Hand"
