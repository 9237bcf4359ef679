"""The SCS hex grid (PD-01): flat-topped columns, `[M]XX.YY` labels, cube coordinates and paths."""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field

from rules.core.errors import RulesError
from rules.geometry.paths import Adjacency, adjacency, cheapest_path, reachable

Hex = tuple[int, int]  # (x, y): x = hexrow (column) left to right, y = position in it (SCS-MAP-1)
Cube = tuple[int, int, int]

_LABEL = re.compile(r"^([A-Z]?)(\d{2,3})\.(\d{2,3})$")

# Flat-topped cube directions, clockwise from "up" (0, +1 in offset terms for y_axis up).
CUBE_DIRECTIONS: tuple[Cube, ...] = (
    (0, -1, 1),
    (1, -1, 0),
    (1, 0, -1),
    (0, 1, -1),
    (-1, 1, 0),
    (-1, 0, 1),
)


class HexError(RulesError):
    """A hex label or a hex that the grid does not have."""


def parse_label(label: str) -> tuple[str | None, int, int]:
    """SCS-MAP-1: "A10.10" -> ("A", 10, 10), "07.05" -> (None, 7, 5); else invalid_hex_id."""
    match = _LABEL.match(str(label).strip())
    if not match:
        raise HexError(f"invalid_hex_id: {label!r} is not a hex id like 07.05", "SCS-MAP-1")
    letter, x, y = match.groups()
    return (letter or None, int(x), int(y))


def format_label(x: int, y: int, map_letter: str | None = None) -> str:
    """SCS-MAP-1: (7, 5) -> "07.05" (zero padded to two digits, map letter in front if any)."""
    return f"{map_letter or ''}{x:02d}.{y:02d}"


