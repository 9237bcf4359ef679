"""Movement (SCS-3.*, SCS-2.1a, SCS-TEC-2): what a unit or group may enter and why not."""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from fractions import Fraction
from typing import Any

from rules.core.errors import RulesError
from rules.core.kit import Msg
from rules.geometry.hex import Hex
from rules.scs import board
from rules.scs import messages as m
from rules.scs.board import State
from rules.scs.crt import as_fraction, fmt
from rules.scs.scenario import Scenario


def step_cost(
    scn: Scenario, state: State, uid: str, a: Hex, b: Hex, enemy_zoc: AbstractSet[Hex]
) -> tuple[Fraction | None, Msg]:
    """SCS-TEC-2: MP for one unit to enter b from a, with the reason ("enemy ZOC +2")."""
    if not scn.grid.contains(b):
        off = board.offmap_cost(scn, scn.units[uid].move_class, b)
        if off is None:
            return None, m.OFF_MAP_STEP()
        return off, m.OFF_MAP_COST(mp=fmt(off))
    side = scn.units[uid].side
    owner = board.occupant(scn, state, b)
    if owner is not None and owner != side:
        return None, m.ENEMY_OCCUPIED()
    cost, why = board.terrain_cost(scn, scn.units[uid].move_class, a, b)
    if cost is None:
        return None, why  # SCS-3.2d: the refusal names the rule
    if b in enemy_zoc:  # SCS-2.1a
        cost += scn.ezoc_entry_cost
        why = m.WITH_EZOC(why=why, mp=str(scn.ezoc_entry_cost))
    return cost, why


def movable(scn: Scenario, state: State, uid: str) -> Msg | None:
    """Why a unit may not move now (None if it may)."""
    unit = state["units"][uid]
    if unit["status"] != "map":
        return m.REASON_NOT_ON_MAP()
    if unit["finished"]:
        return m.REASON_MOVE_ENDED()
    if state["phase"] == "exploitation":
        if not scn.units[uid].exploit:
            return m.REASON_NOT_EXPLOIT()
        if uid in state["frozen"]:
            # PD-11: the minimum move (SCS-3.1e) is not open to them either
            return m.REASON_FROZEN()
    if board.current_step(scn, state, uid).ma <= 0:
        return m.REASON_MA_ZERO()
    return None


def movement_options(scn: Scenario, state: State, uids: list[str]) -> dict[str, dict[str, Any]]:
    """SCS-3.0/3.1a/3.2a: every hex a group can reach, cheapest path and MP, or the minimum move.

    A group moves only while every unit can pay (PD-10), so a path is legal when each unit's own
    sum stays within its own MP. Units of one movement class pay the same; a mixed group is
    searched over one cost per class, keeping every path no other beats for all classes at once
    (a Pareto front), so a hex is reached whenever some legal path reaches it; the path shown is
    the one with the least MP summed over the units.
    """
    start_label = state["units"][uids[0]]["hex"]
    origin = scn.grid.cell(start_label)
    side = scn.units[uids[0]].side
    enemy_zoc = board.ezoc(scn, state, side)
    scale, _ = board.scaled_costs(scn)
    ezoc_cost = int(scn.ezoc_entry_cost * scale)
    enemy_cells = {
        scn.grid.cell(label)
        for label, ids in state["stacks"].items()
        if ids and scn.units[ids[0]].side != side
    }
    kinds: list[str] = []
    for uid in uids:
        if scn.units[uid].move_class not in kinds:
            kinds.append(scn.units[uid].move_class)
    dim = [kinds.index(scn.units[u].move_class) for u in uids]
    unit_budgets = [int(board.mp_left(scn, state, u) * scale) for u in uids]
    budgets = [
        min(b for b, d in zip(unit_budgets, dim, strict=True) if d == k) for k in range(len(kinds))
    ]
    weights = [dim.count(k) for k in range(len(kinds))]
    spent0 = {u: board.mp_spent(state, u) for u in uids}
    table = board.movement_table(scn, tuple(kinds))  # terrain MP, cached per scenario and classes
    label_of = scn.grid.label
    if len(kinds) == 1:
        costs, paths = _search_one(table, origin, budgets[0], enemy_cells, enemy_zoc, ezoc_cost)
    else:
        costs, paths = _search_front(
            table, origin, budgets, weights, enemy_cells, enemy_zoc, ezoc_cost
        )
    found: dict[str, dict[str, Any]] = {}
    cost_text: dict[int, str] = {}
    mp_text: list[dict[int, str]] = [{} for _ in uids]

    def cost_of(x: int) -> str:
        return fmt(Fraction(x, scale))

    def mp_of(i: int, x: int) -> str:
        found = mp_text[i].get(x)
        if found is None:
            found = mp_text[i][x] = fmt(spent0[uids[i]] + Fraction(x, scale))
        return found

    for cell_, spent in costs.items():
        if cell_ == origin or cell_ in scn.offmap_cells:  # SCS-MAP-5: a move ends on the map
            continue
        found[label_of(cell_)] = {
            "path": [label_of(c) for c in paths(cell_)],
            "cost": _memo(cost_text, max(spent), cost_of),
            "mp": {u: mp_of(i, spent[dim[i]]) for i, u in enumerate(uids)},
            "minimum": False,
        }
    add_minimum_moves(scn, state, side, origin, uids, found)
    return found


