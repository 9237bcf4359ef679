"""Issue 36: the mech builder. A frame's mounts offer only the weapons they may hold
(MECH-MOUNT-TABLE), a refusal lands beside the mount, the systems or the pilot's number it
names (all at once), the library's own frames, weapons and systems are offered beside the
catalogue's, and a mech saved as an opponent template is offered by the encounter builder, three
copies of it standing on three squares."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from rules.mech import SYSTEM
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character
from vtt.encounters.models import Encounter
from vtt.library.models import LibraryItem

pytestmark = pytest.mark.django_db


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def mechs(gwen: Any, pip: Any) -> Any:
    campaign = create_campaign(gwen.pk, "Lances", "mech")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    return campaign


def options(page: str, select: str) -> list[str]:
    body = re.search(rf'<select id="f-{select}" name="{select}"[^>]*>(.*?)</select>', page, re.S)
    assert body, select
    return re.findall(r'<option value="([^"]*)"', body.group(1))


def test_each_mount_offers_the_weapons_it_may_hold(mechs: Any, gwen: Any) -> None:
    page = client_of(gwen).get(f"/campaigns/{mechs.pk}/mech/build/?frame=k:gp1_mule").content
    text = page.decode()
    main, flex, heavy = (
        options(text, "mount_0_0"),
        options(text, "mount_1_0"),
        options(text, "mount_2_0"),
    )
    assert "k:k12_carbine" in main
    assert "k:pile_driver" not in main  # a heavy weapon needs a heavy mount
    assert "k:pile_driver" in heavy
    assert "k:ion_knife" in flex
    assert "mount_1_1" in text  # a flex mount takes two auxiliary weapons
    assert "mount_0_1" not in text
    assert "k:warden_twin_guns" not in text  # the Warden's own guns are nobody else's


def test_a_mech_saves_as_the_players_character(mechs: Any, pip: Any) -> None:
    answer = client_of(pip).post(
        f"/campaigns/{mechs.pk}/mech/build/",
        {
            "frame": "k:kestrel_striker",
            "name": "Kite",
            "pilot_name": "Ada",
            "hull": "1",
            "agility": "3",
            "systems": "1",
            "fitted": ["k:heat_sink"],
            "engineering": "1",
            "weapon_skill": "1",
            "mount_0_0": "k:pulse_rifle",
            "mount_0_1": "k:ion_knife",
            "mount_1_0": "k:needle_smg",
            "mount_1_1": "k:flare_dart",
            "mount_2_0": "k:chain_blade",
            "save_as": "character",
            "save": "1",
        },
    )
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:2000]
    kite = Character.objects.get(name="Kite")
    assert (kite.owner_id, kite.is_npc) == (pip.pk, False)
    state = SYSTEM.start({"combatants": [{"id": "kite", "sheet": kite.sheet, "side": "a"}]})
    unit = state["units"]["kite"]
    assert [w["key"] for w in unit["weapons"]] == [
        "pulse_rifle",
        "ion_knife",
        "needle_smg",
        "flare_dart",
        "chain_blade",
    ]
    assert unit["pilot"]["agility"] == 3


def test_every_refusal_lands_beside_its_field_and_nothing_is_saved(mechs: Any, gwen: Any) -> None:
    answer = client_of(gwen).post(
        f"/campaigns/{mechs.pk}/mech/build/",
        {
            "frame": "k:gp1_mule",
            "name": "Overloaded",
            "hull": "9",
            "mount_0_0": "k:pile_driver",  # heavy on a main mount
            "fitted": ["k:reactive_plating", "k:target_painter", "k:heat_sink"],  # 8 SP of 6
            "save_as": "npc",
            "save": "1",
        },
    )
    assert answer.status_code == 400
    page = html.unescape(answer.content.decode())
    mount = re.search(r'id="mount-0".*?</fieldset>', page, re.S)
    assert mount
    assert "cannot hold" in mount.group(0)
    assert re.search(r'name="hull"[^>]*aria-invalid="true"', page)
    systems = re.search(r'aria-labelledby="systems-h".*?</section>', page, re.S)
    assert systems
    assert "SP" in systems.group(0)
    assert not re.search(r'name="systems"[^>]*aria-invalid', page)  # the pilot's SYSTEMS is fine
    assert 'role="alert"' in systems.group(0)
    assert not Character.objects.filter(name="Overloaded").exists()


def test_the_library_gear_is_offered_and_played(mechs: Any, gwen: Any) -> None:
    gm = client_of(gwen)
    LibraryItem.objects.create(
        campaign=mechs,
        kind="weapon",
        name="Harpoon",
        data={
            "name": "Harpoon",
            "size": "main",
            "kind": "ranged",
            "damage": "1d6+1",
            "type": "kinetic",
            "range": 6,
        },
    )
    frame = LibraryItem.objects.create(
        campaign=mechs,
        kind="frame",
        name="Skiff",
        data={"name": "Skiff", "size": 1, "mounts": [{"type": "main"}, {"type": "flex"}]},
    )
    page = gm.get(f"/campaigns/{mechs.pk}/mech/build/?frame=l:{frame.pk}").content.decode()
    harpoon = next(v for v in options(page, "mount_0_0") if v.startswith("l:"))
    answer = gm.post(
        f"/campaigns/{mechs.pk}/mech/build/",
        {
            "frame": f"l:{frame.pk}",
            "name": "Whaler",
            "mount_0_0": harpoon,
            "save_as": "template",
            "save": "1",
        },
    )
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:2000]
    template = LibraryItem.objects.get(campaign=mechs, kind="npc")
    assert template.name == "Whaler"
    url = f"/campaigns/{mechs.pk}/encounters/new/"
    builder = gm.get(url).content.decode()
    picked = re.search(r'<option value="([^"]+)">Whaler</option>', builder)
    assert picked
    answer = gm.post(
        url,
        {
            "mode": "build",
            "title": "Three whalers",
            "opponent_0": picked.group(1),
            "count_0": "3",
            "map_kind": "open",
            "map_width": "12",
            "map_height": "10",
        },
    )
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    encounter = Encounter.objects.get(title="Three whalers")
    units = encounter.state["units"]
    assert len(units) == 3
    assert len({(u["x"], u["y"]) for u in units.values()}) == 3
    assert {u["weapons"][0]["name"] for u in units.values()} == {"Harpoon"}


def test_the_starter_library_does_not_offer_each_item_twice(mechs: Any, gwen: Any) -> None:
    """A starter unchanged is the catalogue's (by its key); one the group changed replaces it."""
    from vtt.library import content

    content.add_starters(mechs)
    maul = LibraryItem.objects.get(campaign=mechs, kind="weapon", name="Breaker Maul")
    maul.data = {**maul.data, "damage": "1d6+4"}
    maul.save()
    page = client_of(gwen).get(f"/campaigns/{mechs.pk}/mech/build/?frame=k:gp1_mule").content
    text = html.unescape(page.decode())
    assert text.count("Coolant Purge (SP 2)</label>") == 1
    heavy = options(text, "mount_2_0")
    assert "k:k12_carbine" in heavy
    assert "k:breaker_maul" not in heavy
    assert f"l:{maul.pk}" in heavy
    assert "Breaker Maul (heavy, 1d6+4 kinetic)" in text


