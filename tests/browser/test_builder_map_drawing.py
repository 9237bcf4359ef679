"""Issue 36: a GM draws a mech map's cover and elevation in the encounter builder by clicking
squares (heavy cover, then a building raised to three levels, then one square cleared), and the
encounter starts on that map; the page reads in Chinese too."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bench.livestack import LiveStack
from tests.browser.test_sheets_that_guide import campaign_of, flash


def test_a_gm_draws_cover_and_a_building_and_plays_on_them(
    tabula_server: LiveStack, login: Callable[..., Any], screenshot: Callable[[Any, str], Any]
) -> None:
    pk = campaign_of(tabula_server, "mech")
    gm = login("gm")
    gm.goto(f"/campaigns/{pk}/encounters/new/")
    gm.locator("#builder input[name=title]").fill("A drawn yard")
    gm.locator("select[name=opponent_0]").select_option(label="Sparring Mule A")
    gm.locator("select[name=map_kind]").select_option("open")
    gm.locator("input[name=map_width]").fill("10")
    gm.locator("input[name=map_height]").fill("8")
    gm.locator(".place-unit").first.click()
    gm.locator(".place-cell[data-x='7'][data-y='3']").click()  # the Mule placed

    draw = gm.locator("#draw-kind")
    draw.select_option("heavy")
    assert gm.locator("#draw-height").input_value() == "1"  # heavy cover's usual height
    for x in (6, 6, 5):  # 6,3 twice: drawn once
        gm.locator(f".place-cell[data-x='{x}'][data-y='3']").click()
    draw.select_option("building")
    gm.locator("#draw-height").fill("3")
    gm.locator(".place-cell[data-x='2'][data-y='6']").click()
    assert gm.locator(".place-cell[data-x='2'][data-y='6']").inner_text() == "3"
    draw.select_option("clear")
    gm.locator(".place-cell[data-x='5'][data-y='3']").click()
    cell = gm.locator(".place-cell[data-x='6'][data-y='3']")
    assert "heavy" in (cell.get_attribute("class") or "")
    assert "6, 3" in (cell.get_attribute("aria-label") or "")
    shots = screenshot(gm, "builder-drawn").parent
    gm.locator("#place-map").screenshot(path=str(shots / "builder-map-drawing.png"))

    gm.get_by_role("button", name="Start encounter").first.click()
    flash(gm, "Encounter A drawn yard created.")
    out = tabula_server.shell(
        "import json\n"
        "from vtt.encounters.models import Encounter\n"
        "e = Encounter.objects.filter(title='A drawn yard').order_by('-pk').first()\n"
        "print('STATE ' + json.dumps(e.state))"
    )
    state = json.loads(next(ln for ln in out.splitlines() if ln.startswith("STATE "))[6:])
    assert state["map"]["terrain"] == {
        "6,3": {"kind": "heavy", "height": 1},
        "2,6": {"kind": "building", "height": 3},
    }
    mule = next(u for u in state["units"].values() if u["name"] == "Sparring Mule A")
    assert (mule["x"], mule["y"]) == (7, 3)


def test_the_drawing_tools_read_in_chinese(
    tabula_server: LiveStack, login: Callable[..., Any], screenshot: Callable[[Any, str], Any]
) -> None:
    pk = campaign_of(tabula_server, "mech")
    gm = login("gm", locale="zh-CN")
    gm.goto(f"/campaigns/{pk}/encounters/new/")
    tools = gm.locator(".draw-tools").inner_text()
    assert "点击一格以" in tools
    assert "绘制重掩护" in tools
    assert "高度" in tools
    screenshot(gm, "builder-drawing-zh")
