"""Combat and overrun: SCS-2.1c/d/e, SCS-CBT-*, SCS-CRT-3, SCS-STEP-1, SCS-RET-*, SCS-ADV/OVR; the
acceptance tests T-16/17/18/19."""

from __future__ import annotations

from typing import Any

import pytest
from scs_helpers import act, arrange, game, kinds, to_phase

from rules.core.errors import IllegalAction
from rules.scs import board, figures, reach, stages
from rules.scs import state as scs_state

ROLLS = range(2, 13)


def everywhere(code: str) -> dict[str, Any]:
    """Settings that make every CRT cell one result (a scenario-configurable table, PD-21)."""
    return {"crt.rows": {roll: [code] * 10 for roll in ROLLS}}


def combat(state: dict[str, Any]) -> dict[str, Any]:
    return to_phase(state, "combat")


def test_t16_river_halves_each_attacker_town_doubles_defense_ao1_scs_cbt_1_5_6_pd_33() -> None:
    """SCS-CBT-1 / PD-33 / T-16: one combat against one hex (07.05) by units of two hexes;
    A = 6 x 1/2 + 4 x 1/2 = 5, D = 4 x 2 = 8 -> 1:2; the scripted 2d6 (3 + 4 = 7) are rolled by
    the engine, logged with their purpose: Ao1."""
    state = combat(arrange(game(), B5="06.05", B7="06.04"))
    state, events = act(state, "attack.declare", "blue", target="07.05", units="B5,B7")
    assert events[0].kind == "attack.declared"
    assert "R1 101 Infantry Rgt (3-4-4)" in events[0].text
    state, events = act(state, "attack.resolve", "blue", dice=[3, 4])
    fig = events[0].payload["figures"]
    assert (fig["attack"], fig["defense"], fig["odds"], fig["column"]) == ("5", "8", "1:2", "1:2")
    assert events[0].payload["result"] == "Ao1"
    assert [d.purpose for d in events[0].dice] == ["CRT die 1", "CRT die 2"]
    assert "2d6 = 3 + 4 = 7: Ao1" in events[0].text
    # PD-23: the attacker takes the option as one step loss instead of retreating.
    assert stages.stage_owner(state) == "blue"
    state, events = act(state, "combat.retreat", "blue", losses="B5")
    assert state["units"]["B5"]["step"] == 1
    assert state["combat"] is None
    assert state["units"]["B5"]["hex"] == "06.05"
    assert state["units"]["B7"]["hex"] == "06.04"
    assert "combat.ended" in kinds(events)


def test_attackers_retreat_each_from_their_own_hex_scs_ret_1() -> None:
    state = combat(arrange(game(), B5="06.05", B7="06.04"))
    state, _ = act(state, "attack.declare", "blue", target="07.05", units="B5,B7")
    state, _ = act(state, "attack.resolve", "blue", dice=[3, 4])
    state, _ = act(state, "combat.retreat", "blue", units="B5", path="05.06")
    assert state["combat"] is not None
    assert state["combat"]["to_retreat"]["blue"] == ["B7"]
    with pytest.raises(IllegalAction, match=r"already chosen"):
        act(state, "combat.retreat", "blue", units="B7", path="05.04", losses="B7")
    state, _ = act(state, "combat.retreat", "blue", units="B7", path="05.04")
    assert state["combat"] is None
    # 05.04 lies in R4's ZOC: the retreat costs B7 a step (SCS-2.1d).
    assert state["units"]["B7"]["hex"] == "05.04"
    assert state["units"]["B7"]["step"] == 1


def t17() -> dict[str, Any]:
    return combat(arrange(game(), B1="04.04", B2="04.05", B4="05.04"))


