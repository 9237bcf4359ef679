"""What each audience may see (SCS-FOW-1, PD-06, SCS-ENG-3): the board, own moves, the combat."""

from __future__ import annotations

import marshal
from typing import Any

from rules.core.system import Audience, Json
from rules.scs import board
from rules.scs.actions.common import phase_name
from rules.scs.actions.movement import entry_hexes
from rules.scs.actions.turn import victory_points
from rules.scs.board import State
from rules.scs.crt import parse_result
from rules.scs.figures import combat_figures
from rules.scs.preview import outcomes
from rules.scs.reach import blocked_reasons, movable, movement_options
from rules.scs.scenario import Scenario
from rules.scs.stages import (
    advance_eligible,
    current_stage,
    legal_retreats,
    owed_steps,
    side_part,
    stage_owner,
)
from rules.scs.state import scenario_of

_MAP_DATA: dict[int, tuple[Scenario, Json]] = {}


def map_data(scn: Scenario) -> Json:
    """The static map: hexes with terrain and labels, hexside features, VP hexes (all public).
    Built once per scenario and shared by every view of it: read it, never change it."""
    hit = _MAP_DATA.get(id(scn))
    if hit is None or hit[0] is not scn:
        if len(_MAP_DATA) > 64:
            _MAP_DATA.clear()
        hit = _MAP_DATA[id(scn)] = (scn, _map_data(scn))
    return hit[1]


def _map_data(scn: Scenario) -> Json:
    return {
        "columns": scn.grid.columns,
        "rows": scn.grid.rows,
        "shifted_columns": scn.grid.shifted_columns,
        "y_axis": scn.grid.y_axis,
        "hexes": [
            {
                "id": scn.label(c),
                "x": c[0],
                "y": c[1],
                "terrain": scn.terrain[c],
                "place": scn.places.get(c, ""),
            }
            for c in sorted(scn.grid.cells)
        ],
        "hexsides": [
            {"a": scn.label(a), "b": scn.label(b), "features": sorted(features)}
            for (a, b), features in sorted(scn.hexsides.items())
        ],
        "vp_hexes": {scn.label(c): vp for c, (vp, _) in scn.vp_hexes.items()},
        "terrains": list(scn.hex_terrain),  # the TEC's hex terrains, each drawn alike everywhere
        "stacking_limit": scn.stacking_limit,
        "crt_columns": [str(c) for c in scn.crt.columns],
        "game_turns": scn.game_turns,
    }


def _unit(scn: Scenario, state: State, uid: str, own: bool) -> Json:
    unit = scn.units[uid]
    data = state["units"][uid]
    step = board.current_step(scn, state, uid) if data["status"] != "eliminated" else unit.steps[-1]
    view: Json = {
        "id": uid,
        "name": unit.name,
        "side": unit.side,
        "type": unit.type,
        "move_class": unit.move_class,
        "exploit": unit.exploit,
        "attack": step.attack,
        "defense": step.defense,
        "ma": step.ma,
        "step": data["step"],
        "steps": len(unit.steps),
        "reduced": data["step"] > 0,
        "oos": data["oos"],
        "hex": data["hex"],
        "status": data["status"],
    }
    if own:
        view.update(
            mp=data["mp"],
            ma_eff=board.ma_eff(scn, state, uid) if data["status"] == "map" else step.ma,
            finished=data["finished"],
            attacked=data["attacked"],
            frozen=uid in state["frozen"],
            has_zoc=board.has_zoc(scn, state, uid) if data["status"] == "map" else False,
        )
    return view


def _marshalled(value: Any) -> bytes:
    """The bytes of a state (or a part of it) as a key of the caches below: marshal's version 2,
    which writes every value whole. Later versions write a value met twice as a reference where
    its reference count is above one, so one state marshals differently once a view (or a cache)
    holds its strings: every view missed what the one before had worked out."""
    return marshal.dumps(value, 2)


_VIEWS: dict[tuple[bytes, bool, str | None], Json] = {}


def view(state: State, audience: Audience) -> Json:
    """SCS-FOW-1 / PD-06: a side sees the top unit of each enemy stack, its count and markers.

    A view is drawn from the state and two things of its audience alone: whether it sees
    everything (the GM, the observers) and the side it sees as. Audiences alike in both (the GM
    and the observers) share one view of a state, worked out once (docs/performance.md D25):
    a copy of its top level, the rest shared and only read, as the moves are (`_moves`)."""
    scn = scenario_of(state)
    everything = audience.role in ("gm", "observer")
    viewer = audience.side if audience.side in scn.sides else None
    if not everything and viewer is None and audience.actors:
        sides = [a for a in audience.actors if a in scn.sides]
        viewer = sides[0] if sides else None
    key = (_marshalled(state), everything, viewer)
    hit = _VIEWS.get(key)
    if hit is None:
        hit = _view(scn, state, everything, viewer)
        if len(_VIEWS) > 16:
            _VIEWS.clear()
        _VIEWS[key] = hit
    return dict(hit)


