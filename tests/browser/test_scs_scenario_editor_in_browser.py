"""Issue 36: a new GM builds a three-units-a-side SCS scenario on a 10x8 map in the scenario
editor (terrain painted by click and drag, a river and a road, a victory hex, a hex picked on
the map; a die roll modifier, a second combat effect and a movement class of its own set in the
charts), starts an encounter from it, and both sides play a move and an attack, in three
browsers (real Chromium), with no JSON typed and no id but the hexes."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.geometry.hex import HexGrid
from tests.browser.conftest import ARTIFACTS, PHONE, caught_up
from tests.browser.test_new_group import empty_server, flash, person, sign_up

__all__ = ["empty_server", "person"]  # the fixtures this module uses from the new group's test

GRID = HexGrid(columns=10, rows=8)
UNITS = [  # side row, name, set-up hex (the first is picked on the map)
    ("Blue", "1 Rifle Bn", "03.04"),
    ("Blue", "2 Rifle Bn", "02.05"),
    ("Blue", "3 Rifle Bn", "01.04"),
    ("Red", "Guard Bn", "06.04"),
    ("Red", "Militia Bn", "06.06"),
    ("Red", "Border Bn", "08.04"),
]


def shoot(page: Any, label: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"scs_editor-{label}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# The editor's changes and the check's answers, timed on the page: a change posts 300 ms later
# (700 ms after typing), so `checked` waits for an answer swapped in after the last change.
WATCH = """() => {
  if (window.__editorWatch) return;
  window.__editorWatch = { installed: performance.now(), edited: 0, answered: 0 };
  const edited = (event) => {
    if (event.target.closest?.("#scs-editor")) window.__editorWatch.edited = performance.now();
  };
  document.addEventListener("change", edited, true);
  document.addEventListener("input", edited, true);
  document.addEventListener("htmx:after:swap", () => {
    window.__editorWatch.answered = performance.now();
  }, true);
}"""
SETTLED = """() => {
  const w = window.__editorWatch;
  if (!w || document.querySelector("#scs-editor-preview.htmx-request")) return false;
  if (w.edited) return w.answered > w.edited;
  return performance.now() - w.installed > 1500; // no change seen since watching began
}"""


def hex_of(page: Any, label: str) -> Any:
    page.evaluate(WATCH)  # from here on, every change is timed
    return page.locator(f".scs-editor-map [data-hex='{label}']")


def centre(page: Any, label: str) -> tuple[float, float]:
    box = hex_of(page, label).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def checked(page: Any) -> None:
    """The rules' check after the last change has come back (not a fixed sleep: on a busy
    machine the 300 ms delay may fire later than any sleep, and a click would then meet the
    redraw)."""
    page.evaluate(WATCH)
    page.wait_for_function(SETTLED, polling=50)


def end_phase(page: Any) -> None:
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("form.scs-generic button", has_text=re.compile("^End the ")).first.click()


def hand_over(me: Any, them: Any) -> None:
    """`me` ends its phases until `them` may move; each end waits for the phase it ended to
    leave `me`'s page (an end sent again before the page redraws finds the old button, which
    then goes, and waits for one that never comes)."""
    for _ in range(20):
        if them.locator(".scs-phase", has_text="Movement Phase").count() and (
            them.get_by_role("button", name="End the Movement Phase").count()
        ):
            return
        if not me.locator("form.scs-generic button", has_text=re.compile("^End the ")).count():
            me.wait_for_timeout(300)  # the other side's turn: its page catches up
            continue
        phase = me.locator(".scs-phase").inner_text()
        end_phase(me)
        me.wait_for_function(
            "old => document.querySelector('.scs-phase').innerText !== old", arg=phase
        )
    raise AssertionError("the other side never came to its movement phase")


def settle(pages: list[Any]) -> None:
    """Every choice a combat asks for (losses, retreats, advance), each page taking its own,
    until the combat is over."""
    for _ in range(30):
        if all(p.locator("#scs-combat").count() == 0 for p in pages):
            return
        for page in pages:
            buttons = page.locator("#scs-combat form.scs-choice button[type=submit]:not(.scs-roll)")
            if buttons.count():
                page.once("dialog", lambda dialog: dialog.accept())
                buttons.first.click()
        pages[0].wait_for_timeout(700)
    raise AssertionError("the combat still waits for a choice")


def move_and_attack(me: Any, them: Any, mine: str) -> None:
    """`me` moves a stack next to an enemy (its first highlighted hex beside one), then
    declares an attack and rolls; then both settle the combat."""
    me.locator(".scs-phase", has_text="Movement Phase").wait_for()
    enemies = {
        e.get_attribute("data-hex")
        for e in me.locator(f"#scs-board .stack:not(.side-{mine})").all()
    }
    moved = False
    for stack in me.locator(f"#scs-board .stack.side-{mine}[data-movable]").all():
        origin = stack.get_attribute("data-hex")
        stack.click()
        cells = me.locator("#scs-board .reach-set.show [data-to]")
        cells.first.wait_for()
        for cell in cells.all():
            to = cell.get_attribute("data-to")
            near = {GRID.label(n) for n in GRID.neighbours(GRID.cell(to))}
            if near & enemies and to != origin:
                cell.click()
                me.locator(f"#scs-board .stack.side-{mine}[data-hex='{to}']").wait_for()
                moved = True
                break
        if moved:
            break
        me.keyboard.press("Escape")
    assert moved, "no stack could move next to an enemy"
    caught_up(me)
    end_phase(me)
    me.locator(".scs-phase", has_text="Combat Phase").wait_for()
    attack = me.locator("form.scs-attack").first
    target = attack.get_attribute("data-attack-target")
    me.locator(f"#scs-board .stack[data-hex='{target}']").click()
    shown = me.locator("form.scs-attack.show")
    shown.get_by_role("button", name="Declare the attack").click()
    me.get_by_role("button", name="Roll 2d6").click()
    them.locator("#event-log > li.event", has_text=f"Combat at {target}").last.wait_for()
    settle([me, them])


def row_of(page: Any, terrain: str) -> str:
    """A terrain's row of the charts ("tec-3")."""
    key = page.locator(f"#scs-charts-edit input[name$='-key'][value='{terrain}']")
    return str(key.get_attribute("name")).rsplit("-", 1)[0]