def test_t17_three_to_one_dl1_eliminates_r4_and_attackers_may_advance_scs_adv_1_pd_27() -> None:
    """SCS-ADV-1 / PD-27 / T-17: 10 : 3 -> 3:1, DL1: R4 gone; the attackers that did not
    retreat may advance into 05.05 only up to the stacking limit (B1 + B2, not B4 too)."""
    state, _ = act(t17(), "attack.declare", "blue", target="05.05", units="B1,B2,B4")
    state, events = act(state, "attack.resolve", "blue", dice=[4, 5])
    fig = events[0].payload["figures"]
    assert (fig["attack"], fig["defense"], fig["odds"]) == ("10", "3", "3:1")
    assert events[0].payload["result"] == "DL1"
    assert state["units"]["R4"]["status"] == "eliminated"
    assert state["steps_lost"]["red"] == 1
    assert state["combat"]["stage"] if False else stages.stage_owner(state) == "blue"
    assert stages.advance_eligible(scs_state.scenario_of(state), state) == ["B1", "B2", "B4"]
    with pytest.raises(IllegalAction, match="exceeds the limit of 4"):
        act(state, "combat.advance", "blue", units="B1,B2,B4")
    state, events = act(state, "combat.advance", "blue", units="B1,B2")
    assert board.stack(state, "05.05") == ["B1", "B2"]
    assert state["combat"] is None


def test_advance_may_be_declined_scs_adv_1() -> None:
    """SCS-ADV-1: the advance after combat is optional."""
    state, _ = act(t17(), "attack.declare", "blue", target="05.05", units="B1,B2,B4")
    state, _ = act(state, "attack.resolve", "blue", dice=[4, 5])
    state, events = act(state, "combat.advance", "blue")
    assert "declines" in events[0].text
    assert not board.stack(state, "05.05")


def test_t18_woods_shift_one_column_left_scs_cbt_7_pd_17() -> None:
    woods = ["02.08", "03.08", "04.02", "04.03", "05.02", "09.02", "09.03", "10.02", "05.05"]
    state = combat(
        arrange(game(settings={"terrain.woods": woods}), B1="04.04", B2="04.05", B4="05.04")
    )
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B2,B4")
    state, events = act(state, "attack.resolve", "blue", dice=[4, 5])
    fig = events[0].payload["figures"]
    assert (fig["base_column"], fig["column"], fig["shift"]) == ("3:1", "2:1", -1)
    assert events[0].payload["result"] == "Do1"


def test_t19_retreat_choices_and_the_ezoc_step_loss_scs_ret_5_2_1d() -> None:
    state, _ = act(t17(), "attack.declare", "blue", target="05.05", units="B1,B2,B4")
    state, events = act(state, "attack.resolve", "blue", dice=[3, 4])
    assert events[0].payload["result"] == "Do1"
    scn = scs_state.scenario_of(state)
    paths = stages.legal_retreats(scn, state, ["R4"], 1)
    assert {p["path"][0]: p["losses"] for p in paths} == {"05.06": 1, "06.04": 1, "06.05": 0}
    assert paths[0]["path"] == ["06.05"]  # the only loss-free choice comes first
    with pytest.raises(IllegalAction, match="illegal retreat path"):
        act(state, "combat.retreat", "red", path="04.06")
    with pytest.raises(IllegalAction, match="no retreat is waiting"):
        act(state, "combat.retreat", "blue", path="06.05")
    lost, events = act(state, "combat.retreat", "red", path="06.04")
    assert lost["units"]["R4"]["status"] == "eliminated"
    assert "SCS-2.1d" in events[0].text
    safe, _ = act(state, "combat.retreat", "red", path="06.05")
    assert safe["units"]["R4"]["hex"] == "06.05"
    assert safe["units"]["R4"]["status"] == "map"
    # The hex is empty: the attackers are offered the advance (EZOC does not stop it, SCS-2.1e).
    assert stages.stage_owner(safe) == "blue"


def test_retreating_stack_loses_one_step_per_ezoc_hex_not_per_unit_scs_2_1d() -> None:
    """SCS-2.1d / SCS-RET-3: a three-unit stack retreating through two EZOC hexes loses two
    steps in all, one per hex, not one per unit."""
    state = game(settings=everywhere("Dr2"))
    state = arrange(state, R6="05.05", R7="05.05", B1="04.04", B2="04.05", B3="04.07")
    state = combat(state)
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B2")
    state, _ = act(state, "attack.resolve", "blue", dice=[1, 1])
    scn = scs_state.scenario_of(state)
    paths = stages.legal_retreats(scn, state, ["R4", "R6", "R7"], 2)
    two = next(p for p in paths if p["path"] == ["05.06", "05.07"])
    assert two["losses"] == 2
    state, _events = act(state, "combat.retreat", "red", path="05.06,05.07", ezoc_losses="R4,R7")
    assert state["units"]["R4"]["status"] == "eliminated"
    assert state["units"]["R7"]["status"] == "eliminated"
    assert state["units"]["R6"]["hex"] == "05.07"
    assert state["steps_lost"]["red"] == 2


