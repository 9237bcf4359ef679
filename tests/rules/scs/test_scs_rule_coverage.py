"""Rules the engine cites that no other test pinned down: one scripted test per rule (or per
closely related group) on Halden Crossing, each citing its IDs."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from scs_helpers import BLUE, act, arrange, game, kinds, to_phase

from rules.core.errors import IllegalAction
from rules.scs import SYSTEM, board, stages
from rules.scs import state as scs_state
from rules.scs.crt import ScenarioError
from rules.scs.scenario import SCENARIO_DIR, build, load_scenario, read_file

SCN = scs_state.scenario_of(game())


def everywhere(code: str) -> dict[str, Any]:
    """Settings that make every CRT cell one result (a scenario-configurable table, PD-21)."""
    return {"crt.rows": {roll: [code] * 10 for roll in range(2, 13)}}


def raw_scenario() -> dict[str, Any]:
    data: dict[str, Any] = read_file(SCENARIO_DIR / "halden_crossing.yaml")
    return data


def labels(state: dict[str, Any], uid: str) -> set[str]:
    scn = scs_state.scenario_of(state)
    return {scn.label(cell) for cell in board.zoc(scn, state, uid)}


def test_scs_1_0b_the_scenario_names_the_first_player() -> None:
    """SCS-1.0b: `first_player` is scenario data (required): with Red first, turn 1 opens with
    Red's Movement Phase and Blue may not move; without the key the scenario is refused."""
    raw = raw_scenario()
    raw["scenario"]["first_player"] = "Red"
    state = game(scenario=raw)
    assert (state["turn"], state["player"], state["phase"]) == (1, "red", "movement")
    with pytest.raises(IllegalAction, match="Blue cannot move now"):
        act(state, "unit.move", "blue", units="B1", to="03.04")
    state, _ = act(state, "unit.move", "red", units="R3", to="08.03")
    assert state["units"]["R3"]["hex"] == "08.03"
    del raw["scenario"]["first_player"]
    with pytest.raises(ScenarioError, match="first_player is required"):
        build(raw)


def test_scs_setup_3_a_named_unit_may_start_out_of_supply() -> None:
    """SCS-SETUP-3: every unit starts at step 0 and in supply, unless the scenario says otherwise
    for a named unit (`out_of_supply: true` on R4: only R4 starts with the OOS marker)."""
    raw = raw_scenario()
    next(u for u in raw["scenario"]["units"] if u["id"] == "R4")["out_of_supply"] = True
    state = game(scenario=raw)
    assert [uid for uid, u in state["units"].items() if u["oos"]] == ["R4"]
    assert all(u["step"] == 0 for u in state["units"].values())


def test_scs_2_0b_a_road_hexside_brings_prohibited_terrain_into_a_zoc() -> None:
    """SCS-2.0b / SCS-3.2d: with 03.05 made marsh (prohibited to mech), B5 (mech) in 02.05 has
    03.05 in its ZOC through the road hexside; from 03.04 (no road into 03.05) it has not."""
    marsh = ["04.08", "05.08", "05.09", "03.05"]
    state = game(settings={"terrain.marsh": marsh})
    on_road = arrange(state, B5="02.05")
    assert labels(on_road, "B5") == {"01.05", "01.06", "02.04", "02.06", "03.05", "03.06"}
    off_road = arrange(state, B5="03.04")
    assert "03.05" not in labels(off_road, "B5")
    assert len(labels(off_road, "B5")) == 5


def test_scs_3_2d_prohibited_terrain_is_entered_only_along_a_road() -> None:
    """SCS-3.2d / SCS-3.2b: marsh 03.05 on the road: B5 (mech) enters it from 02.05 along the
    road for the road's 1/2 MP, but not from 03.04, off the road."""
    state = game(settings={"terrain.marsh": ["04.08", "05.08", "05.09", "03.05"]})
    moved, _ = act(arrange(state, B5="02.05"), "unit.move", "blue", units="B5", path="03.05")
    assert moved["units"]["B5"]["mp"] == "1/2"
    with pytest.raises(IllegalAction, match=r"marsh is prohibited to mech units"):
        act(arrange(state, B5="03.04"), "unit.move", "blue", units="B5", path="03.05")


