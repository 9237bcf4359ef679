"""The other readings of proposed defaults (MECH-AMB-*): each setting changes an outcome."""

from __future__ import annotations

from fractions import Fraction

import pytest
from mech_helpers import encounter, mech, patch, play, sheet, sparring, texts, turn, u

from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.mech import SYSTEM
from rules.mech.damage import Target, reduce_damage
from rules.mech.turns import next_picks


def one_mech(**settings: object) -> dict:
    """Mara's Mule (HP 14, heat cap 8) and a sparring partner, at the GM's disposal."""
    return encounter(mech("t", "A", 0, 0), mech("o", "B", 9, 9, sparring()), **settings)


def test_every_setting_lists_its_readings() -> None:
    """Each MECH-AMB setting given a second reading here offers both on the settings page."""
    choices = {
        e.key: tuple(choice.value for choice in e.choices) for e in SYSTEM.settings_schema.entries
    }
    assert choices["mech.hp_zero"] == (
        "structure_check_reset_carry",
        "structure_check_reset_no_carry",
    )
    assert "stress_clear_no_carry" in choices["mech.heat_over_cap"]
    assert "once_per_damage_type" in choices["mech.armour_rule"]
    assert "kinetic" in choices["mech.bonus_type"]
    assert "making_a_save" in choices["mech.hidden_saves"]
    assert "first_turn_next_round" in choices["mech.trauma_durations"]
    assert "spent_on_next_attack" in choices["mech.lock_on_use"]
    assert "total_20_crits_without_hit" in choices["mech.critical"]


@pytest.mark.parametrize(
    ("reading", "hp"),
    [("structure_check_reset_carry", 10), ("structure_check_reset_no_carry", 14)],
)
def test_damage_past_zero_hp_carries_or_is_lost_mech_amb_30(reading: str, hp: int) -> None:
    """MECH-EX-20 / MECH-AMB-30: HP 6/14 takes 10: 1 structure, then HP 14 − 4 or HP 14."""
    state = patch(one_mech(hp_zero=reading), "t", hp=6)
    state, _ = play(state, "gm", "gm_damage", [6], target="t", amount=10)
    assert u(state, "t")["structure"] == 3
    assert u(state, "t")["hp"] == hp


@pytest.mark.parametrize(
    ("reading", "heat"), [("stress_clear_carry", 2), ("stress_clear_no_carry", 0)]
)
def test_heat_past_the_cap_carries_or_is_vented_mech_amb_35(reading: str, heat: int) -> None:
    """MECH-EX-22 / MECH-AMB-35: heat 7 of 8 takes 3: 1 stress, then heat 2 or heat 0."""
    state = patch(one_mech(heat_over_cap=reading), "t", heat=7)
    state, _ = play(state, "gm", "gm_heat", [6], target="t", amount=3)
    assert u(state, "t")["stress"] == 3
    assert u(state, "t")["heat"] == heat


@pytest.mark.parametrize(("per_type", "total"), [(False, 4), (True, 2)])
def test_armour_once_per_hit_or_per_damage_type_mech_amb_27(per_type: bool, total: int) -> None:
    """MECH-AMB-27: 2 kinetic + 5 explosive vs armour 3: once (largest first) 4; per type 2."""
    reduced = reduce_damage([("kinetic", 2), ("explosive", 5)], Target(armour=3), False, per_type)
    assert reduced.total == total


ARC_GUN = {
    "name": "Arc Gun",
    "size": "main",
    "kind": "ranged",
    "range": 10,
    "damage": "1d6",
    "type": "energy",
    "bonus": 2,
}


@pytest.mark.parametrize(
    ("settings", "armour", "hp"),
    [
        ({}, 0, 14 - 6),  # 4 energy + 2 energy bonus; the target resists kinetic only
        ({"bonus_type": "kinetic"}, 0, 14 - 5),  # 4 energy + 2 kinetic, resisted → 1
        ({"bonus_type": "kinetic"}, 2, 14 - 3),  # armour 2 off the energy: 2 + 1
        ({"bonus_type": "kinetic", "armour_rule": "once_per_damage_type"}, 2, 14 - 2),  # 2 + 0
    ],
)
def test_bonus_damage_type_and_armour_readings_change_the_hit(
    settings: dict, armour: int, hp: int
) -> None:
    """MECH-AMB-29 / MECH-BONUS-1 and MECH-AMB-27: an Arc Gun hit, 1d6 = 4 energy + 2 bonus."""
    state = encounter(
        mech("a", "A", 0, 0, sheet(mounts=[[ARC_GUN], [], []])),
        mech("t", "B", 4, 0, sheet(resist=["kinetic"])),
        **settings,
    )
    state["units"]["t"]["stats"]["armour"] = armour
    state = turn(state, "a")
    state, _ = play(state, "a", "attack", [15, 4], weapon="arc_gun", target="t")
    assert u(state, "t")["hp"] == hp


