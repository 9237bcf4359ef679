"""On an Ace scene map in the browser: Lin Yue's cards hold no Move asking metres typed (the
map's move measures them, ACE-SPEED-1 with SCENE-MOVE-1), and the GM's map actions are the map's
folded tools alone, not again among the GM's cards (SCENE-MAP-1..4); at laptop and phone size."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.livestack import LiveStack
from tests.browser.test_ace import _gm_ends_turns_until
from tests.browser.test_ace_charge_on_map import MAPPED
from tests.browser.test_live_equals_reload import fresh_encounter, opened

LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
TOOLS = ("scene_setup", "scene_paint", "scene_place")


def test_on_the_map_the_move_is_the_maps_and_the_gms_map_actions_are_its_tools(
    tabula_server: LiveStack,
    login: Callable[..., Any],
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    pk = fresh_encounter(tabula_server, "ace")
    tabula_server.shell(f"PK = {pk}\n" + MAPPED)
    gm = opened(login("gm", viewport=LAPTOP), pk, wait_caught_up)
    player = opened(login("player1", viewport=LAPTOP), pk, wait_caught_up)
    phone = opened(login("player1", viewport=PHONE), pk, wait_caught_up)
    for kind in TOOLS:  # each once, inside the map's tools
        assert gm.locator(f"form:has(input[name=kind][value={kind}])").count() == 1
        assert gm.locator(f"#scene-tools form:has(input[name=kind][value={kind}])").count() == 1
    gm.locator("form:has(input[name=kind][value=begin]) button[type=submit]").click()
    gm.locator(".ace-board[data-current='su']").wait_for()
    _gm_ends_turns_until(gm, "lin")
    screenshot(gm, "gm-laptop")

    for page, size in ((player, "laptop"), (phone, "phone")):
        page.locator("form:has(input[name=kind][value=charge])").first.wait_for()
        assert page.locator("form:has(input[name=kind][value=move])").count() == 0
        assert page.locator("form [name=metres]").count() == 0
        page.locator("#scene-board .reach-cell").first.wait_for(state="attached")
        screenshot(page, f"player-{size}")
