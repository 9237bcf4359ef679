"""Supply, set-up, sequence of play and victory: SCS-SUP-*, SCS-SETUP-*, SCS-1.*, SCS-VIC-1; the
acceptance tests T-08 and T-15."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from scs_helpers import BLUE, RED, act, arrange, game, kinds, to_phase

from rules.core.dice import LoadedDice, SeededDice
from rules.core.errors import IllegalAction, RulesError
from rules.core.log import Entry, fold
from rules.core.system import GM as SYSTEM_GM
from rules.core.system import Action
from rules.scs import SYSTEM, board, figures, reach
from rules.scs import state as scs_state
from rules.scs.actions import turn

SCN = scs_state.scenario_of(game())


def trace(state: dict[str, Any], uid: str) -> int | None:
    path = board.supply_trace(SCN, state, uid)
    return None if path is None else len(path)


def test_t15_supply_at_the_start_scs_sup_2_pd_20() -> None:
    state = game()
    for uid in ("B1", "B2", "B3", "B4", "B5", "B7", "B8"):
        assert trace(state, uid) is not None
        assert trace(state, uid) <= 1
    assert [trace(state, u) for u in ("R1", "R2", "R3", "R6", "R7")] == [5, 5, 5, 2, 2]
    assert trace(state, "R4") is None  # 7 hexes > 6


def test_friendly_units_negate_ezoc_for_supply_only_scs_2_1h_2_1f() -> None:
    state = arrange(game(settings={"supply.trace_max_hexes": 2}), B5="12.06", B4="12.03")
    scn = scs_state.scenario_of(state)
    assert board.supply_trace(scn, state, "R6") is None  # EZOC blocks the line (SCS-2.1f)
    state = arrange(state, R7="12.05")
    assert [scn.label(c) for c in board.supply_trace(scn, state, "R6") or []] == ["11.05", "12.05"]
    # Not for movement: entering 12.05 still costs the EZOC +2.
    cost, why = reach.step_cost(
        scn,
        state,
        "R6",
        scn.grid.cell("11.05"),
        scn.grid.cell("12.05"),
        board.ezoc(scn, state, "red"),
    )
    assert cost == Fraction(5, 2)
    assert "enemy ZOC" in why.english()


def end_phases(state: dict[str, Any], n: int) -> tuple[dict[str, Any], list[Any]]:
    every = []
    for _ in range(n):
        for uid in list(state["due"]):
            entry = SCN.arrivals[uid].entry_hexes[0]
            state, events = act(
                state, "reinforcement.place", state["player"], unit=uid, hex=SCN.label(entry)
            )
            every.extend(events)
        state, events = act(state, "phase.end", state["player"])
        every.extend(events)
    return state, every


def test_supply_phase_checks_only_the_phasing_side_and_places_markers_scs_1_2d_sup_1_3_pd_05() -> (
    None
):
    """SCS-1.2d / SCS-SUP-1 / SCS-SUP-3 / PD-05: Blue's Supply Phase checks Blue only: B7 gets
    the OOS marker, R4 (out of reach) none; B7's MA 7 x 1/2 = 7/2 rounds once to 4."""
    state = arrange(game(), B7="09.07")  # deep behind the river, far from column 01
    state, events = end_phases(state, 3)
    assert state["phase"] == "supply"
    check = next(e for e in events if e.kind == "supply.checked")
    assert check.audience == "side:blue"
    assert check.redacted_text == "Blue checked supply"
    assert check.payload["out"] == ["B7"]
    assert state["units"]["B7"]["oos"]
    assert not state["units"]["R4"]["oos"]
    assert board.ma_eff(SCN, state, "B7") == 4  # SCS-SUP-4: 7 x 1/2 = 3.5 -> 4


def test_second_failed_check_costs_a_step_then_marker_comes_off_scs_sup_3_pd_19() -> None:
    """SCS-SUP-3 / PD-19: an already-OOS unit failing again loses a step; in supply, the marker
    comes off."""
    state = arrange(game(), B7="09.07")
    state, _ = end_phases(state, 3)
    state["units"]["B7"]["step"] = 0
    state, _ = end_phases(state, 8)  # Blue's turn-2 Supply Phase
    assert state["phase"] == "supply"
    assert state["player"] == "blue"
    assert state["units"]["B7"]["step"] == 1
    assert state["units"]["B7"]["oos"]
    state = arrange(state, B7="02.02")
    state, _events = end_phases(state, 8)
    assert not state["units"]["B7"]["oos"]


