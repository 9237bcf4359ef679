"""Filters for the generic board: JSON shown as text, scalar fields picked out."""

from __future__ import annotations

import json
from typing import Any

from django import template
from django.utils import translation

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
def condition_badges(character: Any) -> list[Any]:
    """What the last encounter left on a character (dead, dying, wounded...), as badges."""
    from vtt.characters.condition import badges

    return list(badges(str(character.system), character.sheet))


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
def side_in(value: Any, view: Any) -> str:
    """A side as people read it in a wargame's view: the name its scenario gives it in the
    reader's language (`view.scenario.side_labels`, issue 36), else as `side_name` says it."""
    from vtt.words import own_side_name

    scenario = view.get("scenario") if isinstance(view, dict) else None
    labels = scenario.get("side_labels") if isinstance(scenario, dict) else None
    return own_side_name((labels or {}).get(str(value)), str(value))


@register.filter
def say(value: Any) -> str:
    """An engine message (or its stored JSON) in the active language; text as it is."""
    from vtt.words import say as render

    return render(value)


@register.filter
def word(value: Any, system: str) -> str:
    """A system's fixed word given as its English, in the reader's language (vtt.words.word)."""
    from vtt.words import word as word_of

    return word_of(str(value), str(system))


@register.filter
def action_forms(legal: Any) -> list[dict[str, Any]]:
    """The forms of legal action templates by actor, words in the reader's language."""
    from vtt.tables.forms import action_forms as forms

    return forms(legal) if isinstance(legal, dict) else []


@register.filter
def shown(value: Any) -> str:
    """A stored name (an encounter's title, a campaign's or character's name) as its reader reads
    it: a built-in name of a catalogue or demo in the reader's language, anything typed as typed."""
    from vtt.words import shown as render

    return "" if value is None else render(str(value))


@register.filter
def system_title(key: str) -> str:
    """A rule system's title in the reader's language, from its key."""
    return _system_title(key)


@register.filter
def digest(value: Any) -> str:
    """A digest of what a fragment is drawn from and the reader's language, for `{% memo %}`:
    a form kept rendered under it is drawn again only when the form (or the language) changes."""
    from vtt.tables.mapkey import fragment_key

    return fragment_key(value)


@register.tag("memo")
def memo(parser: template.base.Parser, token: template.base.Token) -> MemoNode:
    """`{% memo name value... %}...{% endmemo %}`: the block drawn once per process for these
    values (digests of what it is drawn from) and the reader's language, then reused.

    Django's `{% cache %}` did the same through a cache backend: a key hashed and checked, a
    lock and an unpickling per hit, about 20 µs each, forty-odd times per table and view.
    Here a hit is a dict lookup (docs/performance.md)."""
    bits = token.split_contents()
    if len(bits) < 3:
        raise template.TemplateSyntaxError("{% memo %} needs a name and at least one value")
    nodelist = parser.parse(("endmemo",))
    parser.delete_first_token()
    return MemoNode(nodelist, bits[1], [parser.compile_filter(bit) for bit in bits[2:]])


LANGUAGE_KEY = "tabula.memo.language"  # in a rendering's render_context


class MemoNode(template.Node):
    def __init__(
        self, nodelist: template.NodeList, name: str, values: list[template.base.FilterExpression]
    ) -> None:
        self.nodelist = nodelist
        self.name = name
        self.values = values

    def render(self, context: template.Context) -> str:
        # the language is looked up once per rendering, not at each of its forty-odd memos
        language = context.render_context.get(LANGUAGE_KEY)
        if language is None:
            language = context.render_context[LANGUAGE_KEY] = translation.get_language() or ""
        key = (self.name, language, *(str(value.resolve(context)) for value in self.values))
        found = FRAGMENTS.get(key)
        if found is None:
            found = self.nodelist.render(context)
            FRAGMENTS.put(key, found)
        return found


class Fragments:
    """Rendered fragments by key, the oldest dropped past `size` (one store per process: the
    keys name content, so nothing in it goes stale; a Redis outage cannot slow a render)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.kept: dict[tuple[str, ...], str] = {}

    def get(self, key: tuple[str, ...]) -> str | None:
        return self.kept.get(key)

    def put(self, key: tuple[str, ...], html: str) -> None:
        self.kept[key] = html
        while len(self.kept) > self.size:
            try:  # dicts keep insertion order: the first key is the oldest
                del self.kept[next(iter(self.kept))]
            except (KeyError, RuntimeError, StopIteration):  # another thread got there first
                break

    def clear(self) -> None:
        self.kept.clear()


FRAGMENTS = Fragments(5000)
