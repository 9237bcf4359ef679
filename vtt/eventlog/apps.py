"""App config."""

from __future__ import annotations

from django.apps import AppConfig


class Config(AppConfig):
    """The eventlog app."""

    name = "vtt.eventlog"
    label = "eventlog"
