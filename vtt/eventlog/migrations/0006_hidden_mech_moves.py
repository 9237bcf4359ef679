"""Stored moves of Hidden mechs that everyone read, from before MECH-COND-HIDDEN addressed them to
the unit's side, addressed to it now (issue 30; vtt/eventlog/legacy/hidden_moves.py)."""

from __future__ import annotations

from django.db import migrations

from vtt.eventlog.legacy.hidden_moves import run


class Migration(migrations.Migration):
    dependencies = [
        ("encounters", "0003_presence"),
        ("eventlog", "0005_one_state_vocabulary"),
    ]

    operations = [migrations.RunPython(run, migrations.RunPython.noop, elidable=False)]
