"""The engine's messages in the reader's language: gettext looks each up by id and English."""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from functools import cache
from typing import Any

from django.conf import settings
from django.utils.translation import get_language, to_locale

from rules.core.errors import RulesError
from rules.core.kit import KIT
from rules.core.messages import Catalogue, Msg
from rules.core.registry import get_system, system_keys


@cache
def _engine_catalogue(language: str) -> gettext.NullTranslations:
    """The engine's own gettext domain (locale/<lang>/LC_MESSAGES/engine.mo), apart from Django's
    so `makemessages` never drops messages it cannot find in the source."""
    return gettext.translation(
        "engine", settings.BASE_DIR / "locale", languages=[to_locale(language)], fallback=True
    )


def translate(ident: str, english: str, plural: str, count: int) -> str:
    """The template in the active language: the message id is gettext's context."""
    translations = _engine_catalogue(get_language() or settings.LANGUAGE_CODE)
    if plural:
        return translations.npgettext(ident, english, plural, count)
    return translations.pgettext(ident, english)


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
