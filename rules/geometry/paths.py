"""Cheapest paths over any grid: a cell cost and an edge cost, Dijkstra with an optional budget."""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

Cell = TypeVar("Cell", bound=Hashable)

# step_cost(from_cell, to_cell) -> cost of entering to_cell across that edge, or None if impassable.
StepCost = Callable[[Cell, Cell], float | None]


def reachable(
    start: Cell,
    neighbours: Callable[[Cell], Iterable[Cell]],
    step_cost: StepCost[Cell],
    budget: float,
) -> dict[Cell, float]:
    """Every cell reachable from `start` spending at most `budget`, with its cheapest cost."""
    best: dict[Cell, float] = {start: 0}
    tie = itertools.count()
    frontier: list[tuple[float, int, Cell]] = [(0, next(tie), start)]
    while frontier:
        cost, _, cell = heapq.heappop(frontier)
        if cost > best.get(cell, float("inf")):
            continue
        for nxt in neighbours(cell):
            step = step_cost(cell, nxt)
            if step is None:
                continue
            total = cost + step
            if total <= budget and total < best.get(nxt, float("inf")):
                best[nxt] = total
                heapq.heappush(frontier, (total, next(tie), nxt))
    return best


def cheapest_path(
    start: Cell,
    goal: Cell,
    neighbours: Callable[[Cell], Iterable[Cell]],
    step_cost: StepCost[Cell],
    budget: float = float("inf"),
) -> tuple[list[Cell], float] | None:
    """The cheapest path from `start` to `goal` (both ends included) and its cost, or None."""
    best: dict[Cell, float] = {start: 0}
    came_from: dict[Cell, Cell] = {}
    tie = itertools.count()
    frontier: list[tuple[float, int, Cell]] = [(0, next(tie), start)]
    while frontier:
        cost, _, cell = heapq.heappop(frontier)
        if cell == goal:
            path = [cell]
            while path[-1] in came_from:
                path.append(came_from[path[-1]])
            return path[::-1], cost
        if cost > best.get(cell, float("inf")):
            continue
        for nxt in neighbours(cell):
            step = step_cost(cell, nxt)
            if step is None:
                continue
            total = cost + step
            if total <= budget and total < best.get(nxt, float("inf")):
                best[nxt] = total
                came_from[nxt] = cell
                heapq.heappush(frontier, (total, next(tie), nxt))
    return None


# A precomputed adjacency: cell -> ((neighbour, cost of entering it from cell), ...), passable only.
Adjacency = dict[Cell, tuple[tuple[Cell, float], ...]]


def adjacency(
    cells: Iterable[Cell], neighbours: Callable[[Cell], Iterable[Cell]], step_cost: StepCost[Cell]
) -> Adjacency[Cell]:
    """Every cell's passable neighbours and step costs, computed once (per map and mover)."""
    table: Adjacency[Cell] = {}
    for cell in cells:
        steps = ((nxt, step_cost(cell, nxt)) for nxt in neighbours(cell))
        table[cell] = tuple((nxt, cost) for nxt, cost in steps if cost is not None)
    return table


def reachable_in(table: Adjacency[Cell], start: Cell, budget: float) -> dict[Cell, float]:
    """`reachable` over a precomputed adjacency: the same answer, several times faster."""
    best: dict[Cell, float] = {start: 0}
    tie = itertools.count()
    frontier: list[tuple[float, int, Cell]] = [(0, next(tie), start)]
    pop, push, inf = heapq.heappop, heapq.heappush, float("inf")
    while frontier:
        cost, _, cell = pop(frontier)
        if cost > best[cell]:
            continue
        for nxt, step in table.get(cell, ()):
            total = cost + step
            if total <= budget and total < best.get(nxt, inf):
                best[nxt] = total
                push(frontier, (total, next(tie), nxt))
    return best
