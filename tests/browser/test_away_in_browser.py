"""While you were away (issue 37), in Chromium: a table page opened again after a while shows
the lines since the newest it showed last time, and closes the summary on request."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.browser.conftest import caught_up


def test_a_table_opened_again_after_a_while_shows_what_happened(
    login: Callable[..., Any], encounters: dict[str, int]
) -> None:
    page = login("gm")
    table = encounters["scs"]
    page.goto(f"/encounters/{table}/")
    caught_up(page)
    assert page.locator(".away-box").count() == 0  # a first visit: nothing to sum up
    seen = page.evaluate(f"() => JSON.parse(localStorage.getItem('tabula-seen:{table}'))")
    assert seen["seq"] >= 1
    page.locator("#chat-text").fill("Back in an hour")
    page.locator("#chat-text").press("Enter")
    page.locator("#event-log li", has_text="Back in an hour").first.wait_for()
    page.goto("/games/")  # the table is left (its page notes the newest line it showed)
    # as if that was an hour ago, at the table's first line
    page.evaluate(
        f"() => localStorage.setItem('tabula-seen:{table}',"
        " JSON.stringify({seq: 1, at: Date.now() - 3600 * 1000}))"
    )
    page.goto(f"/encounters/{table}/")
    caught_up(page)
    page.locator(".away-box").wait_for()
    assert page.locator(".away-lines li", has_text="Back in an hour").count() >= 1
    first = int(page.locator(".away-lines li").first.get_attribute("data-seq") or 0)
    assert first > 1  # only what came after
    page.locator("[data-away-close]").click()
    assert page.locator(".away-box").count() == 0
    page.reload()  # back at once: no summary again
    caught_up(page)
    page.wait_for_timeout(500)
    assert page.locator(".away-box").count() == 0
