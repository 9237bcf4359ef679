"""SCENE-MOVE-1: with the mover's token on the map, a move is the token's. A system's own move
with its distance typed (Delta Green's walk, run and crawl, Ace's move and shooting
evasion), sent by hand as a
websocket message or a POST, is refused in words pointing to the map: before, it spent the
round's movement and left the token where it stood. Call of Cthulhu has no move of its own
besides the map's. Off the map, or with no token on it, the typed moves play as before."""

from __future__ import annotations

from typing import Any

from rules.core.registry import get_system
from tests.rules.scene.test_scene_actions import GM, Table, current_dg, dg

Json = dict[str, Any]
BY_THE_MAP = "token is on the map: move it on the map"


def test_dg_walk_run_and_crawl_typed_are_refused_on_the_map() -> None:
    table = dg()
    who = current_dg(table)
    name = table.state["combatants"][who]["name"]
    before = dict(table.state["combatants"][who]["round"])
    for kind, params in (("walk", {"metres": 2}), ("run", {"metres": 6}), ("crawl", {})):
        refusal = table.refused(kind, who, **params)
        assert refusal.startswith(f"{name}'s {BY_THE_MAP}"), (kind, refusal)
    assert table.state["combatants"][who]["round"] == before  # no metre spent


def test_dg_walk_typed_plays_without_a_token_on_the_map() -> None:
    table = Table("delta_green")
    table.mapped({"cultist1": (8, 8)})  # a map, but nobody else's token on it
    table.act("start_round", GM, faces=[3] * 20)
    who = current_dg(table)
    if who == "cultist1":  # its token is on the map: the map's move
        assert BY_THE_MAP in table.refused("walk", who, metres=2)
        return
    events = table.act("walk", who, metres=2)
    assert [e.kind for e in events] == ["move.walked"]


def test_ace_move_typed_is_refused_on_the_map() -> None:
    table = Table("ace")
    table.mapped({"lin": (0, 0), "su": (0, 2), "hound": (11, 9)})
    table.act("begin", GM, faces=[10] * 10)
    now = table.state["current"]
    used = dict(table.state["combatants"][now]["used"])
    assert BY_THE_MAP in table.refused("move", now, metres=3)
    # ACE-CMD-DEF-3: shooting evasion's half-speed move to cover is the map's too (evade ticked)
    assert BY_THE_MAP in table.refused("shooting_evasion", now, cover="partial")
    offered = {t.kind for t in table.system.legal_actions(table.state, now)}
    assert not {"move", "shooting_evasion"} & offered
    assert table.state["combatants"][now]["used"] == used  # the move action not spent
    del table.state["scene"]["tokens"][now]  # off the map: the typed move stays
    table.act("move", now, metres=3)
    assert table.state["combatants"][now]["used"]["move"] is True


def test_coc_has_no_typed_move_besides_the_maps() -> None:
    system = get_system("coc")
    kinds = {"move", "walk", "run"}
    state = system.start(system.demo())  # type: ignore[misc]
    offered = {t.kind for actor in state["combatants"] for t in system.legal_actions(state, actor)}
    assert not kinds & offered
