"""Rounds, turns, AP, overcharge; moves, engagement, jumps, climbs, falls, opportunity attacks."""

from __future__ import annotations

import copy

import pytest
from mech_helpers import encounter, kinds, mech, patch, play, sheet, sparring, texts, turn, u

from rules.core.errors import IllegalAction, RulesError
from rules.core.system import Action
from rules.mech import SYSTEM
from rules.mech.damage import fall_damage
from rules.mech.turns import next_picks


def test_saratoga_first_then_the_other_side_picks_mech_ex_38() -> None:
    """MECH-EX-38, MECH-ROUND-1, MECH-ROUND-2, MECH-AMB-08: Saratoga, then B picks, A2, B2."""
    state = encounter(
        mech("a2", "A", 0, 0),
        mech("saratoga", "A", 2, 0, always_first=True),
        mech("b1", "B", 10, 0),
        mech("b2", "B", 12, 0),
    )
    assert next_picks(state) == ["saratoga"]
    with pytest.raises(IllegalAction):
        play(state, "a2", "begin_turn")
    order = []
    for uid in ("saratoga", "b1", "a2", "b2"):
        state = turn(state, uid)
        order.append(uid)
        if uid == "saratoga":
            assert next_picks(state) == []
            state, _ = play(state, uid, "end_turn")
            assert next_picks(state) == ["b1", "b2"]
        else:
            state, _ = play(state, uid, "end_turn")
    assert state["round"] == 2
    assert state["acted"] == []
    assert next_picks(state) == ["saratoga"]


def test_one_side_finishes_when_the_other_has_nobody_left_mech_amb_08() -> None:
    state = encounter(mech("a1", "A", 0, 0), mech("a2", "A", 2, 0), mech("b1", "B", 10, 0))
    state = turn(state, "a1")
    state, _ = play(state, "a1", "end_turn")
    state = turn(state, "b1")
    state, _ = play(state, "b1", "end_turn")
    assert next_picks(state) == ["a2"]


def test_turn_gives_a_move_and_two_ap_and_a_third_ap_is_refused_mech_ap_1() -> None:
    """MECH-AP-1, MECH-AP-TABLE, MECH-ACT-TECH; bad input: a third AP is refused, no change."""
    state = encounter(mech("a", "A", 0, 0), mech("b", "B", 10, 10))
    state = turn(state, "a")
    assert u(state, "a")["turn"]["ap"] == 2
    assert u(state, "a")["turn"]["move"] == 4
    state, _ = play(state, "a", "tech", option="lock_on", target="b")
    state, _ = play(state, "a", "tech", option="scan", target="b")
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="costs 1 AP"):
        play(state, "a", "shut_down")
    assert state == before


def test_unspent_ap_and_move_are_lost_mech_amb_09() -> None:
    """MECH-AMB-09: unspent AP are lost: the next turn has 2 again."""
    state = encounter(mech("a", "A", 0, 0), mech("b", "B", 10, 10))
    state = turn(state, "a")
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "b")
    state, _ = play(state, "b", "end_turn")
    state = turn(state, "a")
    assert u(state, "a")["turn"]["ap"] == 2


def test_overcharge_heat_escalates_and_resets_after_the_match_mech_ex_04() -> None:
    """MECH-EX-04, MECH-OVERCHARGE-1 (+1 AP), MECH-OVERCHARGE-TABLE, MECH-OVERCHARGE-2: 1, 1d3,
    1d6, 1d6+4, 1d6+4; then 0."""
    state = encounter(mech("a", "A", 0, 0), mech("b", "B", 10, 10))
    state = patch(state, "a", stats={**u(state, "a")["stats"], "heat_cap": 40})
    heats = []
    scripted = [[], [2], [3], [1], [6]]
    for faces in scripted:
        state = turn(state, "a")
        before = u(state, "a")["heat"]
        state, _events = play(state, "a", "overcharge", faces)
        heats.append(u(state, "a")["heat"] - before)
        assert u(state, "a")["turn"]["ap"] == 3
        state, _ = play(state, "a", "end_turn")
        state = turn(state, "b")
        state, _ = play(state, "b", "end_turn")
    assert heats == [1, 2, 3, 5, 10]
    assert u(state, "a")["overcharge_count"] == 5
    state, _ = play(state, "gm", "end_match")
    assert u(state, "a")["overcharge_count"] == 0
    assert u(state, "a")["heat"] == 0


