"""Issue 36: the mech character sheet's form offers the campaign library's own frames, weapons
and systems beside the built-in catalogue's, as the mech builder does; a pick is kept on the
sheet as the item itself (as the builder keeps it), plays as the rules complete it, and shows
picked when the sheet is opened again."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from rules.core.registry import get_system
from rules.mech.library import KINDS
from tests.vtt.test_campaign_library import _fields, client_of, group
from vtt.characters.models import Character
from vtt.library.models import LibraryItem

pytestmark = pytest.mark.django_db


def own(campaign: Any, kind: str, name: str, **changed: Any) -> LibraryItem:
    """A library item of the group's own, made from the first starter of its kind."""
    starter = next(k for k in KINDS if k.key == kind).starters()[0]
    data = {**starter, "name": name, "key": name.lower().replace(" ", "_"), **changed}
    return LibraryItem.objects.create(campaign=campaign, kind=kind, name=name, data=data)


def option(page: str, select: str, label: str) -> tuple[str, bool]:
    """The value of the option of that label in the select of that name, and whether it is
    the one selected."""
    body = re.search(rf'<select name="{re.escape(select)}"[^>]*>(.*?)</select>', page, re.S)
    assert body, select
    for value, chosen, text in re.findall(
        r'<option value="([^"]*)"( selected)?>([^<]*)</option>', body.group(1)
    ):
        if html.unescape(text) == label:
            return html.unescape(value), bool(chosen)
    raise AssertionError(f"{label} is not offered in {select}")


def test_the_mech_sheet_picks_the_librarys_frames_weapons_and_systems(gwen: Any, pip: Any) -> None:
    campaign = group(gwen, pip, "mech")
    own(campaign, "frame", "Skiff", hp=12)
    own(campaign, "weapon", "Rivet Gun", damage="1d6+1")
    own(campaign, "system", "Flux Sink")
    player = client_of(pip)
    url = f"/campaigns/{campaign.pk}/characters/new/"
    page = player.get(url).content.decode()
    frame, _chosen = option(page, "s:frame", "Skiff")
    weapon, _chosen = option(page, "s:loadout[__i__].weapon", "Rivet Gun")
    system, _chosen = option(page, "s:fitted[__i__].system", "Flux Sink")
    option(page, "s:frame", 'GP-1 "Mule"')  # the built-in catalogue stays offered

    data = _fields(page)
    data.update(
        {
            "name": "Tack",
            "s:name": "Tack",
            "s:frame": frame,
            "s:loadout[0].mount": "0",
            "s:loadout[0].weapon": weapon,
            "s:fitted[0].system": system,
        }
    )
    answer = player.post(url, data)
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    tack = Character.objects.get(name="Tack")
    assert tack.sheet["frame"]["name"] == "Skiff"
    assert tack.sheet["loadout"][0]["weapon"]["name"] == "Rivet Gun"
    assert tack.sheet["fitted"][0]["system"]["name"] == "Flux Sink"
    state = get_system("mech").start(
        {"combatants": [{"id": "tack", "sheet": tack.sheet, "side": "a"}]}
    )
    unit = state["units"]["tack"]
    assert unit["frame"]["hp"] == 12
    assert [w["damage"] for w in unit["weapons"] if w["name"] == "Rivet Gun"] == ["1d6+1"]

    # opened again, the picks are shown picked (by name, never as data)
    again = player.get(f"/characters/{tack.pk}/edit/").content.decode()
    assert option(again, "s:frame", "Skiff")[1]
    assert option(again, "s:loadout[0].weapon", "Rivet Gun")[1]
    assert option(again, "s:fitted[0].system", "Flux Sink")[1]


def test_a_mech_the_builder_made_of_library_content_keeps_it_through_the_sheet_form(
    gwen: Any, pip: Any
) -> None:
    """Saved from the sheet form unchanged, a builder's mech keeps its own weapon and system
    (they were lost when the form showed no mounts for them)."""
    campaign = group(gwen, pip, "mech")
    skiff = own(campaign, "frame", "Skiff")
    rivet = own(campaign, "weapon", "Rivet Gun", damage="1d6+1")
    flux = own(campaign, "system", "Flux Sink")
    player = client_of(pip)
    answer = player.post(
        f"/campaigns/{campaign.pk}/mech/build/",
        {
            "frame": f"l:{skiff.pk}",
            "name": "Nail",
            "pilot_name": "Bo",
            **dict.fromkeys(("hull", "agility", "systems", "engineering", "weapon_skill"), "0"),
            "mount_0_0": f"l:{rivet.pk}",
            "fitted": [f"l:{flux.pk}"],
            "save_as": "character",
            "save": "1",
        },
    )
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:2000]
    nail = Character.objects.get(name="Nail")
    url = f"/characters/{nail.pk}/edit/"
    page = player.get(url).content.decode()
    assert option(page, "s:loadout[0].weapon", "Rivet Gun")[1]
    assert option(page, "s:fitted[0].system", "Flux Sink")[1]
    assert option(page, "s:frame", "Skiff")[1]
    answer = player.post(url, {**_fields(page), "name": "Nail"})
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:2000]
    nail.refresh_from_db()
    state = get_system("mech").start(
        {"combatants": [{"id": "nail", "sheet": nail.sheet, "side": "a"}]}
    )
    unit = state["units"]["nail"]
    assert "Rivet Gun" in [w["name"] for w in unit["weapons"]]
    assert [s["name"] for s in unit["systems"]] == ["Flux Sink"]
