"""Reading action params that forms send as strings: typed, with errors a player understands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import IllegalAction
from rules.core.messages import Message

_MISSING = object()
REQUIRED = Message("core.param.required", "{name} is required.")
WHOLE = Message("core.param.whole", "{name} must be a whole number.")
WHOLE_NOT = Message("core.param.whole_not", "{name} must be a whole number, not {raw}.")
# The refusals above name a parameter by its id; `Actions.resolve` puts the form's label there.
NAMING_A_PARAM = frozenset({REQUIRED.id, WHOLE.id, WHOLE_NOT.id})


def int_param(params: Mapping[str, Any], name: str, default: Any = _MISSING) -> int:
    """`params[name]` as an int; a missing or malformed value raises IllegalAction naming it."""
    raw = params.get(name, default)
    if raw is _MISSING or raw is None or raw == "":
        if default is _MISSING:
            raise IllegalAction.of(REQUIRED(name=name))
        return int(default)
    if isinstance(raw, bool):
        raise IllegalAction.of(WHOLE(name=name))
    try:
        return int(str(raw).strip())
    except ValueError:
        raise IllegalAction.of(WHOLE_NOT(name=name, raw=repr(raw)[:40])) from None


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
