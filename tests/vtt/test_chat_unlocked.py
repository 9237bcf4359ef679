"""A chat line is read without the encounter's row lock and stored in one statement if nothing
landed in between (vtt/encounters/append.py); otherwise it reads again, and at last takes the
locked path. The log stays contiguous, each key answers once, and nothing is half-written."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from psycopg.pq import TransactionStatus

from rules.core.dice import SeededDice, derive_seed
from rules.core.system import Action
from vtt.encounters import append, services
from vtt.encounters.models import Encounter
from vtt.errors import NotAllowed
from vtt.eventlog.models import Event

pytestmark = pytest.mark.django_db


def log_of(encounter: Any) -> list[tuple[int, int, str]]:
    return list(
        Event.objects.filter(encounter=encounter)
        .order_by("seq")
        .values_list("seq", "entry", "kind")
    )


def counters(encounter: Any) -> tuple[int, int]:
    fresh = Encounter.objects.get(pk=encounter.pk)
    return fresh.seq, fresh.entries


def test_a_roll_is_stored_with_the_entrys_seeded_dice_and_moves_the_counters(
    encounter: Any, pip: Any
) -> None:
    outcome = services.chat(encounter.pk, pip.pk, "/roll 1d20", "k1")

    [row] = outcome.events
    assert outcome.fresh
    assert (row.seq, row.entry, row.kind) == (2, 2, "table.rolled")
    assert row.pk == Event.objects.get(encounter=encounter, seq=2).pk
    expected = SeededDice(derive_seed(encounter.seed, 2)).roll(20, "1d20")
    assert Event.objects.get(pk=row.pk).dice[0]["value"] == expected
    assert counters(encounter) == (2, 2)


def test_an_entry_landing_between_the_read_and_the_write_sends_the_line_round_again(
    encounter: Any, pip: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    stale = Encounter.objects.get(pk=encounter.pk)
    services.play(encounter.pk, pip.pk, Action("bump", "ann", {}), "game")  # lands meanwhile
    rows = services._event_rows(
        stale, stale.entries + 1, [], user_id=pip.pk, key="late", action=None
    )
    late = Event(encounter=stale, seq=stale.seq + 1, entry=stale.entries + 1, kind="table.said")
    before = log_of(encounter)

    assert not append.append_if_current(stale, [*rows, late])
    assert log_of(encounter) == before  # nothing of it written
    assert counters(encounter) == (2, 2)

    reads = []
    real_read = services._encounter_row

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(kwargs["locked"])
        return real_read(*args, **kwargs)

    monkeypatch.setattr(services, "_encounter_row", counted)
    outcome = services.chat(encounter.pk, pip.pk, "hello", "k1")

    assert outcome.fresh
    assert reads == [False]
    assert log_of(encounter) == [
        (1, 1, "table.started"),
        (2, 2, "counter.bumped"),
        (3, 3, "table.said"),
    ]


def test_a_table_too_busy_for_the_unlocked_write_takes_the_locked_path(
    encounter: Any, pip: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    tries = []

    def always_moved(encounter: Any, rows: Any, **kwargs: Any) -> bool:
        tries.append(rows[0].seq)
        return False

    monkeypatch.setattr(services, "append_if_current", always_moved)
    outcome = services.chat(encounter.pk, pip.pk, "/roll 1d6", "k1")

    assert len(tries) == services.UNLOCKED_TRIES
    assert outcome.fresh
    assert log_of(encounter) == [(1, 1, "table.started"), (2, 2, "table.rolled")]
    assert counters(encounter) == (2, 2)


def test_a_resend_read_before_the_first_was_stored_is_answered_with_the_stored_line(
    encounter: Any, pip: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two sends of one key, read at the same instant: the second's write finds the counters
    moved, reads again, finds its key and is answered, not stored twice."""
    stale = services._encounter_row(encounter.pk, pip.pk, "same", "", locked=False)
    first = services.chat(encounter.pk, pip.pk, "/roll 1d6", "same")
    reads = iter([stale])
    real_read = services._encounter_row
    monkeypatch.setattr(
        services, "_encounter_row", lambda *a, **k: next(reads, None) or real_read(*a, **k)
    )

    again = services.chat(encounter.pk, pip.pk, "/roll 1d6", "same")

    assert not again.fresh
    assert [e.pk for e in again.events] == [e.pk for e in first.events]
    assert Event.objects.filter(encounter=encounter, idempotency_key="same").count() == 1
    assert counters(encounter) == (2, 2)