def test_out_of_supply_defense_is_unchanged_pd_18() -> None:
    state = arrange(to_phase(game(), "combat"), B1="04.04")
    state["units"]["R4"]["oos"] = True
    state, _ = act(state, "attack.declare", "blue", target="05.05", units="B1")
    fig = figures.combat_figures(SCN, state, state["combat"])
    assert fig["defense"] == "3"


def test_reinforcements_arrive_in_supply_scs_sup_5() -> None:
    """SCS-SUP-5: a reinforcement is in supply on arrival."""
    state, _ = end_phases(game(), 8)
    state["units"]["B6"]["oos"] = True
    state, _ = act(state, "reinforcement.place", "blue", unit="B6", hex="01.04")
    assert not state["units"]["B6"]["oos"]


def test_sequence_of_play_scs_1_0a_1_0b_1_1_1_2_trt_1() -> None:
    """SCS-1.0a / SCS-1.0b / SCS-1.1 / SCS-TRT-1 (PD-03): Blue, the scenario's first player,
    then Red, phase by phase; the turn marker advances once, after Red's Supply Phase."""
    state, events = end_phases(game(), 8)
    started = [
        (e.payload["player"], e.payload["phase"]) for e in events if e.kind == "phase.started"
    ]
    assert started == [
        ("blue", "combat"),
        ("blue", "exploitation"),
        ("blue", "supply"),
        ("red", "movement"),
        ("red", "combat"),
        ("red", "exploitation"),
        ("red", "supply"),
        ("blue", "movement"),
    ]
    assert kinds(events).count("turn.advanced") == 1  # PD-03: once per game turn
    assert state["turn"] == 2


def test_set_up_second_player_first_within_n_scs_setup_1_5_t08_pd_32() -> None:
    """SCS-SETUP-1 / SCS-SETUP-5 / PD-32 / T-08: Red (second player) sets up first, inside w/i 1;
    Blue hears only that Red placed a unit, not which."""
    state = SYSTEM.start({"scenario": "halden_crossing"})
    assert (state["phase"], state["player"]) == ("setup", "red")
    assert {SCN.label(c) for c in SCN.units["R7"].setup_area} == {
        "10.05",
        "10.04",
        "10.06",
        "09.05",
        "09.06",
        "11.05",
        "11.06",
    }
    with pytest.raises(IllegalAction, match="Blue cannot set up now"):
        act(state, "setup.place", "blue", unit="B1", hex="02.05")
    with pytest.raises(IllegalAction, match="within its set-up area"):
        act(state, "setup.place", "red", unit="R7", hex="10.08")
    with pytest.raises(IllegalAction, match="not one of your set-up units"):
        act(state, "setup.place", "red", unit="R5", hex="10.05")
    state, events = act(state, "setup.place", "red", unit="R7", hex="10.05")
    assert board.stack(state, "10.05") == ["R6", "R7"]
    assert events[0].audience == "side:red"
    assert "R7" not in (events[0].redacted_text or "")
    state, _ = act(state, "phase.end", "red")
    assert (state["phase"], state["player"]) == ("setup", "blue")
    state, _ = act(state, "setup.place", "blue", unit="B4", hex="01.05")
    with pytest.raises(IllegalAction, match="over-stacked"):  # SCS-SETUP-2
        act(state, "phase.end", "blue")
    state, _ = act(state, "setup.place", "blue", unit="B4", hex="03.05")
    state, _ = act(state, "phase.end", "blue")
    assert (state["turn"], state["player"], state["phase"]) == (1, "blue", "movement")


def test_units_start_at_full_strength_and_in_supply_scs_setup_3() -> None:
    """SCS-SETUP-3: every unit starts at step 0 and without an OOS marker."""
    state = game()
    assert all(u["step"] == 0 and not u["oos"] for u in state["units"].values())