def test_scs_3_2c_a_hexside_the_road_does_not_negate_adds_its_cost() -> None:
    """SCS-3.2c: T-10's road from 01.05 to 09.05 costs 6 MP with the bridge (river negated);
    if the river is not negated by the road the mech unit pays its +2 there: 8 MP."""
    settings = {"tec.hexside.river.road_negates": False}
    state = arrange(game(settings=settings), R4=None, R1=None)
    state, events = act(state, "unit.move", "blue", units="B5", to="09.05")
    assert events[0].payload["path"][-3:] == ["07.05", "08.05", "09.05"]
    assert state["units"]["B5"]["mp"] == "8"


@pytest.mark.parametrize("friend", [None, "06.05"])
def test_scs_2_1g_a_hex_in_two_enemy_zocs_costs_the_ezoc_once(friend: str | None) -> None:
    """SCS-2.1g: 06.05 lies in R1's and R4's ZOCs: B1 (foot) from 06.06 (R2's ZOC) pays clear 1
    + EZOC 2 = 3 MP, not 5; a friendly unit standing in 06.05 does not cancel the EZOC."""
    state = arrange(game(), B1="06.06", B2=friend)
    scn = scs_state.scenario_of(state)
    zocs = [board.zoc(scn, state, uid) for uid in ("R1", "R4")]
    assert all(scn.grid.cell("06.05") in zoc for zoc in zocs)
    state, _ = act(state, "unit.move", "blue", units="B1", path="06.05")
    assert state["units"]["B1"]["mp"] == "3"


def test_scs_4_0_the_stacking_limit_is_the_scenarios() -> None:
    """SCS-4.0: `stacking.limit_points` is required and per game: B3 + B5 + B4 in 01.05 make
    5 points, over the demo's 4 at the end of the phase but legal with a limit of 5."""
    over, _ = act(game(), "unit.move", "blue", units="B4", to="01.05")
    with pytest.raises(IllegalAction, match=r"01.05 \(5 > 4, Blue\)"):
        act(over, "phase.end", "blue")
    five, _ = act(
        game(settings={"stacking.limit_points": 5}), "unit.move", "blue", units="B4", to="01.05"
    )
    five, _ = act(five, "phase.end", "blue")
    assert five["phase"] == "combat"
    raw = raw_scenario()
    del raw["scenario"]["stacking"]
    with pytest.raises(ScenarioError, match="stacking is required"):
        build(raw)


def test_scs_tec_1_the_terrain_effects_chart_is_data() -> None:
    """SCS-TEC-1: the demo TEC: EZOC +2; road 1/2; woods foot 2 / mech 3 with a -1 column
    shift; marsh foot 3, `P` (None) for mech; river +1 foot / +2 mech, negated by the road,
    attack x 1/2; a scenario override changes a value."""
    scn = load_scenario("halden_crossing")
    assert (scn.ezoc_entry_cost, scn.road_mp) == (2, Fraction(1, 2))
    woods, marsh = scn.hex_terrain["woods"], scn.hex_terrain["marsh"]
    assert dict(woods.mp) == {"foot": 2, "mech": 3}
    assert [(mod.type, mod.value) for mod in woods.combat] == [("column_shift", -1)]
    assert dict(marsh.mp) == {"foot": 3, "mech": None}
    river = scn.hexside_features["river"]
    assert dict(river.mp_add) == {"foot": 1, "mech": 2}
    assert river.road_negates
    assert [(mod.type, mod.value) for mod in river.combat] == [
        ("attack_multiplier", Fraction(1, 2))
    ]
    changed = load_scenario("halden_crossing", {"tec.hex.woods.mp.foot": 3})
    assert changed.hex_terrain["woods"].mp["foot"] == 3


