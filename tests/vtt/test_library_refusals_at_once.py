"""Issue 36, "all errors of a save shown at once beside their fields", in the campaign library:
an item left without its name is refused for the name and for every other field at once, not
for the name alone and the rest after it is given; a template's name likewise with its sheet."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.vtt.test_campaign_library import _fields, client_of, group
from vtt.library.models import LibraryItem

pytestmark = pytest.mark.django_db


def _invalid(page: str, name: str) -> bool:
    """Whether the input `name` is marked refused and has its words beside it."""
    tag = re.search(rf'<input[^>]*name="{re.escape(name)}"[^>]*>', page)
    assert tag, name
    beside = page[tag.end() : page.index("</div>", tag.end())]
    return 'aria-invalid="true"' in tag.group(0) and 'class="error"' in beside


@pytest.mark.parametrize("system", ["coc", "delta_green", "mech"])
def test_a_nameless_weapon_is_refused_for_its_name_and_its_damage_at_once(
    gwen: Any, pip: Any, system: str
) -> None:
    campaign = group(gwen, pip, system)
    gm = client_of(gwen)
    url = f"/campaigns/{campaign.pk}/library/new/weapon/"
    data = _fields(gm.get(url).content.decode())
    data.update({"s:name": "", "s:damage": "lots"})
    answer = gm.post(url, data)
    assert answer.status_code == 400
    page = answer.content.decode()
    assert _invalid(page, "s:name")
    assert _invalid(page, "s:damage")
    assert not LibraryItem.objects.filter(campaign=campaign).exists()


def test_a_nameless_template_is_refused_for_its_name_with_its_sheet(gwen: Any, pip: Any) -> None:
    campaign = group(gwen, pip, "coc")
    gm = client_of(gwen)
    url = f"/campaigns/{campaign.pk}/library/new/npc/"
    data = _fields(gm.get(url).content.decode())
    data.update({"name": "", "s:str": "-5"})
    answer = gm.post(url, data)
    assert answer.status_code == 400
    page = answer.content.decode()
    assert _invalid(page, "name")
    assert _invalid(page, "s:str")
    assert page.index("Give the template a name.") < page.index('name="s:str"')
