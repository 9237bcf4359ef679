"""Tests of the SCS hex grid (PD-01, SCS-MAP-1..3, SCS-SETUP-1) and its paths; the acceptance
tests T-01/02/03."""

from __future__ import annotations

import itertools
import math
from collections import deque
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.geometry.hex import HexError, HexGrid, format_label, parse_label
from rules.geometry.paths import adjacency, reachable

GRID = HexGrid(columns=12, rows=10)


def cells(*labels: str) -> set[tuple[int, int]]:
    return {GRID.cell(label) for label in labels}


def test_t01_parse_and_format_labels_scs_map_1() -> None:
    assert parse_label("A10.10") == ("A", 10, 10)
    assert parse_label("07.05") == (None, 7, 5)
    assert parse_label("29.17") == (None, 29, 17)
    assert format_label(7, 5) == "07.05"
    assert format_label(10, 10, "A") == "A10.10"


@pytest.mark.parametrize("bad", ["1010", "7.5", "A1.10", "ab.cd", ""])
def test_malformed_hex_id_is_invalid_hex_id_scs_map_1(bad: str) -> None:
    with pytest.raises(HexError, match="invalid_hex_id"):
        parse_label(bad)


def test_unprinted_hex_is_counted_up_from_a_printed_one_scs_map_2() -> None:
    big = HexGrid(columns=40, rows=30)
    up = big.all_neighbours((29, 15))[0]
    assert big.all_neighbours(up)[0] == (29, 17)


def test_off_map_hex_is_not_playable_scs_map_3() -> None:
    with pytest.raises(HexError, match="off the map"):
        GRID.cell("13.01")
    holed = HexGrid(columns=3, rows=3, removed=frozenset({(2, 2)}))
    assert not holed.contains((2, 2))
    assert (2, 2) not in holed.neighbours((1, 2))


@pytest.mark.parametrize(
    ("centre", "expected"),
    [
        ("05.05", {"04.04", "04.05", "05.04", "05.06", "06.04", "06.05"}),
        ("07.05", {"06.04", "06.05", "07.04", "07.06", "08.04", "08.05"}),
        ("01.01", {"01.02", "02.01"}),
        ("12.10", {"11.10", "12.09"}),
    ],
)
def test_t02_neighbours_pd_01(centre: str, expected: set[str]) -> None:
    assert set(GRID.neighbours(GRID.cell(centre))) == cells(*expected)


def test_even_column_neighbours_go_up_pd_01() -> None:
    assert set(GRID.neighbours((4, 5))) == {(4, 6), (4, 4), (3, 5), (3, 6), (5, 5), (5, 6)}


@pytest.mark.parametrize(
    ("a", "b", "d"),
    [
        ("01.01", "04.03", 4),
        ("02.05", "07.05", 5),
        ("05.05", "12.05", 7),
        ("07.05", "12.01", 6),
        ("01.01", "12.10", 15),
    ],
)
def test_t03_distances_pd_01(a: str, b: str, d: int) -> None:
    assert GRID.distance(GRID.cell(a), GRID.cell(b)) == d


