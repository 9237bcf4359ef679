"""App config."""

from __future__ import annotations

from django.apps import AppConfig


class Config(AppConfig):
    """Background images of scene maps, kept through Django's storage under MEDIA_ROOT."""

    name = "vtt.scenes"
    label = "scenes"
