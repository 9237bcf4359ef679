"""Call of Cthulhu on a scene map: shots, blows and blasts read their distances from the tokens
(SCENE-RANGE-1..3, SCENE-AREA-1, SCENE-REACH-1), with scripted dice."""

from __future__ import annotations

from typing import Any

import pytest
from coc_helpers import act, duel, kinds, person, scene, texts

from rules.coc import SYSTEM
from rules.core.errors import IllegalAction
from rules.core.system import Action

Json = dict[str, Any]


def on_map(state: Json, cells: Json | None = None, **tokens: tuple[int, int]) -> Json:
    """The state with a 30 by 10 map of one-yard squares and these tokens on it."""
    placed = {who: {"at": list(at), "gm_only": False} for who, at in tokens.items()}
    return {
        **state,
        "scene": {
            "cols": 30,
            "rows": 10,
            "cell": "1",
            "unit": "yd",
            "cells": cells or {},
            "tokens": placed,
        },
    }


def test_a_shot_reads_its_yards_from_the_tokens_and_says_so() -> None:
    # Handgun 40, revolver base range 15 yards: at 16 yards the chance halves (COC-RANGE-1).
    state = on_map(duel(), ann=(0, 0), bob=(16, 0))
    _, events = act(state, "fire", "ann", [90], weapon="revolver", target="bob")
    assert kinds(events)[0] == "scene.measured"
    assert events[0].text == "16 yards, from the map."
    assert "against 20%" in texts(events)


def test_the_same_figure_typed_is_the_maps_and_needs_no_reason() -> None:
    state = on_map(duel(), ann=(0, 0), bob=(3, 4))  # 5 yards on the diagonal
    _, events = act(state, "fire", "ann", [90], weapon="revolver", target="bob", distance=5)
    assert events[0].text == "5 yards, from the map."


def test_another_distance_needs_a_reason_which_the_log_shows() -> None:
    state = on_map(duel(), ann=(0, 0), bob=(16, 0))
    with pytest.raises(IllegalAction, match="puts Bob 16 yards away; to give 8 yards, say why"):
        act(state, "fire", "ann", weapon="revolver", target="bob", distance=8)
    why = "he stepped out of the doorway"
    _, events = act(
        state,
        "fire",
        "ann",
        [90],
        weapon="revolver",
        target="bob",
        distance=8,
        distance_reason=why,
    )
    assert events[0].text == f"8 yards, given instead of the map's 16 yards: {why}"
    assert "against 40%" in texts(events)  # the typed 8 yards: within base range


def test_a_wall_on_the_line_refuses_the_shot_and_changes_nothing() -> None:
    wall = {"5,0": {"terrain": "wall", "gm_only": False}}
    state = on_map(duel(), wall, ann=(0, 0), bob=(10, 0))
    with pytest.raises(IllegalAction, match="A wall or full cover stands between Ann and Bob"):
        act(state, "fire", "ann", weapon="revolver", target="bob")


def test_a_target_in_a_dark_square_is_shot_at_in_darkness() -> None:
    dark = {"10,0": {"terrain": "dark", "gm_only": False}}
    state = on_map(duel(), dark, ann=(0, 0), bob=(10, 0))
    _, events = act(state, "fire", "ann", [90], weapon="revolver", target="bob")
    assert events[0].payload["dark"] is True
    assert "against 1%" in texts(events)  # COC-DARK-2


def test_the_odds_say_where_the_distance_came_from() -> None:
    state = on_map(duel(), ann=(0, 0), bob=(16, 0))
    odds = SYSTEM.preview(state, Action("fire", "ann", {"weapon": "revolver", "target": "bob"}))
    assert odds["details"]["distance_msg"]["params"]["distance"] == "16"


def test_a_shotgun_band_follows_the_map() -> None:
    # COC-SHOTGUN-4: 4d6 to 10 yards, 2d6 to 20: at 15 yards on the map, two dice.
    state = on_map(duel(), ann=(0, 0), bob=(15, 0))
    _, events = act(state, "fire", "ann", [20, 1, 1], weapon="shotgun", target="bob")
    assert "2d6" in texts(events)


