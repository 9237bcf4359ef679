"""Django form fields from a rule system's schema (rules/core/schema.py): one declaration, one form.

The schema decides the widget (numbers with their bounds, choices with their labels, yes/no
boxes), the label and help in the reader's language, and the final check: after Django has read
the input, `Schema.validate` refuses what the rules refuse, naming the field. A record whose
fields the schema lists (action costs, a d10 location table) is one input per field, named
`<setting>.<field>`; a list with choices (modes, weapon tags) is a set of boxes to tick; only a
free table or list the schema does not describe is edited as JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from rules.core.errors import SheetError
from rules.core.schema import Entry, Schema, same_value
from rules.core.system import GameSystem
from vtt.json_field import ReadableJSONField
from vtt.words import say


def settings_schema_of(system: GameSystem) -> Schema:
    """The system's settings schema; a system without settings has an empty one."""
    if system.settings_schema is not None:
        schema: Schema = system.settings_schema
        return schema
    return Schema((), extras="refuse")


def _label(entry: Entry) -> str:
    label = say(entry.label) if not isinstance(entry.label, str) else entry.label
    return label


def _help(entry: Entry) -> str:
    parts = [say(entry.help)] if entry.help else []
    if entry.rule:
        parts.append(entry.rule)
    return " · ".join(parts)


def _choice_key(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def field_for(entry: Entry, initial: Any) -> forms.Field:
    """The form field of one schema entry, with its bounds and its value now."""
    common: dict[str, Any] = {"label": _label(entry), "help_text": _help(entry)}
    field: forms.Field
    if entry.kind == "choice":
        options = [
            (_choice_key(c.value), say(c.label) if not isinstance(c.label, str) else c.label)
            for c in entry.choices
        ]
        field = forms.ChoiceField(choices=options, initial=_choice_key(initial), **common)
    elif entry.kind == "list" and entry.item is None and entry.choices:
        # a list of known values (burst modes, weapon tags): ticked, not typed
        field = forms.MultipleChoiceField(
            choices=[
                (_choice_key(c.value), say(c.label) if not isinstance(c.label, str) else c.label)
                for c in entry.choices
            ],
            initial=[_choice_key(v) for v in initial or ()],
            widget=forms.CheckboxSelectMultiple,
            required=False,
            **common,
        )
    elif entry.kind in ("record", "list"):
        # a free table or list (costs by kind, a location table): edited as JSON
        field = ReadableJSONField(initial=initial, required=False, **common)
        field.widget.attrs.update({"rows": 4, "spellcheck": "false"})
    elif entry.kind == "bool":
        field = forms.BooleanField(required=False, initial=bool(initial), **common)
    elif entry.kind == "int":
        field = forms.IntegerField(
            initial=initial,
            required=entry.default is not None,
            min_value=None if entry.min is None else int(entry.min),
            max_value=None if entry.max is None else int(entry.max),
            **common,
        )
    elif entry.kind == "number":
        field = forms.FloatField(
            initial=initial,
            min_value=entry.min,
            max_value=entry.max,
            required=entry.default is not None,
            **common,
        )
    else:  # text and fractions ("1/2") are typed as text; the schema checks them
        field = forms.CharField(initial=initial, max_length=entry.max_length, **common)
    field.entry = entry  # type: ignore[union-attr]  # the template groups and marks by it
    return field


@dataclass(frozen=True)
class Group:
    """A folded section of a settings form: its title, fields, and how many differ from default."""

    title: str
    fields: list[forms.BoundField]
    changed: int


def _parts(entry: Entry) -> list[Entry]:
    """The fields of a record the schema describes, each its own input (none: one JSON box)."""
    if entry.kind != "record" or entry.item is None:
        return []
    return [e for e in entry.item.entries if e.kind not in ("record", "list")]


def _value(entry: Entry, value: Any) -> Any:
    """A field's answer as the schema reads it (a choice's value, not its key as sent)."""
    if entry.kind == "choice":
        return next((c.value for c in entry.choices if _choice_key(c.value) == value), value)
    if entry.kind == "list" and entry.item is None and entry.choices:
        return [
            next((c.value for c in entry.choices if _choice_key(c.value) == v), v) for v in value
        ]
    return value


class SchemaForm(forms.Form):
    """A form of every entry of a schema; `clean` runs the schema's own check."""

    def __init__(
        self, schema: Schema, current: Mapping[str, Any], *args: Any, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.schema = schema
        self.current = dict(current)
        for entry in schema.entries:
            now = self.current.get(entry.key, entry.default)
            parts = _parts(entry)
            if not parts:
                self.fields[entry.key] = field_for(entry, now)
                continue
            record = now if isinstance(now, Mapping) else {}
            for part in parts:
                field = field_for(part, record.get(part.key, part.default))
                field.label = f"{_label(entry)} › {field.label}"
                self.fields[f"{entry.key}.{part.key}"] = field

    def names_of(self, entry: Entry) -> list[str]:
        """The inputs of one entry: itself, or one per field of a record."""
        parts = _parts(entry)
        return [f"{entry.key}.{part.key}" for part in parts] if parts else [entry.key]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        values: dict[str, Any] = {}
        for entry in self.schema.entries:
            parts = _parts(entry)
            if parts:
                names = {part.key: f"{entry.key}.{part.key}" for part in parts}
                if all(name in cleaned for name in names.values()):
                    was = self.current.get(entry.key, entry.default)
                    values[entry.key] = {
                        **(dict(was) if isinstance(was, Mapping) else {}),
                        **{p.key: _value(p, cleaned[names[p.key]]) for p in parts},
                    }
                continue
            if entry.key not in cleaned:
                continue
            values[entry.key] = _value(entry, cleaned[entry.key])
        try:
            checked = self.schema.validate(values)
        except SheetError as error:
            self.add_error(error.field if error.field in self.fields else None, say(error.problem))
            return cleaned
        return checked

    def groups(self) -> list[Group]:
        """The fields by section; a section with changed values is listed first and unfolded."""
        out = []
        for group, entries in self.schema.groups():
            bound = [
                self[name]
                for entry in entries
                for name in self.names_of(entry)
                if name in self.fields
            ]
            if not bound:
                continue
            changed = sum(
                1
                for entry in entries
                if self.current.get(entry.key, entry.default) != entry.default
            )
            out.append(Group(say(group) if group else _("General"), bound, changed))
        return sorted(out, key=lambda g: g.changed == 0)

    def changed_keys(self) -> set[str]:
        """The keys whose stored value differs from the rule book's default (and, for a record
        shown field by field, the inputs of the fields that differ)."""
        changed = {
            e.key
            for e in self.schema.entries
            if not same_value(self.current.get(e.key, e.default), e.default)
        }
        for entry in self.schema.entries:
            if entry.key in changed:
                now = self.current.get(entry.key) or {}
                default = entry.default or {}
                changed |= {
                    f"{entry.key}.{part.key}"
                    for part in _parts(entry)
                    if not same_value(now.get(part.key), default.get(part.key))
                }
        return changed
