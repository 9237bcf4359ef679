"""Issue 36: the gear a Delta Green agent or Call of Cthulhu investigator carries (name, how
many, notes) is shown read only on the player's sheet at the table and on the character page,
its label in the reader's language, not only in the sheet's form."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from tests.vtt.test_campaign_library import _fields, client_of, group
from vtt.characters.models import Character
from vtt.encounters.models import Encounter

pytestmark = pytest.mark.django_db


def gear_shown(page: str) -> list[str]:
    """The gear lists of a page, as their items' text."""
    found = []
    for block in re.findall(r'<details class="gear-list"[^>]*>(.*?)</details>', page, re.S):
        items = re.findall(r"<li>(.*?)</li>", block, re.S)
        found += [" ".join(re.sub(r"<[^>]+>", " ", i).split()) for i in items]
    return found


@pytest.mark.parametrize("system", ["delta_green", "coc"])
def test_the_gear_carried_is_shown_on_the_table_sheet_and_the_character_page(
    system: str, gwen: Any, pip: Any
) -> None:
    campaign = group(gwen, pip, system)
    player = client_of(pip)
    new = f"/campaigns/{campaign.pk}/characters/new/"
    post = {
        **_fields(player.get(new).content.decode()),
        "name": "Reyes",
        "s:gear[0].name": "Road flares",
        "s:gear[0].quantity": "6",
        "s:gear[0].notes": "Burn 15 minutes.",
        "s:gear[1].name": "Crowbar",
        "s:gear[1].quantity": "1",
    }
    answer = player.post(new, post)
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:2000]
    reyes = Character.objects.get(name="Reyes")

    page = html.unescape(player.get(f"/characters/{reyes.pk}/edit/").content.decode())
    assert gear_shown(page) == ["Road flares × 6 Burn 15 minutes.", "Crowbar × 1"]
    assert "<summary>Gear <small>(2)</small></summary>" in page

    gm = client_of(gwen)
    built = gm.post(
        f"/campaigns/{campaign.pk}/encounters/new/",
        {"mode": "build", "title": "Night shift", "characters": [str(reyes.pk)]},
    )
    assert built.status_code == 302, html.unescape(built.content.decode())[:3000]
    table_url = f"/encounters/{Encounter.objects.get(title='Night shift').pk}/"
    table = html.unescape(player.get(table_url).content.decode())
    assert gear_shown(table) == ["Road flares × 6 Burn 15 minutes.", "Crowbar × 1"]

    player.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    table = html.unescape(player.get(table_url).content.decode())
    assert "<summary>装备 <small>(2)</small></summary>" in table
    page = html.unescape(player.get(f"/characters/{reyes.pk}/edit/").content.decode())
    assert "<summary>装备 <small>(2)</small></summary>" in page


def test_a_sheet_without_gear_shows_no_gear_list(gwen: Any, pip: Any) -> None:
    campaign = group(gwen, pip, "coc")
    player = client_of(pip)
    new = f"/campaigns/{campaign.pk}/characters/new/"
    player.post(new, {**_fields(player.get(new).content.decode()), "name": "Nell"})
    nell = Character.objects.get(name="Nell")
    assert gear_shown(player.get(f"/characters/{nell.pk}/edit/").content.decode()) == []
