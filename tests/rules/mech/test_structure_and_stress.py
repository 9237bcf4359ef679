"""Structure and stress tables, meltdown, wrecks (MECH-STRUCT/STRESS/MELTDOWN/DESTROYED)."""

from __future__ import annotations

import pytest
from mech_helpers import encounter, kinds, mech, patch, play, sheet, sparring, texts, turn, u

from rules.core.errors import IllegalAction, RulesError
from rules.mech.tables import TABLES, look_up, table_for


def hurt(structure: int = 4, stress: int = 4, **settings: object) -> dict:
    """Mara's mech (§13.5) at B, an onlooker far away; damage already marked as given."""
    state = encounter(mech("t", "B", 5, 5), mech("x", "A", 15, 12, sparring()), **settings)
    return patch(state, "t", structure=structure, stress=stress, hp=1)


def hit(state: dict, faces: list[int]) -> tuple[dict, list]:
    return play(state, "gm", "gm_damage", faces, target="t", amount=1)


def overheat(state: dict, faces: list[int]) -> tuple[dict, list]:
    state = patch(state, "t", heat=8)
    return play(state, "gm", "gm_heat", faces, target="t", amount=1)


def test_first_structure_damage_direct_hit_stuns_mech_ex_24() -> None:
    """MECH-EX-24: 1d6 = 1, 3 left → Stunned until the end of its next turn (MECH-AMB-33)."""
    state, _events = hit(hurt(), [1])
    assert u(state, "t")["structure"] == 3
    assert "stunned" in u(state, "t")["conditions"]
    state = turn(state, "t")
    with pytest.raises(IllegalAction, match="Stunned"):
        play(state, "t", "move", x=5, y=6)
    state, _ = play(state, "t", "end_turn")
    assert "stunned" not in u(state, "t")["conditions"]


@pytest.mark.parametrize(("hull_face", "destroyed"), [(8, False), (7, True)])
def test_second_structure_direct_hit_hull_check_mech_ex_25(hull_face: int, destroyed: bool) -> None:
    """MECH-EX-25, MECH-STRUCT-1: 2d6 = 5, 1 → lowest 1, 2 left → HULL check (8 / 7)."""
    state, _events = hit(hurt(structure=3), [5, 1, hull_face])
    assert u(state, "t")["destroyed"] is destroyed
    if not destroyed:
        assert "stunned" in u(state, "t")["conditions"]


def test_multiple_ones_destroy_mech_ex_26() -> None:
    """MECH-EX-26: 2d6 = 1, 1 → destroyed; a heavy-cover wreck stays (MECH-AMB-49)."""
    state, events = hit(hurt(structure=3), [1, 1])
    assert u(state, "t")["destroyed"]
    assert state["wrecks"] == [{"id": "t", "x": 5, "y": 5, "size": 1}]
    assert "destroyed" in texts(events)


def test_odd_trauma_destroys_a_system_mech_ex_27() -> None:
    """MECH-EX-27: 2d6 = 3, 6 → lowest 3, odd → one system (the controller chooses)."""
    state, _ = hit(hurt(structure=3), [3, 6])
    assert u(state, "t")["pending_trauma"] == "system"
    with pytest.raises(IllegalAction, match="choose"):
        play(state, "t", "move", x=5, y=6)
    with pytest.raises(IllegalAction):
        play(state, "t", "choose_trauma", item=7)
    state, _events = play(state, "t", "choose_trauma", item=1)
    assert u(state, "t")["systems"][1]["destroyed"]
    assert u(state, "t")["pending_trauma"] is None


def test_even_trauma_destroys_a_mount_mech_ex_28() -> None:
    """MECH-EX-28: 2d6 = 4, 2 → lowest 2, even → all weapons on one mount."""
    state, _ = hit(hurt(structure=3), [4, 2])
    assert u(state, "t")["pending_trauma"] == "mount"
    state, _events = play(state, "t", "choose_trauma", item=1)
    flex = [w for w in u(state, "t")["weapons"] if w["mount"] == 1]
    assert all(w["destroyed"] for w in flex)
    assert len(flex) == 2


def test_trauma_with_one_option_resolves_itself_and_swaps_kind_mech_amb_34() -> None:
    """MECH-AMB-34: no system left → a mount instead; only one mount → chosen for you."""
    bare = sheet(systems=[], mounts=[["k12_carbine"], [], []])
    state = encounter(mech("t", "B", 5, 5, bare), mech("x", "A", 15, 12))
    state = patch(state, "t", structure=3, hp=1)
    state, events = hit(state, [3, 6])
    assert u(state, "t")["weapons"][0]["destroyed"]
    assert u(state, "t")["pending_trauma"] is None
    assert "nothing of that kind left" in texts(events)


