"""Issue 36: a built encounter is the group's own. SCS's builder picks a scenario and seats its
sides; a mech encounter's map is chosen and copies of one opponent stand on free squares; a
built Call of Cthulhu encounter starts from an empty scene, its investigators on their side."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from rules.core.registry import get_system
from rules.core.system import Audience
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character
from vtt.encounters.models import Encounter

pytestmark = pytest.mark.django_db


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def option(page: str, label: str) -> str:
    found = re.search(rf'<option value="([^"]+)">{re.escape(label)}</option>', page)
    assert found, label
    return found.group(1)


def test_scs_new_encounter_picks_a_scenario_and_seats_the_sides(
    gwen: Any, pip: Any, django_user_model: Any
) -> None:
    """Before: "Pick at least one character or opponent." with both pickers empty."""
    ria = django_user_model.objects.create_user("ria", password="pw-ria-12345")
    campaign = create_campaign(gwen.pk, "Crossings", "scs")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    Membership.objects.create(campaign=campaign, user=ria, role=Role.PLAYER)
    gm = client_of(gwen)
    url = f"/campaigns/{campaign.pk}/encounters/new/"
    page = gm.get(url).content.decode()
    assert "Who plays Blue" in page
    assert "Who plays Red" in page
    assert "Pick at least one character" not in page
    data = {
        "mode": "build",
        "title": "Bridge",
        "scene_scenario": "halden_crossing",
        "seat_blue": str(pip.pk),
        "seat_red": str(ria.pk),
    }
    answer = gm.post(url, data)
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    encounter = Encounter.objects.get(title="Bridge")
    seats = {s.actor_id: s.user_id for s in encounter.seats.all()}
    assert seats == {"blue": pip.pk, "red": ria.pk}
    assert encounter.setup["scenario"] == "halden_crossing"
    assert "player1" not in str(encounter.setup)  # no demo account's placeholder seat


def test_a_mech_encounter_with_three_of_one_opponent_on_an_open_field(gwen: Any, pip: Any) -> None:
    """Before: "Sparring Mule A 2 and Sparring Mule A 1 share a square (MECH-AMB-19)", and the
    map was always the example's."""
    mech = get_system("mech")
    campaign = create_campaign(gwen.pk, "Yard", "mech")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    latch = Character.objects.create(
        campaign=campaign,
        owner=pip,
        name="Latch",
        system="mech",
        sheet=mech.validate_sheet(mech.default_sheet),
    )
    gm = client_of(gwen)
    url = f"/campaigns/{campaign.pk}/encounters/new/"
    page = gm.get(url).content.decode()
    assert "Kept from the system" not in page
    mule = option(page, "Sparring Mule A")
    data = {
        "mode": "build",
        "title": "Three mules",
        "characters": [str(latch.pk)],
        "opponent_0": mule,
        "count_0": "3",
        "map_kind": "open",
        "map_width": "12",
        "map_height": "10",
    }
    answer = gm.post(url, data)
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    state = Encounter.objects.get(title="Three mules").state
    assert (state["map"]["width"], state["map"]["height"], state["map"]["terrain"]) == (12, 10, {})
    mules = [u for u in state["units"].values() if u["name"].startswith("Sparring Mule A")]
    assert len({u["id"] for u in mules}) == 3
    squares = [(u["x"], u["y"]) for u in state["units"].values()]
    assert len(set(squares)) == len(squares)
    assert all(0 <= x < 12 and 0 <= y < 10 for x, y in squares)


def test_a_built_call_of_cthulhu_encounter_is_the_groups_own(
    gwen: Any, pip: Any, django_user_model: Any
) -> None:
    """Before: the demo's burning-kitchen note reached the players, the Advanced box held the
    demo's setup, and the characters stood on a side called "players", reading "?" HP."""
    coc = get_system("coc")
    kim = django_user_model.objects.create_user("kim", password="pw-kim-12345")
    campaign = create_campaign(gwen.pk, "Arkham", "coc")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    Membership.objects.create(campaign=campaign, user=kim, role=Role.PLAYER)
    made = []
    for owner, name in ((pip, "Ada Hale"), (kim, "Ben Ross")):
        sheet = coc.validate_sheet({**coc.default_sheet, "name": name})
        made.append(
            Character.objects.create(
                campaign=campaign, owner=owner, name=name, system="coc", sheet=sheet
            )
        )
    gm = client_of(gwen)
    url = f"/campaigns/{campaign.pk}/encounters/new/"
    page = html.unescape(gm.get(url).content.decode())
    assert "strychnine" not in page
    assert "kitchen" not in page
    answer = gm.post(
        url, {"mode": "build", "title": "Library", "characters": [str(c.pk) for c in made]}
    )
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:3000]
    encounter = Encounter.objects.get(title="Library")
    assert "notes" not in encounter.setup
    assert not encounter.state.get("notes")
    sides = {c["side"] for c in encounter.state["combatants"].values()}
    assert sides == {"investigators"}
    state = coc.load(encounter.state)
    view = coc.view(state, Audience("player", actors=frozenset({"ada_hale"})))
    ben = next(row for row in view["combatants"] if row["id"] == "ben_ross")
    assert "hp" in ben  # an ally's sheet is open to the other investigator
    loaded = html.unescape(gm.get(url + "?system=coc").content.decode())
    assert "strychnine" in loaded  # the demo only when asked for ("Load")
