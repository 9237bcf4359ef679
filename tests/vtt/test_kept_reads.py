"""A sender's next chat line is written straight from the read behind their last one
(vtt/fast/kept_reads.py), in one statement that lands only if that read still holds: a kept
read gone stale (other entries, a new role, the end, seats, physical dice, a new name) costs a
miss and a fresh read, never a wrong line."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rules.core.dice import SeededDice, derive_seed
from rules.core.system import Action
from vtt.accounts.models import profile_of
from vtt.campaigns.models import Campaign, Membership, Role
from vtt.encounters import services
from vtt.encounters.models import Encounter
from vtt.errors import FaceWanted, NotAllowed
from vtt.eventlog.models import Event
from vtt.fast import kept_reads


@pytest.fixture(autouse=True)
def on_the_fast_path(settings: Any) -> None:
    """What is tested here is a measure of the fast path (vtt/fast)."""
    settings.VTT_FAST = True


pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def postgres_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("reads are kept for PostgreSQL's one-statement write")


def log_of(encounter: Any) -> list[tuple[int, int, str]]:
    return list(
        Event.objects.filter(encounter=encounter)
        .order_by("seq")
        .values_list("seq", "entry", "kind")
    )


def reads_during(monkeypatch: pytest.MonkeyPatch, call: Any) -> tuple[Any, int]:
    """What `call()` returned, and how many times the chat line read the encounter."""
    reads = []
    real_read = services._encounter_row

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(1)
        return real_read(*args, **kwargs)

    monkeypatch.setattr(services, "_encounter_row", counted)
    try:
        return call(), len(reads)
    finally:
        monkeypatch.setattr(services, "_encounter_row", real_read)


def test_the_next_line_is_one_statement_with_the_same_dice_a_fresh_read_gives(
    encounter: Any, pip: Any
) -> None:
    services.chat(encounter.pk, pip.pk, "/roll 1d20", "k1")

    with CaptureQueriesContext(connection) as run:
        [row] = services.chat(encounter.pk, pip.pk, "/roll 1d20", "k2").events

    written = [query["sql"] for query in run.captured_queries if "eventlog_event" in query["sql"]]
    assert len(written) == 1
    assert not any("my_role" in query["sql"] for query in run.captured_queries)
    assert (row.seq, row.entry) == (3, 3)
    expected = SeededDice(derive_seed(encounter.seed, 3)).roll(20, "1d20")
    assert Event.objects.get(pk=row.pk).dice[0]["value"] == expected
    assert row.text.startswith("pip")


def test_an_entry_landing_since_the_kept_read_costs_a_fresh_read(
    encounter: Any, pip: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    services.chat(encounter.pk, pip.pk, "/roll 1d20", "k1")
    services.play(encounter.pk, pip.pk, Action("bump", "ann", {}), "game")  # not a chat line

    outcome, reads = reads_during(
        monkeypatch, lambda: services.chat(encounter.pk, pip.pk, "/roll 1d20", "k2")
    )

    [row] = outcome.events
    assert (row.seq, row.entry) == (4, 4)
    expected = SeededDice(derive_seed(encounter.seed, 4)).roll(20, "1d20")
    assert Event.objects.get(pk=row.pk).dice[0]["value"] == expected
    assert log_of(encounter)[1:] == [
        (2, 2, "table.rolled"),
        (3, 3, "counter.bumped"),
        (4, 4, "table.rolled"),
    ]
    # in a test's transaction nothing commits, so this process has not learnt the new counters
    assert reads == 1


def test_counters_committed_here_keep_the_kept_read_current(
    encounter: Any, pip: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    services.chat(encounter.pk, pip.pk, "/roll 1d20", "k1")
    kept_reads.committed(encounter.pk, 3, 3)  # as the commit of another line here would
    Event.objects.create(encounter=encounter, seq=3, entry=3, kind="table.said", text="hi")
    Encounter.objects.filter(pk=encounter.pk).update(seq=3, entries=3)

    outcome, reads = reads_during(
        monkeypatch, lambda: services.chat(encounter.pk, pip.pk, "/roll 1d20", "k2")
    )

    assert [(row.seq, row.entry) for row in outcome.events] == [(4, 4)]
    assert reads == 0


def test_a_sender_made_observer_since_is_refused_and_nothing_is_stored(
    encounter: Any, pip: Any
) -> None:
    services.chat(encounter.pk, pip.pk, "hello", "k1")
    Membership.objects.filter(campaign_id=encounter.campaign_id, user=pip).update(
        role=Role.OBSERVER
    )
    before = log_of(encounter)

    with pytest.raises(NotAllowed, match="Observers watch"):
        services.chat(encounter.pk, pip.pk, "hello again", "k2")
    assert log_of(encounter) == before


def test_a_sender_removed_since_is_refused(encounter: Any, pip: Any) -> None:
    services.chat(encounter.pk, pip.pk, "hello", "k1")
    Membership.objects.filter(campaign_id=encounter.campaign_id, user=pip).delete()
    before = log_of(encounter)

    with pytest.raises(NotAllowed, match="not at this table"):
        services.chat(encounter.pk, pip.pk, "hello again", "k2")
    assert log_of(encounter) == before


def test_after_the_end_a_kept_read_rolls_no_dice(encounter: Any, pip: Any, gwen: Any) -> None:
    services.chat(encounter.pk, pip.pk, "/roll 1d6", "k1")
    services.end_encounter(encounter.pk, gwen.pk)
    before = log_of(encounter)

    with pytest.raises(NotAllowed, match="dice seed is revealed"):
        services.chat(encounter.pk, pip.pk, "/roll 1d6", "k2")
    assert log_of(encounter) == before


def test_a_new_seat_since_costs_a_fresh_read(
    encounter: Any, pip: Any, gwen: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seats decide the audiences a line's frames are drawn for."""
    services.chat(encounter.pk, pip.pk, "hello", "k1")
    services.assign_seat(encounter.pk, gwen.pk, "bob", pip.pk)
    seats_before = Encounter.objects.get(pk=encounter.pk).audiences

    outcome, reads = reads_during(
        monkeypatch, lambda: services.chat(encounter.pk, pip.pk, "hello again", "k2")
    )

    assert outcome.fresh
    assert reads == 1
    assert Encounter.objects.get(pk=encounter.pk).audiences == seats_before


