"""ZOC and movement: SCS-2.0*, SCS-2.1a/b, SCS-3.*, SCS-TEC-2, SCS-4.0a, SCS-STK-*, SCS-REI-1; the
acceptance tests T-06/07/09/10/11/12/13/14/24/25."""

from __future__ import annotations

from typing import Any

import pytest
from scs_helpers import act, arrange, game, to_phase

from rules.core.errors import IllegalAction
from rules.scs import board, reach
from rules.scs import state as scs_state
from rules.scs.actions import movement, turn

SCN = scs_state.scenario_of(game())


def labels(cells: set[tuple[int, int]]) -> set[str]:
    return {SCN.label(c) for c in cells}


def test_t06_zones_of_control_scs_2_0a_2_0b_pd_08() -> None:
    """SCS-2.0a / SCS-2.0b / PD-08 / T-06: R1's ZOC crosses the river (foot); B5 (mech) has no
    ZOC into marsh; B1 (foot) has all six neighbours; B8 and R7 (attack 0) have none."""
    state = game()
    assert labels(board.zoc(SCN, state, "R1")) == {
        "06.04",
        "06.05",
        "07.04",
        "07.06",
        "08.04",
        "08.05",
    }
    mech = arrange(state, B5="04.07")
    assert labels(board.zoc(SCN, mech, "B5")) == {"03.07", "03.08", "04.06", "05.07"}
    foot = arrange(state, B1="04.07")
    assert len(board.zoc(SCN, foot, "B1")) == 6
    assert board.zoc(SCN, state, "B8") == set()
    assert board.zoc(SCN, state, "R7") == set()


def test_friendly_zoc_does_not_affect_friendly_units_scs_2_0_2_1g() -> None:
    """SCS-2.0 / SCS-2.1g: EZOC membership is boolean; a friendly ZOC does not count."""
    state = game()
    enemy = board.ezoc(SCN, state, "blue")
    assert SCN.grid.cell("06.05") in enemy  # R1's and R4's ZOCs overlap: still +2 once
    assert SCN.grid.cell("03.05") not in board.ezoc(SCN, state, "blue")


def test_t09_road_then_enemy_zoc_costs_nine_halves_scs_3_2b_2_1a_3_2a_tec_2_pd_12() -> None:
    """SCS-3.2b / SCS-2.1a / SCS-3.2a / PD-12 / T-09: five road hexes at 1/2 plus 2 for 06.05
    in R1's ZOC: 9/2 MP."""
    state = arrange(game(), R4=None)
    path = ["02.05", "03.05", "04.05", "05.05", "06.05"]
    state, events = act(state, "unit.move", "blue", units="B5", path=",".join(path))
    assert state["units"]["B5"]["mp"] == "9/2"
    assert state["units"]["B5"]["hex"] == "06.05"
    assert "9/2 of 8 MP" in events[0].text


def test_t10_bridge_adds_nothing_on_the_road_scs_3_2c() -> None:
    """SCS-3.2c / T-10: along the road the bridge (river, `road_negates`) adds nothing: 6 MP."""
    state = arrange(game(), R4=None, R1=None)
    state, _ = act(state, "unit.move", "blue", units="B5", to="09.05")
    assert state["units"]["B5"]["mp"] == "6"
    options = reach.movement_options(SCN, arrange(game(), R4=None, R1=None), ["B5"])
    assert options["09.05"]["path"][-3:] == ["07.05", "08.05", "09.05"]


def test_t11_river_and_ezoc_cannot_continue_past_ma_scs_3_1b_2_1a() -> None:
    """SCS-3.1b / SCS-3.2a / SCS-2.1a / T-11: 3 MP spent, the next hex costs 4: 7 > MA 4, and the
    full cost must be paid before entering."""
    state = arrange(game(), B1="05.04")
    state, _ = act(state, "unit.move", "blue", units="B1", to="06.04")
    assert state["units"]["B1"]["mp"] == "3"
    with pytest.raises(IllegalAction, match=r"7 MP, MA is 4"):
        act(state, "unit.move", "blue", units="B1", path="07.04")
    reason = reach.why_not_enter(SCN, state, ["B1"], "07.04")
    assert "clear 1, river +1, enemy ZOC +2 = 4 MP, 1 MP left" in reason.english()


