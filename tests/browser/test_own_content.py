"""Issue 36, done when: "a group plays an SCS scenario, a mech skirmish and a role-playing
fight made entirely of its own content, built through forms, with no JSON typed by hand". One
group (a GM and two players, accounts made on the sign-up page, each campaign made on its page,
the players joined by its invite link) makes an SCS unit type in the library and a scenario in
the editor and both players play it; makes a weapon and mechs in the library and the builder
and plays a skirmish whose units are placed by clicking; makes a rifle and a monster template
and plays a Call of Cthulhu fight on a scene map. Nobody types JSON or an id (but hexes). A
Delta Green fight of the same kind has its own test below."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.browser.conftest import ARTIFACTS, PHONE, caught_up
from tests.browser.test_new_group import empty_server, flash, person, sign_up
from tests.browser.test_scs_scenario_editor_in_browser import (
    end_phase,
    hand_over,
    hex_of,
    move_and_attack,
)

__all__ = ["empty_server", "person"]  # the fixtures this module uses from the new group's test

LAPTOP = {"width": 1366, "height": 900}
SCS_UNITS = [  # side, name or the group's unit type (from the library), set-up hex
    ("Blue", "1 Rifle Bn", "03.04"),
    ("Blue", "2 Rifle Bn", "02.05"),
    ("Blue", "Ridge Rifles", "01.04"),
    ("Red", "Guard Bn", "06.04"),
    ("Red", "Militia Bn", "06.06"),
    ("Red", "Ridge Rifles", "07.05"),
]


def shoot(page: Any, label: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"own_content-{label}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def new_group(
    person: Callable[..., Any], system: str, campaign: str, gm_name: str, player_name: str
) -> tuple[Any, Any, str]:
    """A GM who signs up and makes a campaign, and a player who signs up through its invite
    link and joins: their pages and the campaign page's address."""
    gm = person(LAPTOP)
    gm.goto("/accounts/signup/")
    sign_up(gm, gm_name)
    gm.wait_for_url(re.compile(r"/campaigns/$"))
    gm.locator("input[name=name]").fill(campaign)
    gm.locator("select[name=system]").select_option(system)
    gm.get_by_role("button", name="Create campaign").click()
    gm.wait_for_url(re.compile(r"/campaigns/\d+/$"))
    campaign_url = gm.url
    if not gm.locator("#invite-url").count():
        gm.get_by_role("button", name="New link").click()
        flash(gm, "A new invite link is ready.")
    invite = gm.locator("#invite-url").input_value()
    player = person(LAPTOP)
    player.goto(invite)
    player.get_by_role("link", name="Sign up").first.click()
    sign_up(player, player_name)
    player.get_by_role("button", name="Join as a player").click()
    player.wait_for_url(re.compile(r"/campaigns/\d+/$"))
    return gm, player, campaign_url


def place(gm: Any, squares: list[tuple[int, int]]) -> None:
    """The builder's map picker: the first unit clicked, then a square for each unit in turn."""
    units = gm.locator("#place-map .place-unit")
    assert units.count() == len(squares), units.all_inner_texts()
    units.first.click()
    for x, y in squares:  # each click places the next unit still unplaced
        gm.locator(f"#place-map .place-cell[data-x='{x}'][data-y='{y}']").click()
    last = units.nth(len(squares) - 1)
    assert f"({squares[-1][0]}, {squares[-1][1]})" in last.inner_text()


def pick_starting(select: Any, words: str) -> None:
    """Picks the option of a select whose words start with `words` (a weapon's label goes on
    with its size and damage)."""
    texts = [text.strip() for text in select.locator("option").all_inner_texts()]
    found = [text for text in texts if text.startswith(words)]
    assert found, f"no option starts with {words!r}: {texts}"
    select.select_option(label=found[0])


def _mech_form(page: Any, kind: str, actor: str, extra: str = "") -> Any:
    return page.locator(f"form.mech-form[data-kind='{kind}'][data-actor='{actor}']{extra}")


