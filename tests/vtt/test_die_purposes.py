"""A die's purpose, stored as English on its record, reads in the viewer's language in the log."""

from __future__ import annotations

from django.utils import translation

from rules.core.dice import SeededDice
from rules.core.registry import get_system
from rules.core.system import Action
from vtt.encounters.fragments import dice_chips
from vtt.words import purpose


def test_a_declared_purpose_reads_in_chinese_with_its_names_kept() -> None:
    with translation.override("zh-hans"):
        assert purpose("initiative Lin Yue") == "Lin Yue 的先攻"
        assert purpose("hit d20") == "命中 d20"
        assert purpose("Serge initiative d10") == "Serge 的攻击等级 d10"
        assert purpose("no such purpose") == "no such purpose"
    with translation.override("en"):
        assert purpose("initiative Lin Yue") == "initiative Lin Yue"


def test_the_log_shows_the_dice_of_an_ace_round_without_an_english_purpose() -> None:
    system = get_system("ace")
    state = system.start(system.demo())
    events = system.resolve(state, Action("begin", "gm"), SeededDice(7))
    dice = [record.to_json() for event in events for record in event.dice]
    assert dice, "the round rolled no initiative"
    with translation.override("zh-hans"):
        shown = [chip["purpose"] for chip in dice_chips(dice)]
    assert all("先攻" in text for text in shown), shown
