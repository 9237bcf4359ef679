"""Exact previews: distributions, chances and the preview JSON, checked against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import DiceError
from rules.core.probability import (
    Distribution,
    d20_chance,
    distribution_outcomes,
    enumerate_dice,
    fraction_text,
    keep_dice,
    mixture,
    outcome,
    percentile_chance,
    preview,
    success_pool,
    sum_of_dice,
)


def _brute_sum(count: int, sides: int) -> Distribution:
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        counts[sum(faces)] = counts.get(sum(faces), 0) + 1
    return Distribution.from_counts(counts)


@pytest.mark.parametrize(("count", "sides"), [(0, 6), (1, 6), (2, 6), (3, 4), (4, 3), (2, 10)])
def test_sum_of_dice_matches_enumeration(count: int, sides: int) -> None:
    assert sum_of_dice(count, sides) == _brute_sum(count, sides)


def test_two_d6_has_the_familiar_shape() -> None:
    dist = sum_of_dice(2, 6)
    assert dist.probability(7) == Fraction(1, 6)
    assert dist.probability(2) == Fraction(1, 36)
    assert dist.expected() == 7
    assert dist.total == 36


def test_success_pool_matches_enumeration() -> None:
    """ACE-DICE-2: successes are d10 faces of 8, 9 or 10."""
    expected = enumerate_dice([10] * 4, lambda faces: sum(1 for f in faces if f >= 8))
    assert success_pool(4, 10, lambda f: f >= 8) == expected
    assert success_pool(4, 10, lambda f: f >= 8).probability(0) == Fraction(7**4, 10**4)


@pytest.mark.parametrize(("count", "keep", "highest"), [(4, 3, True), (3, 1, False), (2, 1, True)])
def test_keep_dice_matches_enumeration(count: int, keep: int, highest: bool) -> None:
    def kept_sum(faces: tuple[int, ...]) -> int:
        ordered = sorted(faces, reverse=highest)
        return sum(ordered[:keep])

    assert keep_dice(count, 6, keep, highest) == enumerate_dice([6] * count, kept_sum)


def test_keep_dice_refuses_impossible_keeps() -> None:
    with pytest.raises(ValueError, match="cannot keep 3 of 2"):
        keep_dice(2, 6, 3, True)


@pytest.mark.parametrize(
    ("target", "chance"),
    [(-5, 0), (0, 0), (1, Fraction(1, 100)), (45, Fraction(9, 20)), (100, 1), (140, 1)],
)
def test_percentile_chance_is_target_in_a_hundred_clamped(target: int, chance: Fraction) -> None:
    assert percentile_chance(target) == chance
    brute = Fraction(sum(1 for roll in range(1, 101) if roll <= target), 100)
    assert percentile_chance(target) == brute


@given(
    bonus=st.integers(-25, 25),
    target=st.integers(-10, 45),
    strict=st.booleans(),
    nat1=st.booleans(),
    nat20=st.booleans(),
)
def test_d20_chance_matches_enumeration(
    bonus: int, target: int, strict: bool, nat1: bool, nat20: bool
) -> None:
    def hits(face: int) -> bool:
        if nat20 and face == 20:
            return True
        if nat1 and face == 1:
            return False
        return face + bonus > target if strict else face + bonus >= target

    expected = Fraction(sum(1 for face in range(1, 21) if hits(face)), 20)
    got = d20_chance(
        bonus, target, strictly_greater=strict, natural_1_fails=nat1, natural_20_succeeds=nat20
    )
    assert got == expected


def test_ace_hit_chance_example() -> None:
    """ACE-HIT-1..3: d20 + 7 must beat evasion 15; a 1 misses, a 20 hits: faces 9..20 hit."""
    chance = d20_chance(
        7, 15, strictly_greater=True, natural_1_fails=True, natural_20_succeeds=True
    )
    assert chance == Fraction(12, 20)


def test_distribution_arithmetic() -> None:
    d6 = Distribution.die(6)

    assert (d6 + 3).outcomes == (4, 5, 6, 7, 8, 9)
    assert (3 + d6) == (d6 + 3)
    assert (-d6).outcomes == (-6, -5, -4, -3, -2, -1)
    assert (d6 - d6).probability(0) == Fraction(1, 6)
    assert (d6 - 1).map(lambda v: max(v, 2)).probability(2) == Fraction(1, 2)
    assert d6.at_least(5) == Fraction(1, 3)
    assert d6.at_most(2) == Fraction(1, 3)
    assert Distribution.constant(4).expected() == 4
    assert Distribution.uniform(3, 5).outcomes == (3, 4, 5)


def test_from_counts_reduces_and_validates() -> None:
    assert Distribution.from_counts({1: 2, 2: 4, 3: 0}).weights == ((1, 1), (2, 2))
    with pytest.raises(ValueError, match="at least one outcome"):
        Distribution.from_counts({1: 0})
    with pytest.raises(ValueError, match="negative"):
        Distribution.from_counts({1: -1, 2: 2})
    with pytest.raises(ValueError, match="empty range"):
        Distribution.uniform(3, 2)


def test_from_probabilities_needs_them_to_add_up_to_one() -> None:
    dist = Distribution.from_probabilities({0: Fraction(1, 3), 5: Fraction(2, 3)})
    assert dist.weights == ((0, 1), (5, 2))
    with pytest.raises(ValueError, match="add up to 1/2"):
        Distribution.from_probabilities({0: Fraction(1, 2)})


def test_mixture_of_hit_and_damage_matches_enumeration() -> None:
    """An attack hitting on d20 >= 11 for 1d6 damage, else 0: the expected damage is 1.75."""
    hit = d20_chance(0, 11)
    damage = mixture([(hit, Distribution.die(6)), (1 - hit, Distribution.constant(0))])
    brute = enumerate_dice([20, 6], lambda faces: faces[1] if faces[0] >= 11 else 0)

    assert damage == brute
    assert damage.expected() == Fraction(7, 4)
    with pytest.raises(ValueError, match="add up to"):
        mixture([(Fraction(1, 2), Distribution.die(6))])


def test_sizes_are_capped() -> None:
    with pytest.raises(DiceError, match="too many outcomes"):
        sum_of_dice(100, 10_000)
    with pytest.raises(DiceError, match="too many outcomes"):
        sum_of_dice(99, 2000)  # few enough outcomes, but ten seconds of big-number sums
    assert sum_of_dice(100, 100).total == 100**100
    with pytest.raises(DiceError, match="too many to enumerate"):
        enumerate_dice([100] * 4, sum)
    with pytest.raises(DiceError, match="too many outcomes"):
        Distribution.uniform(0, 200_000)
    with pytest.raises(DiceError, match="too many outcomes"):
        Distribution.uniform(1, 4000) + Distribution.uniform(1, 4000)
    with pytest.raises(ValueError, match="cannot roll"):
        sum_of_dice(-1, 6)
    with pytest.raises(ValueError, match="cannot roll"):
        success_pool(-1, 10, lambda f: f >= 8)


def test_fraction_text_and_outcomes() -> None:
    assert fraction_text(Fraction(6, 8)) == "3/4"
    assert fraction_text(Fraction(0)) == "0/1"
    assert fraction_text(Fraction(1)) == "1/1"
    assert outcome("hit", Fraction(3, 5)) == {"label": "hit", "probability": 0.6, "exact": "3/5"}
    with pytest.raises(ValueError, match="outside"):
        outcome("impossible", Fraction(3, 2))


def test_preview_json_shape() -> None:
    """The preview shape of docs/architecture.md: summary, outcomes (label, probability, exact)."""
    data = preview(
        "Hit 45%",
        [("hit", Fraction(9, 20)), {"label": "miss", "exact": "11/20"}],
        {"skill": 45},
    )
    assert data == {
        "summary": "Hit 45%",
        "outcomes": [
            {"label": "hit", "probability": 0.45, "exact": "9/20"},
            {"label": "miss", "probability": 0.55, "exact": "11/20"},
        ],
        "details": {"skill": 45},
    }
    assert preview("nothing", [])["details"] == {}


def test_distribution_outcomes_and_json() -> None:
    coin = Distribution.die(2)
    assert distribution_outcomes(coin, lambda v: f"{v} damage") == [
        {"label": "1 damage", "probability": 0.5, "exact": "1/2"},
        {"label": "2 damage", "probability": 0.5, "exact": "1/2"},
    ]
    assert coin.to_json()[0] == {"value": 1, "probability": 0.5, "exact": "1/2"}