def test_pd_05_oos_ma_is_rounded_once_with_a_minimum_of_one() -> None:
    """PD-05 (SCS-SUP-4, SCS-ROUND-2): OOS MA = printed MA x `supply.oos_ma`, rounded once: B7
    7 x 1/2 = 7/2 -> 4; with x 1/10 B1's 4 -> 2/5 rounds to 0 but `supply.oos_ma_minimum` 1
    keeps it at 1 (0 if the scenario sets the minimum to 0)."""

    def ma(settings: dict[str, Any], uid: str) -> int:
        state = game(settings=settings)
        state["units"][uid]["oos"] = True
        return board.ma_eff(scs_state.scenario_of(state), state, uid)

    assert ma({}, "B7") == 4
    assert ma({}, "B1") == 2
    assert ma({"supply.oos_ma": "1/10"}, "B1") == 1
    assert ma({"supply.oos_ma": "1/10", "supply.oos_ma_minimum": 0}, "B1") == 0


def test_pd_08_zoc_reads_the_printed_step_attack_not_the_supply_modified_one() -> None:
    """PD-08 (SCS-2.0a): R1 reduced (3-4-4 -> 1-2-4) and out of supply attacks at 1 x 1/2 = 1/2,
    yet its printed attack 1 keeps its full ZOC of six hexes; R7 (attack 0) has none."""
    state = game()
    state["units"]["R1"] = {**state["units"]["R1"], "step": 1, "oos": True}
    assert labels(state, "R1") == {"06.04", "06.05", "07.04", "07.06", "08.04", "08.05"}
    assert labels(state, "R7") == set()


def test_pd_09_a_zero_strength_unit_absorbs_the_attackers_loss() -> None:
    """PD-09 (SCS-CBT-2): B8 (attack 0) joins B1's attack and adds nothing (A = 4); on AL1 Blue
    may give the step to B8, which is eliminated, while B1 stays at full strength."""
    state = to_phase(arrange(game(settings=everywhere("AL1")), B1="04.04", B8="04.05"), "combat")
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B8")
    state, events = act(state, "attack.resolve", "blue", dice=[3, 4])
    assert events[0].payload["figures"]["attack"] == "4"
    assert stages.current_stage(state) == "attacker_losses"
    state, _ = act(state, "combat.losses", "blue", units="B8")
    assert state["units"]["B8"]["status"] == "eliminated"
    assert state["units"]["B1"]["step"] == 0


def test_pd_16_attacks_are_voluntary_and_one_hexs_units_may_split_between_targets() -> None:
    """PD-16 / SCS-CBT-4: B1 and B2 stand together in 06.04 between R4 (05.05) and R1 (07.05):
    B1 attacks R4 and B2 attacks R1 in the same Combat Phase; and the phase may end with no
    attack at all."""
    state = to_phase(arrange(game(settings=everywhere("NE")), B1="06.04", B2="06.04"), "combat")
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1")
    state, _ = act(state, "attack.resolve", "blue", dice=[3, 4])
    state, events = act(state, "attack.declare", "blue", target="07.05", units="B2")
    assert events[0].payload["attackers"] == ["B2"]
    state, _ = act(state, "attack.resolve", "blue", dice=[3, 4])
    assert state["attacked_hexes"] == ["05.05", "07.05"]
    quiet, _ = act(to_phase(game(), "combat"), "phase.end", "blue")
    assert quiet["phase"] == "exploitation"