@pytest.mark.parametrize(
    ("reading", "lasts"), [("next_turn_starting_after", True), ("this_turn_if_own", False)]
)
def test_next_turn_given_on_its_own_turn_mech_amb_48(reading: str, lasts: bool) -> None:
    """MECH-AMB-48: Impaired "until the end of its next turn", given during its own turn."""
    state = turn(one_mech(next_turn=reading), "t")
    state, _ = play(
        state, "gm", "gm_condition", target="t", condition="impaired", until_next_turn=True
    )
    state, _ = play(state, "t", "end_turn")
    assert ("impaired" in u(state, "t")["conditions"]) is lasts


@pytest.mark.parametrize(
    ("reading", "destroyed"), [("meltdown_end_of_next_turn", False), ("meltdown_now", True)]
)
def test_reaching_zero_stress_melts_down_later_or_now_mech_amb_38(
    reading: str, destroyed: bool
) -> None:
    """MECH-AMB-38: the last stress point: meltdown at the end of the next turn, or at once."""
    state = patch(one_mech(zero_stress=reading), "t", heat=8, stress=1)
    faces = [1, 1, 1, 1] if destroyed else []  # the 4d6 blast (nobody else within burst 2)
    state, _ = play(state, "gm", "gm_heat", faces, target="t", amount=1)
    assert u(state, "t")["destroyed"] is destroyed
    assert (u(state, "t")["meltdown"] is not None) is not destroyed


FRAG = {
    "name": "Frag Launcher",
    "size": "main",
    "kind": "ranged",
    "range": 8,
    "area": {"shape": "blast", "value": 1},
    "damage": "1d6",
    "type": "explosive",
}


@pytest.mark.parametrize(
    ("reading", "faces", "hp"),
    [
        ("second_roll_for_critted", [19, 19, 1, 5], (5, 5)),
        ("second_roll_per_critted_target", [19, 19, 1, 5, 3], (5, 3)),
    ],
)
def test_area_criticals_share_a_second_roll_or_roll_each_mech_amb_25(
    reading: str, faces: list[int], hp: tuple[int, int]
) -> None:
    """MECH-AMB-25: both targets crit (19 + 1); damage 1; second roll 5 shared, or 5 and 3."""
    state = encounter(
        mech("a", "A", 0, 0, sheet(mounts=[[FRAG], [], []])),
        mech("t", "B", 5, 0, sparring()),
        mech("s", "B", 5, 1, sparring()),
        area_critical=reading,
    )
    state = turn(state, "a")
    state, events = play(state, "a", "attack", faces, weapon="frag_launcher", x=5, y=0)
    assert (10 - u(state, "t")["hp"], 10 - u(state, "s")["hp"]) == hp
    rolled = next(e.text for e in events if e.kind == "damage.rolled")
    assert ("second rolls 5, 3" in rolled) is (reading != "second_roll_for_critted")


@pytest.mark.parametrize(
    ("reading", "checks"), [("own_turn_end_additive_one_check", 0), ("every_turn_end", 1)]
)
def test_burn_checks_at_its_own_or_every_turn_end_mech_amb_28(reading: str, checks: int) -> None:
    """MECH-AMB-28: Spar burns (2); Latch ends its turn: Spar checks only under every_turn_end."""
    state = patch(one_mech(burn_timing=reading), "o", burn=2)
    state = turn(state, "t")
    state, events = play(state, "t", "end_turn", [5] * checks)  # ENGINEERING 5 + 0: fails
    assert sum(e.kind == "check.rolled" for e in events) == checks
    assert u(state, "o")["hp"] == 10 - 2 * checks


@pytest.mark.parametrize(
    ("reading", "faces", "kind"),
    [("parity_owner_chooses", [3, 6], "system"), ("second_d6", [3, 6, 2], "mount")],
)
def test_system_trauma_by_parity_or_a_second_d6_mech_amb_34(
    reading: str, faces: list[int], kind: str
) -> None:
    """MECH-EX-27 / MECH-AMB-34: lowest 3 (odd) → a system; the second d6 = 2 → a mount."""
    state = patch(one_mech(trauma_choice=reading), "t", structure=3, hp=1)
    state, events = play(state, "gm", "gm_damage", faces, target="t", amount=1)
    assert u(state, "t")["pending_trauma"] == kind
    assert ("second d6 = 2" in events[-1].text) is (reading == "second_d6")


