"""App config."""

from __future__ import annotations

from django.apps import AppConfig


class Config(AppConfig):
    """The encounters app: its tables draw constant translations kept per language."""

    name = "vtt.encounters"
    label = "encounters"

    def ready(self) -> None:
        from vtt import kept_i18n

        kept_i18n.install()
