"""Delta Green on a scene map: shots, blows, blasts and suppressive fire read positions from the
tokens (SCENE-RANGE-1..3, SCENE-AREA-1/2, SCENE-REACH-1), the digest's examples on a grid."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from dg_helpers import SMG, agent, c, encounter, gm, play

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.delta_green import SYSTEM

Json = dict[str, Any]


def on_map(state: Json, cells: Json | None = None, **tokens: tuple[int, int]) -> Json:
    """The state with a 30 by 12 map of one-metre squares and these tokens on it."""
    placed = {who: {"at": list(at), "gm_only": False} for who, at in tokens.items()}
    scene = {"cols": 30, "rows": 12, "cell": "1", "unit": "m", "cells": cells or {}}
    return {**state, "scene": {**scene, "tokens": placed}}


def duel(**tokens: tuple[int, int]) -> Json:
    state = encounter(agent("a"), agent("b", hp=40))
    state, _ = gm(state, "start_round", [10, 1])
    return on_map(state, **tokens)


@pytest.mark.parametrize(
    ("at", "chance", "said"),
    [
        ((3, 0), 100, "3 m, from the map."),  # COC-PB-1: DEX 12 feet = 3.66 m: doubled
        ((20, 0), 50, "20 m, from the map."),  # within the pistol's 20 m base range
        ((21, 0), 25, "21 m, from the map."),  # COC-RANGE-1: beyond it, halved
        ((3, 4), 50, "5 m, from the map."),  # measured on the diagonal, centre to centre
    ],
)
def test_a_shot_reads_point_blank_and_range_from_the_tokens(
    at: tuple[int, int], chance: int, said: str
) -> None:
    state = duel(a=(0, 0), b=at)
    _, events = play(state, "fire", "a", [99], weapon="pistol", target="b")
    assert events[0].kind == "scene.measured"
    assert events[0].text == said
    assert events[1].payload["chance"] == chance


def test_the_odds_say_the_distance_came_from_the_map() -> None:
    state = duel(a=(0, 0), b=(21, 0))
    odds = SYSTEM.preview(state, Action("fire", "a", {"weapon": "pistol", "target": "b"}))
    assert odds["details"]["chance"] == 25
    assert odds["details"]["distance_msg"]["id"] == "scene.read.from_map_m"


def test_another_distance_needs_a_reason_and_the_log_shows_it() -> None:
    state = duel(a=(0, 0), b=(21, 0))
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="puts B 21 m away; to give 10 m, say why"):
        SYSTEM.resolve(
            state,
            Action("fire", "a", {"weapon": "pistol", "target": "b", "distance_m": 10}),
            LoadedDice([99]),
        )
    assert state == before
    reason = "the map is a sketch; she is at the door"
    _, events = play(
        state,
        "fire",
        "a",
        [99],
        weapon="pistol",
        target="b",
        distance_m=10,
        distance_reason=reason,
    )
    assert events[0].text == f"10 m, given instead of the map's 21 m: {reason}"
    assert events[1].payload["chance"] == 50


def test_full_cover_on_the_line_refuses_the_shot() -> None:
    cover = {"5,0": {"terrain": "cover_full", "gm_only": False}}
    state = on_map(duel(), cover, a=(0, 0), b=(10, 0))
    with pytest.raises(IllegalAction, match="A wall or full cover stands between A and B"):
        play(state, "fire", "a", [99], weapon="pistol", target="b")


def test_a_target_in_the_dark_is_shot_at_one_percent() -> None:
    dark = {"10,0": {"terrain": "dark", "gm_only": False}}
    state = on_map(duel(), dark, a=(0, 0), b=(10, 0))
    _, events = play(state, "fire", "a", [99], weapon="pistol", target="b")
    assert events[1].payload["chance"] == 1  # COC-DARK-2


def test_a_hidden_token_keeps_its_distance_line_to_the_gm() -> None:
    """SCENE-HIDE-1: a GM-only shooter's distance line goes to the GM alone."""
    state = duel(a=(0, 0), b=(6, 0))
    state["scene"]["tokens"]["a"]["gm_only"] = True
    _, events = play(state, "fire", "a", [99], weapon="pistol", target="b")
    assert events[0].audience == "gm"


