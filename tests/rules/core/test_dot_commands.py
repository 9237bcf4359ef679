"""Issue 38: the dice-bot commands read in both languages, full-width marks included."""

from __future__ import annotations

import pytest

from rules.core.dot_commands import parse
from rules.core.errors import IllegalAction


@pytest.mark.parametrize(
    ("line", "command", "params"),
    [
        (".ra 侦查", "ra", {"skill": "侦查", "hidden": False}),
        ("。ｒａ　侦查", "ra", {"skill": "侦查", "hidden": False}),
        (".ra侦查", "ra", {"skill": "侦查", "hidden": False}),
        ("/rc Spot Hidden 60", "ra", {"skill": "Spot Hidden", "value": 60, "hidden": False}),
        (
            ".RA 3#侦查-10 @Ann",
            "ra",
            {"skill": "侦查", "times": 3, "modifier": -10, "who": "Ann", "hidden": False},
        ),
        (".rh 聆听", "ra", {"skill": "聆听", "hidden": True}),
        (".rh", "rh", {"expr": "1d100"}),
        (".r 2d6+3", "r", {"expr": "2d6+3"}),
        (".sc 1/1d6", "sc", {"on_success": "1", "on_failure": "1d6"}),
        ("．ｓｃ１／１ｄ６", "sc", {"on_success": "1", "on_failure": "1d6"}),
        ("/sc 0/1d3 @Bo", "sc", {"on_success": "0", "on_failure": "1d3", "who": "Bo"}),
        (".st 力量60敏捷50侦查45", "st", {"values": [["力量", 60], ["敏捷", 50], ["侦查", 45]]}),
        (
            "。ｓｔ　ＳＴＲ：６０，Spot Hidden 45",
            "st",
            {"values": [["STR", 60], ["Spot Hidden", 45]]},
        ),
        (".rav 斗殴 @Bo", "rav", {"skill": "斗殴", "against": "Bo"}),
        (
            "。ｒａｖ　力量对体型　＠Ｂｏ",
            "rav",
            {"skill": "力量", "their_skill": "体型", "against": "Bo"},
        ),
        (
            ".rav Spot Hidden vs Stealth @Bo",
            "rav",
            {"skill": "Spot Hidden", "their_skill": "Stealth", "against": "Bo"},
        ),
        (".en", "en", {}),
        (".en 侦查", "en", {"skill": "侦查"}),
    ],
)
def test_commands_read(line: str, command: str, params: dict) -> None:
    dot = parse(line)
    assert dot is not None
    assert (dot.command, dot.params) == (command, params)


@pytest.mark.parametrize(
    "line",
    ["hello", ".reply later", "/r 1d6", "/roll 1d6", "/w Bo hi", "...", "/end", ".start", "/help"],
)
def test_other_lines_are_not_commands(line: str) -> None:
    assert parse(line) is None


@pytest.mark.parametrize(
    "line", [".ra", ".sc lots", ".st 力量", ".ra 11#侦查", ".rav 斗殴", ".rav @Bo"]
)
def test_bad_commands_are_refused(line: str) -> None:
    with pytest.raises(IllegalAction):
        parse(line)


@pytest.mark.parametrize(
    "line",
    [
        ".st 力量" + "9" * 5000,
        ".ra 侦查 " + "9" * 5000,
        ".ra 侦查 +" + "9" * 5000,
        "9" * 10 + "#侦查",
    ],
    ids=["set", "value", "modifier", "times"],
)
def test_a_number_too_long_is_refused_in_words(line: str) -> None:
    """Issue 30: a run of thousands of digits made int() raise (a crash at the table, past
    Python's 4,300-digit limit); it is refused like any other line the bot cannot read."""
    if line.startswith("9"):
        line = ".ra " + line
    with pytest.raises(IllegalAction, match="at most 9 digits"):
        parse(line)
    assert parse(".st 力量" + "9" * 9).params["values"] == [["力量", 999_999_999]]
