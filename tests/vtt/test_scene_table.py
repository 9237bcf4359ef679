"""The scene map on the Delta Green, Call of Cthulhu and Ace tables: drawn from the viewer's
own map (SCENE-HIDE-1), a GM-only token or square never in a player's page, the reach of the
player's own token, the GM's tools; no map, no map drawn."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

SEATS = {"delta_green": "serge", "coc": "mara", "ace": "lin"}
HIDDEN = {"delta_green": "cultist4", "coc": "acolyte", "ace": "hound"}


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _scene(system_key: str) -> dict[str, Any]:
    """A 12 × 8 map: the seated character at (1, 1), a GM-only foe at (9, 6), a wall, a GM-only
    fire square and light cover."""
    return {
        "cols": 12,
        "rows": 8,
        "cell": "1",
        "unit": "yd" if system_key == "coc" else "m",
        "cells": {
            "3,1": {"terrain": "wall", "gm_only": False},
            "4,4": {"terrain": "cover_light", "gm_only": False},
            "7,7": {"terrain": "fire", "gm_only": True},
        },
        "tokens": {
            SEATS[system_key]: {"at": [1, 1], "gm_only": False},
            HIDDEN[system_key]: {"at": [9, 6], "gm_only": True},
        },
    }


def _encounter(system_key: str, gwen: Any, pip: Any, scene: bool = True) -> Any:
    from rules.core.registry import get_system
    from vtt.campaigns.models import Membership, Role
    from vtt.campaigns.services import create_campaign
    from vtt.encounters.services import start_encounter

    system = get_system(system_key)
    campaign = create_campaign(gwen.pk, "Maps", system_key)
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    encounter = start_encounter(
        campaign.pk, gwen.pk, "On the map", system.demo(), {SEATS[system_key]: pip.pk}, system_key
    )
    if scene:
        encounter.state = {**encounter.state, "scene": _scene(system_key)}
        encounter.save(update_fields=["state"])
    return encounter


@pytest.mark.parametrize("system_key", ["delta_green", "coc", "ace"])
def test_the_player_sees_the_map_without_what_only_the_gm_sees(
    system_key: str, gwen: Any, pip: Any
) -> None:
    encounter = _encounter(system_key, gwen, pip)
    seated, hidden = SEATS[system_key], HIDDEN[system_key]
    page = _client(pip).get(f"/encounters/{encounter.pk}/").content.decode()
    assert 'id="scene-board"' in page
    assert f'data-who="{seated}"' in page
    assert f'data-who="{hidden}"' not in page
    assert f"scene-token-{hidden}" not in page
    assert 'data-cell="3,1"' in page  # the wall
    assert 'data-cell="7,7"' not in page  # the GM's fire
    assert "gm-only" not in page
    assert 'id="scene-tools"' not in page  # the GM's tools are the GM's
    assert "css/scene.css" in page


@pytest.mark.parametrize("system_key", ["delta_green", "coc", "ace"])
def test_the_gm_sees_everything_marked_and_has_the_tools(
    system_key: str, gwen: Any, pip: Any
) -> None:
    encounter = _encounter(system_key, gwen, pip)
    hidden = HIDDEN[system_key]
    page = _client(gwen).get(f"/encounters/{encounter.pk}/").content.decode()
    assert f'data-who="{hidden}"' in page
    assert 'data-cell="7,7"' in page
    assert "gm-only" in page
    assert 'id="scene-tools"' in page
    assert 'value="scene_paint"' in page
    assert 'value="scene_place"' in page
    assert 'value="scene_setup"' in page
    assert "GM only: the players do not see it" in page


@pytest.mark.parametrize("system_key", ["delta_green", "coc", "ace"])
def test_without_a_map_no_map_is_drawn_and_the_gm_may_add_one(
    system_key: str, gwen: Any, pip: Any
) -> None:
    encounter = _encounter(system_key, gwen, pip, scene=False)
    player = _client(pip).get(f"/encounters/{encounter.pk}/").content.decode()
    assert "scene-board" not in player
    assert "scene-add" not in player
    gm = _client(gwen).get(f"/encounters/{encounter.pk}/").content.decode()
    assert "scene-board" not in gm
    assert 'id="scene-add"' in gm


def test_tokens_show_initials_hp_and_the_legend_names_the_terrain(gwen: Any, pip: Any) -> None:
    encounter = _encounter("delta_green", gwen, pip)
    page = _client(pip).get(f"/encounters/{encounter.pk}/").content.decode()
    token = page[
        page.index('data-who="serge"') : page.index("</g>", page.index('data-who="serge"'))
    ]
    assert 'class="initials"' in token
    assert "HP" in token
    legend = page[page.index('id="scene-legend"') :][:1200]
    assert "wall" in legend
    assert "light cover" in legend
    assert "fire" not in legend  # only the GM's square was fire


def test_the_map_reads_in_chinese(gwen: Any, pip: Any) -> None:
    encounter = _encounter("delta_green", gwen, pip)
    client = _client(pip)
    client.cookies["django_language"] = "zh-hans"
    page = client.get(f"/encounters/{encounter.pk}/").content.decode()
    board = page[page.index('id="scene-board"') : page.index('id="scene-send"')]
    for english in ("Scene map", "Zoom in", "Fit", "within reach now", "light cover", "Close"):
        assert english not in board, english


def _dg_turn_of(encounter: Any, gwen: Any, who: str) -> None:
    """The GM starts the round and passes for everyone ahead of `who`."""
    from rules.core.system import GM, Action
    from rules.delta_green import SYSTEM
    from vtt.encounters.services import play

    play(encounter.pk, gwen.pk, Action("start_round", "gm"), "scene-start")
    for n in range(12):
        encounter.refresh_from_db()
        current = SYSTEM.view(SYSTEM.load(encounter.state), GM)["current"]
        if current == who:
            return
        play(encounter.pk, gwen.pk, Action("pass", str(current)), f"scene-pass-{n}")
    raise AssertionError(f"never {who}'s turn")


def test_on_its_turn_the_players_token_shows_the_squares_it_reaches(gwen: Any, pip: Any) -> None:
    encounter = _encounter("delta_green", gwen, pip)
    before = _client(pip).get(f"/encounters/{encounter.pk}/").content.decode()
    assert "reach-cell" not in before  # not Serge's turn yet
    _dg_turn_of(encounter, gwen, "serge")
    page = _client(pip).get(f"/encounters/{encounter.pk}/").content.decode()
    walk = page[page.index('data-reach-from="serge" data-option=""') :]
    walk = walk[: walk.index("</g></g>")]
    assert 'data-to="1,5"' in walk  # 4 m south, nothing in the way
    assert 'data-to="1,6"' not in walk  # 5 m: beyond a walk (DG-MOVE-1)
    assert 'data-to="3,1"' not in walk  # the wall
    assert 'data-reach-from="serge" data-option="run"' in page  # 8 m running (DG-MOVE-2)
    # the GM-only cultist's square is free to the player's planning (SCENE-HIDE-1)
    assert 'data-select="serge"' in page


@pytest.mark.parametrize("system_key", ["delta_green", "coc", "ace"])
def test_the_replay_draws_the_map_as_the_viewer_saw_it_with_nothing_to_act_on(
    system_key: str, gwen: Any, pip: Any
) -> None:
    from rules.core.registry import get_system
    from vtt.campaigns.models import Membership, Role
    from vtt.campaigns.services import create_campaign
    from vtt.encounters.services import start_encounter

    setup = {**get_system(system_key).demo(), "scene": _scene(system_key)}
    campaign = create_campaign(gwen.pk, "Replayed", system_key)
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    encounter = start_encounter(
        campaign.pk, gwen.pk, "Replayed", setup, {SEATS[system_key]: pip.pk}, system_key
    )
    hidden = HIDDEN[system_key]
    player = _client(pip).get(f"/encounters/{encounter.pk}/replay/").content.decode()
    assert 'id="scene-board"' in player
    assert f'data-who="{SEATS[system_key]}"' in player
    assert f'data-who="{hidden}"' not in player
    assert 'data-cell="7,7"' not in player
    gm = _client(gwen).get(f"/encounters/{encounter.pk}/replay/").content.decode()
    assert f'data-who="{hidden}"' in gm
    assert 'id="scene-tools"' not in gm  # a replay offers nothing to do
    assert "reach-cell" not in gm


def _gm_pages(encounter: Any, gwen: Any) -> str:
    """The GM's table page, with the parts it loads when opened (Delta Green's GM tools)."""
    client = _client(gwen)
    page = client.get(f"/encounters/{encounter.pk}/").content.decode()
    if encounter.system == "delta_green":
        page += client.get(f"/encounters/{encounter.pk}/part/gm-tools/").content.decode()
    return page


@pytest.mark.parametrize("system_key", ["delta_green", "coc", "ace"])
def test_the_gms_map_actions_are_the_maps_tools_alone(system_key: str, gwen: Any, pip: Any) -> None:
    """SCENE-MAP-1..4: the set-up, paint, place and reveal forms are in the map's folded tools
    and nowhere else among the GM's forms; without a map, the set-up is still there once."""
    page = _gm_pages(_encounter(system_key, gwen, pip), gwen)
    assert page.count('name="kind" value="scene_setup"') == 1  # in the tools' map size box
    assert page.count('name="kind" value="scene_paint"') == 1
    assert page.count('name="kind" value="scene_place"') == 1
    assert page.count('name="kind" value="scene_reveal"') == 2  # the squares' and the token's
    bare = _gm_pages(_encounter(system_key, gwen, pip, scene=False), gwen)
    assert bare.count('name="kind" value="scene_setup"') == 1  # "Add a scene map"
    assert 'id="scene-add"' in bare
    for kind in ("scene_paint", "scene_place", "scene_reveal"):
        assert f'value="{kind}"' not in bare