def test_retreat_may_split_the_stack_scs_ret_4() -> None:
    state = game(settings=everywhere("Dr1"))
    state = arrange(state, R6="05.05", B1="04.04", B2="04.05")
    state = combat(state)
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B2")
    state, _ = act(state, "attack.resolve", "blue", dice=[1, 1])
    state, _ = act(state, "combat.retreat", "red", units="R4", path="06.05")
    state, _ = act(state, "combat.retreat", "red", units="R6", path="06.04")
    assert state["units"]["R6"]["step"] == 0 or state["units"]["R6"]["status"] == "eliminated"
    assert state["units"]["R4"]["hex"] == "06.05"


def test_unit_that_cannot_retreat_is_eliminated_scs_ret_5() -> None:
    state = game(settings=everywhere("Dr1"))
    # R4 boxed in: every retreat hex one farther away holds a Blue unit.
    state = arrange(state, B1="04.04", B2="04.05", B3="05.04", B4="05.06", B7="06.04", B8="06.05")
    state = combat(state)
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B2")
    state, _ = act(state, "attack.resolve", "blue", dice=[1, 1])
    with pytest.raises(IllegalAction, match="no legal retreat"):
        act(state, "combat.retreat", "red", path="06.05")
    state, events = act(state, "combat.retreat", "red")
    assert state["units"]["R4"]["status"] == "eliminated"
    assert "SCS-RET-5" in events[0].text


def test_option_must_be_taken_as_losses_when_no_retreat_exists_scs_ret_5() -> None:
    state = game(settings=everywhere("Do1"))
    state = arrange(state, B1="04.04", B2="04.05", B3="05.04", B4="05.06", B7="06.04", B8="06.05")
    state = combat(state)
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B2")
    state, _ = act(state, "attack.resolve", "blue", dice=[1, 1])
    with pytest.raises(IllegalAction, match="take more of the option as step losses"):
        act(state, "combat.retreat", "red")
    state, _ = act(state, "combat.retreat", "red", losses="R4")
    assert state["units"]["R4"]["status"] == "eliminated"
    assert stages.current_stage(state) == "advance"


def test_defender_chooses_which_unit_loses_steps_scs_step_1_pd_24() -> None:
    """SCS-STEP-1 / PD-24: the owner allocates the step among the units of that combat (R6,
    not R4); a unit not in the combat cannot take it."""
    state = game(settings=everywhere("DL1"))
    state = arrange(state, R6="05.05", B1="04.04", B2="04.05")
    state = combat(state)
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B2")
    state, _ = act(state, "attack.resolve", "blue", dice=[1, 1])
    assert stages.stage_owner(state) == "red"
    with pytest.raises(IllegalAction, match="exactly 1 step"):
        act(state, "combat.losses", "red", units="R4,R6")
    with pytest.raises(IllegalAction, match="did not take part"):
        act(state, "combat.losses", "red", units="R1")
    state, _events = act(state, "combat.losses", "red", units="R6")
    assert state["units"]["R6"]["status"] == "eliminated"
    assert state["units"]["R4"]["status"] == "map"


def test_attacker_losses_come_first_then_defender_pd_22() -> None:
    """PD-22: on AL1/DL1 the attacker's losses are taken first, then the defender's."""
    state = game(settings=everywhere("AL1/DL1"))
    state = combat(arrange(state, B1="04.04", B2="04.05"))
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B2")
    state, events = act(state, "attack.resolve", "blue", dice=[1, 1])
    assert stages.current_stage(state) == "attacker_losses"
    assert stages.stage_owner(state) == "blue"
    state, events = act(state, "combat.losses", "blue", units="B2")
    assert kinds(events)[0] == "losses.taken"
    assert state["units"]["B2"]["step"] == 1
    assert state["units"]["R4"]["status"] == "eliminated"  # forced: R4 has one step


