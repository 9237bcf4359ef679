"""Questions about the board: stacks, ZOC, movement costs, supply lines, retreat paths."""

from __future__ import annotations

import marshal
import math
from collections import deque
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from rules.core.kit import Msg
from rules.geometry.hex import Hex
from rules.geometry.paths import Adjacency
from rules.scs import messages as m
from rules.scs.crt import as_fraction, standard_round
from rules.scs.scenario import Scenario, Step

State = dict[str, Any]


def cell(scn: Scenario, label: str) -> Hex:
    return scn.grid.cell(label)


def unit_hex(scn: Scenario, state: State, uid: str) -> Hex | None:
    label = state["units"][uid]["hex"]
    return scn.grid.cell(label) if label else None


def stack(state: State, label: str) -> list[str]:
    """The units in a hex, top first."""
    return list(state["stacks"].get(label, []))


def side_of(scn: Scenario, uid: str) -> str:
    return scn.units[uid].side


def enemy_of(scn: Scenario, side: str) -> str:
    return scn.sides[1] if side == scn.sides[0] else scn.sides[0]


def occupant(scn: Scenario, state: State, cell_: Hex) -> str | None:
    """The side whose units stand in a hex, or None."""
    units = state["stacks"].get(scn.label(cell_))
    return scn.units[units[0]].side if units else None


def current_step(scn: Scenario, state: State, uid: str) -> Step:
    """SCS-STEP-1: the step level the unit is at now."""
    level: int = state["units"][uid]["step"]
    return scn.units[uid].steps[level]


def steps_left(scn: Scenario, state: State, uid: str) -> int:
    """SCS-STEP-1: steps the unit has left."""
    level: int = state["units"][uid]["step"]
    return len(scn.units[uid].steps) - level


def unit_points(scn: Scenario, state: State, uid: str) -> int:
    """SCS-STK-1 / PD-13: stacking points of a unit (current steps by default)."""
    return steps_left(scn, state, uid) if scn.unit_points == "current_steps" else 1


def stack_points(scn: Scenario, state: State, label: str, extra: Iterable[str] = ()) -> int:
    """SCS-4.0 / SCS-STK-1: stacking points in a hex (plus `extra` units counted as if there)."""
    ids = set(state["stacks"].get(label, [])) | set(extra)
    return sum(unit_points(scn, state, uid) for uid in ids)


def overstacked(scn: Scenario, state: State) -> list[str]:
    """SCS-4.0a / SCS-SETUP-2: hexes over the limit (equal to the limit is legal)."""
    return sorted(
        label for label in state["stacks"] if stack_points(scn, state, label) > scn.stacking_limit
    )


def has_zoc(scn: Scenario, state: State, uid: str) -> bool:
    """SCS-2.0a / PD-08: close-attack units with printed current attack >= 1 have a ZOC."""
    unit = scn.units[uid]
    return (
        unit.attack_mode == "close"
        and current_step(scn, state, uid).attack >= max(1, scn.zoc_min_attack)
        and state["units"][uid]["status"] == "map"
    )


def terrain_enterable(scn: Scenario, move_class: str, a: Hex, b: Hex, roads: bool = True) -> bool:
    """SCS-3.2d: b is enterable from a by terrain (a road hexside opens prohibited terrain)."""
    if not scn.grid.contains(b):
        return False
    features = scn.features(a, b)
    road = roads and "road" in features
    if scn.terrain_of(b).mp[move_class] is None and not road:
        return False
    for name in features - {"road"}:
        feature = scn.hexside_features[name]
        if feature.mp_add[move_class] is None and not (road and feature.road_negates):
            return False
    return True


def zoc(scn: Scenario, state: State, uid: str) -> set[Hex]:
    """SCS-2.0b: adjacent hexes the unit could enter by normal movement, terrain-wise (PD-08)."""
    where = unit_hex(scn, state, uid)
    if where is None or not has_zoc(scn, state, uid):
        return set()
    move_class = scn.units[uid].move_class
    return {n for n in scn.grid.neighbours(where) if terrain_enterable(scn, move_class, where, n)}


