"""The rule systems' titles in the reader's language (the engine keeps its English title)."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from rules.core.errors import UnknownSystem
from rules.core.registry import get_system

# Marked for makemessages: each registered system's `title`, as the engine spells it.
TITLES = (
    gettext_noop("Ace Evolution"),
    gettext_noop("Table chat"),
    gettext_noop("Call of Cthulhu"),
    gettext_noop("Delta Green"),
    gettext_noop("Mech skirmish"),
    gettext_noop("Standard Combat Series"),
)


def system_title(key: str) -> str:
    """The title of the system `key` in the active language; an unknown key is shown as it is."""
    try:
        return gettext(get_system(key).title)
    except UnknownSystem:
        return key
