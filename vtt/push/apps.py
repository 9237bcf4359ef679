"""App config."""

from __future__ import annotations

from django.apps import AppConfig


class Config(AppConfig):
    """Web Push: subscriptions per user and browser, and the server's VAPID keys."""

    name = "vtt.push"
    label = "push"
