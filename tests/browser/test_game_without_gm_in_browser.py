"""Issue 37: two new accounts make and join an SCS game without a game master, using only the
pages; the creator plays Blue as a player (no GM dashboard, no Red set-up), the invite seats the
opponent at Red, and "Your games" shows each whose move it is."""

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


def test_two_new_accounts_make_and_join_a_game_without_a_gm(
    new_context: Callable[..., Any],
) -> None:
    tag = uuid.uuid4().hex[:6]
    ann = signed_up(new_context, f"ann{tag}")
    ann.locator("input[name=name]").fill(f"Duel {tag}")
    ann.locator("select[name=system]").select_option("scs")
    ann.locator("select[name=table]").select_option("sides")
    ann.locator("select[name=side]").select_option("blue")
    ann.locator("select[name=scenario]").select_option("halden_crossing")
    ann.get_by_role("button", name="Create campaign").click()
    ann.wait_for_url(re.compile(r"/encounters/\d+/$"))
    caught_up(ann)
    table = ann.url
    ann.locator("text=Player view").wait_for()
    assert ann.locator("text=GM dashboard").count() == 0
    # Red sets up first: Ann's Blue is offered nothing, a GM would be offered Red's orders
    set_up = "input[name=kind][value='setup.place']"
    assert ann.locator(set_up).count() == 0

    ann.get_by_role("link", name=f"Duel {tag}").first.click()
    ann.wait_for_url(re.compile(r"/campaigns/\d+/$"))
    ann.locator("#two-sided").wait_for()
    invite = ann.locator("#invite-url").input_value()

    bob = signed_up(new_context, f"bob{tag}")
    bob.goto(invite)
    bob.get_by_role("button", name="Join as a player").click()
    bob.wait_for_url(re.compile(r"/campaigns/\d+/$"))

    # Red sets up first (SCS-SETUP-5): the table waits for Bob, not for Ann
    bob.get_by_role("link", name="Your games").click()
    bob.locator("#your-games li", has_text="for Red").wait_for()
    bob.locator("#your-games a", has_text=f"Duel {tag}").click()
    bob.wait_for_url(table)
    caught_up(bob)
    bob.locator("text=Player view").wait_for()
    assert bob.locator(set_up).count() > 0  # Red's own set-up, offered to Red alone
    ann.goto("/games/")
    ann.locator("#no-games").wait_for()