def test_t26_fog_of_war_shows_only_the_top_unit_until_declared_scs_fow_1() -> None:
    state = arrange(game(), R7="10.05")
    view = SYSTEM.view(state, BLUE)
    view.pop("history")  # replay: R7 stood alone (and visible) in 10.06 at the start
    kessel = next(s for s in view["stacks"] if s["hex"] == "10.05")
    assert kessel["count"] == 2
    assert [u["id"] for u in kessel["units"]] == ["R6"]
    assert kessel["hidden"] == 1
    assert kessel["points"] is None
    assert "Flak Bn" not in str(view)
    assert "'R7'" not in str(view)
    own = next(s for s in SYSTEM.view(state, RED)["stacks"] if s["hex"] == "10.05")
    assert [u["id"] for u in own["units"]] == ["R6", "R7"]
    gm = next(s for s in SYSTEM.view(state, SYSTEM_GM)["stacks"] if s["hex"] == "10.05")
    assert len(gm["units"]) == 2
    # A binding declaration reveals the stack to both sides (PD-06) ...
    state = to_phase(arrange(state, B4="09.05"), "combat")
    state, _ = act(state, "attack.declare", "blue", target="10.05", units="B4")
    revealed = SYSTEM.view(state, BLUE)
    assert "Flak Bn" in str(revealed["combat"])
    # ... only while the combat lasts.
    state, events = act(state, "attack.resolve", "blue", dice=[2, 2])
    assert events[0].payload["result"] == "AL2"
    assert state["combat"] is None
    assert "Flak Bn" not in str({**SYSTEM.view(state, BLUE), "history": []})


def test_preview_before_declaring_counts_only_the_visible_top_unit_scs_round_3() -> None:
    state = to_phase(arrange(game(), R7="10.05", B4="09.05"), "combat")
    preview = SYSTEM.preview(
        state, Action("attack.declare", "blue", {"target": "10.05", "units": "B4"})
    )
    assert preview["details"]["defense"] == "6"  # R6 3 x town 2; R7 not counted
    assert "1 hidden unit not counted" in preview["summary"]
    assert "R7" not in str(preview)


def test_vp_hex_control_changes_when_an_enemy_unit_enters_scs_ctrl_1_pd_31() -> None:
    """SCS-CTRL-1 / PD-31: B5 entering Halden takes its 3 VP from Red."""
    state = arrange(game(), R1=None, R4=None, B5="06.05")
    assert state["control"]["07.05"] == "red"
    state, _ = act(state, "unit.move", "blue", units="B5", to="07.05")
    assert state["control"]["07.05"] == "blue"
    assert turn.victory_points(SCN, state) == {"blue": 3, "red": 2}


def test_game_ends_after_the_last_turn_with_a_winner_scs_vic_1_pd_30() -> None:
    """SCS-VIC-1 / PD-30: after the last turn Red holds both VP hexes (3 + 2) and wins."""
    state = game(settings={"game_turns": 1})
    state, events = end_phases(state, 8)
    assert state["phase"] == "over"
    assert state["winner"] == "red"
    assert events[-1].kind == "game.ended"
    assert events[-1].payload["vp"] == {"blue": 0, "red": 5}
    with pytest.raises(IllegalAction, match="game is over"):
        act(state, "phase.end", "blue")


def test_enemy_steps_eliminated_score_victory_points_pd_30() -> None:
    """PD-30: 1 VP per enemy step eliminated."""
    state = arrange(game(), R4=None)
    state["steps_lost"]["red"] = 2
    assert turn.victory_points(SCN, state)["blue"] == 2


def test_bad_actions_are_refused_without_changing_the_state() -> None:
    state = game()
    for kind, actor, params in [
        ("unit.fly", "blue", {}),
        ("unit.move", "green", {"units": "B1", "to": "03.04"}),
        ("unit.move", "blue", {"units": "B99", "to": "03.04"}),
        ("unit.move", "blue", {"units": "B1", "to": "99.99"}),
        ("unit.move", "blue", {"units": "B1"}),
        ("attack.resolve", "blue", {}),
        ("combat.losses", "red", {"units": "R4"}),
        ("reinforcement.place", "blue", {"unit": "B6", "hex": "01.04"}),
    ]:
        with pytest.raises(RulesError):
            act(state, kind, actor, **params)


