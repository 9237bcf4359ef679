"""Sheet validation helpers: each reads one field; SheetError names the field and the rule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.errors import SheetError

_MISSING: Any = object()


def _lookup(sheet: Mapping[str, Any], name: str) -> Any:
    """The value at a dotted name such as `skills.firearms`, or _MISSING."""
    value: Any = sheet
    for part in name.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return _MISSING
        value = value[part]
    return value


def _present(sheet: Mapping[str, Any], name: str, rule: str | None, default: Any) -> Any:
    value = _lookup(sheet, name)
    if value is _MISSING or value is None or value == "":
        if default is _MISSING:
            raise SheetError(name, "is required", rule)
        return default
    return value


def require_mapping(sheet: Any, name: str = "sheet", rule: str | None = None) -> Mapping[str, Any]:
    """`sheet` itself must be a JSON object."""
    if not isinstance(sheet, Mapping):
        raise SheetError(name, "must be an object", rule)
    return sheet


def int_field(
    sheet: Mapping[str, Any],
    name: str,
    rule: str | None = None,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    default: Any = _MISSING,
) -> int:
    """A whole number within [minimum, maximum]; digit strings count (forms send strings)."""
    raw = _present(sheet, name, rule, default)
    if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
        raise SheetError(name, f"must be a whole number, not {raw!r}", rule)
    try:
        value = int(str(raw).strip()) if not isinstance(raw, float) else int(raw)
    except ValueError:
        raise SheetError(name, f"must be a whole number, not {raw!r}", rule) from None
    if minimum is not None and value < minimum:
        raise SheetError(name, f"must be at least {minimum}, not {value}", rule)
    if maximum is not None and value > maximum:
        raise SheetError(name, f"must be at most {maximum}, not {value}", rule)
    return value


def str_field(
    sheet: Mapping[str, Any],
    name: str,
    rule: str | None = None,
    *,
    max_length: int = 200,
    default: Any = _MISSING,
) -> str:
    """A non-empty string of at most `max_length` characters, trimmed."""
    raw = _present(sheet, name, rule, default)
    if not isinstance(raw, str):
        raise SheetError(name, f"must be text, not {raw!r}", rule)
    value = raw.strip()
    if not value and default is _MISSING:
        raise SheetError(name, "is required", rule)
    if len(value) > max_length:
        raise SheetError(name, f"must be at most {max_length} characters long", rule)
    return value


def choice_field(
    sheet: Mapping[str, Any],
    name: str,
    choices: Sequence[str],
    rule: str | None = None,
    *,
    default: Any = _MISSING,
) -> str:
    """One of `choices`."""
    raw = _present(sheet, name, rule, default)
    if raw not in choices:
        raise SheetError(name, f"must be one of {', '.join(choices)}, not {raw!r}", rule)
    return str(raw)


def bool_field(
    sheet: Mapping[str, Any], name: str, rule: str | None = None, *, default: bool = False
) -> bool:
    """A true/false flag; a checkbox's "on"/"true"/"1" counts as true."""
    raw = _lookup(sheet, name)
    if raw is _MISSING or raw is None or raw == "":
        return default
    if isinstance(raw, bool):
        return raw
    if str(raw).strip().lower() in {"on", "true", "1", "yes"}:
        return True
    if str(raw).strip().lower() in {"off", "false", "0", "no"}:
        return False
    raise SheetError(name, f"must be yes or no, not {raw!r}", rule)


def list_field(
    sheet: Mapping[str, Any],
    name: str,
    rule: str | None = None,
    *,
    max_items: int = 100,
    default: Any = _MISSING,
) -> list[Any]:
    """A JSON list of at most `max_items` items."""
    raw = _present(sheet, name, rule, default)
    if not isinstance(raw, list | tuple):
        raise SheetError(name, "must be a list", rule)
    if len(raw) > max_items:
        raise SheetError(name, f"may hold at most {max_items} items", rule)
    return list(raw)


def object_list_field(
    sheet: Mapping[str, Any],
    name: str,
    rule: str | None = None,
    *,
    max_items: int = 100,
    default: Any = _MISSING,
) -> list[Mapping[str, Any]]:
    """A JSON list of JSON objects, such as a setup's combatants; a bad item is named by index."""
    items = list_field(sheet, name, rule, max_items=max_items, default=default)
    for n, item in enumerate(items):
        require_mapping(item, f"{name}[{n}]", rule)
    return items


def mapping_field(
    sheet: Mapping[str, Any], name: str, rule: str | None = None, *, default: Any = _MISSING
) -> dict[str, Any]:
    """A JSON object, e.g. a skill table."""
    raw = _present(sheet, name, rule, default)
    if not isinstance(raw, Mapping):
        raise SheetError(name, "must be an object", rule)
    return dict(raw)
