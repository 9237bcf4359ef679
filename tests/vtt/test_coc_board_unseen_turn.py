"""SCENE-HIDE-4 on the Call of Cthulhu board: while a GM-only Keeper's combatant takes its turn,
a player's DEX order leaves it out and marks nobody acting, and a line says someone off their
map acts; the Keeper's board shows its slot as acting."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.utils import translation

from rules.coc import SYSTEM
from rules.core.dice import LoadedDice
from rules.core.system import Action, Audience

Json = dict[str, Any]


def _hidden_turn() -> Json:
    state = SYSTEM.start(SYSTEM.demo())  # type: ignore[misc]
    tokens = {
        who: {"at": [n, 0], "gm_only": c["side"] != "investigators"}
        for n, (who, c) in enumerate(state["combatants"].items())
    }
    state["scene"] = {"cols": 12, "rows": 10, "cell": "1", "unit": "yd", "cells": {}}
    state["scene"]["tokens"] = tokens
    for event in SYSTEM.resolve(state, Action("next_round", "gm", {}), LoadedDice([])):
        state = SYSTEM.apply(state, event)
    first = next(
        n
        for n, slot in enumerate(state["order"])
        if state["combatants"][slot["id"]]["side"] != "investigators"
    )
    state["turn"] = first
    return state


def _board(state: Json, audience: Audience, language: str) -> str:
    with translation.override(language):
        return render_to_string("systems/coc/_board.html", {"view": SYSTEM.view(state, audience)})


def test_a_players_board_says_someone_unseen_acts_and_leaves_it_off_the_order() -> None:
    state = _hidden_turn()
    acting = state["combatants"][state["order"][state["turn"]]["id"]]["name"]
    player = Audience("player", side="investigators", actors=frozenset({"walsh"}))
    page = _board(state, player, "en")
    assert "Someone not on your map acts now." in page
    order = page.split('class="coc-order"')[1].split("</ol>")[0]
    assert acting not in order
    assert 'aria-current="true"' not in page
    assert "一名不在你地图上的参战者正在行动。" in _board(state, player, "zh-hans")
    keeper = _board(state, Audience("gm"), "en")
    assert "Someone not on your map" not in keeper
    assert acting in keeper.split('class="coc-order"')[1].split("</ol>")[0]
    assert 'aria-current="true"' in keeper
