"""What each audience may see (SCS-FOW-1, PD-06, SCS-ENG-3), the UI's action list and previews."""

from __future__ import annotations

import marshal
from fractions import Fraction
from typing import Any

from rules.core.errors import IllegalAction, RulesError
from rules.core.jsonstate import copy_json
from rules.core.params import list_param, str_param
from rules.core.system import Action, Audience, Json
from rules.scs import board, engine
from rules.scs.board import State
from rules.scs.crt import fmt, parse_result
from rules.scs.scenario import Scenario

PHASE_LABELS = {
    "setup": "Set-up",
    "movement": "Movement Phase",
    "combat": "Combat Phase",
    "exploitation": "Exploitation Phase",
    "supply": "Supply Phase",
    "over": "Game over",
}


def map_data(scn: Scenario) -> Json:
    """The static map: hexes with terrain and labels, hexside features, VP hexes (all public)."""
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


def view(state: State, audience: Audience) -> Json:
    """SCS-FOW-1 / PD-06: a side sees the top unit of each enemy stack, its count and markers."""
    scn = engine.scenario_of(state)
    everything = audience.role in ("gm", "observer")
    viewer = audience.side if audience.side in scn.sides else None
    if not everything and viewer is None and audience.actors:
        sides = [a for a in audience.actors if a in scn.sides]
        viewer = sides[0] if sides else None
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
            "first_player": scn.first_player,
        },
        "map": map_data(scn),
        "viewer": viewer,
        "everything": everything,
        "turn": state["turn"],
        "player": state["player"],
        "phase": state["phase"],
        "phase_label": PHASE_LABELS.get(state["phase"], state["phase"]),
        "stacks": stacks,
        "control": dict(state["control"]),
        "vp": engine.victory_points(scn, state),
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
                u: [scn.label(c) for c in engine.entry_hexes(scn, state, u)]
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
    key = (marshal.dumps([state["stacks"], steps]), side)  # lines depend on positions and steps
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
    """For the phasing side: each own stack's movable units, reachable hexes and blocked reasons."""
    key = (marshal.dumps(state), side)  # every audience's render of one state shares the work
    hit = _MOVES_CACHE.get(key)
    if hit is None:
        hit = _compute_moves(scn, state, side)
        if len(_MOVES_CACHE) > 16:
            _MOVES_CACHE.clear()
        _MOVES_CACHE[key] = hit
    copied: Json = copy_json(hit)  # JSON only: a plain recursive copy, ~3x faster than deepcopy
    return copied


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
        movers = [u for u in ids if engine.movable(scn, state, u) is None]
        if not movers:
            continue
        options = engine.movement_options(scn, state, movers)
        single: Json = {}
        if len(movers) > 1:  # part of a stack may move on its own (PD-10)
            for uid in movers:
                alone = engine.movement_options(scn, state, [uid])
                single[uid] = {
                    "reach": alone,
                    "blocked": engine.blocked_reasons(scn, state, [uid], alone),
                }
        moves[label] = {
            "units": movers,
            "reach": options,
            "blocked": engine.blocked_reasons(scn, state, movers, options),
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
        "phase_label": PHASE_LABELS.get(snap["phase"], snap["phase"]),
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
    stage = engine._stage(state)
    data: Json = {
        "kind": combat["kind"],
        "target": combat["target"],
        "attacker_side": combat["attacker_side"],
        "defender_side": combat["defender_side"],
        "attackers": [_unit(scn, state, u, False) for u in combat["attackers"]],
        "defenders": [_unit(scn, state, u, False) for u in combat["defenders"]],
        "result": combat["result"],
        "figures": combat["figures"] or engine.combat_figures(scn, state, combat),
        "stage": stage,
        "waiting_for": engine.stage_owner(state),
        "stage_label": (stage or "").replace("_", " "),
    }
    figures = data["figures"]
    if combat["result"] is None and figures.get("column_index") is not None:
        data["outcomes"] = _outcomes(scn, figures["column_index"], figures["drm"])
    if stage in ("attacker_losses", "defender_losses"):
        owner = engine.stage_owner(state)
        assert owner is not None
        owed, units = engine._owed(scn, state, owner)
        data["owed"] = owed
        data["loss_units"] = units
        data["loss_default"] = ",".join(_spread(scn, state, units, owed))
    if stage in ("attacker_retreat", "defender_retreat"):
        owner = engine.stage_owner(state)
        assert owner is not None
        part = engine._side_part(parse_result(combat["result"]), combat, owner)
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
                        "paths": engine.legal_retreats(scn, state, ids, length) if length else [],
                    }
                )
        data["retreat_choices"] = choices
    if stage == "advance":
        data["advance_units"] = engine._advance_eligible(scn, state)
    return data


def _field(
    name: str, label: str, choices: list[Any] | None = None, default: Any = "", help_: str = ""
) -> Json:
    spec: Json = {"name": name, "label": label, "default": default, "help": help_}
    if choices is not None:
        spec["choices"] = choices
    return spec


