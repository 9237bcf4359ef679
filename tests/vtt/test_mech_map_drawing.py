"""Issue 36: the GM draws a mech map's cover and elevation square by square in the encounter
builder (static/js/builder_map.js sends each drawn square as "x,y,kind,height"); the setup keeps
it and the engine plays it: a drawn heavy-cover square gives heavy cover to the unit behind it
(MECH-COVER-TABLE), a building stands at the height drawn. A square the rules do not know is
refused by name, and nothing is stored."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.registry import get_system
from rules.mech.state import cover
from tests.vtt.test_builder_own_content import client_of, option
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.characters.models import Character
from vtt.encounters.models import Encounter

pytestmark = pytest.mark.django_db


def built(gwen: Any, pip: Any, drawn: str | None, title: str = "Drawn yard") -> Any:
    """A mech encounter on a 12 by 8 open field: Latch at 2,3 and a Mule at 8,3, with the
    squares `drawn` (None: no drawing sent, as without JavaScript)."""
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
    mule = option(gm.get(url).content.decode(), "Sparring Mule A")
    data = {
        "mode": "build",
        "title": title,
        "characters": [str(latch.pk)],
        "opponent_0": mule,
        "count_0": "1",
        "map_kind": "open",
        "map_width": "12",
        "map_height": "8",
        f"at_ch{latch.pk}": "2,3",
        "at_op0_0": "8,3",
    }
    if drawn is not None:
        data.update({"map_drawn": "1", "map_terrain": drawn})
    return gm.post(url, data)


def test_a_drawn_cover_square_gives_cover_to_the_unit_behind_it(gwen: Any, pip: Any) -> None:
    answer = built(gwen, pip, "7,3,heavy,1 4,6,building,3 0,0,light,0")
    assert answer.status_code == 302
    state = Encounter.objects.get(title="Drawn yard").state
    assert state["map"]["terrain"] == {
        "7,3": {"kind": "heavy", "height": 1},
        "4,6": {"kind": "building", "height": 3},
        "0,0": {"kind": "light", "height": 0},
    }
    latch, mule = (
        next(u for u in state["units"].values() if u["name"] == n)
        for n in ("Latch", "Sparring Mule A")
    )
    assert (mule["x"], mule["y"]) == (8, 3)
    assert cover(state, (latch["x"], latch["y"]), mule) == "heavy"  # the crate drawn at 7,3
    assert cover(state, (8, 0), mule) == "none"  # from the north it covers nothing


def test_without_a_drawing_the_open_field_is_bare(gwen: Any, pip: Any) -> None:
    assert built(gwen, pip, None).status_code == 302
    state = Encounter.objects.get(title="Drawn yard").state
    assert state["map"]["terrain"] == {}


def test_a_square_the_rules_do_not_know_is_refused_by_name(gwen: Any, pip: Any) -> None:
    for bad in ("7,3,lava,1", "30,3,heavy,1", "7,3,heavy,99", "7;3"):
        answer = built(gwen, pip, bad, title=f"Bad {bad}")
        assert answer.status_code == 400  # the form again, with the refusal
        assert "is not a square the map can hold" in answer.content.decode()
        assert not Encounter.objects.filter(title=f"Bad {bad}").exists()