def test_overcharge_once_per_turn_and_not_while_stunned_mech_overcharge_1() -> None:
    """MECH-OVERCHARGE-1: once per turn; not while Stunned."""
    state = encounter(mech("a", "A", 0, 0), mech("b", "B", 10, 10))
    state = turn(state, "a")
    state, _ = play(state, "a", "overcharge")
    with pytest.raises(IllegalAction, match="already overcharged"):
        play(state, "a", "overcharge")
    state["units"]["a"]["conditions"]["stunned"] = {"source": "test"}
    state["units"]["a"]["turn"]["overcharged"] = False
    with pytest.raises(IllegalAction, match="Stunned"):
        play(state, "a", "overcharge")


def test_four_overcharges_on_mara_mech_ex_36() -> None:
    """MECH-EX-36: heat 1 → 3 → 8 (danger zone, safe) → +5 = 13 → 1 stress, heat 5."""
    state = encounter(mech("a", "A", 0, 0), mech("b", "B", 10, 10))
    seen = []
    for faces in ([], [2], [5], [1, 6]):  # the 6 is the stress check's d6 (1d6: 1 marked)
        state = turn(state, "a")
        state, events = play(state, "a", "overcharge", faces)
        seen.append(u(state, "a")["heat"])
        state, _ = play(state, "a", "end_turn")
        state = turn(state, "b")
        state, _ = play(state, "b", "end_turn")
    assert seen == [1, 3, 8, 5]
    assert u(state, "a")["stress"] == 3
    assert "stress check 1d6 = 6" in texts(events)


def test_move_split_around_an_attack_mech_ex_01() -> None:
    """MECH-EX-01 / MECH-MOVE-1: speed 6 moves 4, attacks, moves 2."""
    fast = sheet(pilot={"agility": 4})  # speed 4 + 2 = 6
    state = encounter(mech("a", "A", 0, 0, fast), mech("b", "B", 10, 0, sparring()))
    state = turn(state, "a")
    assert u(state, "a")["turn"]["move"] == 6
    state, _ = play(state, "a", "move", x=4, y=0)
    assert u(state, "a")["turn"]["move"] == 2
    state, _ = play(state, "a", "attack", [3], weapon="k12_carbine", target="b")
    state, _ = play(state, "a", "move", x=6, y=2)
    assert (u(state, "a")["x"], u(state, "a")["y"]) == (6, 2)
    assert u(state, "a")["turn"]["move"] == 0
    with pytest.raises(IllegalAction):
        play(state, "a", "move", x=6, y=3)


def test_diagonal_step_costs_one_mech_amb_19() -> None:
    state = encounter(mech("a", "A", 0, 0), mech("b", "B", 19, 13))
    state = turn(state, "a")
    state, _ = play(state, "a", "move", x=4, y=4)
    assert u(state, "a")["turn"]["move"] == 0


def test_engagement_stops_movement_against_same_size_mech_engage_1() -> None:
    """MECH-ENGAGE-1 / MECH-COND-ENGAGED / MECH-AMB-20: engaged by a same-size hostile: stop."""
    fast = sheet(pilot={"agility": 4})
    state = encounter(mech("a", "A", 0, 1, fast), mech("b", "B", 4, 0), width=10, height=2)
    state = turn(state, "a")
    state, events = play(state, "a", "move", x=6, y=1)
    assert (u(state, "a")["x"], u(state, "a")["y"]) == (3, 1)
    assert "engaged, it stops" in texts(events)
    assert u(state, "a")["turn"]["move"] == 0


