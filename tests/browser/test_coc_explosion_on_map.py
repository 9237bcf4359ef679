"""Call of Cthulhu's explosion on an encounter with a map: the blast's square is clicked on the
map, which measures who is caught and how far, so the yards typed per combatant fold under one
line ("Another distance than the map's…") instead of a field each on the Keeper's card."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

SIZES = {"wide": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
@pytest.mark.parametrize("size", ["wide", "phone"])
def test_the_yards_typed_per_combatant_fold_on_a_map(
    size: str,
    locale: str,
    login: Callable[..., Any],
    open_encounter: Callable[[Any, str], Any],
    screenshot: Callable[[Any, str], Path],
) -> None:
    keeper = open_encounter(login("gm", viewport=SIZES[size], locale=locale), "coc")
    form = keeper.locator("form.action[data-kind=explode]").first
    more = form.locator("xpath=ancestor::details[not(@open)]")
    if more.count():  # a rarely used action, under "More actions"
        more.first.locator(":scope > summary").click()
    form.scroll_into_view_if_needed()
    assert form.locator("[name=centre]").is_visible()  # the blast's square: clicked on the map
    assert form.locator("[name=dice]").is_visible()
    typed = form.locator("input[name^=d_]")
    assert typed.count() >= 3
    assert not typed.first.is_visible()
    fold = form.locator("details.fields-folded")
    assert fold.count() == 1
    assert fold.locator("input[name^=d_]").count() == typed.count()
    shot = screenshot(keeper, "folded")
    form.screenshot(path=str(shot.with_name(shot.stem + "-card.png")))
    fold.locator(":scope > summary").click()  # a distance typed is still at hand
    assert typed.first.is_visible()
    shot = screenshot(keeper, "opened")
    form.screenshot(path=str(shot.with_name(shot.stem + "-card.png")))
