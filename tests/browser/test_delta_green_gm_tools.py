"""Issue 12: the Delta Green GM's tool forms are not in the page or its frames; they load when the
GM opens them, work as before, and load again when a frame changes them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

FRESH = """
from django.contrib.auth import get_user_model
from rules.core.registry import get_system
from vtt.campaigns.models import Campaign
from vtt.encounters.services import start_encounter
gm = get_user_model().objects.get(username="gm")
campaign = Campaign.objects.filter(system="delta_green").order_by("pk").first()
encounter = start_encounter(campaign.pk, gm.pk, "GM tools", get_system("delta_green").demo(), {},
                            "delta_green")
print("FRESH", encounter.pk)
"""


def _fresh_as(page: Any, tabula_server: Any, wait_caught_up: Callable[[Any], None]) -> Any:
    """A fresh copy of the demo fight, open and caught up on `page`: (its id, the page)."""
    out = tabula_server.shell(FRESH)
    pk = int(next(ln for ln in out.splitlines() if ln.startswith("FRESH ")).split()[1])
    page.goto(f"/encounters/{pk}/")
    wait_caught_up(page)
    return pk, page


def test_the_gm_opens_the_tools_and_a_note_lands_on_the_board(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    _, gm = _fresh_as(login("gm"), tabula_server, wait_caught_up)
    grid = gm.locator("#dg-tool-grid")
    assert grid.locator("form").count() == 0  # not in the page until opened

    gm.locator("details.dg-gm-tools > summary").click()
    note = grid.locator("form[data-kind='gm_note']")
    note.wait_for()
    rev = grid.get_attribute("data-rev")
    screenshot(gm, "gm-tools-open")
    note.locator("[name=text]").fill("Safe house on Pier 7")
    note.locator("button[type=submit]").click()
    gm.locator(".dg-board", has_text="Safe house on Pier 7").wait_for()

    # The round starts: the tools' choices change (data-rev), and the open tools load again.
    gm.locator(".dg-round-controls form[data-kind='start_round'] button").click()
    gm.locator(".dg-board[data-phase='in_round']").wait_for()
    gm.wait_for_function(
        "old => document.querySelector('#dg-tool-grid').dataset.rev !== old", arg=rev
    )
    grid.locator("form[data-kind='gm_note']").wait_for()
    assert grid.locator("form").count() > 1


def test_an_attack_on_an_ally_is_asked_about_first(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
) -> None:
    """Issue 10: the page asks before a shot at someone of the attacker's own side."""
    _, gm = _fresh_as(login("gm"), tabula_server, wait_caught_up)
    gm.locator(".dg-round-controls form[data-kind='start_round'] button").click()
    gm.locator(".dg-board[data-phase='in_round']").wait_for()
    form = gm.locator("#actions form.action:has(select[name=target] option[data-ally])").first
    form.wait_for()
    ally = form.locator("select[name=target] option[data-ally]").first
    form.locator("select[name=target]").select_option(ally.get_attribute("value"))
    lines = gm.locator("#event-log > li.event")
    before = lines.count()
    asked: list[str] = []

    def answer(dialog: Any, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    gm.once("dialog", lambda dialog: answer(dialog, False))
    form.locator("button[type=submit]").click()
    gm.wait_for_timeout(500)
    assert asked
    assert "on your own side" in asked[0]
    assert str(ally.text_content()).strip() in asked[0]  # named
    assert lines.count() == before  # dismissed: nothing sent
    gm.once("dialog", lambda dialog: answer(dialog, True))
    form.locator("button[type=submit]").click()
    gm.wait_for_function(
        "n => document.querySelectorAll('#event-log > li.event').length > n", arg=before
    )
    assert len(asked) == 2


def test_a_cards_reactions_load_when_opened_and_follow_the_game(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    """Issue 12: a card's reactions and choices are not in the GM's page or frames; opened, they
    load for that combatant, a choice made there shows on the card on every page, and the open
    panel is fetched again after the frame (so it offers what the game now allows)."""
    pk, gm = _fresh_as(login("gm"), tabula_server, wait_caught_up)
    player = login("player1")
    player.goto(f"/encounters/{pk}/")
    wait_caught_up(player)
    card = gm.locator("#dg-c-serge")
    holder = card.locator("#dg-c-serge-toggle-forms")
    assert holder.locator("form").count() == 0
    assert player.locator("#dg-c-serge details.dg-toggles").count() == 0  # the GM's alone

    card.locator("details.dg-toggles > summary").click()
    dodge = holder.locator("form[data-kind='set_dodge']")
    dodge.wait_for()
    screenshot(gm, "dg-reactions-open")
    dodge.locator("button[type=submit]").click()
    for page in (gm, player):
        page.locator("#dg-c-serge .dg-badge.choice", has_text="will dodge").wait_for()
    # the panel stays open and is drawn again for the new state: now it offers to stop dodging
    gm.locator(
        "#dg-c-serge details.dg-toggles[open] form[data-kind='set_dodge'] button",
        has_text="Stop dodging",
    ).wait_for()


def test_the_seat_pickers_load_when_the_gm_opens_them(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
) -> None:
    """Issue 12: who may sit where is read when the GM opens "Seats", not with every frame; a
    seat given there holds after the page reloads."""
    pk, gm = _fresh_as(login("gm"), tabula_server, wait_caught_up)
    seats = gm.locator("#gm-seat-list")
    assert seats.locator("select").count() == 0
    gm.locator("details.gm-seats > summary").click()
    picker = seats.locator("select#seat-serge")
    picker.wait_for()
    picker.select_option(label="player1")
    seats.locator("form:has(select#seat-serge) button[type=submit]").click()
    gm.wait_for_url(f"**/encounters/{pk}/")
    wait_caught_up(gm)
    gm.locator("details.gm-seats > summary").click()
    chosen = gm.locator("#gm-seat-list select#seat-serge option:checked")
    chosen.wait_for(state="attached")
    assert chosen.inner_text().strip() == "player1"


def test_the_gm_ticks_the_surprised_by_name_and_the_round_starts_with_them(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    """COC-SURPRISE-1 through the page: the start-of-fight form lists every combatant by name as
    a tick box (no ids to type); the ticked ones rank at half DEX, and the log says why."""
    _, gm = _fresh_as(login("gm"), tabula_server, wait_caught_up)
    form = gm.locator(".dg-round-controls form[data-kind='start_round']")
    surprised = form.locator("fieldset.picks:has(input[name=surprised])")
    assert "Serge" in surprised.inner_text()
    assert form.locator("input[type=text]").count() == 0
    surprised.get_by_label("Serge").check()
    gm.keyboard.press("Tab")  # each box is reachable by keyboard
    screenshot(gm, "dg-surprised-ticked")
    lines = gm.locator("#event-log > li.event")
    before = lines.count()
    form.locator("button[type=submit]").click()
    gm.locator(".dg-board[data-phase='in_round']").wait_for()
    gm.wait_for_function(
        "n => document.querySelectorAll('#event-log > li.event').length > n", arg=before
    )
    log = gm.locator("#event-log").inner_text()
    assert "surprised" in log