@pytest.mark.parametrize(("code", "gone"), [("AE", ["B1", "B2"]), ("DE", ["R4"])])
def test_elimination_results_remove_the_whole_side_scs_crt_2(code: str, gone: list[str]) -> None:
    state = combat(arrange(game(settings=everywhere(code)), B1="04.04", B2="04.05"))
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B2")
    state, _ = act(state, "attack.resolve", "blue", dice=[6, 6])
    for uid in gone:
        assert state["units"][uid]["status"] == "eliminated"


def test_each_hex_is_attacked_once_per_phase_scs_cbt_3() -> None:
    """SCS-CBT-3: 05.05, attacked once, cannot be attacked again in the same Combat Phase."""
    state = combat(arrange(game(settings=everywhere("NE")), B1="04.04", B2="04.05", B4="05.04"))
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1")
    state, _ = act(state, "attack.resolve", "blue", dice=[2, 2])
    assert state["combat"] is None
    with pytest.raises(IllegalAction, match="already been attacked"):
        act(state, "attack.declare", "blue", target="05.05", units="B2")


def test_each_unit_attacks_once_per_phase_scs_cbt_4_pd_16() -> None:
    """SCS-CBT-4 / PD-16: B5, having attacked 05.05, may not attack 07.05 in the same phase."""
    state = combat(arrange(game(settings=everywhere("NE")), B5="06.05"))
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B5")
    state, _ = act(state, "attack.resolve", "blue", dice=[2, 2])
    with pytest.raises(IllegalAction, match="already attacked"):
        act(state, "attack.declare", "blue", target="07.05", units="B5")


def test_attack_by_a_unit_not_adjacent_is_refused_scs_2_1c() -> None:
    with pytest.raises(IllegalAction, match="not adjacent"):
        act(combat(game()), "attack.declare", "blue", target="05.05", units="B1")


def test_attack_only_into_own_zoc_mech_not_into_marsh_scs_2_1c() -> None:
    state = combat(arrange(game(), B5="04.07", R4="04.08"))
    with pytest.raises(IllegalAction, match="not in B5's ZOC"):
        act(state, "attack.declare", "blue", target="04.08", units="B5")


def test_zero_strength_units_join_but_never_attack_alone_pd_09() -> None:
    """PD-09 (SCS-CBT-2): B8 (attack 0) may join B1's attack, adding 0, but never attack alone;
    with `combat.zero_strength_units_may_join` off it may not join."""
    state = combat(arrange(game(), B1="04.04", B8="04.05"))
    with pytest.raises(IllegalAction, match="at least one attacking unit"):
        act(state, "attack.declare", "blue", target="05.05", units="B8")
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B8")
    fig = figures.combat_figures(scs_state.scenario_of(state), state, state["combat"])
    assert fig["attack"] == "4"
    off = combat(
        arrange(
            game(settings={"combat.zero_strength_units_may_join": False}), B1="04.04", B8="04.05"
        )
    )
    with pytest.raises(IllegalAction, match="no ZOC"):
        act(off, "attack.declare", "blue", target="05.05", units="B1,B8")


def test_t23_out_of_supply_across_the_river_is_a_quarter_scs_cum_1() -> None:
    state = combat(arrange(game(), B1="06.05"))
    state["units"]["B1"]["oos"] = True
    state, _ = act(state, "attack.declare", "blue", target="07.05", units="B1")
    fig = figures.combat_figures(scs_state.scenario_of(state), state, state["combat"])
    assert fig["attackers"][0]["strength"] == "1"
    assert fig["odds"] == "1:8"
    assert fig["column"] == "1:3"


def test_only_the_phasing_player_attacks_and_rolls_scs_cbt_2() -> None:
    """SCS-CBT-2: only the phasing player declares attacks and rolls for them."""
    state = combat(arrange(game(), B1="04.04"))
    with pytest.raises(IllegalAction, match="Red cannot attack now"):
        act(state, "attack.declare", "red", target="04.04", units="R4")
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1")
    with pytest.raises(IllegalAction, match="attacker rolls"):
        act(state, "attack.resolve", "red", dice=[1, 1])
    with pytest.raises(IllegalAction, match="combat in progress"):
        act(state, "phase.end", "blue")


