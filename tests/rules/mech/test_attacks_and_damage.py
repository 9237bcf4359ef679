"""Attacks, crits, areas, cover (MECH-ATK/CRIT/AOE/COVER); the damage pipeline (MECH-DMG-*)."""

from __future__ import annotations

import copy

import pytest
from mech_helpers import encounter, mech, patch, play, sheet, sparring, texts, turn, u

from rules.core.errors import IllegalAction, SheetError
from rules.mech.damage import Target, parse_expr, reduce_damage
from rules.mech.state import danger_zone

AREA_PISTOL = {
    "name": "Frag Launcher",
    "size": "main",
    "kind": "ranged",
    "range": 8,
    "area": {"shape": "blast", "value": 1},
    "damage": "1d6",
    "type": "explosive",
    "bonus": 3,
}


def duel(attacker: dict | None = None, target: dict | None = None, **settings: object) -> dict:
    state = encounter(
        mech("a", "A", 0, 0, attacker), mech("t", "B", 3, 0, target or sparring()), **settings
    )
    return turn(state, "a")


@pytest.mark.parametrize(("evasion", "hit"), [(9, True), (10, False)])
def test_attack_roll_adds_weapon_skill_mech_ex_12(evasion: int, hit: bool) -> None:
    """MECH-EX-12 / MECH-ATK-RANGED / MECH-SKILL-1: d20 8 + skill 1 = 9 vs evasion 9 / 10."""
    target = sparring(pilot={"agility": evasion - 8})
    state = duel(target=target)
    faces = [8, 4] if hit else [8]
    state, events = play(state, "a", "attack", faces, weapon="k12_carbine", target="t")
    assert "= 9 vs evasion" in texts(events)
    assert (u(state, "t")["hp"] < 10) is hit


def test_critical_rolls_damage_twice_keeps_higher_mech_ex_13() -> None:
    """MECH-EX-13 / MECH-CRIT-1: 19 + 1 = 20 hits and crits; 1d6 rolled 2 and 5: 5 damage."""
    state = duel()
    state, events = play(state, "a", "attack", [19, 2, 5], weapon="k12_carbine", target="t")
    assert "critical hit" in texts(events)
    assert u(state, "t")["hp"] == 10 - 5


def test_a_miss_with_twenty_plus_is_no_critical_mech_amb_23() -> None:
    """MECH-AMB-23: only hits crit (evasion 21 here)."""
    state = duel(target=sparring(frame={"key": "ghost", "evasion": 21}))
    state, events = play(state, "a", "attack", [19], weapon="k12_carbine", target="t")
    assert "miss" in texts(events)
    assert "critical" not in texts(events)


def test_tech_attacks_never_crit_mech_crit_1() -> None:
    state = duel(attacker=sheet(pilot={"systems": 6}))
    state, events = play(state, "a", "tech", [20], option="invade", target="t")
    assert "critical" not in texts(events)
    assert "hit" in texts(events)


def test_engaged_shot_into_heavy_cover_with_lock_on_mech_ex_14() -> None:
    """MECH-EX-14, MECH-COVER-HEAVY, MECH-COND-LOCKON, MECH-AMB-47: −6, with Lock On −4."""
    terrain = [{"x": 4, "y": 0, "kind": "heavy"}]
    state = encounter(
        mech("a", "A", 0, 0),
        mech("e", "B", 0, 1, sparring()),
        mech("t", "B", 5, 0, sparring()),
        terrain=terrain,
    )
    state = turn(state, "a")
    state, events = play(state, "a", "attack", [10], weapon="k12_carbine", target="t")
    assert "d20 = 10 +1 -6 = 5" in texts(events)
    state["units"]["t"]["conditions"]["lock_on"] = {"source": "tech"}
    state, events = play(
        state, "a", "attack", [10], weapon="holdout_pistol", target="t", lock_on="1"
    )
    assert "d20 = 10 +1 -4 = 7" in texts(events)
    assert "lock_on" not in u(state, "t")["conditions"]


def test_light_cover_and_melee_ignoring_cover_mech_cover_table() -> None:
    """MECH-COVER-LIGHT, MECH-ATK-MELEE: melee ignores cover."""
    terrain = [{"x": 2, "y": 0, "kind": "light"}]
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 3, 0, sparring()), terrain=terrain)
    state = turn(state, "a")
    state, events = play(state, "a", "attack", [10, 1], weapon="k12_carbine", target="t")
    assert "-2 = 9" in texts(events)
    assert "light cover" in texts(events)
    state = encounter(
        mech("a", "A", 0, 0),
        mech("t", "B", 1, 0, sparring()),
        terrain=[{"x": 2, "y": 0, "kind": "heavy"}],
    )
    state = turn(state, "a")
    state, events = play(state, "a", "attack", [10, 1], weapon="breaker_maul", target="t")
    assert "+0 = 11" in texts(events)


