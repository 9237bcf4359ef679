"""Issue 36: Delta Green's and Call of Cthulhu's library items are gear with the fields the
sheets now keep for it (name, how many, notes: DG-RES-1, carried and not played), made through
the library's schema-built form with a refusal beside its field, offered by the sheet's gear
pick list, kept on the sheet, and exported and imported unchanged (the round trip)."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

import pytest

from rules.core.registry import get_system
from tests.vtt.test_campaign_library import _fields, client_of, group
from vtt.characters.models import Character
from vtt.library.models import LibraryItem

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("system", ["delta_green", "coc"])
def test_gear_is_made_in_the_library_picked_on_a_sheet_and_goes_out_and_back(
    system: str, gwen: Any, pip: Any
) -> None:
    campaign = group(gwen, pip, system)
    gm = client_of(gwen)
    url = f"/campaigns/{campaign.pk}/library/new/item/"
    form = gm.get(url).content.decode()
    assert 'name="s:quantity"' in form  # the sheet's gear fields, not a name and notes only
    data = _fields(form)
    data.update({"s:name": "Road flares", "s:quantity": "-2", "s:notes": "Burn 15 minutes."})
    refused = gm.post(url, data)
    assert refused.status_code == 400
    assert re.search(r'name="s:quantity"[^>]*aria-invalid="true"', refused.content.decode())
    data["s:quantity"] = "6"
    assert gm.post(url, data).status_code == 302
    item = LibraryItem.objects.get(campaign=campaign, kind="item")
    assert item.data == {"name": "Road flares", "quantity": 6, "notes": "Burn 15 minutes."}

    # the round trip: exported, imported into another campaign, the same item
    exported = gm.get(f"/campaigns/{campaign.pk}/library/export/?kind=item")
    other = group(gwen, pip, system, "Other")
    upload = io.BytesIO(exported.content)
    upload.name = "items.json"
    gm.post(f"/campaigns/{other.pk}/library/import/", {"file": upload}, follow=True)
    again = LibraryItem.objects.get(campaign=other, kind="item")
    assert (again.name, again.data) == (item.name, item.data)
    assert (
        json.loads(gm.get(f"/campaigns/{other.pk}/library/export/?kind=item").content)["items"]
        == json.loads(exported.content)["items"]
    )

    # the player's sheet: the gear pick list offers it whole; a gear row is kept
    player = client_of(pip)
    new = f"/campaigns/{campaign.pk}/characters/new/"
    sheet = player.get(new).content.decode()
    picked = re.search(r'<option value="([^"]*)">Road flares</option>', sheet)
    assert picked, "the library's gear is not in the sheet's pick list"
    assert json.loads(html.unescape(picked.group(1))) == item.data
    post = {
        **_fields(sheet),
        "name": "Reyes",
        "s:gear[0].name": "Road flares",
        "s:gear[0].quantity": "6",
        "s:gear[0].notes": "Burn 15 minutes.",
    }
    answer = player.post(new, post)
    assert answer.status_code == 302, html.unescape(answer.content.decode())[:2000]
    reyes = Character.objects.get(name="Reyes")
    assert reyes.sheet["gear"] == [item.data]
    assert get_system(system).validate_sheet(reyes.sheet)["gear"] == [item.data]
    page = player.get(f"/characters/{reyes.pk}/edit/").content.decode()
    assert 'value="Road flares"' in page
