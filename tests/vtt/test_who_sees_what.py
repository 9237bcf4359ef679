"""Issue 30 (findings 3 and 4): who may see what. A character's sheet is its owner's and the GM's
on every character URL and on the roster; a hidden event leaves no trace of its kind or payload in
any row, frame, export, replay or log file a player or an observer gets, and after the end a
player's /log/ carries no GM NPC sheet."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from django.test import Client

from rules.coc import SYSTEM as COC
from rules.mech import SYSTEM as MECH
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character

pytestmark = pytest.mark.django_db

ROLES = ("gm", "owner", "other player", "observer", "stranger")


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def people(gwen: Any, pip: Any, otto: Any, django_user_model: Any) -> dict[str, Any]:
    """Gwen the GM, Pip who owns the characters, Quinn another player, Olive who watches and
    Otto, who is not a member."""
    quinn = django_user_model.objects.create_user("quinn", password="quinn-secret-1")
    olive = django_user_model.objects.create_user("olive", password="olive-secret-1")
    return {
        "gm": gwen,
        "owner": pip,
        "other player": quinn,
        "observer": olive,
        "stranger": otto,
    }


def _campaign(people: dict[str, Any], system: str) -> Any:
    made = create_campaign(people["gm"].pk, "Who sees what", system)
    Membership.objects.create(campaign=made, user=people["owner"], role=Role.PLAYER)
    Membership.objects.create(campaign=made, user=people["other player"], role=Role.PLAYER)
    Membership.objects.create(campaign=made, user=people["observer"], role=Role.OBSERVER)
    return made


NPC_NAME = "Brother Ezekiel Thorne"  # players do not know he is there
PILOT_SECRET = "a prototype reactor in the hold"


@pytest.fixture
def npc(people: dict[str, Any]) -> Any:
    """The Keeper's NPC in a Call of Cthulhu campaign."""
    campaign = _campaign(people, "coc")
    sheet = copy.deepcopy(COC.demo()["combatants"][3]["sheet"])
    sheet.update({"name": NPC_NAME, "con": 73, "siz": 88})
    return Character.objects.create(
        campaign=campaign,
        owner=people["gm"],
        name=NPC_NAME,
        system="coc",
        sheet=COC.validate_sheet(sheet),
        is_npc=True,
    )


@pytest.fixture
def pilot(people: dict[str, Any]) -> Any:
    """Pip's mech pilot, whose sheet keeps a hidden note (MECH-TECH-SCAN)."""
    campaign = _campaign(people, "mech")
    sheet = copy.deepcopy(MECH.default_sheet)
    sheet["notes"] = {"hidden": [{"label": "cargo", "text": PILOT_SECRET}], "public": []}
    return Character.objects.create(
        campaign=campaign,
        owner=people["owner"],
        name="Latch",
        system="mech",
        sheet=MECH.validate_sheet(sheet),
    )


@pytest.mark.parametrize("role", ROLES)
def test_a_gm_npcs_sheet_opens_for_the_gm_alone(
    npc: Any, people: dict[str, Any], role: str
) -> None:
    """The NPC is the GM's: nobody else opens its page, reads or saves it."""
    client = client_of(people[role])
    page = client.get(f"/characters/{npc.pk}/edit/")
    saved = client.post(f"/characters/{npc.pk}/edit/", {"name": "Renamed"})
    if role == "gm":
        assert page.status_code == 200
        assert NPC_NAME in page.content.decode()
        assert saved.status_code in (302, 400)
    else:
        assert page.status_code == 404
        assert NPC_NAME not in page.content.decode()
        assert saved.status_code == 404
        assert Character.objects.get(pk=npc.pk).name == NPC_NAME


@pytest.mark.parametrize("role", ROLES)
def test_a_pilots_hidden_notes_are_the_pilots_and_the_gms(
    pilot: Any, people: dict[str, Any], role: str
) -> None:
    page = client_of(people[role]).get(f"/characters/{pilot.pk}/edit/")
    if role in ("gm", "owner"):
        assert page.status_code == 200
        assert PILOT_SECRET in page.content.decode()
    else:
        assert page.status_code == 404
        assert PILOT_SECRET not in page.content.decode()


@pytest.mark.parametrize("role", ROLES)
def test_the_derived_values_of_a_sheet_are_worked_out_only_for_who_may_open_it(
    npc: Any, people: dict[str, Any], role: str
) -> None:
    """The sheet form asks for its derived values with the character's id: the fields the form
    does not show are the stored sheet's, so another member's id must not work them out."""
    answer = client_of(people[role]).post(
        f"/campaigns/{npc.campaign_id}/characters/derive/", {"character": npc.pk}
    )
    assert answer.status_code == (200 if role == "gm" else 404)


@pytest.mark.parametrize("role", ROLES)
def test_the_roster_links_only_the_sheets_the_viewer_may_open(
    npc: Any, people: dict[str, Any], role: str
) -> None:
    campaign = npc.campaign
    mine = Character.objects.create(
        campaign=campaign, owner=people["owner"], name="Mara", system="coc", sheet={}
    )
    page = client_of(people[role]).get(f"/campaigns/{campaign.pk}/")
    if role == "stranger":
        assert page.status_code == 404
        return
    html = page.content.decode()
    links = set(re.findall(r'href="/characters/(\d+)/edit/"', html))
    expected = {
        "gm": {str(npc.pk), str(mine.pk)},
        "owner": {str(mine.pk)},
    }.get(role, set())
    assert links == expected
    assert (NPC_NAME in html) == (role == "gm")
    assert "Mara" in html  # a player's character is on everyone's roster, by name
