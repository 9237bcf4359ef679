"""Issue 34, htmx where it fits: the character sheet's worked-out values are posted and swapped
in by htmx (hx-post on #derived, the sheet form's fields included), not by hand-written fetch."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

pytestmark = pytest.mark.browser


def test_the_sheets_worked_out_values_come_by_htmx(
    login: Callable[..., Any], tabula_server: Any, encounters: dict[str, int]
) -> None:
    out = tabula_server.shell(
        "from vtt.encounters.models import Encounter\n"
        f"print('CAMPAIGN', Encounter.objects.get(pk={encounters['delta_green']}).campaign_id)"
    )
    campaign = next(ln for ln in out.splitlines() if ln.startswith("CAMPAIGN ")).split()[1]
    player = login("player1")
    player.goto(f"/campaigns/{campaign}/characters/new/")
    player.locator("#sheet-form").wait_for()
    with player.expect_request(lambda r: r.url.endswith("/characters/derive/")) as asked:
        player.locator("input[name='s:con']").fill("15")
    request = asked.value
    assert request.method == "POST"
    assert request.headers.get("hx-request") == "true"  # sent by htmx
    assert "s%3Acon=15" in (request.post_data or "")
    player.locator("#derived", has_text="(CON 15 + SIZ").wait_for()
    # the save buttons are not sent: the values are worked out from the form as typed
    assert "use_json" not in (request.post_data or "")


def test_the_worked_out_values_are_those_of_the_last_change_when_answers_are_slow(
    login: Callable[..., Any], tabula_server: Any, encounters: dict[str, int]
) -> None:
    """Changes typed while the worked-out values of an earlier one are still on their way: the
    values shown are the last change's (htmx's default for #derived kept the first ask made while
    one was out and dropped the rest, so a slow answer left the sheet showing older numbers). The
    first ask is held to make that happen every run."""
    out = tabula_server.shell(
        "from vtt.encounters.models import Encounter\n"
        f"print('CAMPAIGN', Encounter.objects.get(pk={encounters['delta_green']}).campaign_id)"
    )
    campaign = next(ln for ln in out.splitlines() if ln.startswith("CAMPAIGN ")).split()[1]
    player = login("player1")
    player.goto(f"/campaigns/{campaign}/characters/new/")
    player.locator("#sheet-form").wait_for()
    held: list[Any] = []

    def hold_the_first(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    player.route(re.compile(r"/characters/derive/$"), hold_the_first)
    player.evaluate(  # asks counted as htmx makes them (before it sends, queues or drops them)
        """() => document.addEventListener("htmx:config:request", (event) => {
          if (event.target.id === "derived") window.__asks = (window.__asks || 0) + 1;
        })"""
    )
    con = player.locator("input[name='s:con']")
    for n, value in enumerate(("11", "12", "15"), start=1):  # each asked while the first is held
        con.fill(value)
        player.wait_for_function("n => window.__asks === n", arg=n)
    assert held, "the first ask was held"
    with contextlib.suppress(PlaywrightError):  # the page may have given it up for a newer one
        held[0].continue_()
    player.locator("#derived", has_text="(CON 15 + SIZ").wait_for()


def test_an_actions_odds_come_by_htmx(
    login: Callable[..., Any], tabula_server: Any, wait_caught_up: Callable[[Any], None]
) -> None:
    from tests.browser.test_table_at_a_glance import at, fresh

    pk = fresh(tabula_server, "coc", [("gm", "next_round", "gm", {})])
    gm = at(login("gm"), pk, wait_caught_up)
    card = gm.locator("#actions form.action:has(button[data-preview])").first
    with gm.expect_request(lambda r: "/preview/?" in r.url) as asked:
        card.locator("button[data-preview]").click()
    assert asked.value.headers.get("hx-request") == "true"  # sent by htmx
    assert "command=" not in asked.value.url  # the card's choices, not the socket's fields
    card.locator("output.preview > *").first.wait_for()


def test_the_gms_tools_come_by_htmx_and_keep_what_the_gm_typed(
    login: Callable[..., Any], tabula_server: Any, wait_caught_up: Callable[[Any], None]
) -> None:
    """The GM's tool forms are fetched by hx-get into their holder when opened, and fetched again
    after a frame that changes them; the form the GM had open, what they typed in it, and the
    focus, stay."""
    from tests.browser.test_table_at_a_glance import at, fresh

    pk = fresh(tabula_server, "mech", [("player1", "begin_turn", "latch", {})])
    gm = at(login("gm"), pk, wait_caught_up)
    holder = gm.locator("#mech-gm-tool-forms")
    with gm.expect_request(lambda r: "/part/gm-tools/" in r.url) as asked:
        gm.locator("details.mech-gm-tools > summary").click()
    assert asked.value.headers.get("hx-request") == "true"  # sent by htmx
    heat = holder.locator("form[data-kind='gm_heat']")
    heat.locator(":scope > details > summary").click()
    field = heat.locator("input[type=number], input[type=text]").first
    field.fill("3")
    field.focus()
    name = field.get_attribute("name")
    rev = holder.get_attribute("data-rev")
    # the GM's action from another process: this page catches up, and the open tools load again
    with gm.expect_request(lambda r: "/part/gm-tools/" in r.url, timeout=60_000) as again:
        tabula_server.shell(
            "import uuid\n"
            "from django.contrib.auth import get_user_model\n"
            "from rules.core.system import Action\n"
            "from vtt.encounters.services import play\n"
            "gm = get_user_model().objects.get(username='gm')\n"
            f"play({pk}, gm.pk, Action('gm_heat', 'gm', {{'target': 'latch', 'amount': 1}}), "
            "uuid.uuid4().hex)"
        )
    assert again.value.headers.get("hx-request") == "true"
    assert holder.get_attribute("data-rev") != rev
    gm.wait_for_function("() => !document.querySelector('#mech-gm-tool-forms[aria-busy]')")
    assert heat.locator(":scope > details").get_attribute("open") is not None  # still open
    assert heat.locator(f"input[name='{name}']").input_value() == "3"
    assert gm.evaluate("document.activeElement.name") == name
