"""The engine's messages in the reader's language: gettext looks each up by id and English."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from django.utils.translation import npgettext, pgettext

from rules.core.errors import RulesError
from rules.core.kit import KIT
from rules.core.messages import Catalogue, Msg
from rules.core.registry import get_system, system_keys


def translate(ident: str, english: str, plural: str, count: int) -> str:
    """The template in the active language: the message id is gettext's context."""
    if plural:
        return npgettext(ident, english, plural, count)
    return pgettext(ident, english)


@cache
def catalogue() -> Catalogue:
    """Every message of every registered system (ids are namespaced by system, so they merge)."""
    merged = KIT
    for key in system_keys():
        merged = merged.merged(get_system(key).messages)
    return merged


def say(value: Msg | Mapping[str, Any] | str | None) -> str:
    """A message (or its stored JSON) in the active language; plain text is shown as it is."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    msg = value if isinstance(value, Msg) else Msg.from_json(value)
    return catalogue().render(msg, translate)


def refusal(error: RulesError) -> str:
    """A rules error for the person who caused it, in their language, with its rule ID."""
    words = say(error.msg)
    return f"{words} ({error.rule})" if error.rule else words