def cube_distance(a: Cube, b: Cube) -> int:
    """Hex distance between two cube coordinates."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def _cube_round(q: float, r: float, s: float) -> Cube:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return (int(rq), int(rr), int(rs))


@dataclass(frozen=True)
class HexGrid:
    """A map of flat-topped hex columns (PD-01: shifted_columns, y_axis; SCS-MAP-3 removed)."""

    columns: int
    rows: int
    shifted_columns: str = "even"  # which columns sit half a hex higher ("even" | "odd")
    y_axis: str = "up"  # "up": YY counts bottom -> top (SCS-MAP-1); "down": top -> bottom
    removed: frozenset[Hex] = frozenset()
    map_letter: str | None = None
    first_column: int = 1
    first_row: int = 1
    _cells: frozenset[Hex] = field(init=False, repr=False, compare=False)
    _adjacent: dict[Hex, tuple[Hex, ...]] = field(init=False, repr=False, compare=False)
    _by_label: dict[str, Hex] = field(init=False, repr=False, compare=False)
    _labels: dict[Hex, str] = field(init=False, repr=False, compare=False)
    _ring: dict[Hex, frozenset[Hex]] = field(init=False, repr=False, compare=False)
    _tables: dict[Hashable, tuple[Adjacency[Hex], _Whole | None]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if self.shifted_columns not in ("even", "odd"):
            raise HexError(
                f"grid.shifted_columns must be even or odd, not {self.shifted_columns!r}"
            )
        if self.y_axis not in ("up", "down"):
            raise HexError(f"grid.y_axis must be up or down, not {self.y_axis!r}")
        cells = frozenset(
            (x, y)
            for x in range(self.first_column, self.first_column + self.columns)
            for y in range(self.first_row, self.first_row + self.rows)
        )
        object.__setattr__(self, "_cells", cells - self.removed)
        object.__setattr__(self, "_adjacent", {})
        object.__setattr__(self, "_by_label", {})
        object.__setattr__(self, "_labels", {})
        object.__setattr__(self, "_ring", {})
        object.__setattr__(self, "_tables", {})

    # Labels and membership --------------------------------------------------------------------

    def label(self, cell: Hex) -> str:
        """The `[M]XX.YY` id of a cell."""
        found = self._labels.get(cell)
        if found is None:
            found = format_label(cell[0], cell[1], self.map_letter)
            if cell in self._cells:
                self._labels[cell] = found
        return found

    def parse(self, label: str) -> Hex:
        """The cell of a label; raises HexError for a malformed id or another map's letter."""
        letter, x, y = parse_label(label)
        if letter is not None and letter != self.map_letter:
            raise HexError(f"hex {label} is on map {letter}, not on this map", "SCS-MAP-1")
        return (x, y)

    def cell(self, label: str) -> Hex:
        """The playable cell of a label; off-map or removed hexes raise HexError (SCS-MAP-3)."""
        found = self._by_label.get(label) if type(label) is str else None
        if found is not None:
            return found
        cell = self.parse(label)
        if cell not in self._cells:
            raise HexError(f"hex {label} is off the map", "SCS-MAP-3")
        if type(label) is str and len(self._by_label) < 4 * len(self._cells):
            self._by_label[label] = cell  # bounded: labels that name a cell ("07.05", " 07.05")
        return cell

    def contains(self, cell: Hex) -> bool:
        """Whether a cell is a playable hex of this map (SCS-MAP-3)."""
        return cell in self._cells

    @property
    def cells(self) -> frozenset[Hex]:
        """Every playable cell."""
        return self._cells

    # Cube coordinates -------------------------------------------------------------------------

    def _shift(self, x: int) -> int:
        # r = -y - floor(x/2) for shifted even columns, -y - ceil(x/2) for odd (PD-01, Part D).
        return x // 2 if self.shifted_columns == "even" else -((-x) // 2)

    def to_cube(self, cell: Hex) -> Cube:
        """PD-01: q = x, r = -y - floor(x/2) (even columns higher), s = -q - r."""
        x, y = cell
        if self.y_axis == "down":
            y = -y
        q = x
        r = -y - self._shift(x)
        return (q, r, -q - r)

    def from_cube(self, cube: Cube) -> Hex:
        """The offset cell of a cube coordinate (it may be off the map)."""
        q, r, _ = cube
        y = -r - self._shift(q)
        if self.y_axis == "down":
            y = -y
        return (q, y)

    def distance(self, a: Hex, b: Hex) -> int:
        """Hex distance (number of hexes entered on the shortest path, terrain ignored)."""
        return cube_distance(self.to_cube(a), self.to_cube(b))

    # Neighbourhoods ---------------------------------------------------------------------------

    def all_neighbours(self, cell: Hex) -> list[Hex]:
        """The six adjacent cells, on the map or not, clockwise from the hex above."""
        q, r, s = self.to_cube(cell)
        return [self.from_cube((q + dq, r + dr, s + ds)) for dq, dr, ds in CUBE_DIRECTIONS]

    def neighbours(self, cell: Hex) -> tuple[Hex, ...]:
        """The adjacent playable cells (SCS-MAP-3), computed once per cell."""
        found = self._adjacent.get(cell)
        if found is None:
            found = tuple(n for n in self.all_neighbours(cell) if n in self._cells)
            self._adjacent[cell] = found
        return found

    def adjacent(self, a: Hex, b: Hex) -> bool:
        """Whether two cells share a hexside."""
        ring = self._ring.get(a)
        if ring is None:
            ring = frozenset(self.all_neighbours(a))
            if a in self._cells:
                self._ring[a] = ring
        return b in ring

    def within(self, centre: Hex, radius: int) -> set[Hex]:
        """Blast: every playable cell at distance <= radius, the centre included (SCS-SETUP-1)."""
        q0, r0, s0 = self.to_cube(centre)
        found: set[Hex] = set()
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                cell = self.from_cube((q0 + dq, r0 + dr, s0 - dq - dr))
                if cell in self._cells:
                    found.add(cell)
        return found

    def blast(self, centre: Hex, radius: int) -> set[Hex]:
        """Every playable cell within `radius` of a point, the point included."""
        return self.within(centre, radius)

    def burst(self, origin: Hex, radius: int) -> set[Hex]:
        """Every playable cell within `radius` around a unit, not including the unit's own cell."""
        return self.within(origin, radius) - {origin}

    def ring(self, centre: Hex, radius: int) -> set[Hex]:
        """Every playable cell at exactly `radius`."""
        return {c for c in self.within(centre, radius) if self.distance(centre, c) == radius}

    def line(self, a: Hex, b: Hex) -> list[Hex]:
        """The straight line of cells from a to b, both included (cube lerp, nudged off ties)."""
        ca, cb = self.to_cube(a), self.to_cube(b)
        n = cube_distance(ca, cb)
        if n == 0:
            return [a]
        eps = (1e-6, 2e-6, -3e-6)
        cells = []
        for i in range(n + 1):
            t = i / n
            cube = _cube_round(
                ca[0] + (cb[0] - ca[0]) * t + eps[0],
                ca[1] + (cb[1] - ca[1]) * t + eps[1],
                ca[2] + (cb[2] - ca[2]) * t + eps[2],
            )
            cells.append(self.from_cube(cube))
        return cells

    def centre(self, cell: Hex, size: float = 1.0) -> tuple[float, float]:
        """Screen centre of a flat-topped hex of circumradius `size` (screen y grows down)."""
        q, r, _ = self.to_cube(cell)
        px = size * 1.5 * q
        py = size * math.sqrt(3) * (r + q / 2)
        return (px, py)

    def cone(self, origin: Hex, direction: int, radius: int) -> set[Hex]:
        """Cells within `radius` in the 60-degree wedge around cube direction 0..5 (clockwise)."""
        if not 0 <= direction < 6:
            raise HexError(f"cone direction must be 0..5, not {direction}")
        ox, oy = self.centre(origin)
        dx, dy = self.centre(self.from_cube(_add(self.to_cube(origin), CUBE_DIRECTIONS[direction])))
        axis = math.atan2(dy - oy, dx - ox)
        found: set[Hex] = set()
        for cell in self.burst(origin, radius):
            cx, cy = self.centre(cell)
            angle = math.atan2(cy - oy, cx - ox)
            diff = abs((angle - axis + math.pi) % (2 * math.pi) - math.pi)
            if diff <= math.pi / 6 + 1e-9:
                found.add(cell)
        return found

    # Paths ------------------------------------------------------------------------------------

    def step_cost(
        self,
        cell_cost: Callable[[Hex], float | None],
        hexside_cost: Callable[[Hex, Hex], float | None] | None = None,
    ) -> Callable[[Hex, Hex], float | None]:
        """A step cost: the cell entered plus the hexside crossed (None blocks)."""

        def cost(a: Hex, b: Hex) -> float | None:
            entered = cell_cost(b)
            if entered is None:
                return None
            if hexside_cost is None:
                return entered
            side = hexside_cost(a, b)
            if side is None:
                return None
            return entered + side

        return cost

    def cheapest_path(
        self,
        start: Hex,
        goal: Hex,
        step_cost: Callable[[Hex, Hex], float | None],
        budget: float = float("inf"),
    ) -> tuple[list[Hex], float] | None:
        """The cheapest path (both ends included) and its cost, or None if out of reach."""
        return cheapest_path(start, goal, self.neighbours, step_cost, budget)

    def reachable(
        self,
        start: Hex,
        step_cost: Callable[[Hex, Hex], float | None],
        budget: float,
        key: Hashable | None = None,
    ) -> dict[Hex, float]:
        """Every cell reachable spending at most `budget`, with its cheapest cost.

        With a `key` (a movement class: "foot", ("mech", "rivers")), the step costs are taken
        from the table `movement_table(step_cost, key)` built once for that key, which is several
        times faster; the caller promises that `step_cost` is the same for the same key.
        """
        if key is None or start not in self._cells:
            return reachable(start, self.neighbours, step_cost, budget)
        return self.reachable_in(self.movement_table(step_cost, key), start, budget)

    def movement_table(
        self, step_cost: Callable[[Hex, Hex], float | None], key: Hashable | None = None
    ) -> Adjacency[Hex]:
        """Every cell's passable neighbours and step costs (`paths.adjacency`), cached per key.

        A table is never changed once built; build one per map and movement class.
        """
        hit = self._tables.get(key) if key is not None else None
        if hit is not None:
            return hit[0]
        table = adjacency(sorted(self._cells), self.neighbours, step_cost)
        if key is not None:
            if len(self._tables) >= 64:
                self._tables.clear()
            self._tables[key] = (table, _whole(table))
        return table

    def reachable_in(self, table: Adjacency[Hex], start: Hex, budget: float) -> dict[Hex, float]:
        """`reachable` over a movement table: the same costs as the reference Dijkstra.

        A table cached by `movement_table` with whole costs >= 0 is searched with a bucket queue
        (Dial's algorithm), any other with a binary heap.
        """
        whole = next((w for t, w in self._tables.values() if t is table), None)
        if whole is not None and 0 <= budget <= _MAX_BUCKETS:
            return _reachable_buckets(whole, start, int(budget))
        return _reachable_heap(table, start, budget)