def add_minimum_moves(
    scn: Scenario,
    state: State,
    side: str,
    origin: Hex,
    uids: Sequence[str],
    found: dict[str, dict[str, Any]],
) -> None:
    """SCS-3.1e: a unit that has not moved may always move one hex (not prohibited, not enemy);
    adds those hexes to `found` where the MP search did not reach them."""
    if not all(_fresh(state, u) for u in uids):
        return
    for nxt in scn.grid.neighbours(origin):
        label = scn.label(nxt)
        if label in found:
            continue
        owner = board.occupant(scn, state, nxt)
        if owner is not None and owner != side:
            continue
        if all(board.terrain_enterable(scn, scn.units[u].move_class, origin, nxt) for u in uids):
            found[label] = {
                "path": [label],
                "cost": "minimum move",
                "mp": {u: fmt(Fraction(board.ma_eff(scn, state, u))) for u in uids},
                "minimum": True,
            }


PathsOf = Callable[[Hex], list[Hex]]


def _search_one(
    table: board.GroupTable,
    origin: Hex,
    budget: int,
    enemy_cells: AbstractSet[Hex],
    enemy_zoc: AbstractSet[Hex],
    ezoc_cost: int,
) -> tuple[dict[Hex, tuple[int, ...]], PathsOf]:
    """Dijkstra for units of one movement class: each hex's cheapest cost within the budget."""
    best: dict[Hex, int] = {origin: 0}
    labels: dict[Hex, tuple[int, ...]] = {origin: (0,)}
    came: dict[Hex, Hex] = {}
    tie = itertools.count()
    frontier: list[tuple[int, int, Hex]] = [(0, next(tie), origin)]
    pop, push, no_cost = heapq.heappop, heapq.heappush, 10**12
    while frontier:
        total, _, here = pop(frontier)
        if total > best[here]:
            continue
        for nxt, (cost,) in table[here]:
            if nxt in enemy_cells:  # SCS-3.3a
                continue
            cost += total + (ezoc_cost if nxt in enemy_zoc else 0)  # SCS-2.1a
            if cost <= budget and cost < best.get(nxt, no_cost):
                best[nxt] = cost
                labels[nxt] = (cost,)
                came[nxt] = here
                push(frontier, (cost, next(tie), nxt))
    prefixes: dict[Hex, list[Hex]] = {origin: []}

    def path(cell_: Hex) -> list[Hex]:
        chain = []
        here = cell_
        while here not in prefixes:
            chain.append(here)
            here = came[here]
        prefix = prefixes[here]
        for step in reversed(chain):
            prefix = prefixes[step] = [*prefix, step]
        return prefix

    return labels, path