def test_replaying_the_log_reproduces_the_state_and_dump_load_round_trips_scs_eng_1() -> None:
    setup = {"scenario": "halden_crossing", "skip_setup": True}
    state = SYSTEM.start(setup)
    actions = [
        Action("unit.move", "blue", {"units": "B5", "to": "04.05"}),
        Action("overrun.declare", "blue", {"units": "B5", "target": "05.05"}),
        Action("attack.resolve", "blue", {}),
    ]
    entries = []
    for i, action in enumerate(actions, start=1):
        events = SYSTEM.resolve(state, action, SeededDice(i))
        for event in events:
            state = SYSTEM.apply(state, event)
        entries.append(Entry(i, action, tuple(events)))
    assert fold(SYSTEM, setup, entries) == state
    assert SYSTEM.load(SYSTEM.dump(state)) == state
    with pytest.raises(RulesError, match="version"):
        SYSTEM.load({**state, "version": 99})


def test_legal_actions_follow_the_phase_and_the_side() -> None:
    state = game()
    assert {a.kind for a in SYSTEM.legal_actions(state, "blue")} >= {"unit.move", "phase.end"}
    assert SYSTEM.legal_actions(state, "red") == []
    combat = to_phase(arrange(game(), B1="04.04"), "combat")
    declare = [a for a in SYSTEM.legal_actions(combat, "blue") if a.kind == "attack.declare"]
    assert declare
    target = declare[0].fields[0]
    assert target.type == "cell"
    assert "05.05" in [choice.value for choice in target.choices]
    units = declare[0].fields[1]
    assert units.type == "units"
    assert ("B1", "B1 1/7 Infantry Rgt") in [(c.value, c.label) for c in units.choices]
    assert SYSTEM.actors is not None
    assert SYSTEM.actors(state) == ["blue", "red"]


def test_sheet_validation_names_field_and_rule() -> None:
    from rules.core.errors import SheetError

    assert SYSTEM.validate_sheet(SYSTEM.default_sheet)["id"] == "X1"
    with pytest.raises(SheetError, match=r"steps\[0\].ma"):
        SYSTEM.validate_sheet({**SYSTEM.default_sheet, "steps": [{"a": 1, "d": 1, "ma": -1}]})
    with pytest.raises(SheetError, match="side"):
        SYSTEM.validate_sheet({**SYSTEM.default_sheet, "side": ""})


def test_demo_and_settings() -> None:
    assert SYSTEM.demo is not None
    demo = SYSTEM.demo()
    assert demo["seats"] == {"blue": "player1", "red": "player2"}
    state = SYSTEM.start({**demo, "settings": SYSTEM.settings_schema.defaults()})
    assert state["phase"] == "setup"
    assert {e.rule for e in SYSTEM.settings_schema.entries} >= {
        "PD-13",
        "PD-15",
        "PD-18",
        "PD-19",
        "PD-20",
    }


def test_view_offers_reachable_hexes_with_costs_and_reasons_for_the_rest() -> None:
    state = arrange(game(), B1="05.04")
    moves = SYSTEM.view(state, BLUE)["own"]["blue"]["moves"]
    assert moves["05.04"]["reach"]["06.04"]["mp"] == {"B1": "3"}
    assert moves["01.05"]["units"] == ["B3", "B5"]
    assert moves["02.05"]["overrun"] == []
    assert "enemy units" in moves["05.04"]["blocked"]["05.05"]
    assert (
        "clear 1, river +1, enemy ZOC +2 = 4 MP, 1 MP left" in (moves["05.04"]["blocked"]["07.04"])
    )
    assert SYSTEM.view(state, RED)["own"]["red"]["moves"] == {}
    assert "blue" not in SYSTEM.view(state, RED)["own"]


def test_attack_options_list_eligible_attackers_per_enemy_hex_scs_2_1c() -> None:
    state = to_phase(arrange(game(), B1="04.04", B8="04.05", B5="04.07", R2="04.08"), "combat")
    attacks = SYSTEM.view(state, BLUE)["own"]["blue"]["attacks"]
    assert attacks["05.05"]["units"] == ["B1", "B8"]
    assert "04.08" not in attacks  # marsh is not in the mech unit's ZOC