def test_engagement_with_a_smaller_unit_does_not_stop_mech_amb_20() -> None:
    big = sheet(frame={"key": "big", "size": 2})
    state = encounter(mech("a", "A", 0, 4, big), mech("b", "B", 5, 5))
    state = turn(state, "a")
    state, _events = play(state, "a", "move", x=3, y=4)
    assert (u(state, "a")["x"], u(state, "a")["y"]) == (3, 4)


def test_moving_while_immobilized_is_refused_and_changes_nothing() -> None:
    """Bad input: MECH-COND-IMMOBILIZED."""
    state = encounter(mech("a", "A", 0, 0), mech("b", "B", 10, 10))
    state = turn(state, "a")
    state["units"]["a"]["conditions"]["immobilized"] = {"source": "test"}
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="Immobilized"):
        play(state, "a", "move", x=1, y=1)
    assert state == before


def test_walls_and_hostiles_block_paths() -> None:
    walls = [{"x": 1, "y": y, "kind": "heavy"} for y in range(0, 14)]
    state = encounter(mech("a", "A", 0, 0), mech("b", "B", 10, 10), terrain=walls)
    state = turn(state, "a")
    with pytest.raises(IllegalAction, match="cannot reach"):
        play(state, "a", "move", x=2, y=0)


def test_boost_moves_up_to_speed_for_one_ap_and_not_when_slowed_mech_act_boost() -> None:
    """MECH-ACT-BOOST, MECH-COND-SLOWED."""
    state = encounter(mech("a", "A", 0, 0), mech("b", "B", 19, 13))
    state = turn(state, "a")
    state, _ = play(state, "a", "boost", x=4, y=0)
    assert u(state, "a")["turn"]["ap"] == 1
    assert u(state, "a")["turn"]["move"] == 4
    state, _ = play(state, "a", "move", x=8, y=0)
    assert u(state, "a")["x"] == 8
    state["units"]["a"]["conditions"]["slowed"] = {"source": "test"}
    with pytest.raises(IllegalAction, match="Slowed"):
        play(state, "a", "boost", x=9, y=0)


def test_horizontal_jump_costs_two_per_square_mech_ex_34() -> None:
    """MECH-EX-34 / MECH-JUMP-1: a 2-square jump costs 4, straight lines only, over obstacles."""
    wall = [{"x": 1, "y": 0, "kind": "heavy"}]
    state = encounter(mech("a", "A", 0, 0), mech("b", "B", 19, 13), terrain=wall)
    state = turn(state, "a")
    with pytest.raises(IllegalAction, match="straight line"):
        play(state, "a", "jump", x=2, y=1)
    state, _ = play(state, "a", "jump", x=2, y=0)
    assert u(state, "a")["x"] == 2
    assert u(state, "a")["turn"]["move"] == 0


def test_vertical_jump_clears_size_one_obstacles_mech_ex_02() -> None:
    """MECH-EX-02 / MECH-AMB-21: size 1 rises to height 1, moves 1 square, for 2 speed."""
    terrain = [{"x": 1, "y": 0, "kind": "heavy"}, {"x": 0, "y": 1, "kind": "building", "height": 2}]
    state = encounter(mech("a", "A", 0, 0), mech("b", "B", 19, 13), terrain=terrain)
    state = turn(state, "a")
    with pytest.raises(IllegalAction, match="size ≤ 1"):
        play(state, "a", "jump", mode="vertical", x=0, y=1)
    state, _ = play(state, "a", "jump", mode="vertical", x=1, y=0)
    assert (u(state, "a")["x"], u(state, "a")["elevation"]) == (1, 1)
    assert u(state, "a")["turn"]["move"] == 2