def t20() -> dict[str, Any]:
    state, _ = act(game(), "unit.move", "blue", units="B5", to="04.05")
    return state


def test_t20_overrun_costs_three_mp_and_the_overrunner_must_enter_scs_ovr_1_2_3() -> None:
    """SCS-OVR-1 / SCS-OVR-2 / SCS-OVR-3 / T-20: B5 (exploit-capable) in the Movement Phase pays
    3 MP to overrun R4 (7/2 -> 13/2), 6:3 -> 2:1, Do1; it must then enter 05.05 at no cost."""
    state = t20()
    assert state["units"]["B5"]["mp"] == "7/2"
    state, events = act(state, "overrun.declare", "blue", units="B5", target="05.05")
    assert state["units"]["B5"]["mp"] == "13/2"
    state, events = act(state, "attack.resolve", "blue", dice=[4, 5])
    assert events[0].payload["figures"]["odds"] == "2:1"
    assert events[0].payload["result"] == "Do1"
    scn = scs_state.scenario_of(state)
    free = {p["path"][0] for p in stages.legal_retreats(scn, state, ["R4"], 1) if not p["losses"]}
    assert free == {"05.04", "06.04", "06.05"}
    state, events = act(state, "combat.retreat", "red", path="05.04")
    assert "advance.moved" in kinds(events)
    assert state["units"]["B5"]["hex"] == "05.05"
    assert state["units"]["B5"]["mp"] == "13/2"
    assert state["combat"] is None
    assert state["moving"] == ["B5"]
    assert "06.05" not in reach.movement_options(scn, state, ["B5"])
    with pytest.raises(IllegalAction, match="5/2 MP, 3/2 MP left"):
        act(state, "unit.move", "blue", units="B5", to="06.05")
    state, _ = act(state, "unit.move", "blue", units="B5", to="04.05")  # may continue moving
    assert state["units"]["B5"]["mp"] == "7"


def test_overrun_is_for_exploitation_capable_units_with_three_mp_pd_15() -> None:
    """SCS-OVR-1 / SCS-OVR-2 (PD-15): B1 (not exploit-capable) cannot overrun; B4 with 2 MP left
    cannot pay the 3 MP."""
    state = arrange(game(), B1="04.05")
    with pytest.raises(IllegalAction, match="not exploitation-capable"):
        act(state, "overrun.declare", "blue", units="B1", target="05.05")
    tired = arrange(game(), B4="03.06")
    tired, _ = act(tired, "unit.move", "blue", units="B4", path="04.05")  # 1 + 2 = 3 of 8
    tired, _ = act(tired, "unit.move", "blue", units="B4", path="04.04")  # +3 = 6 of 8
    with pytest.raises(IllegalAction, match="2 MP left; an overrun costs 3"):
        act(tired, "overrun.declare", "blue", units="B4", target="05.05")


def test_overrunners_must_start_the_phase_stacked_together_pd_15() -> None:
    """SCS-OVR-1 (PD-15): overrunning units must have been stacked together at phase start."""
    state = arrange(game(), B4="04.05", B7="04.05")
    state["phase_start"]["B7"] = "01.04"  # B7 began the phase elsewhere
    with pytest.raises(IllegalAction, match="stacked together at the start of the phase"):
        act(state, "overrun.declare", "blue", units="B4,B7", target="05.05")


def test_overstacked_overrun_sends_the_movers_back_scs_stk_3() -> None:
    """SCS-STK-3: B5 overrunning from 04.05 with B1 and B2 there (6 > 4): nothing is eliminated,
    the overrun is refused and B5 goes back to 01.05 with its MP restored."""
    state = arrange(game(), B1="04.05", B2="04.05")
    state, _ = act(state, "unit.move", "blue", units="B5", to="04.05")
    state, events = act(state, "overrun.declare", "blue", units="B5", target="05.05")
    assert kinds(events) == ["overrun.refused"]
    assert state["units"]["B5"]["hex"] == "01.05"
    assert state["units"]["B5"]["mp"] == "0"
    assert state["combat"] is None


