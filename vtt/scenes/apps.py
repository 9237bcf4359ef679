"""App config."""

from __future__ import annotations

from django.apps import AppConfig


class Config(AppConfig):
    """Background images of scene maps, kept through Django's storage under MEDIA_ROOT."""

    name = "vtt.scenes"
    label = "scenes"

    def ready(self) -> None:
        from vtt.encounters.moves import played
        from vtt.scenes.backgrounds import on_played

        played.connect(on_played, dispatch_uid="scenes.background_shown")
