"""Who is looking at an encounter now: the audiences and languages a broadcast must render."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from vtt.encounters.models import Presence
from vtt.fanout import alone

# A socket counts as present while its heartbeat refreshed it within this many heartbeats.
STALE_AFTER_BEATS = 3


# This process's sockets by encounter: channel -> (audience key, language). Exact for this
# process (a socket is registered when it opens here and forgotten when it closes here), so
# while no other process has sockets of the encounter (vtt/fanout.py `alone`) a broadcast reads
# who is looking from here rather than asking the database.
_LOCAL: dict[int, dict[str, tuple[str, str]]] = {}


def register(encounter_id: int, channel: str, audience_key: str, language: str) -> None:
    """A socket opened (or reconnected under the same channel)."""
    _LOCAL.setdefault(encounter_id, {})[channel] = (audience_key, language)
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


def refresh_all(channels: list[str]) -> None:
    """The heartbeat of a process's sockets of one encounter (vtt/encounters/heartbeats.py):
    they are all still there, one statement for all."""
    Presence.objects.filter(channel__in=channels).update(seen=timezone.now())


def forget(channel: str) -> None:
    """The socket closed."""
    for encounter_id, sockets in list(_LOCAL.items()):
        if sockets.pop(channel, None) is not None and not sockets:
            _LOCAL.pop(encounter_id, None)
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


def watching(encounter_id: int) -> dict[str, set[str]]:
    """Audience key -> the languages its open sockets read: from this process's own sockets
    while it is the only process with sockets of the encounter, else from the database."""
    if not alone(encounter_id):
        return live(encounter_id)
    found: dict[str, set[str]] = {}
    for audience_key, language in list(_LOCAL.get(encounter_id, {}).values()):
        found.setdefault(audience_key, set()).add(language)
    return found
