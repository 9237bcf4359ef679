"""A character sheet as a real form: sections, bounded numbers and repeatable rows, from a schema.

The system's sheet `Schema` (rules/core/schema.py) gives the sections, widgets, bounds and labels.
Keys a sheet holds that the schema does not describe yet (Delta Green's skills and weapons) are
read from the sheet itself: a name-to-number map becomes rows of name and value, a list of
records repeatable rows. Inputs are named by the path the rules use in a `SheetError`
(`weapons[1].damage`), so a refusal lands on its field; what the form does not show is kept.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from rules.core.errors import RulesError, SheetError
from rules.core.schema import Entry, Schema
from rules.core.system import GameSystem
from vtt.words import say, shown, stored

PREFIX = "s:"
LEAVES = ("int", "number", "fraction", "bool", "choice", "text")
SHOWN_IN_ROW = 5  # a row's first fields are shown; the rest fold under "More"
_INDEX = re.compile(r"\[(\d+)\]")


@dataclass(frozen=True)
class Spec:
    """One field of the form, independent of values: a leaf, a record, rows or name/value pairs."""

    key: str
    label: str
    kind: str  # a leaf kind, or "record", "rows", "pairs"
    entry: Entry | None = None
    children: tuple[Spec, ...] = ()
    group: str = ""


@dataclass
class Leaf:
    """One input with its value now and its error, if any."""

    name: str
    path: str
    label: str
    kind: str
    value: Any
    entry: Entry | None
    choices: list[tuple[str, str]] = field(default_factory=list)
    error: str = ""
    placeholder: str = ""
    # picks that set this one value (Call of Cthulhu's armour from the library): (label, JSON)
    catalogue: list[tuple[str, str]] = field(default_factory=list)

    @property
    def checked(self) -> bool:
        return self.value in (True, "true", "on")

    @property
    def low(self) -> str:
        """The lowest value allowed, as the input's `min` ("" for none)."""
        return "" if self.entry is None or self.entry.min is None else f"{self.entry.min:g}"

    @property
    def high(self) -> str:
        """The highest value allowed, as the input's `max` ("" for none)."""
        return "" if self.entry is None or self.entry.max is None else f"{self.entry.max:g}"

    @property
    def help(self) -> str:
        if self.entry is None:
            return ""
        parts = [say(self.entry.help)] if self.entry.help else []
        if self.entry.rule:
            parts.append(self.entry.rule)
        return " · ".join(parts)

    @property
    def is_leaf(self) -> bool:
        return True

    @property
    def widest_choice(self) -> int:
        """How many Latin letters wide its widest choice reads, or the widest name of the pick
        list beside it (the library's armour: "steel helmet and greatcoat")."""
        chosen = [_width(str(c[1])) for c in self.choices] if self.kind == "choice" else []
        return max([*chosen, *(_width(label) for label, _record in self.catalogue)], default=0)

    @property
    def long_choices(self) -> bool:
        """Whether a choice reads longer than a small field shows ("mechanical repair", "流血
        （每轮进行体质检定）"): the field then takes two columns, so no choice is cut off."""
        return self.widest_choice > LONG_CHOICE

    @property
    def longer_choices(self) -> bool:
        """Whether a choice reads longer than two columns show ("bleeding (a CON roll each
        round)", cut to "bleeding (a CON roll each rou" on a laptop): it then takes three."""
        return self.widest_choice > LONGER_CHOICE


LONG_CHOICE = 10  # the widest choice, in Latin letters, a field of one column (7.5rem) shows
LONGER_CHOICE = 24  # and of two columns (with the gap between them, less the list's arrow)