def test_a_gm_only_target_or_wall_is_not_on_a_players_map() -> None:
    """SCENE-HIDE-1: a shot from a token players see reads the map as they see it: a GM-only
    target is measured for the GM alone (SCENE-HIDE-2) and a GM-only wall does not stop it."""
    state = duel(a=(0, 0), b=(6, 0))
    state["scene"]["tokens"]["b"]["gm_only"] = True
    _, events = play(state, "fire", "a", [99], weapon="pistol", target="b", distance_m="6")
    shown = [event for event in events if event.audience != "gm"]
    assert [event.kind for event in events if event not in shown] == ["scene.measured"]
    assert all(event.audience == "all" for event in shown)
    assert "from the map" not in " ".join(event.text for event in shown)
    walled = on_map(duel(), {"3,0": {"terrain": "wall", "gm_only": True}}, a=(0, 0), b=(6, 0))
    _, events = play(walled, "fire", "a", [99], weapon="pistol", target="b")  # not refused
    assert "from the map" in events[0].text


def test_a_blow_needs_the_square_next_to_the_target() -> None:
    state = duel(a=(0, 0), b=(2, 1))
    with pytest.raises(IllegalAction, match="B is not on a square next to A's"):
        play(state, "melee", "a", [20, 30], weapon="fist", target="b")
    state = duel(a=(0, 0), b=(1, 1))
    _, events = play(state, "melee", "a", [99], weapon="fist", target="b")
    assert events


def test_the_dynamite_example_on_a_grid_catches_exactly_those_inside() -> None:
    """COC-EXPL-1/-2, DG-ARM-7 placed on a map: 5d6 r 2 m centred on a square, A 1 m away rolls
    5d6, B 5 m away 3d6 less vest II at half AP; Far, 11 m away, is beyond the last band."""
    state = encounter(agent("a", hp=40), agent("b", hp=40, vest={"level": 2}), agent("far"))
    state = on_map(state, a=(11, 5), b=(15, 5), far=(21, 5))
    state, events = gm(
        state,
        "hazard",
        [1, 2, 3, 4, 5, 6, 6, 6],
        type="explosion",
        dice=5,
        radius_m=2,
        centre="10,5",
    )
    said = events[0].text
    assert "A at 1 m" in said
    assert "B at 5 m" in said
    assert "Far" not in said
    assert c(state, "a")["hp"] == 40 - 15
    assert c(state, "far")["hp"] == 12


def test_we_dg_04_suppressive_fire_takes_its_targets_from_the_area_on_the_map() -> None:
    """WE-DG-04 on a grid: the three dwarves standing together are inside a 2 m area; the fourth,
    away, is not; S 40, X 30, roll 11: the brave one at 70% is hit and impaled."""
    hernandez = agent("hernandez", dex=10, skills={"smg": 40, "firearms": 40}, weapons=[dict(SMG)])
    dwarves = [agent(f"d{i}", side="cult", dex=14) for i in (1, 2, 3, 4)]
    state = encounter(hernandez, *dwarves)
    state, _ = play(state, "set_brave", "d2", [])
    state, _ = gm(state, "start_round", [1, 10, 9, 8, 1])
    for cid in ("d1", "d2", "d3", "d4"):
        state, _ = play(state, "pass", cid, [])
    state = on_map(state, hernandez=(0, 0), d1=(10, 0), d2=(10, 1), d3=(11, 0), d4=(20, 8))
    state, events = play(
        state,
        "suppress",
        "hernandez",
        [11, 5, 6, 7],
        weapon="smg",
        x=30,
        rounds=10,
        area="10,0",
        area_radius=2,
    )
    assert events[0].payload["results"] == {"d1": "miss", "d2": "impale", "d3": "miss"}
    assert c(state, "d4")["penalties"] == []


