"""Checks, accuracy, saves (MECH-CHECK/ACC/SAVE); sheets and mounts (MECH-STAT/MOUNT-*)."""

from __future__ import annotations

import pytest
from mech_helpers import encounter, mech, play, sheet, sparring, turn, u

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction, SheetError
from rules.mech.checks import accuracy_mod, check, roll_check
from rules.mech.context import Ctx
from rules.mech.data import derive_stats, frame_data, validate_sheet


@pytest.mark.parametrize(
    ("accuracy", "difficulty", "expected"),
    [(2, 1, 2), (5, 1, 6), (0, 4, -6), (3, 3, 0), (1, 0, 2), (0, 1, -2)],
)
def test_accuracy_cancels_then_caps_mech_ex_07_08_09(
    accuracy: int, difficulty: int, expected: int
) -> None:
    """MECH-ACC-1, MECH-EX-07, MECH-EX-08, MECH-EX-09, MECH-AMB-03."""
    assert accuracy_mod(accuracy, difficulty) == expected


def test_accuracy_capped_before_cancelling_when_the_gm_says_so() -> None:
    """MECH-AMB-03 alternative: cap each side first, then cancel (5 acc, 1 diff: 3 - 1 = +4)."""
    assert accuracy_mod(5, 1, cancel_first=False) == 4


@pytest.mark.parametrize(("face", "success"), [(8, True), (7, False)])
def test_hull_check_hull_2_mech_ex_10(face: int, success: bool) -> None:
    """MECH-EX-10 / MECH-CHECK-1 / MECH-AMB-01: d20 + HULL 2 ≥ 10."""
    result = roll_check("HULL check", 2, 0, LoadedDice([face]))
    assert result.total == face + 2
    assert result.success is success


def test_support_adds_two_accuracy_to_the_next_check_mech_ex_39() -> None:
    """MECH-EX-39, MECH-TECH-SUPPORT, MECH-AMB-11: 5 + HULL 1 + 4 = 10, success; then spent."""
    ally = sheet(pilot={"hull": 1})
    state = encounter(
        mech("a", "blue", 0, 0), mech("b", "blue", 2, 0, ally), mech("z", "red", 19, 13)
    )
    state = turn(state, "a")
    state, _events = play(state, "a", "tech", option="support", target="b")
    assert "supported" in u(state, "b")["conditions"]
    ctx = Ctx(state, LoadedDice([5]))
    result = check(ctx, "b", "hull", "test")
    assert (result.total, result.success) == (10, True)
    assert "supported" not in ctx.u("b")["conditions"]


def test_support_cannot_stack_mech_amb_12() -> None:
    """MECH-AMB-12: one unused Support at a time."""
    state = encounter(mech("a", "blue", 0, 0), mech("b", "blue", 2, 0), mech("z", "red", 19, 13))
    state = turn(state, "a")
    state, _ = play(state, "a", "tech", option="support", target="b")
    with pytest.raises(IllegalAction, match="already has Support"):
        play(state, "a", "tech", option="support", target="b")


def test_stunned_mech_fails_hull_and_agility_checks_without_rolling_mech_ex_35() -> None:
    """MECH-EX-35 / MECH-COND-STUNNED: evasion 9 becomes 5; HULL/AGILITY fail automatically."""
    from rules.mech.state import evasion

    state = encounter(mech("a", "blue", 0, 0), mech("z", "red", 19, 13))
    state["units"]["a"]["conditions"]["stunned"] = {"source": "test"}
    assert u(state, "a")["stats"]["evasion"] == 9
    assert evasion(u(state, "a")) == 5
    ctx = Ctx(state, LoadedDice([]))
    assert not check(ctx, "a", "hull", "test").success
    assert not check(ctx, "a", "agility", "test").success


def test_impaired_gives_one_difficulty_on_checks_mech_cond_impaired() -> None:
    """MECH-COND-IMPAIRED: d20 10 + ENG 2 − 2 = 10."""
    state = encounter(mech("a", "blue", 0, 0), mech("z", "red", 19, 13))
    state["units"]["a"]["conditions"]["impaired"] = {"source": "test"}
    result = check(Ctx(state, LoadedDice([8])), "a", "engineering", "test")
    assert (result.total, result.success) == (8, False)


def test_save_uses_the_save_target_mech_save_1() -> None:
    """MECH-SAVE-1 / MECH-AMB-04: 1d20 + attribute ≥ save target (10 by default, a setting)."""
    state = encounter(mech("a", "blue", 0, 0), mech("z", "red", 19, 13), save_target=12)
    result = check(Ctx(state, LoadedDice([9])), "a", "hull", "test", save=True)
    assert (result.total, result.target, result.success) == (11, 12, False)