def _view(scn: Scenario, state: State, everything: bool, viewer: str | None) -> Json:
    combat = state["combat"]
    revealed: set[str] = set()
    if combat is not None:  # SCS-FOW-1 exception: the stacks in a combat are shown to both
        revealed = set(combat["attackers"]) | set(combat["defenders"])

    def sees(uid: str) -> bool:
        return everything or scn.units[uid].side == viewer or uid in revealed

    stacks = []
    for label in sorted(state["stacks"]):
        ids = state["stacks"][label]
        side = scn.units[ids[0]].side
        shown = (
            [u for u in ids if sees(u)]
            if everything or side == viewer
            else [u for i, u in enumerate(ids) if i == 0 or u in revealed]
        )
        stacks.append(
            {
                "hex": label,
                "side": side,
                "count": len(ids),
                "own": side == viewer,
                "units": [_unit(scn, state, u, everything or side == viewer) for u in shown],
                "hidden": len(ids) - len(shown),
                "points": board.stack_points(scn, state, label)
                if everything or side == viewer
                else None,
            }
        )
    own_side = viewer
    out: Json = {
        "system": "scs",
        "title": state["title"],
        "scenario": {
            "id": scn.id,
            "title": scn.title,
            "sides": list(scn.sides),
            "side_names": dict(scn.side_names),
            "side_labels": {side: dict(names) for side, names in scn.side_labels.items()},
            "first_player": scn.first_player,
        },
        "map": map_data(scn),
        "actor_names": dict(scn.side_names),  # the seats are sides, named by the scenario
        "viewer": viewer,
        "everything": everything,
        "turn": state["turn"],
        "player": state["player"],
        "phase": state["phase"],
        "phase_label": str(phase_name(state["phase"])),
        "stacks": stacks,
        "control": dict(state["control"]),
        "vp": victory_points(scn, state),
        "winner": state["winner"],
        "attacked_hexes": list(state["attacked_hexes"]),
        "eliminated": [
            _unit(scn, state, uid, False)
            for uid in sorted(state["units"])
            if state["units"][uid]["status"] == "eliminated"
        ],
        "overstacked": [
            h
            for h in board.overstacked(scn, state)
            if everything or scn.units[state["stacks"][h][0]].side == viewer
        ],
        "combat": _combat_view(scn, state),
        "setup_done": list(state["setup_done"]),
    }
    visible_sides = list(scn.sides) if everything else [own_side] if own_side else []
    out["own"] = {
        side: {
            "moving": [u for u in state["moving"] if scn.units[u].side == side],
            "frozen": [u for u in state["frozen"] if scn.units[u].side == side],
            "due": [_unit(scn, state, u, True) for u in state["due"] if scn.units[u].side == side],
            "pending": [
                _unit(scn, state, u, True)
                for u in sorted(state["units"])
                if scn.units[u].side == side and state["units"][u]["status"] == "pending"
            ],
            "entry_hexes": {
                u: [scn.label(c) for c in entry_hexes(scn, state, u)]
                for u in state["due"]
                if scn.units[u].side == side
            },
            "can_undo": bool(state["last_move"])
            and scn.units[state["last_move"]["units"][0]].side == side,
            "moves": _moves(scn, state, side),
            "attacks": _attacks(scn, state, side),
            "setup_areas": {
                uid: sorted(scn.label(c) for c in scn.units[uid].setup_area)
                for uid in sorted(state["units"])
                if state["phase"] == "setup"
                and state["player"] == side
                and scn.units[uid].side == side
                and state["units"][uid]["status"] == "map"
                and len(scn.units[uid].setup_area) > 1
            },
            "ezoc": _visible_ezoc(scn, state, side),
            "supply": {
                uid: [scn.label(c) for c in path] if path is not None else None
                for uid, path in _supply_lines(scn, state, side).items()
            },
            "supply_from": {
                uid: state["units"][uid]["hex"]
                for uid in state["units"]
                if scn.units[uid].side == side and state["units"][uid]["status"] == "map"
            },
        }
        for side in visible_sides
        if side
    }
    out["history"] = [
        _snapshot(scn, state, snap, everything, viewer) for snap in state.get("history", [])
    ]
    return out


