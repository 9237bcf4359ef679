"""The rule systems' titles in the reader's language (the engine keeps its English title)."""

from __future__ import annotations

from rules.core.errors import UnknownSystem
from rules.core.registry import title
from vtt.words import say


def system_title(key: str) -> str:
    """The title of the system `key` in the active language (the registry's `title` message,
    translated in engine.po like the system's other words); an unknown key is shown as it is."""
    try:
        return say(title(key)())
    except UnknownSystem:
        return key
