"""A heartbeat's cost: one beat per process and encounter, not per socket (one trip to the
worker thread refreshes every local socket's presence and reads the seq once), and a frame drawn
once per seq for every socket of the table (docs/performance.md, D11 and D12)."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from tests.vtt.test_consumers import frame_seq, join
from vtt.encounters import fragments, heartbeats, presence
from vtt.encounters.models import Encounter, Presence


@pytest.mark.django_db
def test_one_call_refreshes_every_sockets_presence_and_reads_the_seq(encounter: Any) -> None:
    presence.register(encounter.pk, "chan-1", "observer", "en")
    presence.register(encounter.pk, "chan-2", "gm", "en")
    presence.register(encounter.pk, "chan-other", "gm", "en")
    long_ago = timezone.now() - timedelta(minutes=5)
    Presence.objects.update(seen=long_ago)

    seq = heartbeats.beat_sync(encounter.pk, ["chan-1", "chan-2"])

    assert seq == Encounter.objects.get(pk=encounter.pk).seq
    seen = dict(Presence.objects.values_list("channel", "seen"))
    assert seen["chan-1"] == seen["chan-2"] > long_ago  # one statement for both
    assert seen["chan-other"] == long_ago  # a socket the beat does not hold is not refreshed


@pytest.mark.django_db
def test_a_gone_encounter_answers_none(encounter: Any) -> None:
    assert heartbeats.beat_sync(encounter.pk + 1000, ["chan-nobody"]) is None


def test_the_heartbeat_of_one_seq_is_drawn_once_for_every_socket() -> None:
    first = fragments.render_heartbeat(7)

    assert fragments.render_heartbeat(7) is first
    assert 'data-frame="heartbeat"' in first
    assert 'data-seq="7"' in first
    assert 'data-seq="8"' in fragments.render_heartbeat(8)


@database_sync_to_async
def seen_times(encounter_id: int) -> list[Any]:
    return list(Presence.objects.filter(encounter_id=encounter_id).values_list("seen", flat=True))


@pytest.mark.django_db(transaction=True)
async def test_the_sockets_of_one_encounter_in_one_process_beat_together(
    encounter: Any, gwen: Any, pip: Any, observer: Any, settings: Any
) -> None:
    """Before: each socket beat on its own (its own call, its own row's time). Now the process
    beats once for the encounter: every socket gets the same heartbeat, and their presence rows
    were refreshed by one statement (the same time)."""
    settings.VTT_HEARTBEAT_SECONDS = 0.3
    sockets = [await join(user, encounter) for user in (gwen, pip, observer)]
    await asyncio.sleep(0.05)  # connected at three moments: three register times
    assert len(set(await seen_times(encounter.pk))) == 3
    try:
        beats = [await socket.receive_from(timeout=3) for socket in sockets]
        assert all('data-frame="heartbeat"' in beat for beat in beats), beats
        assert {frame_seq(beat)[1] for beat in beats} == {encounter.seq}
        assert len(set(await seen_times(encounter.pk))) == 1
    finally:
        for socket in sockets:
            await socket.disconnect()
    assert await seen_times(encounter.pk) == []  # nothing keeps a closed socket's row alive