def test_prone_target_gives_accuracy_mech_cond_prone() -> None:
    """MECH-COND-PRONE: attacks on it gain +1 accuracy: 5 + 1 + 2 = 8."""
    state = duel()
    state["units"]["t"]["conditions"]["prone"] = {"source": "ram"}
    state, events = play(state, "a", "attack", [5, 1], weapon="k12_carbine", target="t")
    assert "+1 +2 = 8" in texts(events)


def test_out_of_range_and_hidden_targets_are_refused_mech_range_1() -> None:
    """MECH-RANGE-1: the carbine (range 10) and the maul (threat 1) cannot reach 12 away."""
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 12, 0, sparring()))
    state = turn(state, "a")
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="range 10"):
        play(state, "a", "attack", weapon="k12_carbine", target="t")
    with pytest.raises(IllegalAction, match="threat 1"):
        play(state, "a", "attack", weapon="breaker_maul", target="t")
    state["units"]["t"]["conditions"]["hidden"] = {"source": "hide"}
    with pytest.raises(IllegalAction, match="Hidden"):
        play(state, "a", "attack", weapon="k12_carbine", target="t")
    del state["units"]["t"]["conditions"]["hidden"]
    assert state == before


def test_tech_attack_out_of_sensor_range_is_refused() -> None:
    """Bad input: MECH-ATK-TECH / MECH-STAT-1 sensors 10."""
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 11, 0, sparring()))
    state = turn(state, "a")
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="beyond sensors 10"):
        play(state, "a", "tech", option="invade", target="t")
    assert state == before


def test_invade_fragment_signal_mech_ex_40() -> None:
    """MECH-EX-40, MECH-TECH-INVADE, MECH-TECH-FRAGMENT, MECH-COND-DURATION: 8 vs 8 hits."""
    state = duel()
    state, _events = play(state, "a", "tech", [7], option="invade", target="t")
    t = u(state, "t")
    assert t["heat"] == 2
    assert {"impaired", "slowed"} <= set(t["conditions"])
    # Until the end of the target's next turn (MECH-AMB-48).
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "t")
    state, _ = play(state, "t", "end_turn")
    assert "impaired" not in u(state, "t")["conditions"]


def test_jammed_and_shut_down_block_tech_mech_cond_jammed() -> None:
    state = duel()
    state["units"]["a"]["conditions"]["jammed"] = {"source": "tech"}
    with pytest.raises(IllegalAction, match="Jammed"):
        play(state, "a", "tech", option="lock_on", target="t")
    with pytest.raises(IllegalAction, match="integrated"):
        play(state, "a", "attack", weapon="k12_carbine", target="t")
    del state["units"]["a"]["conditions"]["jammed"]
    state["units"]["t"]["conditions"]["shut_down"] = {"source": "self"}
    with pytest.raises(IllegalAction, match="immune"):
        play(state, "a", "tech", option="lock_on", target="t")


def test_each_weapon_attacks_once_and_aux_follow_up_is_free_mech_act_attack() -> None:
    """MECH-ACT-ATTACK: pistol then the pod on the same flex mount at no AP, no bonus damage."""
    state = duel()
    state, _ = play(state, "a", "attack", [1], weapon="holdout_pistol", target="t")
    assert u(state, "a")["turn"]["ap"] == 1
    assert u(state, "a")["turn"]["followup"] == 1
    with pytest.raises(IllegalAction, match="already attacked"):
        play(state, "a", "attack", weapon="holdout_pistol", target="t")
    state, events = play(state, "a", "attack", [10, 2], weapon="cinder_pod", x=3, y=0, followup="1")
    assert u(state, "a")["turn"]["ap"] == 1
    assert "follow-up" in texts(events)


def test_superheavy_costs_two_ap_mech_ex_06() -> None:
    """MECH-EX-06: the superheavy attack takes 2 AP."""
    heavy = sheet(mounts=[["siege_cannon"], [], ["siege_cannon"]], systems=[])
    state = duel(attacker=heavy)
    state, _ = play(state, "a", "tech", option="lock_on", target="t")
    with pytest.raises(IllegalAction, match="costs 2 AP"):
        play(state, "a", "attack", weapon="siege_cannon", target="t")
    state = duel(attacker=heavy)
    state, _ = play(state, "a", "attack", [1], weapon="siege_cannon", target="t")
    assert u(state, "a")["turn"]["ap"] == 0