def play_mech(gm: Any, player: Any, campaign_url: str) -> None:
    """A mech skirmish of the group's own: a library weapon, a mech the GM builds (saved as a
    template) and one the player builds, three copies of the GM's placed by clicking, a shot."""
    # The GM makes a weapon in the library.
    gm.get_by_role("link", name="Library").click()
    gm.get_by_role("link", name="New: Weapons").click()
    gm.locator("input[name='s:name']").fill("Rail Lance")
    gm.locator("select[name='s:size']").select_option("main")
    gm.locator("select[name='s:kind']").select_option("ranged")
    gm.locator("input[name='s:damage']").fill("2d6")
    gm.locator("select[name='s:type']").select_option("kinetic")
    gm.locator("input[name='s:range']").fill("10")
    shoot(gm, "mech-weapon")
    gm.get_by_role("button", name="Save", exact=True).click()
    flash(gm, "Rail Lance saved.")

    # The GM builds an opponent in the mech builder: a frame, the lance on a mount.
    gm.goto(campaign_url)
    gm.get_by_role("link", name="Build a mech").click()
    gm.locator("#frame").select_option(label='KS-5 "Kestrel"')
    gm.get_by_role("button", name="Use this frame").click()
    gm.locator("input[name=name]").fill("Vandal")
    gm.locator("input[name=pilot_name]").fill("Raider")
    pick_starting(gm.locator("select[name=mount_0_0]"), "Rail Lance (")
    gm.locator("select[name=save_as]").select_option("template")
    shoot(gm, "mech-builder-gm")
    gm.get_by_role("button", name="Save the mech").click()
    flash(gm, "Vandal saved.")

    # The player builds their own mech in the builder, with the GM's lance.
    player.goto(campaign_url)
    player.get_by_role("link", name="Build a mech").click()
    player.locator("#frame").select_option(label='KS-5 "Kestrel"')
    player.get_by_role("button", name="Use this frame").click()
    player.locator("input[name=name]").fill("Heron")
    player.locator("input[name=pilot_name]").fill("Jun Park")
    pick_starting(player.locator("select[name=mount_0_0]"), "Rail Lance (")
    assert player.locator("select[name=save_as]").input_value() == "character"
    player.get_by_role("button", name="Save the mech").click()
    flash(player, "Heron saved.")

    # The encounter: Heron and three Vandals on an open field, each placed by clicking.
    gm.goto(campaign_url)
    gm.get_by_role("link", name="New encounter").click()
    gm.locator("#builder input[name=title]").fill("The valley floor")
    gm.get_by_label("Heron (jun)").check()
    gm.locator("select[name=opponent_0]").select_option(label="Vandal")
    gm.locator("input[name=count_0]").fill("3")
    gm.locator("select[name=map_kind]").select_option("open")
    gm.locator("input[name=map_width]").fill("12")
    gm.locator("input[name=map_height]").fill("8")
    place(gm, [(2, 4), (8, 2), (8, 4), (8, 6)])
    # each copy reads apart on the picker's squares, as on the table (V1, V2, V3)
    cells = [gm.locator(f"#place-map .place-cell[data-x='8'][data-y='{y}']") for y in (2, 4, 6)]
    assert [cell.inner_text() for cell in cells] == ["V1", "V2", "V3"]
    shoot(gm, "mech-encounter-builder")
    gm.get_by_role("button", name="Start encounter").first.click()
    flash(gm, "Encounter The valley floor created.")
    caught_up(gm)
    for unit, (x, y) in (("vandal_1", (8, 2)), ("vandal_2", (8, 4)), ("vandal_3", (8, 6))):
        gm.locator(f"[data-row='{unit}']", has_text=f"({x},{y})").wait_for()
    player.goto(gm.url)
    caught_up(player)

    # Heron's turn (the GM's side hands it over when it picks first): the lance at Vandal 2.
    begin = _mech_form(player, "begin_turn", "heron")
    if not begin.count():
        for unit in ("vandal_1", "vandal_2", "vandal_3"):
            first = _mech_form(gm, "begin_turn", unit)
            if first.count():
                first.locator("button[type=submit]").click()
                gm.locator(f".mech-board[data-active='{unit}']").wait_for()
                _mech_form(gm, "end_turn", unit).locator("button[type=submit]").click()
                break
        begin.wait_for()
    begin.locator("button[type=submit]").click()
    player.locator(".mech-board[data-active='heron']").wait_for()
    lance = _mech_form(player, "attack", "heron", ":has(input[name=weapon][value='0'])")
    lance.locator(":scope > details > summary").click()
    lance.locator("select[name=target]").select_option(label="Vandal 2")
    lance.locator("output.preview .mech-odds").wait_for()
    shoot(player, "mech-aimed")
    lance.locator("button[type=submit]").click()
    line = gm.locator("#event-log > li.event", has_text="Rail Lance")
    line.last.wait_for()
    assert "Vandal 2" in line.last.inner_text()
    shoot(gm, "mech-after-attack")
    shoot(player, "mech-after-attack-player")