_SUPPLY_CACHE: dict[tuple[bytes, str], dict[str, Any]] = {}


def _visible_ezoc(scn: Scenario, state: State, side: str) -> list[str]:
    """SCS-2.0/FOW-1: enemy ZOC hexes as the side can know them, from the enemy top units only."""
    combat = state["combat"]
    revealed = set(combat["attackers"]) | set(combat["defenders"]) if combat else set()
    found: set[str] = set()
    for ids in state["stacks"].values():
        if scn.units[ids[0]].side == side:
            continue
        for i, uid in enumerate(ids):
            if i == 0 or uid in revealed:
                found |= {scn.label(c) for c in board.zoc(scn, state, uid)}
    return sorted(found)


def _supply_lines(scn: Scenario, state: State, side: str) -> dict[str, Any]:
    """SCS-SUP-2: each own unit's supply line now (shown on request), or None."""
    steps = sorted((uid, u["step"]) for uid, u in state["units"].items())
    key = (_marshalled([state["stacks"], steps]), side)  # lines depend on positions and steps
    hit = _SUPPLY_CACHE.get(key)
    if hit is None:
        hit = _trace_all(scn, state, side)
        if len(_SUPPLY_CACHE) > 16:
            _SUPPLY_CACHE.clear()
        _SUPPLY_CACHE[key] = hit
    return dict(hit)


def _trace_all(scn: Scenario, state: State, side: str) -> dict[str, Any]:
    return {
        uid: board.supply_trace(scn, state, uid)
        for uid in sorted(state["units"])
        if scn.units[uid].side == side and state["units"][uid]["status"] == "map"
    }


_MOVES_CACHE: dict[tuple[bytes, str], Json] = {}


def _moves(scn: Scenario, state: State, side: str) -> Json:
    """For the phasing side: each own stack's movable units, reachable hexes and blocked reasons
    (one object per state and side, shared by the views that show it: read only)."""
    key = (_marshalled(state), side)  # every audience's render of one state shares the work
    hit = _MOVES_CACHE.get(key)
    if hit is None:
        hit = _compute_moves(scn, state, side)
        if len(_MOVES_CACHE) > 16:
            _MOVES_CACHE.clear()
        _MOVES_CACHE[key] = hit
    # Shared by every view of this state and side, not copied (a copy per view was a tenth of a
    # move's broadcast): what reads a view only reads it (tests/vtt/test_shared_state.py).
    return hit


def _compute_moves(scn: Scenario, state: State, side: str) -> Json:
    if (
        state["player"] != side
        or state["phase"] not in ("movement", "exploitation")
        or state["combat"] is not None
        or state["due"]
    ):
        return {}
    moves: Json = {}
    for label, ids in sorted(state["stacks"].items()):
        if scn.units[ids[0]].side != side:
            continue
        movers = [u for u in ids if movable(scn, state, u) is None]
        if not movers:
            continue
        options = movement_options(scn, state, movers)
        single: Json = {}
        if len(movers) > 1:  # part of a stack may move on its own (PD-10)
            for uid in movers:
                alone = movement_options(scn, state, [uid])
                single[uid] = {
                    "reach": alone,
                    "blocked": blocked_reasons(scn, state, [uid], alone),
                }
        moves[label] = {
            "units": movers,
            "reach": options,
            "blocked": blocked_reasons(scn, state, movers, options),
            "overrun": _overrun_targets(scn, state, movers),
            "single": single,
        }
    return moves


def _overrun_targets(scn: Scenario, state: State, movers: list[str]) -> list[str]:
    able = [
        u
        for u in movers
        if (scn.units[u].exploit or scn.overrun_units != "exploit_capable")
        and board.mp_left(scn, state, u) >= scn.overrun_mp
        and board.has_zoc(scn, state, u)
    ]
    if not able:
        return []
    side = scn.units[movers[0]].side
    targets = set.intersection(*(board.zoc(scn, state, u) for u in able))
    return sorted(
        scn.label(t) for t in targets if board.occupant(scn, state, t) not in (None, side)
    )


