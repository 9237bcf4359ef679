"""The dice-bot commands percentile groups type in the chat box, read into what they ask for.

`.r 1d6` rolls, `.ra 侦查` / `.rc` checks a skill or characteristic by name, `.rh` rolls or
checks hidden (the roller and the GM read it), `.sc 1/1d6` is a Sanity check, `.st 力量60侦查45`
sets sheet values in one line, `.en 侦查` rolls growth and `.log new 第一夜` marks a session's
record (rules/core/recording.py). Each also begins with `/`, and with
the full-width marks a Chinese keyboard types (。ｒａ, ．ｓｃ, ／ｒ). The table server turns a
command into a table action or the system's action (vtt/encounters/dot_chat.py).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import IllegalAction
from rules.core.messages import Message
from rules.core.recording import MARK_WORDS, MAX_NAME

# longest first, so that ".ra" is not read as ".r a"
COMMANDS = ("log", "rav", "ra", "rc", "rh", "sc", "st", "en", "r")
MARKS = ".。/"  # after NFKC: full-width ．／ are . and /, the ideographic stop 。 stays
MAX_ASSIGNMENTS = 40  # values one .st may set
MAX_TIMES = 10  # checks one .ra 3#侦查 may roll

NO_SKILL = Message(
    "chat.dot.no_skill", "check what? Write {command} and a skill, e.g. {command} Spot Hidden"
)
BAD_SANITY = Message(
    "chat.dot.bad_sanity", "write the Sanity loss as success/failure, e.g. .sc 1/1d6"
)
BAD_SET = Message(
    "chat.dot.bad_set", "write the values as names and numbers, e.g. .st STR60 DEX50 Spot Hidden45"
)
TOO_MANY_SET = Message("chat.dot.too_many_set", "one .st may set at most {max} values")
NO_OPPONENT = Message("chat.dot.no_opponent", "against whom? Write .rav skill @name")
BAD_TIMES = Message("chat.dot.bad_times", "a check may be repeated 1 to {max} times")
TOO_LONG_NUMBER = Message(
    "chat.dot.too_long_number", "a number in a command may have at most {max} digits"
)
MAX_DIGITS = 9  # no value a sheet holds is longer; int() refuses past 4,300 (a crash, not words)
BAD_LOG = Message(
    "chat.dot.bad_log",
    "write .log new, on, off or end and the session's name, e.g. .log new Night 1",
)

_VERSUS = re.compile(r"\s+vs\.?\s+|\s*对\s*|\s*/\s*", re.IGNORECASE)
_TIMES = re.compile(r"^(\d+)\s*#\s*")
_AT = re.compile(r"\s*@\s*(\S.*)$")
_VALUE = re.compile(r"^(.*?)\s*([+-]\s*\d+)?\s*(\d+)?\s*$")
_SANITY = re.compile(r"^\s*([0-9dD+\-\s]+?)\s*/\s*([0-9dD+\-\s]+?)\s*$")
_PAIR = re.compile(r"([^\d:=：,，;；]+?)\s*[:=：]?\s*(\d+)")


@dataclass(frozen=True)
class Dot:
    """A command read: which (`r`, `ra`, `rh`, `sc`, `st`, `en`) and what it asks for."""

    command: str
    params: dict[str, Any] = field(default_factory=dict)


def normalise(line: str) -> str:
    """A line as the commands read it: NFKC (full-width letters, digits and marks half-width),
    the ideographic full stop a dot."""
    return unicodedata.normalize("NFKC", line).replace("。", ".").strip()


def is_dot(line: str) -> bool:
    """Whether a chat line is one of these commands (`.ra ...`, `/sc ...`, `。ｒａ ...`)."""
    return read_command(normalise(line)) is not None


def read_command(text: str) -> tuple[str, str] | None:
    """(command, the rest) of a normalised line, or None."""
    if not text or text[0] not in MARKS:
        return None
    body = text[1:]
    folded = body.casefold()
    for name in COMMANDS:
        if folded.startswith(name):
            rest = body[len(name) :]
            if name == "r" and (text[0] == "/" or (rest[:1].isalpha() and rest[:1] not in "dD")):
                return None  # `/r` is the table's own roll; `.reply` is talk; `.rd`, `.r1d6` roll
            if name != "r" and rest[:1].isascii() and rest[:1].isalpha():
                return None  # `/end`, `.start`, `.story`: words, not `.en d` or `.st art`
            return name, rest.strip()
    return None


def parse(line: str) -> Dot | None:
    """The command of a chat line, or None when the line is no dot command."""
    found = read_command(normalise(line))
    if found is None:
        return None
    command, rest = found
    if command == "r":
        return Dot("r", {"expr": rest or "1d100"})
    if command == "rh" and (not rest or (rest[:1].isdigit() and "d" in rest.lower()[:4])):
        return Dot("rh", {"expr": rest or "1d100"})  # a hidden roll of dice, not a check
    if command == "rav":
        return Dot("rav", _opposed(rest))
    if command in ("ra", "rc", "rh"):
        return Dot("ra", {**_check(command, rest), "hidden": command == "rh"})
    if command == "sc":
        return Dot("sc", _sanity(rest))
    if command == "st":
        return Dot("st", _set(rest))
    if command == "log":
        return Dot("log", _log(rest))
    return Dot("en", _growth(rest))


def _int(digits: str) -> int:
    """A number typed in a command (its sign too), refused in words when too long to be one."""
    if len(digits.lstrip("+-")) > MAX_DIGITS:
        raise IllegalAction(TOO_LONG_NUMBER(max=MAX_DIGITS))
    return int(digits)


def _who(rest: str) -> tuple[str, dict[str, Any]]:
    """The words and `@name` (the GM rolls for that character) split."""
    at = _AT.search(rest)
    if at is None:
        return rest, {}
    return rest[: at.start()], {"who": at.group(1).strip()}


def _check(command: str, rest: str) -> dict[str, Any]:
    """`.ra [n#]skill[+/-mod][value] [@who]`."""
    rest, params = _who(rest)
    times = _TIMES.match(rest)
    if times is not None:
        n = _int(times.group(1))
        if not 1 <= n <= MAX_TIMES:
            raise IllegalAction(BAD_TIMES(max=MAX_TIMES))
        params["times"] = n
        rest = rest[times.end() :]
    match = _VALUE.match(rest)
    assert match is not None  # the pattern matches any text
    name, modifier, value = match.group(1).strip(), match.group(2), match.group(3)
    if not name:
        raise IllegalAction(NO_SKILL(command="." + command))
    params["skill"] = name
    if modifier:
        params["modifier"] = _int(modifier.replace(" ", ""))
    if value:
        params["value"] = _int(value)
    return params


def _opposed(rest: str) -> dict[str, Any]:
    """`.rav skill [vs their skill] @opponent`: an opposed check (`vs`, `对` or `/` between)."""
    rest, params = _who(rest)
    if "who" not in params:
        raise IllegalAction(NO_OPPONENT())
    parts = _VERSUS.split(rest.strip(), maxsplit=1)
    mine, theirs = parts[0].strip(), (parts[1].strip() if len(parts) > 1 else "")
    if not mine:
        raise IllegalAction(NO_SKILL(command=".rav"))
    found: dict[str, Any] = {"skill": mine, "against": params["who"]}
    return {**found, "their_skill": theirs} if theirs else found


def _sanity(rest: str) -> dict[str, Any]:
    """`.sc 1/1d6 [@who]`: the loss on a success and on a failure."""
    rest, params = _who(rest)
    match = _SANITY.match(rest)
    if match is None:
        raise IllegalAction(BAD_SANITY())
    on_success, on_failure = ("".join(g.split()) for g in match.groups())
    return {**params, "on_success": on_success, "on_failure": on_failure}


def _set(rest: str) -> dict[str, Any]:
    """`.st 力量60敏捷50侦查45` / `.st STR 60, Spot Hidden:45 [@who]`: names and values."""
    rest, params = _who(rest)
    pairs = [[m.group(1).strip(), _int(m.group(2))] for m in _PAIR.finditer(rest)]
    leftover = _PAIR.sub("", rest).strip(" ,，;；")
    if not pairs or leftover:
        raise IllegalAction(BAD_SET())
    if len(pairs) > MAX_ASSIGNMENTS:
        raise IllegalAction(TOO_MANY_SET(max=MAX_ASSIGNMENTS))
    return {**params, "values": pairs}


def _growth(rest: str) -> dict[str, Any]:
    """`.en [skill] [@who]`: one skill's growth roll, or every marked skill's."""
    rest, params = _who(rest)
    return {**params, "skill": rest.strip()} if rest.strip() else params


def _log(rest: str) -> dict[str, Any]:
    """`.log new|on|off|end [name]` (or 新建, 继续, 暂停, 结束): a mark of the session's record."""
    folded = rest.casefold()
    for word, mark in MARK_WORDS.items():
        after = folded[len(word) : len(word) + 1]
        # 新建第一夜 needs no space; `.log online` is no `.log on line`
        if folded.startswith(word) and (not word.isascii() or not after or after.isspace()):
            name = rest[len(word) :]
            return {"mark": mark, "name": " ".join(name.split())[:MAX_NAME]}
    raise IllegalAction(BAD_LOG())
