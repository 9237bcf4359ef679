"""Ace Evolution on a scene map: reach, the line of fire, cover read from the painted squares,
grapple drags and stealth observers, with scripted dice (ACE-SPEED-1, ACE-GRAPPLE-5/-8,
ACE-STEALTH-1/2, ACE-CMD-DEF-3 with ACE-COVER-*, SCENE-REACH-1, SCENE-RANGE-2)."""

from __future__ import annotations

from typing import Any

import pytest
from ace_helpers import c, play, table, turn_of

from rules.ace import SYSTEM
from rules.core.errors import IllegalAction
from rules.core.system import Action, Audience

Json = dict[str, Any]


def on_map(state: Json, cells: Json | None = None, **tokens: tuple[int, int]) -> Json:
    """The state with a 30 by 12 map of one-metre squares and these tokens on it."""
    placed = {who: {"at": list(at), "gm_only": False} for who, at in tokens.items()}
    painted = {k: {"terrain": v, "gm_only": False} for k, v in (cells or {}).items()}
    scene = {"cols": 30, "rows": 12, "cell": "1", "unit": "m", "cells": painted}
    return {**state, "scene": {**scene, "tokens": placed}}


def _total(events: list[Any]) -> int:
    return int(next(e for e in events if "hit" in e.payload).payload["hit"]["total"])


def _in_cover(**tokens: tuple[int, int]) -> Json:
    """The hound has taken heavy cover behind a crate painted west of it at 9,5."""
    state, _ = play(table(), "set_cover", "gm", target="hound", cover="heavy")
    return turn_of(on_map(state, {"9,5": "cover_heavy"}, **tokens), "lin")


def test_cover_counts_from_the_side_the_painted_cover_faces() -> None:
    # ACE-COVER-1 / ACE-EX-15 on a map: a knife throw, d20 10 + 8; across the crate -8.
    state = _in_cover(lin=(0, 5), hound=(10, 5))
    _, events = play(state, "attack", "lin", [10], target="hound", weapon="knives")
    assert _total(events) == 10
    flank = _in_cover(lin=(10, 0), hound=(10, 5))  # from the north the crate covers nothing
    _, events = play(flank, "attack", "lin", [10], target="hound", weapon="knives")
    assert _total(events) == 18
    odds = SYSTEM.preview(  # type: ignore[misc]
        state, Action("attack", "lin", {"target": "hound", "weapon": "knives"})
    )
    assert odds["details"]["bonus"] == 8 - 8


def test_beside_the_target_the_map_says_adjacent_and_cover_does_not_count() -> None:
    # ACE-AMB-39: no tick box on a map; the squares say whether the thrower stands beside it.
    state = _in_cover(lin=(9, 6), hound=(10, 5))
    attack = next(t for t in SYSTEM.legal_actions(state, "lin") if t.kind == "attack")
    assert "adjacent" not in [f.name for f in attack.fields]
    _, events = play(state, "attack", "lin", [10], target="hound", weapon="knives")
    assert _total(events) == 18


def test_cover_taken_with_nothing_painted_beside_keeps_its_level() -> None:
    state, _ = play(table(), "set_cover", "gm", target="hound", cover="partial")
    state = turn_of(on_map(state, lin=(0, 5), hound=(10, 5)), "lin")
    _, events = play(state, "attack", "lin", [10], target="hound", weapon="knives")
    assert _total(events) == 18 - 4


def test_a_wall_between_refuses_the_shot_and_a_blow_needs_the_next_square() -> None:
    state = turn_of(on_map(table(), {"5,5": "wall"}, lin=(0, 5), hound=(10, 5)), "lin")
    with pytest.raises(IllegalAction, match="A wall or full cover stands between Lin Yue"):
        play(state, "attack", "lin", [10], target="hound", weapon="pistol")
    with pytest.raises(IllegalAction, match="not on a square next to Lin Yue's"):
        play(state, "attack", "lin", [10], target="hound", weapon="jian")
    with pytest.raises(IllegalAction, match="not on a square next to Lin Yue's"):
        play(state, "grapple", "lin", [5], target="hound")