def test_t12_woods_cost_two_for_foot_scs_3_1c() -> None:
    """SCS-3.1c / T-12: clear 1 + woods 2 = 3 MP for foot."""
    state, _ = act(game(), "unit.move", "blue", units="B2", path="02.07,02.08")
    assert state["units"]["B2"]["mp"] == "3"
    same, _ = act(game(), "unit.move", "blue", units="B2", path="02.06,02.07,02.08")
    assert same["units"]["B2"] == state["units"]["B2"]
    with pytest.raises(IllegalAction, match="at least one hex"):
        act(game(), "unit.move", "blue", units="B2", path="02.06")


def test_t13_marsh_is_prohibited_to_mech_even_by_minimum_move_scs_3_2d_3_1e() -> None:
    """SCS-3.2d / SCS-3.1e / T-13: marsh is prohibited to mech (even by the minimum move);
    foot pays 3."""
    mech = arrange(game(), B5="04.07")
    with pytest.raises(IllegalAction, match=r"marsh is prohibited to mech") as refused:
        act(mech, "unit.move", "blue", units="B5", path="04.08")
    assert str(refused.value).count("SCS-3.2d") == 1  # the rule named once
    assert "04.08" not in reach.movement_options(SCN, mech, ["B5"])
    foot = arrange(game(), B1="04.07")
    foot, _ = act(foot, "unit.move", "blue", units="B1", path="04.08")
    assert foot["units"]["B1"]["mp"] == "3"


def test_t14_out_of_supply_unit_uses_the_minimum_move_into_marsh_scs_3_1e() -> None:
    state = arrange(game(), B1="04.07")
    state["units"]["B1"]["oos"] = True
    assert board.ma_eff(SCN, state, "B1") == 2  # SCS-SUP-4: 4 x 1/2
    state, events = act(state, "unit.move", "blue", units="B1", to="04.08")
    assert events[0].payload["minimum"] is True
    assert state["units"]["B1"]["finished"]
    with pytest.raises(IllegalAction, match=r"move has ended"):
        act(state, "unit.move", "blue", units="B1", to="04.09")


def test_ma_two_cannot_enter_two_mp_terrain_after_clear_translator_example_scs_3_1b() -> None:
    state = game()
    state["units"]["B2"]["oos"] = True  # MA 2
    state, _ = act(state, "unit.move", "blue", units="B2", to="02.07")
    with pytest.raises(IllegalAction, match=r"MA is 2"):
        act(state, "unit.move", "blue", units="B2", path="02.08")


def test_no_entering_enemy_hexes_scs_3_3a() -> None:
    """SCS-3.3a: no unit enters an enemy-occupied hex."""
    state = arrange(game(), B1="04.05")
    with pytest.raises(IllegalAction, match=r"enemy units"):
        act(state, "unit.move", "blue", units="B1", to="05.05")
    with pytest.raises(IllegalAction, match=r"enemy-occupied"):
        act(state, "unit.move", "blue", units="B1", path="05.05")


def test_no_moving_off_the_map_scs_map_5() -> None:
    with pytest.raises(IllegalAction, match=r"off the map"):
        act(game(), "unit.move", "blue", units="B3", path="00.05")


def test_path_steps_must_be_adjacent_scs_3_0() -> None:
    with pytest.raises(IllegalAction, match=r"not adjacent"):
        act(game(), "unit.move", "blue", units="B1", path="04.04")


def test_moving_in_the_other_sides_phase_is_refused_scs_3_3b() -> None:
    """SCS-3.3b: units move only in their own side's phases."""
    with pytest.raises(IllegalAction, match=r"Red cannot move now"):
        act(game(), "unit.move", "red", units="R1", to="08.05")
    with pytest.raises(IllegalAction, match=r"not a Blue unit"):
        act(game(), "unit.move", "blue", units="R1", to="08.05")


