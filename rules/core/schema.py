"""Typed schemas for sheets and settings: fields with types, bounds, labels, help, rule and group.

One declaration serves three readers: the engine (validated, typed values), the web forms (the
widget, bounds and label of every field) and the player (a refusal that names the field). A
system's campaign settings are a frozen dataclass whose fields are declared with `setting(...)`;
`settings_schema(cls)` gives the form's schema and `build_settings(cls, values)` the frozen,
validated object the engine reads once at start.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, TypeVar, cast

from rules.core.actions import Choice, Label
from rules.core.errors import SheetError
from rules.core.messages import Message, Msg

Kind = Literal["int", "number", "fraction", "bool", "choice", "text", "list", "record"]

REQUIRED = Message("core.schema.required", "is required")
WHOLE = Message("core.schema.whole", "must be a whole number")
NUMBER = Message("core.schema.number", "must be a number")
FRACTION = Message("core.schema.fraction", "must be a number or a fraction such as 1/2")
AT_LEAST = Message("core.schema.at_least", "must be at least {min}")
AT_MOST = Message("core.schema.at_most", "must be at most {max}")
ONE_OF = Message("core.schema.one_of", "must be one of {choices}")
YES_NO = Message("core.schema.yes_no", "must be true or false")
TEXT = Message("core.schema.text", "must be text")
TOO_LONG = Message("core.schema.too_long", "is longer than {max} characters")
A_LIST = Message("core.schema.list", "must be a list")
TOO_MANY = Message("core.schema.too_many", "has more than {max} entries")
AN_OBJECT = Message("core.schema.object", "must be an object")
UNKNOWN = Message("core.schema.unknown", "is not a setting of this system")


@dataclass(frozen=True)
class Entry:
    """One field of a sheet or one setting: its key, type, bounds and how a person reads it."""

    key: str
    label: Label
    kind: Kind
    default: Any = None
    rule: str = ""
    min: float | None = None
    max: float | None = None
    choices: tuple[Choice, ...] = ()
    group: Msg | None = None  # the form's section ("Movement", "Combat")
    help: Msg | None = None
    item: Schema | None = None  # a list's records, or a record's fields
    required: bool = True
    max_length: int = 200
    max_items: int = 100

    def validate(self, value: Any, path: str) -> Any:
        """The value checked and normalised; SheetError names `path` and the rule."""
        if value is None:
            if self.required and self.default is None:
                raise SheetError(path, REQUIRED(), self.rule or None)
            return self.default
        check = _CHECKS[self.kind]
        return check(self, value, path)

    def fail(self, path: str, problem: Msg) -> SheetError:
        """The refusal for this field."""
        return SheetError(path, problem, self.rule or None)


def _int(entry: Entry, value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().removeprefix("-").isdecimal():
            value = int(value.strip())
        else:
            raise entry.fail(path, WHOLE())
    _bounds(entry, value, path)
    return int(value)


def _number(entry: Entry, value: Any, path: str) -> float | int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        try:
            value = float(value) if isinstance(value, str) else None
        except ValueError:
            value = None
        if value is None:
            raise entry.fail(path, NUMBER())
    _bounds(entry, value, path)
    return value if isinstance(value, int) else float(value)


def _fraction(entry: Entry, value: Any, path: str) -> Any:
    """A multiplier or cost like "1/2": kept in the form it was given, checked as a number."""
    if isinstance(value, bool):
        raise entry.fail(path, FRACTION())
    try:
        number = Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError):
        raise entry.fail(path, FRACTION()) from None
    _bounds(entry, number, path)
    if isinstance(value, str) and number.denominator == 1 and "/" not in value:
        return int(number)  # "2" typed in a form is the whole number 2
    return value


def _bounds(entry: Entry, value: float | Fraction, path: str) -> None:
    if entry.min is not None and value < entry.min:
        raise entry.fail(path, AT_LEAST(min=entry.min))
    if entry.max is not None and value > entry.max:
        raise entry.fail(path, AT_MOST(max=entry.max))


def _bool(entry: Entry, value: Any, path: str) -> bool:
    if isinstance(value, bool):
        return value
    if value in ("true", "on", "1"):
        return True
    if value in ("false", "off", "0", ""):
        return False
    raise entry.fail(path, YES_NO())


def _choice(entry: Entry, value: Any, path: str) -> Any:
    for choice in entry.choices:
        if value == choice.value or (
            isinstance(value, str | int | bool) and str(value) == str(choice.value)
        ):
            return choice.value
    raise entry.fail(path, ONE_OF(choices=[c.label for c in entry.choices]))


def _text(entry: Entry, value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise entry.fail(path, TEXT())
    stripped: str = value.strip()
    if len(stripped) > entry.max_length:
        raise entry.fail(path, TOO_LONG(max=entry.max_length))
    if entry.required and entry.default is None and not stripped:
        raise entry.fail(path, REQUIRED())
    return stripped


def _list(entry: Entry, value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise entry.fail(path, A_LIST())
    if len(value) > entry.max_items:
        raise entry.fail(path, TOO_MANY(max=entry.max_items))
    if entry.item is None:
        return list(value)
    return [entry.item.validate(item, f"{path}[{n}]") for n, item in enumerate(value)]


def _record(entry: Entry, value: Any, path: str) -> dict[str, Any]:
    if entry.item is None:  # a free table (costs by kind, a d10 location table): any object
        if not isinstance(value, Mapping):
            raise entry.fail(path, AN_OBJECT())
        return dict(value)
    return entry.item.validate(value, path)


_CHECKS = {
    "int": _int,
    "number": _number,
    "fraction": _fraction,
    "bool": _bool,
    "choice": _choice,
    "text": _text,
    "list": _list,
    "record": _record,
}


@dataclass(frozen=True)
class Schema:
    """A record's fields in form order; `validate` keeps keys it does not list unless strict."""

    entries: tuple[Entry, ...]
    # What happens to keys the schema does not list: kept (a sheet's free extras), dropped, or
    # refused (settings: a typo must not pass silently).
    extras: Literal["keep", "drop", "refuse"] = "keep"

    def __post_init__(self) -> None:
        keys = [entry.key for entry in self.entries]
        if len(keys) != len(set(keys)):
            raise ValueError(f"a schema lists a key twice: {keys}")

    def entry(self, key: str) -> Entry:
        """The entry of a key; KeyError for an unknown one."""
        for entry in self.entries:
            if entry.key == key:
                return entry
        raise KeyError(key)

    def validate(self, data: Any, path: str = "") -> dict[str, Any]:
        """Checked and normalised values; SheetError names the first bad field by its path."""
        if not isinstance(data, Mapping):
            raise SheetError(path or "sheet", AN_OBJECT())
        out: dict[str, Any] = dict(data) if self.extras == "keep" else {}
        if self.extras == "refuse":
            for key in data:
                if not any(entry.key == key for entry in self.entries):
                    raise SheetError(_join(path, str(key)), UNKNOWN())
        for entry in self.entries:
            out[entry.key] = entry.validate(data.get(entry.key), _join(path, entry.key))
        return out

    def defaults(self) -> dict[str, Any]:
        """Every entry's default value."""
        return {entry.key: entry.default for entry in self.entries}

    def groups(self) -> list[tuple[Msg | None, list[Entry]]]:
        """The entries by section, in the order sections first appear (for a folded form)."""
        order: list[Msg | None] = []
        by_group: dict[str | None, list[Entry]] = {}
        for entry in self.entries:
            key = entry.group.id if entry.group else None
            if key not in by_group:
                by_group[key] = []
                order.append(entry.group)
            by_group[key].append(entry)
        return [(group, by_group[group.id if group else None]) for group in order]

    def messages(self) -> list[Message]:
        """The kit's refusals a schema can give."""
        return [
            REQUIRED,
            WHOLE,
            NUMBER,
            FRACTION,
            AT_LEAST,
            AT_MOST,
            ONE_OF,
            YES_NO,
            TEXT,
            TOO_LONG,
            A_LIST,
            TOO_MANY,
            AN_OBJECT,
            UNKNOWN,
        ]


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