def test_a_blow_needs_the_next_square() -> None:
    state = on_map(duel(), ann=(0, 0), bob=(2, 0))
    with pytest.raises(IllegalAction, match="Bob is not on a square next to Ann's"):
        act(state, "attack", "ann", weapon="knife", target="bob")
    state = on_map(duel(), ann=(0, 0), bob=(1, 1))
    _, events = act(state, "attack", "ann", [90], weapon="knife", target="bob")
    assert "attack" in texts(events).lower()


def test_a_blast_on_a_square_catches_exactly_those_inside_its_bands() -> None:
    # COC-EXPL-1: 3d6 radius 2 yards: 3d6 within 2, 2d6 within 4, 1d6 within 6, nothing beyond.
    state = scene(
        ("ann", person("Ann")), ("bob", person("Bob")), ("cy", person("Cy")), ("dee", person("Dee"))
    )
    state = on_map(state, ann=(10, 5), bob=(13, 5), cy=(16, 5), dee=(17, 5))
    faces = [1, 1, 1, 2, 2, 3]  # Ann 3d6 (at 0), Bob 2d6 (at 3), Cy 1d6 (at 6); Dee at 7 untouched
    _, events = act(state, "explode", "gm", faces, dice=3, radius=2, centre="10,5")
    said = texts(events)
    assert "Dee" not in said
    for name in ("Ann", "Bob", "Cy"):
        assert name in said


def test_without_a_map_the_typed_distance_is_played_as_before() -> None:
    _, events = act(duel(), "fire", "ann", [90], weapon="revolver", target="bob", distance=16)
    assert "scene.measured" not in kinds(events)
    assert "against 20%" in texts(events)


def test_a_gm_only_token_caught_in_a_blast_is_told_to_the_keeper_alone() -> None:
    # SCENE-HIDE-1: the lurker's band, roll and wounds reach no player.
    state = scene(("ann", person("Ann")), ("lurker", person("Lurker")))
    state = on_map(state, ann=(10, 5), lurker=(11, 5))
    state["scene"]["tokens"]["lurker"]["gm_only"] = True
    _, events = act(state, "explode", "gm", [1, 1, 1, 1], dice=2, radius=2, centre="10,5")
    for event in events:
        if "Lurker" in event.text:
            assert event.audience == "gm"
    assert any("Ann" in e.text and e.audience == "all" for e in events)


def test_a_shot_at_a_gm_only_token_is_previewed_as_given_and_rolled_where_it_stands() -> None:
    # SCENE-HIDE-2: Ann's odds do not tell whether Bob stands 5 yards off or 16 yards off in the
    # dark; the roll meets the true square (COC-DARK-2: 01), the reading is the Keeper's line.
    near = on_map(duel(), ann=(0, 0), bob=(5, 0))
    dark = {"16,0": {"terrain": "dark", "gm_only": False}}
    far = on_map(duel(), dark, ann=(0, 0), bob=(16, 0))
    for state in (near, far):
        state["scene"]["tokens"]["bob"]["gm_only"] = True
    aim = {"weapon": "revolver", "target": "bob", "distance": 8}
    odds = [SYSTEM.preview(state, Action("fire", "ann", aim)) for state in (near, far)]
    assert odds[0] == odds[1]
    assert odds[0]["details"]["distance_msg"]["id"] == "scene.read.unseen_yd"
    _, events = act(far, "fire", "ann", [90], **aim)
    assert (events[0].kind, events[0].audience) == ("scene.measured", "gm")
    assert events[0].text == "16 yards, from the map."
    assert "against 1%" in texts(events)


def _gm_only(state: Json, who: str) -> Json:
    state["scene"]["tokens"][who]["gm_only"] = True
    return state


