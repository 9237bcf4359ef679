"""App config."""

from __future__ import annotations

from django.apps import AppConfig


class Config(AppConfig):
    """The encounters app."""

    name = "vtt.encounters"
    label = "encounters"