def test_a_sender_who_took_up_physical_dice_since_is_asked_for_the_faces(
    encounter: Any, pip: Any
) -> None:
    services.chat(encounter.pk, pip.pk, "/roll 1d6", "k1")
    Campaign.objects.filter(pk=encounter.campaign_id).update(physical_dice=True)
    profile = profile_of(pip)
    profile.physical_dice = True
    profile.save()
    before = log_of(encounter)

    with pytest.raises(FaceWanted):
        services.chat(encounter.pk, pip.pk, "/roll 1d6", "k2")
    assert log_of(encounter) == before


def test_a_renamed_sender_is_named_anew(encounter: Any, pip: Any) -> None:
    services.chat(encounter.pk, pip.pk, "hello", "k1")
    type(pip).objects.filter(pk=pip.pk).update(username="pippa")

    [row] = services.chat(encounter.pk, pip.pk, "hello again", "k2").events

    assert row.text.startswith("pippa")


def test_a_resend_from_a_kept_read_is_answered_not_stored_twice(encounter: Any, pip: Any) -> None:
    first = services.chat(encounter.pk, pip.pk, "/roll 1d6", "k1")

    again = services.chat(encounter.pk, pip.pk, "/roll 1d6", "k1")

    assert not again.fresh
    assert [row.pk for row in again.events] == [row.pk for row in first.events]
    assert log_of(encounter) == [(1, 1, "table.started"), (2, 2, "table.rolled")]