def _hound_holds_lin(**tokens: tuple[int, int]) -> Json:
    """The hound bites and grapples Lin Yue beside it (margin 6), as in test_grappling."""
    state = turn_of(on_map(table(), **tokens), "hound")
    state, _ = play(state, "grapple", "hound", [3], target="lin", weapon="bite")
    state, _ = play(state, "respond", "lin", [6, 7], answer="break")
    return state


def test_ace_ex_32_the_drag_moves_both_tokens_six_metres() -> None:
    # ACE-GRAPPLE-5 / ACE-EX-32: 18 against 12: the hound walks 6 m west, Lin dragged behind it.
    state = turn_of(_hound_holds_lin(hound=(10, 5), lin=(11, 5)), "hound", round_no=2)
    state, events = play(state, "grapple_move", "hound", [4, 4], x=0, y=5)
    assert events[-2].payload["metres"] == 6
    assert events[-1].kind == "scene.shifted"
    assert state["scene"]["tokens"]["hound"]["at"] == [4, 5]
    assert state["scene"]["tokens"]["lin"]["at"] == [5, 5]
    assert events[-1].text == "Bone-jaw Ghoul Hound moves 6 m on the map, taking Lin Yue along."


def test_a_pinner_carries_its_target_at_half_speed() -> None:
    # ACE-GRAPPLE-8 / ACE-AMB-29: speed 16 -> 8 m, no contest.
    state = turn_of(_hound_holds_lin(hound=(10, 5), lin=(11, 5)), "hound", round_no=2)
    state, _ = play(state, "pin", "hound", [])
    state, _ = play(state, "respond", "lin", [15, 10], answer="slip")
    state = turn_of(state, "hound", round_no=3)
    state, _ = play(state, "grapple_move", "hound", [], x=0, y=5)
    assert state["scene"]["tokens"]["hound"]["at"] == [2, 5]
    assert state["scene"]["tokens"]["lin"]["at"] == [3, 5]


def test_a_drag_to_no_square_is_refused_before_any_die() -> None:
    walls = {f"5,{y}": "wall" for y in range(12)}
    state = _hound_holds_lin(hound=(10, 5), lin=(11, 5))
    state = turn_of(on_map(state, walls, hound=(10, 5), lin=(11, 5)), "hound", round_no=2)
    with pytest.raises(IllegalAction, match="There is no way to square 0,5"):
        play(state, "grapple_move", "hound", [], x=0, y=5)


def test_sneaking_into_the_hounds_range_in_sight_makes_it_check() -> None:
    # ACE-STEALTH-1 / ACE-AMB-32: the hound's SPI 3 senses 15 m; Su walks 8 m toward it and
    # enters that range: hide 3 + specialty against survival 4, unseen.
    state = on_map(table(hidden=True), su=(0, 0), hound=(20, 0), lin=(0, 11))
    state, events = play(state, "sneak", "su", [8, 1, 1, 1, 1, 1, 1], x=8, y=0)
    assert [e.kind for e in events] == ["scene.shifted", "stealth.unseen"]
    assert events[0].audience == "side:reincarnators"
    assert events[1].audience == "side:reincarnators"
    assert state["scene"]["tokens"]["su"]["at"] == [8, 0]
    assert c(state, "su")["hidden"]


def test_out_of_sight_behind_a_wall_nobody_checks() -> None:
    walls = {f"15,{y}": "wall" for y in range(12)}
    state = on_map(table(hidden=True), walls, su=(0, 0), hound=(20, 0), lin=(0, 11))
    _, events = play(state, "sneak", "su", [], x=8, y=0)
    assert [e.kind for e in events] == ["scene.shifted"]


def test_an_overwhelming_spirit_spots_the_sneaker_at_once() -> None:
    # ACE-STEALTH-2: SPI 9 is more than twice Su's 4: no roll, spotted as she enters its range
    # (9 m at 1 m per SPI, a table's setting of ACE-AMB-32).
    hidden = table({"ace.perception_m_per_spi": 1}, hidden=True)
    state = on_map(hidden, su=(0, 0), hound=(20, 0), lin=(0, 11))
    state["combatants"]["hound"]["current"]["spi"] = 9
    state, events = play(state, "sneak", "su", [], x=12, y=0)
    assert events[-1].kind == "stealth.spotted"
    assert not c(state, "su")["hidden"]


