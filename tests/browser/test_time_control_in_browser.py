"""Play over days (issue 37), in Chromium: on the table of a game without a GM, one player sets
a time control from the page's panel, both see each side's clock, and a player concedes."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from typing import Any

from tests.browser.conftest import caught_up

PASSWORD = "a-long-secret-42"


def signed_up(new_context: Callable[..., Any], username: str) -> Any:
    page = new_context().new_page()
    page.goto("/accounts/signup/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password1]").fill(PASSWORD)
    page.locator("input[name=password2]").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(re.compile(r"/campaigns/$"))
    return page


def test_a_time_control_set_on_the_page_shows_to_both_sides_and_a_player_concedes(
    new_context: Callable[..., Any],
) -> None:
    tag = uuid.uuid4().hex[:6]
    ann = signed_up(new_context, f"ann{tag}")
    ann.locator("input[name=name]").fill(f"Clocked {tag}")
    ann.locator("select[name=system]").select_option("scs")
    ann.locator("select[name=table]").select_option("sides")
    ann.locator("select[name=side]").select_option("blue")
    ann.get_by_role("button", name="Create campaign").click()
    ann.wait_for_url(re.compile(r"/encounters/\d+/$"))
    table = ann.url
    ann.get_by_role("link", name=f"Clocked {tag}").first.click()
    invite = ann.locator("#invite-url").input_value()
    bob = signed_up(new_context, f"bob{tag}")
    bob.goto(invite)
    bob.get_by_role("button", name="Join as a player").click()
    bob.wait_for_url(re.compile(r"/campaigns/\d+/$"))

    ann.clock.install()  # the panel asks again every 30 s: the test moves the clock on
    ann.goto(table)
    caught_up(ann)
    ann.locator("#standing summary", has_text="Play with a time control").click()
    assert ann.locator("#clock-bank").input_value() == "72"  # the defaults offered
    assert ann.locator("#clock-increment").input_value() == "24"
    assert ann.locator("#clock-cap").input_value() == "120"
    # The panel's next ask does not close the form being filled in nor lose what was typed.
    ann.evaluate(
        "window.__standingAnswers = 0; document.addEventListener('htmx:before:swap', (e) => {"
        " if (e.target.id === 'standing') setTimeout(() => window.__standingAnswers++, 0); }, true)"
    )
    ann.locator("#clock-bank").fill("48")
    ann.locator("#standing summary", has_text="Play with a time control").focus()
    ann.clock.fast_forward(31_000)
    ann.wait_for_function("() => window.__standingAnswers > 0")
    assert ann.locator("#standing details.time-control").get_attribute("open") is not None
    assert ann.locator("#clock-bank").input_value() == "48"
    ann.locator("#clock-bank").fill("72")
    ann.get_by_role("button", name="Set the time control").click()
    ann.wait_for_url(table)
    ann.locator("#clocks li[data-side='red'].running").wait_for()  # Red sets up first
    assert "3 d left" in ann.locator("#clocks li[data-side='blue']").inner_text()

    bob.goto(table)
    caught_up(bob)
    bob.locator("#clocks li[data-side='red'].running").wait_for()
    bob.locator("#standing summary", has_text="Concede").click()
    bob.get_by_role("button", name="Concede the game").click()
    bob.wait_for_url(table)
    bob.locator("#standing-result", has_text="Red conceded: Blue wins.").wait_for()
    ann.goto(table)
    ann.locator("#standing-result", has_text="Red conceded: Blue wins.").wait_for()
    ann.locator("#encounter .status-ended").wait_for()
