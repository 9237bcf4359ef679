"""A forged push subscription whose keys decode to the right bytes but are padded past what the
row holds ("=" or stray characters, which base64 decoding skips) is refused with the keys' words,
not a 500 from PostgreSQL's "value too long" (issue 30: bad input changes nothing)."""

from __future__ import annotations

import base64
import os
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.test import Client

from vtt.push.models import Subscription

pytestmark = pytest.mark.django_db


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize("field", ["p256dh", "auth"])
@pytest.mark.parametrize("padding", ["=" * 300, "!" * 300])
def test_padded_keys_are_refused_and_nothing_is_stored(pip: Any, field: str, padding: str) -> None:
    client = Client(raise_request_exception=False)
    client.force_login(pip)
    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    point = key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    keys = {"p256dh": b64url(point), "auth": b64url(os.urandom(16))}
    keys[field] += padding
    answer = client.post("/push/subscribe/", {"endpoint": "https://fcm.googleapis.com/x", **keys})
    assert answer.status_code == 400
    assert "push keys cannot be read" in answer.json()["error"]
    assert not Subscription.objects.exists()
