"""SCENE-HIDE-1 in Delta Green's view: a GM-only NPC's walk, run or crawl on the map is the GM's
alone, and so is what it leaves on the NPC's round: a player's view of it reads the same metres
moved (`round.moved_m`) and no run (`round.ran`) before and after, while the GM's reads them."""

from __future__ import annotations

from typing import Any

from rules.core.dice import LoadedDice
from rules.core.system import Action, Audience
from rules.delta_green import SYSTEM
from rules.delta_green.state import current_actor

Json = dict[str, Any]
GM = Audience("gm")


def _on_its_turn(gm_only: bool) -> tuple[Json, str]:
    """The demo on a map, everyone placed, the first GM NPC's token GM-only and its turn now."""
    state = SYSTEM.start(SYSTEM.demo())  # type: ignore[misc]
    npc = next(k for k, c in state["combatants"].items() if c.get("controller", "gm") == "gm")
    tokens = {
        who: {"at": [n * 2, 0], "gm_only": False} for n, who in enumerate(state["combatants"])
    }
    tokens[npc] = {"at": [5, 5], "gm_only": gm_only}
    state = {**state, "scene": {"cols": 12, "rows": 10, "cell": "1", "unit": "m", "cells": {}}}
    state["scene"]["tokens"] = tokens
    for event in SYSTEM.resolve(state, Action("start_round", "gm", {}), LoadedDice([3] * 20)):
        state = SYSTEM.apply(state, event)
    state["order"] = [npc, *[k for k in state["order"] if k != npc]]
    state["acted"] = []
    assert current_actor(state) == npc
    return state, npc


def _moved(state: Json, npc: str, **options: Any) -> Json:
    action = Action("scene_move", "gm", {"who": npc, "x": 7, "y": 5, **options})
    for event in SYSTEM.resolve(state, action, LoadedDice([])):
        state = SYSTEM.apply(state, event)
    return state


def _players(state: Json) -> list[Audience]:
    played = [k for k, c in state["combatants"].items() if c.get("controller", "gm") != "gm"]
    assert played
    return [Audience("player", actors=frozenset({k})) for k in played]


def test_a_gm_only_npcs_metres_moved_are_the_gms() -> None:
    before, npc = _on_its_turn(gm_only=True)
    for options in ({}, {"run": True}):
        after = _moved(before, npc, **options)
        assert SYSTEM.view(after, GM)["combatants"][npc]["round"]["moved_m"] == 2
        for player in _players(before):
            seen_before = SYSTEM.view(before, player)["combatants"][npc]["round"]
            seen_after = SYSTEM.view(after, player)["combatants"][npc]["round"]
            for key in ("moved_m", "ran"):  # a run's action spent passes the turn, as any does
                assert seen_after.get(key) == seen_before.get(key), (options, key)


def test_a_shown_npcs_metres_moved_stay_on_the_players_view() -> None:
    before, npc = _on_its_turn(gm_only=False)
    after = _moved(before, npc)
    for player in _players(before):
        assert SYSTEM.view(after, player)["combatants"][npc]["round"]["moved_m"] == 2


def test_a_gm_only_npcs_aim_ended_by_its_walk_is_the_gms() -> None:
    # DG-AIM-1: a walk ends the walker's aim; the players do not learn that the GM-only NPC
    # walked from its aim going (issue 30): they read none before and after, the GM both.
    before, npc = _on_its_turn(gm_only=True)
    target = _players(before)[0]
    aim = {"target": next(iter(target.actors)), "round": before["round"], "state": "aiming"}
    before["combatants"][npc]["aim"] = aim
    after = _moved(before, npc)
    assert SYSTEM.view(before, GM)["combatants"][npc]["aim"] == aim
    assert SYSTEM.view(after, GM)["combatants"][npc]["aim"] is None
    for player in _players(before):
        assert SYSTEM.view(before, player) == SYSTEM.view(after, player)


def _on_the_map_before_a_round(npc_gm_only: bool) -> tuple[Json, str]:
    """The demo on a map before its first round, the first GM NPC's token GM-only or shown."""
    state, npc = _on_its_turn(gm_only=npc_gm_only)
    for event in SYSTEM.resolve(state, Action("end_round", "gm", {}), LoadedDice([50] * 40)):
        state = SYSTEM.apply(state, event)
    return state, npc


def test_a_gm_only_npcs_declarations_and_initiative_are_the_gms() -> None:
    # SCENE-HIDE-4: the GM-only cultist declares an aimed shot at the head and takes its
    # initiative: the players read neither the declaration nor its rank, card count or place.
    before, npc = _on_the_map_before_a_round(npc_gm_only=True)
    name = before["combatants"][npc]["name"]
    declared = SYSTEM.resolve(
        before, Action("declare_aimed_shot", npc, {"location": "head"}), LoadedDice([])
    )
    assert [event.audience for event in declared] == [f"actor:{npc}"]
    after = before
    for event in declared:
        after = SYSTEM.apply(after, event)
    started = SYSTEM.resolve(after, Action("start_round", "gm", {}), LoadedDice([3] * 20))
    assert started[0].audience == "gm"
    assert name in started[0].text
    assert name not in (started[0].redacted_text or "")
    assert "Serge: initiative" in (started[0].redacted_text or "")
    for event in started:
        after = SYSTEM.apply(after, event)
    assert npc in after["order"]
    for player in _players(before):
        seen = SYSTEM.view(after, player)
        assert npc not in seen["order"]
        assert npc not in [entry["id"] for entry in seen["order_view"]]
        assert seen["combatants"][npc]["round"]["called"] is None
        assert seen["combatants"][npc]["round"]["rank"] == 0
        assert seen["combatants"][npc]["derived"]["cards_left"] == 0
    assert SYSTEM.view(after, GM)["combatants"][npc]["round"]["called"] == "head"


def test_a_shown_npcs_declarations_stay_everyones() -> None:
    before, npc = _on_the_map_before_a_round(npc_gm_only=False)
    declared = SYSTEM.resolve(
        before, Action("declare_aimed_shot", npc, {"location": "head"}), LoadedDice([])
    )
    assert [event.audience for event in declared] == ["all"]
    started = SYSTEM.resolve(before, Action("start_round", "gm", {}), LoadedDice([3] * 20))
    assert started[0].audience == "all"


def test_while_a_gm_only_npc_takes_its_turn_no_one_seen_is_acting() -> None:
    state, npc = _on_its_turn(gm_only=True)
    for player in _players(state):
        seen = SYSTEM.view(state, player)
        assert seen["current"] is None
        assert seen["unseen_turn"] is True
        for actor in player.actors:  # the board asks the rules on this view: not their turn
            assert "pass" not in {form.kind for form in SYSTEM.legal_actions(seen, actor)}
    assert SYSTEM.view(state, GM)["current"] == npc
