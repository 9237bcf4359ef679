"""Channel-layer group names and the after-commit doorbells (REALTIME.md)."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def audience_group(encounter_id: int, audience_key: str) -> str:
    """The sockets that see exactly what `audience_key` sees; names are hashed to stay valid."""
    if audience_key in ("gm", "observer"):
        return f"enc.{encounter_id}.{audience_key}"
    digest = hashlib.sha256(audience_key.encode()).hexdigest()[:20]
    return f"enc.{encounter_id}.aud.{digest}"


def user_group(user_id: int) -> str:
    """Every socket a user has open, so removal closes them at once."""
    return f"user.{user_id}"


def group_send(group: str, message: dict[str, Any]) -> None:
    """Send one message to a group from sync code."""
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, message)


def group_send_many(messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Send several group messages from sync code in one hop to the event loop, concurrently."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def send_all() -> None:
        await asyncio.gather(*(layer.group_send(group, message) for group, message in messages))

    async_to_sync(send_all)()


def close_user_sockets_on_commit(user_id: int, campaign_id: int, reason: str) -> None:
    """After commit, close the user's sockets on this campaign's encounters."""
    transaction.on_commit(
        lambda: group_send(
            user_group(user_id),
            {"type": "user.revoked", "campaign_id": campaign_id, "reason": reason},
        )
    )