def test_blast_halves_bonus_damage_and_rolls_damage_once_mech_ex_18() -> None:
    """MECH-EX-18 / MECH-AOE-1: bonus 3 on two targets → 2 each; one damage roll."""
    launcher = sheet(mounts=[[AREA_PISTOL], [], []], systems=[])
    state = encounter(
        mech("a", "A", 0, 0, launcher),
        mech("t", "B", 5, 0, sparring()),
        mech("s", "B", 5, 1, sparring()),
        mech("f", "A", 4, 1, sparring()),
    )
    state = turn(state, "a")
    state, events = play(state, "a", "attack", [15, 15, 4], weapon=0, x=5, y=0)
    assert [e.kind for e in events].count("damage.rolled") == 1
    assert u(state, "t")["hp"] == 10 - 6
    assert u(state, "s")["hp"] == 10 - 6
    assert u(state, "f")["hp"] == 10  # MECH-AMB-24: allies are not hit by default


def test_area_friendly_fire_setting_mech_amb_24() -> None:
    launcher = sheet(mounts=[[AREA_PISTOL], [], []], systems=[])
    state = encounter(
        mech("a", "A", 0, 0, launcher),
        mech("t", "B", 5, 0, sparring()),
        mech("f", "A", 4, 1, sparring()),
        area_friendly_fire=True,
    )
    state = turn(state, "a")
    state, _events = play(state, "a", "attack", [15, 1, 4], weapon=0, x=5, y=0)
    assert u(state, "t")["hp"] == 10 - 6
    assert u(state, "f")["hp"] == 10


def test_area_crit_rolls_a_second_damage_for_critted_targets_only_mech_amb_25() -> None:
    launcher = sheet(mounts=[[AREA_PISTOL], [], []], systems=[], pilot={"weapon_skill": 1})
    state = encounter(
        mech("a", "A", 0, 0, launcher),
        mech("t", "B", 5, 0, sparring()),
        mech("s", "B", 5, 1, sparring()),
    )
    state = turn(state, "a")
    state, _events = play(state, "a", "attack", [19, 10, 1, 5], weapon=0, x=5, y=0)
    assert u(state, "t")["hp"] == 10 - (5 + 2)
    assert u(state, "s")["hp"] == 10 - (1 + 2)


@pytest.mark.parametrize("shape", ["line", "cone", "burst"])
def test_line_cone_and_burst_attack_each_unit_in_the_area(shape: str) -> None:
    """MECH-AOE-TABLE: MECH-AOE-LINE, MECH-AOE-CONE, MECH-AOE-BURST."""
    weapon = dict(AREA_PISTOL, area={"shape": shape, "value": 3}, bonus=0)
    state = encounter(
        mech("a", "A", 5, 5, sheet(mounts=[[weapon], [], []], systems=[])),
        mech("t", "B", 7, 5, sparring()),
        mech("far", "B", 15, 5, sparring()),
    )
    state = turn(state, "a")
    aim = {} if shape == "burst" else {"x": 9, "y": 5}
    state, _events = play(state, "a", "attack", [15, 2], weapon=0, **aim)
    assert u(state, "t")["hp"] == 8
    assert u(state, "far")["hp"] == 10


def test_hidden_units_are_hit_by_areas_mech_cond_hidden() -> None:
    pod_user = sheet()
    state = encounter(mech("a", "A", 0, 0, pod_user), mech("t", "B", 5, 0, sparring()))
    state["units"]["t"]["conditions"]["hidden"] = {"source": "hide"}
    state = turn(state, "a")
    state, _events = play(state, "a", "attack", [15, 1], weapon="cinder_pod", x=5, y=0)
    assert u(state, "t")["hp"] < 10
    assert u(state, "t")["burn"] == 2


def test_invisible_target_half_the_attacks_miss_mech_cond_invisible() -> None:
    """MECH-COND-INVISIBLE: d2 = 1 misses before any attack roll; d2 = 2 goes on to hit."""
    state = duel()
    state["units"]["t"]["conditions"]["invisible"] = {"source": "system"}
    state, events = play(state, "a", "attack", [1], weapon="k12_carbine", target="t")
    assert "d2 = 1" in texts(events)
    assert u(state, "t")["hp"] == 10
    state, events = play(state, "a", "attack", [2, 15, 3], weapon="holdout_pistol", target="t")
    assert u(state, "t")["hp"] == 10 - 4