def test_a_sneak_beyond_speed_is_refused() -> None:
    state = on_map(table(hidden=True), su=(0, 0), hound=(29, 11), lin=(0, 11))
    with pytest.raises(IllegalAction, match="Square 20,0 is 20 m away; Su Qing may move 13 m"):
        play(state, "sneak", "su", [], x=20, y=0)


def test_a_gm_only_observers_check_goes_to_the_gm_alone() -> None:
    # SCENE-HIDE-1: a hound the players do not see checks in secret; its name reaches no player.
    state = on_map(table(hidden=True), su=(0, 0), hound=(20, 0), lin=(0, 11))
    state["scene"]["tokens"]["hound"]["gm_only"] = True
    _, events = play(state, "sneak", "su", [8, 1, 1, 1, 1, 1, 1], x=8, y=0)
    assert events[-1].kind == "stealth.unseen"
    assert events[-1].audience == "gm"


def test_a_hidden_combatant_moving_on_the_map_is_watched_like_a_sneak() -> None:
    # ACE-STEALTH-1: the map's own move (scene_move) into the hound's 15 m, in sight, checks too.
    state = turn_of(on_map(table(hidden=True), su=(0, 0), hound=(20, 0), lin=(0, 11)), "su")
    state, events = play(state, "scene_move", "su", [8, 1, 1, 1, 1, 1, 1], who="su", x=8, y=0)
    assert "scene.moved" in [e.kind for e in events]
    assert events[-1].kind == "stealth.unseen"
    assert state["scene"]["tokens"]["su"]["at"] == [8, 0]
    seen = turn_of(on_map(table(), su=(0, 0), hound=(20, 0), lin=(0, 11)), "su")
    _, events = play(seen, "scene_move", "su", [], who="su", x=8, y=0)  # not hidden: no check
    assert "stealth.unseen" not in [e.kind for e in events]


def _charging(**tokens: tuple[int, int]) -> Json:
    return turn_of(on_map(table(), **tokens), "lin")


def _charge_form(state: Json) -> Any:
    return next(t for t in SYSTEM.legal_actions(state, "lin") if t.kind == "charge")


def test_a_charge_on_the_map_is_measured_from_the_tokens_move() -> None:
    # ACE-CMD-ATK-2 / ACE-AMB-35 / ACE-AMB-42: Lin (STR 7: at most 3 m) 3 m from the square
    # next to the hound charges to it: 3 m measured, jian 15 against 8 = 7 dice, defence 1,
    # as the typed example (test_a_charge_adds_attack_and_costs_defence_per_metre).
    state = _charging(lin=(6, 5), hound=(10, 5))
    assert "metres" not in [f.name for f in _charge_form(state).fields]
    odds = SYSTEM.preview(  # type: ignore[misc]
        state, Action("charge", "lin", {"target": "hound", "weapon": "jian"})
    )
    assert odds["details"]["pool"] == 7  # measured before it is sent, as the blow will be
    state, events = play(state, "charge", "lin", [15, *[1] * 7], target="hound", weapon="jian")
    assert [e.kind for e in events[:2]] == ["command.declared", "scene.moved"]
    assert events[0].payload["metres"] == 3
    assert events[1].text == "Lin Yue moves 3 m on the map."
    assert state["scene"]["tokens"]["lin"]["at"] == [9, 5]
    assert next(e for e in events if "damage" in e.payload).payload["damage"]["pool"] == 7
    assert c(state, "lin")["commands"]["charge"] == 3


