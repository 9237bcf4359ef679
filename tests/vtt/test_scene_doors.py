"""SCENE-HIDE-1 at the table: a GM-only token or square of a scene map reaches no player and no
observer through any door: the page, the events frame, the replay, the away summary, their own
log (mine.json, mine.txt) and, after the end, the log file. The GM reads them all."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from rules.core.errors import RulesError
from rules.core.system import Action
from rules.delta_green import SYSTEM as DG
from rules.scene.demo import with_demo_map
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign

pytestmark = pytest.mark.django_db

# The demo map's GM-only things (rules/scene/demo.py), and what the GM adds in play.
HIDDEN = (
    'data-who="cultist4"',  # the demo's lurking cultist, GM-only at (14, 12)
    'data-cell="13,12"',  # the demo's GM-only heavy cover
    'data-cell="0,13"',  # GM-only water the GM paints
    'data-at="15,13"',  # where the GM re-places the lurking cultist
)
HIDDEN_JSON = ("[14, 12]", "[15, 13]", '"13,12"', '"0,13"', "[14,12]", "[15,13]")


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def table(gwen: Any, pip: Any, django_user_model: Any) -> dict[str, Any]:
    """A Delta Green fight on the demo's map, Pip at Hernandez, Olive watching; the GM re-places
    the hidden cultist and paints a GM-only square."""
    from vtt.encounters.services import play, start_encounter

    olive = django_user_model.objects.create_user("olive", password="olive-secret-1")
    campaign = create_campaign(gwen.pk, "Pier 9 on a map", "delta_green")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    Membership.objects.create(campaign=campaign, user=olive, role=Role.OBSERVER)
    setup = with_demo_map(DG, DG.demo())
    encounter = start_encounter(
        campaign.pk, gwen.pk, "Pier 9", setup, {"hernandez": pip.pk}, "delta_green"
    )
    place = {"who": "cultist4", "x": 15, "y": 13, "gm_only": "on"}
    play(encounter.pk, gwen.pk, Action("scene_place", "gm", place), "doors-1")
    paint = {"cells": "0,13", "terrain": "water", "gm_only": "on"}
    play(encounter.pk, gwen.pk, Action("scene_paint", "gm", paint), "doors-2")
    play(
        encounter.pk,
        gwen.pk,
        Action("scene_paint", "gm", {"cells": "1,13", "terrain": "fire"}),
        "doors-3",
    )
    return {"encounter": encounter, "gm": gwen, "owner": pip, "observer": olive}


def _doors(client: Client, pk: int) -> dict[str, str]:
    return {
        "page": client.get(f"/encounters/{pk}/").content.decode(),
        "frame": client.get(f"/encounters/{pk}/events/?after=0").content.decode(),
        "replay": client.get(f"/encounters/{pk}/replay/").content.decode(),
        "away": client.get(f"/encounters/{pk}/away/?after=0").content.decode(),
        "mine.json": client.get(f"/encounters/{pk}/log/mine.json").content.decode(),
        "mine.txt": client.get(f"/encounters/{pk}/log/mine.txt").content.decode(),
    }


@pytest.mark.parametrize("role", ["owner", "observer"])
def test_no_door_shows_a_player_a_gm_only_token_or_square(table: dict[str, Any], role: str) -> None:
    pk = table["encounter"].pk
    doors = _doors(_client(table[role]), pk)
    assert 'data-who="hernandez"' in doors["page"]  # the map is there
    assert 'data-cell="1,13"' in doors["page"]  # and the square painted for everyone
    for door, text in doors.items():
        for mark in (*HIDDEN, *HIDDEN_JSON):
            assert mark not in text, f"{mark} in the {role}'s {door}"
        assert "t-water" not in text, door  # the GM-only water square's class
    gm = _doors(_client(table["gm"]), pk)
    assert 'data-who="cultist4"' in gm["page"]
    assert 'data-cell="0,13"' in gm["page"]


@pytest.mark.parametrize("role", ["owner", "observer"])
def test_after_the_end_the_log_file_shows_the_map_as_the_reader_saw_it(
    table: dict[str, Any], role: str
) -> None:
    from vtt.encounters.services import end_encounter

    pk = table["encounter"].pk
    end_encounter(pk, table["gm"].pk)
    raw = _client(table[role]).get(f"/encounters/{pk}/log/").content.decode()
    log = json.loads(raw)
    assert log["setup"] is None
    assert "cultist4" not in log["start"]["scene"]["tokens"]
    assert "hernandez" in log["start"]["scene"]["tokens"]
    for mark in HIDDEN_JSON:
        assert mark not in raw
    keeper = json.loads(_client(table["gm"]).get(f"/encounters/{pk}/log/").content)
    assert "cultist4" in keeper["setup"]["scene"]["tokens"]


def test_a_player_moves_their_own_token_at_the_table_and_no_one_elses(
    gwen: Any, pip: Any, otto: Any
) -> None:
    """SCENE-MOVE-1/-2 through the table: Pip, seated at Mara, moves her on her turn; the move
    is stored and drawn where it ends; moving Walsh, who is not Pip's, is refused."""
    from rules.coc import SYSTEM as COC
    from vtt.encounters.models import Encounter
    from vtt.encounters.services import NotAllowed, play, start_encounter

    campaign = create_campaign(gwen.pk, "The farmhouse on a map", "coc")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    setup = with_demo_map(COC, COC.demo())
    encounter = start_encounter(campaign.pk, gwen.pk, "Farmhouse", setup, {"mara": pip.pk}, "coc")
    play(encounter.pk, gwen.pk, Action("next_round", "gm", {}), "move-1")
    state = Encounter.objects.get(pk=encounter.pk).state
    assert state["order"][state["turn"]]["id"] == "mara"  # the demo's quickest
    move = {"who": "mara", "x": 2, "y": 9}
    outcome = play(encounter.pk, pip.pk, Action("scene_move", "mara", move), "move-2")
    assert [row.kind for row in outcome.events] == ["scene.moved"]
    state = Encounter.objects.get(pk=encounter.pk).state
    assert state["scene"]["tokens"]["mara"]["at"] == [2, 9]
    walked = outcome.events[0].payload["distance"]  # round Finch, who stands in the way
    assert walked == "4.8"
    assert state["combatants"]["mara"]["round"]["moved"] == walked
    page = _client(pip).get(f"/encounters/{encounter.pk}/").content.decode()
    assert 'data-who="mara" data-at="2,9"' in page
    walsh = {"who": "walsh", "x": 3, "y": 3}
    with pytest.raises(NotAllowed):
        play(encounter.pk, pip.pk, Action("scene_move", "walsh", walsh), "move-3")
    with pytest.raises(RulesError, match="own token"):
        play(encounter.pk, pip.pk, Action("scene_move", "mara", walsh), "move-4")
