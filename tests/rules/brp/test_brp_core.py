"""BRP core: rounding, percentile tests, resistance table, impale, malfunction, range, dice."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.brp.core import (
    DamageDice,
    armour_after,
    half_db,
    half_dex,
    impale_threshold,
    large_target_bonus,
    malfunctions,
    may_attack,
    point_blank_m,
    range_factor,
    resistance_chance,
    resistance_check,
    rhu,
    scaled,
    succeeds,
    surprised_dex,
)
from rules.core.dice import LoadedDice
from rules.core.errors import DiceError


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (Fraction(15, 2), 8),
        (Fraction(17, 2), 9),
        (Fraction(5, 2), 3),
        (Fraction(44, 10), 4),
        (Fraction(14, 5), 3),
        (Fraction(45, 2), 23),
    ],
)
def test_dg_gen_2_rounds_half_up(value: Fraction, expected: int) -> None:
    """DG-GEN-2 / COC-GEN-3 test vectors."""
    assert rhu(value) == expected


def test_dg_gen_2_divided_chance_never_below_one() -> None:
    assert scaled(1, Fraction(1, 5)) == 1
    assert scaled(1, Fraction(1, 5), floor_one=False) == 0


@pytest.mark.parametrize(
    ("chance", "roll", "ok"),
    [(55, 55, True), (55, 56, False), (125, 100, True), (0, 1, False), (-5, 1, False)],
)
def test_dg_gen_1_percentile_test(chance: int, roll: int, ok: bool) -> None:
    """DG-GEN-1: roll <= chance; >= 100 always succeeds, <= 0 always fails."""
    assert succeeds(chance, roll) is ok


def test_dg_gen_1_optional_00_and_01() -> None:
    assert not succeeds(125, 100, auto_fail_00=True)
    assert succeeds(0, 1, auto_success_01=True)


@pytest.mark.parametrize(
    ("active", "passive", "chance"),
    [(10, 10, 50), (13, 18, 25), (20, 12, 90), (25, 15, 100), (5, 15, 0), (1, 10, 5)],
)
def test_coc_res_1_resistance_table(active: int, passive: int, chance: int) -> None:
    assert resistance_chance(active, passive) == chance


@pytest.mark.parametrize(("chance", "threshold"), [(20, 4), (70, 14), (23, 5), (4, 1), (55, 11)])
def test_coc_impale_2_threshold(chance: int, threshold: int) -> None:
    """COC-IMPALE-2 and WE-COC-03: Handgun 20 impales on 01-04."""
    assert impale_threshold(chance) == threshold


def test_coc_mal_1_malfunction_overrides_success() -> None:
    assert malfunctions(98, 98)
    assert not malfunctions(97, 98)
    assert not malfunctions(100, None)


@pytest.mark.parametrize(
    ("distance", "factor"),
    [
        (15, Fraction(1)),
        (16, Fraction(1, 2)),
        (30, Fraction(1, 2)),
        (45, Fraction(1, 4)),
        (60, Fraction(1, 8)),
    ],
)
def test_coc_range_1_extended_range(distance: int, factor: Fraction) -> None:
    """COC-RANGE-1 / WE-COC-06: 2x range 1/2, 3x 1/4, 4x 1/8."""
    assert range_factor(distance, 15) == factor


def test_coc_pb_1_point_blank_is_dex_in_feet_in_metres() -> None:
    """COC-PB-1 with DG-GEN-5: DEX 14 -> 14 ft = 4.2672 m exactly."""
    assert point_blank_m(14) == Fraction(42672, 10000)
    assert point_blank_m(12, 2) == 24 * Fraction(3048, 10000)


@pytest.mark.parametrize(("siz", "bonus"), [(35, 0), (40, 5), (59, 10), (60, 15)])
def test_coc_large_1_large_targets(siz: int, bonus: int) -> None:
    assert large_target_bonus(siz) == bonus


def test_coc_armour_1_minimum_zero() -> None:
    assert armour_after(9, 8) == 1
    assert armour_after(7, 8) == 0


def test_damage_dice_parse_and_roll() -> None:
    expr = DamageDice.parse("2d6+4")
    total, faces = expr.roll(LoadedDice([3, 5]), "damage")
    assert (total, faces) == (12, [3, 5])
    assert str(expr) == "2d6+4"
    assert DamageDice.parse("1d10-1").roll(LoadedDice([1]), "d")[0] == 0


@pytest.mark.parametrize("text", ["", "d", "2d1", "abc", "1000d6"])
def test_damage_dice_refuses_nonsense(text: str) -> None:
    with pytest.raises(DiceError):
        DamageDice.parse(text)


@given(st.integers(min_value=1, max_value=200))
def test_impale_threshold_is_a_fifth_rounded_half_up(chance: int) -> None:
    """COC-IMPALE-2 property: exactly rhu(C/5), and never above C."""
    assert impale_threshold(chance) == max(1, (2 * chance + 5) // 10)
    assert 0 < impale_threshold(chance) <= chance


@given(
    st.integers(min_value=-10_000, max_value=10_000),
    st.integers(min_value=1, max_value=1_000),
)
def test_dg_gen_2_rhu_in_integers_is_floor_of_x_plus_a_half(num: int, den: int) -> None:
    """DG-GEN-2: the integer form of rhu agrees with floor(x + 1/2) on exact rationals and ints."""
    exact = Fraction(num, den)
    assert rhu(exact) == math.floor(exact + Fraction(1, 2))
    assert rhu(num) == num
    assert rhu(num / 4) == math.floor(Fraction(num / 4) + Fraction(1, 2))  # floats, read exactly
    assert impale_threshold(abs(num) + 1) == max(1, math.floor(Fraction(abs(num) + 1, 5) + 0.5))


def test_coc_round_2_half_dex_rounds_half_up() -> None:
    assert [half_dex(dex) for dex in (17, 16, 11, 1)] == [9, 8, 6, 1]


def test_coc_surprise_1_2_every_surprised_defender_acts_at_half_dex() -> None:
    """The seed halves a defender's DEX in the first round of a surprise; total surprise takes
    the attack away, not the turn (Call of Cthulhu gave it no turn before the rule moved here)."""
    assert [surprised_dex(17, how) for how in ("", "surprised", "complete")] == [17, 9, 9]
    assert [may_attack(how) for how in ("", "surprised", "complete")] == [True, True, False]


def test_coc_throw_1_half_the_rolled_damage_bonus_rounded_half_up() -> None:
    """A rolled +3 adds 2, +4 adds 2, +1 adds 1; a -1 adds 0 and a -3 takes 1 (half up)."""
    assert [half_db(b) for b in (3, 4, 1, 0, -1, -3)] == [2, 2, 1, 0, 0, -1]


def test_coc_res_1_a_resistance_roll_reads_the_d100_as_it_falls() -> None:
    """POT 16 against CON 12: 50 + 5 x 4 = 70; 70 wins, 71 loses; 10 apart is automatic, and a
    100 against a chance of 100 still wins (no 00 setting on the resistance table)."""
    dice = LoadedDice([70, 71, 100, 1])
    assert resistance_check(16, 12, dice.roll(100, "poison")) == (70, True)
    assert resistance_check(16, 12, dice.roll(100, "poison")) == (70, False)
    assert resistance_check(22, 12, dice.roll(100, "poison")) == (100, True)
    assert resistance_check(2, 12, dice.roll(100, "poison")) == (0, False)