def test_a_shorter_charge_counts_fewer_metres_and_a_longer_one_is_refused() -> None:
    # ACE-CMD-ATK-2: 2 m diagonally to 9,4 beside the hound: +2 attack, -2 defence.
    state, events = play(
        _charging(lin=(7, 4), hound=(10, 5)),
        "charge",
        "lin",
        [15, *[1] * 6],
        target="hound",
        weapon="jian",
        x=9,
        y=4,
    )
    assert events[0].payload["metres"] == 2
    assert state["scene"]["tokens"]["lin"]["at"] == [9, 4]
    far = _charging(lin=(5, 5), hound=(10, 5))  # 4 m to the nearest square beside it
    with pytest.raises(IllegalAction, match="Lin Yue may charge at most 3 m; that is 4 m"):
        play(far, "charge", "lin", [], target="hound", weapon="jian")
    with pytest.raises(IllegalAction, match="between 1 and 3"):  # without a map: typed
        play(turn_of(table(), "lin"), "charge", "lin", [], target="hound", weapon="jian", metres=4)


def test_on_the_map_a_charge_is_offered_only_against_those_it_reaches() -> None:
    # ACE-CMD-ATK-2: Lin (at most 3 m) 3 m from the square beside the hound is offered the
    # charge at the hound; 4 m away no charge card at all, as it could only be refused.
    near = _charge_form(_charging(lin=(6, 5), hound=(10, 5)))
    target = next(f for f in near.fields if f.name == "target")
    assert [x.value for x in target.choices] == ["hound"]
    far = _charging(lin=(5, 5), hound=(10, 5))
    assert "charge" not in [t.kind for t in SYSTEM.legal_actions(far, "lin")]
    assert "charge" in [t.kind for t in SYSTEM.legal_actions(turn_of(table(), "lin"), "lin")]


def test_out_of_a_blows_reach_the_attack_form_starts_on_a_ranged_weapon() -> None:
    # SCENE-REACH-1: Lin holds the jian; 4 squares from the hound her attack form starts on
    # the knives she may throw, beside it on the jian, and off the map on what she holds.
    def weapon_default(state: Json) -> Any:
        form = next(t for t in SYSTEM.legal_actions(state, "lin") if t.kind == "attack")
        return next(f.default for f in form.fields if f.name == "weapon")

    assert weapon_default(_charging(lin=(5, 5), hound=(10, 5))) == "knives"
    assert weapon_default(_charging(lin=(9, 5), hound=(10, 5))) == "jian"
    assert weapon_default(turn_of(table(), "lin")) == "jian"


def test_a_gm_only_token_in_the_way_stops_the_charge_short_of_its_blow() -> None:
    # SCENE-HIDE-1: planned on the players' map, Lin walks until the hidden hound's square and
    # stops there, 1 m charged and no blow; nothing refused tells the player what stood there.
    state = _charging(lin=(6, 5), hound=(10, 5), su=(8, 5))
    state["scene"]["tokens"]["su"]["gm_only"] = True
    state, events = play(state, "charge", "lin", [], target="hound", weapon="jian", x=9, y=5)
    assert [e.kind for e in events] == ["command.declared", "scene.moved"]
    assert events[1].payload["stopped"] is True
    assert state["scene"]["tokens"]["lin"]["at"] == [7, 5]


def test_on_the_map_the_move_is_the_tokens_not_metres_typed() -> None:
    # ACE-SPEED-1: with its token on the map, Lin Yue moves by the map's move (the metres
    # measured, SCENE-MOVE-1); off the map, or with no token on it, the metres are typed.
    state = turn_of(table(), "lin")
    kinds = {t.kind for t in SYSTEM.legal_actions(state, "lin")}
    assert "move" in kinds
    placed = turn_of(on_map(table(), lin=(0, 5), hound=(10, 5)), "lin")
    offered = SYSTEM.legal_actions(placed, "lin")
    assert "move" not in {t.kind for t in offered}
    moves = [t for t in offered if t.kind == "scene_move"]
    assert [f.name for f in moves[0].fields] == ["x", "y", "evade"]
    unplaced = turn_of(on_map(table(), hound=(10, 5)), "lin")
    assert "move" in {t.kind for t in SYSTEM.legal_actions(unplaced, "lin")}


