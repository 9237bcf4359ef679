"""The whole table a socket gets at connect is rendered once per audience, language and seq,
not once per socket: sockets of one audience opening at the same seq share the process's newest
rendering; after an event, or for another audience, it is rendered anew (and what the GM alone
sees never reaches an observer's)."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from rules.core.system import Action
from vtt.encounters import delta, fragments, services
from vtt.encounters.models import Encounter

pytestmark = pytest.mark.django_db

SECRET = "the vault code is 1234"  # the counter system's GM-only value


def newest(encounter_id: int, audience_key: str) -> delta.Rendering | None:
    return delta.LAST.get((encounter_id, audience_key, translation.get_language() or ""))


def test_observers_opening_at_one_seq_share_one_rendering(encounter: Any, observer: Any) -> None:
    delta.LAST.clear()
    first = fragments.hello_for(encounter.pk, observer.pk)
    assert first is not None
    kept = newest(encounter.pk, "observer")
    assert kept is not None

    again = fragments.hello_for(encounter.pk, observer.pk)

    assert again is not None
    assert again.html == first.html
    assert newest(encounter.pk, "observer") is kept  # not rendered again


def test_after_an_event_a_new_socket_gets_the_table_rendered_anew(
    encounter: Any, observer: Any, pip: Any
) -> None:
    delta.LAST.clear()
    before = fragments.hello_for(encounter.pk, observer.pk)
    kept = newest(encounter.pk, "observer")
    services.play(encounter.pk, pip.pk, Action("bump", "ann", {}), "bump-1")

    after = fragments.hello_for(encounter.pk, observer.pk)

    assert before is not None
    assert after is not None
    assert newest(encounter.pk, "observer") is not kept
    assert after.seq > before.seq
    assert after.html != before.html


def test_an_ended_encounter_is_rendered_anew(encounter: Any, observer: Any) -> None:
    delta.LAST.clear()
    fragments.hello_for(encounter.pk, observer.pk)
    kept = newest(encounter.pk, "observer")
    Encounter.objects.filter(pk=encounter.pk).update(status="ended")

    fragments.hello_for(encounter.pk, observer.pk)

    assert newest(encounter.pk, "observer") is not kept


def test_the_gms_rendering_never_reaches_an_observer(
    encounter: Any, observer: Any, gwen: Any
) -> None:
    delta.LAST.clear()
    gm = fragments.hello_for(encounter.pk, gwen.pk)
    watcher = fragments.hello_for(encounter.pk, observer.pk)

    assert gm is not None
    assert watcher is not None
    assert SECRET in gm.html
    assert SECRET not in watcher.html