def test_a_new_group_plays_a_delta_green_fight_of_its_own_content_on_a_scene_map(
    person: Callable[..., Any],
) -> None:
    gm, player, campaign_url = new_group(person, "delta_green", "Cold Case", "ines", "omar")

    # The GM makes a weapon and a monster template in the library (the weapon's short name,
    # for commands, left blank: it is made from its name).
    gm.get_by_role("link", name="Library").click()
    gm.get_by_role("link", name="New: Weapons").click()
    gm.locator("input[name='s:name']").fill("Service carbine")
    gm.locator("input[name='s:damage']").fill("1d12")
    gm.locator("input[name='s:capacity']").fill("20")
    gm.locator("input[name='s:spare']").fill("2")
    gm.get_by_role("button", name="Save", exact=True).click()
    flash(gm, "Service carbine saved.")
    gm.get_by_role("link", name="Library").first.click()
    gm.get_by_role("link", name="New: NPC and monster templates").click()
    gm.locator("input[name=name]").fill("Grey thing")
    gm.locator("input[name='s:str']").fill("14")
    gm.locator("input[name='s:con']").fill("14")
    shoot(gm, "dg-monster")
    gm.get_by_role("button", name="Save", exact=True).click()
    flash(gm, "Grey thing saved.")

    # The player's agent picks the GM's carbine from the library, loaded and in hand.
    player.goto(campaign_url)
    player.get_by_role("link", name="New character").click()
    player.locator("#sheet-form").wait_for()
    player.locator("input[name=name]").fill("Noor Haddad")
    player.locator("input[name='s:dex']").fill("15")
    weapons = player.locator("[data-rows='s:weapons']")
    weapons.locator("select[data-catalogue]").select_option(label="Service carbine")
    weapons.get_by_role("button", name="Add to Weapons").click()
    carbine = weapons.locator("[data-row]").last
    assert carbine.locator("input[name$='.damage']").input_value() == "1d12"
    carbine.locator("summary").click()
    carbine.locator("input[type=checkbox][name$='.ready']").check()
    player.get_by_role("button", name="Save", exact=True).click()
    flash(player, "Noor Haddad saved.")

    # The encounter builder puts both on a scene map of 2-metre squares, placed by clicking.
    gm.goto(campaign_url)
    gm.get_by_role("link", name="New encounter").click()
    gm.locator("#builder input[name=title]").fill("The quarry")
    gm.get_by_label("Noor Haddad (omar)").check()
    gm.locator("select[name=opponent_0]").select_option(label="Grey thing")
    gm.locator("input[name=scene_map]").check()
    gm.locator("input[name=scene_map_cols]").fill("12")
    gm.locator("input[name=scene_map_rows]").fill("8")
    gm.locator("input[name=scene_map_cell]").fill("2")
    place(gm, [(1, 1), (9, 1)])
    shoot(gm, "dg-encounter-builder")
    gm.get_by_role("button", name="Start encounter").first.click()
    flash(gm, "Encounter The quarry created.")
    caught_up(gm)
    table = gm.url
    player.goto(table)
    caught_up(player)
    player.locator("#scene-board .token[data-who='noor_haddad'][data-at='1,1']").wait_for()
    player.locator("#scene-board .token[data-who='grey_thing'][data-at='9,1']").wait_for()

    # The round: the GM passes the thing's turn; on Noor's, she walks two squares (4 m, the
    # walk of a round) and fires.
    gm.locator(".dg-round-controls form[data-kind='start_round'] button").click()
    gm.locator(".dg-board[data-phase='in_round']").wait_for()
    for _ in range(6):
        current = str(gm.locator(".dg-board").get_attribute("data-current") or "")
        if current == "noor_haddad":
            break
        gm.locator(
            f"form.action:has(input[name=actor][value='{current}'])"
            ":has(input[name=kind][value='pass']) button[type=submit]"
        ).click()
        gm.wait_for_function(
            "old => document.querySelector('.dg-board').dataset.current !== old", arg=current
        )
    player.locator(".dg-board[data-current='noor_haddad']").wait_for()
    player.locator(".reach-set.show[data-reach-from='noor_haddad'] [data-to='3,1']").click()
    for page in (player, gm):
        page.locator("#scene-board .token[data-who='noor_haddad'][data-at='3,1']").wait_for()
    fire = player.locator(
        "form:has(input[name=actor][value='noor_haddad']):has(input[name=kind][value='fire'])"
    ).first
    fire.locator("select[name=target]").select_option(label="Grey thing")
    shoot(player, "dg-fire")
    fire.locator("button[type=submit]").last.click()
    # six squares of 2 metres between (3, 1) and (9, 1): the distance is the map's
    gm.locator("#event-log > li.event", has_text="12 m, from the map.").wait_for()
    gm.locator("#event-log > li.event", has_text="Service carbine").last.wait_for()
    shoot(gm, "dg-after-fire")
    shoot(player, "dg-after-fire-player")


