"""SCENE-MOVE-2 at the table server: the GM may send an action as any character (the table
server lets the GM act for a player who is away), but not a map move of a player's token: the
GM moves only the GM's own characters, and re-places anyone with the map's Place a token, which
the log shows as the GM's. The GM's other actions as a player's character stay the GM's to send
(docs/rules/reference/scene.md, SCENE-MOVE-2)."""

from __future__ import annotations

from typing import Any

import pytest
from test_scene_table import SEATS, _client, _dg_turn_of, _encounter

from rules.ace import SYSTEM as ACE
from rules.core.errors import RulesError
from rules.core.system import Action
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.services import create_campaign
from vtt.encounters.services import play, start_encounter

pytestmark = pytest.mark.django_db(transaction=True)  # play locks the row: no wrapping transaction


@pytest.mark.parametrize("system_key", ["delta_green", "coc", "ace"])
def test_the_gm_cannot_move_a_players_token_as_its_character(
    system_key: str, gwen: Any, pip: Any
) -> None:
    encounter = _encounter(system_key, gwen, pip)
    seated = SEATS[system_key]
    move = Action("scene_move", seated, {"who": seated, "x": 1, "y": 2})
    with pytest.raises(RulesError, match="token is its player's to move"):
        play(encounter.pk, gwen.pk, move, "gm-moves-a-players-token")
    encounter.refresh_from_db()
    assert encounter.state["scene"]["tokens"][seated]["at"] == [1, 1]
    assert encounter.events.filter(kind="scene.moved").count() == 0


def test_on_its_turn_the_player_moves_it_and_the_gm_places_it_as_the_gm(
    gwen: Any, pip: Any
) -> None:
    encounter = _encounter("delta_green", gwen, pip)
    _dg_turn_of(encounter, gwen, "serge")
    move = Action("scene_move", "serge", {"who": "serge", "x": 1, "y": 2})
    with pytest.raises(RulesError, match="Serge's token is its player's to move"):
        play(encounter.pk, gwen.pk, move, "gm-moves-serge")
    # the GM's board offers no move of Serge's token on Serge's turn
    page = _client(gwen).get(f"/encounters/{encounter.pk}/").content.decode()
    assert 'name="kind" value="scene_move"' not in page
    play(encounter.pk, pip.pk, move, "pip-moves-serge")
    encounter.refresh_from_db()
    assert encounter.state["scene"]["tokens"]["serge"]["at"] == [1, 2]
    place = Action("scene_place", "gm", {"who": "serge", "x": 2, "y": 2})
    placed = play(encounter.pk, gwen.pk, place, "gm-places-serge")
    assert [(row.kind, row.action["actor"]) for row in placed.events] == [("scene.placed", "gm")]
    encounter.refresh_from_db()
    assert encounter.state["scene"]["tokens"]["serge"]["at"] == [2, 2]
    # any other action as Serge stays the GM's to send: the turn passed for an absent player
    play(encounter.pk, gwen.pk, Action("pass", "serge"), "gm-passes-for-serge")


def test_the_keepers_forms_offer_no_move_of_a_players_token(gwen: Any, pip: Any) -> None:
    """Call of Cthulhu's GM forms (the table's own, one per combatant) on Mara's turn: her
    other actions are offered to the Keeper, her token's move is not."""
    encounter = _encounter("coc", gwen, pip)
    play(encounter.pk, gwen.pk, Action("next_round", "gm"), "coc-round")
    encounter.refresh_from_db()
    slot = next(n for n, s in enumerate(encounter.state["order"]) if s["id"] == "mara")
    encounter.state = {**encounter.state, "turn": slot}
    encounter.save(update_fields=["state"])
    page = _client(gwen).get(f"/encounters/{encounter.pk}/").content.decode()
    assert 'name="actor" value="mara"' in page
    assert 'value="scene_move"' not in page
    assert 'value="scene_move"' in _client(pip).get(f"/encounters/{encounter.pk}/").content.decode()


def test_nor_an_ace_sneak_that_walks_a_players_token(gwen: Any, pip: Any) -> None:
    """Any action the GM sends as a player's character that would put its token elsewhere is
    refused alike (Ace's sneak, charge or grapple move walk the token); nothing is stored."""
    setup = ACE.demo()  # type: ignore[misc]
    for entry in setup["combatants"]:
        entry["hidden"] = entry["id"] == "su"
    campaign = create_campaign(gwen.pk, "Ace", "ace")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    encounter = start_encounter(campaign.pk, gwen.pk, "Sneak", setup, {"su": pip.pk}, "ace")
    walls = {f"15,{y}": {"terrain": "wall", "gm_only": False} for y in range(12)}
    tokens = {"su": [0, 0], "hound": [20, 0], "lin": [0, 11]}
    scene = {"cols": 30, "rows": 12, "cell": "1", "unit": "m", "cells": walls}
    scene["tokens"] = {who: {"at": at, "gm_only": False} for who, at in tokens.items()}
    state = {**encounter.state, "scene": scene, "round": 1, "current": "su"}
    state["order"] = list(state["combatants"])
    encounter.state = state
    encounter.save(update_fields=["state"])
    events = encounter.events.count()
    sneak = Action("sneak", "su", {"x": 8, "y": 0})
    with pytest.raises(RulesError, match="Su Qing's token is its player's to move"):
        play(encounter.pk, gwen.pk, sneak, "gm-sneaks-as-su")
    encounter.refresh_from_db()
    assert encounter.state["scene"]["tokens"]["su"]["at"] == [0, 0]
    assert encounter.events.count() == events
    play(encounter.pk, pip.pk, sneak, "su-sneaks")  # her player walks it
    encounter.refresh_from_db()
    assert encounter.state["scene"]["tokens"]["su"]["at"] == [8, 0]