def test_no_movement_in_the_combat_phase_scs_1_1() -> None:
    state, _ = act(game(), "phase.end", "blue")
    assert state["phase"] == "combat"
    with pytest.raises(IllegalAction, match=r"combat phase"):
        act(state, "unit.move", "blue", units="B1", to="03.04")


def test_a_stack_moves_together_and_may_drop_units_off_pd_10_scs_3_1a() -> None:
    state, _ = act(game(), "unit.move", "blue", units="B3,B5", to="02.05")
    assert board.stack(state, "02.05") == ["B4", "B3", "B5"]
    state, _ = act(state, "unit.move", "blue", units="B5", to="03.05")
    assert state["units"]["B3"]["finished"]
    assert not state["units"]["B5"]["finished"]
    state, _ = act(state, "unit.move", "blue", units="B1", to="03.04")
    assert state["units"]["B5"]["finished"]  # another stack started moving
    with pytest.raises(IllegalAction, match=r"move has ended"):
        act(state, "unit.move", "blue", units="B5", to="03.06")


def test_units_of_a_moving_stack_must_stand_together_scs_3_0() -> None:
    with pytest.raises(IllegalAction, match=r"one hex"):
        act(game(), "unit.move", "blue", units="B1,B2", to="03.05")


def test_move_may_be_undone_until_another_stack_moves_scs_eng_2_pd_34() -> None:
    """SCS-ENG-2 / PD-34: the last move is taken back, once."""
    start = game()
    state, _ = act(start, "unit.move", "blue", units="B1", to="03.04")
    state, events = act(state, "move.undo", "blue")
    assert events[0].audience == "side:blue"
    assert state["units"]["B1"] == start["units"]["B1"]
    assert state["stacks"] == start["stacks"]
    with pytest.raises(IllegalAction, match=r"no move to take back"):
        act(state, "move.undo", "blue")


def test_mp_are_fresh_each_phase_and_never_carried_scs_3_1d_exp_2() -> None:
    """SCS-3.1d / SCS-EXP-2: B5 spent 1 MP moving; the Exploitation Phase starts it at 0 again."""
    state, _ = act(game(), "unit.move", "blue", units="B5", to="03.05")
    assert state["units"]["B5"]["mp"] == "1"
    state = to_phase(state, "exploitation")
    assert state["units"]["B5"]["mp"] == "0"
    assert not state["units"]["B5"]["finished"]


def test_owner_reorders_his_stack_pd_07() -> None:
    state, events = act(game(), "stack.order", "blue", hex="01.05", top="B5")
    assert board.stack(state, "01.05") == ["B5", "B3"]
    assert events[0].audience == "side:blue"
    assert "B5" not in (events[0].redacted_text or "")
    with pytest.raises(IllegalAction, match=r"own phases"):
        act(game(), "stack.order", "red", hex="07.05", top="R1")


def test_t07_stacking_equal_to_the_limit_is_legal_over_it_blocks_the_phase_scs_4_0a_stk_1() -> None:
    """SCS-STK-1 / SCS-4.0a / T-07: stacking points = steps: B3 + B5 = 4, legal; + B4 = 5 blocks
    the end of the phase until the owner eliminates a unit (SCS-STK-2)."""
    state = game()
    assert board.stack_points(SCN, state, "01.05") == 4
    state, _ = act(state, "phase.end", "blue")
    assert state["phase"] == "combat"
    over, _ = act(game(), "unit.move", "blue", units="B4", to="01.05")
    assert board.stack_points(SCN, over, "01.05") == 5
    with pytest.raises(IllegalAction, match=r"01.05 \(5 > 4, Blue\)"):
        act(over, "phase.end", "blue")
    # SCS-STK-2: the owner eliminates units of his choice until legal.
    with pytest.raises(IllegalAction, match=r"not in an over-stacked hex"):
        act(over, "stack.eliminate", "blue", units="B1")
    fixed, _ = act(over, "stack.eliminate", "blue", units="B4")
    assert fixed["units"]["B4"]["status"] == "eliminated"
    assert fixed["steps_lost"]["blue"] == 1
    fixed, _ = act(fixed, "phase.end", "blue")
    assert fixed["phase"] == "combat"


