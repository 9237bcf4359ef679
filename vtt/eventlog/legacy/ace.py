"""Ace Evolution's apply before the one state vocabulary (frozen; only the upgrade reads it).

Its events carried "ops": ["set", path, value] and ["add", path, value] (append to a list).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.jsonstate import assoc_in, copy_json, update_in

OLD_KEYS = ("ops",)


def legacy_apply(state: Any, kind: str, payload: Mapping[str, Any]) -> Any:
    """The state after an event with the old payload: its "ops" applied in order."""
    new = state
    for op, path, value in payload.get("ops") or ():
        if op == "set":
            new = assoc_in(new, path, copy_json(value))
        elif op == "add":
            new = update_in(new, path, _appender(copy_json(value)))
        else:
            raise ValueError(f"unknown op {op!r} in {kind}")
    return new


def _appender(value: Any) -> Any:
    return lambda items: [*items, value]
