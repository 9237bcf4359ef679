"""One setting, VTT_FAST, chooses between the fast path (vtt/fast) and the plain Django and
Channels path, the reference implementation: both store the same log with the same dice, and with
it off none of the fast path's measures runs (`make test` runs the realtime and fault suites on
both paths)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from rules.core.dice import SeededDice, derive_seed
from rules.core.system import Action
from vtt.encounters import services
from vtt.eventlog.models import Event
from vtt.fast import kept_reads, warmup
from vtt.fast.kept_connection import keeping_connection

ROOT = Path(__file__).resolve().parents[2]


def play_a_little(encounter: Any, pip: Any) -> list[tuple[int, int, str, str]]:
    """Chat, a roll, a game action and a resent roll; the log as (seq, entry, kind, audience)."""
    services.chat(encounter.pk, pip.pk, "/roll 1d20", "roll-1")
    services.chat(encounter.pk, pip.pk, "hello", "said-1")
    services.play(encounter.pk, pip.pk, Action("bump", "ann", {}), "bump-1")
    again = services.chat(encounter.pk, pip.pk, "/roll 1d20", "roll-1")  # a resend
    assert not again.fresh
    services.chat(encounter.pk, pip.pk, "/roll 2d6", "roll-2")
    return list(
        Event.objects.filter(encounter=encounter)
        .order_by("seq")
        .values_list("seq", "entry", "kind", "audience")
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("fast", [True, False], ids=["fast", "plain"])
def test_both_paths_store_the_same_log_with_the_entrys_seeded_dice(
    encounter: Any, pip: Any, settings: Any, fast: bool
) -> None:
    settings.VTT_FAST = fast
    log = play_a_little(encounter, pip)

    assert [row[1:3] for row in log] == [
        (1, "table.started"),
        (2, "table.rolled"),
        (3, "table.said"),
        (4, "counter.bumped"),
        (5, "table.rolled"),
    ]
    first = Event.objects.get(encounter=encounter, seq=2)
    assert first.dice[0]["value"] == SeededDice(derive_seed(encounter.seed, 2)).roll(20, "1d20")


def planned() -> int:
    """How many statements this connection has prepared on the server."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements")
        count: int = cursor.fetchone()[0]
    return count


@pytest.mark.django_db(transaction=True)
def test_on_the_plain_path_chat_is_written_by_the_orm_without_kept_reads(
    encounter: Any, pip: Any, settings: Any
) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("the fast path's statements are PostgreSQL's")
    settings.VTT_FAST = False
    kept_reads._READS.clear()
    before = planned()

    services.chat(encounter.pk, pip.pk, "/roll 1d6", "k1")
    services.chat(encounter.pk, pip.pk, "/roll 1d6", "k2")

    assert kept_reads.kept(encounter.pk, pip.pk) is None
    assert planned() == before  # nothing prepared on the server: the ORM's statements


@pytest.mark.django_db(transaction=True)
async def test_on_the_plain_path_each_socket_call_asks_the_pool(settings: Any) -> None:
    if connection.vendor != "postgresql" or connection.pool is None:
        pytest.skip("the pool is psycopg's (PostgreSQL)")
    settings.VTT_FAST = False

    def lent() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        requests: int = connection.pool.get_stats()["requests_num"]
        return requests

    call = keeping_connection(lent)
    first, second = await call(), await call()

    assert second == first + 1  # handed back after the first call, lent again for the second


def test_on_the_plain_path_warm_up_leaves_the_collector_alone(settings: Any) -> None:
    settings.VTT_FAST = False
    frozen, threshold, interval = gc.get_freeze_count(), gc.get_threshold(), sys.getswitchinterval()

    warmup.warm_up()

    assert (gc.get_freeze_count(), gc.get_threshold()) == (frozen, threshold)
    assert sys.getswitchinterval() == interval


def test_the_fast_path_is_on_unless_vtt_fast_says_0() -> None:
    env = {k: v for k, v in os.environ.items() if k != "VTT_FAST"}
    code = (
        "import django; django.setup(); from django.conf import settings; print(settings.VTT_FAST)"
    )
    found = []
    for value in (None, "0"):
        run_env = {**env, "DJANGO_SETTINGS_MODULE": "vtt.settings"}
        if value is not None:
            run_env["VTT_FAST"] = value
        out = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=run_env, capture_output=True, text=True
        )
        assert out.returncode == 0, out.stderr
        found.append(out.stdout.strip())
    assert found == ["True", "False"]