def _coc_form(page: Any, actor: str, kind: str) -> Any:
    return page.locator(
        f"form:has(input[name=actor][value='{actor}']):has(input[name=kind][value='{kind}'])"
    ).first


def play_coc(gm: Any, player: Any, campaign_url: str) -> None:
    """A Call of Cthulhu fight of the group's own on a scene map: a library rifle and monster
    template, the investigator's sheet picking the rifle, both placed by clicking, a shot."""
    # The Keeper makes a rifle and a monster template in the library (the rifle's short name, for
    # commands, left blank: it is made from its name).
    gm.get_by_role("link", name="Library").click()
    gm.get_by_role("link", name="New: Weapons").click()
    gm.locator("input[name='s:name']").fill("Hunting rifle")
    gm.locator("select[name='s:skill']").select_option(label="Rifle")
    gm.locator("input[name='s:damage']").fill("2d6+4")
    gm.get_by_role("button", name="Save", exact=True).click()
    # left on the form's first kind, a melee weapon, it is refused beside Kind (COC-ARMS-1)
    kind = gm.locator(".field", has=gm.locator("select[name='s:kind']"))
    kind.locator(".error", has_text="a weapon used with Rifle is a firearm").wait_for()
    shoot(gm, "coc-weapon-refused")
    gm.locator("select[name='s:kind']").select_option("firearm")
    gm.locator("input[name='s:base_range']").fill("110")
    gm.locator("input[name='s:capacity']").fill("5")
    gm.locator("select[name='s:mechanism']").select_option("bolt")
    gm.get_by_role("button", name="Save", exact=True).click()
    flash(gm, "Hunting rifle saved.")
    gm.get_by_role("link", name="Library").first.click()
    gm.get_by_role("link", name="New: NPC and monster templates").click()
    gm.locator("input[name=name]").fill("Ghoul")
    gm.locator("input[name='s:str']").fill("16")
    gm.locator("input[name='s:con']").fill("13")
    gm.get_by_role("button", name="Save", exact=True).click()
    shoot(gm, "coc-monster")
    flash(gm, "Ghoul saved.")

    # The player's investigator picks the Keeper's rifle from the library.
    player.goto(campaign_url)
    player.get_by_role("link", name="New character").click()
    player.locator("#sheet-form").wait_for()
    player.locator("input[name=name]").fill("Ruth Ames")
    weapons = player.locator("[data-rows='s:weapons']")
    weapons.locator("select[data-catalogue]").select_option(label="Hunting rifle")
    weapons.get_by_role("button", name="Add to Weapons").click()
    rifle = weapons.locator("[data-row]").last
    assert rifle.locator("input[name$='.damage']").input_value() == "2d6+4"
    shoot(player, "coc-sheet")
    player.get_by_role("button", name="Save", exact=True).click()
    flash(player, "Ruth Ames saved.")

    # The encounter builder puts both on a scene map of 2-yard squares, placed by clicking.
    gm.goto(campaign_url)
    gm.get_by_role("link", name="New encounter").click()
    gm.locator("#builder input[name=title]").fill("The cemetery")
    gm.get_by_label("Ruth Ames (ruth)").check()
    gm.locator("select[name=opponent_0]").select_option(label="Ghoul")
    gm.locator("input[name=scene_map]").check()
    gm.locator("input[name=scene_map_cols]").fill("12")
    gm.locator("input[name=scene_map_rows]").fill("8")
    gm.locator("input[name=scene_map_cell]").fill("2")
    place(gm, [(1, 1), (9, 1)])
    gm.get_by_role("button", name="Start encounter").first.click()
    flash(gm, "Encounter The cemetery created.")
    caught_up(gm)
    player.goto(gm.url)
    caught_up(player)
    player.locator("#scene-board .token[data-who='ruth_ames'][data-at='1,1']").wait_for()
    player.locator("#scene-board .token[data-who='ghoul'][data-at='9,1']").wait_for()

    # The round: the Keeper ends the ghoul's turn if it comes first; Ruth walks two squares
    # (4 yards of the round's 8) and fires.
    _coc_form(gm, "gm", "next_round").locator("button[type=submit]").click()
    gm.locator(".coc-order li[aria-current]").wait_for()
    if "Ghoul" in gm.locator(".coc-order li[aria-current]").inner_text():
        _coc_form(gm, "ghoul", "end_turn").locator("button[type=submit]").click()
    gm.locator(".coc-order li[aria-current]", has_text="Ruth Ames").wait_for()
    player.locator(".reach-set.show[data-reach-from='ruth_ames'] [data-to='3,1']").click()
    for page in (player, gm):
        page.locator("#scene-board .token[data-who='ruth_ames'][data-at='3,1']").wait_for()
    fire = _coc_form(player, "ruth_ames", "fire")
    pick_starting(fire.locator("select[name=weapon]"), "Hunting rifle")
    fire.locator("select[name=target]").select_option(label="Ghoul")
    shoot(player, "coc-fire")
    fire.locator("button[type=submit]").last.click()
    # the Keeper is asked whether the ghoul dodges (COC-DODGE-4): it takes the shot
    answer = _coc_form(gm, "ghoul", "answer_dodge")
    answer.locator("select[name=answer]").select_option("take")
    answer.locator("button[type=submit]").click()
    # six squares of 2 yards between (3, 1) and (9, 1): the distance is the map's
    gm.locator("#event-log > li.event", has_text="12 yards, from the map.").wait_for()
    gm.locator("#event-log > li.event", has_text="Hunting rifle").last.wait_for()
    shoot(gm, "coc-after-fire")