def test_units_pass_through_friendly_stacks_scs_stk_4() -> None:
    """SCS-STK-4: B4 passes through 01.05 (4 points already) on its way to 01.07."""
    state, _ = act(game(), "unit.move", "blue", units="B4", path="01.05,01.06,01.07")
    assert state["units"]["B4"]["hex"] == "01.07"


def test_ezoc_to_ezoc_moves_are_legal_if_paid_scs_2_1a() -> None:
    state = arrange(game(), B5="04.04")  # in R4's ZOC
    state, _ = act(state, "unit.move", "blue", units="B5", path="04.05")  # R4's ZOC again
    assert state["units"]["B5"]["mp"] == "3"  # clear 1 + EZOC 2


def end_phases(state: dict, n: int) -> dict:
    for _ in range(n):
        for uid in list(state["due"]):
            entry = scs_state.scenario_of(state).arrivals[uid].entry_hexes[0]
            state, _ = act(
                state, "reinforcement.place", state["player"], unit=uid, hex=SCN.label(entry)
            )
        state, _ = act(state, "phase.end", state["player"])
    return state


def test_t24_turn_marker_and_reinforcements_placed_before_any_move_scs_trt_1_rei_1_1_2a() -> None:
    """SCS-TRT-1 (PD-03) / SCS-REI-1 / SCS-1.2a / T-24: the turn marker shows 1 through Red's
    turn and 2 after Red's Supply Phase; B6 is placed before any move."""
    state = end_phases(game(), 4)
    assert (state["turn"], state["player"], state["phase"]) == (1, "red", "movement")
    state = end_phases(state, 4)
    assert (state["turn"], state["player"], state["phase"]) == (2, "blue", "movement")
    assert state["due"] == ["B6"]
    with pytest.raises(IllegalAction, match=r"reinforcements first"):
        act(state, "unit.move", "blue", units="B1", to="03.04")
    with pytest.raises(IllegalAction, match=r"01.04, 01.05, 01.06"):
        act(state, "reinforcement.place", "blue", unit="B6", hex="02.05")
    state, events = act(state, "reinforcement.place", "blue", unit="B6", hex="01.05")
    assert events[0].audience == "side:blue"
    assert "B6" not in (events[0].redacted_text or "")
    assert board.stack_points(SCN, state, "01.05") == 6  # over the limit on placement: legal
    with pytest.raises(IllegalAction, match=r"over-stacked"):
        act(state, "phase.end", "blue")
    state, _ = act(state, "unit.move", "blue", units="B6", to="03.05")
    state, _ = act(state, "phase.end", "blue")
    assert state["phase"] == "combat"


def test_red_reinforcement_arrives_in_reds_turn_two() -> None:
    state = end_phases(game(), 12)
    assert (state["turn"], state["player"], state["due"]) == (2, "red", ["R5"])


def test_pd_14_reinforcement_is_delayed_when_every_entry_hex_is_enemy_held() -> None:
    """PD-14: R5's entry hexes 12.04-12.06 are all Blue-held on turn 2: it arrives on turn 3."""
    state = end_phases(game(), 4)
    state = arrange(state, B1="12.04", B2="12.05", B7="12.06")
    state = end_phases(state, 8)
    assert state["player"] == "red"
    assert state["due"] == []
    assert state["delayed"] == {"R5": 3}