@pytest.mark.parametrize(
    ("reading", "hidden"), [("may_always_hide_50_percent_miss", False), ("always_hidden", True)]
)
def test_invisible_may_hide_or_is_always_hidden_mech_amb_45(reading: str, hidden: bool) -> None:
    """MECH-AMB-45: literally "always Hidden": untargetable, not found by Search, kept on attack."""
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 4, 0, sparring()), invisible=reading)
    area = [1, 1] if hidden else []  # the d4s of a Hidden unit's area (MECH-COND-HIDDEN)
    state, _ = play(state, "gm", "gm_condition", area, target="t", condition="invisible")
    assert ("hidden" in u(state, "t")["conditions"]) is hidden
    state = turn(state, "a")
    if hidden:
        with pytest.raises(IllegalAction, match="Hidden"):
            play(state, "a", "attack", weapon="k12_carbine", target="t")
        with pytest.raises(IllegalAction, match="MECH-AMB-45"):
            play(state, "a", "search", target="t")
    else:  # the d2 miss chance, then the shot
        state, _ = play(state, "a", "attack", [2, 15, 3], weapon="k12_carbine", target="t")
        assert u(state, "t")["hp"] == 7


def test_an_always_hidden_attacker_stays_hidden_mech_amb_45() -> None:
    """MECH-AMB-45 (always_hidden): attacking does not end an Invisible mech's Hidden."""
    state = encounter(
        mech("a", "A", 0, 0), mech("t", "B", 4, 0, sparring()), invisible="always_hidden"
    )
    state, _ = play(state, "gm", "gm_condition", [1, 1], target="a", condition="invisible")
    state = turn(state, "a")
    state, _ = play(state, "a", "attack", [3], weapon="k12_carbine", target="t")
    assert "hidden" in u(state, "a")["conditions"]


@pytest.mark.parametrize(
    ("reading", "lasts"), [("until_end_of_next_turn", False), ("first_turn_next_round", True)]
)
@pytest.mark.parametrize(("condition", "faces"), [("stunned", [1]), ("impaired", [6, 5])])
def test_direct_hit_and_glancing_blow_last_its_next_turn_or_the_next_rounds_first_mech_amb_33(
    reading: str, lasts: bool, condition: str, faces: list[int]
) -> None:
    """MECH-AMB-33 (seed: "下轮战斗的第一回合结束/下一回合结束前"): a direct hit (1d6 = 1, 3
    left: Stunned) or glancing blow (2d6 = 6, 5: Impaired) in round 1 before the mech acts ends
    with its own turn in round 1, or (other reading) lasts into round 2 and ends with the end of
    that round's first turn, whoever takes it."""
    state = one_mech(trauma_durations=reading)
    state = patch(state, "t", hp=2, structure=4 if condition == "stunned" else 3)
    state, events = play(state, "gm", "gm_damage", faces, target="t", amount=5)
    assert condition in u(state, "t")["conditions"]
    until = "the next round's first turn" if lasts else "its next turn"
    assert f"until the end of {until}" in texts(events)
    state = turn(state, "t")
    state, _ = play(state, "t", "end_turn")
    assert (condition in u(state, "t")["conditions"]) is lasts
    state = turn(state, "o")
    state, _ = play(state, "o", "end_turn")
    assert state["round"] == 2
    assert (condition in u(state, "t")["conditions"]) is lasts
    first = next_picks(state)[0]
    state = turn(state, first)
    state, _ = play(state, first, "end_turn")
    assert condition not in u(state, "t")["conditions"]


def locked_third(mounts: list | None = None, **settings: object) -> dict:
    """A (blue, Arc Gun or given mounts) on its turn; T and S (red) near it; O (red) Locked On."""
    state = encounter(
        mech("a", "A", 0, 0, sheet(mounts=mounts or [[ARC_GUN], [], []])),
        mech("t", "B", 5, 0, sparring()),
        mech("s", "B", 5, 1, sparring()),
        mech("o", "B", 12, 9, sparring()),
        **settings,
    )
    state = patch(state, "o", conditions={"lock_on": {"source": "tech"}})
    return turn(state, "a")


def test_lock_on_of_another_unit_gives_the_next_attack_accuracy_mech_amb_47() -> None:
    """MECH-COND-LOCKON / MECH-AMB-47, other reading: A spends O's Lock On on a shot at T:
    d20 = 5 + 1 + 2 (one accuracy) = 8 vs evasion 8 hits; without it 6 misses."""
    state = locked_third(lock_on_use="spent_on_next_attack")
    missed, _ = play(state, "a", "attack", [5], weapon="arc_gun", target="t")
    assert u(missed, "t")["hp"] == 10
    assert "lock_on" in u(missed, "o")["conditions"]
    state, events = play(
        state, "a", "attack", [5, 4], weapon="arc_gun", target="t", lock_on_from="o"
    )
    assert u(state, "t")["hp"] == 10 - 6
    assert "lock_on" not in u(state, "o")["conditions"]
    assert "d20 = 5 +1 +2 = 8 vs evasion 8: hit (Lock On of O spent +1 accuracy)" in texts(events)
    assert "A spends the Lock On on O" in texts(events)