def legal_actions(state: State, actor: str) -> list[Json]:
    """What a side may do now: action templates (`kind`, `label`, `params`, `rule`) for forms."""
    scn = engine.scenario_of(state)
    if actor not in scn.sides or state["phase"] == "over":
        return []
    found: list[Json] = []
    combat = state["combat"]
    if combat is not None:
        owner = engine.stage_owner(state)
        stage = engine._stage(state)
        if combat["result"] is None and actor == combat["attacker_side"]:
            found.append(
                {
                    "kind": "attack.resolve",
                    "label": "Roll for the combat",
                    "rule": "SCS-CBT-5",
                    "params": [],
                }
            )
        if owner == actor and stage in ("attacker_losses", "defender_losses"):
            owed, units = engine._owed(scn, state, actor)
            default = ",".join(units[:1] * owed)
            found.append(
                {
                    "kind": "combat.losses",
                    "label": f"Take {owed} step loss(es)",
                    "rule": "SCS-STEP-1",
                    "preview": False,
                    "params": [
                        _field("units", "Units (one id per step)", None, default, ", ".join(units))
                    ],
                }
            )
        if owner == actor and stage in ("attacker_retreat", "defender_retreat"):
            units = combat["to_retreat"].get(actor, [])
            found.append(
                {
                    "kind": "combat.retreat",
                    "label": "Retreat / take the option",
                    "rule": "SCS-RET-1",
                    "preview": False,
                    "params": [
                        _field("units", "Units", None, ",".join(units)),
                        _field("path", "Retreat path (hexes)"),
                        _field("losses", "Option: extra step losses (unit ids)"),
                    ],
                }
            )
        if owner == actor and stage == "advance":
            units = engine._advance_eligible(scn, state)
            found.append(
                {
                    "kind": "combat.advance",
                    "label": f"Advance into {combat['target']}",
                    "rule": "SCS-ADV-1",
                    "preview": False,
                    "params": [_field("units", "Units (empty: stay)", None, ",".join(units))],
                }
            )
        return found
    over = [
        h for h in board.overstacked(scn, state) if scn.units[state["stacks"][h][0]].side == actor
    ]
    if over:
        found.append(
            {
                "kind": "stack.eliminate",
                "label": "Eliminate over-stacked units",
                "rule": "SCS-STK-2",
                "preview": False,
                "params": [_field("units", "Units", None, "", "over-stacked: " + ", ".join(over))],
            }
        )
    if state["player"] != actor:
        return found
    phase = state["phase"]
    own_units = [
        uid
        for uid in sorted(state["units"])
        if scn.units[uid].side == actor and state["units"][uid]["status"] == "map"
    ]
    if phase == "setup" and actor not in state["setup_done"]:
        placeable = [u for u in own_units if len(scn.units[u].setup_area) > 1]
        if placeable:
            found.append(
                {
                    "kind": "setup.place",
                    "label": "Set up a unit",
                    "rule": "SCS-SETUP-1",
                    "preview": False,
                    "params": [
                        _field("unit", "Unit", placeable, placeable[0]),
                        _field("hex", "Hex"),
                    ],
                }
            )
    if phase in ("movement", "exploitation"):
        if state["due"]:
            first = state["due"][0]
            entries = [scn.label(c) for c in engine.entry_hexes(scn, state, first)] or ["—"]
            found.append(
                {
                    "kind": "reinforcement.place",
                    "label": "Place a reinforcement",
                    "rule": "SCS-REI-1",
                    "preview": False,
                    "params": [
                        _field("unit", "Unit", list(state["due"]), first),
                        _field("hex", "Entry hex", entries, entries[0]),
                    ],
                }
            )
        else:
            movers = [u for u in own_units if engine.movable(scn, state, u) is None]
            if movers:
                found.append(
                    {
                        "kind": "unit.move",
                        "label": "Move",
                        "rule": "SCS-3.0",
                        "preview": False,
                        "params": [
                            _field("units", "Units (one hex)", None, movers[0], ", ".join(movers)),
                            _field("to", "To hex"),
                        ],
                    }
                )
                found.append(
                    {
                        "kind": "overrun.declare",
                        "label": "Overrun",
                        "rule": "SCS-OVR-2",
                        "params": [
                            _field("units", "Units", None, movers[0]),
                            _field("target", "Enemy hex"),
                        ],
                    }
                )
            leaving = [
                u
                for u in movers
                if scn.grid.cell(state["units"][u]["hex"]) in scn.exits.get(actor, ())
            ]
            if leaving:
                found.append(
                    {
                        "kind": "unit.exit",
                        "label": "Leave the map",
                        "rule": "SCS-MAP-4",
                        "preview": False,
                        "params": [
                            _field(
                                "units",
                                "Units on an exit hex",
                                None,
                                leaving[0],
                                ", ".join(leaving),
                            )
                        ],
                    }
                )
        if state["last_move"]:
            found.append(
                {
                    "kind": "move.undo",
                    "label": "Take back the last move",
                    "rule": "SCS-ENG-2",
                    "preview": False,
                    "params": [],
                }
            )
    if phase == "combat":
        attackers = [u for u in own_units if not state["units"][u]["attacked"]]
        targets = sorted(
            {
                scn.label(t)
                for u in attackers
                for t in board.zoc(scn, state, u)
                if board.occupant(scn, state, t) not in (None, actor)
                and scn.label(t) not in state["attacked_hexes"]
            }
        )
        if targets:
            found.append(
                {
                    "kind": "attack.declare",
                    "label": "Declare an attack",
                    "rule": "SCS-CBT-5",
                    "params": [
                        _field("target", "Defending hex", targets, targets[0]),
                        _field("units", "Attacking units", None, "", ", ".join(attackers)),
                    ],
                }
            )
    if phase != "setup" or actor not in state["setup_done"]:
        stacks = [
            h
            for h, ids in sorted(state["stacks"].items())
            if len(ids) > 1 and scn.units[ids[0]].side == actor
        ]
        if stacks:
            found.append(
                {
                    "kind": "stack.order",
                    "label": "Choose the top unit",
                    "rule": "PD-07",
                    "preview": False,
                    "params": [_field("hex", "Hex", stacks, stacks[0]), _field("top", "Top unit")],
                }
            )
        found.append(
            {
                "kind": "phase.end",
                "label": f"End the {PHASE_LABELS[phase]}",
                "rule": "SCS-1.1",
                "preview": False,
                "params": [],
            }
        )
    return found


