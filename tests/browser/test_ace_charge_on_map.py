"""ACE-CMD-ATK-2 in the browser: on a scene map Lin Yue's charge form asks no metres; the
player picks the hound and sends it, and Lin's token runs to the square next to it, the log
saying the metres the map measured."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.livestack import LiveStack
from tests.browser.test_ace import _gm_ends_turns_until
from tests.browser.test_live_equals_reload import fresh_encounter, opened

LAPTOP = {"width": 1366, "height": 900}
MAPPED = """
import uuid
from django.contrib.auth import get_user_model
from rules.core.system import Action
from vtt.encounters.services import play
gm = get_user_model().objects.get(username="gm")
for kind, params in (
    ("scene_setup", {"cols": 12, "rows": 8, "cell": "1"}),
    ("scene_place", {"who": "lin", "x": 5, "y": 3}),
    ("scene_place", {"who": "hound", "x": 9, "y": 3}),
    ("scene_place", {"who": "su", "x": 1, "y": 7}),
):
    play(PK, gm.pk, Action(kind, "gm", params), uuid.uuid4().hex)
"""


def test_a_charge_on_the_map_runs_the_token_and_measures_the_metres(
    tabula_server: LiveStack,
    login: Callable[..., Any],
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    pk = fresh_encounter(tabula_server, "ace")
    tabula_server.shell(f"PK = {pk}\n" + MAPPED)
    gm = opened(login("gm", viewport=LAPTOP), pk, wait_caught_up)
    player = opened(login("player1", viewport=LAPTOP), pk, wait_caught_up)
    gm.locator("form:has(input[name=kind][value=begin]) button[type=submit]").click()
    gm.locator(".ace-board[data-current='su']").wait_for()
    _gm_ends_turns_until(gm, "lin")

    charge = player.locator("form:has(input[name=kind][value=charge])").first
    charge.wait_for()
    assert charge.locator("[name=metres]").count() == 0  # measured on the map, not typed
    assert charge.locator("[name=x]").count() == 1
    charge.locator("select[name=target]").select_option("hound")
    screenshot(player, "ace-charge-form-on-map")
    charge.locator("button[type=submit]").click()
    for page in (player, gm):
        page.locator("#scene-board .token[data-who='lin'][data-at='8,3']").wait_for()
    player.get_by_text("Lin Yue charges 3 m.").first.wait_for()
    screenshot(player, "ace-charged-on-map")
