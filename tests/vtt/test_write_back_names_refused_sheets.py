"""A sheet the write-back cannot take is named to the GM, not skipped: a Delta Green agent stored
with STR 60 before DG-GEN-6 gets no proposal, and the write-back page says so by its name, with the
refusal in the sheet form's words and a link to its sheet; the others are written back as before,
the refused sheet is left as it is, and once it is fixed the fight reaches it."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client

from rules.core.system import Action
from rules.delta_green import SYSTEM as DG
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character, SheetChange
from vtt.encounters.models import Encounter
from vtt.encounters.services import play

REFUSAL = "is 60, above the 3–18 characteristic scale: a human's is at most 18 (DG-GEN-6)"


def _client(user: Any, language: str = "en") -> Client:
    client = Client(headers={"accept-language": language})
    client.force_login(user)
    return client


def _agent(campaign: Any, owner: Any, name: str) -> Character:
    sheet = DG.validate_sheet({**DG.default_sheet, "name": name, "hp": 12})
    return Character.objects.create(
        campaign=campaign, owner=owner, name=name, system="delta_green", sheet=sheet
    )


@pytest.mark.django_db(transaction=True)
def test_a_sheet_the_rules_refuse_is_named_with_why_and_the_others_are_written_back(
    gwen: Any, pip: Any
) -> None:
    campaign = create_campaign(gwen.pk, "Night at the Opera", "delta_green")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    ann, bob = _agent(campaign, pip, "Ann"), _agent(campaign, pip, "Bob")
    gm = _client(gwen)
    data = {"mode": "build", "title": "The cellar", "characters": [str(ann.pk), str(bob.pk)]}
    assert gm.post(f"/campaigns/{campaign.pk}/encounters/new/", data).status_code == 302
    encounter = Encounter.objects.get(title="The cellar")
    for n, target in enumerate(("ann", "bob")):
        hit = {"target": target, "amount": 3, "location": "chest"}
        play(encounter.pk, gwen.pk, Action("gm_damage", "gm", hit), f"hit{n}")
    # Ann's sheet as stored before the scale check: written past validation
    stored = {**ann.sheet, "str": 60}
    Character.objects.filter(pk=ann.pk).update(sheet=stored)
    url = f"/encounters/{encounter.pk}/write-back/"
    assert gm.post(f"/encounters/{encounter.pk}/end/")["Location"] == url

    page = html.unescape(gm.get(url).content.decode())
    refused = page[page.index('class="sheet-section refused-sheet"') :]
    assert ">Ann</h2>" in refused
    assert f"<li>STR: {REFUSAL}</li>" in refused  # as the sheet form says it
    assert f'href="/characters/{ann.pk}/edit/"' in refused
    assert ">Bob</h2>" in page[: page.index('class="sheet-section refused-sheet"')]
    chinese = html.unescape(_client(gwen, "zh-hans").get(url).content.decode())
    refused = chinese[chinese.index('class="sheet-section refused-sheet"') :]
    assert ">Ann</h2>" in refused
    assert "<li>力量：为 60，超出 3–18 的特性范围：人类的该项最高为 18 (DG-GEN-6)</li>" in refused
    assert "修改 Ann 的角色卡" in refused

    # the others are written back; Ann's sheet stays as it was, and the page waits for it
    assert gm.post(url, {"all": "1"})["Location"] == url
    ann.refresh_from_db()
    bob.refresh_from_db()
    assert ann.sheet == stored
    assert bob.sheet["condition"]["hp"] == 9
    assert list(SheetChange.objects.values_list("character", flat=True)) == [bob.pk]
    again = html.unescape(gm.get(url).content.decode())
    assert ">Ann</h2>" in again
    assert REFUSAL in again
    assert ">Bob</h2>" not in again

    # fixed, Ann's sheet takes what the encounter left, and the encounter is done
    Character.objects.filter(pk=ann.pk).update(sheet={**stored, "str": 12})
    fixed = html.unescape(gm.get(url).content.decode())
    assert "refused-sheet" not in fixed
    assert ">Ann</h2>" in fixed
    assert gm.post(url, {"all": "1"})["Location"] == f"/campaigns/{campaign.pk}/"
    ann.refresh_from_db()
    assert ann.sheet["condition"]["hp"] == 9
    assert ann.sheet["str"] == 12
    encounter.refresh_from_db()
    assert encounter.setup["written_back"] is True