def test_pd_22_defender_option_first_then_attacker_option() -> None:
    """PD-22 (SCS-CRT-3): on `Ao1/Do1` the defender's option is settled before the attacker's:
    Red retreats R4 to 06.05 first, then Blue takes its option as a step on B1; the hex is then
    empty, so the advance comes last. PD-27 / SCS-ADV-1: taking the option wholly as a step
    loss retreats nobody, so B1 and B2 may both advance into 05.05."""
    state = to_phase(
        arrange(game(settings=everywhere("Ao1/Do1")), B1="04.04", B2="04.05"), "combat"
    )
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B2")
    state, _ = act(state, "attack.resolve", "blue", dice=[1, 1])
    assert (stages.current_stage(state), stages.stage_owner(state)) == ("defender_retreat", "red")
    with pytest.raises(IllegalAction):
        act(state, "combat.retreat", "blue", losses="B1")
    state, _ = act(state, "combat.retreat", "red", path="06.05")
    assert (stages.current_stage(state), stages.stage_owner(state)) == ("attacker_retreat", "blue")
    state, _ = act(state, "combat.retreat", "blue", losses="B1")
    assert state["units"]["B1"]["step"] == 1
    assert stages.current_stage(state) == "advance"
    assert stages.advance_eligible(SCN, state) == ["B1", "B2"]
    state, _ = act(state, "combat.advance", "blue", units="B1,B2")
    assert board.stack(state, "05.05") == ["B1", "B2"]


def test_scs_ret_4_a_split_retreat_counts_each_group_as_its_own_stack() -> None:
    """SCS-RET-4 / SCS-RET-3: R4 and R6 in 05.05 get Dr1 and split: R4 to 06.05 (no EZOC) keeps
    its step; R6 to 05.06 (B2's ZOC) loses its only step. One step lost in all."""
    state = game(settings=everywhere("Dr1"))
    state = to_phase(arrange(state, R6="05.05", B1="04.04", B2="04.05"), "combat")
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B2")
    state, _ = act(state, "attack.resolve", "blue", dice=[1, 1])
    state, _ = act(state, "combat.retreat", "red", units="R4", path="06.05")
    assert state["combat"]["to_retreat"]["red"] == ["R6"]
    state, _ = act(state, "combat.retreat", "red", units="R6", path="05.06")
    assert (state["units"]["R4"]["hex"], state["units"]["R4"]["step"]) == ("06.05", 0)
    assert state["units"]["R6"]["status"] == "eliminated"
    assert state["steps_lost"]["red"] == 1


def test_pd_26_a_retreat_may_overstack_a_friendly_hex_until_the_phase_ends() -> None:
    """PD-26 (SCS-RET-2, SCS-STK-2): R4 retreats (Dr1) into 06.05 where R1 and R2 hold 4 points:
    5 > 4 is legal for now, but Blue's Combat Phase cannot end until Red eliminates a unit."""
    state = game(settings=everywhere("Dr1"))
    state = arrange(state, R1="06.05", R2="06.05", B1="04.04", B2="04.05")
    state = to_phase(state, "combat")
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B2")
    state, _ = act(state, "attack.resolve", "blue", dice=[1, 1])
    state, _ = act(state, "combat.retreat", "red", path="06.05")
    assert board.stack(state, "06.05") == ["R1", "R2", "R4"]
    assert board.stack_points(SCN, state, "06.05") == 5
    state, _ = act(state, "combat.advance", "blue")
    with pytest.raises(IllegalAction, match=r"06.05 \(5 > 4, Red\)"):
        act(state, "phase.end", "blue")
    state, _ = act(state, "stack.eliminate", "red", units="R4")
    state, _ = act(state, "phase.end", "blue")
    assert state["phase"] == "exploitation"


