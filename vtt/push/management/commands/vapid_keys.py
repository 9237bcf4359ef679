"""Print the server's VAPID keys as settings lines, making the stored pair if there is none."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from vtt.push.keys import stored_pair


class Command(BaseCommand):
    help = (
        "Make the VAPID key pair Web Push signs with (stored in the database) if there is none, "
        "and print it as the VTT_VAPID_* environment lines docs/deploy.md describes."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        keys = stored_pair()
        self.stdout.write(f"VTT_VAPID_PRIVATE_KEY={keys.private}\n")
        self.stdout.write(f"VTT_VAPID_PUBLIC_KEY={keys.public}\n")
