"""The scene map's actions in each system: the GM's tools (SCENE-MAP-1..4), the move and each
system's allowance (SCENE-MOVE-1..3, DG-MOVE-1/2, ACE-SPEED-1, ACE-CMD-DEF-3/4), who moves whose
token (SCENE-MOVE-2) and GM-only tokens and squares (SCENE-HIDE-1)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from rules.core.actions import GM_ACTOR
from rules.core.dice import LoadedDice
from rules.core.errors import RulesError
from rules.core.registry import get_system
from rules.core.system import Action, Audience, Event

Json = dict[str, Any]
GM = GM_ACTOR


class Table:
    """One system's demo encounter, played action by action with loaded dice."""

    def __init__(self, key: str) -> None:
        self.system = get_system(key)
        self.state = self.system.start(self.system.demo())

    def act(self, kind: str, actor: str, faces: Iterable[int] = (), **params: Any) -> list[Event]:
        events = self.system.resolve(self.state, Action(kind, actor, params), LoadedDice(faces))
        for event in events:
            self.state = self.system.apply(self.state, event)
        return events

    def refused(self, kind: str, actor: str, **params: Any) -> str:
        before = self.state
        with pytest.raises(RulesError) as refusal:
            self.act(kind, actor, **params)
        assert self.state is before
        return str(refusal.value)

    def at(self, who: str) -> list[int]:
        return list(self.state["scene"]["tokens"][who]["at"])

    def mapped(self, places: dict[str, tuple[int, int]], hidden: Iterable[str] = ()) -> None:
        self.act("scene_setup", GM, cols=12, rows=10, cell="1")
        for who, (x, y) in places.items():
            self.act("scene_place", GM, who=who, x=x, y=y, gm_only=who in hidden)


def dg() -> Table:
    table = Table("delta_green")
    table.mapped({"hernandez": (1, 1), "walsh": (3, 1), "cultist1": (8, 8)}, hidden=["cultist1"])
    table.act("start_round", GM, faces=[3] * 20)
    return table


def current_dg(table: Table) -> str:
    from rules.delta_green.state import current_actor

    now = current_actor(table.state)
    assert now is not None
    return now


# --- the GM's tools ---------------------------------------------------------------------------


def test_no_map_no_scene_key_and_no_move() -> None:
    table = Table("delta_green")
    assert "scene" not in table.state
    assert "scene" not in table.system.view(table.state, Audience("gm"))
    kinds = {t.kind for t in table.system.legal_actions(table.state, GM)}
    assert "scene_setup" in kinds
    assert "scene_paint" not in kinds
    assert "no map" in table.refused("scene_paint", GM, cells="1,1", terrain="wall")


def test_setup_sets_the_shape_in_the_systems_unit() -> None:
    table = Table("coc")
    events = table.act("scene_setup", GM, cols=20, rows=14, cell="1.50", image="7")
    assert events[0].kind == "scene.set"
    assert table.state["scene"] == {
        "cols": 20,
        "rows": 14,
        "cell": "1.5",
        "unit": "yd",
        "cells": {},
        "tokens": {},
        "image": {"id": 7, "x": 0, "y": 0, "cols": 20, "rows": 14},
    }
    assert "between 4 and 80" in table.refused("scene_setup", GM, cols=3, rows=14)
    assert "above 0" in table.refused("scene_setup", GM, cols=10, rows=10, cell="0")
    assert "above 0" in table.refused("scene_setup", GM, cols=10, rows=10, cell="nan")


def test_setup_keeps_tokens_and_refuses_a_size_that_leaves_one_outside() -> None:
    table = Table("delta_green")
    table.mapped({"walsh": (10, 2)})
    assert "Walsh" in table.refused("scene_setup", GM, cols=8, rows=8)
    table.act("scene_setup", GM, cols=11, rows=8, cell="2")
    assert table.at("walsh") == [10, 2]
    assert table.state["scene"]["cell"] == "2"


