"""Issue 38, DG-GROW-1: a skill failed at one table is marked on the agent's sheet by the GM's
write-back, named on the sheet's page until the growth roll, and the next table starts with it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from rules.core.dice import commitment
from rules.delta_green import SYSTEM as DG
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character
from vtt.encounters.models import Encounter
from vtt.encounters.services import chat

SEED = "growth-marks-2"


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def build(gwen: Any, campaign: Any, title: str, character: Character) -> Encounter:
    data = {"mode": "build", "title": title, "characters": [str(character.pk)]}
    assert (
        client_of(gwen).post(f"/campaigns/{campaign.pk}/encounters/new/", data).status_code == 302
    )
    return Encounter.objects.get(title=title)


@pytest.mark.django_db(transaction=True)
def test_a_mark_goes_on_to_the_sheet_and_the_next_table(gwen: Any, pip: Any) -> None:
    campaign = create_campaign(gwen.pk, "Night at the Opera", "delta_green")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    sheet = DG.validate_sheet({**DG.default_sheet, "name": "Ann"})
    ann = Character.objects.create(
        campaign=campaign, owner=pip, name="Ann", system="delta_green", sheet=sheet
    )
    table = build(gwen, campaign, "The cellar", ann)
    Encounter.objects.filter(pk=table.pk).update(seed=SEED, commitment=commitment(SEED))
    [check] = chat(table.pk, pip.pk, ".ra 闪避", "k1").events
    assert check.payload["level"] in ("failure", "fumble")  # this seed's die: a mark
    assert client_of(gwen).post(f"/encounters/{table.pk}/end/").status_code == 302
    page = client_of(gwen).get(f"/encounters/{table.pk}/write-back/").content.decode()
    assert "Marked for growth (until the growth roll) › Dodge" in page
    assert not re.search(r">[^<]*\bgrowth_marks\b[^<]*<", page)
    client_of(gwen).post(f"/encounters/{table.pk}/write-back/", {"all": "1"})
    ann.refresh_from_db()
    assert ann.sheet["growth_marks"] == [{"key": "dodge", "hidden": False}]
    sheet_page = client_of(pip).get(f"/characters/{ann.pk}/edit/").content.decode()
    assert "Marked for growth" in sheet_page
    assert "Dodge, until the growth roll" in sheet_page
    after = build(gwen, campaign, "Upstairs", ann)
    ident = next(iter(after.setup["characters"]))
    assert after.state["combatants"][ident]["marks"] == ["dodge"]
