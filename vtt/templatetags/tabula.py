"""Filters for the generic board: JSON shown as text, scalar fields picked out."""

from __future__ import annotations

import json
from typing import Any

from django import template

from vtt.system_titles import system_title as _system_title

register = template.Library()


@register.filter
def pretty_json(value: Any) -> str:
    """Indented JSON (autoescaped by the template like any text)."""
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True, default=str)


@register.filter
def scalars(value: Any) -> list[tuple[str, Any]]:
    """The (key, value) pairs of a mapping whose values are plain text or numbers."""
    if not isinstance(value, dict):
        return []
    return [
        (str(k), v)
        for k, v in value.items()
        if isinstance(v, str | int | float | bool) or v is None
    ]


@register.filter
def get(value: Any, key: Any) -> Any:
    """`value[key]` for a mapping, else None."""
    return value.get(key) if isinstance(value, dict) else None


@register.filter
def display_name(user: Any) -> str:
    """The name people read for a user: their display name, else their username."""
    from vtt.accounts.models import display_name as name_of

    return name_of(user)


@register.filter
def side_name(value: Any) -> str:
    """A side id (`side:<id>` audiences, seats) as people read it."""
    from vtt.words import side_name as name_of

    return name_of(str(value))


@register.filter
def say(value: Any) -> str:
    """An engine message (or its stored JSON) in the active language; text as it is."""
    from vtt.words import say as render

    return render(value)


@register.filter
def action_forms(legal: Any) -> list[dict[str, Any]]:
    """The forms of legal action templates by actor, words in the reader's language."""
    from vtt.encounters.fragments import action_forms as forms

    return forms(legal) if isinstance(legal, dict) else []


@register.filter
def system_title(key: str) -> str:
    """A rule system's title in the reader's language, from its key."""
    return _system_title(key)


@register.filter
def digest(value: Any) -> str:
    """A digest of what a fragment is drawn from and the reader's language, for `{% cache %}`:
    a form kept rendered under it is drawn again only when the form (or the language) changes."""
    from vtt.tables.mapkey import fragment_key

    return fragment_key(value)
