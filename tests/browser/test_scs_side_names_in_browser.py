"""Issue 36: in the SCS scenario editor a GM names both sides, in English and in Chinese; the
check beside the map counts the units under those names as the GM types, and once saved every
side choice of the editor reads them, in each reader's language (real Chromium). Screenshots of
the editor at a desktop's and a phone's size, in English and in Chinese, are kept."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.browser.conftest import PHONE
from tests.browser.test_new_group import empty_server, flash, person, sign_up
from tests.browser.test_scs_scenario_editor_in_browser import checked, shoot

__all__ = ["empty_server", "person"]  # the fixtures this module uses from the new group's test

DESKTOP = {"width": 1366, "height": 900}


def language(page: Any, code: str) -> None:
    page.locator("#language-select").select_option(code)
    page.locator("form.lang button[type=submit]").click()
    page.wait_for_load_state()


def test_the_gm_names_both_sides_and_the_editor_reads_the_names(
    person: Callable[..., Any],
) -> None:
    gm = person(DESKTOP)
    gm.goto("/accounts/signup/")
    sign_up(gm, "greta")
    gm.wait_for_url(re.compile(r"/campaigns/$"))
    gm.locator("input[name=name]").fill("Oster Front")
    gm.locator("select[name=system]").select_option("scs")
    gm.get_by_role("button", name="Create campaign").click()
    gm.wait_for_url(re.compile(r"/campaigns/\d+/$"))
    gm.get_by_role("link", name="Scenarios").click()
    gm.locator("input[name=title]").fill("Oster Ridge")
    gm.get_by_role("button", name="Make it and open the editor").click()
    gm.locator("#scs-side-names").wait_for()
    editor = gm.url

    # the names, typed: the check beside the map counts the units under them at once
    gm.locator("input[name=name_blue]").fill("Wehrmacht")
    gm.locator("input[name=name_blue_zh]").fill("国防军")
    gm.locator("input[name=name_red]").fill("Red Army")
    gm.locator("input[name=name_red_zh]").fill("红军")
    checked(gm)
    gm.locator("#scs-editor-check .meta", has_text="Wehrmacht: 0 units").wait_for()
    gm.locator("#scs-editor-check .meta", has_text="Red Army: 0 units").wait_for()

    gm.get_by_role("button", name="Save").click()
    flash(gm, "Oster Ridge was saved.")
    # the keys stay Blue and Red; the choices read the names
    first = gm.locator("select[name=first_player]")
    assert first.locator("option[value=Blue]").inner_text() == "Wehrmacht"
    assert first.locator("option[value=Red]").inner_text() == "Red Army"
    side = gm.locator("select[name='unit-0-side']")
    assert side.locator("option:checked").inner_text() == "Wehrmacht"
    assert (
        gm.locator("label[for=id_supply_red]").inner_text().startswith("Red Army draws supply from")
    )
    assert gm.locator("input[name=name_blue_zh]").input_value() == "国防军"
    shoot(gm, "side-names-en-desktop")
    gm.set_viewport_size(PHONE)
    shoot(gm, "side-names-en-phone")

    language(gm, "zh-hans")
    gm.goto(editor)
    gm.locator("#scs-editor-check .meta", has_text="国防军：0 个单位").wait_for()
    assert first.locator("option[value=Red]").inner_text() == "红军"
    assert side.locator("option:checked").inner_text() == "国防军"
    assert gm.locator("label[for=id_supply_blue]").inner_text().startswith("国防军的补给源")
    shoot(gm, "side-names-zh-phone")
    gm.set_viewport_size(DESKTOP)
    gm.locator("#scs-charts-edit > summary").click()
    shoot(gm, "side-names-zh-desktop")