def test_overrun_may_repeat_against_the_same_hex_scs_ovr_2() -> None:
    """SCS-OVR-2: a hex may be overrun again in the same phase while 3 MP remain."""
    state = game(settings=everywhere("NE"))
    state, _ = act(state, "unit.move", "blue", units="B5", to="04.05")
    state, _ = act(state, "overrun.declare", "blue", units="B5", target="05.05")
    state, _ = act(state, "attack.resolve", "blue", dice=[3, 3])
    assert state["units"]["B5"]["mp"] == "13/2"
    with pytest.raises(IllegalAction, match="3/2 MP left"):
        act(state, "overrun.declare", "blue", units="B5", target="05.05")
    fresh = game(settings=everywhere("NE"))
    fresh = arrange(fresh, B4="04.05")
    for spent in ("3", "6"):
        fresh, _ = act(fresh, "overrun.declare", "blue", units="B4", target="05.05")
        fresh, _ = act(fresh, "attack.resolve", "blue", dice=[3, 3])
        assert fresh["units"]["B4"]["mp"] == spent
        assert fresh["combat"] is None


def test_declaration_reveals_and_cannot_be_undone_pd_06_scs_eng_2() -> None:
    """PD-06 / SCS-ENG-2 (PD-34): a declared overrun reveals to all and cannot be undone."""
    state = t20()
    state, events = act(state, "overrun.declare", "blue", units="B5", target="05.05")
    assert events[0].audience == "all"
    with pytest.raises(IllegalAction, match=r"no move to take back|combat in progress"):
        act(state, "move.undo", "blue")


def support_game(enabled: bool) -> dict[str, Any]:
    from rules.scs.scenario import SCENARIO_DIR, read_file

    raw = read_file(SCENARIO_DIR / "halden_crossing.yaml")
    data = raw["scenario"]
    b8 = next(u for u in data["units"] if u["id"] == "B8")
    b8.update(attack_mode="support", support_range=2, steps=[{"a": 3, "d": 1, "ma": 4}])
    data["support"] = {"enabled": enabled}
    data["crt"]["rows"] = {roll: ["AL1"] * 10 for roll in ROLLS}
    return combat(arrange(game(scenario=raw), B1="04.04", B8="03.05"))


def test_support_units_fire_from_range_and_take_no_losses_scs_art_1_pd_29() -> None:
    """SCS-ART-1 / PD-29: support (off by default) adds B8's 3 from two hexes away; it has no
    ZOC, never attacks alone, and takes no loss (AL1 goes to B1)."""
    with pytest.raises(IllegalAction, match="support module is off"):
        act(support_game(False), "attack.declare", "blue", target="05.05", units="B1,B8")
    state = support_game(True)
    assert board.zoc(scs_state.scenario_of(state), state, "B8") == set()  # no ZOC (SCS-2.0a)
    with pytest.raises(IllegalAction, match="at least one attacking unit"):
        act(state, "attack.declare", "blue", target="05.05", units="B8")
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B8")
    state, events = act(state, "attack.resolve", "blue", dice=[3, 3])
    assert events[0].payload["figures"]["attack"] == "7"
    assert state["units"]["B1"]["step"] == 1
    assert state["units"]["B8"]["step"] == 0


def test_ezoc_step_loss_applies_even_in_a_friendly_occupied_hex_scs_ret_3_pd_26() -> None:
    """SCS-RET-3 / PD-26: R4 may retreat into R6's hex 06.04, but that hex is in B4's ZOC, and
    the EZOC step loss applies there too (SCS-2.1h is for supply only)."""
    state = game(settings=everywhere("Dr1"))
    state = arrange(state, B1="04.04", B2="04.05", R6="06.04")  # 06.04 is Red-held
    state = arrange(state, B4="06.03")  # and in B4's ZOC
    state = combat(state)
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1,B2")
    state, _ = act(state, "attack.resolve", "blue", dice=[1, 1])
    scn = scs_state.scenario_of(state)
    paths = {p["path"][0]: p["losses"] for p in stages.legal_retreats(scn, state, ["R4"], 1)}
    assert paths["06.04"] == 1  # friendly R6 stands there: SCS-2.1h is for supply only
    state, _ = act(state, "combat.retreat", "red", path="06.04")
    assert state["units"]["R4"]["status"] == "eliminated"