def test_a_gm_only_token_caught_in_a_blast_is_told_to_the_gm_alone() -> None:
    """SCENE-HIDE-1: the blast's public line names only the tokens players see."""
    state = encounter(agent("a", hp=40), agent("lurker", hp=40))
    state = on_map(state, a=(11, 5), lurker=(12, 5))
    state["scene"]["tokens"]["lurker"]["gm_only"] = True
    state, events = gm(
        state,
        "hazard",
        [1, 1, 1, 1, 1, 2, 2, 2, 2, 2],
        type="explosion",
        dice=5,
        radius_m=2,
        centre="10,5",
    )
    secret, public = events
    assert secret.audience == "gm"
    assert "Lurker" in secret.text
    assert public.audience == "all"
    assert "Lurker" not in public.text
    assert c(state, "lurker")["hp"] == 40 - 5
    assert c(state, "a")["hp"] == 40 - 10


def _kinds(state: Json, actor: str) -> set[str]:
    return {t.kind for t in SYSTEM.legal_actions(state, actor)}


def test_on_the_map_a_walk_or_run_is_the_tokens_move_not_metres_typed() -> None:
    # DG-MOVE-1/2: with its token on the map, the agent walks or runs by the map's move (the
    # metres measured); off the map, or with no token on it, the typed forms stay.
    state = duel()
    assert {"walk", "run"} <= _kinds(state, "a")
    assert "scene_move" not in _kinds(state, "a")
    placed = on_map(state, a=(0, 0), b=(10, 0))
    assert not {"walk", "run"} & _kinds(placed, "a")
    moves = [t for t in SYSTEM.legal_actions(placed, "a") if t.kind == "scene_move"]
    assert [f.name for f in moves[0].fields] == ["x", "y", "run", "crawl"]
    assert not any("metres" in f.name for t in moves for f in t.fields)
    unplaced = on_map(state, b=(10, 0))
    assert {"walk", "run"} <= _kinds(unplaced, "a")


def _gm_only(state: Json, who: str) -> Json:
    state["scene"]["tokens"][who]["gm_only"] = True
    return state


def test_a_shot_at_a_gm_only_token_is_previewed_as_given_and_rolled_where_it_stands() -> None:
    # SCENE-HIDE-2: the agent's odds do not tell whether B stands 3 m off (point-blank) or 21 m
    # (past the pistol's range); the roll meets the true 21 m, the reading is the GM's line.
    near, far = _gm_only(duel(a=(0, 0), b=(3, 0)), "b"), _gm_only(duel(a=(0, 0), b=(21, 0)), "b")
    aim = {"weapon": "pistol", "target": "b", "distance_m": 10}
    odds = [SYSTEM.preview(state, Action("fire", "a", aim)) for state in (near, far)]
    assert odds[0] == odds[1]
    assert odds[0]["details"]["chance"] == 50  # the 10 m given: within base range
    assert odds[0]["details"]["distance_msg"]["id"] == "scene.read.unseen_m"
    _, events = play(far, "fire", "a", [99], **aim)
    assert (events[0].kind, events[0].audience, events[0].text) == (
        "scene.measured",
        "gm",
        "21 m, from the map.",
    )
    assert events[1].payload["chance"] == 25


def test_a_wall_on_the_true_line_to_a_gm_only_token_is_met_not_refused() -> None:
    # SCENE-HIDE-2: B stands GM-only behind a wall everyone sees, or in the open: the agent's
    # odds and the shot's acceptance read the same; the roll meets the wall (chance 0, a miss,
    # the round spent) in a line that names no square or distance.
    wall = {"5,0": {"terrain": "wall", "gm_only": False}}
    behind = _gm_only(on_map(duel(), wall, a=(0, 0), b=(8, 0)), "b")
    beside = _gm_only(on_map(duel(), wall, a=(0, 0), b=(3, 1)), "b")
    aim = {"weapon": "pistol", "target": "b", "distance_m": 5}
    odds = [SYSTEM.preview(state, Action("fire", "a", aim)) for state in (behind, beside)]
    assert odds[0] == odds[1]
    after, events = play(behind, "fire", "a", [1], **aim)  # a 01 meets the wall too
    shown = [event for event in events if event.audience != "gm"]
    assert [event.kind for event in shown] == ["scene.unmet", "attack.resolved"]
    assert shown[0].text == "A's attack meets a wall or full cover on its way to B: it cannot hit."
    assert shown[1].payload["results"] == ["miss"]
    assert "a wall in the way x0 = 0" in shown[1].text
    assert not any(word in event.text for event in shown for word in (" m,", "8", "square"))
    assert c(after, "b")["hp"] == 40
    assert c(after, "a")["weapons"]["pistol"]["loaded"] == 14  # the round is spent
    _, events = play(beside, "fire", "a", [99], **aim)
    assert "scene.unmet" not in [event.kind for event in events]