def charts(gm: Any) -> None:
    """Through the charts' fields: a die roll modifier on every attack, a second combat effect
    on the marsh, and a movement class of its own whose costs the terrain rows then take."""
    gm.locator("#scs-charts-edit > summary").click()
    gm.locator("input[name=drm_always]").fill("1")
    marsh = row_of(gm, "marsh")
    assert gm.locator(f"select[name='{marsh}-effect']").input_value() == "column_shift"
    gm.locator(f"select[name='{marsh}-effect2']").select_option("drm")
    gm.locator(f"input[name='{marsh}-value2']").fill("-1")
    gm.locator("input[name=movement_classes]").fill("foot mech rail")
    gm.keyboard.press("Tab")
    gm.locator("#scs-editor-check", has_text="mp: rail is required").wait_for()
    gm.get_by_role("button", name="Save", exact=True).click()
    flash(gm, "Oster Ridge was saved.")
    gm.locator("#scs-charts-edit > summary").click()
    costs = gm.locator(
        "#scs-charts-edit .chart-row:has(.chart-name) input[name^='tec-'][name$='-mp_rail']"
    )
    assert costs.count() == 5  # one a terrain row: clear, marsh, rough, town, woods
    for n in range(costs.count()):
        costs.nth(n).fill("1")
    gm.locator(f"input[name='{marsh}-mp_rail']").fill("P")
    gm.locator("select[name='unit-0-move_class'] option[value=rail]").wait_for(state="attached")
    assert gm.locator("input[name=drm_always]").input_value() == "1"
    assert gm.locator(f"select[name='{marsh}-effect2']").input_value() == "drm"
    gm.keyboard.press("Tab")
    gm.locator("#scs-editor-check", has_text="The rules accept this scenario").wait_for()
    gm.locator(f"select[name='{marsh}-effect2']").scroll_into_view_if_needed()
    gm.screenshot(path=str(ARTIFACTS / "scs_editor-laptop-rows.png"))
    gm.locator("#scs-drms").scroll_into_view_if_needed()
    gm.screenshot(path=str(ARTIFACTS / "scs_editor-laptop-charts.png"))


