"""Dice notation: parsing, limits, error positions, scripted rolls, exact distributions."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.dice import LoadedDice, RollRecord, SeededDice
from rules.core.errors import DiceError
from rules.core.notation import MAX_DICE, ConstantTerm, DiceExpr, DiceTerm
from rules.core.probability import enumerate_dice


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("2d6+3", "2d6+3"),
        ("d20 + 5", "1d20+5"),
        ("D8", "1d8"),
        ("4d6kh3", "4d6kh3"),
        ("4d6k3", "4d6kh3"),
        ("2d20kl1", "2d20kl1"),
        ("6d10>=8", "6d10>=8"),
        ("5d6>4", "5d6>4"),
        ("3d10<=2", "3d10<=2"),
        ("3d10<3", "3d10<3"),
        ("d%", "1d%"),
        ("d100", "1d100"),
        ("1d3-1", "1d3-1"),
        ("-1d4+2d8 - 3", "-1d4+2d8-3"),
        ("7", "7"),
        ("1d6+1d4", "1d6+1d4"),
        ("0d10>=8", "0d10>=8"),
    ],
)
def test_parse_gives_a_canonical_text(text: str, canonical: str) -> None:
    assert DiceExpr.parse(text).text == canonical
    assert str(DiceExpr.parse(canonical)) == canonical


def test_parse_builds_terms_with_signs() -> None:
    expr = DiceExpr.parse("4d6kh3 - 1d4 + 2")

    assert expr.terms == (
        DiceTerm(4, 6, 1, ("h", 3)),
        DiceTerm(1, 4, -1),
        ConstantTerm(2, 1),
    )
    assert expr.dice_count == 5


def test_percent_die_is_a_d100() -> None:
    (term,) = DiceExpr.parse("d%").terms
    assert isinstance(term, DiceTerm)
    assert (term.count, term.sides, term.percent) == (1, 100, True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2d6++3", "unexpected '+' at position 5"),
        ("1d+6", "unexpected '+' at position 3"),
        ("2d6 +", "ends too early"),
        ("+", "ends too early"),
        ("abc", "unexpected 'a' at position 1"),
        ("1d20x", "unexpected 'x' at position 5"),
        ("2d6 3", "unexpected '3' at position 5"),
        ("", "empty"),
        ("   ", "empty"),
        ("2d1", "at least 2 sides"),
        ("1d0", "at least 2 sides"),
        ("3d6kh4", "cannot keep 4 of 3 dice"),
        ("3d6kh0", "cannot keep 0 of 3 dice"),
        ("1d100000", "die size 100000 at position 3 is over the limit"),
        ("1d6+10000000", "number 10000000 at position 5 is over the limit"),
        ("6d10>=20000", "success target 20000"),
        ("1" + "+1" * 20, "at most 20 terms"),
        ("1" * 201, "at most 200 characters"),
    ],
)
def test_bad_expressions_are_refused_saying_what_and_where(text: str, message: str) -> None:
    with pytest.raises(DiceError, match=message.replace("+", r"\+")):
        DiceExpr.parse(text)


def test_ten_thousand_dice_are_refused() -> None:
    with pytest.raises(DiceError, match=f"10000 dice is too many: at most {MAX_DICE}"):
        DiceExpr.parse("10000d6")


def test_the_dice_cap_counts_every_term() -> None:
    DiceExpr.parse("50d6+50d6")
    with pytest.raises(DiceError, match="101 dice is too many"):
        DiceExpr.parse("50d6+50d6+1d4")


def test_roll_adds_dice_and_constants_with_a_breakdown() -> None:
    result = DiceExpr.parse("2d6+3").roll(LoadedDice([3, 5]))

    assert result.total == 11
    assert result.breakdown == "2d6 [3, 5] + 3 = 11"
    assert result.dice == (RollRecord("2d6", 6, 3), RollRecord("2d6", 6, 5))


def test_roll_subtracts_negative_terms() -> None:
    result = DiceExpr.parse("-1d4+2d8-3").roll(LoadedDice([2, 7, 1]))

    assert result.total == -2 + 8 - 3
    assert result.breakdown == "-1d4 [2] + 2d8 [7, 1] - 3 = 3"


def test_keep_highest_drops_the_lowest_die() -> None:
    result = DiceExpr.parse("4d6kh3").roll(LoadedDice([6, 2, 5, 4]))

    assert result.total == 15
    assert result.breakdown == "4d6kh3 [6, (2), 5, 4] = 15"
    assert result.terms[0].kept == (True, False, True, True)


def test_keep_lowest_keeps_the_first_of_equal_faces() -> None:
    result = DiceExpr.parse("3d20kl1").roll(LoadedDice([7, 3, 3]))

    assert result.total == 3
    assert result.terms[0].kept == (False, True, False)


def test_disadvantage_2d20kl1() -> None:
    assert DiceExpr.parse("2d20kl1").roll(LoadedDice([17, 4])).total == 4


def test_success_pool_counts_dice_of_8_or_more() -> None:
    """ACE-DICE-2: each d10 showing 8, 9 or 10 is one success."""
    result = DiceExpr.parse("6d10>=8").roll(LoadedDice([9, 3, 8, 1, 10, 7]))

    assert result.total == 3
    assert result.breakdown == "6d10>=8 [9, 3, 8, 1, 10, 7] (3 successes) = 3"


def test_success_pool_of_one_success_says_success() -> None:
    result = DiceExpr.parse("2d10>=8").roll(LoadedDice([8, 2]))
    assert result.breakdown == "2d10>=8 [8, 2] (1 success) = 1"


def test_an_empty_pool_rolls_nothing_and_scores_zero() -> None:
    """ACE-DICE-2: N <= 0 means no dice are rolled, 0 successes."""
    dice = LoadedDice([])
    assert DiceExpr.parse("0d10>=8").roll(dice).total == 0
    assert dice.records == []


@pytest.mark.parametrize(
    ("text", "faces", "total"),
    [("5d6>4", [5, 4, 6, 1, 2], 2), ("3d10<=2", [1, 2, 3], 2), ("3d10<3", [3, 2, 9], 1)],
)
def test_other_success_comparisons(text: str, faces: list[int], total: int) -> None:
    assert DiceExpr.parse(text).roll(LoadedDice(faces)).total == total


def test_success_pool_plus_a_specialty_success() -> None:
    """ACE-CHECK-2: a relevant specialty adds one automatic success."""
    assert DiceExpr.parse("3d10>=8+1").roll(LoadedDice([8, 1, 1])).total == 2


def test_floor_at_zero_for_1d3_minus_1() -> None:
    expr = DiceExpr.parse("1d3-2")
    floored = expr.roll(LoadedDice([1]), floor=0)

    assert (floored.total, floored.raw_total) == (0, -1)
    assert floored.breakdown == "1d3 [1] - 2 = -1, at least 0: 0"
    assert expr.roll(LoadedDice([1])).total == -1
    assert expr.roll(LoadedDice([3]), floor=0).breakdown == "1d3 [3] - 2 = 1"


def test_percentile_roll_reads_1_to_100() -> None:
    result = DiceExpr.parse("d%").roll(LoadedDice([100]))
    assert result.total == 100
    assert result.breakdown == "1d% [100] = 100"


def test_purpose_prefixes_every_recorded_die() -> None:
    dice = LoadedDice([4, 2])
    result = DiceExpr.parse("1d6+1d4").roll(dice, purpose="fireball")

    assert [r.purpose for r in result.dice] == ["fireball 1d6", "fireball 1d4"]


def test_result_records_only_its_own_dice() -> None:
    dice = LoadedDice([5, 6])
    dice.roll(6, "earlier")
    result = DiceExpr.parse("1d6").roll(dice)

    assert result.dice == (RollRecord("1d6", 6, 6),)


def test_result_json_lists_terms_and_dice() -> None:
    data = DiceExpr.parse("2d6-1").roll(LoadedDice([1, 2])).to_json()

    assert data == {
        "expr": "2d6-1",
        "total": 2,
        "raw_total": 2,
        "floor": None,
        "breakdown": "2d6 [1, 2] - 1 = 2",
        "terms": [
            {"term": "+2d6", "faces": [1, 2], "kept": [True, True], "value": 3},
            {"term": "-1", "faces": [], "kept": [], "value": -1},
        ],
        "dice": [
            {"purpose": "2d6", "sides": 6, "value": 1},
            {"purpose": "2d6", "sides": 6, "value": 2},
        ],
    }


def test_seeded_roll_is_the_same_every_run() -> None:
    expr = DiceExpr.parse("6d10>=8")
    assert expr.roll(SeededDice(7)).to_json() == expr.roll(SeededDice(7)).to_json()


# Exact distributions, checked against brute-force enumeration.


def _brute(expr: DiceExpr, floor: int | None = None) -> dict[int, Fraction]:
    sides = [t.sides for t in expr.terms if isinstance(t, DiceTerm) for _ in range(t.count)]
    counts: Counter[int] = Counter()
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):
        counts[expr.roll(LoadedDice(faces), floor=floor).total] += 1
    total = sum(counts.values())
    return {v: Fraction(c, total) for v, c in sorted(counts.items())}


@pytest.mark.parametrize(
    "text",
    ["2d6+3", "4d6kh3", "3d6kl2", "2d20kl1", "5d10>=8", "4d6>4", "1d3-1", "-1d4+1d6", "1d%", "7"],
)
def test_distribution_matches_brute_force(text: str) -> None:
    expr = DiceExpr.parse(text)
    assert dict(expr.distribution().probabilities()) == _brute(expr)


def test_distribution_with_a_floor_matches_brute_force() -> None:
    expr = DiceExpr.parse("1d3-2")
    assert dict(expr.distribution(floor=0).probabilities()) == _brute(expr, floor=0)
    assert expr.distribution(floor=0).probability(0) == Fraction(2, 3)


def test_distribution_of_a_large_sum_is_exact_and_fast() -> None:
    dist = DiceExpr.parse("100d100").distribution()

    assert dist.outcomes[0] == 100
    assert dist.outcomes[-1] == 10000
    assert dist.probability(100) == Fraction(1, 100**100)
    assert dist.expected() == Fraction(5050)


@pytest.mark.parametrize(
    "text",
    ["4d10kh2>=8", "4d10kl2>=8", "3d6kh2<=2", "3d6kl1<3", "5d4kh5>2", "4d6kl3>=1", "2d10kh1>10"],
)
def test_successes_among_kept_dice_are_exact_against_every_roll(text: str) -> None:
    expr = DiceExpr.parse(text)
    [term] = expr.terms
    assert isinstance(term, DiceTerm)
    brute = enumerate_dice([term.sides] * term.count, lambda faces: term.value(list(faces)))
    assert expr.distribution().probabilities() == brute.probabilities()


def test_keeping_from_a_huge_pool_has_no_preview() -> None:
    with pytest.raises(DiceError, match="too large"):
        DiceExpr.parse("100d100kh3").distribution()


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(1, 4),
    sides=st.sampled_from([2, 4, 6, 10]),
    bonus=st.integers(-5, 5),
    seed=st.integers(0, 2**32),
)
def test_any_roll_lies_within_its_distribution(
    count: int, sides: int, bonus: int, seed: int
) -> None:
    expr = DiceExpr.parse(f"{count}d{sides}{bonus:+d}")
    dist = expr.distribution()
    result = expr.roll(SeededDice(seed))

    assert dist.probability(result.total) > 0
    assert dist.outcomes[0] == count + bonus
    assert dist.outcomes[-1] == count * sides + bonus
    assert len(result.dice) == count


def test_ace_ex_16_five_d10_pool_scores_three_successes() -> None:
    """ACE-EX-16 (ACE-DICE-2): 5 d10 showing [8, 3, 10, 1, 9] give 3 successes."""
    result = DiceExpr.parse("5d10>=8").roll(LoadedDice([8, 3, 10, 1, 9]))

    assert result.total == 3
    assert result.breakdown == "5d10>=8 [8, 3, 10, 1, 9] (3 successes) = 3"
    dist = DiceExpr.parse("5d10>=8").distribution()
    assert dist.probability(3) == Fraction(10 * 3**3 * 7**2, 10**5)
    assert dist.at_least(1) == 1 - Fraction(7, 10) ** 5
