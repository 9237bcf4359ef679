"""The percentile flows written once in rules/brp for Call of Cthulhu and Delta Green: Luck and
Idea, the jolted revolver, knockouts, impales and stuck weapons, burning clothes, poisons."""

from __future__ import annotations

import pytest

from rules.brp.core import (
    LOCATE_SKILLS,
    DamageDice,
    idea_chance,
    impossible_in,
    locate_chance,
    luck_chance,
)
from rules.brp.firearms import after_jolt, chamber_refused, revolver_at_risk, shotgun_waits
from rules.brp.hazards import FLAME_SKILLS, blast_roll, may_fight_flames, poison_check
from rules.brp.melee import (
    bonus_rolls,
    knockout_attempt,
    knockout_refused,
    parry_answers,
    sticks,
    weapon_damage,
)
from rules.core.dice import LoadedDice


def test_coc_gen_2_luck_and_idea_are_five_times_the_characteristic() -> None:
    assert luck_chance(12) == 60
    assert luck_chance(21, most=99) == 99  # Call of Cthulhu caps a sheet's Luck like a skill
    assert luck_chance(21) == 105  # Delta Green reads POW x 5 as it is
    assert idea_chance(13) == 65


def test_coc_revolver_1_only_a_full_revolver_goes_off() -> None:
    assert revolver_at_risk("revolver", 6, 6)
    assert not revolver_at_risk("revolver", 5, 6)  # the chamber under the hammer kept empty
    assert not revolver_at_risk("automatic", 8, 8)
    assert after_jolt(6, luck_held=True) == 6
    assert after_jolt(6, luck_held=False) == 5


@pytest.mark.parametrize(
    ("damage", "hp", "roll", "out", "taken"),
    [(9, 10, 45, True, 3), (9, 10, 46, False, 9), (2, 12, 1, False, 2), (20, 5, 100, True, 6)],
)
def test_coc_ko_2_3_4_a_knockout_takes_a_third_a_failure_the_whole(
    damage: int, hp: int, roll: int, out: bool, taken: int
) -> None:
    """COC-KO-2: 50 + 5 x (damage - HP); COC-KO-3: a third, truncated; COC-KO-4: all of it."""
    ko = knockout_attempt(damage, hp, roll)
    assert (ko.knocked_out, ko.damage, ko.roll) == (out, taken, roll)


def test_coc_impale_3_the_dice_twice_the_bonus_once() -> None:
    dice = LoadedDice([3, 5, 4, 2])
    hit = weapon_damage(DamageDice.parse("2d6"), dice, True, "damage", "impale damage")
    assert (hit.first, hit.faces, hit.again, hit.total) == (8, [3, 5], 6, 14)
    plain = weapon_damage(DamageDice.parse("1d8"), LoadedDice([7]), False, "damage", "again")
    assert (plain.total, plain.again) == (7, None)
    assert bonus_rolls(True) == 1
    assert bonus_rolls(True, db_twice=True) == 2
    assert bonus_rolls(False, db_twice=True) == 1


def test_coc_impale_5_only_an_impaling_melee_weapon_sticks() -> None:
    assert sticks("melee", True)
    assert sticks("knife", True)
    assert not sticks("melee", False)
    assert not any(sticks(kind, True) for kind in ("firearm", "thrown", "unarmed"))


def test_coc_fire_5_luck_is_the_victims_first_aid_anyones() -> None:
    assert FLAME_SKILLS == ("luck", "first_aid")
    assert may_fight_flames("luck", own=True)
    assert not may_fight_flames("luck", own=False)
    assert may_fight_flames("first_aid", own=False)
    assert not may_fight_flames("dodge", own=True)


def test_coc_poison_1_potency_against_con_on_the_resistance_table() -> None:
    assert poison_check(16, 12, 70) == (70, True)
    assert poison_check(16, 12, 71) == (70, False)


def test_coc_dark_3_only_darkness_rules_a_listed_skill_out() -> None:
    assert impossible_in("dark", "library_use", ("library_use",))
    assert not impossible_in("dim", "library_use", ("library_use",))
    assert not impossible_in("dark", "spot_hidden", ("library_use",))


def test_coc_parry_2_3_a_parry_answers_its_attacker_once() -> None:
    assert parry_answers("b", "b", used=False)
    assert not parry_answers("b", "b", used=True)
    assert not parry_answers("b", "c", used=False)
    assert not parry_answers(None, "b", used=False)


def test_coc_ko_1_5_a_knockout_needs_a_blunt_blow_and_a_victim_who_can_be_knocked_out() -> None:
    assert knockout_refused("unarmed", True, victim_may=True) is None
    assert knockout_refused("melee", False, victim_may=True) == "not_blunt"
    assert knockout_refused("firearm", True, victim_may=True) == "not_blunt"
    assert knockout_refused("melee", True, victim_may=False) == "not_victim"


def test_coc_conceal_1_spot_hidden_or_idea_finds_a_hidden_target() -> None:
    assert LOCATE_SKILLS == ("spot_hidden", "idea")
    assert locate_chance("spot_hidden", 40, 65) == 40
    assert locate_chance("idea", 40, 65) == 65


def test_coc_expl_2_each_target_rolls_its_own_band() -> None:
    dice = LoadedDice([6, 5, 4, 3, 2, 1])
    assert blast_roll(dice, 4, 2, 1, "near") == (4, 18)  # band 1: 4d6
    assert blast_roll(dice, 4, 2, 5, "far") == (2, 3)  # band 3: 2d6
    assert blast_roll(dice, 4, 2, 9, "out") == (0, 0)  # band 5: beyond the fourth band
    assert dice.remaining == 0


def test_coc_reload_3_one_cartridge_chambered_and_fired() -> None:
    assert chamber_refused("loose", 1, 2) is None
    assert chamber_refused("magazine", 0, 8) == "not_loose"
    assert chamber_refused("loose", 2, 2) == "full"
    assert chamber_refused("loose", 0, 2, spare=0) == "no_cartridge"
    assert chamber_refused("loose", 0, 2, spare=1) is None


def test_coc_shotgun_2_3_the_second_shot_waits_for_half_dex() -> None:
    assert not shotgun_waits(True, 0)
    assert shotgun_waits(True, 1)
    assert not shotgun_waits(False, 1)
