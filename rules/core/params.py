"""Reading action params that forms send as strings: typed, with errors a player understands."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.core.errors import IllegalAction
from rules.core.messages import Message

_MISSING = object()
REQUIRED = Message("core.param.required", "{name} is required.")
WHOLE = Message("core.param.whole", "{name} must be a whole number.")
WHOLE_NOT = Message("core.param.whole_not", "{name} must be a whole number, not {raw}.")
BETWEEN = Message("core.param.between", "{name} must be between {low} and {high}.")
NOT_A_CHOICE = Message("core.param.not_a_choice", "{name}: {raw} is not one of the choices.")
# The refusals above name a parameter by its id; `Actions.resolve` puts the form's label there.
NAMING_A_PARAM = frozenset({REQUIRED.id, WHOLE.id, WHOLE_NOT.id, BETWEEN.id, NOT_A_CHOICE.id})


def int_param(
    params: Mapping[str, Any],
    name: str,
    default: Any = _MISSING,
    *,
    low: int | None = None,
    high: int | None = None,
) -> int:
    """`params[name]` as an int, within `low`..`high` when given (both, or neither; the default
    is not checked); a missing, malformed or out-of-range value raises IllegalAction naming it."""
    if (low is None) != (high is None):
        raise TypeError("int_param takes low and high together")
    raw = params.get(name)
    if raw is None or raw == "":
        if default is _MISSING:
            raise IllegalAction.of(REQUIRED(name=name))
        return int(default)
    if isinstance(raw, bool):
        raise IllegalAction.of(WHOLE(name=name))
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise IllegalAction.of(WHOLE_NOT(name=name, raw=repr(raw)[:40])) from None
    if low is not None and high is not None and not low <= value <= high:
        raise IllegalAction.of(BETWEEN(name=name, low=low, high=high))
    return value


def choice_param(
    params: Mapping[str, Any], name: str, options: Iterable[str], default: Any = _MISSING
) -> str:
    """`params[name]` as one of `options` (the default, when it is missing, as well); a missing
    value without a default, or one not offered, raises IllegalAction naming it."""
    raw = params.get(name)
    if raw is None or raw == "":
        if default is _MISSING:
            raise IllegalAction.of(REQUIRED(name=name))
        raw = default
    value = str(raw)
    if value not in set(options):
        raise IllegalAction.of(NOT_A_CHOICE(name=name, raw=repr(raw)[:40]))
    return value


def str_param(params: Mapping[str, Any], name: str, default: Any = _MISSING) -> str:
    """`params[name]` as a non-empty string; missing raises IllegalAction naming it."""
    raw = params.get(name, default)
    if raw is _MISSING or raw is None or raw == "":
        if default is _MISSING:
            raise IllegalAction.of(REQUIRED(name=name))
        return str(default)
    return str(raw)


def bool_param(params: Mapping[str, Any], name: str, default: bool = False) -> bool:
    """`params[name]` as a bool; checkbox values "on", "true", "1" count as true."""
    raw = params.get(name)
    if raw is None or raw == "":
        return default
    if isinstance(raw, bool):
        return raw
    return str(raw).strip().lower() in {"on", "true", "1", "yes"}


def list_param(params: Mapping[str, Any], name: str) -> list[str]:
    """`params[name]` as a list of strings (a multi-select sends a list, a field a string)."""
    raw = params.get(name)
    if raw is None or raw == "":
        return []
    if isinstance(raw, list | tuple):
        return [str(item) for item in raw if str(item) != ""]
    return [part for part in str(raw).split(",") if part]