def test_climb_costs_two_per_square_and_a_failed_check_falls_mech_climb_1() -> None:
    """MECH-CLIMB-1 / MECH-EX-34: climbing 3 squares costs 6 speed; on difficult terrain a
    failed check (AGILITY 4 + 5 = 9) means a fall."""
    tower = [
        {"x": 1, "y": 0, "kind": "building", "height": 3},
        {"x": 1, "y": 2, "kind": "building", "height": 3, "difficult": True},
    ]
    agile = sheet(pilot={"agility": 4})
    state = encounter(mech("a", "A", 0, 0, agile), mech("b", "B", 19, 13), terrain=tower)
    state = turn(state, "a")
    state, events = play(state, "a", "climb", x=1, y=0)
    assert u(state, "a")["turn"]["move"] == 0
    assert u(state, "a")["elevation"] == 3
    state = encounter(mech("a", "A", 0, 2, agile), mech("b", "B", 19, 13), terrain=tower)
    state = turn(state, "a")
    state, events = play(state, "a", "climb", [5], x=1, y=2, attribute="agility")
    assert "falls" in texts(events)
    assert u(state, "a")["hp"] == 14 - 3
    assert (u(state, "a")["x"], u(state, "a")["y"]) == (0, 2)


@pytest.mark.parametrize(("height", "damage"), [(7, 6), (2, 0), (3, 3), (9, 9), (12, 12)])
def test_fall_damage_mech_ex_33(height: int, damage: int) -> None:
    """MECH-EX-33 / MECH-FALL-1 / MECH-AMB-22: 3 per full 3 squares, no cap."""
    assert fall_damage(height) == damage


def test_fall_ignores_armour_and_can_be_capped_mech_fall_1() -> None:
    armoured = sheet(frame={"key": "tank", "armour": 2})
    state = encounter(mech("a", "A", 0, 0, armoured), mech("b", "B", 19, 13), fall_cap=9)
    state, _events = play(state, "gm", "gm_fall", target="a", height=12)
    assert u(state, "a")["hp"] == 14 - 9
    with pytest.raises(RulesError):
        fall_damage(-1)


def test_opportunity_attack_before_the_move_resolves_mech_oa_1() -> None:
    """MECH-OA-1 / MECH-AMB-18: leaving melee threat draws the maul; once a round, one reaction."""
    state = encounter(mech("a", "A", 5, 5, sparring()), mech("b", "B", 6, 5))
    state = turn(state, "a")
    state, events = play(state, "a", "move", [12, 2], x=2, y=5)
    assert "opportunity attack" in texts(events)
    assert u(state, "a")["hp"] == 10 - 5  # maul 1d6+3 = 2 + 3
    assert u(state, "b")["oa_used"]
    assert u(state, "b")["reaction_used"]
    assert u(state, "a")["x"] == 2


def test_the_threats_a_move_would_draw_are_named_before_it_mech_oa_1() -> None:
    """Issue 34: the map warns of the opportunity attack above (it cost 8 HP); on the mover's
    side's view too, and not once the maul's owner has used its reaction or the mover is away."""
    from rules.core.system import Audience
    from rules.mech.actions.movement import opportunity_threats

    state = turn(encounter(mech("a", "A", 5, 5, sparring()), mech("b", "B", 6, 5)), "a")
    assert [o["id"] for o in opportunity_threats(state, u(state, "a"), "melee")] == ["b"]
    view = SYSTEM.view(state, Audience("player", side="A", actors=frozenset({"a"})))
    assert [o["id"] for o in opportunity_threats(view, view["units"]["a"], "melee")] == ["b"]
    moved, _ = play(state, "a", "move", [12, 2], x=2, y=5)
    assert opportunity_threats(moved, u(moved, "a"), "melee") == []  # out of reach, used
    far = turn(encounter(mech("a", "A", 0, 5, sparring()), mech("b", "B", 6, 5)), "a")
    assert opportunity_threats(far, u(far, "a"), "melee") == []


