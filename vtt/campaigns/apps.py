"""App config."""

from __future__ import annotations

from django.apps import AppConfig


class Config(AppConfig):
    """The campaigns app."""

    name = "vtt.campaigns"
    label = "campaigns"
