"""The demo encounter of SCS: Halden Crossing, one side per demo player."""

from __future__ import annotations

from rules.core.system import Json


def demo() -> Json:
    """Halden Crossing with Blue and Red seated at the two demo players."""
    return {
        "title": "Halden Crossing",
        "scenario": "halden_crossing",
        "seats": {"blue": "player1", "red": "player2"},
        "sides": {"blue": "Blue", "red": "Red"},
    }
