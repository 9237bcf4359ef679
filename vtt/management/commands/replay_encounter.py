"""`manage.py replay_encounter ID`: refold the log and compare it with the stored snapshot."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from vtt.encounters.models import Encounter
from vtt.encounters.services import replay


class Command(BaseCommand):
    """Exits non-zero and lists each difference when the snapshot does not match the log."""

    help = "Replay an encounter's event log and check that it reproduces the snapshot."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("encounter_id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        encounter = Encounter.objects.filter(pk=options["encounter_id"]).first()
        if encounter is None:
            raise CommandError(f"no encounter {options['encounter_id']}")
        report = replay(encounter)
        events = encounter.events.count()
        if report.matches:
            self.stdout.write(
                f"encounter {encounter.pk}: {events} events, {encounter.entries} entries; "
                "the replay matches the snapshot"
            )
            return
        for difference in report.differences:
            self.stdout.write(difference)
        raise CommandError(
            f"encounter {encounter.pk}: the replay differs from the snapshot "
            f"in {len(report.differences)} place(s)"
        )