def test_a_blow_at_a_gm_only_token_out_of_reach_misses_without_a_refusal() -> None:
    # SCENE-HIDE-3: whether the agent may swing at B does not tell where B stands; the blow
    # meets the true map: next to A it lands as any, two squares off it cannot hit.
    near = _gm_only(duel(a=(0, 0), b=(1, 1)), "b")
    far = _gm_only(duel(a=(0, 0), b=(2, 1)), "b")
    blow = {"weapon": "fist", "target": "b"}
    odds = [SYSTEM.preview(state, Action("melee", "a", blow)) for state in (near, far)]
    assert odds[0] == odds[1]
    assert odds[0]["details"]["distance_msg"]["id"] == "scene.read.unseen_reach"
    after, events = play(far, "melee", "a", [1], **blow)
    assert [event.kind for event in events] == ["scene.unmet", "attack.resolved"]
    assert events[0].text == "A strikes at B, who is not within reach: the blow cannot hit."
    assert events[1].payload["results"] == ["miss"]
    assert c(after, "a")["round"]["attacks"] == 1  # the action is spent
    _, events = play(near, "melee", "a", [20, 1, 2], **blow)
    assert events[-1].payload["results"] == ["hit"]


def _hurt(**tokens: tuple[int, int]) -> Json:
    """A and B on the map, B with a 6-point chest wound and burning; A acts first."""
    state = duel(**tokens)
    state, _ = gm(state, "gm_damage", [], target="b", amount=6, location="chest")
    state, _ = gm(state, "gm_condition", [], target="b", condition="on_fire", on=True)
    return state


@pytest.mark.parametrize(
    ("kind", "params"),
    [
        ("first_aid", {"target": "b", "location": "chest"}),
        ("first_aid", {"wound": "b:chest", "skill": "medicine"}),
        ("put_out", {"target": "b", "skill": "first_aid"}),
    ],
)
def test_scene_reach_2_treating_another_needs_the_square_next_to_it(
    kind: str, params: Json
) -> None:
    # SCENE-REACH-2: a helper found First Aid, Medicine and putting out flames reached across
    # the map; two squares off they are refused, nothing stored; next to B they are played.
    far = _hurt(a=(0, 0), b=(2, 1))
    with pytest.raises(IllegalAction, match="B is not on a square next to A's") as refused:
        play(far, kind, "a", [], **params)
    assert refused.value.rule == "SCENE-REACH-2"
    _, events = play(_hurt(a=(0, 0), b=(1, 1)), kind, "a", [99], **params)
    assert events[0].kind != "scene.unmet"
    _, events = play(_hurt(a=(0, 0)), kind, "a", [99], **params)  # B off the map: as before
    assert events


def test_scene_reach_2_treating_a_gm_only_token_out_of_reach_spends_the_action() -> None:
    # SCENE-HIDE-3 for a touch: not refused, the rest of the round spent, no die rolled, a line
    # naming no square; next to A the same treatment is played as any.
    far = _gm_only(_hurt(a=(0, 0), b=(2, 1)), "b")
    after, events = play(far, "first_aid", "a", [], target="b", location="chest")
    assert [event.kind for event in events] == ["scene.unmet"]
    said = "A reaches for B, who is not within reach: nothing can be done for them."
    assert events[0].text == said
    assert events[0].payload["unmet"] == "touch"
    assert c(after, "b")["damage"]["chest"] == 6
    assert c(after, "a")["round"]["spent"] == c(far, "a")["round"]["cards"]
    after, events = play(far, "put_out", "a", [], target="b", skill="first_aid")
    assert [event.text for event in events] == [said]
    assert c(after, "b")["on_fire"]
    assert c(after, "a")["round"]["spent"] == 1
    near = _gm_only(_hurt(a=(0, 0), b=(1, 1)), "b")
    after, _ = play(near, "first_aid", "a", [10, 3], target="b", location="chest")
    assert c(after, "b")["damage"]["chest"] == 3
