"""The page of a long game stays small (bench/gameplay.py's target: 1,000 logged events within
60 KiB, the Delta Green demo's table as its GM sees it), and still offers every entry of the log:
the newest on the page, each earlier one through "Show older entries"."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from bench.gameplay import TARGETS
from vtt.encounters import services
from vtt.encounters.compact import compact_html
from vtt.encounters.models import Encounter
from vtt.eventlog.models import Event

pytestmark = pytest.mark.django_db

SEQ = re.compile(r'<li id="event-\d+" data-seq="(\d+)"')
OLDER = re.compile(r'hx-get="([^"]+/log/older/[^"]+)"')


def test_a_thousand_events_page_is_within_target_and_offers_every_entry(client: Client) -> None:
    call_command("load_demo", stdout=io.StringIO(), stderr=io.StringIO())
    encounter = Encounter.objects.filter(system="delta_green").order_by("pk").last()
    assert encounter is not None
    gm = get_user_model().objects.get(username="gm")
    for n in range(1000):  # as the bench fills it
        services.chat(encounter.pk, gm.pk, f"/roll 1d20+{n % 7}", f"fill-{n}")
    client.force_login(gm)

    page = client.get(f"/encounters/{encounter.pk}/")
    assert page.status_code == 200
    kib = len(page.content) / 1024
    assert kib <= TARGETS["page size, 1,000 events (KiB)"], f"{kib:.1f} KiB"

    html = page.content.decode()
    seen = [int(s) for s in SEQ.findall(html)]
    asks = 0
    while (older := OLDER.search(html)) is not None:
        asks += 1
        answer = client.get(older.group(1).replace("&amp;", "&"))
        assert answer.status_code == 200
        html = answer.content.decode()
        seen = [int(s) for s in SEQ.findall(html)] + seen
    every = list(
        Event.objects.filter(encounter=encounter).order_by("seq").values_list("seq", flat=True)
    )
    assert seen == every  # each entry once, oldest first, none left out
    assert asks <= len(every) // 25  # a long log is walked back in chunks, not line by line


def test_compacting_keeps_what_the_browser_draws() -> None:
    html = (
        "<p>\n    <b>a</b>\n\n    <i>b</i>\n  </p>"
        "<pre>\n  <b>x</b>\n   y</pre>\n  <textarea>\n  </textarea>"
    )
    assert compact_html(html) == (
        "<p>\n<b>a</b>\n<i>b</i>\n</p><pre>\n  <b>x</b>\n   y</pre>\n<textarea>\n  </textarea>"
    )
    assert compact_html("<b>a</b>   <i>b</i>") == "<b>a</b>   <i>b</i>"  # no line break: as it was