def campaign_of(gm: Any, players: list[Any], system: str, name: str) -> str:
    """The GM, signed up, makes a campaign on its page; each player, signed up, joins it by its
    invite link. The campaign page's address."""
    gm.goto("/campaigns/")
    gm.locator("input[name=name]").fill(name)
    gm.locator("select[name=system]").select_option(system)
    gm.get_by_role("button", name="Create campaign").click()
    gm.wait_for_url(re.compile(r"/campaigns/\d+/$"))
    campaign_url = str(gm.url)
    if not gm.locator("#invite-url").count():
        gm.get_by_role("button", name="New link").click()
        flash(gm, "A new invite link is ready.")
    invite = gm.locator("#invite-url").input_value()
    for player in players:
        player.goto(invite)
        player.get_by_role("button", name="Join as a player").click()
        player.wait_for_url(re.compile(r"/campaigns/\d+/$"))
    return campaign_url


def unit_type(gm: Any, campaign_url: str) -> None:
    """The GM's own SCS unit type, made in the library's form (two steps), read in Chinese on a
    phone too."""
    gm.goto(campaign_url)
    gm.get_by_role("link", name="Library").click()
    gm.get_by_role("link", name="New: Unit types").click()
    gm.locator("input[name='s:name']").fill("Ridge Rifles")
    gm.locator("select[name='s:move_class']").select_option("foot")
    for a, d, ma in (("5", "4", "6"), ("3", "2", "6"), ("2", "1", "6")):
        gm.locator("button[data-add-row]").click()
        row = gm.locator("[data-rows='s:steps'] [data-row]").last
        row.locator("input[name$='.a']").fill(a)
        row.locator("input[name$='.d']").fill(d)
        row.locator("input[name$='.ma']").fill(ma)
    shoot(gm, "scs-unit-type")
    form = gm.url
    gm.get_by_role("button", name="Save", exact=True).click()
    flash(gm, "Ridge Rifles saved.")
    phone = gm.context.new_page()
    phone.set_viewport_size(PHONE)
    phone.goto(form)
    phone.locator("#language-select").select_option("zh-hans")
    phone.get_by_role("button", name="Switch").click()
    phone.locator("html[lang='zh-hans']").wait_for()
    shoot(phone, "scs-unit-type-zh-phone")
    phone.locator("#language-select").select_option("en")
    phone.get_by_role("button", name="切换").click()
    phone.locator("html[lang='en']").wait_for()
    phone.close()


