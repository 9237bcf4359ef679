"""Issue 36 in real Chromium: terrains an SCS scenario names itself are painted and drawn each
in its own tone; New encounter's seat pickers read the sides' own names, the table's log names
them in each reader's language; an agent's gear shows on the character page and on the
player's sheet at the table. Screenshots at a laptop's and a phone's size, in English and in
Chinese, are kept (artifacts/browser/own_content-*.png)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, PHONE, caught_up
from tests.browser.test_new_group import empty_server, flash, person, sign_up
from tests.browser.test_scs_scenario_editor_in_browser import checked, hex_of
from tests.browser.test_scs_side_names_in_browser import language

__all__ = ["empty_server", "person"]  # the fixtures this module uses from the new group's test

DESKTOP = {"width": 1366, "height": 900}


def shoot(page: Any, label: str, full: bool = True) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"own_content-{label}.png"
    page.screenshot(path=str(path), full_page=full)
    return path


def fill_of(page: Any, label: str) -> str:
    return str(hex_of(page, label).evaluate("h => getComputedStyle(h).fill"))


def new_campaign(page: Any, user: str, name: str, system: str) -> str:
    page.goto("/accounts/signup/")
    sign_up(page, user)
    page.wait_for_url(re.compile(r"/campaigns/$"))
    page.locator("input[name=name]").fill(name)
    page.locator("select[name=system]").select_option(system)
    page.get_by_role("button", name="Create campaign").click()
    page.wait_for_url(re.compile(r"/campaigns/\d+/$"))
    return str(page.url)


def end_setup(page: Any, side: str) -> None:
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("form.scs-generic button", has_text=f"{side}: End the Set-up").click()


def add_terrain(page: Any, name: str) -> None:
    """A terrain of the scenario's own, in the editor's blank terrain row, saved."""
    charts = page.locator("#scs-charts-edit")
    if charts.get_attribute("open") is None:
        charts.locator("> summary").click()
    blank = page.locator("#scs-charts-edit input[name^=tec-][name$=-key]").last
    row = blank.get_attribute("name").rsplit("-", 1)[0]
    blank.fill(name)
    page.locator(f"input[name={row}-mp_foot]").fill("2")
    page.locator(f"input[name={row}-mp_mech]").fill("3")
    checked(page)
    page.get_by_role("button", name="Save", exact=True).click()
    flash(page, "was saved.")


def test_own_terrains_take_their_own_tones_and_the_sides_their_names(
    person: Callable[..., Any],
) -> None:
    gm = person(DESKTOP)
    campaign = new_campaign(gm, "tove", "Dune Front", "scs")
    gm.get_by_role("link", name="Scenarios").click()
    gm.locator("input[name=title]").fill("Dune Sea")
    gm.get_by_role("button", name="Make it and open the editor").click()
    gm.locator("#scs-side-names").wait_for()
    editor = gm.url
    gm.locator("input[name=name_blue]").fill("Wehrmacht")
    gm.locator("input[name=name_blue_zh]").fill("国防军")
    gm.locator("input[name=name_red]").fill("Eighth Army")
    checked(gm)
    add_terrain(gm, "dunes")
    add_terrain(gm, "bog")
    gm.locator("#scs-charts-edit > summary").click()
    gm.locator("#scs-charts-edit .chart-name .sw.t-bog").scroll_into_view_if_needed()
    shoot(gm, "terrain-rows-en-desktop", full=False)
    gm.locator("#scs-charts-edit > summary").click()

    # each own terrain paints in its own tone, neither clear's
    clear = fill_of(gm, "05.05")
    for tool, label in (("dunes", "05.05"), ("bog", "06.06")):
        gm.locator(f"input[name=tool][value='terrain:{tool}']").check()
        hex_of(gm, label).click()
        assert "tone-" in str(hex_of(gm, label).get_attribute("class"))  # painted at once
    checked(gm)
    tools = gm.locator(".scs-tools .sw.t-dunes, .scs-tools .sw.t-bog")
    assert len({t.evaluate("s => getComputedStyle(s).backgroundColor") for t in tools.all()}) == 2
    gm.get_by_role("button", name="Save", exact=True).click()
    flash(gm, "was saved.")
    hex_of(gm, "05.05").wait_for()
    dunes, bog = fill_of(gm, "05.05"), fill_of(gm, "06.06")  # as the server draws them
    assert len({clear, dunes, bog}) == 3, (clear, dunes, bog)
    assert "tone-1" in str(hex_of(gm, "05.05").get_attribute("class"))
    gm.locator(".scs-tools").scroll_into_view_if_needed()
    shoot(gm, "terrain-tones-en-desktop", full=False)
    gm.set_viewport_size(PHONE)
    gm.locator(".scs-tools").scroll_into_view_if_needed()
    shoot(gm, "terrain-tones-en-phone", full=False)

    # a player joins, to play both sides
    gm.set_viewport_size(DESKTOP)
    gm.goto(campaign)
    if not gm.locator("#invite-url").count():
        gm.get_by_role("button", name="New link").click()
        flash(gm, "A new invite link is ready.")
    player = person(DESKTOP)
    player.goto(gm.locator("#invite-url").input_value())
    player.get_by_role("link", name="Sign up").first.click()
    sign_up(player, "pia")
    player.get_by_role("button", name="Join as a player").click()
    player.wait_for_url(re.compile(r"/campaigns/\d+/$"))

    # New encounter: the seats read the chosen scenario's names, and again when it changes
    gm.goto(campaign)
    gm.get_by_role("link", name="New encounter").click()
    gm.locator("#builder input[name=title]").fill("Dunes, first day")
    assert gm.locator("label[for=build-seat_blue]").inner_text().startswith("Who plays Blue")
    gm.locator("select[name=scene_scenario]").select_option(label="Dune Sea (this campaign's)")
    gm.locator("label[for=build-seat_blue]", has_text="Who plays Wehrmacht").wait_for()
    gm.locator("label[for=build-seat_red]", has_text="Who plays Eighth Army").wait_for()
    gm.locator("fieldset.sides").scroll_into_view_if_needed()
    gm.locator("select[name=seat_blue]").select_option(label="pia")
    gm.locator("select[name=seat_red]").select_option(label="pia")
    shoot(gm, "seats-en-desktop", full=False)
    gm.get_by_role("button", name="Start encounter").first.click()
    flash(gm, "Encounter Dunes, first day created.")
    table = gm.url
    player.goto(table)
    caught_up(player)
    end_setup(player, "Eighth Army")  # the player plays both sides: the second sets up first
    player.locator("#event-log", has_text="Eighth Army has finished setting up").wait_for()
    end_setup(player, "Wehrmacht")
    player.locator("#event-log", has_text="Wehrmacht has finished setting up").wait_for()
    dunes_table = player.locator("#scs-board .hex.t-dunes").first
    assert "tone-1" in str(dunes_table.get_attribute("class"))
    shoot(player, "table-en-desktop", full=False)

    language(player, "zh-hans")
    player.goto(table)
    caught_up(player)
    player.locator("#event-log", has_text="国防军").wait_for()
    assert "Wehrmacht" not in player.locator("#event-log").inner_text()
    shoot(player, "table-zh-desktop", full=False)
    player.set_viewport_size(PHONE)
    player.locator("#event-log").scroll_into_view_if_needed()
    shoot(player, "table-zh-phone", full=False)
    language(gm, "zh-hans")
    gm.set_viewport_size(PHONE)
    gm.goto(editor)
    gm.locator(".scs-tools").scroll_into_view_if_needed()
    shoot(gm, "terrain-tones-zh-phone", full=False)
    gm.goto(campaign)
    gm.get_by_role("link", name="新建遭遇").click()
    gm.locator("select[name=scene_scenario]").select_option(index=2)
    gm.locator("label[for=build-seat_blue]", has_text="国防军").wait_for()
    gm.locator("fieldset.sides").scroll_into_view_if_needed()
    shoot(gm, "seats-zh-phone", full=False)


@pytest.mark.parametrize(("system", "sheet"), [("delta_green", "#dg-sheet"), ("coc", "#coc-sheet")])
def test_an_agents_gear_shows_on_the_character_page_and_the_table(
    person: Callable[..., Any], system: str, sheet: str
) -> None:
    gm = person(DESKTOP)
    campaign = new_campaign(gm, f"gail_{system}", "Gear Check", system)
    if not gm.locator("#invite-url").count():
        gm.get_by_role("button", name="New link").click()
        flash(gm, "A new invite link is ready.")
    invite = gm.locator("#invite-url").input_value()
    player = person(DESKTOP)
    player.goto(invite)
    player.get_by_role("link", name="Sign up").first.click()
    sign_up(player, f"perry_{system}")
    player.get_by_role("button", name="Join as a player").click()
    player.wait_for_url(re.compile(r"/campaigns/\d+/$"))

    player.get_by_role("link", name="New character").click()
    player.locator("#sheet-form").wait_for()
    player.locator("input[name=name]").fill("Ann Li")
    gear = player.locator("[data-rows='s:gear']")
    for name, count, notes in (
        ("Road flares", "6", "Burn 15 minutes."),
        ("Bolt cutters", "1", ""),
        ("Evidence bags", "20", "Sealed, numbered, signed."),
    ):
        gear.get_by_role("button", name="Add to Gear").click()
        row = gear.locator("[data-row]").last
        row.locator("input[name$='.name']").fill(name)
        row.locator("input[name$='.quantity']").fill(count)
        if notes:
            row.locator("input[name$='.notes']").fill(notes)
    player.get_by_role("button", name="Save", exact=True).click()
    flash(player, "Ann Li saved.")
    player.locator("aside .gear-list").wait_for()  # the save stays on the character page
    shown = player.locator("aside .gear-list li")
    assert " ".join(shown.all_inner_texts()[0].split()) == "Road flares × 6 Burn 15 minutes."
    character = player.url
    player.locator("aside .gear-list").scroll_into_view_if_needed()
    shoot(player, f"gear-{system}-character-en-desktop", full=False)

    gm.goto(campaign)
    gm.get_by_role("link", name="New encounter").click()
    gm.locator("#builder input[name=title]").fill("The warehouse")
    gm.get_by_label(f"Ann Li (perry_{system})").check()
    gm.get_by_role("button", name="Start encounter").first.click()
    flash(gm, "Encounter The warehouse created.")
    table = gm.url
    player.goto(table)
    caught_up(player)
    listed = player.locator(f"{sheet} .gear-list")
    listed.locator("summary").click()
    assert listed.locator("li").count() == 3
    listed.scroll_into_view_if_needed()
    shoot(player, f"gear-{system}-table-en-desktop", full=False)
    player.set_viewport_size(PHONE)
    listed.scroll_into_view_if_needed()
    shoot(player, f"gear-{system}-table-en-phone", full=False)

    language(player, "zh-hans")
    player.goto(table)
    caught_up(player)
    listed = player.locator(f"{sheet} .gear-list")
    listed.locator("summary", has_text="装备").click()
    listed.scroll_into_view_if_needed()
    shoot(player, f"gear-{system}-table-zh-phone", full=False)
    player.set_viewport_size(DESKTOP)
    listed.scroll_into_view_if_needed()
    shoot(player, f"gear-{system}-table-zh-desktop", full=False)
    player.goto(character)
    player.set_viewport_size(PHONE)
    player.locator("aside .gear-list summary", has_text="装备").scroll_into_view_if_needed()
    shoot(player, f"gear-{system}-character-zh-phone", full=False)
