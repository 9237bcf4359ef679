"""The square grid of the mech skirmish (MECH-AMB-19, MECH-AOE-*, MECH-MOVE-ADJ)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.geometry.square import (
    GridError,
    SquareGrid,
    adjacent,
    distance,
    footprint,
    supercover_line,
)

GRID = SquareGrid(20, 14)
coords = st.tuples(st.integers(-30, 30), st.integers(-30, 30))
sizes = st.integers(1, 4)


def open_ground(_: tuple[int, int]) -> float:
    return 1


def test_diagonal_step_counts_one_mech_amb_19() -> None:
    assert distance((0, 0), (3, 3)) == 3
    assert distance((0, 0), (5, 2)) == 5
    assert distance((2, 2), (2, 2)) == 0


def test_size_two_unit_measures_from_its_edge_mech_amb_19() -> None:
    # A size-2 unit at (0, 0) fills (0..1, 0..1); (3, 1) is two squares from its edge.
    assert footprint((0, 0), 2) == {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert distance((0, 0), (3, 1), size_a=2) == 2
    assert distance((3, 1), (0, 0), size_b=2) == 2
    assert adjacent((0, 0), (2, 2), size_a=2)
    assert distance((0, 0), (1, 1), size_a=2) == 0


def test_adjacent_is_one_square_apart_mech_move_adj() -> None:
    assert adjacent((4, 4), (5, 5))
    assert not adjacent((4, 4), (6, 4))
    assert not adjacent((4, 4), (4, 4))


def test_neighbours_stay_on_the_map() -> None:
    assert sorted(GRID.neighbours((0, 0))) == [(0, 1), (1, 0), (1, 1)]
    assert len(GRID.neighbours((5, 5))) == 8


def test_off_map_cell_raises_grid_error() -> None:
    with pytest.raises(GridError):
        GRID.cell(20, 0)
    with pytest.raises(GridError):
        SquareGrid(0, 3)


def test_straight_line_includes_both_ends() -> None:
    assert supercover_line((0, 0), (3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert supercover_line((0, 0), (2, 2)) == [(0, 0), (1, 1), (2, 2)]
    assert GRID.line((3, 1), (0, 1))[-1] == (0, 1)


def test_blast_includes_its_centre_mech_aoe_blast() -> None:
    area = GRID.blast((5, 5), 1)
    assert len(area) == 9
    assert (5, 5) in area


def test_blast_is_cut_at_the_map_edge() -> None:
    assert len(GRID.blast((0, 0), 1)) == 4


def test_burst_excludes_the_unit_mech_aoe_burst() -> None:
    area = GRID.burst((5, 5), 2)
    assert (5, 5) not in area
    assert len(area) == 24
    big = GRID.burst((5, 5), 1, size=2)
    assert not footprint((5, 5), 2) & big
    assert len(big) == 16 - 4


def test_line_runs_from_the_unit_edge_mech_aoe_line() -> None:
    assert GRID.line_area((2, 2), (9, 2), 3) == [(3, 2), (4, 2), (5, 2)]
    assert GRID.line_area((2, 2), (9, 9), 2) == [(3, 3), (4, 4)]


def test_line_stops_at_the_map_edge() -> None:
    assert GRID.line_area((1, 0), (0, 0), 5) == [(0, 0)]


def test_cone_is_one_wide_at_the_edge_and_widens_mech_amb_26() -> None:
    cone = GRID.cone((2, 5), (9, 5), 3)
    assert {c for c in cone if c[0] == 3} == {(3, 5)}
    assert {c for c in cone if c[0] == 4} == {(4, 4), (4, 5), (4, 6)}
    assert {c for c in cone if c[0] == 5} == {(5, 4), (5, 5), (5, 6)}
    assert max(c[0] for c in cone) == 5


def test_area_without_direction_is_refused() -> None:
    with pytest.raises(GridError):
        GRID.cone((2, 2), (2, 2), 3)
    with pytest.raises(GridError):
        GRID.line_area((2, 2), (3, 3), 3, size=2)


def test_reachable_respects_budget_and_walls() -> None:
    walls = {(1, y) for y in range(0, 13)}

    def cost(cell: tuple[int, int]) -> float | None:
        return None if cell in walls else 1

    reach = GRID.reachable((0, 0), 4, cost)
    assert (1, 0) not in reach
    assert (0, 4) in reach
    assert (0, 5) not in reach
    path = GRID.cheapest_path((0, 0), (2, 12), cost)
    assert path is not None
    assert path[1] == 14


def test_big_unit_needs_room_for_all_its_squares() -> None:
    walls = {(3, 3)}

    def cost(cell: tuple[int, int]) -> float | None:
        return None if cell in walls else 1

    reach = GRID.reachable((0, 0), 3, cost, size=2)
    assert (2, 2) not in reach
    assert (3, 3) not in reach
    assert (18, 0) not in GRID.reachable((17, 0), 2, cost, size=2) or GRID.fits((18, 0), 2)
    assert not GRID.fits((19, 0), 2)


@given(coords, coords, sizes, sizes)
def test_distance_is_symmetric(a: tuple[int, int], b: tuple[int, int], sa: int, sb: int) -> None:
    assert distance(a, b, sa, sb) == distance(b, a, sb, sa)


@given(coords, coords, coords)
def test_distance_triangle_inequality(
    a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]
) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(coords, coords, coords, sizes, sizes, sizes)
def test_edge_distance_triangle_inequality_through_a_big_unit(
    a: tuple[int, int], b: tuple[int, int], c: tuple[int, int], sa: int, sb: int, sc: int
) -> None:
    # Edge to edge, a detour through a size-N unit may gain up to N-1 squares across it.
    assert distance(a, c, sa, sc) <= distance(a, b, sa, sb) + distance(b, c, sb, sc) + sb - 1


cell_costs = st.dictionaries(
    st.tuples(st.integers(0, 7), st.integers(0, 7)), st.one_of(st.none(), st.integers(1, 4))
)


@settings(deadline=None)
@given(cell_costs, st.tuples(st.integers(0, 7), st.integers(0, 7)), st.integers(0, 9))
def test_path_cost_at_least_length_times_cheapest_cell(
    costs: dict[tuple[int, int], int | None], goal: tuple[int, int], budget: int
) -> None:
    grid = SquareGrid(8, 8)
    costs[(0, 0)] = 1

    def enter(cell: tuple[int, int]) -> float | None:
        return costs.get(cell, 1)

    cheapest = min([1, *[c for c in costs.values() if c is not None]])
    found = grid.cheapest_path((0, 0), goal, enter)
    if found is not None:
        path, cost = found
        assert cost >= (len(path) - 1) * cheapest
        assert path[0] == (0, 0)
        assert path[-1] == goal
    reach = grid.reachable((0, 0), budget, enter)
    assert all(cost <= budget for cost in reach.values())
    for cell, cost in reach.items():
        best = grid.cheapest_path((0, 0), cell, enter)
        assert best is not None
        assert best[1] == cost


def test_open_ground_reach_is_a_square_of_side_two_n_plus_one() -> None:
    assert len(GRID.reachable((10, 7), 2, open_ground)) == 25