def scenario(gm: Any, campaign_url: str) -> None:
    """Three units a side on a 10 x 8 map in the editor: a town painted, the victory hex on it,
    one unit a side of the group's own unit type (its strengths filled in by the pick)."""
    gm.goto(campaign_url)
    gm.get_by_role("link", name="Scenarios").click()
    gm.locator("input[name=title]").fill("Ridge Road")
    gm.locator("input[name=columns]").fill("10")
    gm.locator("input[name=rows]").fill("8")
    gm.get_by_role("button", name="Make it and open the editor").click()
    hex_of(gm, "10.08").wait_for()
    gm.locator("input[name=tool][value='terrain:town']").check()
    hex_of(gm, "06.04").click(force=True)
    gm.locator(".scs-editor-map [data-hex='06.04'].t-town").wait_for()
    gm.locator("input[name='place-0-hex']").fill("06.04")
    gm.locator("input[name='place-0-name']").fill("Ridge")
    gm.locator("input[name='place-0-vp']").fill("2")
    gm.locator("select[name='place-0-held']").select_option("Red")
    for n, (side, name, where) in enumerate(SCS_UNITS):
        row = f"unit-{n}-"
        assert gm.locator(f"select[name='{row}side']").input_value() == side
        if name == "Ridge Rifles":
            gm.locator(f"select[data-row='unit-{n}']").select_option(label=name)
            assert gm.locator(f"input[name='{row}name']").input_value() == name
            assert gm.locator(f"input[name='{row}a']").input_value() == "5"
            assert gm.locator(f"input[name='{row}rd']").input_value() == "2"
            assert gm.locator(f"input[name='{row}more']").input_value() == "2-1-6"
        else:
            gm.locator(f"input[name='{row}name']").fill(name)
            for key, value in (("a", "4"), ("d", "3"), ("ma", "6"), ("ra", "2"), ("rd", "2")):
                gm.locator(f"input[name='{row}{key}']").fill(value)
            gm.locator(f"input[name='{row}rma']").fill("6")
        gm.locator(f"input[name='{row}hex']").fill(where)
    gm.keyboard.press("Tab")
    gm.locator("#scs-editor-preview", has_text="Blue: 3 units · Red: 3 units").wait_for()
    gm.locator("#scs-editor-check", has_text="The rules accept this scenario").wait_for()
    shoot(gm, "scs-editor")
    gm.get_by_role("button", name="Save", exact=True).click()
    flash(gm, "Ridge Road was saved.")
    phone = gm.context.new_page()
    phone.set_viewport_size(PHONE)
    phone.goto(gm.url)
    phone.locator("#language-select").select_option("zh-hans")
    phone.get_by_role("button", name="Switch").click()
    phone.locator("#scs-editor-check", has_text="规则接受这个剧本").wait_for()
    rifles = phone.locator("details.unit-row:has(summary:has-text('Ridge Rifles'))").first
    rifles.locator("summary").click()
    assert rifles.locator("input[name$='-more']").input_value() == "2-1-6"
    rifles.locator("input[name$='-more']").scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "own_content-scs-unit-row-zh-phone.png"))
    phone.locator("#language-select").select_option("en")
    phone.get_by_role("button", name="切换").click()
    phone.locator("html[lang='en']").wait_for()
    phone.close()