def test_a_mech_is_built_again_from_its_sheet(mechs: Any, gwen: Any, pip: Any) -> None:
    """The builder opens a mech character with its frame, weapons, systems and pilot filled
    in (a superheavy weapon on both its mounts) and saves it back; another's is a 404."""
    sheet = {
        "name": "Siege",
        "pilot": {"name": "Bo", "hull": 2, "agility": 0, "systems": 1, "engineering": 0},
        "frame": "gp1_mule",
        "mounts": [["tempest_beam"], ["ion_knife"], ["tempest_beam"]],
        "systems": ["coolant_purge"],
    }
    siege = Character.objects.create(
        campaign=mechs, owner=pip, name="Siege", system="mech", sheet=SYSTEM.validate_sheet(sheet)
    )
    url = f"/campaigns/{mechs.pk}/mech/build/?character={siege.pk}"
    page = html.unescape(client_of(pip).get(url).content.decode())
    for name, value in (
        ("mount_0_0", "k:tempest_beam"),
        ("mount_2_0", "k:tempest_beam"),
        ("mount_1_0", "k:ion_knife"),
    ):
        chosen = re.search(rf'name="{name}".*?<option value="{value}" selected', page, re.S)
        assert chosen, name
    assert re.search(r'name="hull"[^>]*value="2"', page)
    assert 'value="k:coolant_purge" checked' in page
    assert "Siege, built again" in page
    sheet_page = client_of(pip).get(f"/characters/{siege.pk}/edit/").content.decode()
    assert f"/mech/build/?character={siege.pk}" in sheet_page
    answer = client_of(pip).post(
        f"/campaigns/{mechs.pk}/mech/build/",
        {
            "character": str(siege.pk),
            "frame": "k:gp1_mule",
            "name": "Siege II",
            "hull": "3",
            "mount_0_0": "k:tempest_beam",
            "mount_2_0": "k:tempest_beam",
            "fitted": ["k:heat_sink"],
            "save_as": "again",
            "save": "1",
        },
    )
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:2000]
    siege.refresh_from_db()
    assert (siege.name, siege.sheet["pilot"]["hull"]) == ("Siege II", 3)
    assert Character.objects.filter(campaign=mechs).count() == 1
    other = Character.objects.create(
        campaign=mechs, owner=gwen, name="GM's", system="mech", sheet=siege.sheet, is_npc=True
    )
    assert (
        client_of(pip).get(f"/campaigns/{mechs.pk}/mech/build/?character={other.pk}").status_code
        == 404
    )