def test_t25_exploitation_freeze_in_an_enemy_zoc_scs_2_1b_pd_11() -> None:
    """SCS-2.1b / PD-11 / T-25: B5 in R1's ZOC at the start of the Exploitation Phase may not
    move (not even the one-hex minimum move) nor overrun, even once R1 is gone."""
    state = arrange(game(), B5="06.05", R4=None)
    state = to_phase(state, "exploitation")
    assert "B5" in state["frozen"]
    with pytest.raises(IllegalAction, match=r"SCS-2.1b"):
        act(state, "unit.move", "blue", units="B5", to="05.05")
    with pytest.raises(IllegalAction, match=r"SCS-2.1b"):
        act(state, "overrun.declare", "blue", units="B5", target="07.05")
    # The freeze is a snapshot: removing R1 later does not free B5.
    state = arrange(state, R1=None)
    with pytest.raises(IllegalAction, match=r"SCS-2.1b"):
        act(state, "unit.move", "blue", units="B5", to="05.05")


def test_only_exploitation_capable_units_move_in_exploitation_scs_1_2c_exp_1_2() -> None:
    """SCS-1.2c / SCS-EXP-1 / SCS-EXP-2: B1 (not exploit-capable) may not move; B4 may."""
    state = to_phase(game(), "exploitation")
    with pytest.raises(IllegalAction, match=r"not exploitation-capable"):
        act(state, "unit.move", "blue", units="B1", to="03.04")
    state, _ = act(state, "unit.move", "blue", units="B4", to="03.05")
    assert state["units"]["B4"]["hex"] == "03.05"


def test_no_regular_attacks_in_exploitation_pd_28() -> None:
    """PD-28 / SCS-EXP-2: no regular attacks in the Exploitation Phase."""
    state = arrange(to_phase(game(), "exploitation"), B4="04.05")
    with pytest.raises(IllegalAction, match=r"exploitation phase"):
        act(state, "attack.declare", "blue", target="05.05", units="B4")


def test_pd_14_blocked_reinforcement_may_enter_at_the_nearest_free_edge_hex() -> None:
    state = end_phases(game(settings={"reinforcements.blocked": "nearest_free_edge_hex"}), 4)
    state = arrange(state, B1="12.04", B2="12.05", B7="12.06")
    state = end_phases(state, 8)
    assert state["player"] == "red"
    assert state["due"] == ["R5"]
    options = sorted(
        SCN.label(c) for c in movement.entry_hexes(scs_state.scenario_of(state), state, "R5")
    )
    assert options == ["12.03", "12.07"]
    with pytest.raises(IllegalAction, match="enemy units"):
        act(state, "reinforcement.place", "red", unit="R5", hex="12.05")
    state, _ = act(state, "reinforcement.place", "red", unit="R5", hex="12.07")
    assert state["units"]["R5"]["hex"] == "12.07"


def test_units_on_an_exit_hex_may_leave_the_map_for_exit_vp_scs_map_4_3_3c() -> None:
    """SCS-3.3c / SCS-MAP-4: B4 leaves the map from an exit hex: gone from the map, yet it counts
    for the scenario's exit VP (2)."""
    from rules.scs.crt import ScenarioError
    from rules.scs.scenario import SCENARIO_DIR, build, read_file

    raw = read_file(SCENARIO_DIR / "halden_crossing.yaml")
    raw["scenario"]["exits"] = {"Blue": ["12.05"]}
    raw["scenario"]["victory"]["exit_vp"] = 2
    state = arrange(game(scenario=raw), B4="11.05")
    with pytest.raises(IllegalAction, match="not an exit hex"):
        act(state, "unit.exit", "blue", units="B4")
    state, _ = act(state, "unit.move", "blue", units="B4", to="12.05")
    from rules.scs import SYSTEM

    assert "unit.exit" in [a.kind for a in SYSTEM.legal_actions(state, "blue")]
    state, events = act(state, "unit.exit", "blue", units="B4")
    assert events[0].audience == "side:blue"
    assert "B4" not in (events[0].redacted_text or "")
    assert state["units"]["B4"]["status"] == "exited"
    assert state["units"]["B4"]["hex"] is None
    assert turn.victory_points(scs_state.scenario_of(state), state)["blue"] == 2
    assert state["steps_lost"]["blue"] == 0
    raw["scenario"]["exits"] = {"Blue": ["05.05"]}
    with pytest.raises(ScenarioError, match="not at the map edge"):
        build(raw)