def test_disengage_moves_without_reactions_mech_act_disengage() -> None:
    """MECH-ACT-DISENGAGE: leaving the maul's threat draws no reaction; it lasts the turn."""
    state = encounter(mech("a", "A", 5, 5, sparring()), mech("b", "B", 6, 5))
    state = turn(state, "a")
    state, _ = play(state, "a", "disengage")
    state, events = play(state, "a", "move", x=2, y=5)
    assert "opportunity" not in texts(events)
    state, _ = play(state, "a", "end_turn")
    assert "disengaged" not in u(state, "a")["conditions"]


def test_reactions_reset_each_turn_opportunity_attack_each_round_mech_react_1() -> None:
    """MECH-REACT-1: the reaction refreshes each turn; the opportunity attack each round."""
    state = encounter(mech("a", "A", 5, 5, sparring()), mech("b", "B", 6, 5), mech("c", "A", 8, 5))
    state = turn(state, "a")
    state, _ = play(state, "a", "move", [1], x=3, y=5)
    assert u(state, "b")["reaction_used"]
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "b")
    assert not u(state, "b")["reaction_used"]
    assert u(state, "b")["oa_used"]
    state, _ = play(state, "b", "end_turn")
    state = turn(state, "c")
    state, _ = play(state, "c", "end_turn")
    assert state["round"] == 2
    assert not u(state, "b")["oa_used"]


def test_stand_up_takes_the_move_mech_cond_prone() -> None:
    """MECH-COND-PRONE: Prone is Slowed (no Boost); standing up takes the move action."""
    state = encounter(mech("a", "A", 0, 0), mech("b", "B", 19, 13))
    state = turn(state, "a")
    state["units"]["a"]["conditions"]["prone"] = {"source": "ram"}
    with pytest.raises(IllegalAction, match="Slowed"):
        play(state, "a", "boost", x=2, y=0)
    state, _ = play(state, "a", "stand")
    assert "prone" not in u(state, "a")["conditions"]
    assert u(state, "a")["turn"]["move"] == 0


def test_free_actions_only_on_your_own_turn_mech_free_1() -> None:
    """MECH-FREE-1: ending a grapple (a free action) only on one's own turn."""
    state = encounter(mech("a", "A", 0, 0), mech("b", "B", 1, 0))
    state = turn(state, "a")
    state, _ = play(state, "a", "grapple", [15], target="b")
    state, _ = play(state, "a", "end_turn")
    with pytest.raises(IllegalAction, match="own turn"):
        play(state, "a", "end_grapple")


def test_turn_events_replay_to_the_same_state() -> None:
    setup = SYSTEM.demo()
    state = SYSTEM.start(setup)
    assert kinds(play(state, "latch", "begin_turn")[1]) == ["turn.started"]


def test_only_a_quiet_standard_move_may_be_taken_back_mech_move_undo() -> None:
    """MECH-MOVE-UNDO: a move that rolled nothing and revealed nothing; never one that drew fire."""
    take_back = SYSTEM.take_back
    assert take_back is not None
    state = encounter(mech("a", "A", 5, 5, sparring()), mech("b", "B", 6, 5), mech("c", "A", 0, 9))
    state = turn(state, "a")
    _, drew_fire = play(state, "a", "move", [12, 2], x=2, y=5)  # leaves b's threat: maul rolls
    assert not take_back(Action("move", "a", {"x": 2, "y": 5}), drew_fire)
    quiet_state = encounter(mech("a", "A", 0, 0), mech("b", "B", 19, 13))
    quiet_state = turn(quiet_state, "a")
    _, quiet = play(quiet_state, "a", "move", x=2, y=0)
    assert take_back(Action("move", "a", {"x": 2, "y": 0}), quiet)
    assert not take_back(Action("boost", "a", {"x": 2, "y": 0}), quiet)  # only the standard move
    assert not take_back(Action("move", "a", {}), [])