def _bfs(grid: HexGrid, start: tuple[int, int]) -> dict[tuple[int, int], int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for n in grid.neighbours(cell):
            if n not in seen:
                seen[n] = seen[cell] + 1
                queue.append(n)
    return seen


@pytest.mark.parametrize("shifted", ["even", "odd"])
@pytest.mark.parametrize("y_axis", ["up", "down"])
def test_cube_distance_equals_breadth_first_search_on_the_whole_grid(
    shifted: str, y_axis: str
) -> None:
    grid = HexGrid(columns=12, rows=10, shifted_columns=shifted, y_axis=y_axis)
    for start in [(1, 1), (6, 5), (12, 10), (7, 3)]:
        by_bfs = _bfs(grid, start)
        for cell, steps in by_bfs.items():
            assert grid.distance(start, cell) == steps


def test_odd_shift_swaps_the_parity_cases_pd_01() -> None:
    grid = HexGrid(columns=12, rows=10, shifted_columns="odd")
    assert set(grid.neighbours((5, 5))) == {(5, 6), (5, 4), (4, 5), (4, 6), (6, 5), (6, 6)}
    assert set(grid.neighbours((4, 5))) == {(4, 6), (4, 4), (3, 5), (3, 4), (5, 5), (5, 4)}


def test_w_i_1_of_kessel_is_the_anchor_and_its_ring_t08_scs_setup_1() -> None:
    expected = cells("10.05", "10.04", "10.06", "09.05", "09.06", "11.05", "11.06")
    assert GRID.within(GRID.cell("10.05"), 1) == expected
    assert GRID.blast(GRID.cell("10.05"), 1) == expected
    assert GRID.burst(GRID.cell("10.05"), 1) == expected - cells("10.05")


def test_ring_and_line() -> None:
    assert len(GRID.ring((6, 5), 2)) == 12
    line = GRID.line((1, 5), (6, 5))
    assert line[0] == (1, 5)
    assert line[-1] == (6, 5)
    assert len(line) == GRID.distance((1, 5), (6, 5)) + 1
    for a, b in itertools.pairwise(line):
        assert GRID.adjacent(a, b)


def test_cone_is_a_wedge_widening_with_range() -> None:
    origin = (6, 5)
    cone = GRID.cone(origin, 0, 3)  # straight up the column
    assert (6, 6) in cone
    assert (6, 7) in cone
    assert (6, 8) in cone
    assert (6, 4) not in cone
    assert len([c for c in cone if GRID.distance(origin, c) == 1]) == 1
    assert len([c for c in cone if GRID.distance(origin, c) == 2]) >= 2
    with pytest.raises(HexError):
        GRID.cone(origin, 6, 2)


def test_cheapest_path_with_cell_and_hexside_costs() -> None:
    river = {((6, 5), (7, 5)), ((7, 5), (6, 5))}
    cost = GRID.step_cost(lambda c: 1, lambda a, b: 5 if (a, b) in river else 0)
    found = GRID.cheapest_path((6, 5), (7, 5), cost)
    assert found is not None
    path, total = found
    assert total == 2
    assert len(path) == 3


def test_blocked_cell_is_never_entered() -> None:
    cost = GRID.step_cost(lambda c: None if c == (2, 1) else 1)
    reach = GRID.reachable((1, 1), cost, 1)
    assert (2, 1) not in reach
    assert (1, 2) in reach


hexes = st.tuples(st.integers(1, 12), st.integers(1, 10))
costs = st.dictionaries(hexes, st.integers(1, 4), min_size=0, max_size=120)


@given(hexes, hexes)
def test_distance_is_symmetric(a: tuple[int, int], b: tuple[int, int]) -> None:
    assert GRID.distance(a, b) == GRID.distance(b, a)


@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(
    a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]
) -> None:
    assert GRID.distance(a, c) <= GRID.distance(a, b) + GRID.distance(b, c)


@settings(max_examples=60, deadline=None)
@given(hexes, hexes, costs)
def test_path_cost_is_at_least_length_times_cheapest_cell(
    a: tuple[int, int], b: tuple[int, int], table: dict[tuple[int, int], int]
) -> None:
    cost = GRID.step_cost(lambda c: table.get(c, 2))
    found = GRID.cheapest_path(a, b, cost)
    assert found is not None
    path, total = found
    cheapest = min([*table.values(), 2])
    assert total >= (len(path) - 1) * cheapest
    assert len(path) - 1 >= GRID.distance(a, b)


@settings(max_examples=60, deadline=None)
@given(hexes, st.integers(0, 8), costs)
def test_reachable_set_never_holds_a_cell_costing_more_than_the_budget(
    start: tuple[int, int], budget: int, table: dict[tuple[int, int], int]
) -> None:
    cost = GRID.step_cost(lambda c: table.get(c, 1))
    reach = GRID.reachable(start, cost, budget)
    assert all(spent <= budget for spent in reach.values())
    for cell, spent in reach.items():
        found = GRID.cheapest_path(start, cell, cost)
        assert found is not None
        assert found[1] == spent


# The fast reachable set (a movement table built once per key) equals the reference Dijkstra.

TERRAIN = st.sampled_from([1, 1, 1, 2, 2, 3, 4, None])


def _random_map(
    columns: int, rows: int, costs: list[int | None], removed: list[bool]
) -> tuple[HexGrid, dict[tuple[int, int], int | None]]:
    full = HexGrid(columns, rows)
    gone = {c for c, r in zip(sorted(full.cells), removed, strict=False) if r}
    grid = HexGrid(columns, rows, removed=frozenset(gone))
    cost = dict(zip(sorted(full.cells), costs, strict=False))
    return grid, cost


