"""A browser's push subscription, and the server's VAPID key pair when settings give none."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Subscription(models.Model):
    """One browser of one user that accepts turn notices: where its push service takes them
    (`endpoint`) and the keys a message to it is encrypted with (RFC 8291)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.endpoint[:60]}"


class VapidKey(models.Model):
    """The server's VAPID key pair, made on first use (vtt/push/keys.py): one row."""

    private_key = models.CharField(max_length=100)  # base64url of the raw 32-byte P-256 key
    public_key = models.CharField(max_length=100)  # base64url of the uncompressed point
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.public_key