def test_trauma_with_nothing_left_is_a_direct_hit_mech_amb_34() -> None:
    bare = sheet(systems=[], mounts=[[], [], []])
    state = encounter(mech("t", "B", 5, 5, bare), mech("x", "A", 15, 12))
    state = patch(state, "t", structure=4, hp=1)
    state, _events = hit(state, [3])
    assert "stunned" in u(state, "t")["conditions"]


def test_spent_limited_items_cannot_be_chosen_mech_struct_table() -> None:
    state = hurt(structure=3)
    systems = [dict(s) for s in u(state, "t")["systems"]]
    systems[0]["uses"] = 0
    state = patch(state, "t", systems=systems)
    state, _events = hit(state, [3, 6])
    # Coolant Purge (spent) cannot be chosen, so Ablative Skirts is the only option.
    assert u(state, "t")["systems"][1]["destroyed"]
    assert not u(state, "t")["systems"][0]["destroyed"]


def test_glancing_blow_impairs_mech_ex_29() -> None:
    """MECH-EX-29: 2d6 = 6, 5 → Impaired until the end of its next turn."""
    state, _events = hit(hurt(structure=3), [6, 5])
    assert "impaired" in u(state, "t")["conditions"]


def test_last_structure_destroys_without_a_roll_mech_amb_30() -> None:
    state, _events = hit(hurt(structure=1), [])
    assert u(state, "t")["destroyed"]


def test_direct_hit_with_one_structure_left_destroys() -> None:
    state, _events = hit(hurt(structure=2), [1, 4, 4])
    assert u(state, "t")["destroyed"]


def test_first_stress_meltdown_row_exposes_mech_ex_30() -> None:
    """MECH-EX-30: first stress, 1d6 = 1, 3 left → Exposed."""
    state, _events = overheat(hurt(), [1])
    assert u(state, "t")["stress"] == 3
    assert "exposed" in u(state, "t")["conditions"]


def test_second_stress_failed_engineering_starts_a_secret_countdown_mech_ex_31() -> None:
    """MECH-EX-31 / MECH-AMB-37: 2d6 = 1, 4; ENG fails; GM rolls 3 → meltdown in 3 turns."""
    state, events = overheat(hurt(stress=3), [1, 4, 7, 3])
    secret = [e for e in events if e.kind == "meltdown.scheduled"]
    assert secret[0].audience == "gm"
    assert "comes" not in secret[0].text
    assert secret[0].redacted_text
    assert "3" not in secret[0].redacted_text
    assert u(state, "t")["meltdown"]["turns"] == 3
    for n in range(3):
        state = turn(state, "t")
        if n == 2:
            state, events = play(state, "t", "end_turn", [6, 3, 2, 2])
        else:
            state, _ = play(state, "t", "end_turn")
            assert not u(state, "t")["destroyed"]
        state = turn(state, "x")
        state, _ = play(state, "x", "end_turn") if not u(state, "x")["destroyed"] else (state, [])
    assert u(state, "t")["destroyed"]
    assert u(state, "t")["annihilated"]
    assert state["wrecks"] == []


def test_meltdown_check_for_two_ap_averts_it_mech_stress_table() -> None:
    state, _ = overheat(hurt(stress=3), [1, 4, 7, 3])
    state = turn(state, "t")
    state, _events = play(state, "t", "meltdown_check", [8])
    assert u(state, "t")["meltdown"] is None


def test_reactor_meltdown_blast_mech_ex_32() -> None:
    """MECH-EX-32, MECH-MELTDOWN-1, MECH-AMB-39: 4d6 = 13 in burst 2; AGILITY success → 7."""
    victim = sparring(pilot={"agility": 0})
    friend = sparring(pilot={"agility": 0})
    friend["frame"] = {"key": "big", "hp": 30}
    state = encounter(
        mech("t", "B", 5, 5),
        mech("near", "A", 7, 5, victim),
        mech("ally", "B", 5, 7, friend),
        mech("far", "A", 15, 12, sparring()),
    )
    state = patch(state, "t", meltdown={"turns": 1, "mark": 0, "avertable": False})
    state = turn(state, "t")
    # near: AGILITY 10 succeeds → 7; ally: AGILITY 3 fails → 13 (ally takes it too).
    state, events = play(state, "t", "end_turn", [6, 3, 2, 2, 10, 3])
    assert u(state, "near")["structure"] == 4
    assert u(state, "near")["hp"] == 10 - 7
    assert u(state, "ally")["hp"] == 30 - 13
    assert u(state, "far")["hp"] == 10
    assert "meltdown.exploded" in kinds(events)


def test_zero_stress_melts_down_at_the_end_of_the_next_turn_mech_amb_38() -> None:
    state, _events = overheat(hurt(stress=1), [])
    assert u(state, "t")["stress"] == 0
    assert u(state, "t")["meltdown"]["turns"] == 1