def test_contest_tie_goes_to_the_non_initiator_mech_amb_02() -> None:
    """MECH-AMB-02 / MECH-ACT-SEARCH: Search vs a hidden unit: a tie leaves it hidden."""
    searcher = sheet(pilot={"systems": 1})
    hider = sheet(pilot={"agility": 1})
    state = encounter(mech("a", "blue", 0, 0, searcher), mech("z", "red", 8, 0, hider))
    state["units"]["z"]["conditions"]["hidden"] = {"source": "hide"}
    state = turn(state, "a")
    state, _ = play(state, "a", "search", [10, 10], target="z")
    assert "hidden" in u(state, "z")["conditions"]
    state, _events = play(state, "a", "search", [11, 10], target="z")
    assert "hidden" not in u(state, "z")["conditions"]


def test_derived_stats_mech_ex_11() -> None:
    """MECH-EX-11, MECH-PILOT-HULL, MECH-PILOT-AGI, MECH-PILOT-SYS, MECH-PILOT-ENG."""
    stats = derive_stats(
        {"hull": 3, "agility": 3, "systems": 3, "engineering": 3}, frame_data("gp1_mule")
    )
    assert stats["hp_max"] == 16
    assert stats["repair_cap"] == 6
    assert stats["evasion"] == 11
    assert stats["speed"] == 5
    assert stats["edef"] == 11
    assert stats["tech_attack"] == 3
    assert stats["sp"] == 7
    assert stats["heat_cap"] == 9
    assert stats["limited_bonus"] == 1


def test_mara_in_the_mule_section_13_5() -> None:
    """§13.5 / MECH-AMB-07: Mara's derived mech, limited uses (Pod 3, Purge 2), SP 4 used."""
    checked = validate_sheet(sheet())
    s = checked["stats"]
    assert (s["hp_max"], s["repair_cap"], s["evasion"], s["speed"]) == (14, 6, 9, 4)
    assert (s["edef"], s["tech_attack"], s["sp"], s["heat_cap"]) == (9, 1, 6, 8)
    assert (s["armour"], s["size"], s["sensors"], s["save_target"]) == (0, 1, 10, 10)
    assert (s["structure_max"], s["stress_max"], s["cp_max"]) == (4, 4, 1)
    assert checked["sp_used"] == 4
    state = encounter(mech("a", "blue", 0, 0), mech("z", "red", 5, 5, sparring()))
    pod = next(w for w in u(state, "a")["weapons"] if w["key"] == "cinder_pod")
    purge = next(s for s in u(state, "a")["systems"] if s["key"] == "coolant_purge")
    assert (pod["uses"], purge["uses"]) == (3, 2)
    spar = u(state, "z")["stats"]
    assert (spar["hp_max"], spar["evasion"], spar["edef"], spar["heat_cap"]) == (10, 8, 8, 6)


def test_sheet_error_names_field_and_rule_for_a_bad_attribute() -> None:
    """MECH-AMB-06: attributes 0..6."""
    with pytest.raises(SheetError) as info:
        validate_sheet(sheet(pilot={"hull": 7}))
    assert info.value.field == "pilot.hull"
    assert info.value.rule == "MECH-PILOT-HULL"


@pytest.mark.parametrize(
    ("mounts", "ok"),
    [
        ([["k12_carbine"], [], []], True),
        ([["breaker_maul"], [], []], False),  # heavy on a main mount
        ([["holdout_pistol", "holdout_pistol"], [], []], False),  # two aux on a main mount
        ([[], ["holdout_pistol", "cinder_pod"], []], True),  # flex: two aux
        ([[], ["k12_carbine", "holdout_pistol"], []], False),  # flex: not main + aux
        ([[], [], ["k12_carbine"]], True),  # heavy takes a main
        ([[], [], ["holdout_pistol"]], True),  # heavy takes an aux
    ],
)
def test_mount_table_mech_mount_table(mounts: list[list[str]], ok: bool) -> None:
    """MECH-MOUNT-MAIN, MECH-MOUNT-HEAVY, MECH-MOUNT-FLEX: what each mount may hold."""
    if ok:
        validate_sheet(sheet(mounts=mounts))
    else:
        with pytest.raises(SheetError) as info:
            validate_sheet(sheet(mounts=mounts))
        assert info.value.rule == "MECH-MOUNT-TABLE"


