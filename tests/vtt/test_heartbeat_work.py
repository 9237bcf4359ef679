"""A socket's heartbeat costs one trip to the worker thread (its presence refreshed and the seq
read in one call) and a frame drawn once per seq for every socket of the table."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from vtt.encounters import consumers, fragments, presence
from vtt.encounters.models import Encounter, Presence

pytestmark = pytest.mark.django_db


def test_one_call_refreshes_the_sockets_presence_and_reads_the_seq(encounter: Any) -> None:
    presence.register(encounter.pk, "chan-1", "observer", "en")
    long_ago = timezone.now() - timedelta(minutes=5)
    Presence.objects.filter(channel="chan-1").update(seen=long_ago)

    seq = consumers.beat_sync(encounter.pk, "chan-1")

    assert seq == Encounter.objects.get(pk=encounter.pk).seq
    assert Presence.objects.get(channel="chan-1").seen > long_ago


def test_a_gone_encounter_answers_none(encounter: Any) -> None:
    assert consumers.beat_sync(encounter.pk + 1000, "chan-nobody") is None


def test_the_heartbeat_of_one_seq_is_drawn_once_for_every_socket() -> None:
    first = fragments.render_heartbeat(7)

    assert fragments.render_heartbeat(7) is first
    assert 'data-frame="heartbeat"' in first
    assert 'data-seq="7"' in first
    assert 'data-seq="8"' in fragments.render_heartbeat(8)
