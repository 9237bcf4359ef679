"""SCENE-HIDE-2 in the browser: the hound's token is on the map for the GM alone; Lin Yue's
player previews a knife throw at it and reads, under the odds, that its cover and reach are
unknown to Lin (in English on a laptop, in Chinese on a phone)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.livestack import LiveStack
from tests.browser.test_ace import _gm_ends_turns_until
from tests.browser.test_live_equals_reload import fresh_encounter, opened

LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
MAPPED = """
import uuid
from django.contrib.auth import get_user_model
from rules.core.system import Action
from vtt.encounters.services import play
gm = get_user_model().objects.get(username="gm")
for kind, params in (
    ("scene_setup", {"cols": 12, "rows": 8, "cell": "1"}),
    ("scene_paint", {"cells": "8,3", "terrain": "cover_heavy"}),
    ("scene_place", {"who": "lin", "x": 2, "y": 3}),
    ("scene_place", {"who": "hound", "x": 9, "y": 3, "gm_only": True}),
    ("scene_place", {"who": "su", "x": 1, "y": 7}),
):
    play(PK, gm.pk, Action(kind, "gm", params), uuid.uuid4().hex)
"""


def test_the_odds_against_a_gm_only_token_say_its_square_is_unknown(
    tabula_server: LiveStack,
    login: Callable[..., Any],
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    pk = fresh_encounter(tabula_server, "ace")
    tabula_server.shell(f"PK = {pk}\n" + MAPPED)
    gm = opened(login("gm", viewport=LAPTOP), pk, wait_caught_up)
    gm.locator("form:has(input[name=kind][value=begin]) button[type=submit]").click()
    gm.locator(".ace-board[data-current='su']").wait_for()
    _gm_ends_turns_until(gm, "lin")
    for viewport, language, said in (
        (LAPTOP, "en-US", "is not on your map, so its cover"),
        (PHONE, "zh-CN", "不在你的地图上"),
    ):
        player = opened(login("player1", viewport=viewport, locale=language), pk, wait_caught_up)
        attack = player.locator("form.ace-attack")
        attack.locator("select[name=target]").select_option("hound")
        attack.locator("select[name=weapon]").select_option("knives")
        attack.locator("button[data-preview]").click()
        attack.locator("output.preview .preview-distance", has_text=said).wait_for()
        shots = screenshot(player, f"ace-unseen-odds-{language}").parent
        attack.screenshot(path=str(shots / f"ace-unseen-odds-form-{language}.png"))