@settings(max_examples=120, deadline=None)
@given(
    shape=st.tuples(st.integers(1, 12), st.integers(1, 10)),
    costs=st.lists(TERRAIN, min_size=120, max_size=120),
    rivers=st.lists(st.booleans(), min_size=120, max_size=120),
    removed=st.lists(st.sampled_from([False] * 9 + [True]), min_size=120, max_size=120),
    budget=st.integers(-1, 14),
    pick=st.integers(0, 10_000),
)
def test_keyed_reachable_equals_the_reference_dijkstra_on_random_terrain(
    shape: tuple[int, int],
    costs: list[int | None],
    rivers: list[bool],
    removed: list[bool],
    budget: int,
    pick: int,
) -> None:
    """Whole costs: HexGrid.reachable(key=...) takes the bucket queue; same costs as Dijkstra."""
    grid, cost = _random_map(*shape, costs, removed)
    if not grid.cells:
        return
    river = {c: r for c, r in zip(sorted(cost), rivers, strict=False)}

    def side(a: tuple[int, int], b: tuple[int, int]) -> float | None:
        return 2 if river.get(min(a, b)) and river.get(max(a, b)) else 0

    step = grid.step_cost(cost.get, side)
    start = sorted(grid.cells)[pick % len(grid.cells)]
    expected = reachable(start, grid.neighbours, step, budget)
    assert grid.reachable(start, step, budget) == expected
    assert grid.reachable(start, step, budget, key="mixed") == expected
    assert grid.reachable(start, step, budget + 0.5, key="mixed") == reachable(
        start, grid.neighbours, step, budget + 0.5
    )
    table = grid.movement_table(step, "mixed")
    assert grid.reachable_in(table, start, budget) == expected
    assert grid._tables["mixed"][1] is not None  # the whole-cost (bucket queue) search was used


@settings(max_examples=60, deadline=None)
@given(
    costs=st.lists(
        st.sampled_from([0.5, 1, 1.5, 2, Fraction(1, 3), None]), min_size=80, max_size=80
    ),
    budget=st.sampled_from([0, 1, 2.5, 4, 7.25, float("inf")]),
    pick=st.integers(0, 79),
)
def test_fractional_costs_take_the_heap_and_agree_with_the_reference(
    costs: list[float | Fraction | None], budget: float, pick: int
) -> None:
    grid = HexGrid(10, 8)
    cost = dict(zip(sorted(grid.cells), costs, strict=True))
    step = grid.step_cost(cost.get)
    start = sorted(grid.cells)[pick]
    expected = reachable(start, grid.neighbours, step, budget)
    # Equal-cost paths may sum floats and Fractions in another order (7/3 against 2.333...):
    # the same cells, the same costs up to float rounding.
    fast = grid.reachable(start, step, budget, key="fractional")
    assert fast.keys() == expected.keys()
    assert all(math.isclose(fast[c], expected[c]) for c in fast)
    assert grid._tables["fractional"][1] is None or all(c in (1, 2, None) for c in costs)
    # a table the grid did not build (no cached whole-cost copy) is searched with the heap too
    other = grid.reachable_in(adjacency(grid.cells, grid.neighbours, step), start, budget)
    assert other.keys() == expected.keys()
    assert all(math.isclose(other[c], expected[c]) for c in other)


def test_movement_table_is_built_once_per_key_and_a_start_off_the_map_uses_the_reference() -> None:
    grid = HexGrid(6, 5, removed=frozenset({(3, 3)}))
    calls = []

    def step(a: tuple[int, int], b: tuple[int, int]) -> float | None:
        calls.append((a, b))
        return 1

    first = grid.movement_table(step, "foot")
    built = len(calls)
    assert grid.movement_table(step, "foot") is first
    assert len(calls) == built
    assert (3, 3) not in first
    assert all((3, 3) not in dict(steps) for steps in first.values())
    assert grid.reachable((3, 3), step, 1, key="foot") == reachable(
        (3, 3), grid.neighbours, step, 1
    )
    assert grid.movement_table(step) is not grid.movement_table(step)  # no key: not cached
