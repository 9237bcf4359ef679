"""A character sheet's pick lists (a skill's name, a weapon's kind or skill, a mech's weapon)
fit a phone's screen (390x844): every choice shows whole in its list once picked ("mechanical
repair", not "mechanical re"), nothing reaches past the right edge and the page does not scroll
sideways; on a wide screen (1366x900) every list shows its choices whole too."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bench.livestack import LiveStack
from tests.browser.test_sheets_that_guide import campaign_of

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1366, "height": 900}

OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  const all = '#sheet-form select, #sheet-form button, #sheet-form label';
  for (const el of document.querySelectorAll(all)) {
    const box = el.getBoundingClientRect();
    const what = el.id || el.name || el.textContent.trim().slice(0, 30);
    if (box.width && box.right > width + 1) out.push(`${el.tagName} ${what} ${box.right}`);
  }
  const page = document.documentElement.scrollWidth;
  if (page > width + 1) out.push(`page ${page}`);
  return out;
}"""


# every select whose longest choice is wider than the select shows (cut off once picked)
CUT = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  const out = [];
  for (const el of document.querySelectorAll('#sheet-form select')) {
    if (!el.offsetWidth) continue;
    const style = getComputedStyle(el);
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    // the select's room for words: less its padding and its arrow
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const room = el.clientWidth - padding - 20;
    const words = [...el.options].map((o) => o.textContent.trim());
    const wide = Math.max(0, ...words.map((w) => ctx.measureText(w).width));
    const text = words.find((w) => ctx.measureText(w).width === wide) || '';
    if (wide > room) out.push(`${el.name || el.id}: ${text} ${Math.round(wide)}>${room}`);
  }
  return out;
}"""


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
@pytest.mark.parametrize("system", ["delta_green", "coc", "ace", "mech"])
def test_every_pick_list_of_a_sheet_fits_a_phone(
    system: str,
    locale: str,
    tabula_server: LiveStack,
    login: Callable[..., Any],
    screenshot: Callable[[Any, str], Path],
) -> None:
    pk = campaign_of(tabula_server, system)
    page = login("player1", viewport=PHONE, locale=locale)
    page.goto(f"/campaigns/{pk}/characters/new/")
    page.locator("#sheet-form").wait_for()
    for add in page.locator("[data-add-row]").all():  # a row of each list, its pick lists
        add.click()
    screenshot(page, "phone")
    assert page.evaluate(CUT) == []
    assert page.evaluate(OVERFLOWING) == []
    if system == "delta_green":  # the longest skill name picked, its row in view
        skill = page.locator("select[name='s:skills[0].name']")
        longest = skill.evaluate(
            "el => [...el.options].sort((a, b) => b.text.length - a.text.length)[0].value"
        )
        skill.select_option(longest)
        skill.locator("xpath=ancestor::section[1]").screenshot(
            path=str(screenshot(page, "phone").with_name(f"skills-{locale}-phone.png"))
        )
    page.set_viewport_size(WIDE)
    screenshot(page, "wide")
    if system == "delta_green":  # a wound's bleeding, its longest choice picked
        bleeding = page.locator("select[name='s:condition.chest.bleeding']")
        bleeding.select_option("roll")
        bleeding.locator("xpath=ancestor::section[1]").screenshot(
            path=str(screenshot(page, "wide").with_name(f"condition-{locale}-wide.png"))
        )
    # every list, not only the skills' and the weapons': Delta Green's bleeding ("bleeding (a CON
    # roll each round)") was cut to "bleeding (a CON roll each rou" in its two columns
    assert page.evaluate(CUT) == []
    assert page.evaluate(OVERFLOWING) == []