def test_a_gm_only_tokens_cover_is_not_in_the_odds_but_the_roll_meets_it() -> None:
    # SCENE-HIDE-2: the hound took heavy cover behind the crate, its token GM-only: Lin's odds
    # are the same whether it crouches there or stands in the open far off; the throw meets -8.
    behind = _in_cover(lin=(0, 5), hound=(10, 5))
    open_field = _in_cover(lin=(0, 5), hound=(20, 11))
    for state in (behind, open_field):
        state["scene"]["tokens"]["hound"]["gm_only"] = True
    aim = Action("attack", "lin", {"target": "hound", "weapon": "knives"})
    odds = [SYSTEM.preview(state, aim) for state in (behind, open_field)]  # type: ignore[misc]
    assert odds[0] == odds[1]
    assert odds[0]["details"]["bonus"] == 8  # no cover counted: unknown to Lin
    assert odds[0]["details"]["distance_msg"]["id"] == "scene.read.unseen_cover"
    seen = SYSTEM.view(behind, Audience("player", side="reincarnators", actors=frozenset({"lin"})))
    assert seen["combatants"]["hound"]["cover"] == "none"
    _, events = play(behind, "attack", "lin", [10], target="hound", weapon="knives")
    assert _total(events) == 10


def test_full_cover_a_gm_only_token_stands_behind_is_met_not_refused() -> None:
    # SCENE-HIDE-2 / ACE-COVER-FULL: Lin cannot see the hound's square, so the throw is not
    # refused; it only meets the full cover painted before the hound and misses, no die rolled.
    state, _ = play(table(), "set_cover", "gm", target="hound", cover="heavy")
    state = turn_of(on_map(state, {"9,5": "cover_full"}, lin=(0, 5), hound=(10, 5)), "lin")
    state["scene"]["tokens"]["hound"]["gm_only"] = True
    _, events = play(state, "attack", "lin", [], target="hound", weapon="knives")
    assert events[-1].kind == "attack.missed"
    assert events[-1].text == (
        "Lin Yue's attack only meets the full concealment around Bone-jaw Ghoul Hound: it misses."
    )


def test_a_wall_before_a_gm_only_token_refuses_nothing_but_the_shot_meets_it() -> None:
    # SCENE-HIDE-2: a refusal for the wall would tell Lin the hound stands behind it; the shot
    # is taken (its action spent) and meets the wall, as full cover is met, no die rolled, in
    # words naming no square; the odds read the same as for the hound in the open.
    walls = {"5,5": "wall"}
    behind = turn_of(on_map(table(), walls, lin=(0, 5), hound=(10, 5)), "lin")
    beside = turn_of(on_map(table(), walls, lin=(0, 5), hound=(3, 6)), "lin")
    for state in (behind, beside):
        state["scene"]["tokens"]["hound"]["gm_only"] = True
    aim = Action("attack", "lin", {"target": "hound", "weapon": "pistol"})
    odds = [SYSTEM.preview(state, aim) for state in (behind, beside)]  # type: ignore[misc]
    assert odds[0] == odds[1]
    after, events = play(behind, "attack", "lin", [], target="hound", weapon="pistol")
    assert [event.kind for event in events] == ["attack.declared", "attack.missed"]
    assert events[-1].text == (
        "Lin Yue's attack meets a wall or full cover on its way to Bone-jaw Ghoul Hound: it "
        "cannot hit."
    )
    assert c(after, "lin")["used"]["standard"]
    assert c(after, "hound")["hp"] == c(behind, "hound")["hp"]
    _, events = play(beside, "attack", "lin", [10], target="hound", weapon="pistol")
    assert "attack.hit" in [event.kind for event in events]


