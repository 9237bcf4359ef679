"""A weapon row added by hand on a Delta Green or Call of Cthulhu sheet saves with only its name
(its short name left empty is made from it, a Chinese name's too); and a library item saved
without its name is refused for it with every other field at once (issue 36). Screenshots at
1366x900 and 390x844, in English and in Chinese."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bench.livestack import LiveStack
from tests.browser.test_sheets_that_guide import campaign_of, flash

SIZES = {"wide": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
NAMES = {"en-US": "Hunting knife", "zh-CN": "猎刀"}
KEYS = {"en-US": "hunting_knife", "zh-CN": "猎刀"}
SAVE = {"en-US": "Save", "zh-CN": "保存"}


def _weapons(server: LiveStack, name: str) -> list[dict[str, Any]]:
    out = server.shell(
        "import json\n"
        "from vtt.characters.models import Character\n"
        f"c = Character.objects.filter(name={name!r}).order_by('-pk').first()\n"
        "print('SHEET ' + json.dumps(c.sheet['weapons'] if c else []))"
    )
    found: list[dict[str, Any]] = json.loads(
        next(ln for ln in out.splitlines() if ln.startswith("SHEET "))[6:]
    )
    return found


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
@pytest.mark.parametrize("size", ["wide", "phone"])
@pytest.mark.parametrize("system", ["delta_green", "coc"])
def test_a_weapon_added_by_hand_needs_only_its_name(
    system: str,
    size: str,
    locale: str,
    tabula_server: LiveStack,
    login: Callable[..., Any],
    screenshot: Callable[[Any, str], Path],
) -> None:
    pk = campaign_of(tabula_server, system)
    page = login("player1", viewport=SIZES[size], locale=locale)
    page.goto(f"/campaigns/{pk}/characters/new/")
    owner = f"Knife owner {system} {size} {locale}"
    page.locator("input[name=name]").fill(owner)
    weapons = page.locator("[data-rows='s:weapons']")
    weapons.locator("[data-add-row]").click()
    row = weapons.locator("[data-row]").last
    row.locator("input[name$='.name']").fill(NAMES[locale])
    assert row.locator("input[name$='.key']").input_value() == ""  # left empty
    row.locator("select[name$='.kind']").select_option("melee")
    row.locator("select[name$='.skill']").select_option("knife")
    row.locator("input[name$='.damage']").fill("1d4")
    row.screenshot(
        path=str(screenshot(page, "row").with_name(f"weapon-row-{system}-{size}-{locale}.png"))
    )
    page.get_by_role("button", name=SAVE[locale], exact=True).click()
    flash(page, owner)
    keys = [w["key"] for w in _weapons(tabula_server, owner) if w["name"] == NAMES[locale]]
    assert keys == [KEYS[locale]]


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
@pytest.mark.parametrize("size", ["wide", "phone"])
def test_a_nameless_library_weapon_is_refused_for_all_at_once(
    size: str,
    locale: str,
    tabula_server: LiveStack,
    login: Callable[..., Any],
    screenshot: Callable[[Any, str], Path],
) -> None:
    pk = campaign_of(tabula_server, "coc")
    gm = login("gm", viewport=SIZES[size], locale=locale)
    gm.goto(f"/campaigns/{pk}/library/new/weapon/")
    gm.locator("input[name='s:damage']").fill("lots")
    gm.get_by_role("button", name=SAVE[locale], exact=True).click()
    for name in ("s:name", "s:damage"):
        field = gm.locator(".field", has=gm.locator(f"input[name='{name}']"))
        field.locator(".error").wait_for()
    screenshot(gm, "refused")