def test_a_new_gm_builds_a_scenario_and_both_sides_play_it(
    person: Callable[..., Any],
) -> None:
    gm = person({"width": 1366, "height": 900})
    gm.goto("/accounts/signup/")
    sign_up(gm, "greta")
    gm.wait_for_url(re.compile(r"/campaigns/$"))
    gm.locator("input[name=name]").fill("Oster Front")
    gm.locator("select[name=system]").select_option("scs")
    gm.get_by_role("button", name="Create campaign").click()
    gm.wait_for_url(re.compile(r"/campaigns/\d+/$"))
    campaign_url = gm.url
    if not gm.locator("#invite-url").count():
        gm.get_by_role("button", name="New link").click()
    invite = gm.locator("#invite-url").input_value()
    players = []
    for name in ("bo", "rae"):
        player = person()
        player.goto(invite)
        player.get_by_role("link", name="Sign up").first.click()
        sign_up(player, name)
        player.get_by_role("button", name="Join as a player").click()
        player.wait_for_url(re.compile(r"/campaigns/\d+/$"))
        players.append(player)
    blue, red = players

    # The campaign library's starter unit types, for a unit row to start from.
    gm.goto(campaign_url.rstrip("/") + "/library/")
    gm.get_by_role("button", name="Add the starter library").click()

    # The editor: a 10 x 8 map.
    gm.goto(campaign_url)
    gm.get_by_role("link", name="Scenarios").click()
    gm.locator("input[name=title]").fill("Oster Ridge")
    gm.locator("input[name=columns]").fill("10")
    gm.locator("input[name=rows]").fill("8")
    gm.get_by_role("button", name="Make it and open the editor").click()
    hex_of(gm, "10.08").wait_for()
    assert hex_of(gm, "11.01").count() == 0
    assert hex_of(gm, "10.09").count() == 0

    # Terrain: a town by a click, woods by a drag over three hexes, a marsh by the keyboard.
    gm.locator("input[name=tool][value='terrain:town']").check()
    hex_of(gm, "06.04").click(force=True)
    gm.locator("input[name=tool][value='terrain:woods']").check()
    gm.mouse.move(*centre(gm, "03.06"))
    gm.mouse.down()
    gm.mouse.move(*centre(gm, "04.06"), steps=5)
    gm.mouse.move(*centre(gm, "05.07"), steps=5)
    gm.mouse.up()
    checked(gm)
    gm.locator("input[name=tool][value='terrain:marsh']").check()
    hex_of(gm, "09.07").focus()
    gm.keyboard.press("Enter")
    checked(gm)
    # A river and a road on hexsides: a hex, then its neighbour.
    gm.locator("input[name=tool][value=river]").check()
    hex_of(gm, "04.01").click(force=True)
    hex_of(gm, "05.01").click(force=True)
    checked(gm)
    gm.locator("input[name=tool][value=road]").check()
    hex_of(gm, "01.04").click(force=True)
    hex_of(gm, "02.04").click(force=True)
    checked(gm)
    # on a busy machine the check may come back after `checked` stops waiting: wait for the lines
    gm.locator(".scs-editor-map .rivers line").first.wait_for()
    gm.locator(".scs-editor-map .roads line").first.wait_for()
    assert gm.locator(".scs-editor-map .rivers line").count() == 1
    assert gm.locator(".scs-editor-map .roads line").count() == 1
    for label, kind in (
        ("06.04", "town"),
        ("03.06", "woods"),
        ("04.06", "woods"),
        ("09.07", "marsh"),
    ):
        assert f"t-{kind}" in (hex_of(gm, label).get_attribute("class") or ""), label

    # A victory hex, then the units; the first one's set-up hex is picked on the map.
    gm.locator("input[name='place-0-hex']").fill("06.04")
    gm.locator("input[name='place-0-name']").fill("Oster")
    gm.locator("input[name='place-0-vp']").fill("2")
    gm.locator("select[name='place-0-held']").select_option("Red")
    for n, (side, name, where) in enumerate(UNITS):
        row = f"unit-{n}-"
        assert gm.locator(f"select[name='{row}side']").input_value() == side
        if n == 2:  # a recon company from the library: its name, kind and strengths filled in
            gm.locator(f"select[data-row='unit-{n}']").select_option(label="7 Recon Bn")
            assert gm.locator(f"input[name='{row}name']").input_value() == "7 Recon Bn"
            assert gm.locator(f"select[name='{row}move_class']").input_value() == "mech"
            assert gm.locator(f"input[name='{row}ma']").input_value() == "8"
            gm.locator(f"input[name='{row}hex']").fill(where)
            continue
        gm.locator(f"input[name='{row}name']").fill(name)
        for key, value in (
            ("a", "4"),
            ("d", "3"),
            ("ma", "4"),
            ("ra", "2"),
            ("rd", "2"),
            ("rma", "4"),
        ):
            gm.locator(f"input[name='{row}{key}']").fill(value)
        if n:
            gm.locator(f"input[name='{row}hex']").fill(where)
    gm.locator("input[name='unit-0-hex']").focus()
    gm.locator("input[name=tool][value=pick]").check()
    hex_of(gm, UNITS[0][2]).click(force=True)
    assert gm.locator("input[name='unit-0-hex']").input_value() == UNITS[0][2]
    gm.locator("input[name='unit-5-hex']").fill("12.04")  # off the map: the rules say so
    gm.locator(
        "#scs-editor-check", has_text="unit R3: set-up hex: hex 12.04 is off the map"
    ).wait_for()
    gm.locator("input[name='unit-5-hex']").fill(UNITS[5][2])
    gm.keyboard.press("Tab")
    gm.locator("#scs-editor-check", has_text="The rules accept this scenario").wait_for()
    charts(gm)
    shoot(gm, "laptop")
    gm.get_by_role("button", name="Save", exact=True).click()
    flash(gm, "Oster Ridge was saved.")
    phone = person(PHONE)
    phone.context.add_cookies(gm.context.cookies())
    phone.goto(gm.url)
    hex_of(phone, "10.08").wait_for()
    shoot(phone, "phone")
    phone.screenshot(path=str(ARTIFACTS / "scs_editor-phone-top.png"))
    phone.locator("#scs-editor").scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "scs_editor-phone-fields.png"))
    phone.locator("#scs-charts-edit > summary").click()
    phone.locator(f"select[name='{row_of(phone, 'marsh')}-effect2']").scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "scs_editor-phone-rows.png"))
    gm.screenshot(path=str(ARTIFACTS / "scs_editor-laptop-top.png"))
    editor = gm.url
    phone.locator("#language-select").select_option("zh-hans")
    phone.get_by_role("button", name="Switch").click()
    phone.locator("#scs-editor-check", has_text="规则接受这个剧本").wait_for()
    phone.screenshot(path=str(ARTIFACTS / "scs_editor-phone-zh.png"))
    phone.locator("#scs-charts-edit > summary").click()
    phone.locator("#scs-move-classes").scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "scs_editor-phone-zh-classes.png"))
    phone.locator("#scs-drms").scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "scs_editor-phone-zh-drms.png"))
    phone.locator(f"select[name='{row_of(phone, 'marsh')}-effect2']").scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "scs_editor-phone-zh-rows.png"))
    gm.goto(editor)
    gm.locator("#scs-editor-check", has_text="规则接受这个剧本").wait_for()
    gm.screenshot(path=str(ARTIFACTS / "scs_editor-laptop-zh.png"))
    gm.locator("#scs-charts-edit > summary").click()
    gm.locator(f"select[name='{row_of(gm, 'marsh')}-effect2']").scroll_into_view_if_needed()
    gm.screenshot(path=str(ARTIFACTS / "scs_editor-laptop-zh-rows.png"))
    gm.locator("#scs-charts-edit > summary").click()
    gm.locator("#language-select").select_option("en")
    gm.get_by_role("button", name="切换").click()
    gm.locator("#scs-editor-check", has_text="The rules accept this scenario").wait_for()

    # New encounter offers it; the first player plays Blue, the second Red.
    gm.goto(campaign_url)
    gm.get_by_role("link", name="New encounter").click()
    gm.locator("#builder input[name=title]").fill("Oster, first day")
    gm.locator("select[name=scene_scenario]").select_option(label="Oster Ridge (this campaign's)")
    gm.get_by_label("Who plays Blue").select_option(label="bo")
    gm.get_by_label("Who plays Red").select_option(label="rae")
    gm.get_by_role("button", name="Start encounter").first.click()
    flash(gm, "Encounter Oster, first day created.")
    table = gm.url
    for player in players:
        player.goto(table)
        caught_up(player)

    # Set-up: Red (the second player) first, then Blue; then a move and an attack a side.
    red.get_by_role("button", name="End the Set-up").wait_for()
    end_phase(red)
    blue.get_by_role("button", name="End the Set-up").wait_for()
    end_phase(blue)
    move_and_attack(blue, red, "blue")
    shoot(blue, "blue-after-attack")
    hand_over(blue, red)
    move_and_attack(red, blue, "red")
    shoot(red, "red-after-attack")
    log = blue.locator("#event-log").inner_text()
    assert log.count("Combat at") >= 2
    assert "DRM +1" in log  # the modifier the GM set plays in every combat


