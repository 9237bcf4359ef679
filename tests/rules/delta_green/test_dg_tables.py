"""Delta Green tables: actions per round, autofire modes, vests, locations and location HP."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.delta_green.tables import (
    ALL,
    BURST_MODES,
    HIT_LOCATION_TABLE,
    LOCATIONS,
    VESTS,
    actions_for,
    location_table,
    suppression_cost,
)


@pytest.mark.parametrize(
    ("dex", "actions"),
    [(1, 1), (2, 1), (5, 1), (6, 2), (9, 2), (10, 3), (11, 3), (13, 3), (14, 4), (17, 4), (18, 5)],
)
def test_dg_act_1_actions_from_dex(dex: int, actions: int) -> None:
    """DG-ACT-1 and WE-DG-01: rhu(DEX/4), at least 1 (AMB-DG-01)."""
    assert actions_for(dex) == actions


def test_dg_act_1_minimum_is_a_setting() -> None:
    assert actions_for(1, minimum=0) == 0


def test_dg_auto_3_every_row_of_the_autofire_table() -> None:
    """DG-AUTO-3: rounds, accuracy, hits die, walking die, actions."""
    rows = {
        k: (m.rounds, m.modifier, m.hits_die, m.walk_die, m.actions) for k, m in BURST_MODES.items()
    }
    assert rows == {
        "3": (3, 5, 3, None, 1),
        "4": (4, 5, 4, None, 1),
        "6": (6, 5, 6, None, 2),
        "8": (8, 0, 8, None, 2),
        "10": (10, -5, 10, None, 3),
        "12": (12, -10, 12, None, 3),
        "20": (20, -15, 20, 10, ALL),
        "100": (100, 0, 100, 20, ALL),
    }


@pytest.mark.parametrize(
    ("rounds", "cost"), [(3, 1), (4, 1), (5, 2), (8, 2), (10, 3), (12, 3), (13, ALL), (20, ALL)]
)
def test_dg_supp_1_suppression_cost_by_mode(rounds: int, cost: int | str) -> None:
    """DG-SUPP-1 (AMB-DG-16): 10 rounds cost 3 actions."""
    assert suppression_cost(rounds) == cost


def test_dg_arm_1_vest_table() -> None:
    rows = {v.level: (v.ap, v.penalty, v.concealable) for v in VESTS.values()}
    assert rows == {1: (6, 0, True), 2: (8, 8, True), 3: (10, 10, False), 4: (12, 15, False)}


def test_dg_loc_1_d10_table() -> None:
    """DG-LOC-1 / DG-LOC-TABLE (AMB-DG-23): 1-2 RL, 3-4 LL, 5-7 chest, 8 RA, 9 LA, 10 head."""
    names = [HIT_LOCATION_TABLE[face] for face in range(1, 11)]
    assert names == ["right_leg"] * 2 + ["left_leg"] * 2 + ["chest"] * 3 + [
        "right_arm",
        "left_arm",
        "head",
    ]


# DG-LOC-HP-TABLE, every row: total HP -> (leg, chest, arm, head, sum).
LOC_HP_TABLE = {
    1: (1, 1, 1, 1, 6),
    2: (1, 1, 1, 1, 6),
    3: (1, 1, 1, 1, 6),
    4: (1, 2, 1, 1, 7),
    5: (2, 2, 1, 2, 10),
    6: (2, 2, 2, 2, 12),
    7: (2, 3, 2, 2, 13),
    8: (3, 3, 2, 3, 16),
    9: (3, 4, 2, 3, 17),
    10: (3, 4, 3, 3, 19),
    11: (4, 4, 3, 4, 22),
    12: (4, 5, 3, 4, 23),
    13: (4, 5, 3, 4, 23),
    14: (5, 6, 4, 5, 29),
    15: (5, 6, 4, 5, 29),
    16: (5, 6, 4, 5, 29),
    17: (6, 7, 4, 6, 33),
    18: (6, 7, 5, 6, 35),
    19: (6, 8, 5, 6, 36),
    20: (7, 8, 5, 7, 39),
    21: (7, 8, 5, 7, 39),
    22: (7, 9, 6, 7, 42),
    23: (8, 9, 6, 8, 45),
    24: (8, 10, 6, 8, 46),
    25: (8, 10, 6, 8, 46),
    26: (9, 10, 7, 9, 51),
    27: (9, 11, 7, 9, 52),
    28: (9, 11, 7, 9, 52),
    29: (10, 12, 7, 10, 56),
    30: (10, 12, 8, 10, 58),
}


@pytest.mark.parametrize("hp", sorted(LOC_HP_TABLE))
def test_dg_loc_3_location_hp_table(hp: int) -> None:
    """DG-LOC-3 / DG-LOC-HP-TABLE (AMB-DG-24: half up, minimum 1)."""
    table = location_table(hp)
    leg, chest, arm, head, total = LOC_HP_TABLE[hp]
    assert (table["right_leg"], table["left_leg"], table["chest"]) == (leg, leg, chest)
    assert (table["right_arm"], table["left_arm"], table["head"]) == (arm, arm, head)
    assert sum(table.values()) == total


def test_we_dg_05_fourteen_hp() -> None:
    """WE-DG-05: 14 HP -> legs 5, chest 6, arms 4, head 5, sum 29."""
    table = location_table(14)
    assert table == {
        "right_leg": 5,
        "left_leg": 5,
        "chest": 6,
        "right_arm": 4,
        "left_arm": 4,
        "head": 5,
    }
    assert sum(table.values()) == 29


@given(st.integers(min_value=1, max_value=400))
def test_location_hp_formula_property(hp: int) -> None:
    """DG-LOC-3 property: each location is its share of HP within 1/2, at least 1."""
    shares = {
        "right_leg": (1, 3),
        "left_leg": (1, 3),
        "chest": (4, 10),
        "right_arm": (1, 4),
        "left_arm": (1, 4),
        "head": (1, 3),
    }
    table = location_table(hp)
    for loc in LOCATIONS:
        num, den = shares[loc]
        exact = hp * num / den
        assert table[loc] >= 1
        assert table[loc] == max(1, int(exact + 0.5 + 1e-9))
        assert abs(table[loc] - exact) <= 0.5 or table[loc] == 1
