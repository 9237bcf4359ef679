"""Words for people as message ids with parameters, rendered in the reader's language at display.

A system declares its messages once, as module constants::

    HIT = Message("dg.fire.hit", "{attacker} hits {target} ({roll} against {chance}%).")

and says `HIT(attacker="Walsh", target="Cultist", roll=23, chance=40)`, which is a `Msg`: the id
and the parameters, stored as JSON on the event. The English template is the message's source
text; the table looks up the translation by id (gettext's context) and English (its msgid) when it
renders, so one stored event reads in English for one viewer and in Chinese for another.
Parameters are names (plain strings, never translated), numbers, or other `Msg`s (terms such as a
condition or a terrain, translated in turn).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import ModuleType
from typing import Any

from rules.core.jsonstate import Json

# (message id, English template, plural English template or "", count) -> translated template.
Translate = Callable[[str, str, str, int], str]


def english(ident: str, singular: str, plural: str, count: int) -> str:
    """The source text itself: English plural rule (one, other)."""
    return singular if count == 1 or not plural else plural


@dataclass(frozen=True)
class Message:
    """A message's declaration: its stable id, English template and optional plural form."""

    id: str
    english: str
    plural: str = ""  # the English plural template; `count` names the parameter that picks it
    count: str = ""

    def __post_init__(self) -> None:
        for template in (self.english, self.plural):
            for _, name, spec, conversion in string.Formatter().parse(template):
                if name is not None and (spec or conversion or not name.isidentifier()):
                    # A translator writes "{name}" and nothing else; formatting is the kit's job.
                    raise ValueError(f"{self.id}: write plain {{{name}}} placeholders")
        if self.plural and not self.count:
            raise ValueError(f"{self.id}: a plural message must name its count parameter")

    def __call__(self, **params: Any) -> Msg:
        return Msg(self.id, params, self)

    @property
    def placeholders(self) -> frozenset[str]:
        """The parameter names its English uses (a catalogue check compares translations)."""
        return placeholders(self.english) | placeholders(self.plural)


def placeholders(template: str) -> frozenset[str]:
    """The `{name}`s of a template."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


@dataclass(frozen=True)
class Msg:
    """A message to show: its id and parameters (JSON-able, or nested `Msg`s)."""

    id: str
    params: Mapping[str, Any] = field(default_factory=dict)
    # The declaration it came from, when made in this process: lets it say itself in English
    # without a catalogue. Not stored; a Msg read back from JSON renders through a Catalogue.
    source: Message | None = field(default=None, compare=False, repr=False)

    def english(self) -> str:
        """The message in English, from its own declaration (and its parameters' declarations)."""
        if self.source is None:
            return CORE.render(self)
        return _SOURCES.render(self)  # an empty catalogue: each message says itself

    def __str__(self) -> str:
        return self.english()

    def to_json(self) -> Json:
        return {"id": self.id, "params": {k: _param_json(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        params = data.get("params") or {}
        return cls(str(data["id"]), {k: _param_from_json(v) for k, v in params.items()})


def _param_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return {"msg": value.to_json()}
    if isinstance(value, Fraction):
        return {"fraction": [value.numerator, value.denominator]}
    if isinstance(value, list | tuple):
        return [_param_json(v) for v in value]
    return value


def _param_from_json(value: Any) -> Any:
    if isinstance(value, Mapping):
        if "msg" in value:
            return Msg.from_json(value["msg"])
        if "fraction" in value:
            numerator, denominator = value["fraction"]
            return Fraction(int(numerator), int(denominator))
    if isinstance(value, list):
        return [_param_from_json(v) for v in value]
    return value


class Catalogue:
    """Every message a system can say, by id; renders a `Msg` with a translator."""

    def __init__(self, messages: Iterable[Message]) -> None:
        self.messages: dict[str, Message] = {}
        for message in messages:
            known = self.messages.get(message.id)
            if known is not None and known != message:
                raise ValueError(f"message id {message.id!r} is declared twice, differently")
            self.messages[message.id] = message

    def __contains__(self, ident: object) -> bool:
        return ident in self.messages

    def __iter__(self) -> Any:
        return iter(self.messages.values())

    def __len__(self) -> int:
        return len(self.messages)

    def merged(self, other: Catalogue) -> Catalogue:
        """This catalogue with another's messages added."""
        return Catalogue([*self.messages.values(), *other.messages.values()])

    def render(self, msg: Msg, translate: Translate = english) -> str:
        """The message in the translator's language; an unknown id renders as its id and params."""
        message = self.messages.get(msg.id) or msg.source
        if message is None:
            return f"{msg.id} {dict(msg.params)}"
        count = _count(msg.params.get(message.count)) if message.count else 1
        template = translate(message.id, message.english, message.plural, count)
        values = {}
        for k, v in msg.params.items():  # `_value`, with its two common cases inline
            kind = type(v)
            values[k] = v if kind is str else str(v) if kind is int else self._value(v, translate)
        try:
            return template.format_map(values)
        except (KeyError, IndexError, ValueError):
            return english(message.id, message.english, message.plural, count).format_map(values)

    def _value(self, value: Any, translate: Translate) -> str:
        kind = type(value)
        if kind is str:  # the common cases first: names and whole numbers
            return value  # type: ignore[no-any-return]
        if kind is int:
            return str(value)
        if isinstance(value, Msg):
            return self.render(value, translate)
        if isinstance(value, list | tuple):
            return list_separator(translate).join(self._value(v, translate) for v in value)
        return format_value(value)


def _count(value: Any) -> int:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction | float):
        return 1 if value == 1 else 2
    return 2


LIST_SEPARATOR = Message("core.list_separator", ", ")


def list_separator(translate: Translate) -> str:
    """The list separator in the translator's language (", " in English, "、" in Chinese)."""
    return translate(LIST_SEPARATOR.id, LIST_SEPARATOR.english, "", 1)


VULGAR = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
}


def format_value(value: Any) -> str:
    """A number for a reader: 3½ rather than 7/2, 0.5 as ½, whole floats without a point."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float) and Fraction(value).limit_denominator(4) == Fraction(value):
        value = Fraction(value)
    if isinstance(value, Fraction):
        whole, part = divmod(value, 1)
        if part == 0:
            return str(int(whole))
        if part in VULGAR:
            return f"{int(whole) if whole else ''}{VULGAR[part]}"
        return f"{value.numerator}/{value.denominator}"
    return str(value)


def messages_of(*modules: ModuleType) -> list[Message]:
    """Every `Message` constant of the given modules (a system's catalogue is built from them)."""
    found: list[Message] = []
    for module in modules:
        found.extend(v for v in vars(module).values() if isinstance(v, Message))
    return found


def text(value: str) -> Msg:
    """Words that are not a message (a name, a GM's own note) carried as a message."""
    return TEXT(text=value)


# The core's own messages: the plain-text wrapper of old log lines and notes, and the separator.
TEXT = Message("core.text", "{text}")
CORE = Catalogue([TEXT, LIST_SEPARATOR])
_SOURCES = Catalogue([])