def test_main_aux_and_aux_aux_mounts() -> None:
    """MECH-MOUNT-MAINAUX / MECH-MOUNT-AUXAUX."""
    frame = {"key": "test", "mounts": ["main_aux", "aux_aux"]}
    validate_sheet(
        sheet(frame=frame, mounts=[["k12_carbine", "holdout_pistol"], ["holdout_pistol"]])
    )
    with pytest.raises(SheetError):
        validate_sheet(sheet(frame=frame, mounts=[[], ["k12_carbine"]]))


def test_superheavy_needs_heavy_plus_another_mount_mech_ex_06() -> None:
    """MECH-EX-06 / MECH-MOUNT-SUPERHEAVY."""
    ok = sheet(mounts=[["siege_cannon"], [], ["siege_cannon"]])
    checked = validate_sheet(ok)
    assert checked["mounts"][0] == []
    assert checked["mounts"][2][0]["extra_mount"] == 0
    with pytest.raises(SheetError) as info:
        validate_sheet(sheet(mounts=[["siege_cannon"], ["siege_cannon"], []]))
    assert info.value.rule == "MECH-MOUNT-SUPERHEAVY"
    with pytest.raises(SheetError):
        validate_sheet(sheet(mounts=[[], [], ["siege_cannon"]]))


def test_integrated_mount_cannot_be_changed_mech_mount_integrated() -> None:
    """MECH-MOUNT-INTEGRATED."""
    frame = {"key": "t", "mounts": [{"type": "integrated", "weapons": ["holdout_pistol"]}, "main"]}
    checked = validate_sheet(sheet(frame=frame, mounts=[[], ["k12_carbine"]]))
    assert checked["mounts"][0][0]["integrated"]
    with pytest.raises(SheetError) as info:
        validate_sheet(sheet(frame=frame, mounts=[["k12_carbine"], []]))
    assert info.value.rule == "MECH-MOUNT-INTEGRATED"


def test_systems_cannot_exceed_sp_mech_pilot_sys() -> None:
    """MECH-PILOT-SYS: SP 6 holds 4 SP of systems, not 8."""
    with pytest.raises(SheetError) as info:
        validate_sheet(
            sheet(systems=["coolant_purge", "ablative_skirts", "coolant_purge", "coolant_purge"])
        )
    assert info.value.field == "systems"


def test_unknown_weapon_is_a_sheet_error() -> None:
    with pytest.raises(SheetError) as info:
        validate_sheet(sheet(mounts=[["laser_sword"], [], []]))
    assert "laser_sword" in str(info.value)


def test_check_text_explains_the_die() -> None:
    result = roll_check("HULL check", 2, -2, LoadedDice([12]))
    assert result.text == "HULL check: d20 = 12 +2 -2 accuracy = 12 vs 10: success"


def test_settings_drop_the_attribute_and_the_weapon_skill_mech_amb_01_05() -> None:
    """MECH-AMB-01 / MECH-AMB-05 as settings: 1d20 alone; attacks without weapon skill."""
    state = encounter(
        mech("a", "A", 0, 0), mech("z", "B", 3, 0, sparring()), check_adds_attribute=False
    )
    assert check(Ctx(state, LoadedDice([9])), "a", "hull", "test").total == 9
    state = encounter(mech("a", "A", 0, 0), mech("z", "B", 3, 0, sparring()), weapon_skill=False)
    state = turn(state, "a")
    state, events = play(state, "a", "attack", [7], weapon="k12_carbine", target="z")
    assert "d20 = 7 +0 +0 = 7 vs evasion 8: miss" in events[-1].text


def test_threat_defaults_to_one_mech_threat_1() -> None:
    """MECH-THREAT-1: weapons without a threat have threat 1."""
    checked = validate_sheet(sheet())
    assert all(w["threat"] == 1 for mount in checked["mounts"] for w in mount)


def test_forcing_a_save_reveals_a_hidden_enemy_mech_amb_44() -> None:
    """MECH-SAVE-1 / MECH-AMB-44: forcing a save (not making one) removes Hidden."""
    state = encounter(mech("a", "A", 0, 0), mech("z", "B", 3, 0, sparring()))
    state["units"]["a"]["conditions"]["hidden"] = {"source": "hide"}
    state["units"]["z"]["conditions"]["hidden"] = {"source": "hide"}
    state, events = play(state, "gm", "gm_save", [9], target="z", attribute="agility", by="a")
    assert "vs 10: failure" in events[0].text
    assert "hidden" not in u(state, "a")["conditions"]
    assert "hidden" in u(state, "z")["conditions"]
