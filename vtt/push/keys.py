"""The server's VAPID keys (RFC 8292): from settings when the deployment gives them
(VTT_VAPID_PRIVATE_KEY and VTT_VAPID_PUBLIC_KEY, docs/deploy.md "Web Push"), else the pair
stored in the database, made on first use (or by `manage.py vapid_keys`)."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from functools import lru_cache

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import IntegrityError, transaction

from vtt.push.models import VapidKey


@dataclass(frozen=True)
class Keys:
    """The private key as pywebpush reads it, and the public key a page subscribes with."""

    private: str
    public: str


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def new_pair() -> Keys:
    """A fresh P-256 key pair in the forms Keys holds."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return Keys(b64url(private), b64url(public))


def stored_pair() -> Keys:
    """The database's pair, made now if there is none (two processes racing keep one)."""
    row = VapidKey.objects.order_by("pk").first()
    if row is None:
        made = new_pair()
        try:
            with transaction.atomic():
                VapidKey.objects.create(pk=1, private_key=made.private, public_key=made.public)
        except IntegrityError:
            pass  # another process made it first
        row = VapidKey.objects.order_by("pk").first()
        assert row is not None
    return Keys(row.private_key, row.public_key)


@lru_cache(maxsize=1)
def vapid_keys() -> Keys:
    """The keys in force, read once per process."""
    if settings.VTT_VAPID_PRIVATE_KEY:
        return Keys(settings.VTT_VAPID_PRIVATE_KEY, settings.VTT_VAPID_PUBLIC_KEY)
    return stored_pair()
