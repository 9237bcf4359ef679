"""Issue 34, the layout budgets with a scene map: the Delta Green, Call of Cthulhu and Ace demo
encounters draw one on their boards, and it must not push a player's action cards off the
first screen (laptop 1366x900: every primary card; phone 390x844: the banner and the first card)
nor come before them, in English and in Chinese (zh-Hans). The measures and the way to a player's
turn are test_layout_budgets.py's.
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
    primary_cards,
    top,
    turn_of,
    within,
)

pytestmark = pytest.mark.browser

# system -> how the GM starts the round, how a turn is passed
SCENE_SYSTEMS = {
    "delta_green": ("start_round", "pass"),
    "coc": ("next_round", "end_turn"),
    "ace": ("begin", "end_turn"),
}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("system", list(SCENE_SYSTEMS))
def test_the_scene_map_leaves_a_players_cards_on_the_first_screen(
    system: str,
    size: str,
    locale: str,
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    start, ender = SCENE_SYSTEMS[system]
    pk, actor = turn_of(tabula_server, system, start, ender)
    viewport = LAPTOP if size == "laptop" else PHONE
    page = at(login("player1", viewport=viewport, locale=locale), pk, wait_caught_up)
    shot = screenshot(page, f"{system}-scene-{size}")
    page.screenshot(path=str(shot.with_name(f"{shot.stem}-view.png")))
    scene = page.locator("#scene-board .mapview svg.map")
    assert scene.count() == 1  # the demo's encounter has its scene map on the board
    banner = page.locator(".turn-banner.mine")
    within(page, banner)
    cards = primary_cards(page, actor)
    assert cards.count() >= 1
    if size == "laptop":  # every card in view
        ends = [within(page, cards.nth(n)) for n in range(cards.count())]
    else:  # the banner near the top, the first card on the first screen
        assert top(banner) <= PHONE_HEADER
        ends = [within(page, cards.first)]
    print(f"{system} {size} {locale}: cards end {max(ends):.0f}, scene map at {top(scene):.0f}")
    assert top(scene) >= max(ends)  # the map after the cards, not above them
    assert top(scene) >= bottom(banner)