def new_scenario(login: Callable[..., Any], server: Any, title: str) -> Any:
    """The demo GM in the editor of a new 8 x 6 scenario of the demo SCS campaign."""
    from tests.browser.test_sheets_that_guide import campaign_of

    gm = login("gm", viewport={"width": 1366, "height": 900})
    gm.goto(f"/campaigns/{campaign_of(server, 'scs')}/scenarios/")
    gm.locator("input[name=title]").fill(title)
    gm.locator("input[name=columns]").fill("8")
    gm.locator("input[name=rows]").fill("6")
    gm.get_by_role("button", name="Make it and open the editor").click()
    hex_of(gm, "08.06").wait_for()
    return gm


def test_the_check_shown_is_that_of_the_last_change_when_answers_are_slow(
    login: Callable[..., Any], tabula_server: Any
) -> None:
    """Changes made while the check of an earlier one is still on its way: the map and check
    shown are the last change's (htmx's default for the editor's form kept the first ask made
    while one was out and dropped the rest, so a road drawn then never came). The asks are held
    to make that happen every run."""
    from playwright.sync_api import Error as PlaywrightError

    gm = new_scenario(login, tabula_server, "Checked while slow")
    # every ask sent is held unanswered until the last change is made (no redraw under a click)
    held: list[Any] = []
    released: list[bool] = []

    def hold(route: Any) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    gm.route(re.compile(r"/scenarios/\d+/$"), hold)
    gm.evaluate(  # asks counted as htmx makes them (before it sends, queues or drops them)
        """() => document.addEventListener("htmx:config:request", (event) => {
          if (event.target.id === "scs-editor") window.__asks = (window.__asks || 0) + 1;
        })"""
    )
    gm.locator("input[name=tool][value='terrain:woods']").check()
    hex_of(gm, "06.05").click(force=True)  # asked, and held
    gm.wait_for_function("() => window.__asks === 1")
    gm.locator("input[name=tool][value=river]").check()
    hex_of(gm, "04.01").click(force=True)
    hex_of(gm, "05.01").click(force=True)  # asked while the woods' check is out
    gm.wait_for_function("() => window.__asks === 2")
    gm.locator("input[name=tool][value=road]").check()
    hex_of(gm, "01.04").click(force=True)
    hex_of(gm, "02.04").click(force=True)  # the last change
    gm.wait_for_function("() => window.__asks === 3")
    assert held, "the first ask was held"
    released.append(True)
    for route in held:
        with contextlib.suppress(PlaywrightError):  # the page may have given it up for a newer one
            route.continue_()
    gm.locator(".scs-editor-map .roads line").first.wait_for()
    gm.locator(".scs-editor-map .rivers line").first.wait_for()
    assert "t-woods" in str(hex_of(gm, "06.05").get_attribute("class"))