def test_limited_and_loading_weapons_mech_pilot_eng() -> None:
    """Cinder Pod: limited 2 (+1), loading: Stabilize reloads."""
    state = duel()
    state, _ = play(state, "a", "attack", [1], weapon="cinder_pod", x=3, y=0)
    pod = next(w for w in u(state, "a")["weapons"] if w["key"] == "cinder_pod")
    assert pod["uses"] == 2
    assert not pod["loaded"]
    state["units"]["a"]["turn"]["attacked"] = []
    with pytest.raises(IllegalAction, match="reloaded"):
        play(state, "a", "attack", weapon="cinder_pod", x=3, y=0)
    state, _ = play(state, "a", "overcharge")
    state, _ = play(state, "a", "stabilize", primary="cool", secondary="reload")
    assert u(state, "a")["heat"] == 0
    pod = next(w for w in u(state, "a")["weapons"] if w["key"] == "cinder_pod")
    assert pod["loaded"]


def test_improvised_attack_is_1d6_kinetic_for_2_ap_mech_act_improv() -> None:
    """MECH-ACT-IMPROV: d20 10 hits; 1d6 = 6 kinetic: HP 10 -> 4; it costs 2 AP."""
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 1, 0, sparring()))
    state = turn(state, "a")
    state, _events = play(state, "a", "improvised_attack", [10, 6], target="t")
    assert u(state, "t")["hp"] == 4
    assert u(state, "a")["turn"]["ap"] == 0


# Damage pipeline ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "expected"),
    [(Target(armour=2), 3), (Target(armour=2, resist=frozenset({"kinetic"})), 2)],
)
def test_armour_then_resistance_mech_ex_15(target: Target, expected: int) -> None:
    """MECH-EX-15, MECH-ARMOR-1, MECH-RESIST-1: 5 vs armour 2 → 3; resisted → ceil(1.5) = 2."""
    assert reduce_damage([("kinetic", 5)], target).total == expected


def test_exposed_doubles_before_armour_mech_ex_16() -> None:
    """MECH-EX-16, MECH-COND-EXPOSED, MECH-DMG-PIPE: 5 kinetic vs Exposed, armour 2 → 8."""
    assert reduce_damage([("kinetic", 5)], Target(armour=2, exposed=True)).total == 8


def test_armour_piercing_exposed_resisted_mech_ex_17() -> None:
    """MECH-EX-17, MECH-DMG-AP: AP 7 kinetic vs Exposed, armour 2, resistant → 14 → 7."""
    target = Target(armour=2, exposed=True, resist=frozenset({"kinetic"}))
    assert reduce_damage([("kinetic", 7)], target, armour_piercing=True).total == 7


def test_maul_hit_on_exposed_resistant_armoured_mech_ex_17_end_to_end() -> None:
    tough = sparring(frame={"key": "tough", "armour": 2}, resist=["kinetic"])
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 1, 0, tough))
    state["units"]["t"]["conditions"]["exposed"] = {"source": "stress"}
    state = turn(state, "a")
    state, _events = play(state, "a", "attack", [12, 4], weapon="breaker_maul", target="t")
    assert u(state, "t")["hp"] == 10 - 7


def test_shredded_ignores_armour_and_resistance_mech_cond_shredded() -> None:
    """MECH-COND-SHREDDED: 5 kinetic vs armour 2 and resistance: all 5."""
    target = Target(armour=2, shredded=True, resist=frozenset({"kinetic"}))
    assert reduce_damage([("kinetic", 5)], target).total == 5


def test_immunity_removes_the_component_mech_immune_1() -> None:
    """MECH-IMMUNE-1: immune to burn: 4 burn + 2 kinetic -> 2."""
    target = Target(immune=frozenset({"burn"}))
    assert reduce_damage([("burn", 4), ("kinetic", 2)], target).total == 2


def test_armour_taken_from_the_largest_component_once_per_hit_mech_amb_27() -> None:
    reduced = reduce_damage([("kinetic", 2), ("explosive", 5)], Target(armour=3))
    assert dict(reduced.by_type) == {"kinetic": 2, "explosive": 2}


