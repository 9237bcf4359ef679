"""Per-user channel-layer groups and their after-commit doorbells (docs/realtime.md); frames go
through vtt/fanout.py."""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def user_group(user_id: int) -> str:
    """Every socket a user has open, so removal closes them at once."""
    return f"user.{user_id}"


def group_send(group: str, message: dict[str, Any]) -> None:
    """Send one message to a group from sync code."""
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, message)


def close_user_sockets_on_commit(user_id: int, campaign_id: int, reason: str) -> None:
    """After commit, close the user's sockets on this campaign's encounters."""
    transaction.on_commit(
        lambda: group_send(
            user_group(user_id),
            {"type": "user.revoked", "campaign_id": campaign_id, "reason": reason},
        )
    )