def test_a_hexside_picked_before_a_redraw_is_still_its_first_hex(
    login: Callable[..., Any], tabula_server: Any
) -> None:
    """The server's redraw of the map (the check of a terrain painted just before) lands between
    a river's two clicks: the first hex stays marked and the second click draws the river (the
    redraw once left the first hex behind, and the second click started a new river)."""
    gm = new_scenario(login, tabula_server, "Redrawn between two clicks")

    # the check of the woods, posted 300 ms after the paint, is held until the river's first hex
    held: list[Any] = []
    gm.route(re.compile(r"/scenarios/\d+/$"), lambda route: held.append(route))
    gm.locator("input[name=tool][value='terrain:woods']").check()
    with gm.expect_request(re.compile(r"/scenarios/\d+/$")):
        hex_of(gm, "06.05").click(force=True)
    gm.locator("input[name=tool][value=river]").check()
    first = hex_of(gm, "04.01")
    first.click(force=True)
    old = first.element_handle()
    assert held, "the editor posted the woods for their check"
    for route in held:
        route.continue_()
    gm.unroute(re.compile(r"/scenarios/\d+/$"))
    gm.wait_for_function("h => !h.isConnected", arg=old)  # the map was redrawn
    gm.locator(".scs-editor-map .hex.picked[data-hex='04.01']").wait_for()
    hex_of(gm, "05.01").click(force=True)
    gm.locator(".scs-editor-map .rivers line").first.wait_for()
    assert gm.locator("input[name=rivers]").input_value() == "04.01-05.01"