def test_a_wall_on_the_true_line_to_a_gm_only_token_is_met_not_refused() -> None:
    # SCENE-HIDE-2: Bob stands GM-only behind a wall everyone sees, or beside it in the open:
    # Ann's odds read the same; the shot meets the wall (0%, a miss) in words naming no square.
    wall = {"5,0": {"terrain": "wall", "gm_only": False}}
    behind = _gm_only(on_map(duel(), wall, ann=(0, 0), bob=(8, 0)), "bob")
    beside = _gm_only(on_map(duel(), wall, ann=(0, 0), bob=(3, 1)), "bob")
    aim = {"weapon": "revolver", "target": "bob", "distance": 5}
    odds = [SYSTEM.preview(state, Action("fire", "ann", aim)) for state in (behind, beside)]
    assert odds[0] == odds[1]
    after, events = act(behind, "fire", "ann", [1], **aim)
    shown = [event for event in events if event.audience != "gm"]
    assert kinds(shown)[:2] == ["scene.unmet", "attack.rolled"]
    assert (
        shown[0].text == "Ann's attack meets a wall or full cover on its way to Bob: it cannot hit."
    )
    assert "1 against 0% - a miss" in shown[1].text
    assert after["combatants"]["bob"]["hp"] == 12
    assert "scene.unmet" not in kinds(act(beside, "fire", "ann", [90], **aim)[1])


def test_a_blow_at_a_gm_only_token_out_of_reach_misses_without_a_refusal() -> None:
    # SCENE-HIDE-3: Ann's knife is not refused for Bob two squares off: it meets no one.
    near = _gm_only(on_map(duel(), ann=(0, 0), bob=(1, 1)), "bob")
    far = _gm_only(on_map(duel(), ann=(0, 0), bob=(2, 0)), "bob")
    blow = {"weapon": "knife", "target": "bob"}
    odds = [SYSTEM.preview(state, Action("attack", "ann", blow)) for state in (near, far)]
    assert odds[0] == odds[1]
    assert odds[0]["details"]["distance_msg"]["id"] == "scene.read.unseen_reach"
    _, events = act(far, "attack", "ann", [1], **blow)
    assert events[0].text == "Ann strikes at Bob, who is not within reach: the blow cannot hit."
    assert "1 against 0% - a miss" in texts(events)
    assert "scene.unmet" not in kinds(act(near, "attack", "ann", [90], **blow)[1])


@pytest.mark.parametrize("kind", ["first_aid", "medicine"])
def test_scene_reach_2_treating_another_needs_the_next_square(kind: str) -> None:
    # SCENE-REACH-2: a helper found First Aid and Medicine (First Aid also puts flames out,
    # COC-FIRE-5) reached Bob across the map; two squares off they are refused, nothing stored.
    far = on_map(duel(), ann=(0, 0), bob=(2, 0))
    with pytest.raises(IllegalAction, match="Bob is not on a square next to Ann's") as refused:
        act(far, kind, "ann", target="bob")
    assert refused.value.rule == "SCENE-REACH-2"
    _, events = act(on_map(duel(), ann=(0, 0), bob=(1, 1)), "medicine", "ann", [99], target="bob")
    assert kinds(events)[0] == "medicine.rolled"


def test_scene_reach_2_treating_a_gm_only_token_out_of_reach_spends_the_turn() -> None:
    # SCENE-HIDE-3 for a touch: not refused, Ann's turn spent, no die rolled, a line naming no
    # square; next to Ann the same treatment is rolled as any.
    far = _gm_only(on_map(duel(), ann=(0, 0), bob=(3, 0)), "bob")
    after, events = act(far, "medicine", "ann", target="bob")
    assert kinds(events)[0] == "scene.unmet"
    said = "Ann reaches for Bob, who is not within reach: nothing can be done for them."
    assert events[0].text == said
    assert after["order"][after["turn"]]["id"] == "bob"  # the turn is spent
    near = _gm_only(on_map(duel(), ann=(0, 0), bob=(1, 0)), "bob")
    _, events = act(near, "medicine", "ann", [99], target="bob")
    assert kinds(events)[0] == "medicine.rolled"