def ezoc(scn: Scenario, state: State, side: str) -> frozenset[Hex]:
    """SCS-2.0 / SCS-2.1g: the union of the ZOCs of every enemy unit on the map (boolean)."""
    stacks = state["stacks"]
    units = state["units"]
    # A ZOC depends on where each unit stands, its step and its status (SCS-2.0a, PD-08).
    strength = [(units[u]["step"], units[u]["status"]) for ids in stacks.values() for u in ids]
    # marshal's version 2 writes every value whole: later ones follow reference counts, so one
    # position would marshal differently once something holds its strings (rules/scs/view.py)
    key = (side, marshal.dumps((stacks, strength), 2))
    memo: dict[tuple[str, bytes], frozenset[Hex]] = scn.memo.setdefault("ezoc", {})
    found = memo.get(key)
    if found is None:
        cells: set[Hex] = set()
        for ids in stacks.values():
            if ids and scn.units[ids[0]].side != side:
                for uid in ids:
                    cells |= zoc(scn, state, uid)
        found = frozenset(cells)
        if len(memo) >= 256:
            memo.clear()
        memo[key] = found
    return found


TERRAIN_WORDS = {
    "clear": m.TERRAIN_CLEAR,
    "rough": m.TERRAIN_ROUGH,
    "woods": m.TERRAIN_WOODS,
    "town": m.TERRAIN_TOWN,
    "marsh": m.TERRAIN_MARSH,
    "mountain": m.TERRAIN_MOUNTAIN,
    "river": m.TERRAIN_RIVER,
    "road": m.TERRAIN_ROAD,
    "bridge": m.TERRAIN_BRIDGE,
}


def terrain_word(name: str) -> Msg | str:
    """A terrain or hexside feature as a reader names it (a scenario's own name stays as is)."""
    known = TERRAIN_WORDS.get(name)
    return name if known is None else known()


def terrain_cost(scn: Scenario, move_class: str, a: Hex, b: Hex) -> tuple[Fraction | None, Msg]:
    """SCS-TEC-2 / SCS-3.1c without EZOC: MP to enter b from a (road, terrain, hexsides paid per
    hex and hexside); None: prohibited. The reason reads "clear 1, river +1"."""
    features = scn.features(a, b)
    parts: list[Msg] = []
    if "road" in features:  # SCS-3.2b: road hexside -> road rate, hex terrain ignored
        cost = scn.road_mp
        parts.append(m.ROAD_COST(road=terrain_word("road"), mp=str(cost)))
        for name in sorted(features - {"road"}):
            feature = scn.hexside_features[name]
            if feature.road_negates:  # SCS-3.2c: a bridge negates the river
                continue
            add = feature.mp_add[move_class]
            if add is None:
                return None, m.HEXSIDE_PROHIBITED(feature=terrain_word(name))
            cost += add
            parts.append(m.FEATURE_COST(feature=terrain_word(name), mp=str(add)))
        return cost, m.COSTS(parts=parts)
    terrain = scn.terrain_of(b)
    base = terrain.mp[move_class]
    if base is None:
        word = terrain_word(terrain.name)
        return None, m.TERRAIN_PROHIBITED(terrain=word, move_class=move_class)
    cost = base
    parts.append(m.TERRAIN_COST(terrain=terrain_word(terrain.name), mp=str(base)))
    for name in sorted(features):
        add = scn.hexside_features[name].mp_add[move_class]
        if add is None:
            word = terrain_word(name)
            return None, m.HEXSIDE_PROHIBITED_TO(feature=word, move_class=move_class)
        cost += add
        parts.append(m.FEATURE_COST(feature=terrain_word(name), mp=str(add)))
    return cost, m.COSTS(parts=parts)