def _search_front(
    table: board.GroupTable,
    origin: Hex,
    budgets: list[int],
    weights: list[int],
    enemy_cells: AbstractSet[Hex],
    enemy_zoc: AbstractSet[Hex],
    ezoc_cost: int,
) -> tuple[dict[Hex, tuple[int, ...]], PathsOf]:
    """A multi-class group (PD-10): labels are MP per class; a hex keeps every label no other
    label there beats in every class (a Pareto front), expanded cheapest weighted sum first, so
    the first label taken from the queue at a hex is its cheapest legal path for the group."""
    k = len(budgets)
    cells: list[Hex] = [origin]
    vectors: list[tuple[int, ...]] = [(0,) * k]
    parents: list[int] = [-1]
    front: dict[Hex, list[int]] = {origin: [0]}
    dead: set[int] = set()
    first: dict[Hex, int] = {}
    frontier: list[tuple[int, int]] = [(0, 0)]  # (weighted MP, label id: the tie-break)
    pop, push = heapq.heappop, heapq.heappush
    while frontier:
        _, lid = pop(frontier)
        if lid in dead:
            continue
        here = cells[lid]
        if here not in first:
            first[here] = lid
        vec = vectors[lid]
        for nxt, steps in table[here]:
            if nxt in enemy_cells:  # SCS-3.3a
                continue
            extra = ezoc_cost if nxt in enemy_zoc else 0  # SCS-2.1a
            new = tuple(vec[i] + steps[i] + extra for i in range(k))
            if any(new[i] > budgets[i] for i in range(k)):
                continue
            others = front.get(nxt, [])
            if any(all(vectors[o][i] <= new[i] for i in range(k)) for o in others):
                continue  # an equal or better label is already there
            keep = []
            for o in others:
                if all(new[i] <= vectors[o][i] for i in range(k)):
                    dead.add(o)  # beaten in every class by the new label
                else:
                    keep.append(o)
            nid = len(cells)
            cells.append(nxt)
            vectors.append(new)
            parents.append(lid)
            keep.append(nid)
            front[nxt] = keep
            push(frontier, (sum(w * c for w, c in zip(weights, new, strict=True)), nid))
    prefixes: dict[int, list[Hex]] = {0: []}

    def path(cell_: Hex) -> list[Hex]:
        chain = []
        lid = first[cell_]
        while lid not in prefixes:
            chain.append(lid)
            lid = parents[lid]
        prefix = prefixes[lid]
        for step in reversed(chain):
            prefix = prefixes[step] = [*prefix, cells[step]]
        return prefix

    return {c: vectors[first[c]] for c in front}, path  # hexes in the order first reached


def _memo(memo: dict[int, str], key: int, make: Callable[[int], str]) -> str:
    found = memo.get(key)
    if found is None:
        found = memo[key] = make(key)
    return found


def blocked_reasons(
    scn: Scenario, state: State, uids: list[str], options: Mapping[str, Any]
) -> dict[str, str]:
    """Why each hex next to the reachable area cannot be entered ("enemy ZOC +2, 1 MP left")."""
    origin = state["units"][uids[0]]["hex"]
    side = scn.units[uids[0]].side
    enemy_zoc = board.ezoc(scn, state, side)
    spent = {origin: {u: board.mp_spent(state, u) for u in uids}}
    for label, option in options.items():
        if not option["minimum"]:
            spent[label] = {u: as_fraction(option["mp"][u]) for u in uids}
    reasons: dict[str, str] = {}
    label_of, neighbours = scn.grid.label, scn.grid.neighbours
    for here, used in sorted(spent.items()):
        here_cell = scn.grid.cell(here)
        for nxt in neighbours(here_cell):
            label = label_of(nxt)
            if label in options or label in reasons or label == origin:
                continue
            owner = board.occupant(scn, state, nxt)
            if owner is not None and owner != side:
                reasons[label] = m.BLOCKED_ENEMY(hex=label).english()
                continue
            for uid in uids:
                cost, why = step_cost(scn, state, uid, here_cell, nxt, enemy_zoc)
                if cost is None:
                    reasons[label] = m.BLOCKED_WHY(hex=label, why=why).english()
                    break
                left = board.ma_eff(scn, state, uid) - used[uid]
                if cost > left:
                    costs = {"hex": label, "start": here, "why": why, "mp": fmt(cost)}
                    reasons[label] = (
                        m.BLOCKED_COST_OF(**costs, left=fmt(left), unit=uid)
                        if len(uids) > 1
                        else m.BLOCKED_COST(**costs, left=fmt(left))
                    ).english()
                    break
    return reasons


def _fresh(state: State, uid: str) -> bool:
    unit = state["units"][uid]
    return as_fraction(unit["mp"]) == 0 and not unit["finished"] and unit["origin"] is None


def why_not_enter(scn: Scenario, state: State, uids: list[str], target: str) -> Msg:
    """A player-readable reason why a group cannot reach a hex ("enemy ZOC: +2 MP, 1 MP left")."""
    try:
        goal = scn.grid.cell(target)
    except RulesError:
        return m.OFF_MAP_TARGET(hex=target)
    origin = scn.grid.cell(state["units"][uids[0]]["hex"])
    side = scn.units[uids[0]].side
    owner = board.occupant(scn, state, goal)
    if owner is not None and owner != side:
        return m.ENEMY_TARGET(hex=target)
    if scn.grid.distance(origin, goal) == 1:
        enemy_zoc = board.ezoc(scn, state, side)
        for uid in uids:
            cost, why = step_cost(scn, state, uid, origin, goal, enemy_zoc)
            if cost is None:
                return m.UNIT_WHY(unit=uid, why=why)
            left = board.mp_left(scn, state, uid)
            if cost > left:
                return m.UNIT_WHY_COST(unit=uid, why=why, mp=fmt(cost), left=fmt(left))
    return m.OUT_OF_REACH(hex=target)