def test_only_the_gm_uses_the_map_tools() -> None:
    table = Table("ace")
    table.mapped({"lin": (0, 0)})
    assert "may not" in table.refused("scene_place", "lin", who="lin", x=3, y=3)
    assert "may not" in table.refused("scene_setup", "lin", cols=10, rows=10)


def test_paint_and_clear_squares() -> None:
    table = Table("delta_green")
    table.mapped({"walsh": (0, 0)})
    table.act("scene_paint", GM, cells="3,3;3,4", terrain="wall")
    assert table.state["scene"]["cells"]["3,4"] == {"terrain": "wall", "gm_only": False}
    table.act("scene_paint", GM, cells="3,4", terrain="clear")
    assert "3,4" not in table.state["scene"]["cells"]
    assert "not on the map" in table.refused("scene_paint", GM, cells="30,1", terrain="wall")
    assert "x,y" in table.refused("scene_paint", GM, cells="a;b", terrain="wall")
    assert "taken" in table.refused("scene_paint", GM, cells="0,0", terrain="wall")


def test_place_refuses_a_wall_and_a_taken_square() -> None:
    table = Table("delta_green")
    table.mapped({"walsh": (0, 0)})
    table.act("scene_paint", GM, cells="5,5", terrain="wall")
    assert "wall" in table.refused("scene_place", GM, who="hernandez", x=5, y=5)
    assert "taken" in table.refused("scene_place", GM, who="hernandez", x=0, y=0)
    table.act("scene_place", GM, who="walsh", x=0, y=1)  # re-placed
    assert table.at("walsh") == [0, 1]


# --- moving -----------------------------------------------------------------------------------


def test_dg_walks_four_metres_on_its_turn_and_records_them() -> None:
    """DG-MOVE-1: 4 m a round, split between turns; the round's moved_m is the rules' own."""
    table = dg()
    who = current_dg(table)
    x, y = table.at(who)
    events = table.act("scene_move", who, who=who, x=x, y=y + 3)
    # one log line per move: the walk is the map's move, not "walks 3 m" and "moves 3 m" too
    assert [e.kind for e in events] == ["scene.moved"]
    assert events[0].text.endswith("moves 3 m on the map.")
    assert events[-1].payload["distance"] == "3"
    assert table.at(who) == [x, y + 3]
    assert table.state["combatants"][who]["round"]["moved_m"] == 3
    refusal = table.refused("scene_move", who, who=who, x=x, y=y + 5)
    assert "may move 1 m now" in refusal


def test_dg_runs_eight_metres_for_an_action() -> None:
    """DG-MOVE-2: running raises the round's cap to 8 m, costs an action, once a round."""
    table = dg()
    who = current_dg(table)
    x, y = table.at(who)
    events = table.act("scene_move", who, who=who, x=x, y=y + 7, run=True)
    assert [e.kind for e in events] == ["scene.moved"]  # one line, saying the run's penalty
    assert "runs 7 m (-10% to skill rolls" in events[0].text
    assert table.state["combatants"][who]["round"]["ran"] is True
    assert table.at(who) == [x, y + 7]


def test_diagonal_steps_and_difficult_ground_cost_their_length() -> None:
    """SCENE-GRID-2 read by the move: a diagonal step is 1.4 m, difficult ground doubles, and
    the path goes round it when that is shorter."""
    table = dg()
    who = current_dg(table)
    x, y = table.at(who)
    events = table.act("scene_move", who, who=who, x=x + 2, y=y + 2)
    assert events[-1].payload["distance"] == "2.8"
    other = dg()
    table.act("scene_paint", GM, cells=f"{x + 1},{y + 1}", terrain="difficult")
    other.act("scene_paint", GM, cells=f"{x + 1},{y + 1}", terrain="difficult")
    events = other.act("scene_move", who, who=who, x=x + 2, y=y + 2)
    assert events[-1].payload["distance"] == "3.4"  # 1 + 1.4 + 1 round the mud, not 4.2
    assert events[-1].payload["path"][1] != [x + 1, y + 1]


