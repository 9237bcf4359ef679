"""The event log keeps one index led by the encounter: `one_event_per_seq` (encounter, seq)
serves every lookup by encounter, so the foreign key has no index of its own to maintain."""

from __future__ import annotations

import pytest
from django.db import connection

from vtt.eventlog.models import Event

pytestmark = pytest.mark.django_db


def test_every_index_led_by_the_encounter_is_a_unique_one_with_more_columns() -> None:
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, Event._meta.db_table)
    led_by_encounter = {
        name: spec
        for name, spec in found.items()
        if (spec["index"] or spec["unique"]) and spec["columns"][:1] == ["encounter_id"]
    }
    assert "one_event_per_seq" in led_by_encounter
    assert led_by_encounter["one_event_per_seq"]["columns"] == ["encounter_id", "seq"]
    alone = [name for name, spec in led_by_encounter.items() if spec["columns"] == ["encounter_id"]]
    assert alone == []
