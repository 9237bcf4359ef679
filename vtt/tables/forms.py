"""The generic action forms: one form per legal action template, its fields and words in the
reader's language (docs/architecture.md, "Presenters"). Below both the table's view layer
(vtt/encounters/fragments.py) and the presenters (vtt/tables/<key>.py), which build their own
boards' forms with it."""

from __future__ import annotations

import pickle
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.text import slugify

from rules.core.actions import ActionTemplate
from vtt.tables.memo import Memo
from vtt.words import fixed_word, say, shown


def _words(value: Any) -> str:
    """A label that is a message (stored as its JSON) or a plain name, in the active language."""
    if isinstance(value, dict) and "id" in value:
        return say(value)
    return "" if value is None else shown(str(value))


def _choice_label(value: Any, label: Any) -> str:
    """A choice's label in the active language; one that is its value and a built-in name (an
    SCS counter's code and unit, "R7 Flak Bn") keeps the code and shows the name."""
    head = f"{value} "
    if isinstance(label, str) and label.startswith(head):
        return head + shown(label[len(head) :])
    return _words(label)


def _fields(params: Any, system: str = "") -> list[dict[str, Any]]:
    """Form fields of an action template: a list of field specs, or a mapping name -> default.
    A text field whose default is one of the `system`'s words (a check's "luck") offers it in
    the reader's language (幸运), never as its key."""
    if isinstance(params, dict):
        params = [{"name": name, "default": default} for name, default in params.items()]
    fields = []
    for spec in params or ():
        if isinstance(spec, str):
            spec = {"name": spec}
        if not isinstance(spec, dict) or "name" not in spec:
            continue
        choices = [
            (choice["value"], choice["label"])
            if isinstance(choice, dict)
            else choice
            if isinstance(choice, list | tuple)
            else (choice, choice)
            for choice in spec.get("choices") or ()
        ]
        allies = [
            str(choice["value"])
            for choice in spec.get("choices") or ()
            if isinstance(choice, dict) and choice.get("ally")
        ]
        default = spec.get("default", "")
        if default in ("", None) and allies and choices:
            # issue 34: a target picked for the player is never one of their own side
            default = next((str(v) for v, *_ in choices if str(v) not in allies), "")
        type_ = spec.get("type") or ("checkbox" if isinstance(default, bool) else "text")
        if type_ == "text" and isinstance(default, str) and default:
            default = fixed_word(default, system)
        fields.append(
            {
                "name": str(spec["name"]),
                "label": _words(spec.get("label") or spec["name"]),
                "type": type_,
                "choices": [(str(v), _choice_label(v, label)) for v, label, *_ in choices],
                "allies": allies,  # choices on the actor's side: the page asks before an attack
                "default": "" if default is None else default,
                # the values a "picks" field has ticked at first
                "picked": _picked(default) if type_ == "picks" else (),
                "min": spec.get("min"),
                "max": spec.get("max"),
                "help": _words(spec.get("help") or spec.get("rule") or ""),
            }
        )
    return fields


def _picked(default: Any) -> tuple[str, ...]:
    """A "picks" field's default: a list of values or one string of them, comma-separated."""
    items = default if isinstance(default, list | tuple) else str(default or "").split(",")
    return tuple(str(item) for item in items if str(item))


def action_forms(
    legal: Mapping[str, Sequence[Any]], names: Mapping[str, str] | None = None
) -> list[dict[str, Any]]:
    """One generic form per legal action template, headed by the actor's name (not its id); each
    with a `dom_id` naming it by actor, kind and fixed values (unique among these forms), so a
    board can give it a stable id and a frame re-sends only the forms that changed. Made once
    per templates, names and language (the GM and the acting player are offered the same
    forms, often frame after frame); each call gets its own form mappings to add to."""
    # keyed by the templates as JSON: a dataclass pickles through Python-level code, three times
    # slower than the dicts it is made of (0.85 against 0.26 ms for a mech's forms)
    plain = {
        actor: [t.to_json() if isinstance(t, ActionTemplate) else t for t in offered]
        for actor, offered in legal.items()
    }
    try:
        made = _FORMS.get((plain, names), lambda: _action_forms(plain, names))
    except (pickle.PicklingError, TypeError, AttributeError):  # templates that do not pickle
        made = _action_forms(plain, names)
    return [dict(form) for form in made]


_FORMS = Memo(512)
# Action kinds that end the actor's turn: offered last and plain (issue 34)
TURN_ENDS = frozenset({"end_turn", "end_round", "phase.end"})


def _action_forms(
    legal: Mapping[str, Sequence[Any]], names: Mapping[str, str] | None = None
) -> list[dict[str, Any]]:
    """The forms of `action_forms`, from templates already made plain (JSON mappings)."""
    forms = []
    used: set[str] = set()
    for actor, offered in legal.items():
        for template in offered:
            kind = str(template.get("kind", ""))
            if not kind:
                continue
            fixed = {k: v for k, v in (template.get("fixed") or {}).items()}
            forms.append(
                {
                    "actor": actor,
                    "actor_name": (names or {}).get(actor, actor),
                    "kind": kind,
                    "label": _words(template.get("label") or kind),
                    "cost": _words(template.get("cost")),
                    "rule": str(template.get("rule") or ""),
                    "fields": _fields(template.get("params"), _system_of(template.get("label"))),
                    "fixed": fixed,
                    "preview": bool(template.get("preview", True)),
                    # ending the turn is the plain last button, not the first and biggest
                    "ends_turn": kind in TURN_ENDS,
                    "dom_id": _unique(
                        slugify(f"{actor}-{kind}-{'-'.join(str(v) for v in fixed.values())}"), used
                    ),
                }
            )
    # each actor's turn-ending forms go after the actor's others (a stable sort keeps the rest)
    order = {actor: n for n, actor in enumerate(legal)}
    forms.sort(key=lambda form: (order[str(form["actor"])], bool(form["ends_turn"])))
    return forms


def _system_of(label: Any) -> str:
    """The system a template's label message belongs to ("coc" for "coc.action.check"), else
    "" (a plain label: no system's words to offer)."""
    if isinstance(label, dict) and isinstance(label.get("id"), str):
        return str(label["id"]).split(".", 1)[0]
    return ""


def _unique(name: str, used: set[str]) -> str:
    """`name`, or `name-2`, `name-3`... when it is taken; recorded as taken."""
    found, n = name, 1
    while found in used:
        n += 1
        found = f"{name}-{n}"
    used.add(found)
    return found
