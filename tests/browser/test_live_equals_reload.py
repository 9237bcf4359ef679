"""Issue 12: after a game action, another viewer's live page shows exactly what a reload shows.

Frames carry only the parts of the table that changed (vtt/encounters/delta.py); this checks, for
every system's demo table, that the page they leave behind is the page a fresh load renders, both
for a page that followed the frames and for one that was offline and caught up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bench.livestack import LiveStack

# What the page script and htmx add to a live page that a fresh load has not had yet, and the
# map's selection state (the GM clicked through its forms on that page) and what a selection
# fetched on demand (an SCS stack's reach), and the map's pan and zoom.
NORMALISED = """table => {
  const copy = table.cloneNode(true);
  for (const el of [copy, ...copy.querySelectorAll("*")]) {
    for (const name of ["hx-swap-oob", "data-htmx-powered", "aria-pressed"]) {
      el.removeAttribute(name);
    }
    el.classList.remove("htmx-added", "htmx-settling", "htmx-swapping", "htmx-request", "selected");
    if (el.getAttribute("class") === "") el.removeAttribute("class");
  }
  for (const el of copy.querySelectorAll("[data-on-demand]")) el.replaceChildren();
  // a map's pan and zoom are the viewer's own, kept across frames on purpose (static/js/mapview.js)
  for (const svg of copy.querySelectorAll(".mapview svg[data-full]")) {
    for (const name of ["viewBox", "style", "data-lod"]) svg.removeAttribute(name);
  }
  for (const el of copy.querySelectorAll(".mapview-level")) el.replaceChildren();
  for (const el of copy.querySelectorAll(".minimap-view")) {
    for (const name of ["x", "y", "width", "height"]) el.removeAttribute(name);
  }
  for (const el of copy.querySelectorAll(".mapview.zoomed")) el.classList.remove("zoomed");
  return copy.outerHTML;
}"""


def table_of(page: Any) -> str:
    return str(page.locator("#table").evaluate(NORMALISED))


def log_length(page: Any) -> int:
    return int(page.locator("#event-log > li.event").count())


def act_as_gm(gm: Any) -> None:
    """The GM sends the first of its offered actions the rules accept (the log grows)."""
    before = log_length(gm)
    buttons = gm.locator("#table form[data-ws-send] button[type=submit]")
    for n in range(min(buttons.count(), 12)):
        button = buttons.nth(n)
        if not button.is_visible() or not button.is_enabled():
            continue
        button.click()
        try:
            gm.wait_for_function(
                "n => document.querySelectorAll('#event-log > li.event').length > n",
                arg=before,
                timeout=3_000,
            )
            return
        except Exception:
            continue
    pytest.fail("none of the GM's offered actions was accepted")


# A fresh copy of a system's demo encounter, seated as the demo is, so the actions played here
# leave the demo tables the other browser tests use as they were.
FRESH = """
from django.contrib.auth import get_user_model
from rules.core.registry import get_system
from vtt.campaigns.models import Campaign
from vtt.encounters.services import start_encounter
users = {u.username: u for u in get_user_model().objects.all()}
system = get_system(KEY)
setup = system.demo()
seats = {}
for combatant in setup.get("combatants") or ():
    if str(combatant.get("controller", "gm")) in users:
        seats[str(combatant["id"])] = users[str(combatant.get("controller", "gm"))].pk
for actor, controller in (setup.get("seats") or {}).items():
    if controller in users:
        seats[str(actor)] = users[controller].pk
campaign = Campaign.objects.filter(system=KEY).order_by("pk").first()
encounter = start_encounter(campaign.pk, users["gm"].pk, "Live equals reload", setup, seats, KEY)
print("FRESH", encounter.pk)
"""


def fresh_encounter(server: LiveStack, key: str) -> int:
    out = server.shell(f"KEY = {key!r}\n" + FRESH)
    return int(next(ln for ln in out.splitlines() if ln.startswith("FRESH ")).split()[1])


def opened(page: Any, pk: int, wait_caught_up: Callable[[Any], None]) -> Any:
    page.goto(f"/encounters/{pk}/")
    wait_caught_up(page)
    return page


# The log's length after each frame is wholly applied: table.js announces "tabula:frame" once a
# frame's parts, log lines, taken-back marks, reopened folds and kept form values are all in.
COUNT_APPLIED = """() => document.addEventListener("tabula:frame", () => {
  window.__appliedLog = document.querySelectorAll("#event-log > li.event").length;
})"""


def followed(page: Any) -> Any:
    """The page, counting the log lines each applied frame leaves (see `applied_past`)."""
    page.evaluate(COUNT_APPLIED)
    return page


def applied_past(page: Any, seen: int) -> None:
    """Waits until a frame that took the page's log past `seen` lines has been wholly applied."""
    page.wait_for_function("n => (window.__appliedLog || 0) > n", arg=seen)


def reloaded_table(page: Any, wait_caught_up: Callable[[Any], None]) -> str:
    fresh = page.context.new_page()
    fresh.goto(page.url)
    wait_caught_up(fresh)
    try:
        return table_of(fresh)
    finally:
        fresh.close()


@pytest.mark.parametrize("system", ["delta_green", "mech", "scs", "coc", "ace"])
def test_a_live_page_after_an_action_equals_a_reload(
    system: str,
    login: Callable[..., Any],
    tabula_server: LiveStack,
    wait_caught_up: Callable[[Any], None],
    network: Any,
) -> None:
    pk = fresh_encounter(tabula_server, system)
    gm = followed(opened(login("gm"), pk, wait_caught_up))
    gm.on("dialog", lambda dialog: dialog.accept())  # issue 34: ending a phase asks first
    player = followed(opened(login("player1"), pk, wait_caught_up))
    observer = followed(opened(login("player2"), pk, wait_caught_up))
    pages = (gm, player, observer)

    # Followed live: each frame lands on the page it was made for. Each page is compared once
    # its own frame is wholly in (the observer's may come after the player's).
    for _ in range(2):
        seen = [log_length(page) for page in pages]
        act_as_gm(gm)
        for page, lines in zip(pages, seen, strict=True):
            applied_past(page, lines)
        assert table_of(player) == reloaded_table(player, wait_caught_up)
        assert table_of(observer) == reloaded_table(observer, wait_caught_up)
        assert table_of(gm) == reloaded_table(gm, wait_caught_up)

    # The GM's undo: every table is the one drawn before for the state it restores, with the
    # seq written in again (vtt/encounters/fragments.py `table_frame`).
    seen = [log_length(page) for page in pages]
    gm.locator("#gm-controls form:has(input[value=undo]) button[type=submit]").click()
    for page, lines in zip(pages, seen, strict=True):
        applied_past(page, lines)
    assert table_of(player) == reloaded_table(player, wait_caught_up)
    assert table_of(observer) == reloaded_table(observer, wait_caught_up)
    assert table_of(gm) == reloaded_table(gm, wait_caught_up)

    # Offline for an action, then caught up over HTTP: the page is again what a load shows.
    network.drop(player)
    player.locator("#conn-state[data-state='reconnecting']").wait_for()
    seen = log_length(player)
    act_as_gm(gm)
    network.restore(player)
    applied_past(player, seen)  # the catch-up's frame, applied as a live one is
    wait_caught_up(player)
    assert table_of(player) == reloaded_table(player, wait_caught_up)