def _width(words: str) -> int:
    """Roughly how many Latin letters wide a text is: a Chinese character counts two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in words)


@dataclass
class Row:
    """One record of a repeatable list: the first fields shown, the rest folded."""

    index: str
    fields: list[Leaf]
    more: list[Leaf]


@dataclass
class Block:
    """A record (fixed fields), rows (add and remove) or pairs (skill name and percentage)."""

    name: str
    label: str
    kind: str
    fields: list[Leaf] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    blank: Row | None = None
    catalogue: list[tuple[str, str]] = field(default_factory=list)  # (label, JSON of the record)
    error: str = ""  # a refusal of the whole block (an edge without its prerequisite)

    @property
    def is_leaf(self) -> bool:
        return False

    @property
    def next_index(self) -> int:
        return len(self.rows)


@dataclass
class Section:
    """A titled part of the form."""

    title: str
    items: list[Leaf | Block]


def _humanize(key: str) -> str:
    return key.replace("_", " ").strip().capitalize()


def _label(entry: Entry) -> str:
    return entry.label if isinstance(entry.label, str) else say(entry.label)


def spec_of(entry: Entry) -> Spec | None:
    """The form field of a schema entry (a list of free values stays in the JSON)."""
    group = say(entry.group) if entry.group else ""
    if entry.kind in LEAVES:
        return Spec(entry.key, _label(entry), entry.kind, entry, group=group)
    if entry.kind == "record" and entry.item is None and entry.choices:
        # a name-to-number map whose names are picked from the choices (skills)
        return Spec(entry.key, _label(entry), "pairs", entry, group=group)
    if entry.kind == "list" and entry.item is None and entry.choices:
        # a set of values picked from the choices (Delta Green's edges): a box each
        return Spec(entry.key, _label(entry), "picks", entry, group=group)
    if entry.item is None:
        return None
    children = tuple(s for s in (spec_of(e) for e in entry.item.entries) if s is not None)
    kind = "rows" if entry.kind == "list" else "record"
    return Spec(entry.key, _label(entry), kind, entry, children, group=group)


FIRST = ("name", "key")  # a row starts with what a person reads: its name


def _ordered(keys: list[str], reference: Any) -> list[str]:
    """Keys in the order the system writes them (a stored sheet's order is the database's)."""
    known = list(reference) if isinstance(reference, Mapping) else []
    rank: dict[str, int] = {}
    for k in [*FIRST, *known]:
        rank.setdefault(k, len(rank))
    return sorted(keys, key=lambda k: rank.get(k, len(rank)))


def _inferred(key: str, value: Any, reference: Any = None) -> Spec | None:
    """A field for a key the schema does not list, read from its value on the sheet."""
    label = _humanize(key)
    if isinstance(value, bool):
        return Spec(key, label, "bool")
    if isinstance(value, int):
        return Spec(key, label, "int")
    if isinstance(value, float):
        return Spec(key, label, "number")
    if isinstance(value, str):
        return Spec(key, label, "text")
    if (
        isinstance(value, Mapping)
        and value
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value.values())
    ):
        return Spec(key, label, "pairs")
    if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
        keys: dict[str, Any] = {}
        for item in value:
            for k, v in item.items():
                if k not in keys or keys[k] is None:
                    keys[k] = v
        first = reference[0] if isinstance(reference, list) and reference else None
        children = tuple(
            s for s in (_inferred(k, keys[k]) for k in _ordered(list(keys), first)) if s is not None
        )
        return Spec(key, label, "rows", None, children)
    return None


def specs_for(system: GameSystem, sheet: Mapping[str, Any]) -> list[Spec]:
    """Every field of the form: the schema's, then what the sheet holds beyond it."""
    schema: Schema | None = system.sheet_schema
    specs: list[Spec] = []
    listed: set[str] = set()
    if schema is not None:
        for entry in schema.entries:
            listed.add(entry.key)
            if (spec := spec_of(entry)) is not None:
                specs.append(spec)
    # what the sheet code checks itself, as the system describes it for the form (DG's skills
    # and weapons); a key neither describes is read from its value
    form: Schema | None = system.sheet_form
    described = {entry.key: entry for entry in form.entries} if form is not None else {}
    reference = system.default_sheet
    for key in _ordered([k for k in sheet if k not in listed], reference):
        if key in described:
            spec = spec_of(described[key])
        else:
            spec = _inferred(key, sheet[key], reference.get(key))
        if spec is not None:
            specs.append(spec)
    return specs


