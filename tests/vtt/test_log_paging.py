"""The encounter page shows the newest log lines (LOG_FIRST); older ones load in chunks on request
(LOG_PAGE)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from vtt.encounters import services
from vtt.encounters.views import LOG_FIRST, LOG_PAGE

pytestmark = pytest.mark.django_db


def _rolls(html: str) -> list[int]:
    return [int(n) for n in re.findall(r"gwen: line (\d+)", html)]


def test_the_page_holds_one_chunk_and_the_button_walks_back(
    client: Client, encounter: Any, gwen: Any
) -> None:
    for n in range(LOG_FIRST + LOG_PAGE + 5):
        services.chat(encounter.pk, gwen.pk, f"line {n}", f"k{n}")
    client.force_login(gwen)
    page = client.get(f"/encounters/{encounter.pk}/").content.decode()
    newest = _rolls(page)
    assert newest == list(range(LOG_PAGE + 5, LOG_FIRST + LOG_PAGE + 5))
    older = re.search(r'hx-get="([^"]+older[^"]+)"', page)
    assert older is not None

    chunk = client.get(older.group(1).replace("&amp;", "&")).content.decode()
    assert _rolls(chunk) == list(range(5, LOG_PAGE + 5))
    last = re.search(r'hx-get="([^"]+older[^"]+)"', chunk)
    assert last is not None
    final = client.get(last.group(1).replace("&amp;", "&")).content.decode()
    assert _rolls(final) == list(range(5))
    assert "Show older entries" not in final


def test_a_bad_cursor_is_a_clear_400(client: Client, encounter: Any, gwen: Any) -> None:
    client.force_login(gwen)
    answer = client.get(f"/encounters/{encounter.pk}/log/older/?before=x")
    assert answer.status_code == 400


def test_strangers_get_no_chunk(client: Client, encounter: Any, otto: Any) -> None:
    client.force_login(otto)
    assert client.get(f"/encounters/{encounter.pk}/log/older/?before=5").status_code == 404