def west_edge(allow: bool, **settings: Any) -> dict[str, Any]:
    """B4 (recon, MA 8) in 01.03 with R6's ZOC across 01.04-01.06 on the west edge."""
    state = game(settings={"allow_offmap_movement": allow, **settings})
    away = dict.fromkeys(("B1", "B2", "B3", "B5", "B7", "B8"))
    return arrange(state, **away, B4="01.03", R6="01.05")


def test_moves_may_leave_the_map_and_come_back_when_the_scenario_allows_scs_map_5() -> None:
    state = west_edge(True)
    scn = scs_state.scenario_of(state)
    options = reach.movement_options(scn, state, ["B4"])
    # Off the map each hex costs what the default terrain (clear) costs; no EZOC out there.
    assert options["01.07"]["path"] == ["00.03", "00.04", "00.05", "00.06", "01.07"]
    assert options["01.07"]["mp"] == {"B4": "5"}
    assert not any(label.startswith("00.") for label in options)  # a move ends on the map
    after, events = act(state, "unit.move", "blue", units="B4", path="00.03,00.04,00.05,01.06")
    assert after["units"]["B4"]["hex"] == "01.06"
    assert after["units"]["B4"]["mp"] == "6"
    assert "00.05 → 01.06" in events[0].text
    assert "00.05" not in after["stacks"]
    on_map = reach.movement_options(
        scs_state.scenario_of(west_edge(False)), west_edge(False), ["B4"]
    )
    assert on_map["01.07"]["mp"] == {"B4": "6"}
    assert "00.03" not in on_map["01.07"]["path"]


def test_a_move_may_not_end_off_the_map_scs_map_5_map_4() -> None:
    state = west_edge(True)
    with pytest.raises(IllegalAction, match=r"must end on the map.*unit.exit.*SCS-MAP-5"):
        act(state, "unit.move", "blue", units="B4", path="00.03,00.04")
    with pytest.raises(IllegalAction, match="off the map"):
        act(state, "unit.move", "blue", units="B4", to="00.04")
    with pytest.raises(IllegalAction, match="off the map"):  # beyond the one-hex ring
        act(state, "unit.move", "blue", units="B4", path="00.03,99.04")


def test_without_the_exception_a_path_may_not_leave_the_map_scs_map_5() -> None:
    with pytest.raises(IllegalAction, match=r"moves may not leave the map \(SCS-MAP-5\)"):
        act(west_edge(False), "unit.move", "blue", units="B4", path="00.03,00.04,01.05")


def test_offmap_mp_prices_the_hexes_off_the_map_per_class_and_p_forbids_them_scs_map_5() -> None:
    state = west_edge(True, offmap_mp={"foot": 2, "mech": "P"})
    scn = scs_state.scenario_of(state)
    assert "00.03" not in reach.movement_options(scn, state, ["B4"])["01.07"]["path"]
    with pytest.raises(IllegalAction, match="off the map"):
        act(state, "unit.move", "blue", units="B4", path="00.03,00.04,01.04")
    foot = arrange(state, B4=None, B1="01.02")
    after, _ = act(foot, "unit.move", "blue", units="B1", path="00.02,01.03")
    assert after["units"]["B1"]["mp"] == "3"  # 2 off the map + 1 back onto clear 01.03


def test_a_retreat_off_the_map_still_eliminates_with_offmap_movement_scs_map_4() -> None:
    state = arrange(
        west_edge(True, **{"crt.rows": {r: ["Dr1"] * 10 for r in range(2, 13)}}),
        R6=None,
        R4="01.05",
        B1="02.05",
        B2="02.04",
    )
    state = to_phase(state, "combat")
    state, _ = act(state, "attack.declare", "blue", target="01.05", units="B1,B2")
    state, _ = act(state, "attack.resolve", "blue", dice=[1, 1])
    after, _ = act(state, "combat.retreat", "red", path="00.05")
    assert after["units"]["R4"]["status"] == "eliminated"
