"""The SCS game state: the scenario it plays, a new game, units placed and steps lost, phases."""

from __future__ import annotations

import hashlib
import marshal
from collections.abc import Mapping
from typing import Any

from rules.core.errors import RulesError, SheetError
from rules.core.jsonstate import copy_json
from rules.core.sheets import mapping_field
from rules.scs import board
from rules.scs import messages as m
from rules.scs.board import State
from rules.scs.scenario import Scenario, load_scenario, sorted_repr
from rules.scs.settings import campaign_settings

VERSION = 1


PHASES = ("movement", "combat", "exploitation", "supply")


STAGES = ("attacker_losses", "defender_losses", "defender_retreat", "attacker_retreat", "advance")


_BY_KEY: dict[str, Scenario] = {}


def scenario_key(spec: Any, overrides: Mapping[str, Any]) -> str:
    """The key a scenario and its overrides are kept under once built (`scenario_of`)."""
    text = sorted_repr([spec, dict(overrides)])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def scenario_of(state: State) -> Scenario:
    """The scenario a state plays (built-in name or inline data, with the campaign's overrides)."""
    key = state.get("scenario_key")
    hit = _BY_KEY.get(key) if isinstance(key, str) else None
    if hit is None:
        hit = load_scenario(state["scenario"], state.get("overrides") or None)
        if isinstance(key, str):
            if len(_BY_KEY) > 64:
                _BY_KEY.clear()
            _BY_KEY[key] = hit
    return hit


def start(setup: Mapping[str, Any]) -> State:
    """SCS-SETUP-*: a new game; units at their default set-up hexes, the second player first."""
    spec = setup.get("scenario", "halden_crossing")
    if not isinstance(spec, str | Mapping):
        raise SheetError("scenario", f"must be a scenario name or object, not {spec!r}")
    chosen = mapping_field(setup, "settings", default={})
    campaign_settings(chosen)  # the declared settings' bounds, before any scenario is built
    overrides = {k: v for k, v in chosen.items() if v is not None}
    scn = load_scenario(spec, overrides or None)
    state: State = {
        "version": VERSION,
        "scenario": spec,
        "overrides": overrides,
        "scenario_key": scenario_key(spec, overrides),
        "title": str(setup.get("title") or scn.title),
        "turn": 0,
        "player": scn.setup_order[0],
        "phase": "setup",
        "setup_done": [],
        "units": {},
        "stacks": {},
        "moving": [],
        "phase_start": {},
        "frozen": [],
        "attacked_hexes": [],
        "combat": None,
        "control": {scn.label(c): side for c, (_, side) in scn.vp_hexes.items()},
        "steps_lost": dict.fromkeys(scn.sides, 0),
        "exited": dict.fromkeys(scn.sides, 0),
        "due": [],
        "delayed": {},
        "last_move": None,
        "winner": None,
        "vp": None,
    }
    for uid, unit in scn.units.items():
        state["units"][uid] = {
            "hex": None,
            "step": 0,  # SCS-SETUP-3: full strength
            "status": "pending",
            "oos": unit.oos_at_start,  # SCS-SETUP-3: in supply unless the scenario says otherwise
            "mp": "0",
            "finished": False,
            "minimum": False,
            "attacked": False,
            "origin": None,
            "origin_mp": "0",
        }
        if unit.setup_default is not None:
            place_unit(state, uid, scn.label(unit.setup_default))
    if setup.get("skip_setup"):
        state["setup_done"] = list(scn.setup_order)
        begin_phase(scn, state, 1, scn.first_player, "movement")
    return state


def set_unit(state: State, uid: str, **changes: Any) -> None:
    """Change a unit: its dict is replaced, never changed in place, so states may share it."""
    units = state["units"]
    units[uid] = {**units[uid], **changes}


def place_unit(state: State, uid: str, label: str | None, top: bool = False) -> None:
    """Move a unit to a hex (bottom of the stack unless `top`), or off the map (None).

    Stack lists are replaced, never changed in place, so states may share them.
    """
    stacks = state["stacks"]
    old = state["units"][uid]["hex"]
    if old:
        stack = list(stacks[old])
        stack.remove(uid)
        if stack:
            stacks[old] = stack
        else:
            del stacks[old]
    if label:
        here = stacks.get(label, [])
        stacks[label] = [uid, *here] if top else [*here, uid]
        set_unit(state, uid, hex=label, status="map")
    else:
        set_unit(state, uid, hex=label)


def take_step(scn: Scenario, state: State, uid: str) -> bool:
    """SCS-STEP-1: one step lost; True if that eliminated the unit."""
    unit = state["units"][uid]
    if unit["status"] != "map":
        return False
    side = scn.units[uid].side
    state["steps_lost"][side] += 1
    if unit["step"] + 1 >= len(scn.units[uid].steps):
        place_unit(state, uid, None)
        set_unit(state, uid, status="eliminated")
        return True
    set_unit(state, uid, step=unit["step"] + 1)
    return False


def begin_phase(scn: Scenario, state: State, turn: int, player: str, phase: str) -> None:
    """Reset per-phase bookkeeping (SCS-3.1d fresh MP; SCS-2.1b freeze; SCS-REI-1 arrivals)."""
    state["turn"], state["player"], state["phase"] = turn, player, phase
    state["moving"], state["last_move"] = [], None
    fresh: dict[str, Any] = {
        "mp": "0",
        "finished": False,
        "minimum": False,
        "origin": None,
        "origin_mp": "0",
    }
    if phase == "combat":
        fresh["attacked"] = False
    units = state["units"]
    for uid, unit in units.items():
        units[uid] = {**unit, **fresh}
    if phase == "combat":
        state["attacked_hexes"] = []
    state["phase_start"] = {
        uid: u["hex"]
        for uid, u in state["units"].items()
        if u["status"] == "map" and scn.units[uid].side == player
    }
    state["frozen"] = []
    # SCS-EXP-1, SCS-EXP-2 / PD-28: a fresh MA above; frozen if in an EZOC (SCS-2.1b, PD-11).
    if phase == "exploitation":
        enemy_zoc = board.ezoc(scn, state, player)
        state["frozen"] = sorted(
            uid for uid, label in state["phase_start"].items() if scn.grid.cell(label) in enemy_zoc
        )
    state.setdefault("history", []).append(
        {
            "turn": turn,
            "player": player,
            "phase": phase,
            "stacks": {h: list(ids) for h, ids in state["stacks"].items()},
            "steps": {uid: u["step"] for uid, u in state["units"].items() if u["status"] == "map"},
            "oos": sorted(uid for uid, u in state["units"].items() if u["oos"]),
            "control": dict(state["control"]),
        }
    )
    state["due"] = []
    if phase == "movement":
        state["due"] = sorted(
            uid
            for uid, arrival in scn.arrivals.items()
            if scn.units[uid].side == player
            and state["units"][uid]["status"] == "pending"
            and state["delayed"].get(uid, arrival.turn) <= turn
        )


def copy_state(state: State) -> State:
    """A deep copy of JSON data (marshal round trip: exact for dicts, lists, strings, numbers)."""
    copied: State = marshal.loads(marshal.dumps(state))
    return copied


def dump(state: State) -> dict[str, Any]:
    return copy_state(state)


def load(data: Mapping[str, Any]) -> State:
    if int(data.get("version", 0)) != VERSION:
        raise RulesError(m.BAD_VERSION(version=str(data.get("version"))))
    copied: State = copy_json(dict(data))
    return copied
