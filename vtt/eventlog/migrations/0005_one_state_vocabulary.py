"""Stored events' old payloads ("ops", "patch", ...) rewritten as "changes" (issue 31)."""

from __future__ import annotations

from django.db import migrations

from vtt.eventlog.legacy.upgrade import run


class Migration(migrations.Migration):
    dependencies = [
        ("encounters", "0003_presence"),
        ("eventlog", "0004_event_encounter_index_in_seq_constraint"),
    ]

    operations = [migrations.RunPython(run, migrations.RunPython.noop, elidable=False)]