_Whole = dict[Hex, tuple[tuple[Hex, int], ...]]  # a movement table with whole-number costs
_MAX_BUCKETS = 512  # beyond this budget a heap is cheaper than one list per cost


def _whole(table: Adjacency[Hex]) -> _Whole | None:
    """The table with int costs if every cost is a whole number >= 0, else None."""
    for steps in table.values():
        for _, cost in steps:
            if type(cost) is not int or cost < 0:
                return None
    return {cell: tuple((n, int(c)) for n, c in steps) for cell, steps in table.items()}


def _reachable_heap(table: Adjacency[Hex], start: Hex, budget: float) -> dict[Hex, float]:
    """Dijkstra over a precomputed adjacency with a binary heap (cells break cost ties)."""
    best: dict[Hex, float] = {start: 0}
    frontier: list[tuple[float, Hex]] = [(0, start)]
    pop, push, get = heapq.heappop, heapq.heappush, best.get
    while frontier:
        cost, cell = pop(frontier)
        if cost > best[cell]:
            continue
        for nxt, step in table.get(cell, ()):
            total = cost + step
            if total <= budget:
                old = get(nxt)
                if old is None or total < old:
                    best[nxt] = total
                    push(frontier, (total, nxt))
    return best


def _reachable_buckets(table: _Whole, start: Hex, budget: int) -> dict[Hex, float]:
    """Dial's algorithm: one list of cells per whole cost 0..budget, each read in turn."""
    best: dict[Hex, float] = {start: 0}
    buckets: list[list[Hex]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    get = best.get
    for cost, bucket in enumerate(buckets):
        for cell in bucket:  # cells added to this bucket while it is read are read too
            if best[cell] != cost:
                continue
            for nxt, step in table.get(cell, ()):
                total = cost + step
                if total <= budget:
                    old = get(nxt)
                    if old is None or total < old:
                        best[nxt] = total
                        buckets[total].append(nxt)
    return best


def _add(a: Cube, b: Cube) -> Cube:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def hexside_key(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    """An order-free key for the hexside between two cells."""
    return (a, b) if a <= b else (b, a)


def grid_from_mapping(data: Mapping[str, object]) -> HexGrid:
    """A HexGrid from scenario `grid` data (columns, rows, shifted_columns, y_axis, removed)."""
    letter = data.get("map_letter")
    columns = data.get("columns")
    rows = data.get("rows")
    if not isinstance(columns, int) or not isinstance(rows, int) or columns < 1 or rows < 1:
        raise HexError("grid: columns and rows must be positive whole numbers", "SCS-MAP-3")
    orientation = data.get("orientation", "flat_top_columns")
    if orientation != "flat_top_columns":
        raise HexError(f"grid.orientation must be flat_top_columns, not {orientation!r}", "PD-01")
    removed_raw = data.get("removed_hexes") or []
    if not isinstance(removed_raw, Iterable):
        raise HexError("grid.removed_hexes must be a list of hex ids", "SCS-MAP-3")
    removed = set()
    for label in removed_raw:
        _, x, y = parse_label(str(label))
        removed.add((x, y))
    return HexGrid(
        columns=columns,
        rows=rows,
        shifted_columns=str(data.get("shifted_columns", "even")),
        y_axis=str(data.get("y_axis", "up")),
        removed=frozenset(removed),
        map_letter=str(letter) if letter else None,
    )
