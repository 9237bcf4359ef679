"""App config."""

from __future__ import annotations

from django.apps import AppConfig


class Config(AppConfig):
    """The campaign library app."""

    name = "vtt.library"
    label = "library"
