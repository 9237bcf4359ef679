"""SCENE-HIDE-4 on the Delta Green board: while a GM-only NPC takes its turn, a player's ladder
leaves it out and the status line says someone off their map acts, not that the round is over."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation

from rules.core.dice import LoadedDice
from rules.core.system import Action, Audience
from rules.delta_green import SYSTEM
from vtt.tables.delta_green import board_context

Json = dict[str, Any]


def _hidden_npcs_turn() -> tuple[Json, str]:
    state = SYSTEM.start(SYSTEM.demo())  # type: ignore[misc]
    npc = next(k for k, c in state["combatants"].items() if c.get("controller", "gm") == "gm")
    tokens = {
        who: {"at": [n, 0], "gm_only": who == npc} for n, who in enumerate(state["combatants"])
    }
    state["scene"] = {
        "cols": 12,
        "rows": 10,
        "cell": "1",
        "unit": "m",
        "cells": {},
        "tokens": tokens,
    }
    for event in SYSTEM.resolve(state, Action("start_round", "gm", {}), LoadedDice([3] * 20)):
        state = SYSTEM.apply(state, event)
    state["order"] = [npc, *[k for k in state["order"] if k != npc]]
    return state, npc


def _board(state: Json, audience: Audience, language: str) -> str:
    context = board_context(SYSTEM.view(state, audience), audience, {})
    context["encounter"] = SimpleNamespace(pk=1, seq=1)  # the links the cards draw
    with translation.override(language):
        return render_to_string("systems/delta_green/_board.html", context)


def test_a_players_board_says_someone_unseen_acts_and_leaves_it_off_the_ladder() -> None:
    state, npc = _hidden_npcs_turn()
    player = Audience("player", actors=frozenset({"serge"}))
    page = _board(state, player, "en")
    assert "Someone not on your map acts now." in page
    assert "Every card is spent" not in page
    assert f'data-ladder="{npc}"' not in page
    assert "一名不在你地图上的参战者正在行动。" in _board(state, player, "zh-hans")
    gm = _board(state, Audience("gm"), "en")
    assert f'data-ladder="{npc}"' in gm
    assert "acts now." in gm
    assert "Someone not on your map" not in gm
