"""Tell the opponents of the sides whose time has run out (vtt/remote/timeouts.py)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from vtt.remote.timeouts import check_clocks


class Command(BaseCommand):
    help = (
        "Look for games whose side ran out of time and tell the opponent (Web Push, email), "
        "once per time out. Run it every few minutes (docs/deploy.md)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        found = check_clocks()
        self.stdout.write(f"{found} game(s) newly out of time\n")
