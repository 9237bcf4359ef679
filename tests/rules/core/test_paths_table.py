"""The precomputed-adjacency reachable set (used for move highlighting) equals the generic one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.geometry.hex import HexGrid
from rules.geometry.paths import adjacency, reachable, reachable_in


@settings(max_examples=40, deadline=None)
@given(
    costs=st.lists(st.sampled_from([1, 2, 3, 4, None]), min_size=80, max_size=80),
    budget=st.integers(0, 9),
    start=st.integers(0, 79),
)
def test_reachable_in_equals_reachable(costs: list[int | None], budget: int, start: int) -> None:
    grid = HexGrid(10, 8)
    cells = sorted(grid.cells)
    cost = dict(zip(cells, costs, strict=True))
    step = grid.step_cost(cost.get, lambda a, b: 1 if (a[0] + b[1]) % 7 == 0 else 0)
    table = adjacency(grid.cells, grid.neighbours, step)

    expected = reachable(cells[start], grid.neighbours, step, budget)
    assert reachable_in(table, cells[start], budget) == expected


def test_an_impassable_neighbour_is_left_out_of_the_table() -> None:
    table = adjacency([1, 2], lambda c: [c + 1, c - 1], lambda a, b: None if b == 3 else 1.0)
    assert table == {1: ((2, 1.0), (0, 1.0)), 2: ((1, 1.0),)}
    assert reachable_in(table, 1, 5) == {1: 0, 2: 1.0, 0: 1.0}
    assert reachable_in(table, 9, 5) == {9: 0}


def test_a_cheaper_route_found_later_replaces_the_first() -> None:
    costs = {("a", "b"): 4.0, ("a", "c"): 1.0, ("c", "b"): 1.0, ("b", "d"): 1.0}
    links = {"a": ["b", "c"], "b": ["d"], "c": ["b"], "d": []}
    table = adjacency(links, links.__getitem__, lambda x, y: costs[(x, y)])

    assert reachable_in(table, "a", 10) == {"a": 0, "b": 2.0, "c": 1.0, "d": 3.0}
    assert reachable_in(table, "a", 10) == reachable(
        "a", links.__getitem__, lambda x, y: costs[(x, y)], 10
    )