def scaled_costs(scn: Scenario) -> tuple[int, dict[tuple[str, Hex, Hex], int | None]]:
    """MP scaled to whole numbers (x the LCM of every TEC denominator) and a per-step cost cache."""
    hit: tuple[int, dict[tuple[str, Hex, Hex], int | None]] | None = scn.memo.get("scaled")
    if hit is None:
        values = [scn.road_mp, scn.ezoc_entry_cost]
        values.extend(v for v in scn.offmap_mp.values() if v is not None)
        for terrain in scn.hex_terrain.values():
            values.extend(v for v in terrain.mp.values() if v is not None)
        for feature in scn.hexside_features.values():
            values.extend(v for v in feature.mp_add.values() if v is not None)
        scale = math.lcm(*(v.denominator for v in values))
        hit = scn.memo["scaled"] = (scale, {})
    return hit


def scaled_terrain_cost(scn: Scenario, move_class: str, a: Hex, b: Hex) -> int | None:
    """terrain_cost times the scale, cached (exact: each TEC value x the LCM is whole)."""
    scale, cache = scaled_costs(scn)
    key = (move_class, a, b)
    if key not in cache:
        cost, _ = terrain_cost(scn, move_class, a, b)
        cache[key] = None if cost is None else int(cost * scale)
    return cache[key]


GroupTable = dict[Hex, tuple[tuple[Hex, tuple[int, ...]], ...]]


def movement_table(scn: Scenario, classes: tuple[str, ...]) -> GroupTable:
    """SCS-TEC-2 / SCS-3.2d: each hex's neighbours every class may enter, with each class's scaled
    MP (terrain, road, hexsides; no EZOC), in neighbour order; built once per scenario and group.
    """
    tables: dict[tuple[str, ...], GroupTable] = scn.memo.setdefault("groups", {})
    table = tables.get(classes)
    if table is None:
        per_class = [_class_table(scn, c) for c in classes]
        if scn.allow_offmap_movement:
            per_class = [_with_offmap(scn, c, t) for c, t in zip(classes, per_class, strict=True)]
        first, others = per_class[0], per_class[1:]
        table = {}
        for cell_, steps in first.items():
            more = [dict(other.get(cell_, ())) for other in others]
            table[cell_] = tuple(
                (nxt, (int(cost), *(int(m[nxt]) for m in more)))
                for nxt, cost in steps
                if all(nxt in m for m in more)
            )
        tables[classes] = table
    return table


def offmap_cost(scn: Scenario, move_class: str, b: Hex) -> Fraction | None:
    """SCS-MAP-5's exception: MP to enter a hex just off the map, or None where no move may go."""
    if not scn.allow_offmap_movement or b not in scn.offmap_cells:
        return None
    return scn.offmap_mp.get(move_class)


def _with_offmap(scn: Scenario, move_class: str, table: Adjacency[Hex]) -> Adjacency[Hex]:
    """A class's movement table plus the hexes just off the map (allow_offmap_movement): they
    cost `offmap_mp`, have no hexside features, and lead back onto the map by its terrain."""
    scale, _ = scaled_costs(scn)
    ring = scn.offmap_cells
    grid = scn.grid
    cost = scn.offmap_mp.get(move_class)
    if cost is None or not ring:  # "P": this class may not leave the map at all
        return table
    off = cost * scale
    assert off.denominator == 1, "offmap_mp is counted in the scale (scaled_costs)"
    extended: dict[Hex, tuple[tuple[Hex, float], ...]] = dict(table)
    for cell_ in grid.cells:
        out = tuple((n, int(off)) for n in grid.all_neighbours(cell_) if n in ring)
        if out:
            extended[cell_] = (*table.get(cell_, ()), *out)
    for cell_ in ring:
        steps: list[tuple[Hex, float]] = []
        for n in grid.all_neighbours(cell_):
            if n in ring:
                steps.append((n, int(off)))
            elif grid.contains(n):
                back = scn.terrain_of(n).mp[move_class]  # no hexside features off the map
                if back is not None:
                    steps.append((n, int(back * scale)))
        extended[cell_] = tuple(steps)
    return extended


