"""App config."""

from __future__ import annotations

from django.apps import AppConfig


class Config(AppConfig):
    """Remote play: follows each move (vtt/encounters/moves.py) to run the game's clocks."""

    name = "vtt.remote"
    label = "remote"

    def ready(self) -> None:
        from vtt.encounters.moves import played
        from vtt.remote.hooks import on_played

        played.connect(on_played, dispatch_uid="remote-clocks")