def _outcomes(scn: Scenario, column: int, drm: int) -> list[Json]:
    dist = scn.crt.distribution(column, drm)
    order = {code: i for i, code in enumerate(_code_order(scn, column))}
    dist.sort(key=lambda rp: order.get(rp[0].code, 99))
    return [
        {"label": r.code, "probability": float(p), "exact": f"{p.numerator}/{p.denominator}"}
        for r, p in dist
    ]


def _code_order(scn: Scenario, column: int) -> list[str]:
    codes: list[str] = []
    for roll in sorted(scn.crt.rows):
        code = scn.crt.rows[roll][column].code
        if code not in codes:
            codes.append(code)
    return codes


def preview(state: State, action: Action) -> Json:
    """The odds column and the exact probability of every CRT result, within what the actor sees."""
    scn = engine.scenario_of(state)
    if action.kind == "attack.resolve":
        combat = state["combat"]
        if combat is None or combat["result"] is not None:
            raise IllegalAction("declare an attack or overrun first", "SCS-CBT-5")
        fig = engine.combat_figures(scn, state, combat)
        return _preview_from(scn, fig, hidden=0)
    if action.kind in ("attack.declare", "overrun.declare"):
        target = str_param(action.params, "target")
        try:
            label = scn.label(scn.grid.cell(target))
        except RulesError as exc:
            raise IllegalAction(exc.message, "SCS-MAP-3") from None
        # Only the actor's own units on the map: a preview must never price a hidden enemy unit.
        uids = [
            u
            for u in list_param(action.params, "units")
            if u in scn.units
            and scn.units[u].side == action.actor
            and state["units"][u]["status"] == "map"
        ]
        stack = board.stack(state, label)
        if not stack or not uids or scn.units[stack[0]].side == action.actor:
            raise IllegalAction("choose your attacking units and an enemy hex", "SCS-CBT-1")
        # SCS-ROUND-3 / SCS-FOW-1: odds worked out in advance see only the top defender.
        visible = [stack[0]]
        combat = {
            "kind": action.kind.split(".")[0],
            "target": label,
            "attackers": uids,
            "defenders": visible,
        }
        fig = engine.combat_figures(scn, state, combat)
        return _preview_from(scn, fig, hidden=len(stack) - 1)
    raise IllegalAction(f"no preview for {action.kind}")


def _preview_from(scn: Scenario, fig: Json, hidden: int) -> Json:
    note = f" ({hidden} hidden unit{'s' * (hidden > 1)} not counted: fog of war)" if hidden else ""
    if fig["column"] is None and scn.crt.below_min == "auto_result":
        code = scn.crt.below_min_result
        return {
            "summary": f"A {fig['attack']} : D {fig['defense']} = {fig['odds']}, below the table: "
            f"{code} without a roll{note}",
            "outcomes": [{"label": code, "probability": 1.0, "exact": "1/1"}],
            "details": fig,
        }
    if fig["column"] is None:
        return {
            "summary": f"A {fig['attack']} : D {fig['defense']}: no attack possible{note}",
            "outcomes": [],
            "details": fig,
        }
    shifts = ", ".join(f"{w} {v:+d}" for w, v in fig["shifts"])
    summary = (
        f"A {fig['attack']} : D {fig['defense']} = {_ratio(fig)} → {fig['odds']}"
        + (f", {shifts}" if shifts else "")
        + f" → column {fig['column']}"
        + (f", DRM {fig['drm']:+d}" if fig["drm"] else "")
        + note
    )
    return {
        "summary": summary,
        "outcomes": _outcomes(scn, fig["column_index"], fig["drm"]),
        "details": {**fig, "hidden_defenders": hidden, "exact_ratio": _ratio(fig)},
    }


def _ratio(fig: Json) -> str:
    d = Fraction(fig["defense"])
    return fmt(Fraction(fig["attack"]) / d) if d else "∞"