def _shown(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _record_text(value: Any) -> str:
    """An item a choice holds as itself (a library weapon on a mount), as the option's value."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _leaf(
    spec: Spec,
    path: str,
    value: Any,
    errors: Mapping[str, str],
    extra: list[tuple[str, str]] | None = None,
) -> Leaf:
    """One input; `extra`: choices the campaign library adds, (label, the item as JSON)."""
    if value is None and spec.entry is not None and spec.kind in ("choice", "bool"):
        value = spec.entry.default
    held = ""  # the name of an item the choice holds as itself
    if isinstance(value, Mapping):
        held = shown(str(value.get("name") or value.get("key") or "?"))
        value = _record_text(value)
    choices: list[tuple[str, str]] = []
    kind = spec.kind
    if spec.entry is not None and kind == "text" and spec.entry.choices:
        kind = "choice"  # free text the rules accept, offered by name (Ace's skills)
        if value in (None, ""):
            choices.append(("", "—"))
    if spec.entry is not None and kind == "choice":
        choices = [
            (str(c.value), c.label if isinstance(c.label, str) else say(c.label))
            for c in spec.entry.choices
        ]
        built_in = {label for _value, label in choices}
        for label, text in extra or ():
            mine = _("%(title)s (this campaign's)") % {"title": label}
            choices.append((text, mine if label in built_in else label))
        if value not in (None, "") and str(value) not in {c[0] for c in choices}:
            choices.append((str(value), held or str(value)))
    if kind == "text" and spec.key == "name" and isinstance(value, str):
        value = shown(value)  # a built-in name (a weapon's "fists") in the reader's words
    return Leaf(
        PREFIX + path,
        path,
        spec.label,
        kind,
        _shown(value),
        spec.entry,
        choices,
        errors.get(path, ""),
    )


def _row(
    spec: Spec,
    path: str,
    index: str,
    record: Mapping[str, Any],
    errors: Any,
    extras: Mapping[str, list[tuple[str, str]]] | None = None,
) -> Row:
    leaves = [
        _leaf(
            child,
            f"{path}[{index}].{child.key}",
            record.get(child.key),
            errors,
            (extras or {}).get(f"{spec.key}.{child.key}"),
        )
        for child in spec.children
        if child.kind in LEAVES
    ]
    return Row(index, leaves[:SHOWN_IN_ROW], leaves[SHOWN_IN_ROW:])


def _pair_name(spec: Spec, name: str, value: str) -> Leaf:
    """A pair's name: picked from the system's names where it lists them, else typed."""
    if spec.entry is None or not spec.entry.choices:
        return Leaf(name, "", _("Name"), "text", value, None)
    options = [
        (str(c.value), c.label if isinstance(c.label, str) else say(c.label))
        for c in spec.entry.choices
    ]
    options.sort(key=lambda option: option[1])
    if value and value not in {option[0] for option in options}:
        options.append((value, value.replace("_", " ")))  # a skill the group named itself
    if not value:
        options.insert(0, ("", "—"))
    return Leaf(name, "", _("Name"), "choice", value, None, options)


def _pair_rows(spec: Spec, value: Mapping[str, Any], errors: Mapping[str, str]) -> list[Row]:
    path = spec.key
    rows = []
    for n, (name, number) in enumerate(sorted(value.items())):
        error = errors.get(f"{path}.{name}", "")
        rows.append(
            Row(
                str(n),
                [
                    _pair_name(spec, f"{PREFIX}{path}[{n}].name", name),
                    Leaf(
                        f"{PREFIX}{path}[{n}].value", "", _("Value"), "int", number, None, [], error
                    ),
                ],
                [],
            )
        )
    return rows


def _block(
    spec: Spec,
    value: Any,
    errors: Mapping[str, str],
    catalogue: list[tuple[str, str]],
    extras: Mapping[str, list[tuple[str, str]]] | None = None,
) -> Block:
    path = spec.key
    if spec.kind == "picks":
        picked = {str(v) for v in value} if isinstance(value, list) else set()
        boxes = [
            Leaf(
                f"{PREFIX}{path}.{c.value}",
                f"{path}.{c.value}",
                c.label if isinstance(c.label, str) else say(c.label),
                "bool",
                str(c.value) in picked,
                None,
            )
            for c in (spec.entry.choices if spec.entry is not None else ())
        ]
        return Block(PREFIX + path, spec.label, "picks", fields=boxes, error=errors.get(path, ""))
    if spec.kind == "record":
        record = value if isinstance(value, Mapping) else {}
        leaves = []
        for child in spec.children:
            if child.kind in LEAVES:
                leaves.append(_leaf(child, f"{path}.{child.key}", record.get(child.key), errors))
            elif child.kind == "record":  # a record in a record (a location of a condition)
                inner = record.get(child.key)
                inner = inner if isinstance(inner, Mapping) else {}
                for leaf in child.children:
                    if leaf.kind in LEAVES:
                        found = _leaf(
                            leaf, f"{path}.{child.key}.{leaf.key}", inner.get(leaf.key), errors
                        )
                        found.label = f"{child.label} › {found.label}"
                        leaves.append(found)
        return Block(
            PREFIX + path,
            spec.label,
            "record",
            fields=leaves,
            catalogue=catalogue,  # the library's armour for a vest (vtt/library)
            error=errors.get(path, ""),
        )
    if spec.kind == "pairs":
        pairs = value if isinstance(value, Mapping) else {}
        blank = Row(
            "__i__",
            [
                _pair_name(spec, f"{PREFIX}{path}[__i__].name", ""),
                Leaf(f"{PREFIX}{path}[__i__].value", "", _("Value"), "int", "", None),
            ],
            [],
        )
        return Block(
            PREFIX + path, spec.label, "pairs", rows=_pair_rows(spec, pairs, errors), blank=blank
        )
    items = value if isinstance(value, list) else []
    rows = [
        _row(spec, path, str(n), item if isinstance(item, Mapping) else {}, errors, extras)
        for n, item in enumerate(items)
    ]
    defaults = {c.key: (c.entry.default if c.entry else None) for c in spec.children}
    blank = _row(spec, path, "__i__", defaults, {}, extras)
    return Block(PREFIX + path, spec.label, "rows", rows=rows, blank=blank, catalogue=catalogue)


def sections(
    specs: list[Spec],
    sheet: Mapping[str, Any],
    errors: Mapping[str, str],
    catalogues: Mapping[str, list[tuple[str, str]]],
    extras: Mapping[str, list[tuple[str, str]]] | None = None,
) -> list[Section]:
    """The form's sections in the order they first appear, values and errors filled in;
    `extras`: the library's items a choice field offers too, by its path ("loadout.weapon")."""
    order: list[str] = []
    by_title: dict[str, list[Leaf | Block]] = {}
    for spec in specs:
        title = spec.group or (
            spec.label if spec.kind in ("rows", "pairs", "record") else _("General")
        )
        if title not in by_title:
            order.append(title)
            by_title[title] = []
        value = sheet.get(spec.key)
        if spec.kind in LEAVES:
            leaf = _leaf(spec, spec.key, value, errors, (extras or {}).get(spec.key))
            leaf.catalogue = list(catalogues.get(spec.key, []))
            by_title[title].append(leaf)
        else:
            block = _block(spec, value, errors, catalogues.get(spec.key, []), extras)
            by_title[title].append(block)
    return [Section(title, by_title[title]) for title in order]


def _convert(kind: str, raw: str | None) -> Any:
    if kind == "bool":
        return raw in ("on", "true", "1")
    if raw is None:
        return None
    text = raw.strip()
    if kind == "choice" and text.startswith("{"):
        try:  # an item picked as itself (a library weapon on a mount): the rules judge it
            record = json.loads(text)
        except ValueError:
            return text
        return record if isinstance(record, dict) else text
    if kind in ("int", "number"):
        if text == "":
            return None
        try:
            exact = int(text) if kind == "int" else float(text)
        except ValueError:
            exact = None
        if isinstance(exact, int) or (exact is not None and math.isfinite(exact)):
            return exact
        try:
            number = float(text)
        except ValueError:
            return text  # the rules refuse it, naming the field
        if not math.isfinite(number):  # 1e999, thousands of digits: no int() holds it
            return text  # the rules refuse it as typed, naming the field
        return int(number) if number.is_integer() else number
    return text


def _indices(post: QueryDict, prefix: str) -> list[int]:
    found: set[int] = set()
    for name in post:
        if name.startswith(prefix + "["):
            match = _INDEX.match(name, len(prefix))
            if match:
                found.add(int(match.group(1)))
    return sorted(found)


def _read(spec: Spec, post: QueryDict, path: str) -> Any:
    name = PREFIX + path
    if spec.kind in LEAVES:
        return _convert(spec.kind, post.get(name))
    if spec.kind == "picks":
        values = spec.entry.choices if spec.entry is not None else ()
        return [c.value for c in values if _convert("bool", post.get(f"{name}.{c.value}"))]
    if spec.kind == "record":
        # a list inside a record (a condition's wounds or poisons) has no inputs: it is kept
        record = {
            c.key: _read(c, post, f"{path}.{c.key}") if c.kind in (*LEAVES, "record") else _KEEP
            for c in spec.children
        }
        blank = all(value in (None, "", False) for value in record.values())
        if blank and spec.entry is not None and spec.entry.default is None:
            return None  # nothing chosen in an optional record (no vest): none, as the rules say
        return record
    if spec.kind == "pairs":
        out: dict[str, Any] = {}
        for n in _indices(post, name):
            key = (post.get(f"{name}[{n}].name") or "").strip()
            if key:
                out[key] = _convert("int", post.get(f"{name}[{n}].value"))
        return out
    rows = []
    for n in _indices(post, name):
        record = {
            c.key: _read(c, post, f"{path}[{n}].{c.key}") for c in spec.children if c.kind in LEAVES
        }
        # a field left empty is left out, so the rules fill it in as for a missing one (a new
        # firearm's rounds loaded default to its capacity)
        rows.append({key: value for key, value in record.items() if value is not None})
    return rows


_KEEP = object()  # a part the form shows no input for: the sheet's own value stays


def _kept(read: Any, base: Any) -> Any:
    if read is _KEEP:
        return base
    if isinstance(read, dict):
        was = base if isinstance(base, Mapping) else {}
        return {key: _kept(value, was.get(key)) for key, value in read.items()}
    return read


def read_sheet(specs: list[Spec], post: QueryDict, base: Mapping[str, Any]) -> dict[str, Any]:
    """The sheet the form describes, over `base` (what the form does not show is kept)."""
    sheet = dict(base)
    for spec in specs:
        read = _stored_names({spec.key: _kept(_read(spec, post, spec.key), base.get(spec.key))})
        sheet[spec.key] = read[spec.key]
    return sheet


def _stored_names(value: Any) -> Any:
    """What was read with each row's name the form showed in the reader's words (拳头) stored
    as the built-in name it is ("fists"), as `_leaf` shows it."""
    if isinstance(value, dict):
        return {
            key: stored(item) if key == "name" and isinstance(item, str) else _stored_names(item)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_stored_names(item) for item in value]
    return value


def blank_auto_fields(system: GameSystem, sheet: Mapping[str, Any]) -> dict[str, Any]:
    """The sheet with optional values the rules would work out anyway left blank, so the form
    recomputes them as the characteristics change (HP from CON and SIZ, Luck from POW)."""
    schema: Schema | None = system.sheet_schema
    out = dict(sheet)
    if schema is None:
        return out
    for entry in schema.entries:
        if entry.required or entry.default is not None or out.get(entry.key) is None:
            continue
        try:
            worked = system.validate_sheet({**out, entry.key: None})
        except (SheetError, TypeError, ValueError):
            continue
        if worked.get(entry.key) == out[entry.key]:
            out[entry.key] = None
    return out


def error_of(exc: SheetError) -> tuple[str, str]:
    """A refusal as (field path, words in the reader's language with the rule)."""
    words = say(exc.problem)
    if exc.rule:
        words = f"{words} ({exc.rule})"
    return exc.field, words


def label_of(path: str, specs: list[Spec]) -> str:
    """The field's name as a person reads it: "Weapons › 2 › Damage" for `weapons[1].damage`."""
    parts = re.split(r"\.|(?=\[)", path)
    out: list[str] = []
    current = list(specs)
    named: dict[str, str] = {}
    for part in parts:
        index = _INDEX.fullmatch(part)
        if index:
            out.append(str(int(index.group(1)) + 1))
            continue
        spec = next((s for s in current if s.key == part), None)
        if spec is None:
            out.append(named.get(part, part))
            current, named = [], {}
            continue
        out.append(spec.label)
        current = list(spec.children)
        named = {  # a pair's name (a skill) as the form shows it
            str(c.value): c.label if isinstance(c.label, str) else say(c.label)
            for c in (spec.entry.choices if spec.entry and spec.kind == "pairs" else ())
        }
    return " › ".join(out)


def _names_of(specs: list[Spec]) -> dict[str, dict[str, str]]:
    """Per list of rows, the names its rows' "name" field offers (a skill key -> its name)."""
    out: dict[str, dict[str, str]] = {}
    for spec in specs:
        name = next((c for c in spec.children if c.key == "name"), None)
        if spec.kind == "rows" and name is not None and name.entry is not None:
            out[spec.key] = {
                str(c.value): c.label if isinstance(c.label, str) else say(c.label)
                for c in name.entry.choices
            }
    return out


def _completed(sheet: Mapping[str, Any], validate: Any) -> Mapping[str, Any]:
    """A template's sheet with each row as the rules complete it (a weapon's kind, its rounds
    loaded...), so that a row picked from the list fills every field it has (issue 36); rows the
    rules add (Delta Green's unarmed attack) are not offered. As written where it is refused."""
    if validate is None:
        return sheet
    try:
        checked = validate(sheet)
    except (RulesError, TypeError, ValueError, KeyError):
        return sheet
    out = dict(sheet)
    for key, value in sheet.items():
        done = checked.get(key) if isinstance(checked, Mapping) else None
        if isinstance(value, list) and isinstance(done, list) and len(done) >= len(value):
            out[key] = [
                {**row, **done[n]}
                if isinstance(row, Mapping) and isinstance(done[n], Mapping)
                else row
                for n, row in enumerate(value)
            ]
    return out


def catalogues_of(
    templates: list[dict[str, Any]],
    specs: list[Spec] | None = None,
    validate: Any = None,
) -> dict[str, list[tuple[str, str]]]:
    """Pick lists for repeatable rows: every distinct weapon (or armour) the templates carry,
    complete as the rules' `validate` makes it, by the name the form shows for it (a skill's
    name, not its key)."""
    named = _names_of(specs or [])
    seen: dict[str, dict[str, tuple[str, str]]] = {}
    for template in templates:
        for key, value in _completed(template.get("sheet") or {}, validate).items():
            if not (isinstance(value, list) and value and isinstance(value[0], Mapping)):
                continue
            for item in value:
                ident = str(item.get("name") or item.get("key") or "")
                if ident:
                    # a built-in weapon's name in the reader's language; the record as stored
                    label = named.get(key, {}).get(ident) or shown(ident)
                    seen.setdefault(key, {}).setdefault(ident, (label, json.dumps(item)))
    return {key: sorted(items.values()) for key, items in seen.items()}