def test_entering_the_overrun_hex_may_cost_mp_when_the_scenario_says_so_pd_15() -> None:
    state = game(settings={**everywhere("DE"), "overrun.enter_vacated_hex_cost": "1/2"})
    state, _ = act(state, "unit.move", "blue", units="B5", to="04.05")
    state, _ = act(state, "overrun.declare", "blue", units="B5", target="05.05")
    state, events = act(state, "attack.resolve", "blue", dice=[6, 6])
    assert state["units"]["B5"]["hex"] == "05.05"
    assert state["units"]["B5"]["mp"] == "7"
    assert "for 1/2 MP" in events[-2].text


def test_preview_before_the_roll_is_exact_against_enumerating_2d6_scs_cbt_8() -> None:
    import itertools
    from fractions import Fraction

    from rules.core.system import Action
    from rules.scs import SYSTEM

    state, _ = act(t20(), "overrun.declare", "blue", units="B5", target="05.05")
    preview = SYSTEM.preview(state, Action("attack.resolve", "blue", {}))
    crt = scs_state.scenario_of(state).crt
    counts: dict[str, int] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        code = crt.lookup(3, a + b).code  # column 2:1
        counts[code] = counts.get(code, 0) + 1
    got = {o["label"]: Fraction(o["exact"]) for o in preview["outcomes"]}
    assert got == {code: Fraction(n, 36) for code, n in counts.items()}
    assert "2:1" in preview["summary"]
    assert sum(got.values()) == 1
    assert preview["details"]["column"] == "2:1"


@pytest.mark.parametrize(("rule", "code"), [("no_attack", "NE"), ("auto_result", "AE")])
def test_odds_below_the_table_follow_crt_below_min_pd_04(rule: str, code: str) -> None:
    """PD-04 (`crt.below_min`): B4 (2 x 1/2 across the river) against R1 (4 x 2 in town): 1:8,
    below 1:3: `no_attack` reads NE and `auto_result` AE, with no dice rolled."""
    state = combat(arrange(game(settings={"crt.below_min": rule}), B4="06.05"))
    state, _ = act(state, "attack.declare", "blue", target="07.05", units="B4")
    state, events = act(state, "attack.resolve", "blue")  # 1 : 8 -> below 1:3, no dice
    assert events[0].payload["result"] == code
    assert not events[0].dice
    assert (state["units"]["B4"]["status"] == "eliminated") == (code == "AE")


def at_the_west_edge(code: str, defender: str = "R4", **more: str) -> dict[str, Any]:
    """A Red unit in 01.05 on the west edge, attacked by B1 (02.05) and B2 (02.04)."""
    state = game(settings=everywhere(code))
    away = {"B3": "03.08", "B5": "03.09", "B7": "02.08", "B8": "02.09", "B4": "04.09"}
    here = {defender: "01.05", "B1": "02.05", "B2": "02.04"}
    state = combat(arrange(state, **{**away, **here, **more}))
    state, _ = act(state, "attack.declare", "blue", target="01.05", units="B1,B2")
    state, _ = act(state, "attack.resolve", "blue", dice=[1, 1])
    return state


def test_a_retreat_off_the_map_is_offered_last_and_eliminates_scs_map_4_ret_2() -> None:
    state = at_the_west_edge("Dr1")
    scn = scs_state.scenario_of(state)
    paths = stages.legal_retreats(scn, state, ["R4"], 1)
    assert [(p["path"], p["off_map"], p["losses"]) for p in paths] == [
        (["01.04"], False, 1),  # B2's ZOC (SCS-2.1d)
        (["01.06"], False, 1),  # B1's ZOC
        (["00.04"], True, 0),
        (["00.05"], True, 0),
    ]
    after, events = act(state, "combat.retreat", "red", path="00.05")
    assert after["units"]["R4"]["status"] == "eliminated"
    assert after["units"]["R4"]["hex"] is None
    assert after["steps_lost"]["red"] == 1
    assert after["exited"]["red"] == 0
    assert "00.05" not in after["stacks"]
    assert events[0].payload["off_map"] == "00.05"
    assert events[0].payload["path"] == []
    assert "R4 retreats off the map (00.05) and is eliminated (SCS-MAP-4)" in events[0].text
    with pytest.raises(IllegalAction, match="illegal retreat path"):
        act(state, "combat.retreat", "red", path="00.06")  # not one hex from 01.05
    with pytest.raises(IllegalAction, match="not a hex id"):
        act(state, "combat.retreat", "red", path="-1.05")