def test_burn_marks_and_end_of_turn_checks_mech_ex_19() -> None:
    """MECH-EX-19 / MECH-BURN-1 / MECH-AMB-28: 2 → fail: 2 → 3 more (5) → fail: 5 → clear."""
    armoured = sparring(frame={"key": "tank", "armour": 3, "hp": 40})
    state = encounter(mech("t", "B", 5, 5, armoured), mech("x", "A", 0, 0))
    state, _ = play(state, "gm", "gm_damage", target="t", amount=2, type="burn")
    assert (u(state, "t")["hp"], u(state, "t")["burn"]) == (38, 2)
    state = turn(state, "t")
    state, _ = play(state, "t", "end_turn", [9])  # ENG 0: 9 fails
    assert u(state, "t")["hp"] == 36
    state, _ = play(state, "gm", "gm_damage", target="t", amount=3, type="burn")
    assert (u(state, "t")["hp"], u(state, "t")["burn"]) == (33, 5)
    state = turn(state, "x")
    state, _ = play(state, "x", "end_turn")
    state = turn(state, "t")
    state, _ = play(state, "t", "end_turn", [3])
    assert u(state, "t")["hp"] == 28
    state = turn(state, "x")
    state, _ = play(state, "x", "end_turn")
    state = turn(state, "t")
    state, _events = play(state, "t", "end_turn", [10])
    assert u(state, "t")["burn"] == 0
    assert u(state, "t")["hp"] == 28


def test_bonus_damage_takes_the_weapon_type_mech_bonus_1() -> None:
    """MECH-AMB-29: bonus damage takes the weapon's type (explosive): Ablative Skirts halve it."""
    launcher = sheet(mounts=[[dict(AREA_PISTOL, area=None)], [], []], systems=[])
    state = encounter(mech("a", "A", 0, 0, launcher), mech("t", "B", 3, 0, sheet()))
    state = turn(state, "a")
    state, _events = play(state, "a", "attack", [15, 3], weapon=0, target="t")
    assert u(state, "t")["hp"] == 14 - 3  # (3 + 3) explosive, resisted → 3


def test_hp_overflow_into_structure_mech_ex_20() -> None:
    """MECH-EX-20 / MECH-HP-1: HP 6/14 takes 10: 1 structure + check, HP 14 − 4 = 10."""
    state = encounter(mech("t", "B", 5, 5), mech("x", "A", 0, 0))
    state = patch(state, "t", hp=6)
    state, events = play(state, "gm", "gm_damage", [6], target="t", amount=10)
    assert (u(state, "t")["hp"], u(state, "t")["structure"]) == (10, 3)
    assert "structure check 1d6 = 6" in texts(events)


def test_heat_overflow_twice_mech_ex_21() -> None:
    """MECH-EX-21, MECH-HEAT-2, MECH-AMB-35, MECH-STRESS-1: 4/6 takes 10: 2 stress, heat 2."""
    state = encounter(mech("t", "B", 5, 5, sparring()), mech("x", "A", 0, 0))
    state = patch(state, "t", heat=4)
    state, events = play(state, "gm", "gm_heat", [6, 6, 5], target="t", amount=10)
    assert (u(state, "t")["heat"], u(state, "t")["stress"]) == (2, 2)
    assert "stress check 1d6 = 6" in texts(events)
    assert "stress check 2d6 = 6, 5" in texts(events)


def test_heat_seven_of_eight_takes_three_mech_ex_22() -> None:
    state = encounter(mech("t", "B", 5, 5), mech("x", "A", 0, 0))
    state = patch(state, "t", heat=7)
    state, _ = play(state, "gm", "gm_heat", [5], target="t", amount=3)
    assert (u(state, "t")["heat"], u(state, "t")["stress"]) == (2, 3)


@pytest.mark.parametrize(
    ("cap", "heat", "zone"), [(8, 4, True), (8, 3, False), (7, 4, True), (7, 3, False)]
)
def test_danger_zone_mech_ex_23(cap: int, heat: int, zone: bool) -> None:
    """MECH-EX-23 / MECH-HEAT-1 / MECH-COND-DANGER: 2 × heat ≥ cap."""
    assert danger_zone({"heat": heat, "stats": {"heat_cap": cap}}) is zone


def test_damage_expression_parsing() -> None:
    """MECH-DMG-TYPES: weapons roll NdS+K of one of four types."""
    assert str(parse_expr("1d6+3")) == "1d6+3"
    assert (parse_expr("2d6").low, parse_expr("2d6").high) == (2, 12)
    with pytest.raises(SheetError, match="not a damage expression"):
        parse_expr("banana")


def test_blast_point_needs_range_and_line_of_sight_mech_aoe_blast() -> None:
    """MECH-AOE-BLAST: a point within range and line of sight."""
    tower = [{"x": 3, "y": 0, "kind": "building", "height": 3}]
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 6, 0, sparring()), terrain=tower)
    state = turn(state, "a")
    with pytest.raises(IllegalAction, match="line of sight"):
        play(state, "a", "attack", weapon="cinder_pod", x=6, y=0)
    with pytest.raises(IllegalAction, match="range 8"):
        play(state, "a", "attack", weapon="cinder_pod", x=0, y=9)