def test_default_spends_only_the_targets_lock_on_mech_amb_47() -> None:
    """MECH-AMB-47 default: a Lock On is spent only on an attack on the locked unit."""
    state = locked_third(lock_on_use="spent_on_an_attack_on_it")
    with pytest.raises(IllegalAction, match=r"only the target's Lock On.*MECH-AMB-47"):
        play(state, "a", "attack", [5, 4], weapon="arc_gun", target="t", lock_on_from="o")
    legal = [a for a in SYSTEM.legal_actions(state, "a") if a.kind == "attack"]
    assert legal
    assert all(f.name != "lock_on_from" for a in legal for f in a.fields)


def test_area_attack_gets_the_accuracy_on_each_target_and_spends_once_mech_amb_47() -> None:
    """MECH-AMB-47, other reading, MECH-AOE-1: a blast on T and S, d20 = 5 and 5 (+1 +2 = 8):
    both hit; O's Lock On is spent once, after both rolls."""
    state = locked_third([[FRAG], [], []], lock_on_use="spent_on_next_attack")
    state, events = play(
        state, "a", "attack", [5, 5, 3], weapon="frag_launcher", x=5, y=0, lock_on_from="o"
    )
    assert (u(state, "t")["hp"], u(state, "s")["hp"]) == (7, 7)
    assert [e.kind for e in events].count("condition.removed") == 1
    assert "lock_on" not in u(state, "o")["conditions"]


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"lock_on_from": "s"}, "S has no Lock On to spend"),
        ({"lock_on_from": "nobody"}, "'nobody' is not a hostile unit"),
        ({"lock_on_from": "a"}, "'a' is not a hostile unit"),
        ({"lock_on_from": "o", "lock_on": "true"}, "one Lock On: lock_on or lock_on_from"),
    ],
)
def test_spending_a_lock_on_that_is_not_there_is_refused_mech_amb_47(
    params: dict, message: str
) -> None:
    """MECH-COND-LOCKON: a Lock On that is missing, on no hostile, or spent twice is refused."""
    state = locked_third(lock_on_use="spent_on_next_attack")
    state = patch(state, "t", conditions={"lock_on": {"source": "tech"}})
    with pytest.raises(IllegalAction, match=message):
        play(state, "a", "attack", [5, 4], weapon="arc_gun", target="t", **params)


def test_legal_attack_forms_offer_the_locked_units_mech_amb_47() -> None:
    """MECH-AMB-47, other reading: the attack forms list the Locked On enemies to spend."""
    state = locked_third(lock_on_use="spent_on_next_attack")
    legal = [a for a in SYSTEM.legal_actions(state, "a") if a.kind == "attack"]
    fields = [f for a in legal for f in a.fields if f.name == "lock_on_from"]
    assert fields
    assert [(c.value, str(c.label)) for c in fields[0].choices] == [("", "—"), ("o", "O")]


def test_preview_counts_the_spent_lock_on_mech_amb_47() -> None:
    """MECH-AMB-47, other reading: the exact odds include the +1 accuracy (d20 ≥ 5, not ≥ 7)."""
    state = locked_third(lock_on_use="spent_on_next_attack")
    odds = []
    for extra in ({}, {"lock_on_from": "o"}):
        action = Action("attack", "a", {"weapon": "arc_gun", "target": "t", **extra})
        preview = SYSTEM.preview(state, action)  # type: ignore[misc]
        odds.append(Fraction(preview["details"]["targets"][0]["hit"]).limit_denominator(1000))
    assert odds == [Fraction(14, 20), Fraction(16, 20)]


@pytest.mark.parametrize(
    ("reading", "hp", "faces"),
    [("hits_only_whole_roll_twice", 10, [19]), ("total_20_crits_without_hit", 4, [19, 4, 2])],
)
def test_a_total_of_20_below_the_defence_misses_or_crits_mech_amb_23(
    reading: str, hp: int, faces: list[int]
) -> None:
    """MECH-CRIT-1 / MECH-AMB-23: d20 = 19 + 1 = 20 against evasion 22: a miss (only a hit can
    crit), or (other reading) a critical: 1d6 twice = 4, 2, keep 4, + 2 bonus = 6."""
    state = locked_third(critical=reading)
    state["units"]["t"]["stats"]["evasion"] = 22
    state, events = play(state, "a", "attack", faces, weapon="arc_gun", target="t")
    assert u(state, "t")["hp"] == hp
    assert ("critical hit" in texts(events)) is (hp < 10)
    action = Action("attack", "a", {"weapon": "arc_gun", "target": "t"})
    detail = SYSTEM.preview(state, action)["details"]["targets"][0]  # type: ignore[misc]
    assert Fraction(detail["hit"]).limit_denominator(1000) == (Fraction(2, 20) if hp < 10 else 0)