T = TypeVar("T")


def setting(
    key: str,
    label: Label,
    default: Any,
    rule: str,
    *,
    kind: Kind | None = None,
    choices: Sequence[tuple[Any, Label]] = (),
    min: float | None = None,
    max: float | None = None,
    group: Msg | None = None,
    help: Msg | None = None,
) -> Any:
    """A field of a settings dataclass: its stored key, label, default, rule and bounds."""
    if kind is None:
        kind = "choice" if choices else _kind_of(default)
    entry = Entry(
        key=key,
        label=label,
        kind=kind,
        default=default,
        rule=rule,
        min=min,
        max=max,
        choices=tuple(Choice(value, text) for value, text in choices),
        group=group,
        help=help,
    )
    return field(default=default, metadata={"entry": entry})


def _kind_of(default: Any) -> Kind:
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, int):
        return "int"
    if isinstance(default, float):
        return "number"
    return "text"


def settings_schema(cls: type[Any]) -> Schema:
    """The schema of a settings dataclass (every field declared with `setting`)."""
    entries = [f.metadata["entry"] for f in dataclasses.fields(cls) if "entry" in f.metadata]
    return Schema(tuple(entries), extras="refuse")


def build_settings(cls: type[T], values: Mapping[str, Any] | None) -> T:
    """The frozen settings object from stored values by key (defaults for missing keys); the
    same values give the same object, built once (a table loads its state for every viewer)."""
    try:
        key = (cls, json.dumps(values or {}, sort_keys=True))
    except (TypeError, ValueError):  # not JSON: validate it, and let the schema say what is wrong
        return _build_settings(cls, values)
    built = _BUILT.get(key)
    if built is None:
        built = _build_settings(cls, values)
        if len(_BUILT) >= _BUILT_MAX:
            _BUILT.clear()
        _BUILT[key] = built
    return cast(T, built)


_BUILT: dict[tuple[type, str], Any] = {}
_BUILT_MAX = 512


def _build_settings(cls: type[T], values: Mapping[str, Any] | None) -> T:
    schema = settings_schema(cls)
    given = dict(values or {})
    checked = schema.validate({k: v for k, v in given.items() if v is not None})
    by_key = {
        f.metadata["entry"].key: f.name
        for f in dataclasses.fields(cls)  # type: ignore[arg-type]
        if "entry" in f.metadata
    }
    return cls(**{by_key[key]: value for key, value in checked.items()})


def settings_values(settings: Any) -> dict[str, Any]:
    """A settings object back as stored values by key (what a state or a campaign keeps)."""
    return {
        f.metadata["entry"].key: getattr(settings, f.name)
        for f in dataclasses.fields(settings)
        if "entry" in f.metadata
    }


def same_value(a: Any, b: Any) -> bool:
    """Whether two setting values are the same choice (a list and a tuple of equal items are)."""

    def plain(value: Any) -> Any:
        if isinstance(value, list | tuple):
            return [plain(v) for v in value]
        if isinstance(value, Mapping):
            return {str(k): plain(v) for k, v in value.items()}
        return value

    return bool(plain(a) == plain(b))