def test_pd_28_exploitation_gives_a_fresh_ma_and_overruns_to_a_unit_that_attacked() -> None:
    """PD-28 / SCS-EXP-1/-2: B4 (recon, MA 8) attacked in the Combat Phase (DE: R4 gone) and
    stands outside any EZOC, so in the Exploitation Phase it moves 04.05 -> 05.05 -> 06.05 for
    1/2 + 1/2 + 2 (R1's ZOC) = 3 MP and overruns R1 for 3 more (6 of 8)."""
    state = game(settings=everywhere("DE"))
    state = to_phase(arrange(state, B1="04.04", B4="04.05"), "combat")
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B4")
    state, _ = act(state, "attack.resolve", "blue", dice=[3, 4])
    state, _ = act(state, "combat.advance", "blue")
    state, _ = act(state, "phase.end", "blue")
    assert state["phase"] == "exploitation"
    assert state["units"]["B4"]["attacked"]
    assert state["frozen"] == []
    assert state["units"]["B4"]["mp"] == "0"
    with pytest.raises(IllegalAction, match="not exploitation-capable"):
        act(state, "unit.move", "blue", units="B1", to="05.05")
    state, events = act(state, "unit.move", "blue", units="B4", to="06.05")
    assert events[0].payload["path"] == ["05.05", "06.05"]
    assert state["units"]["B4"]["mp"] == "3"
    state, events = act(state, "overrun.declare", "blue", units="B4", target="07.05")
    assert events[0].kind == "attack.declared"
    assert state["units"]["B4"]["mp"] == "6"


def test_pd_31_a_vp_hex_stays_with_the_last_side_to_enter_it() -> None:
    """PD-31 / SCS-CTRL-1: B5 enters Halden (07.05): Blue controls it and keeps it after moving
    on to 08.05; it returns to Red only when a Red unit (R2) enters it."""
    state = arrange(game(), R1=None, R4=None, B5="06.05")
    state, _ = act(state, "unit.move", "blue", units="B5", to="07.05")
    state, _ = act(state, "unit.move", "blue", units="B5", to="08.05")
    assert state["control"]["07.05"] == "blue"
    state = to_phase(arrange(state, B5="02.05"), "movement", "red")
    assert state["control"]["07.05"] == "blue"
    state, _ = act(state, "unit.move", "red", units="R2", path="07.06,07.05")
    assert state["control"]["07.05"] == "red"


def test_pd_32_the_side_setting_up_second_sees_the_first_sides_set_up_under_fog_of_war() -> None:
    """PD-32 (SCS-SETUP-5, SCS-FOW-1): Red sets up first and puts R7 under R6 in Kessel; in
    Blue's set-up Blue sees only R6 there and a count of 2, never R7."""
    state = SYSTEM.start({"scenario": "halden_crossing"})
    state, _ = act(state, "setup.place", "red", unit="R7", hex="10.05")
    state, _ = act(state, "phase.end", "red")
    assert (state["phase"], state["player"]) == ("setup", "blue")
    view = SYSTEM.view(state, BLUE)
    view.pop("history")
    kessel = next(s for s in view["stacks"] if s["hex"] == "10.05")
    assert ([u["id"] for u in kessel["units"]], kessel["count"]) == (["R6"], 2)
    assert "Flak Bn" not in str(view)


def test_pd_34_only_the_last_stacks_move_is_undone() -> None:
    """PD-34 / SCS-ENG-2: B1 moves, then B2 moves: the undo takes back B2's move only; B1's is
    committed (another stack moved) and a second undo is refused. After a die is rolled (an
    overrun resolved) the move before it cannot be taken back either."""
    state, _ = act(game(), "unit.move", "blue", units="B1", to="03.04")
    state, _ = act(state, "unit.move", "blue", units="B2", to="03.06")
    state, events = act(state, "move.undo", "blue")
    assert kinds(events) == ["move.undone"]
    assert (state["units"]["B1"]["hex"], state["units"]["B2"]["hex"]) == ("03.04", "02.06")
    with pytest.raises(IllegalAction, match="no move to take back"):
        act(state, "move.undo", "blue")
    rolled = game(settings=everywhere("NE"))
    rolled, _ = act(rolled, "unit.move", "blue", units="B5", to="04.05")
    rolled, _ = act(rolled, "overrun.declare", "blue", units="B5", target="05.05")
    rolled, _ = act(rolled, "attack.resolve", "blue", dice=[3, 3])
    with pytest.raises(IllegalAction, match="no move to take back"):
        act(rolled, "move.undo", "blue")
    assert rolled["units"]["B5"]["hex"] == "04.05"
