"""Who is looking at an encounter now: the audiences and languages a broadcast must render."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from vtt.encounters.models import Presence

# A socket counts as present while its heartbeat refreshed it within this many heartbeats.
STALE_AFTER_BEATS = 3


def register(encounter_id: int, channel: str, audience_key: str, language: str) -> None:
    """A socket opened (or reconnected under the same channel)."""
    Presence.objects.update_or_create(
        channel=channel,
        defaults={
            "encounter_id": encounter_id,
            "audience_key": audience_key,
            "language": language,
            "seen": timezone.now(),
        },
    )


def refresh(channel: str) -> None:
    """The socket's heartbeat: it is still there."""
    Presence.objects.filter(channel=channel).update(seen=timezone.now())


def forget(channel: str) -> None:
    """The socket closed."""
    Presence.objects.filter(channel=channel).delete()


def live(encounter_id: int) -> dict[str, set[str]]:
    """Audience key -> the languages its open sockets read, for the sockets seen lately."""
    since = timezone.now() - timedelta(seconds=STALE_AFTER_BEATS * settings.VTT_HEARTBEAT_SECONDS)
    found: dict[str, set[str]] = {}
    rows = Presence.objects.filter(encounter_id=encounter_id, seen__gte=since).values_list(
        "audience_key", "language"
    )
    for audience_key, language in rows:
        found.setdefault(audience_key, set()).add(language)
    return found
