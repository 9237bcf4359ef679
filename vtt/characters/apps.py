"""App config."""

from __future__ import annotations

from django.apps import AppConfig


class Config(AppConfig):
    """The characters app."""

    name = "vtt.characters"
    label = "characters"