def test_multiple_ones_on_stress_schedule_meltdown_mech_amb_36() -> None:
    """MECH-AMB-36: second stress, 2d6 = 1, 1: meltdown at the end of the next turn."""
    state, _events = overheat(hurt(stress=3), [1, 1])
    assert u(state, "t")["meltdown"] == {"turns": 1, "mark": 0, "avertable": False}


@pytest.mark.parametrize(("faces", "condition"), [([2], "exposed"), ([6], "impaired")])
def test_stress_rows_mech_stress_table(faces: list[int], condition: str) -> None:
    state, _ = overheat(hurt(), faces)
    assert condition in u(state, "t")["conditions"]


def test_dice_count_setting_mech_amb_31() -> None:
    """MECH-AMB-31, the other reading: only the new point's 1d6."""
    _state, events = hit(hurt(structure=2, check_dice="one"), [5])
    assert "structure check 1d6 = 5" in texts(events)


def test_lancer_structure_table_rolls_a_second_d6_for_trauma() -> None:
    """Swappable tables (issue 5): the LANCER preset picks mount/system with a second d6."""
    state, _events = hit(hurt(structure_table="lancer"), [3, 5])
    assert u(state, "t")["pending_trauma"] == "system"


def test_custom_table_data_and_bad_tables() -> None:
    custom = {
        "name": "kind",
        "multiple_ones": "nothing",
        "rows": [{"low": 1, "high": 6, "name": "Shrug", "effect": "nothing"}],
    }
    _state, events = hit(hurt(structure_table=custom), [1])
    assert "no effect" in texts(events)
    with pytest.raises(RulesError):
        table_for("structure", {"rows": [{"low": 1, "high": 3, "name": "x", "effect": "nothing"}]})
    with pytest.raises(RulesError):
        table_for("stress", "spicy")
    with pytest.raises(RulesError):
        encounter(
            mech("t", "B", 5, 5),
            structure_table={"rows": [{"low": 1, "high": 6, "effect": "boom"}]},
        )


def test_table_lookup() -> None:
    seed = TABLES["structure"]["seed"]
    assert look_up(seed, [1, 1, 4]) == (1, "Multiple 1s", "destroyed")
    assert look_up(seed, [4, 6]) == (4, "System trauma", "system_trauma")


def test_wrecks_are_heavy_cover_and_block_movement_mech_destroyed_1() -> None:
    state, _ = hit(hurt(structure=1), [])
    from rules.mech.state import terrain

    assert terrain(state, (5, 5)) == {"kind": "heavy", "height": 1, "wreck": True}
    state = patch(state, "x", x=4, y=5)
    state = turn(state, "x")
    with pytest.raises(IllegalAction):
        play(state, "x", "move", x=5, y=5)


def test_no_wrecks_setting_mech_amb_49() -> None:
    state, _ = hit(hurt(structure=1, wrecks=False), [])
    assert state["wrecks"] == []


def test_destroyed_active_mech_ends_its_turn() -> None:
    state = hurt(structure=1)
    state = turn(state, "t")
    state, _ = play(state, "t", "overcharge")
    state = patch(state, "t", heat=8)
    state, _events = play(state, "gm", "gm_damage", target="t", amount=1)
    assert u(state, "t")["destroyed"]
    assert state["active"] is None


def test_remaining_three_means_three_or_more_mech_amb_32() -> None:
    """MECH-AMB-32: 6 structure: a direct hit with 5 left stuns, it does not destroy."""
    tough = sheet(frame={"key": "tough", "structure": 6})
    state = encounter(mech("t", "B", 5, 5, tough), mech("x", "A", 15, 12))
    state = patch(state, "t", hp=1)
    state, _ = hit(state, [1])
    assert not u(state, "t")["destroyed"]
    assert "stunned" in u(state, "t")["conditions"]


def test_a_mech_burning_to_death_ends_its_turn_once() -> None:
    """MECH-BURN-1 + MECH-DESTROYED-1: destroyed at its own turn's end: one turn.ended, one act."""
    state = hurt(structure=1)
    state = patch(state, "t", burn=3)
    state = turn(state, "t")
    state, events = play(state, "t", "end_turn", [2])
    assert u(state, "t")["destroyed"]
    assert kinds(events).count("turn.ended") == 1
    assert state["acted"] == ["t"]


def test_a_meltdown_at_its_own_turns_end_ends_the_turn_once() -> None:
    state = hurt()
    state = patch(state, "t", meltdown={"turns": 1, "mark": 0, "avertable": False})
    state = turn(state, "t")
    state, events = play(state, "t", "end_turn", [1, 1, 1, 1])
    assert kinds(events).count("turn.ended") == 1
    assert state["acted"] == ["t"]
