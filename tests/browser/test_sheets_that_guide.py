"""Issue 36, sheets that guide: a Delta Green weapon picked from the list saves the first time
(the pick fills every field the weapon has), and a Call of Cthulhu characteristic outside the
scale the sheet states is refused with the bound named, beside its field, as is a Delta Green
agent's (DG-GEN-6)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from bench.livestack import LiveStack
from tests.browser.conftest import ARTIFACTS


def campaign_of(server: LiveStack, system: str) -> int:
    """The demo campaign of a system on the live server."""
    out = server.shell(
        "from vtt.campaigns.models import Campaign\n"
        f"print('CAMPAIGN', Campaign.objects.filter(system={system!r}).order_by('pk').first().pk)"
    )
    line = next(ln for ln in out.splitlines() if ln.startswith("CAMPAIGN "))
    return int(line.split()[1])


def flash(page: Any, words: str) -> None:
    page.locator(".messages li", has_text=words).wait_for()


def test_a_delta_green_weapon_picked_from_the_list_saves_first_time(
    tabula_server: LiveStack, login: Callable[..., Any]
) -> None:
    """Before: the MAC-10 row came with Kind and Loaded empty and the save was refused."""
    pk = campaign_of(tabula_server, "delta_green")
    page = login("player1")
    page.goto(f"/campaigns/{pk}/characters/new/")
    page.locator("input[name=name]").fill("Mac Owner")
    weapons = page.locator("[data-rows='s:weapons']")
    weapons.locator("select[data-catalogue]").select_option(label="MAC-10")
    weapons.get_by_role("button", name="Add to Weapons").click()
    row = weapons.locator("[data-row]").last
    assert row.locator("select[name$='.kind']").input_value() == "firearm"
    assert row.locator("input[name$='.loaded']").input_value() != ""
    page.get_by_role("button", name="Save", exact=True).click()
    flash(page, "Mac Owner saved.")
    out = tabula_server.shell(
        "import json\n"
        "from vtt.characters.models import Character\n"
        "c = Character.objects.filter(name='Mac Owner').order_by('-pk').first()\n"
        "print('SHEET ' + json.dumps(c.sheet))"
    )
    sheet = json.loads(next(ln for ln in out.splitlines() if ln.startswith("SHEET "))[6:])
    mac = next(w for w in sheet["weapons"] if w["name"] == "MAC-10")
    assert mac["kind"] == "firearm"
    assert mac["loaded"] == mac["capacity"] > 0


def test_a_call_of_cthulhu_sheet_with_str_60_is_refused_naming_the_bound(
    tabula_server: LiveStack, login: Callable[..., Any]
) -> None:
    """Before: STR 60 on the 3–18 scale was saved without a word (HP 60, Luck 99)."""
    pk = campaign_of(tabula_server, "coc")
    page = login("player1")
    page.goto(f"/campaigns/{pk}/characters/new/")
    strength = page.locator(".field", has=page.locator("input[name='s:str']"))
    assert "3–18 scale" in strength.inner_text()  # the scale stated on the sheet
    page.locator("input[name=name]").fill("Strong Sam")
    page.locator("input[name='s:str']").fill("60")
    page.get_by_role("button", name="Save", exact=True).click()
    error = strength.locator(".error")
    error.wait_for()
    assert "at most 18" in error.inner_text()
    assert "COC-GEN-2" in error.inner_text()
    assert page.locator("input[name='s:str']").input_value() == "60"  # what was typed stays
    out = tabula_server.shell(
        "from vtt.characters.models import Character\n"
        "print('FOUND', Character.objects.filter(name='Strong Sam').count())"
    )
    assert "FOUND 0" in out


@pytest.mark.parametrize(
    ("locale", "width", "help_words", "bound"),
    [
        ("en-US", 390, "3–18 scale", "at most 18"),
        ("en-US", 1366, "3–18 scale", "at most 18"),
        ("zh-CN", 390, "3–18 的范围", "最高为 18"),
        ("zh-CN", 1366, "3–18 的范围", "最高为 18"),
    ],
)
def test_a_delta_green_agent_with_str_60_and_pow_23_is_refused_naming_both_bounds(
    tabula_server: LiveStack,
    login: Callable[..., Any],
    locale: str,
    width: int,
    help_words: str,
    bound: str,
) -> None:
    """DG-GEN-6. Before: STR 60 saved without a word, and its x5 roll read 300%."""
    pk = campaign_of(tabula_server, "delta_green")
    page = login("player1", locale=locale, viewport={"width": width, "height": 900})
    page.goto(f"/campaigns/{pk}/characters/new/")
    strength = page.locator(".field", has=page.locator("input[name='s:str']"))
    power = page.locator(".field", has=page.locator("input[name='s:pow']"))
    assert help_words in strength.inner_text()  # the scale stated on the sheet
    page.locator("input[name=name]").fill("Strong Dana")
    page.locator("input[name='s:str']").fill("60")
    page.locator("input[name='s:pow']").fill("23")
    save = "Save" if locale == "en-US" else "保存"
    page.get_by_role("button", name=save, exact=True).click()
    error = strength.locator(".error")
    error.wait_for()
    assert bound in error.inner_text()
    assert "DG-GEN-6" in error.inner_text()
    assert power.locator(".error").is_visible()  # both at once, each beside its field
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    strength.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"dg_scale-{locale}-{width}.png"))
    out = tabula_server.shell(
        "from vtt.characters.models import Character\n"
        "print('FOUND', Character.objects.filter(name='Strong Dana').count())"
    )
    assert "FOUND 0" in out
