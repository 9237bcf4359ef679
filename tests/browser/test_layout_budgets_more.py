"""Issue 34, the layout budgets of Ace Evolution, the mech and the chat table (laptop 1366x900 and
phone 390x844), each in English and in Chinese (zh-Hans, whose words run wider and break lines
elsewhere) against the same budget. The measures and the way to a player's turn are those of
test_layout_budgets.py (which runs Delta Green and Call of Cthulhu in both languages).

A player on their own turn, laptop: the turn banner, every primary action card, their own status
and the newest five log lines on the first screen; phone: the banner, the first action card and
the result of their last action on the first screen. The chat table has no turns: there the chat
box and the newest five lines (laptop), the chat box and the newest line (phone) must be in view.
Screenshots go to artifacts/browser/ (look at them)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_layout_budgets import (
    LAPTOP,
    LOCALES,
    PHONE,
    PHONE_HEADER,
    at,
    bottom,
    lines_in_view,
    primary_cards,
    send,
    top,
    turn_of,
    within,
)

pytestmark = pytest.mark.browser

# The mech has no initiative: the sides pick who acts next (MECH-ROUND-2). The GM begins and ends
# the turns of the units picked ahead of player1's mech, then player1's mech begins its turn.
TO_MECH_TURN = """
import uuid
from django.contrib.auth import get_user_model
from rules.core.system import Action
from rules.mech.turns import next_picks
from vtt.encounters.fragments import loaded_state
from vtt.encounters.models import Encounter
from vtt.encounters.services import play, start_encounter
users = {u.username: u for u in get_user_model().objects.all()}
demo = Encounter.objects.filter(system="mech").order_by("pk").first()
seats = {seat.actor_id: seat.user_id for seat in demo.seats.all()}
gm = demo.campaign.memberships.get(role="gm").user_id
copy = start_encounter(demo.campaign_id, gm, demo.title, demo.setup, seats, demo.system)
mine = [a for a, u in seats.items() if u == users["player1"].pk]
for _ in range(20):
    picks = next_picks(loaded_state(Encounter.objects.get(pk=copy.pk)))
    ours = [p for p in picks if p in mine]
    if ours:
        play(copy.pk, users["player1"].pk, Action("begin_turn", ours[0], {}), uuid.uuid4().hex)
        print("TURN", copy.pk, ours[0])
        break
    play(copy.pk, gm, Action("begin_turn", picks[0], {}), uuid.uuid4().hex)
    play(copy.pk, gm, Action("end_turn", picks[0], {}), uuid.uuid4().hex)
"""


def mech_turn(server: Any) -> tuple[int, str]:
    out = server.shell(TO_MECH_TURN)
    line = next(ln for ln in out.splitlines() if ln.startswith("TURN ")).split()
    return int(line[1]), line[2]


# system -> the player's own status
STATUS = {
    "ace": "[data-sheet='{actor}'] .ace-my-hp",
    "mech": "[data-sheet='{actor}'] .mech-tracks",
}


def cards_of(page: Any, system: str, actor: str) -> Any:
    """The acting combatant's primary cards: the mech's are its orders beside the map."""
    if system == "mech":
        return page.locator(f".mech-side form.action.mech-form[data-actor='{actor}']")
    return primary_cards(page, actor)


def players_turn(server: Any, system: str) -> tuple[int, str]:
    if system == "mech":
        return mech_turn(server)
    return turn_of(server, system, "begin", "end_turn")


# system -> last card's bottom, own status's bottom (px from the top), newest log lines, in both
# languages
LAPTOP_BUDGET = {
    "ace": (900, 900, 5),
    "mech": (900, 900, 5),
}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("system", list(LAPTOP_BUDGET))
def test_a_players_turn_fits_a_laptop_screen_in_more_systems(
    system: str,
    locale: str,
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    cards_end, status_end, lines = LAPTOP_BUDGET[system]
    pk, actor = players_turn(tabula_server, system)
    page = at(login("player1", viewport=LAPTOP, locale=locale), pk, wait_caught_up)
    shot = screenshot(page, f"{system}-{locale}-player-laptop")
    page.screenshot(path=str(shot.with_name(f"{shot.stem}-view.png")))
    within(page, page.locator(".turn-banner.mine"))
    cards = cards_of(page, system, actor)
    assert cards.count() >= 2
    ends = [bottom(cards.nth(n)) for n in range(cards.count())]
    if system == "ace":  # the attack with its called-shot diagram is one of those cards
        assert page.locator("#actions > .action-cards > form.action.ace-attack").count() == 1
    mine = bottom(page.locator(STATUS[system].format(actor=actor)).first)
    seen = lines_in_view(page)
    print(f"{system} {locale} laptop: cards end {max(ends):.0f}, status {mine:.0f}, lines {seen}")
    assert max(ends) <= cards_end, f"last card ends at {max(ends):.0f}"
    assert mine <= status_end, f"own status ends at {mine:.0f}"
    assert seen >= min(lines, page.locator("#event-log > li.event").count())


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("system", ["ace", "mech"])
def test_a_players_turn_on_a_phone_shows_the_banner_the_first_card_and_the_result(
    system: str,
    locale: str,
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    pk, actor = players_turn(tabula_server, system)
    page = at(login("player1", viewport=PHONE, locale=locale), pk, wait_caught_up)
    banner = page.locator(".turn-banner.mine")
    first = cards_of(page, system, actor).first
    page.screenshot(path=str(screenshot(page, f"{system}-{locale}-player-phone-top")))
    print(f"{system} {locale} phone: banner at {top(banner):.0f}, card ends {bottom(first):.0f}")
    within(page, banner)
    assert top(banner) <= PHONE_HEADER
    within(page, first)
    send(page, first)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot(page, f"{system}-{locale}-player-phone-result")))
    print(f"{system} {locale} phone: result ends {bottom(page.locator('#my-result')):.0f}")
    within(page, page.locator("#my-result"))


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_chat_table_shows_the_chat_box_and_the_newest_lines(
    size: str,
    locale: str,
    login: Callable[..., Any],
    open_encounter: Callable[[Any, str], Any],
    screenshot: Callable[[Any, str], Path],
) -> None:
    viewport = LAPTOP if size == "laptop" else PHONE
    page = open_encounter(login("player1", viewport=viewport, locale=locale), "chat")
    chat = page.locator("#chat-text")  # labelled "Chat or roll" (聊天或掷骰 in Chinese)
    for n in range(6):  # six lines of talk: the newest five (laptop) or the newest (phone) shown
        rows = page.locator("#event-log > li.event").count()
        chat.fill(f"/roll 1d{n + 4}")
        chat.press("Enter")
        page.wait_for_function(
            "n => document.querySelectorAll('#event-log > li.event').length > n", arg=rows
        )
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot(page, f"chat-{size}-view")))
    seen = lines_in_view(page)
    print(f"chat {size} {locale}: chat box ends {bottom(chat):.0f}, newest lines in view {seen}")
    within(page, chat)
    assert seen >= (5 if size == "laptop" else 1)