def test_a_blow_at_a_gm_only_token_out_of_reach_misses_without_a_refusal() -> None:
    # SCENE-HIDE-3: Lin's jian is not refused for the hound 8 m off (that would tell where it
    # stands), and it does not land from across the map either: it meets no one.
    far = turn_of(on_map(table(), lin=(0, 5), hound=(8, 5)), "lin")
    near = turn_of(on_map(table(), lin=(0, 5), hound=(1, 6)), "lin")
    for state in (far, near):
        state["scene"]["tokens"]["hound"]["gm_only"] = True
    blow = Action("attack", "lin", {"target": "hound", "weapon": "jian"})
    odds = [SYSTEM.preview(state, blow) for state in (far, near)]  # type: ignore[misc]
    assert odds[0] == odds[1]
    assert odds[0]["details"]["distance_msg"]["id"] == "scene.read.unseen_reach"
    after, events = play(far, "attack", "lin", [], target="hound", weapon="jian")
    assert events[-1].kind == "attack.missed"
    assert events[-1].text == (
        "Lin Yue strikes at Bone-jaw Ghoul Hound, who is not within reach: the blow cannot hit."
    )
    assert c(after, "hound")["hp"] == c(far, "hound")["hp"]
    _, events = play(near, "attack", "lin", [15, 5, 5, 5, 5], target="hound", weapon="jian")
    assert "attack.hit" in [event.kind for event in events]


def test_a_grapple_at_a_gm_only_token_out_of_reach_misses_without_a_refusal() -> None:
    # SCENE-HIDE-3: Lin's grab at the hound 8 m off is not refused (that would tell where it
    # stands), nor does it take hold from across the map: its action is spent, no die rolled,
    # the line naming no square; beside her the same grab is rolled and lands.
    far = turn_of(on_map(table(), lin=(0, 5), hound=(8, 5)), "lin")
    near = turn_of(on_map(table(), lin=(0, 5), hound=(1, 6)), "lin")
    for state in (far, near):
        state["scene"]["tokens"]["hound"]["gm_only"] = True
    after, events = play(far, "grapple", "lin", [], target="hound")
    assert [event.kind for event in events] == ["grapple.missed"]
    assert events[-1].text == (
        "Lin Yue reaches for Bone-jaw Ghoul Hound, who is not within reach: the grapple cannot "
        "take hold."
    )
    assert events[-1].audience == "all"  # everyone reads what the grab met
    assert c(after, "lin")["used"]["standard"]
    assert c(after, "lin")["grapple"] is None
    assert after["pending"] is None
    after, events = play(near, "grapple", "lin", [5], target="hound")
    assert events[-1].kind == "grapple.contested"
    assert after["pending"]["purpose"] == "grapple"


def _ambush(**tokens: tuple[int, int]) -> Json:
    """Su unnoticed at the start of her sneak-attack turn (ACE-STEALTH-3), on the map."""
    state, _ = play(table(hidden=True), "begin", "gm", [5, 4])
    return on_map(state, **tokens)


def test_scene_reach_2_an_assassination_needs_the_square_next_to_the_target() -> None:
    # SCENE-REACH-2 / ACE-STEALTH-4: a helper found Su's dagger reached the hound across the
    # map; the closing in is the last step, so three squares off it is refused, nothing stored.
    far = _ambush(su=(0, 5), hound=(3, 5))
    with pytest.raises(IllegalAction, match="Bone-jaw Ghoul Hound is not on a square next to"):
        play(far, "assassinate", "su", [], target="hound", weapon="dagger")
    faces = [8, 1, 1, 1, 1, 1, 1]
    near = _ambush(su=(0, 5), hound=(1, 6))
    _, events = play(near, "assassinate", "su", faces, target="hound", weapon="dagger")
    assert events[0].kind == "attack.assassination"


def test_scene_reach_2_an_assassination_at_a_gm_only_token_out_of_reach_is_spent() -> None:
    # SCENE-HIDE-3: not refused (that would tell where the hound stands); the ambush is spent
    # on no one, no die rolled, the line naming no square, and the lunge gives Su away.
    far = _ambush(su=(0, 5), hound=(3, 5))
    far["scene"]["tokens"]["hound"]["gm_only"] = True
    after, events = play(far, "assassinate", "su", [], target="hound", weapon="dagger")
    assert [event.kind for event in events] == ["scene.unmet"]
    assert events[0].text == (
        "Su Qing closes in on Bone-jaw Ghoul Hound, who is not within reach: the assassination "
        "cannot strike."
    )
    su = c(after, "su")
    assert su["used"] == {**su["used"], "standard": True, "move": True}
    assert not su["hidden"]
    assert c(after, "hound")["hp"] == c(far, "hound")["hp"]