def test_nobody_moves_anothers_token_and_the_gm_moves_only_npcs() -> None:
    """SCENE-MOVE-2."""
    table = dg()
    who = current_dg(table)
    other = next(c for c in ("hernandez", "walsh") if c != who)
    x, y = table.at(who)
    assert "own token" in table.refused("scene_move", other, who=who, x=x, y=y + 1)
    if table.state["combatants"][who]["controller"] != GM:
        assert "GM's own" in table.refused("scene_move", GM, who=who, x=x, y=y + 1)


def test_coc_moves_eight_yards_a_round_on_its_turn() -> None:
    """SCENE-MOVE-3 (our default; the seed gives none)."""
    table = Table("coc")
    table.mapped({"mara": (0, 0), "walsh": (5, 0), "finch": (6, 0), "cultist": (11, 9)})
    table.act("next_round", GM)
    now = table.state["order"][table.state["turn"]]["id"]
    if now != "mara":
        assert "turn" in table.refused("scene_move", "mara", who="mara", x=0, y=1)
        return
    table.act("scene_move", "mara", who="mara", x=0, y=5)
    assert table.state["combatants"]["mara"]["round"]["moved"] == "5"
    assert "may move 3 yd now" in table.refused("scene_move", "mara", who="mara", x=0, y=9)


def test_ace_moves_its_speed_and_half_when_evading() -> None:
    """ACE-SPEED-1 and ACE-CMD-DEF-3: speed metres per move action, half evading shots."""
    table = Table("ace")
    table.mapped({"lin": (0, 0), "su": (0, 2), "hound": (11, 9)})
    table.act("begin", GM, faces=[10] * 10)
    now = table.state["current"]
    x, y = table.at(now)
    forms = [t for t in table.system.legal_actions(table.state, now) if t.kind == "scene_move"]
    assert forms
    allow = forms[0].hints["allowances"]
    half = int(allow["evade"])
    assert half == int(allow[""]) // 2
    assert "away" in table.refused("scene_move", now, who=now, x=x + half + 1, y=y, evade=True)
    events = table.act("scene_move", now, who=now, x=x + half, y=y, evade=True)
    assert events[0].kind == "cover.set"
    assert table.state["combatants"][now]["used"]["move"] is True


# --- hidden tokens and squares ----------------------------------------------------------------


def _player(who: str) -> Audience:
    return Audience("player", actors=frozenset({who}))


def test_gm_only_token_and_square_are_seen_by_the_gm_alone() -> None:
    """SCENE-HIDE-1: views and events."""
    table = Table("delta_green")
    table.act("scene_setup", GM, cols=12, rows=10)
    placed = table.act("scene_place", GM, who="cultist1", x=4, y=4, gm_only=True)
    painted = table.act("scene_paint", GM, cells="6,6", terrain="wall", gm_only=True)
    assert placed[0].audience == "gm"
    assert painted[0].audience == "gm"
    seen = table.system.view(table.state, _player("walsh"))["scene"]
    assert "cultist1" not in seen["tokens"]
    assert "6,6" not in seen["cells"]
    gm = table.system.view(table.state, Audience("gm"))["scene"]
    assert "cultist1" in gm["tokens"]
    assert "6,6" in gm["cells"]
    cleared = table.act("scene_paint", GM, cells="6,6", terrain="clear")
    assert [e.audience for e in cleared] == ["gm"]


def test_reveal_shows_the_token_to_everyone() -> None:
    """SCENE-MAP-4."""
    table = Table("delta_green")
    table.act("scene_setup", GM, cols=12, rows=10)
    table.act("scene_place", GM, who="cultist1", x=4, y=4, gm_only=True)
    events = table.act("scene_reveal", GM, who="cultist1")
    assert events[0].audience == "all"
    assert "cultist1" in table.system.view(table.state, _player("walsh"))["scene"]["tokens"]
    assert "Nothing hidden" in table.refused("scene_reveal", GM, who="cultist1")