def _class_table(scn: Scenario, move_class: str) -> Adjacency[Hex]:
    """One movement class's table on the scenario's grid (cached with the scenario, not the grid,
    which another scenario object could share)."""
    return scn.grid.movement_table(lambda a, b: scaled_terrain_cost(scn, move_class, a, b))


def ma_eff(scn: Scenario, state: State, uid: str) -> int:
    """SCS-3.1b / PD-05 / SCS-SUP-4: printed MA x OOS multiplier, rounded once, minimum 1."""
    printed = current_step(scn, state, uid).ma
    if not state["units"][uid]["oos"]:
        return printed
    value = standard_round(Fraction(printed) * scn.oos_ma)
    if printed >= 1:
        value = max(value, scn.oos_ma_minimum)
    return value


def mp_spent(state: State, uid: str) -> Fraction:
    return as_fraction(state["units"][uid]["mp"])


def mp_left(scn: Scenario, state: State, uid: str) -> Fraction:
    return ma_eff(scn, state, uid) - mp_spent(state, uid)


def supply_trace(scn: Scenario, state: State, uid: str) -> list[Hex] | None:
    """SCS-SUP-2 / PD-20: the shortest supply line (hexes entered, source included), or None."""
    start = unit_hex(scn, state, uid)
    if start is None:
        return None
    side = scn.units[uid].side
    sources = scn.sources.get(side, frozenset())
    if start in sources:
        return []
    enemy_zoc = ezoc(scn, state, side)

    def open_(a: Hex, b: Hex) -> bool:
        owner = occupant(scn, state, b)
        if owner is not None and owner != side:
            return False
        # SCS-2.1f blocks, SCS-2.1h: a friendly-occupied hex ignores EZOC during supply.
        if b in enemy_zoc and owner != side:
            return False
        return terrain_enterable(scn, scn.trace_class, a, b, roads=True)

    came: dict[Hex, Hex] = {}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if depth[here] >= scn.trace_max_hexes:
            continue
        for nxt in scn.grid.neighbours(here):
            if nxt in depth or not open_(here, nxt):
                continue
            depth[nxt] = depth[here] + 1
            came[nxt] = here
            if nxt in sources:
                path = [nxt]
                while path[-1] in came and came[path[-1]] != start:
                    path.append(came[path[-1]])
                return path[::-1]
            queue.append(nxt)
    return None


def retreat_paths(
    scn: Scenario, state: State, uids: list[str], origin: Hex, length: int
) -> list[list[Hex]]:
    """SCS-RET-1/2 / PD-25: every retreat path of `length` hexes, each one farther from origin;
    friendly stacks may be entered (PD-26: over-stacking is settled at the end of the phase).

    A path may instead leave the map (SCS-MAP-4, SCS-3.3c): it then ends with the first hex off
    the map (not a playable hex, SCS-MAP-3), itself one farther from the origin, and is shorter.
    """
    side = scn.units[uids[0]].side
    classes = {scn.units[u].move_class for u in uids}
    grid = scn.grid
    paths: list[list[Hex]] = []

    def extend(path: list[Hex]) -> None:
        if len(path) == length:
            paths.append(list(path))
            return
        here = path[-1] if path else origin
        for nxt in grid.all_neighbours(here):
            if grid.distance(origin, nxt) != len(path) + 1:
                continue
            if not grid.contains(nxt):  # off the map: the retreat ends, the units are gone
                if min(nxt) >= 0:  # a hex id is written with whole numbers >= 0 (SCS-MAP-1)
                    paths.append([*path, nxt])
                continue
            owner = occupant(scn, state, nxt)
            if owner is not None and owner != side:
                continue
            if not all(terrain_enterable(scn, c, here, nxt, roads=False) for c in classes):
                continue
            path.append(nxt)
            extend(path)
            path.pop()

    if length > 0:
        extend([])
    return paths
