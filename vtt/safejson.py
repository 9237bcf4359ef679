"""Checks on untrusted JSON text: nesting depth before parsing, storable strings after."""

from __future__ import annotations

import re
from typing import Any

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")
# NUL and lone surrogates cannot be stored (PostgreSQL text and jsonb refuse them).
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def too_deep(text: str, limit: int) -> bool:
    """Whether JSON text nests arrays or objects deeper than `limit` (strings skipped), checked
    before json.loads, whose recursion a few thousand brackets exhaust."""
    depth = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > limit:
            return True
    return False


def storable(value: Any) -> bool:
    """Whether every string (and key) in decoded JSON is free of NUL and lone surrogates."""
    if isinstance(value, str):
        return _UNSTORABLE.search(value) is None
    if isinstance(value, dict):
        return all(storable(k) and storable(v) for k, v in value.items())
    if isinstance(value, list):
        return all(storable(item) for item in value)
    return True