def test_replay_keeps_a_snapshot_per_phase_under_fog_of_war() -> None:
    state, _ = end_phases(arrange(game(), R7="10.05"), 4)
    history = SYSTEM.view(state, BLUE)["history"]
    assert [(h["turn"], h["player"], h["phase"]) for h in history][-2:] == [
        (1, "blue", "supply"),
        (1, "red", "movement"),
    ]
    kessel = next(s for s in history[-1]["stacks"] if s["hex"] == "10.05")
    assert [u["id"] for u in kessel["units"]] == ["R6"]
    assert kessel["count"] == 2
    gm = next(
        s for s in SYSTEM.view(state, SYSTEM_GM)["history"][-1]["stacks"] if s["hex"] == "10.05"
    )
    assert len(gm["units"]) == 2


def test_a_preview_never_prices_units_the_actor_does_not_own_scs_eng_3() -> None:
    state = to_phase(arrange(game(), R4="02.07"), "combat")
    with pytest.raises(RulesError, match="your attacking units"):
        SYSTEM.preview(state, Action("attack.declare", "red", {"target": "02.06", "units": "B5"}))
    with pytest.raises(RulesError, match="your attacking units"):
        SYSTEM.preview(state, Action("attack.declare", "blue", {"target": "01.05", "units": "B2"}))


def test_the_enemy_zoc_overlay_comes_from_visible_units_only_scs_fow_1() -> None:
    hidden = arrange(game(), R7="10.05")
    hidden["stacks"]["10.05"] = ["R7", "R6"]  # Red put the Flak (no ZOC) on top
    ezoc = SYSTEM.view(hidden, BLUE)["own"]["blue"]["ezoc"]
    assert "09.05" not in ezoc
    assert "06.05" in ezoc
    shown = arrange(game(), R7="10.05")  # R6 on top
    assert "09.05" in SYSTEM.view(shown, BLUE)["own"]["blue"]["ezoc"]


def test_set_up_areas_are_offered_to_the_side_setting_up_scs_setup_1() -> None:
    state = SYSTEM.start({"scenario": "halden_crossing"})
    areas = SYSTEM.view(state, RED)["own"]["red"]["setup_areas"]
    assert set(areas) == {"R7"}
    assert len(areas["R7"]) == 7
    assert SYSTEM.view(state, BLUE)["own"]["blue"]["setup_areas"] == {}


def test_sudden_death_ends_the_game_after_the_phase_scs_vic_1() -> None:
    from rules.scs.scenario import SCENARIO_DIR, read_file

    raw = read_file(SCENARIO_DIR / "halden_crossing.yaml")
    raw["scenario"]["victory"]["sudden_death"] = [{"side": "Blue", "control": ["07.05", "10.05"]}]
    state = arrange(game(scenario=raw), R1=None, R6=None, R7=None, B5="06.05", B4="09.05")
    state, _ = act(state, "unit.move", "blue", units="B5", to="07.05")
    state, _ = act(state, "unit.move", "blue", units="B4", to="10.05")
    state, events = act(state, "phase.end", "blue")
    assert state["phase"] == "over"
    assert state["winner"] == "blue"
    assert "Sudden death on turn 1" in events[-1].text


def test_t08_r7_within_one_of_kessel_scs_setup_1_pd_02() -> None:
    """T-08: R7 "w/i 1 of 10.05" may set up in exactly 10.05, 10.04, 10.06, 09.05, 09.06,
    11.05, 11.06 (every hex of the map tried)."""
    state = SYSTEM.start({"scenario": "halden_crossing"})
    assert (state["phase"], state["player"]) == ("setup", "red")
    accepted = set()
    for where in SCN.grid.cells:
        action = Action("setup.place", "red", {"unit": "R7", "hex": SCN.label(where)})
        try:
            SYSTEM.resolve(state, action, LoadedDice([]))
        except RulesError:
            continue
        accepted.add(SCN.label(where))
    expected = {"10.05", "10.04", "10.06", "09.05", "09.06", "11.05", "11.06"}
    assert accepted == expected
    assert {SCN.label(c) for c in SCN.units["R7"].setup_area} == expected


def test_a_supply_line_of_one_hex_reads_in_the_singular() -> None:
    """SCS-SUP-2's log line counts its hexes in English as a reader would write them."""
    from rules.scs import messages as m

    assert m.IN_SUPPLY(unit="R1", n=1).english() == "R1 in supply (1 hex)"
    assert m.IN_SUPPLY(unit="R1", n=0).english() == "R1 in supply (0 hexes)"