def resent_past_the_key_check(encounter: Any, pip: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A line stored, then resent under its key with the counters put back and the key's entry
    hidden from the unlocked read, so its write reaches the database and the unique key refuses
    it. The two outcomes."""
    first = services.chat(encounter.pk, pip.pk, "/roll 1d6", "same")
    Encounter.objects.filter(pk=encounter.pk).update(seq=1, entries=1)  # counters that match
    real_read = services._encounter_row

    def key_unseen(*args: Any, **kwargs: Any) -> Any:
        row = real_read(*args, **kwargs)
        if not kwargs["locked"]:
            row.answered_entry = None
        return row

    monkeypatch.setattr(services, "_encounter_row", key_unseen)
    return first, services.chat(encounter.pk, pip.pk, "/roll 1d6", "same")


def test_a_write_the_unique_key_refuses_is_answered_and_writes_nothing(
    encounter: Any, pip: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, again = resent_past_the_key_check(encounter, pip, monkeypatch)

    assert not again.fresh
    assert [e.pk for e in again.events] == [e.pk for e in first.events]
    assert log_of(encounter) == [(1, 1, "table.started"), (2, 2, "table.rolled")]
    assert counters(encounter) == (1, 1)  # the refused write moved nothing


@pytest.mark.django_db(transaction=True)
def test_a_chat_line_is_one_prepared_read_and_one_prepared_write_without_the_games_state(
    encounter: Any, pip: Any, settings: Any
) -> None:
    """Four round trips fewer than a game action's transaction, none of its state read, and
    both statements planned once per connection (vtt/fast/prepared.py); the sender's next line is
    written straight from the kept read (vtt/fast/kept_reads.py)."""
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements and the one-statement write are PostgreSQL's")
    settings.VTT_FAST = True
    with CaptureQueriesContext(connection) as run:
        services.chat(encounter.pk, pip.pk, "/roll 1d6", "k1")
        services.chat(encounter.pk, pip.pk, "/roll 1d6", "k2")

    queries = [query["sql"] for query in run.captured_queries]
    read, write = queries[0], queries[1]
    # then the broadcast asks who is looking (no socket here); the second line is the write alone
    assert "encounters_presence" in queries[2]
    assert queries[3] == write
    assert "encounters_presence" in queries[4]
    assert len(queries) == 5
    assert "FOR UPDATE" not in read
    assert '"state"' not in read
    assert '"setup"' not in read
    assert append.UNFLUSHED not in write  # its own transaction, which waits for the disk flush
    assert "BEGIN" not in write
    assert "UPDATE" in write
    assert "INSERT" in write
    assert counters(encounter) == (3, 3)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        planned = {statement for (statement,) in cursor.fetchall()}
    assert any("my_role" in statement for statement in planned)
    assert any("WITH counters AS" in statement for statement in planned)


def test_after_the_end_the_table_talks_on_but_rolls_no_more_server_dice(
    encounter: Any, pip: Any, gwen: Any
) -> None:
    """The end reveals the seed, from which anyone could work out the next entry's dice."""
    services.end_encounter(encounter.pk, gwen.pk)
    before = log_of(encounter)

    for line in ("/roll 1d20", "I swing [[1d20]]", "/gmroll 1d6"):
        sender = gwen if line.startswith("/gm") else pip
        with pytest.raises(NotAllowed, match="dice seed is revealed"):
            services.chat(encounter.pk, sender.pk, line, f"after-{line}")
    assert log_of(encounter) == before

    said = services.chat(encounter.pk, pip.pk, "good game", "gg")
    assert [row.kind for row in said.events] == ["table.said"]


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_a_refused_write_rolls_back_and_leaves_the_connection_usable(
    encounter: Any, pip: Any, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    """The one-statement write, its own transaction (vtt/fast/prepared.py), meets the unique key:
    it is rolled back whole, the connection is idle again, and the locked path answers the
    resend."""
    if connection.vendor != "postgresql":
        pytest.skip("the prepared one-statement write is PostgreSQL's")
    settings.VTT_FAST = True
    first, again = resent_past_the_key_check(encounter, pip, monkeypatch)

    assert not again.fresh
    assert [e.pk for e in again.events] == [e.pk for e in first.events]
    assert connection.connection.info.transaction_status == TransactionStatus.IDLE
    assert counters(encounter) == (1, 1)  # the refused write moved nothing
    assert log_of(encounter) == [(1, 1, "table.started"), (2, 2, "table.rolled")]


@pytest.mark.django_db(transaction=True)
def test_a_chat_lines_transaction_runs_with_synchronous_commit_on_by_default(
    encounter: Any, pip: Any, settings: Any
) -> None:
    """Each event row records, from a trigger inside the transaction that inserts it, the
    `synchronous_commit` that transaction commits with: on for every chat line by default (the
    unlocked statement, the one kept read, the locked path), off only with
    VTT_CHAT_WAITS_FOR_DISK=0; a game action's always on."""
    if connection.vendor != "postgresql":
        pytest.skip("the disk flush setting is PostgreSQL's")
    table = Event._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE commit_setting (seq integer, setting text)")
        cursor.execute(
            """CREATE FUNCTION record_commit_setting() RETURNS trigger AS $$
               BEGIN
                 INSERT INTO commit_setting VALUES (NEW.seq, current_setting('synchronous_commit'));
                 RETURN NEW;
               END $$ LANGUAGE plpgsql"""
        )
        cursor.execute(
            f"CREATE TRIGGER record_commit_setting AFTER INSERT ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION record_commit_setting()"
        )
    try:
        for n in range(3):  # the unlocked write, then from the kept read
            services.chat(encounter.pk, pip.pk, "/roll 1d6", f"a{n}")
        services.chat(encounter.pk, pip.pk, "/roll 1d6", "a0")  # a resend: the locked path
        services.chat(encounter.pk, pip.pk, "hello", "a3")
        services.play(encounter.pk, pip.pk, Action("bump", "ann", {}), "game")
        settings.VTT_CHAT_WAITS_FOR_DISK = False
        services.chat(encounter.pk, pip.pk, "/roll 1d6", "b0")
        services.play(encounter.pk, pip.pk, Action("bump", "ann", {}), "game2")
        with connection.cursor() as cursor:
            cursor.execute("SELECT seq, setting FROM commit_setting ORDER BY seq")
            recorded = cursor.fetchall()
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TRIGGER record_commit_setting ON {table}")
            cursor.execute("DROP FUNCTION record_commit_setting()")
            cursor.execute("DROP TABLE commit_setting")

    assert [kind for *_, kind in log_of(encounter)][1:] == [
        *["table.rolled"] * 3,
        "table.said",
        "counter.bumped",
        "table.rolled",
        "counter.bumped",
    ]
    assert recorded == [
        (2, "on"),
        (3, "on"),
        (4, "on"),
        (5, "on"),
        (6, "on"),
        (7, "off"),
        (8, "on"),
    ]


def wal_flushes_during(write: Any) -> int:
    """How many times PostgreSQL flushed its WAL to disk while `write()` ran (pg_stat_wal)."""

    def flushed() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_stat_force_next_flush()")  # this backend's counts, now
        time.sleep(0.05)
        with connection.cursor() as cursor:
            cursor.execute("SELECT wal_sync FROM pg_stat_wal")
            (syncs,) = cursor.fetchone()
        return int(syncs)

    before = flushed()
    write()
    return flushed() - before


@pytest.mark.django_db(transaction=True)
def test_a_chat_line_commits_with_the_disk_flush_unless_told_not_to_wait(
    encounter: Any, pip: Any, settings: Any
) -> None:
    """By default each chat line's transaction runs with `synchronous_commit` on: PostgreSQL's
    own flush count shows twenty lines flushed twenty times. With VTT_CHAT_WAITS_FOR_DISK off the
    statement turns it off for its own transaction, and twenty lines commit without twenty
    flushes."""
    if connection.vendor != "postgresql":
        pytest.skip("the disk flush setting is PostgreSQL's")
    with connection.cursor() as cursor:
        cursor.execute("SHOW fsync")
        if cursor.fetchone() != ("on",):
            pytest.skip("this PostgreSQL never flushes (fsync off)")

    def lines(prefix: str) -> None:
        for n in range(20):
            services.chat(encounter.pk, pip.pk, "/roll 1d6", f"{prefix}{n}")

    waited = wal_flushes_during(lambda: lines("a"))
    settings.VTT_CHAT_WAITS_FOR_DISK = False
    unflushed = wal_flushes_during(lambda: lines("b"))

    assert waited >= 15  # one flush a line; the WAL writer may flush a line first, now and then
    assert unflushed < 10  # the WAL writer's own flushes, a few per second
    assert counters(encounter) == (41, 41)
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")  # the statement's setting ended with it
        assert cursor.fetchone() == ("on",)
