"""SCENE-HIDE-4 in Call of Cthulhu: a Keeper's combatant whose token the players' map does not
show (GM-only, or not placed) keeps its round to the Keeper: its place in the DEX order, its
turn, its turn's end and what it declares or does besides attacking; its attacks stay public."""

from __future__ import annotations

from typing import Any

from coc_helpers import act, person, scene

from rules.coc import SYSTEM
from rules.core.system import Audience, Event

Json = dict[str, Any]
ANN = Audience("player", side="investigators", actors=frozenset({"ann"}))
KEEPER = Audience("gm")


def _table(placed: bool = True, **settings: Any) -> Json:
    """Ann (DEX 10) and a cultist (DEX 14, the Keeper's), the cultist's token GM-only (or not
    on the map at all), round 1 started: the cultist acts first."""
    cultist = {**person("Cultist", dex=14), "kind": "creature"}
    state = scene(("ann", person("Ann", dex=10)), ("cult", cultist), settings=settings)
    tokens: Json = {"ann": {"at": [0, 0], "gm_only": False}}
    if placed:
        tokens["cult"] = {"at": [9, 0], "gm_only": True}
    state["scene"] = {"cols": 12, "rows": 6, "cell": "1", "unit": "yd", "cells": {}}
    state["scene"]["tokens"] = tokens
    return state


def _seen(events: list[Event], audience: Audience) -> list[str]:
    """The lines this audience reads: its own, or the redacted ones told in their place."""
    out = []
    for event in events:
        if audience.can_see(event.audience):
            out.append(event.text)
        elif event.redacted_msg is not None:
            out.append(event.redacted_msg.english())
    return out


def test_players_read_no_place_rank_or_turn_of_a_hidden_npc() -> None:
    for placed in (True, False):
        state, events = act(_table(placed), "next_round", "gm")
        assert _seen(events, ANN) == ["Round 1 begins: Ann (10)."]
        assert _seen(events, KEEPER) == ["Round 1 begins: Cultist (14), Ann (10)."]
        seen = SYSTEM.view(state, ANN)
        assert [slot["name"] for slot in seen["order"]] == ["Ann"]
        assert (seen["current"], seen["turn"], seen["unseen_turn"]) == (None, -1, True)
        assert not any(row["current"] for row in seen["combatants"])
        keeper = SYSTEM.view(state, KEEPER)
        assert (keeper["current"], keeper["turn"], keeper["unseen_turn"]) == ("cult", 0, False)
        state, events = act(state, "end_turn", "cult")
        assert _seen(events, ANN) == []  # its turn's end is the Keeper's
        assert _seen(events, KEEPER) == ["Cultist ends the turn."]
        seen = SYSTEM.view(state, ANN)
        assert (seen["current"], seen["turn"], seen["unseen_turn"]) == ("ann", 0, False)


def test_what_a_hidden_npc_declares_is_the_keepers_and_its_attack_is_public() -> None:
    declared = {"coc.dodge_timing": "declared", "coc.dodge_forfeits_attack": False}
    state, _ = act(_table(**declared), "next_round", "gm")
    before = SYSTEM.view(state, ANN)
    state, events = act(state, "dodge", "cult")
    assert [event.audience for event in events] == ["actor:cult"]
    assert SYSTEM.view(state, ANN) == before
    _, events = act(state, "fire", "cult", [90], weapon="revolver", target="ann")
    shots = [event for event in events if event.kind == "attack.rolled"]
    assert shots
    assert all(ANN.can_see(event.audience) for event in shots)
    assert not ANN.can_see(next(e for e in events if e.kind == "turn.ended").audience)


def test_an_investigators_own_gm_only_token_keeps_its_round_to_its_player() -> None:
    state, _ = act(_table(), "next_round", "gm")
    state["scene"]["tokens"]["ann"]["gm_only"] = True
    state["scene"]["tokens"]["cult"]["gm_only"] = False
    bob = Audience("player", side="investigators", actors=frozenset({"bob"}))
    assert [slot["name"] for slot in SYSTEM.view(state, ANN)["order"]] == ["Cultist", "Ann"]
    assert [slot["name"] for slot in SYSTEM.view(state, bob)["order"]] == ["Cultist"]