def test_a_longer_retreat_may_leave_the_map_after_paying_its_ezoc_steps_scs_map_4_2_1d() -> None:
    state = at_the_west_edge("Dr2", defender="R1")
    scn = scs_state.scenario_of(state)
    paths = stages.legal_retreats(scn, state, ["R1"], 2)
    leave = [p for p in paths if p["off_map"] and len(p["path"]) == 2]
    assert leave
    assert all(p["path"][0] in ("01.04", "01.06") for p in leave)
    flags = [p["off_map"] for p in paths]
    assert flags == sorted(flags)
    assert not flags[0]
    path = leave[0]["path"]
    after, events = act(state, "combat.retreat", "red", path=",".join(path))
    assert after["units"]["R1"]["status"] == "eliminated"
    assert after["steps_lost"]["red"] == 2  # one in the EZOC hex, the last one off the map
    assert f"EZOC step losses on the way: R1 in {path[0]}" in events[0].text


def test_with_only_off_map_retreats_no_path_still_means_eliminated_scs_ret_5() -> None:
    boxed = {"B3": "01.04", "B7": "01.06"}
    state = at_the_west_edge("Dr1", **boxed)
    scn = scs_state.scenario_of(state)
    assert all(p["off_map"] for p in stages.legal_retreats(scn, state, ["R4"], 1))
    after, events = act(state, "combat.retreat", "red")
    assert after["units"]["R4"]["status"] == "eliminated"
    assert "SCS-RET-5" in events[0].text
    option = at_the_west_edge("Do1", **boxed)
    with pytest.raises(IllegalAction, match=r"option as step losses \(or retreat off the map\)"):
        act(option, "combat.retreat", "red")
    after, events = act(option, "combat.retreat", "red", path="00.04")
    assert after["units"]["R4"]["status"] == "eliminated"
    assert "SCS-MAP-4" in events[0].text


def test_only_the_phasing_side_attacks_and_only_in_its_combat_phase_scs_1_2b() -> None:
    state = arrange(game(), B1="04.04", B2="04.05")
    with pytest.raises(IllegalAction, match=r"not allowed in the movement phase \(SCS-1.1\)"):
        act(state, "attack.declare", "blue", target="05.05", units="B1,B2")
    state = combat(state)
    with pytest.raises(IllegalAction, match=r"Red cannot attack now \(SCS-1.0a\)"):
        act(state, "attack.declare", "red", target="04.04", units="R4")
    state, events = act(state, "attack.declare", "blue", target="05.05", units="B1,B2")
    assert events[0].kind == "attack.declared"


def test_a_declaration_is_binding_and_the_attacker_rolls_once_scs_cbt_5() -> None:
    state = combat(arrange(game(settings=everywhere("NE")), B1="04.04", B2="04.05", B4="05.04"))
    with pytest.raises(IllegalAction, match=r"declare an attack or overrun first \(SCS-CBT-5\)"):
        act(state, "attack.resolve", "blue", dice=[])
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1")
    with pytest.raises(IllegalAction, match=r"finish the combat in progress first \(SCS-CBT-5\)"):
        act(state, "attack.declare", "blue", target="05.05", units="B2,B4")  # no withdrawing
    state, events = act(state, "attack.resolve", "blue", dice=[3, 3])
    assert events[0].payload["figures"]["roll"] == 6
    assert state["combat"] is None
    with pytest.raises(IllegalAction, match=r"declare an attack or overrun first"):
        act(state, "attack.resolve", "blue", dice=[])
