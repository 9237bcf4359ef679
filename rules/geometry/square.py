"""The square grid (MECH-AMB-19): diagonals count 1, N×N units, distance measured edge to edge."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.core.errors import RulesError
from rules.geometry.paths import cheapest_path, reachable

Cell = tuple[int, int]  # (x, y): x left to right, y top to bottom, both from 0

STEPS: tuple[Cell, ...] = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))

# enter_cost(cell) -> cost of entering that cell, or None when it cannot be entered.
EnterCost = Callable[[Cell], float | None]


class GridError(RulesError):
    """A cell or an area the grid does not have."""


def footprint(anchor: Cell, size: int = 1) -> set[Cell]:
    """The N×N cells a size-N unit fills, `anchor` being its top-left cell."""
    x, y = anchor
    return {(x + dx, y + dy) for dx in range(size) for dy in range(size)}


def _gap(a0: int, a_size: int, b0: int, b_size: int) -> int:
    return max(0, b0 - (a0 + a_size - 1), a0 - (b0 + b_size - 1))


def distance(a: Cell, b: Cell, size_a: int = 1, size_b: int = 1) -> int:
    """MECH-AMB-19: squares between two units edge to edge, diagonals counting 1 (adjacent = 1)."""
    return max(_gap(a[0], size_a, b[0], size_b), _gap(a[1], size_a, b[1], size_b))


def adjacent(a: Cell, b: Cell, size_a: int = 1, size_b: int = 1) -> bool:
    """MECH-MOVE-ADJ: two units are adjacent when they are exactly 1 square apart."""
    return distance(a, b, size_a, size_b) == 1


def supercover_line(a: Cell, b: Cell) -> list[Cell]:
    """The straight line of cells from a to b, both included (Bresenham; ties step diagonally)."""
    x0, y0 = a
    x1, y1 = b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx = 1 if x0 < x1 else -1
    sy = 1 if y0 < y1 else -1
    err = dx + dy
    cells = [(x0, y0)]
    while (x0, y0) != (x1, y1):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy
        cells.append((x0, y0))
    return cells


@dataclass(frozen=True)
class SquareGrid:
    """A width×height map of squares; `blocked` cells cannot be entered by anyone."""

    width: int
    height: int

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise GridError(f"a grid needs at least one square, not {self.width}×{self.height}")

    def contains(self, cell: Cell) -> bool:
        """Whether a cell is on the map."""
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def fits(self, anchor: Cell, size: int = 1) -> bool:
        """Whether a size-N unit anchored here lies wholly on the map."""
        return self.contains(anchor) and self.contains((anchor[0] + size - 1, anchor[1] + size - 1))

    def cell(self, x: int, y: int) -> Cell:
        """The cell (x, y); off the map raises GridError."""
        if not self.contains((x, y)):
            raise GridError(f"square ({x}, {y}) is off the {self.width}×{self.height} map")
        return (x, y)

    @property
    def cells(self) -> list[Cell]:
        """Every cell, row by row."""
        return [(x, y) for y in range(self.height) for x in range(self.width)]

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The up to eight cells one step away (diagonals included) on the map."""
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in STEPS if self.contains((x + dx, y + dy))]

    def line(self, a: Cell, b: Cell) -> list[Cell]:
        """The straight line of cells from a to b, both included."""
        return supercover_line(a, b)

    # Areas ---------------------------------------------------------------------------------

    def within(self, anchor: Cell, radius: int, size: int = 1) -> set[Cell]:
        """Every cell on the map at distance <= radius from a unit's edge, the unit included."""
        x, y = anchor
        return {
            (cx, cy)
            for cx in range(max(0, x - radius), min(self.width, x + size + radius))
            for cy in range(max(0, y - radius), min(self.height, y + size + radius))
        }

    def blast(self, centre: Cell, radius: int) -> set[Cell]:
        """MECH-AOE-BLAST: every cell within `radius` of a point, the point included."""
        return self.within(centre, radius)

    def burst(self, anchor: Cell, radius: int, size: int = 1) -> set[Cell]:
        """MECH-AOE-BURST: every cell within `radius` around a unit, not the unit's own cells."""
        return self.within(anchor, radius, size) - footprint(anchor, size)

    def line_area(self, anchor: Cell, toward: Cell, length: int, size: int = 1) -> list[Cell]:
        """MECH-AOE-LINE: `length` squares in a straight line from a unit's edge toward a cell."""
        own = footprint(anchor, size)
        if toward in own:
            raise GridError("a line needs a direction: aim at a square outside the unit")
        # From the unit's centre cell (its top-left for even sizes), extend the ray far enough.
        start = (anchor[0] + (size - 1) // 2, anchor[1] + (size - 1) // 2)
        dx, dy = toward[0] - start[0], toward[1] - start[1]
        scale = (length + size) * 2
        far = (start[0] + dx * scale, start[1] + dy * scale)
        cells: list[Cell] = []
        for cell in supercover_line(start, far):
            if cell in own:
                continue
            if distance(anchor, cell, size) > length or not self.contains(cell):
                break
            cells.append(cell)
        return cells

    def cone(self, anchor: Cell, toward: Cell, length: int, size: int = 1) -> set[Cell]:
        """MECH-AMB-26: 1 square wide at the unit's edge, widening evenly to `length` wide."""
        own = footprint(anchor, size)
        if toward in own:
            raise GridError("a cone needs a direction: aim at a square outside the unit")
        # Doubled coordinates keep the centre of an even-sized unit on the integer lattice.
        cx, cy = 2 * anchor[0] + size - 1, 2 * anchor[1] + size - 1
        ux, uy = 2 * toward[0] + 1 - (cx + 1), 2 * toward[1] + 1 - (cy + 1)
        found: set[Cell] = set()
        for cell in self.within(anchor, length, size) - own:
            vx, vy = 2 * cell[0] + 1 - (cx + 1), 2 * cell[1] + 1 - (cy + 1)
            dot = vx * ux + vy * uy
            cross = vx * uy - vy * ux
            # Half-width 1/2 per square forward: width X at distance X.
            if dot > 0 and 2 * abs(cross) <= dot:
                found.add(cell)
        return found

    # Movement ------------------------------------------------------------------------------

    def _step_cost(self, size: int, enter_cost: EnterCost) -> Callable[[Cell, Cell], float | None]:
        def step(_: Cell, to: Cell) -> float | None:
            if not self.fits(to, size):
                return None
            worst = 0.0
            for cell in footprint(to, size):
                cost = enter_cost(cell)
                if cost is None:
                    return None
                worst = max(worst, cost)
            return worst

        return step

    def reachable(
        self, start: Cell, budget: float, enter_cost: EnterCost, size: int = 1
    ) -> dict[Cell, float]:
        """Every anchor a size-N unit reaches from `start` within `budget`, with its cost."""
        return reachable(start, self.neighbours, self._step_cost(size, enter_cost), budget)

    def cheapest_path(
        self,
        start: Cell,
        goal: Cell,
        enter_cost: EnterCost,
        size: int = 1,
        budget: float = float("inf"),
    ) -> tuple[list[Cell], float] | None:
        """The cheapest path of anchors from start to goal (both included) and its cost, or None."""
        return cheapest_path(
            start, goal, self.neighbours, self._step_cost(size, enter_cost), budget
        )