def test_a_hidden_token_stops_a_move_without_being_named() -> None:
    """SCENE-HIDE-1: the path is planned on the players' map; walking it, the token stops on
    the last square before the hidden one, and nothing names it."""
    table = dg()
    who = current_dg(table)
    x, y = table.at(who)
    table.act("scene_place", GM, who="cultist1", x=x, y=y + 2, gm_only=True)
    events = table.act("scene_move", who, who=who, x=x, y=y + 3)
    moved = events[-1]
    assert moved.audience == "all"
    assert moved.payload["stopped"] is True
    assert table.at(who) == [x, y + 1]
    assert "cultist1" not in str(moved.payload)
    assert "Cultist" not in moved.text


def test_a_gm_only_tokens_move_goes_to_the_gm_alone() -> None:
    """SCENE-HIDE-1: its system's movement event too; a player's own GM-only token is theirs
    to see and move."""
    table = Table("delta_green")
    table.mapped({"hernandez": (1, 1), "walsh": (3, 1), "cultist1": (8, 8)})
    table.act("start_round", GM, faces=[3] * 20)
    who = current_dg(table)
    placed = table.act("scene_place", GM, who=who, x=1, y=5, gm_only=True)
    events = table.act("scene_move", who, who=who, x=2, y=5)
    played = table.state["combatants"][who]["controller"] != GM
    expected = f"actor:{who}" if played else "gm"  # its player reads it too, nobody else
    assert {e.audience for e in [*placed, *events]} == {expected}
    own = table.system.view(table.state, _player(who))["scene"]["tokens"]
    assert own[who]["at"] == [2, 5]
    other = next(c for c in ("hernandez", "walsh", "serge") if c != who)
    assert who not in table.system.view(table.state, _player(other))["scene"]["tokens"]


def test_an_unnoticed_ace_combatants_token_is_its_sides_and_the_gms() -> None:
    """ACE-STEALTH-1 on the map: placing, revealing and moving the token of a combatant the
    other side has not noticed is told to its side and the GM only."""
    table = Table("ace")
    table.act("scene_setup", GM, cols=12, rows=10)
    table.state["combatants"]["su"]["hidden"] = True
    placed = table.act("scene_place", GM, who="su", x=3, y=3, gm_only=True)
    assert placed[0].audience == "actor:su"  # GM-only: Su's player and the GM
    shown = table.act("scene_reveal", GM, who="su")
    side = table.state["combatants"]["su"]["side"]
    assert shown[0].audience == f"side:{side}"
    replaced = table.act("scene_place", GM, who="su", x=4, y=3)
    assert replaced[0].audience == f"side:{side}"
    hound = Audience("player", side="monsters", actors=frozenset({"hound"}))
    assert "su" not in table.system.view(table.state, hound)["scene"]["tokens"]


def test_dg_crawls_a_metre_for_an_action_when_prone() -> None:
    """DG-WOUND-2 / DG-WOUND-10: prone, walking is refused (stand first) but a crawl goes 1 m for
    an action."""
    table = dg()
    who = current_dg(table)
    table.state["combatants"][who]["prone"] = True
    x, y = table.at(who)
    assert "stand" in table.refused("scene_move", who, who=who, x=x, y=y + 1).lower()
    assert "away" in table.refused("scene_move", who, who=who, x=x + 1, y=y + 1, crawl=True)
    events = table.act("scene_move", who, who=who, x=x, y=y + 1, crawl=True)
    assert [e.kind for e in events] == ["scene.moved"]
    assert events[0].text.endswith("crawls 1 m")
    assert table.at(who) == [x, y + 1]