def play_scs(gm: Any, blue: Any, red: Any, campaign_url: str) -> None:
    """The group's own unit type and scenario; New encounter seats the players; each side moves
    and attacks."""
    unit_type(gm, campaign_url)
    scenario(gm, campaign_url)
    gm.goto(campaign_url)
    gm.get_by_role("link", name="New encounter").click()
    gm.locator("#builder input[name=title]").fill("Ridge Road, dawn")
    gm.locator("select[name=scene_scenario]").select_option(label="Ridge Road (this campaign's)")
    gm.get_by_label("Who plays Blue").select_option(label="jun")
    gm.get_by_label("Who plays Red").select_option(label="ruth")
    gm.get_by_role("button", name="Start encounter").first.click()
    flash(gm, "Encounter Ridge Road, dawn created.")
    table = gm.url
    for player in (blue, red):
        player.goto(table)
        caught_up(player)
    red.get_by_role("button", name="End the Set-up").wait_for()
    end_phase(red)
    blue.get_by_role("button", name="End the Set-up").wait_for()
    end_phase(blue)
    move_and_attack(blue, red, "blue")
    hand_over(blue, red)
    move_and_attack(red, blue, "red")
    shoot(red, "scs-after-attacks")
    log = blue.locator("#event-log").inner_text()
    assert log.count("Combat at") >= 2
    assert "Ridge Rifles" in blue.locator("#scs-board").inner_html()


def test_a_group_plays_an_scs_scenario_a_mech_skirmish_and_a_fight_of_its_own_content(
    person: Callable[..., Any],
) -> None:
    gm, jun, ruth = person(LAPTOP), person(LAPTOP), person(LAPTOP)
    for page, name in ((gm, "vera"), (jun, "jun"), (ruth, "ruth")):
        page.goto("/accounts/signup/")
        sign_up(page, name)
        page.wait_for_url(re.compile(r"/campaigns/$"))
    play_scs(gm, jun, ruth, campaign_of(gm, [jun, ruth], "scs", "Ridge Front"))
    play_mech(gm, jun, campaign_of(gm, [jun], "mech", "Iron Valley"))
    play_coc(gm, ruth, campaign_of(gm, [ruth], "coc", "Arkham Nights"))
