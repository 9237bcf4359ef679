"""Movement phase actions: move, leave the map, take back, reorder, reinforcements."""

from __future__ import annotations

from rules.core.errors import IllegalAction, RulesError
from rules.core.kit import ActionSpec, ActionTemplate, Field, Msg, said
from rules.core.params import list_param, str_param
from rules.core.system import Action
from rules.geometry.hex import Hex
from rules.scs import board
from rules.scs import messages as m
from rules.scs.actions.common import (
    cell_choices,
    hex_param,
    no_combat,
    one_hex,
    own_turn,
    own_units,
    require_phase,
    resolver,
    semicolons,
    side_name,
    unit_choices,
    unit_text,
    units_param,
)
from rules.scs.board import State
from rules.scs.crt import fmt
from rules.scs.fold import Scratch
from rules.scs.reach import movable, movement_options, step_cost, why_not_enter
from rules.scs.scenario import Scenario
from rules.scs.state import scenario_of


def resolve_move(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-3.0 / SCS-3.1a: any of the side's units in one hex move together along `path` or the
    cheapest legal path to `to`; friendly stacks are passed through freely (SCS-STK-4)."""
    side = action.actor
    require_phase(scn, state, side, ("movement", "exploitation"), m.DO_MOVE())
    no_combat(state)
    if state["due"]:
        raise IllegalAction(m.REINFORCEMENTS_FIRST(), "SCS-1.2a")
    uids = units_param(action.params)
    own_units(scn, state, side, uids, "SCS-3.0")
    start_label = one_hex(state, uids, "SCS-3.0")
    for uid in uids:
        reason = movable(scn, state, uid)
        if reason:
            raise IllegalAction(m.CANNOT_MOVE(unit=uid, reason=reason), "SCS-3.1")
    options = movement_options(scn, state, uids)
    path_labels = list_param(action.params, "path")
    if path_labels:
        path = [_path_label(scn, p) for p in path_labels]
        if path[0] == start_label:  # a path may name the hex it starts from
            path = path[1:]
        if not path:
            raise IllegalAction(m.PATH_EMPTY(), "SCS-3.0")
        target = path[-1]
        _check_path(scn, state, uids, start_label, path)
        if not scn.grid.contains(scn.grid.parse(target)):
            raise IllegalAction(m.END_ON_MAP(hex=target), "SCS-MAP-5")
        option = options.get(target)
        cost_mp: dict[str, str]
        minimum = False
        enemy_zoc = board.ezoc(scn, state, side)
        costs = {u: board.mp_spent(state, u) for u in uids}
        prev = scn.grid.cell(start_label)
        over: Msg | None = None
        for label in path:
            nxt = scn.grid.parse(label)
            for uid in uids:
                c, why = step_cost(scn, state, uid, prev, nxt, enemy_zoc)
                assert c is not None
                costs[uid] += c
                if costs[uid] > board.ma_eff(scn, state, uid):
                    over = m.OVER_MA(
                        unit=uid,
                        hex=label,
                        why=why,
                        mp=fmt(costs[uid]),
                        ma=str(board.ma_eff(scn, state, uid)),
                    )
            prev = nxt
        if over:
            if len(path) == 1 and option is not None and option["minimum"]:
                minimum = True
                cost_mp = option["mp"]
            else:
                raise IllegalAction(over, "SCS-3.1b")
        else:
            cost_mp = {u: fmt(c) for u, c in costs.items()}
    else:
        target = scn.label(hex_param(scn, action.params, "to"))
        option = options.get(target)
        if option is None:
            raise IllegalAction(why_not_enter(scn, state, uids, target), "SCS-3.2a")
        path, cost_mp, minimum = option["path"], option["mp"], option["minimum"]
    name = side_name(scn, side)
    route = {"side": name, "units": list(uids), "start": start_label, "path": " → ".join(path)}
    spent = semicolons(
        [m.SPENT(unit=u, mp=cost_mp[u], ma=str(board.ma_eff(scn, state, u))) for u in uids]
    )
    line = m.MOVED_MINIMUM(**route) if minimum else m.MOVED(**route, spent=spent)
    hidden = m.MOVED_HIDDEN(side=name, n=len(uids), start=start_label, end=path[-1])
    out.emit_event(
        said(
            "unit.moved",
            line,
            {"units": uids, "path": path, "mp": cost_mp, "minimum": minimum, "from": start_label},
            audience=f"side:{side}",
            redacted=hidden,
        )
    )


def _path_label(scn: Scenario, label: str) -> str:
    """A move path's hex id: a hex of the map, or one just off it where the scenario allows
    moves to leave the map and come back (allow_offmap_movement, SCS-MAP-5)."""
    try:
        cell_ = scn.grid.parse(label.strip())
    except RulesError as exc:
        raise IllegalAction(m.PATH_PROBLEM(problem=exc.msg), "SCS-MAP-1") from None
    if not scn.grid.contains(cell_) and cell_ not in scn.offmap_cells:
        off = m.OFF_MAP_PATH if scn.allow_offmap_movement else m.OFF_MAP_PATH_NEVER
        raise IllegalAction(off(hex=label.strip()), "SCS-MAP-5")
    return scn.label(cell_)


def _check_path(scn: Scenario, state: State, uids: list[str], start: str, path: list[str]) -> None:
    prev = scn.grid.cell(start)
    enemy_zoc = board.ezoc(scn, state, scn.units[uids[0]].side)
    for label in path:
        nxt = scn.grid.parse(label)
        if not scn.grid.adjacent(prev, nxt):
            raise IllegalAction(m.NOT_ADJACENT(what=label, hex=scn.label(prev)), "SCS-3.0")
        for uid in uids:
            c, why = step_cost(scn, state, uid, prev, nxt, enemy_zoc)
            if c is None:
                raise IllegalAction(m.CANNOT_ENTER(unit=uid, hex=label, why=why), "SCS-3.2d")
        prev = nxt


def resolve_exit(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-MAP-4 / SCS-3.3c: units on one of their side's exit hexes leave the map (exit VP)."""
    side = action.actor
    require_phase(scn, state, side, ("movement", "exploitation"), m.DO_EXIT())
    no_combat(state)
    uids = units_param(action.params)
    own_units(scn, state, side, uids, "SCS-MAP-4")
    label = one_hex(state, uids, "SCS-MAP-4")
    if scn.grid.cell(label) not in scn.exits.get(side, frozenset()):
        raise IllegalAction(m.NOT_EXIT(hex=label, side=side_name(scn, side)), "SCS-MAP-4")
    for uid in uids:
        reason = movable(scn, state, uid)
        if reason:
            raise IllegalAction(m.CANNOT_MOVE(unit=uid, reason=reason), "SCS-MAP-4")
    out.emit_event(
        said(
            "units.exited",
            m.EXITED_VP(side=side_name(scn, side), units=list(uids), hex=label, vp=scn.exit_vp)
            if scn.exit_vp
            else m.EXITED(side=side_name(scn, side), units=list(uids), hex=label),
            {"units": uids, "hex": label, "side": side},
            audience=f"side:{side}",
            redacted=m.EXITED_HIDDEN(n=len(uids), side=side_name(scn, side), hex=label),
        )
    )


def resolve_undo(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-ENG-2 / PD-34: a move may be taken back until another stack moves or a die is rolled."""
    side = action.actor
    require_phase(scn, state, side, ("movement", "exploitation"), m.DO_UNDO())
    last = state["last_move"]
    if not last:
        raise IllegalAction(m.NOTHING_TO_UNDO(), "SCS-ENG-2")
    out.emit_event(
        said(
            "move.undone",
            m.UNDONE(side=side_name(scn, side), units=list(last["units"])),
            {"units": last["units"], "hex": last["from"]},
            audience=f"side:{side}",
            redacted=m.TOOK_BACK_HIDDEN(side=side_name(scn, side)),
        )
    )


def resolve_reorder(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """PD-07: the owner chooses which unit is on top, in his own phases."""
    side = action.actor
    if state["player"] != side or state["phase"] == "over":
        raise IllegalAction(m.REORDER_OWN(), "PD-07")
    label = scn.label(hex_param(scn, action.params, "hex"))
    stack = board.stack(state, label)
    if not stack or scn.units[stack[0]].side != side:
        raise IllegalAction(m.NO_STACK(side=side_name(scn, side), hex=label), "PD-07")
    top = str_param(action.params, "top")
    if top not in stack:
        raise IllegalAction(m.NOT_IN_STACK(unit=top, hex=label), "PD-07")
    order = [top] + [u for u in stack if u != top]
    out.emit_event(
        said(
            "stack.reordered",
            m.REORDERED(side=side_name(scn, side), unit=top, hex=label),
            {"hex": label, "order": order},
            audience=f"side:{side}",
            redacted=m.REORDERED_HIDDEN(side=side_name(scn, side), hex=label),
        )
    )


def entry_hexes(scn: Scenario, state: State, uid: str) -> list[Hex]:
    """SCS-REI-1 / PD-14: where a due reinforcement may enter now (nearest free edge if blocked)."""
    side = scn.units[uid].side
    listed = list(scn.arrivals[uid].entry_hexes)
    free = [c for c in listed if board.occupant(scn, state, c) in (None, side)]
    if free or scn.blocked != "nearest_free_edge_hex":
        return free
    edge = [
        c
        for c in sorted(scn.grid.cells)
        if len(scn.grid.neighbours(c)) < 6 and board.occupant(scn, state, c) in (None, side)
    ]
    if not edge:
        return []
    nearest = min(min(scn.grid.distance(c, e) for e in listed) for c in edge)
    return [c for c in edge if min(scn.grid.distance(c, e) for e in listed) == nearest]


def resolve_reinforce(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-REI-1: place a due reinforcement on one of its entry hexes (EZOC ignored, no enemy)."""
    side = action.actor
    require_phase(scn, state, side, ("movement",), m.DO_REINFORCE())
    uid = str_param(action.params, "unit")
    if uid not in state["due"]:
        raise IllegalAction(m.NOT_DUE(unit=uid), "SCS-REI-1")
    cell_ = hex_param(scn, action.params, "hex")
    owner = board.occupant(scn, state, cell_)
    if owner is not None and owner != side:
        raise IllegalAction(m.ENEMY_HELD(hex=scn.label(cell_)), "SCS-REI-1")
    allowed = entry_hexes(scn, state, uid)
    if cell_ not in allowed:
        entries = [scn.label(c) for c in allowed]
        raise IllegalAction(m.ENTERS_ONLY(unit=uid, hexes=entries), "SCS-REI-1")
    out.emit_event(
        said(
            "reinforcement.placed",
            m.REINFORCED(
                side=side_name(scn, side), unit=unit_text(scn, state, uid), hex=scn.label(cell_)
            ),
            {"unit": uid, "hex": scn.label(cell_)},
            audience=f"side:{side}",
            redacted=m.REINFORCED_HIDDEN(side=side_name(scn, side), hex=scn.label(cell_)),
        )
    )


def movers(scn: Scenario, state: State, actor: str) -> list[str]:
    """The side's units that may move now (its movement or exploitation phase, arrivals placed)."""
    if not own_turn(scn, state, actor) or state["phase"] not in ("movement", "exploitation"):
        return []
    if state["due"]:
        return []
    return [
        uid
        for uid in sorted(state["units"])
        if scn.units[uid].side == actor
        and state["units"][uid]["status"] == "map"
        and movable(scn, state, uid) is None
    ]


def offer_reinforce(state: State, actor: str) -> ActionTemplate | None:
    """SCS-REI-1: this turn's reinforcements are placed before anything moves."""
    scn = scenario_of(state)
    if not own_turn(scn, state, actor) or state["phase"] not in ("movement", "exploitation"):
        return None
    if not state["due"]:
        return None
    first = state["due"][0]
    entries = [scn.label(c) for c in entry_hexes(scn, state, first)] or ["—"]
    return ActionTemplate(
        "reinforcement.place",
        m.PLACE_REINFORCEMENT(),
        "SCS-REI-1",
        (
            Field("unit", m.UNIT(), "choice", unit_choices(scn, state["due"]), first),
            Field("hex", m.ENTRY_HEX(), "cell", cell_choices(entries), entries[0]),
        ),
    )


def offer_move(state: State, actor: str) -> ActionTemplate | None:
    """SCS-3.0: units in one hex move together (the board offers each stack's reach)."""
    scn = scenario_of(state)
    found = movers(scn, state, actor)
    if not found:
        return None
    return ActionTemplate(
        "unit.move",
        m.MOVE(),
        "SCS-3.0",
        (
            Field("units", m.MOVE_UNITS(), "units", unit_choices(scn, found), found[0]),
            Field("to", m.TO_HEX(), "cell"),
        ),
    )


def offer_exit(state: State, actor: str) -> ActionTemplate | None:
    """SCS-MAP-4: units on one of their side's exit hexes may leave the map."""
    scn = scenario_of(state)
    exits = scn.exits.get(actor, frozenset())
    leaving = [
        u for u in movers(scn, state, actor) if scn.grid.cell(state["units"][u]["hex"]) in exits
    ]
    if not leaving:
        return None
    return ActionTemplate(
        "unit.exit",
        m.LEAVE_MAP(),
        "SCS-MAP-4",
        (Field("units", m.EXIT_UNITS(), "units", unit_choices(scn, leaving), leaving[0]),),
    )


def offer_undo(state: State, actor: str) -> ActionTemplate | None:
    """SCS-ENG-2 / PD-34: the last move may be taken back."""
    scn = scenario_of(state)
    if not own_turn(scn, state, actor) or state["phase"] not in ("movement", "exploitation"):
        return None
    if not state["last_move"]:
        return None
    return ActionTemplate("move.undo", m.TAKE_BACK(), "SCS-ENG-2")


def offer_reorder(state: State, actor: str) -> ActionTemplate | None:
    """PD-07: the owner chooses the top unit of his stacks in his own phases."""
    scn = scenario_of(state)
    if not own_turn(scn, state, actor):
        return None
    if state["phase"] == "setup" and actor in state["setup_done"]:
        return None
    stacks = [
        h
        for h, ids in sorted(state["stacks"].items())
        if len(ids) > 1 and scn.units[ids[0]].side == actor
    ]
    if not stacks:
        return None
    return ActionTemplate(
        "stack.order",
        m.TOP_UNIT_FORM(),
        "PD-07",
        (
            Field("hex", m.HEX(), "cell", cell_choices(stacks), stacks[0]),
            Field("top", m.TOP_UNIT(), "text"),
        ),
    )


# This module's actions, listed in rules/scs/actions/__init__.py in the order they are offered.
REINFORCE: ActionSpec[State] = ActionSpec(
    "reinforcement.place", "SCS-REI-1", resolver(resolve_reinforce), offer=offer_reinforce
)

MOVE: ActionSpec[State] = ActionSpec(
    "unit.move", "SCS-3.0", resolver(resolve_move), offer=offer_move
)

EXIT: ActionSpec[State] = ActionSpec(
    "unit.exit", "SCS-MAP-4", resolver(resolve_exit), offer=offer_exit
)

UNDO: ActionSpec[State] = ActionSpec(
    "move.undo", "SCS-ENG-2", resolver(resolve_undo), offer=offer_undo
)

REORDER: ActionSpec[State] = ActionSpec(
    "stack.order", "PD-07", resolver(resolve_reorder), offer=offer_reorder
)
