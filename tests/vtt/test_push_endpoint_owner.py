"""A known Web Push endpoint posted from another account (vtt/push): only the browser that holds
the subscription's keys may move it to the account now signed in there. Anyone else who learned
the address (it travels in the clear to the push service, it may sit in a log) is refused and
the subscription stays with its first owner, whose notices keep reaching it."""

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
ENDPOINT = "https://fcm.googleapis.com/fcm/send/pips-phone"


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _keys() -> dict[str, str]:
    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return {"p256dh": _b64url(point), "auth": _b64url(os.urandom(16))}


def _signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_another_account_cannot_take_a_browsers_subscription(pip: Any, otto: Any) -> None:
    phone = _keys()
    assert _signed_in(pip).post("/push/subscribe/", {"endpoint": ENDPOINT, **phone}).json() == {
        "stored": True
    }
    otto_client = _signed_in(otto)
    taken = otto_client.post("/push/subscribe/", {"endpoint": ENDPOINT, **_keys()})
    assert taken.status_code == 409
    assert "another account" in taken.json()["error"]
    row = Subscription.objects.get(endpoint=ENDPOINT)
    assert row.user_id == pip.pk
    assert (row.p256dh, row.auth) == (phone["p256dh"], phone["auth"])
    zh = otto_client.post(
        "/push/subscribe/", {"endpoint": ENDPOINT, **_keys()}, HTTP_ACCEPT_LANGUAGE="zh-hans"
    )
    assert zh.status_code == 409
    assert "another account" not in zh.json()["error"]
    otto_client.post("/push/unsubscribe/", {"endpoint": ENDPOINT})
    assert Subscription.objects.get(endpoint=ENDPOINT).user_id == pip.pk  # not otto's to drop


def test_the_same_browser_signed_in_to_another_account_takes_it_along(pip: Any, otto: Any) -> None:
    """Pip signs out on a shared laptop, Otto signs in: the browser posts the keys it holds,
    and its notices now go to Otto, not on telling Pip's turns to whoever sits there."""
    laptop = _keys()
    _signed_in(pip).post("/push/subscribe/", {"endpoint": ENDPOINT, **laptop})
    moved = _signed_in(otto).post("/push/subscribe/", {"endpoint": ENDPOINT, **laptop})
    assert moved.json() == {"stored": True}
    assert Subscription.objects.get(endpoint=ENDPOINT).user_id == otto.pk


def test_its_owner_may_post_new_keys_for_it(pip: Any) -> None:
    client = _signed_in(pip)
    client.post("/push/subscribe/", {"endpoint": ENDPOINT, **_keys()})
    fresh = _keys()
    assert client.post("/push/subscribe/", {"endpoint": ENDPOINT, **fresh}).json() == {
        "stored": True
    }
    assert Subscription.objects.get(endpoint=ENDPOINT).auth == fresh["auth"]
