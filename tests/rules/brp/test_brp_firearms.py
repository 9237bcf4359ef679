"""BRP firearms shared by Call of Cthulhu and Delta Green: sights, silencers, unaimed fire,
shotgun bands, light (COC-AIM-1, COC-SCOPE-1, COC-LASER-1, COC-SILENCER-*, COC-UNAIMED-4,
COC-SHOTGUN-4, COC-DARK-1/-2)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.brp.core import DARK_CHANCE, in_light
from rules.brp.firearms import (
    BELT_ROUNDS,
    aims_anyway,
    band_damage,
    jam_chance,
    jam_outcome,
    loose_cartridges,
    malfunction_kind,
    rate_of_fire,
    sight_multiplier,
    silencer_fits,
    silencer_life,
    silencer_wear,
    silencer_works,
    unaimed_target,
)
from rules.core.dice import LoadedDice


@pytest.mark.parametrize(
    ("weapon", "aimed", "multiplier"),
    [
        ({}, False, 1),
        ({}, True, 2),  # COC-AIM-1
        ({"scope": True}, False, 2),  # COC-SCOPE-1
        ({"scope": True}, True, 4),
        ({"laser": True}, False, 4),  # COC-LASER-1
        ({"laser": True, "scope": True}, True, 4),  # never more than the largest
        ({"silencer": True}, False, Fraction(1, 2)),  # COC-SILENCER-1
        ({"silencer": True, "scope": True}, True, 2),
    ],
)
def test_sights_take_the_largest_multiplier_then_a_silencer_halves(
    weapon: dict[str, bool], aimed: bool, multiplier: Fraction
) -> None:
    assert sight_multiplier(weapon, aimed) == multiplier


def test_a_worn_out_silencer_no_longer_halves_the_range() -> None:
    """COC-SILENCER-1/-2: only a working silencer counts."""
    weapon = {"silencer": True, "scope": True}
    assert silencer_works(weapon, {}) is True
    assert silencer_works(weapon, {"silencer_ruined": True}) is False
    assert silencer_works({}, {}) is False
    assert sight_multiplier(weapon, False, silencer_works(weapon, {"silencer_ruined": True})) == 2


def test_a_silencer_lasts_d100_plus_10_shots_and_powerful_rounds_wear_it_faster() -> None:
    """COC-SILENCER-2: life d100+10 on the scripted die; a powerful round counts 2 (or the
    Call of Cthulhu setting's number)."""
    dice = LoadedDice([37])
    assert silencer_life(dice, "silencer life") == 47
    assert [r.purpose for r in dice.records] == ["silencer life"]
    assert silencer_wear(3, high_power=False) == 3
    assert silencer_wear(3, high_power=True) == 6
    assert silencer_wear(3, high_power=True, high_power_wear=3) == 9


@pytest.mark.parametrize(
    ("weapon", "trained", "skill", "aims"),
    [
        ({"handgun": True}, False, 60, True),
        ({"handgun": True}, False, 59, False),
        ({}, False, 90, False),  # not a handgun
        ({"laser": True}, True, 0, True),
        ({"laser": True}, False, 0, False),
    ],
)
def test_coc_unaimed_4_who_escapes_the_unaimed_fifth(
    weapon: dict[str, bool], trained: bool, skill: int, aims: bool
) -> None:
    assert aims_anyway(weapon, trained, skill) is aims


def test_coc_shotgun_4_damage_by_range_band() -> None:
    bands = [[10, "4d6"], ["20", "2d6"], [50, "1d6"]]
    assert band_damage(bands, "4d6", Fraction(10)) == "4d6"
    assert band_damage(bands, "4d6", Fraction(21, 2)) == "2d6"
    assert band_damage(bands, "4d6", Fraction(50)) == "1d6"
    assert band_damage(bands, "4d6", Fraction(80)) == "1d6"  # beyond every band: the last
    assert band_damage(bands, "4d6", None) == "4d6"  # no distance given
    assert band_damage([], "1d10", Fraction(5)) == "1d10"


def test_coc_dark_1_2_light() -> None:
    """Dim light halves a chance, rounding half up; darkness makes every chance 01."""
    assert [in_light(55, light) for light in ("normal", "dim", "dark")] == [55, 28, DARK_CHANCE]
    assert in_light(1, "dim") == 1
    assert in_light(0, "dim") == 0
    assert DARK_CHANCE == 1


def test_coc_reload_1_two_loose_cartridges_a_round() -> None:
    """COC-RELOAD-1: two a round, never past the capacity nor the spares counted; a belt takes
    two rounds (COC-RELOAD-2)."""
    assert loose_cartridges(0, 6) == 2
    assert loose_cartridges(5, 6) == 1
    assert loose_cartridges(0, 6, this_round=1) == 1
    assert loose_cartridges(0, 6, this_round=2) == 0
    assert loose_cartridges(0, 6, spare=1) == 1
    assert loose_cartridges(0, 6, spare=0) == 0
    assert BELT_ROUNDS == 2


def test_coc_mal_4_clearing_a_jam() -> None:
    """COC-MAL-4: the better of Mechanical Repair and the gun's skill; 96-00 ruins the gun even
    against a chance of 96 or more; scripted d100s 40, 41, 95, 96."""
    chance = jam_chance(30, 40)
    assert chance == jam_chance(40, 30) == 40
    dice = LoadedDice([40, 41, 95, 96])
    faces = [dice.roll(100, "clear jam") for _ in range(4)]
    assert [jam_outcome(roll, chance) for roll in faces] == [
        "cleared",
        "jammed",
        "jammed",
        "ruined",
    ]
    assert jam_outcome(96, 99) == "ruined"
    assert jam_outcome(95, 99) == "cleared"


def test_coc_silencer_3_no_silencer_on_a_shotgun_or_a_machine_gun() -> None:
    assert silencer_fits(shotgun=False, machine_gun=False)  # handguns, rifles, SMGs
    assert not silencer_fits(shotgun=True, machine_gun=False)
    assert not silencer_fits(shotgun=False, machine_gun=True)


def test_coc_unaimed_1_2_unaimed_fire_doubles_the_shots_and_a_bullet_finds_a_target_at_random() -> (
    None
):
    assert [rate_of_fire(3, unaimed) for unaimed in (False, True)] == [3, 6]
    dice = LoadedDice([3, 1])
    assert unaimed_target(dice, ["ann", "bob", "cat"], "unaimed target") == (3, "cat")
    assert unaimed_target(dice, ["ann", "bob", "cat"], "unaimed target") == (1, "ann")
    assert [r.sides for r in dice.records] == [3, 3]


def test_coc_mal_2_3_a_revolver_bolt_or_double_barrel_duds_the_rest_jam() -> None:
    duds = ("revolver", "bolt", "double_barrel", "double", "single")
    jams = ("semi_auto", "full_auto", "semi", "auto", "pump", "lever")
    assert {malfunction_kind(m) for m in duds} == {"dud"}
    assert {malfunction_kind(m) for m in jams} == {"jam"}
