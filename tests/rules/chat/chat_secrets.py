"""The chat system's secrets: none in its state; a whisper or a GM roll is a whole event, kept
from the others by its audience (tests/rules/test_non_interference.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules.core.system import Audience

Json = dict[str, Any]


def secrets(state: Json) -> Iterator[tuple[Audience, Json, Json]]:
    """No pairs: nothing in the state is hidden."""
    return iter(())
