"""SCS numbers and the CRT: SCS-ROUND-*, SCS-CUM-1, SCS-CBT-7/8, SCS-CRT-1/2, T-04/05/21/22."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.scs.crt import (
    Odds,
    ScenarioError,
    SideResult,
    multiply,
    odds,
    parse_result,
    standard_round,
    to_fraction,
)
from rules.scs.scenario import load_scenario

CRT = load_scenario("halden_crossing").crt


@pytest.mark.parametrize(
    ("x", "expected"),
    [
        (Fraction(449, 100), 4),
        (Fraction(45, 10), 5),
        (Fraction(5, 2), 3),
        (Fraction(394, 85), 5),
        (Fraction(401, 100), 4),
        (Fraction(499, 100), 5),
        (Fraction(0), 0),
    ],
)
def test_t05_standard_rounding_half_up_scs_round_2(x: Fraction, expected: int) -> None:
    """SCS-ROUND-2 / T-05: floor(x + 1/2): 4.49 -> 4, 4.50 -> 5, 5/2 -> 3, 394/85 -> 5."""
    assert standard_round(x) == expected


def test_t04_seed_odds_example_rounds_to_5_to_1_either_way_scs_round_3() -> None:
    """SCS-ROUND-3 / T-04: 9.85 : 2.125 = 394/85 -> 5:1; the true sum 9.875 : 2.125 = 79/17
    (the text's 4.65) -> 5:1."""
    printed = Fraction("9.85") / Fraction("2.125")
    assert printed == Fraction(394, 85)
    assert odds(Fraction("9.85"), Fraction("2.125")) == Odds(5, 1)
    total = Fraction("2.5") + Fraction("3.25") + Fraction("4.125")
    assert total == Fraction("9.875")
    assert total / Fraction("2.125") == Fraction(79, 17)
    assert odds(total, Fraction("2.125")) == Odds(5, 1)


def test_modifiers_multiply_and_round_only_at_the_end_scs_cum_1_round_1() -> None:
    """SCS-CUM-1 / SCS-ROUND-1: multipliers multiply exactly; only the odds are rounded."""
    # T-23: B1 out of supply attacking across the river: 4 x 1/2 x 1/2 = 1.
    assert multiply(Fraction(4), [Fraction(1, 2), Fraction(1, 2)]) == 1
    # Rounding each unit first would give 3 + 3 = 6 -> 2:1; exact sum 5 vs 2 -> 5/2 -> 3:1.
    a = multiply(Fraction(5), [Fraction(1, 2)]) * 2
    assert odds(a, Fraction(2)) == Odds(3, 1)


@pytest.mark.parametrize(
    ("a", "d", "expected", "column"),
    [
        (5, 8, "1:2", "1:2"),
        (10, 3, "3:1", "3:1"),
        (1, 5, "1:5", "1:3"),
        (40, 2, "20:1", "8:1"),
        (6, 3, "2:1", "2:1"),
        (3, 3, "1:1", "1:1"),
    ],
)
def test_t22_odds_and_end_columns_scs_cbt_7_pd_04(
    a: int, d: int, expected: str, column: str
) -> None:
    """SCS-CBT-7 / PD-04 / T-22: A < D reads 1:n with n = round(D/A); odds beyond the table
    use its end columns (1:5 -> 1:3, 20:1 -> 8:1)."""
    ratio = odds(Fraction(a), Fraction(d))
    assert str(ratio) == expected
    index = CRT.column_index(ratio)
    assert index is not None
    assert str(CRT.columns[index]) == column


def test_column_shift_is_applied_after_rounding_and_clamped_scs_cbt_7() -> None:
    assert str(CRT.columns[CRT.shifted(CRT.column_index(Odds(3, 1)) or 0, -1)]) == "2:1"
    assert CRT.shifted(0, -1) == 0
    assert CRT.shifted(9, +3) == 9


@pytest.mark.parametrize(
    ("column", "roll", "drm", "code"),
    [
        ("1:3", 2, 0, "AL2"),
        ("1:1", 7, 0, "NE"),
        ("5:1", 7, 0, "DL1o1"),
        ("8:1", 12, 0, "DE"),
        ("1:1", 12, 2, "DL1"),
        ("1:2", 7, 0, "Ao1"),
        ("3:1", 9, 0, "DL1"),
        ("2:1", 9, 0, "Do1"),
        ("1:3", 2, -3, "AL2"),
    ],
)
def test_t21_crt_lookups_with_drm_clamped_scs_cbt_8(
    column: str, roll: int, drm: int, code: str
) -> None:
    index = [str(c) for c in CRT.columns].index(column)
    assert CRT.lookup(index, roll + drm).code == code


def test_result_codes_parse_scs_crt_2() -> None:
    assert parse_result("DL1o1").defender == SideResult(loss=1, option=1)
    assert parse_result("A1").attacker == SideResult(loss=1)
    both = parse_result("AL1/DL1")
    assert both.attacker.loss == 1
    assert both.defender.loss == 1
    assert parse_result("DE").defender.eliminated
    assert parse_result("Ao1").attacker == SideResult(option=1)
    assert parse_result("Dr2").defender == SideResult(retreat=2)
    assert parse_result("NE").attacker == SideResult() == parse_result("NE").defender


@pytest.mark.parametrize("bad", ["XX", "A", "DL", "AL1/AL2", "D1x", ""])
def test_bad_result_codes_are_refused_scs_crt_2(bad: str) -> None:
    with pytest.raises(ScenarioError):
        parse_result(bad)


def test_fractions_come_from_strings_never_floats() -> None:
    assert to_fraction("1/2", "x") == Fraction(1, 2)
    assert to_fraction(3, "x") == 3
    assert to_fraction("2.125", "x") == Fraction(17, 8)
    with pytest.raises(ScenarioError, match=r"tec.road.mp"):
        to_fraction("half", "tec.road.mp")


@given(st.integers(0, 9), st.integers(-4, 4))
def test_crt_probabilities_are_exact_against_brute_force_enumeration(column: int, drm: int) -> None:
    dist = {r.code: p for r, p in CRT.distribution(column, drm)}
    counts: dict[str, int] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        roll = max(2, min(12, a + b + drm))
        code = CRT.rows[roll][column].code
        counts[code] = counts.get(code, 0) + 1
    assert dist == {code: Fraction(n, 36) for code, n in counts.items()}
    assert sum(dist.values()) == 1


@given(
    st.fractions(min_value=Fraction(1, 100), max_value=100),
    st.fractions(min_value=Fraction(1, 100), max_value=100),
)
def test_odds_always_have_a_one_on_one_side(a: Fraction, d: Fraction) -> None:
    ratio = odds(a, d)
    assert ratio.attack == 1 or ratio.defense == 1
    assert min(ratio.attack, ratio.defense) >= 0
