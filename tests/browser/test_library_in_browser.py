"""Issue 36, content through forms: a GM makes a weapon in the campaign library and a player's
sheet picks it from the list and saves the first time; a GM builds a mech from the catalogue
and puts three copies of it in an encounter, each on its own square."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bench.livestack import LiveStack
from tests.browser.test_sheets_that_guide import campaign_of, flash


def shell_json(server: LiveStack, code: str) -> Any:
    out = server.shell("import json\n" + code)
    return json.loads(next(ln for ln in out.splitlines() if ln.startswith("JSON "))[5:])


def test_a_gm_makes_a_weapon_and_a_players_sheet_picks_it(
    tabula_server: LiveStack, login: Callable[..., Any], screenshot: Callable[[Any, str], Any]
) -> None:
    pk = campaign_of(tabula_server, "delta_green")
    gm = login("gm")
    gm.goto(f"/campaigns/{pk}/")
    gm.get_by_role("link", name="Library").click()
    gm.get_by_role("button", name="Add the starter library").click()
    flash(gm, "added from the starter library")
    screenshot(gm, "library")
    gm.get_by_role("link", name="New: Weapons").click()
    gm.locator("input[name='s:name']").fill("Riot shotgun")
    gm.locator("input[name='s:key']").fill("riot")
    gm.locator("input[name='s:damage']").fill("4d6")
    gm.get_by_role("button", name="Save", exact=True).click()
    capacity = gm.locator(".field", has=gm.locator("input[name='s:capacity']"))
    capacity.locator(".error").wait_for()  # a firearm needs its capacity, said beside it
    screenshot(gm, "weapon-refused")
    gm.locator("input[name='s:capacity']").fill("5")
    gm.locator("input[name='s:spare']").fill("2")
    gm.get_by_role("button", name="Save", exact=True).click()
    flash(gm, "Riot shotgun saved.")
    screenshot(gm, "weapon-saved")

    player = login("player1")
    player.goto(f"/campaigns/{pk}/library/")
    assert player.get_by_role("link", name="Riot shotgun").count() == 1
    assert player.get_by_role("button", name="Add the starter library").count() == 0
    player.goto(f"/campaigns/{pk}/characters/new/")
    player.locator("input[name=name]").fill("Riot Rhea")
    weapons = player.locator("[data-rows='s:weapons']")
    weapons.locator("select[data-catalogue]").select_option(label="Riot shotgun")
    weapons.get_by_role("button", name="Add to Weapons").click()
    row = weapons.locator("[data-row]").last
    assert row.locator("input[name$='.damage']").input_value() == "4d6"
    player.locator("select[data-catalogue-record]").select_option(label="Level II vest")
    player.get_by_role("button", name="Save", exact=True).click()
    flash(player, "Riot Rhea saved.")
    sheet = shell_json(
        tabula_server,
        "from vtt.characters.models import Character\n"
        "c = Character.objects.filter(name='Riot Rhea').order_by('-pk').first()\n"
        "print('JSON ' + json.dumps(c.sheet))",
    )
    riot = next(w for w in sheet["weapons"] if w["name"] == "Riot shotgun")
    assert (riot["damage"], riot["capacity"], riot["loaded"]) == ("4d6", 5, 5)
    assert sheet["vest"]["level"] == 2

    reader = login("player2", locale="zh-CN")  # the starter library reads in Chinese
    reader.goto(f"/campaigns/{pk}/library/")
    assert reader.get_by_role("heading", name="武器").count() == 1
    assert reader.get_by_role("link", name="二级背心").count() == 1
    screenshot(reader, "library-zh")


def test_a_gm_builds_a_mech_and_puts_three_copies_in_an_encounter(
    tabula_server: LiveStack, login: Callable[..., Any], screenshot: Callable[[Any, str], Any]
) -> None:
    pk = campaign_of(tabula_server, "mech")
    gm = login("gm")
    gm.goto(f"/campaigns/{pk}/")
    gm.get_by_role("link", name="Build a mech").click()
    gm.locator("#frame").select_option(label='KS-5 "Kestrel"')
    gm.get_by_role("button", name="Use this frame").click()
    gm.locator("input[name=name]").fill("Harrier")
    gm.locator("input[name=pilot_name]").fill("Ace Okafor")
    gm.locator("input[name=agility]").fill("2")
    gm.locator("select[name=mount_0_0]").select_option("k:pulse_rifle")
    gm.locator("select[name=mount_0_1]").select_option("k:spark_pistol")
    gm.locator("select[name=mount_1_0]").select_option("k:hammer_launcher")
    gm.locator("select[name=mount_2_0]").select_option("k:chain_blade")
    gm.get_by_label("Reactive Plating (SP 3)").check()
    gm.get_by_label("Signal Jammer (SP 2)").check()
    gm.get_by_label("Heat Sink Array (SP 2)").check()  # 7 SP of the Kestrel's 5
    gm.locator("select[name=save_as]").select_option("template")
    gm.get_by_role("button", name="Save the mech").click()
    systems = gm.locator("section[aria-labelledby=systems-h] .error")
    systems.wait_for()
    assert "SP" in systems.inner_text()
    screenshot(gm, "builder-refused")
    gm.get_by_label("Heat Sink Array (SP 2)").uncheck()
    gm.get_by_label("Reactive Plating (SP 3)").uncheck()
    gm.get_by_role("button", name="Save the mech").click()
    flash(gm, "Harrier saved.")

    gm.goto(f"/campaigns/{pk}/encounters/new/")
    gm.locator("#builder input[name=title]").fill("Three harriers")
    gm.locator("select[name=opponent_0]").select_option(label="Harrier")
    gm.locator("input[name=count_0]").fill("3")
    gm.locator("select[name=map_kind]").select_option("open")
    gm.locator("input[name=map_width]").fill("12")
    gm.locator("input[name=map_height]").fill("9")
    screenshot(gm, "encounter-builder")
    gm.get_by_role("button", name="Start encounter").first.click()
    flash(gm, "Encounter Three harriers created.")
    state = shell_json(
        tabula_server,
        "from vtt.encounters.models import Encounter\n"
        "e = Encounter.objects.filter(title='Three harriers').order_by('-pk').first()\n"
        "print('JSON ' + json.dumps(e.state))",
    )
    harriers = [u for u in state["units"].values() if u["name"].startswith("Harrier")]
    assert len(harriers) == 3
    assert len({(u["x"], u["y"]) for u in harriers}) == 3
    assert {w["key"] for w in harriers[0]["weapons"]} == {
        "pulse_rifle",
        "spark_pistol",
        "hammer_launcher",
        "chain_blade",
    }
    screenshot(gm, "table")
    builder = login("gm", locale="zh-CN")
    builder.goto(f"/campaigns/{pk}/mech/build/?frame=k:bastion_siege")
    assert builder.get_by_role("heading", name="组装机甲").count() == 1
    screenshot(builder, "builder-zh")


def test_a_call_of_cthulhu_armour_picked_from_the_library_sets_the_sheets_armour(
    tabula_server: LiveStack, login: Callable[..., Any]
) -> None:
    pk = campaign_of(tabula_server, "coc")
    gm = login("gm")
    gm.goto(f"/campaigns/{pk}/library/")
    gm.get_by_role("button", name="Add the starter library").click()
    flash(gm, "from the starter library")
    player = login("player1")
    player.goto(f"/campaigns/{pk}/characters/new/")
    armour = player.locator(".field[data-record]", has=player.locator("input[name='s:armour']"))
    armour.locator("select[data-catalogue-record]").select_option(
        label="steel helmet and greatcoat"
    )
    assert player.locator("input[name='s:armour']").input_value() == "2"
