"""Tabula settings with the channels-redis pub/sub layer (`bench/broadcast.py --layer pubsub`)."""

from __future__ import annotations

import os

from vtt.settings import *  # noqa: F403

# One PUBLISH per group send, delivered in-process to every local socket of the group.
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {
            "hosts": [os.environ["REDIS_URL"]],
            "prefix": os.environ.get("VTT_CHANNEL_PREFIX", "tabula"),
        },
    }
}
