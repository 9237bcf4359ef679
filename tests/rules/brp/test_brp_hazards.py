"""BRP hazards: blast bands, charges, falls, drowning, poison (COC-EXPL-*, COC-FALL-*, ...)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.brp.hazards import (
    DROWN_START,
    DROWN_START_SURPRISED,
    POISONS,
    blast_dice,
    breath_chance,
    breath_held,
    changed_charge,
    drown_multiplier,
    drown_start,
    fall_dice,
    onset,
    poison_damage,
)
from rules.core.dice import LoadedDice


@pytest.mark.parametrize(
    ("distance", "dice"),
    [
        (0, 5),
        (2, 5),
        (Fraction(5, 2), 4),
        (4, 4),
        (5, 3),
        (6, 3),
        (8, 2),
        (10, 1),
        (Fraction(21, 2), 0),
    ],
)
def test_we_coc_01_dynamite_bands(distance: Fraction, dice: int) -> None:
    """WE-COC-01: dynamite 5d6, radius 2 yd."""
    assert blast_dice(5, 2, distance) == dice


@pytest.mark.parametrize(
    ("distance", "dice"), [(4, 15), (5, 14), (8, 14), (12, 13), (60, 1), (61, 0)]
)
def test_we_coc_02_tank_shell_bands(distance: int, dice: int) -> None:
    """WE-COC-02: a tank shell 15d6, radius 4 yd, loses a die per 4 yd, nothing beyond 60."""
    assert blast_dice(15, 4, distance) == dice


def test_we_coc_11_changing_the_charge() -> None:
    """COC-EXPL-3 / WE-COC-11: doubled 8d6 r 3; halved 3d6 r 4/3; tank shell doubled 23d6."""
    assert changed_charge(5, 2, 1) == (8, Fraction(3))
    assert changed_charge(5, 2, -1) == (3, Fraction(4, 3))
    assert changed_charge(15, 4, 1)[0] == 23


@pytest.mark.parametrize(("feet", "dice"), [(10, 0), (19, 0), (20, 1), (30, 2), (55, 4)])
def test_coc_fall_1_falling_dice(feet: int, dice: int) -> None:
    assert fall_dice(feet) == dice


def test_coc_fall_2_a_good_jump_takes_one_die_off() -> None:
    assert fall_dice(30, jumped=True) == 1
    assert fall_dice(10, jumped=True) == 0


def test_we_coc_07_drowning_multipliers() -> None:
    """COC-DROWN-2/-3: CON 11: 110, 99, 88 ... 11, then stays at x1; surprised starts at x6."""
    assert [11 * drown_multiplier(n) for n in range(1, 12)] == [
        110,
        99,
        88,
        77,
        66,
        55,
        44,
        33,
        22,
        11,
        11,
    ]
    assert [drown_multiplier(n, start=6) for n in (1, 2, 3)] == [6, 5, 4]


def test_coc_drown_2_3_the_first_multiple() -> None:
    """COC-DROWN-2/-3: x10 in the first round; a victim taken by surprise starts at x6."""
    assert (
        (drown_start(False), drown_start(True)) == (DROWN_START, DROWN_START_SURPRISED) == (10, 6)
    )


def test_coc_drown_2_breath_chance_counts_down_from_the_start() -> None:
    """COC-DROWN-2/-3 (AMB-COC-02): CON 8 surprised: 48, 40, 32 ... 8, then 8 again."""
    assert [breath_chance(8, n, start=6) for n in (1, 2, 6, 7)] == [
        (6, 48),
        (5, 40),
        (1, 8),
        (1, 8),
    ]
    assert breath_chance(12, 1) == (10, 120)


def test_coc_drown_2_a_breath_roll_must_be_under_con_x_k() -> None:
    """COC-DROWN-2 (AMB-COC-01): the seed's "under" is the default; at-or-under is the option.
    It is a plain comparison, not a skill test: 100 fails against CON x k = 100."""
    assert [breath_held(roll, 80) for roll in (79, 80, 81)] == [True, False, False]
    assert [breath_held(roll, 80, strict_less=False) for roll in (80, 81)] == [True, False]
    assert [breath_held(100, chance) for chance in (110, 100)] == [True, False]


def test_coc_poison_2_3_damage() -> None:
    assert poison_damage(20, True) == 20
    assert poison_damage(15, False) == 8
    assert poison_damage(15, False, on_failure="nothing") == 0


def test_coc_poison_5_the_onset_is_drawn_uniformly_in_the_range() -> None:
    """Cyanide, 1-15 minutes: 1 + (1d15 - 1), scripted 1 and 15; curare acts in 1 round with no
    die rolled at all."""
    dice = LoadedDice([1, 15])
    assert onset(POISONS["cyanide"], dice, "onset") == 1
    assert onset(POISONS["cyanide"], dice, "onset") == 15
    assert [(r.sides, r.purpose) for r in dice.records] == [(15, "onset"), (15, "onset")]
    assert onset(POISONS["curare"], dice, "onset") == 1
    assert len(dice.records) == 2  # no die for a fixed onset
