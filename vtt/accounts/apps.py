"""App config."""

from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class Config(AppConfig):
    """The accounts app: logging out closes the user's open table sockets."""

    name = "vtt.accounts"
    label = "accounts"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_out

        user_logged_out.connect(close_sockets_on_logout, dispatch_uid="tabula-logout")


def close_sockets_on_logout(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """docs/realtime.md: scope["user"] is fixed at connect, so logging out closes the sockets."""
    if user is None:
        return
    from vtt.realtime import group_send, user_group

    group_send(
        user_group(user.pk), {"type": "user.revoked", "campaign_id": None, "reason": "removed"}
    )