def _attacks(scn: Scenario, state: State, side: str) -> Json:
    """For the phasing side in its Combat Phase: each enemy hex it may attack and who may join."""
    if state["player"] != side or state["phase"] != "combat" or state["combat"] is not None:
        return {}
    found: Json = {}
    for label, ids in sorted(state["stacks"].items()):
        if scn.units[ids[0]].side == side or label in state["attacked_hexes"]:
            continue
        target = scn.grid.cell(label)
        able, joiners = [], []
        for nxt in scn.grid.neighbours(target):
            for uid in state["stacks"].get(scn.label(nxt), []):
                if scn.units[uid].side != side or state["units"][uid]["attacked"]:
                    continue
                if board.has_zoc(scn, state, uid):
                    if target in board.zoc(scn, state, uid):
                        able.append(uid)
                elif scn.zero_strength_may_join:
                    joiners.append(uid)
        if able:
            found[label] = {"units": sorted(able) + sorted(joiners)}
    return found


def _snapshot(
    scn: Scenario, state: State, snap: Json, everything: bool, viewer: str | None
) -> Json:
    """A phase-start position for replay, under the same fog of war as the live view."""
    stacks = []
    for label, ids in sorted(snap["stacks"].items()):
        side = scn.units[ids[0]].side
        shown = ids if everything or side == viewer else ids[:1]
        units = []
        for uid in shown:
            unit = scn.units[uid]
            step = unit.steps[min(snap["steps"].get(uid, 0), len(unit.steps) - 1)]
            units.append(
                {
                    "id": uid,
                    "name": unit.name,
                    "side": side,
                    "type": unit.type,
                    "attack": step.attack,
                    "defense": step.defense,
                    "ma": step.ma,
                    "reduced": snap["steps"].get(uid, 0) > 0,
                    "oos": uid in snap["oos"],
                    "step": snap["steps"].get(uid, 0),
                    "steps": len(unit.steps),
                }
            )
        stacks.append(
            {
                "hex": label,
                "side": side,
                "count": len(ids),
                "units": units,
                "own": side == viewer,
                "hidden": len(ids) - len(shown),
            }
        )
    return {
        "turn": snap["turn"],
        "player": snap["player"],
        "phase": snap["phase"],
        "phase_label": str(phase_name(snap["phase"])),
        "stacks": stacks,
        "control": snap["control"],
    }


def _spread(scn: Scenario, state: State, units: list[str], n: int) -> list[str]:
    """A default allocation of n step losses: one unit id per step, in stack order."""
    picks: list[str] = []
    for uid in units:
        picks.extend([uid] * min(n - len(picks), board.steps_left(scn, state, uid)))
    return picks


def _combat_view(scn: Scenario, state: State) -> Json | None:
    combat = state["combat"]
    if combat is None:
        return None
    stage = current_stage(state)
    data: Json = {
        "kind": combat["kind"],
        "target": combat["target"],
        "attacker_side": combat["attacker_side"],
        "defender_side": combat["defender_side"],
        "attackers": [_unit(scn, state, u, False) for u in combat["attackers"]],
        "defenders": [_unit(scn, state, u, False) for u in combat["defenders"]],
        "result": combat["result"],
        "figures": combat["figures"] or combat_figures(scn, state, combat),
        "stage": stage,
        "waiting_for": stage_owner(state),
        "stage_label": (stage or "").replace("_", " "),
    }
    figures = data["figures"]
    if combat["result"] is None and figures.get("column_index") is not None:
        data["outcomes"] = outcomes(scn, figures["column_index"], figures["drm"])
    if stage in ("attacker_losses", "defender_losses"):
        owner = stage_owner(state)
        assert owner is not None
        owed, units = owed_steps(scn, state, owner)
        data["owed"] = owed
        data["loss_units"] = units
        data["loss_default"] = ",".join(_spread(scn, state, units, owed))
    if stage in ("attacker_retreat", "defender_retreat"):
        owner = stage_owner(state)
        assert owner is not None
        part = side_part(parse_result(combat["result"]), combat, owner)
        k = combat["option_k"].get(owner)
        data["option"] = part.option
        data["retreat"] = part.retreat
        data["option_k"] = k
        remaining = combat["to_retreat"].get(owner, [])
        data["to_retreat"] = remaining
        groups: dict[str, list[str]] = {}
        for uid in remaining:
            groups.setdefault(state["units"][uid]["hex"], []).append(uid)
        choices = []
        for origin, ids in sorted(groups.items()):
            for extra in range(0, part.option + 1) if k is None else [k]:
                length = part.retreat + part.option - extra
                choices.append(
                    {
                        "from": origin,
                        "units": ids,
                        "extra_losses": extra,
                        "losses_default": ",".join(_spread(scn, state, ids, extra)),
                        "length": length,
                        "paths": legal_retreats(scn, state, ids, length) if length else [],
                    }
                )
        data["retreat_choices"] = choices
    if stage == "advance":
        data["advance_units"] = advance_eligible(scn, state)
    return data
