"""Broadcasts render only for the audiences and languages of the sockets open now."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from vtt.encounters import fragments, presence
from vtt.encounters.audiences import audience_for
from vtt.encounters.models import Presence

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(fragments, "publish_from_sync", sent.append)
    return sent


def test_nobody_watching_renders_nothing(encounter: Any, published: list[Any]) -> None:
    fragments.broadcast(encounter.pk, 1, 1)
    assert published == []


def test_only_open_audiences_in_their_languages_are_rendered(
    encounter: Any, gwen: Any, pip: Any, published: list[Any]
) -> None:
    gm_key = audience_for(encounter.pk, gwen.pk).key
    pip_key = audience_for(encounter.pk, pip.pk).key
    presence.register(encounter.pk, "socket-gm", gm_key, "zh-hans")
    fragments.broadcast(encounter.pk, 1, 1)
    [message] = published
    assert set(message["audiences"]) == {gm_key}
    assert [set(render) for render in message["renders"]] == [{"zh-hans"}]

    presence.register(encounter.pk, "socket-pip", pip_key, "en")
    fragments.broadcast(encounter.pk, 1, 1)
    assert set(published[-1]["audiences"]) == {gm_key, pip_key}


def test_a_socket_gone_quiet_stops_counting(encounter: Any, gwen: Any) -> None:
    key = audience_for(encounter.pk, gwen.pk).key
    presence.register(encounter.pk, "socket-gm", key, "en")
    assert presence.live(encounter.pk) == {key: {"en"}}
    Presence.objects.update(seen=timezone.now() - timedelta(minutes=10))
    assert presence.live(encounter.pk) == {}
    presence.refresh("socket-gm")
    assert presence.live(encounter.pk) == {key: {"en"}}
    presence.forget("socket-gm")
    assert presence.live(encounter.pk) == {}


def test_a_process_alone_at_the_table_knows_who_looks_without_the_database(
    encounter: Any, gwen: Any, pip: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While this process alone has sockets of the encounter (its last publish found no other
    in the group), who is looking is read from its own sockets; else from the database."""
    from vtt import fanout

    gm_key = audience_for(encounter.pk, gwen.pk).key
    pip_key = audience_for(encounter.pk, pip.pk).key
    monkeypatch.setitem(presence._LOCAL, encounter.pk, {})  # nothing left by another test
    presence.register(encounter.pk, "socket-gm", gm_key, "en")
    presence.register(encounter.pk, "socket-pip", pip_key, "zh-hans")
    monkeypatch.setitem(fanout._ALONE, encounter.pk, True)
    Presence.objects.all().delete()  # not asked: the process's own sockets answer
    assert presence.watching(encounter.pk) == {gm_key: {"en"}, pip_key: {"zh-hans"}}
    presence.forget("socket-pip")
    assert presence.watching(encounter.pk) == {gm_key: {"en"}}
    monkeypatch.setitem(fanout._ALONE, encounter.pk, False)
    assert presence.watching(encounter.pk) == {}  # the database, emptied above
    presence.forget("socket-gm")
