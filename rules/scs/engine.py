"""The SCS game: state, sequence of play, movement, overrun, combat, supply, victory."""

from __future__ import annotations

import hashlib
import heapq
import itertools
import marshal
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from fractions import Fraction
from typing import Any

from rules.core.dice import Dice
from rules.core.errors import IllegalAction, RulesError, SheetError
from rules.core.jsonstate import copy_json
from rules.core.params import list_param, str_param
from rules.core.sheets import mapping_field
from rules.core.system import Action, Event
from rules.geometry.hex import Hex
from rules.scs import board
from rules.scs.board import State
from rules.scs.crt import Result, SideResult, as_fraction, fmt, odds, parse_result
from rules.scs.scenario import Scenario, load_scenario, sorted_repr
from rules.scs.settings import campaign_settings

VERSION = 1
PHASES = ("movement", "combat", "exploitation", "supply")
STAGES = ("attacker_losses", "defender_losses", "defender_retreat", "attacker_retreat", "advance")
Writes = tuple[str, ...]  # the top-level parts of a state an apply handler changes in place


# --------------------------------------------------------------------------------------------
# State basics


_BY_KEY: dict[str, Scenario] = {}


def _scenario_key(spec: Any, overrides: Mapping[str, Any]) -> str:
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
        "scenario_key": _scenario_key(spec, overrides),
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
            _place(state, uid, scn.label(unit.setup_default))
    if setup.get("skip_setup"):
        state["setup_done"] = list(scn.setup_order)
        _begin_phase(scn, state, 1, scn.first_player, "movement")
    return state


def _set(state: State, uid: str, **changes: Any) -> None:
    """Change a unit: its dict is replaced, never changed in place, so states may share it."""
    units = state["units"]
    units[uid] = {**units[uid], **changes}


def _place(state: State, uid: str, label: str | None, top: bool = False) -> None:
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
        _set(state, uid, hex=label, status="map")
    else:
        _set(state, uid, hex=label)


def _take_step(scn: Scenario, state: State, uid: str) -> bool:
    """SCS-STEP-1: one step lost; True if that eliminated the unit."""
    unit = state["units"][uid]
    if unit["status"] != "map":
        return False
    side = scn.units[uid].side
    state["steps_lost"][side] += 1
    if unit["step"] + 1 >= len(scn.units[uid].steps):
        _place(state, uid, None)
        _set(state, uid, status="eliminated")
        return True
    _set(state, uid, step=unit["step"] + 1)
    return False


def _begin_phase(scn: Scenario, state: State, turn: int, player: str, phase: str) -> None:
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


def _copy(state: State) -> State:
    """A deep copy of JSON data (marshal round trip: exact for dicts, lists, strings, numbers)."""
    copied: State = marshal.loads(marshal.dumps(state))
    return copied


def dump(state: State) -> dict[str, Any]:
    return _copy(state)


def load(data: Mapping[str, Any]) -> State:
    if int(data.get("version", 0)) != VERSION:
        raise RulesError(f"SCS state version {data.get('version')} is not supported")
    copied: State = copy_json(dict(data))
    return copied


# --------------------------------------------------------------------------------------------
# Apply: state is the fold of the events


def apply(state: State, event: Event) -> State:
    """Fold one event into a new state (the old one is not changed).

    `resolve` has already folded each event it returns, in order, from the state it was given
    (its Scratch); applying that event to that very state object takes the fold it made, once,
    instead of making it again. Any other call folds the event here.
    """
    for scratch in reversed(RECENT):
        folded = scratch.take(state, event)
        if folded is not None:
            return folded
    return _fold(state, event)


def _fold(state: State, event: Event, scn: Scenario | None = None) -> State:
    """The fold of one event: only the top-level parts its handler writes are copied; the rest
    is shared with the old state, which is never changed in place (SCS-ENG-1)."""
    handler, writes = _handler(event.kind)
    new = _writable(state, writes)
    handler(scn if scn is not None else scenario_of(new), new, event.payload)  # read only
    return new


# The last resolutions, newest last: each keeps its folds until `apply` takes them (once each);
# the work of resolutions never applied (a refused action's partial work) falls off the end.
RECENT: deque[Scratch] = deque(maxlen=16)


def _handler(kind: str) -> tuple[Callable[[Scenario, State, Mapping[str, Any]], None], Writes]:
    found = _APPLY.get(kind)
    if found is None:
        raise RulesError(f"SCS cannot apply event {kind!r}")
    return found


def _copy_part(key: str, value: Any) -> Any:
    """A copy of one top-level part deep enough for the apply handlers to change it in place."""
    return None if value is None else _COPIERS.get(key, copy_json)(value)


def _copy_combat(combat: dict[str, Any]) -> dict[str, Any]:
    # "figures", the unit lists and each to_retreat list are only ever replaced, never changed.
    new = dict(combat)
    new["done"] = list(combat["done"])
    new["option_k"] = dict(combat["option_k"])
    new["to_retreat"] = dict(combat["to_retreat"])
    new["retreated"] = list(combat["retreated"])
    return new


_COPIERS: dict[str, Callable[[Any], Any]] = {
    "units": dict,  # each unit's dict is replaced by _set, never changed in place
    "stacks": dict,  # each stack list is replaced by _place, never changed in place
    "combat": _copy_combat,
    "control": dict,
    "steps_lost": dict,
    "exited": dict,
    "delayed": dict,
    "phase_start": dict,
    "setup_done": list,
    "due": list,
    "attacked_hexes": list,
    "history": list,  # entries are never changed once written
}


def _writable(state: State, writes: Writes) -> State:
    """A new state whose `writes` parts may be changed in place (for scratch work in resolve)."""
    new = dict(state)
    copiers = _COPIERS
    for key in writes:
        value = state.get(key)
        if value is not None:
            new[key] = copiers.get(key, copy_json)(value)
    return new


def _a_phase(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    _begin_phase(scn, s, int(p["turn"]), str(p["player"]), str(p["phase"]))


def _a_setup_placed(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    _place(s, p["unit"], p["hex"])


def _a_setup_done(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    s["setup_done"].append(p["side"])
    if p.get("next"):
        s["player"] = p["next"]


def _enter(scn: Scenario, s: State, side: str, labels: list[str]) -> None:
    """SCS-CTRL-1 / PD-31: a VP hex changes hands when a unit of the other side enters it."""
    for label in labels:
        if label in s["control"]:
            s["control"][label] = side


def _a_moved(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    units: list[str] = p["units"]
    moving = s["moving"]
    before = {uid: [s["units"][uid]["origin"], s["units"][uid]["origin_mp"]] for uid in units}
    finished_before = {uid: s["units"][uid]["finished"] for uid in moving}
    if moving and set(units) <= set(moving):
        for uid in moving:  # PD-10: units dropped off a moving stack end their move
            if uid not in units:
                _set(s, uid, finished=True)
    else:
        for uid in moving:
            _set(s, uid, finished=True)
        for uid in units:
            _set(s, uid, origin=s["units"][uid]["hex"])
            _set(s, uid, origin_mp=s["units"][uid]["mp"])
    s["last_move"] = {
        "units": list(units),
        "from": s["units"][units[0]]["hex"],
        "mp": {uid: s["units"][uid]["mp"] for uid in units},
        "control": dict(s["control"]),
        "moving": list(moving),
        "finished": finished_before,
        "origin": before,
    }
    s["moving"] = list(units)
    for uid in units:
        _place(s, uid, p["path"][-1])
        _set(s, uid, mp=p["mp"][uid])
        if p.get("minimum"):
            _set(s, uid, minimum=True)
            _set(s, uid, finished=True)  # SCS-3.1e: the minimum move ends the unit's move
    _enter(scn, s, scn.units[units[0]].side, p["path"])


def _a_undone(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    last = s["last_move"]
    for uid in last["units"]:
        _place(s, uid, last["from"])
        _set(s, uid, mp=last["mp"][uid])
        origin, origin_mp = last["origin"][uid]
        _set(s, uid, origin=origin, origin_mp=origin_mp)
        _set(s, uid, minimum=False)
        _set(s, uid, finished=False)
    for uid, done in last["finished"].items():
        _set(s, uid, finished=done)
    s["moving"] = last["moving"]
    s["control"] = last["control"]
    s["last_move"] = None


def _a_reordered(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    s["stacks"][p["hex"]] = list(p["order"])


def _a_reinforcement(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    uid = p["unit"]
    _place(s, uid, p["hex"])
    _set(s, uid, oos=False)  # SCS-SUP-5: arrivals are in supply
    s["due"].remove(uid)
    s["phase_start"][uid] = p["hex"]
    _enter(scn, s, scn.units[uid].side, [p["hex"]])


def _a_delayed(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    s["delayed"][p["unit"]] = int(p["turn"])
    if p["unit"] in s["due"]:
        s["due"].remove(p["unit"])


def _a_declared(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    s["last_move"] = None
    combat = {
        "kind": p["kind"],
        "target": p["target"],
        "attackers": list(p["attackers"]),
        "defenders": list(p["defenders"]),
        "attacker_side": p["attacker_side"],
        "defender_side": p["defender_side"],
        "result": None,
        "done": [],
        "option_k": {},
        "to_retreat": {},
        "retreated": [],
        "figures": None,
        "support": list(p.get("support") or []),
    }
    s["combat"] = combat
    if p["kind"] == "overrun":
        moving = s["moving"]
        if not set(p["attackers"]) <= set(moving):
            for uid in moving:
                _set(s, uid, finished=True)
            s["moving"] = list(p["attackers"])
        for uid in p["attackers"]:
            spent = as_fraction(s["units"][uid]["mp"]) + as_fraction(p["mp_cost"])
            _set(s, uid, mp=fmt(spent))
    else:
        s["attacked_hexes"].append(p["target"])
        for uid in p["attackers"]:
            _set(s, uid, attacked=True)


def _a_refused(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    for uid in p["units"]:
        unit = s["units"][uid]
        if unit["origin"]:
            _place(s, uid, unit["origin"])
            _set(s, uid, mp=unit["origin_mp"])
    s["last_move"] = None


def _a_resolved(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    combat = s["combat"]
    combat["result"] = p["result"]
    combat["figures"] = p["figures"]
    parsed = parse_result(p["result"])
    for key, part in (("attacker", parsed.attacker), ("defender", parsed.defender)):
        side = combat[f"{key}_side"]
        if part.option or part.retreat:
            combat["to_retreat"][side] = _participants(s, combat, side)


def _a_losses(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    for uid in p["losses"]:
        _take_step(scn, s, uid)
    combat = s["combat"]
    if combat is not None and p.get("stage"):
        combat["done"].append(p["stage"])
    _drop_dead(s)


def _drop_dead(s: State) -> None:
    combat = s["combat"]
    if combat is None:
        return
    for side, ids in combat["to_retreat"].items():
        combat["to_retreat"][side] = [u for u in ids if s["units"][u]["status"] == "map"]
    s["moving"] = [u for u in s["moving"] if s["units"][u]["status"] == "map"]


def _a_retreated(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    combat = s["combat"]
    side = p["side"]
    if "k" in p:
        combat["option_k"][side] = int(p["k"])
    for uid in p.get("extra_losses", []):
        _take_step(scn, s, uid)
    _drop_dead(s)
    group = [u for u in p["units"] if s["units"][u]["status"] == "map"]
    for i, label in enumerate(p["path"]):
        for uid in p["ezoc_losses"].get(str(i), []):
            _take_step(scn, s, uid)
        group = [u for u in group if s["units"][u]["status"] == "map"]
        for uid in group:
            _place(s, uid, label)
        _enter(scn, s, side, [label])
    for uid in p.get("eliminated", []):
        if s["units"][uid]["status"] == "map":
            steps = len(scn.units[uid].steps) - s["units"][uid]["step"]
            s["steps_lost"][side] += steps
            _place(s, uid, None)
            _set(s, uid, status="eliminated")
    combat["to_retreat"][side] = [
        u for u in combat["to_retreat"].get(side, []) if u not in p["units"]
    ]
    combat["retreated"].extend(p["units"])
    if side == combat["attacker_side"]:
        for uid in p["units"]:
            _set(s, uid, finished=True)  # SCS-OVR-3: a retreating overrunner stops
    _drop_dead(s)
    if not combat["to_retreat"][side]:
        stage = "attacker_retreat" if side == combat["attacker_side"] else "defender_retreat"
        combat["done"].append(stage)


def _a_advanced(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    cost = as_fraction(p["mp_cost"]) if p.get("mp_cost") else 0
    for uid in p["units"]:
        _place(s, uid, p["hex"])
        if cost:  # PD-15: overrun.enter_vacated_hex_cost
            _set(s, uid, mp=fmt(as_fraction(s["units"][uid]["mp"]) + cost))
    if p["units"]:
        _enter(scn, s, scn.units[p["units"][0]].side, [p["hex"]])
    s["combat"]["done"].append("advance")


def _a_combat_ended(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    combat = s["combat"]
    s["combat"] = None
    if combat["kind"] == "overrun":
        s["moving"] = [
            u for u in combat["attackers"] if s["units"][u]["status"] == "map" and u in s["moving"]
        ]
        for uid in s["moving"]:  # the dice are rolled: a later SCS-STK-3 redo starts from here
            _set(s, uid, origin=s["units"][uid]["hex"])
            _set(s, uid, origin_mp=s["units"][uid]["mp"])


def _a_eliminated(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    for uid in p["units"]:
        if s["units"][uid]["status"] == "map":
            side = scn.units[uid].side
            s["steps_lost"][side] += len(scn.units[uid].steps) - s["units"][uid]["step"]
            _place(s, uid, None)
            _set(s, uid, status="eliminated")


def _a_supply(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    for uid in p["out"]:
        _set(s, uid, oos=True)
    for uid in p["in"]:
        _set(s, uid, oos=False)
    for uid in p["attrition"]:
        _take_step(scn, s, uid)
    for uid in p.get("attrition_eliminated", []):
        _a_eliminated(scn, s, {"units": [uid]})


def _a_turn(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    s["turn"] = int(p["turn"])


def _a_ended(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    s["phase"] = "over"
    s["winner"] = p["winner"]
    s["vp"] = p["vp"]
    s["moving"] = []


def _a_exited(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    for uid in p["units"]:
        _place(s, uid, None)
        _set(s, uid, status="exited")
        s["exited"][p["side"]] += 1
    s["moving"] = [u for u in s["moving"] if u not in p["units"]]
    s["last_move"] = None


_PLACE = ("units", "stacks")  # _place changes both
_STEP = (*_PLACE, "steps_lost")  # _take_step

# Each event's handler and the top-level parts it changes in place (everything else it may only
# read or replace wholesale). A handler that changes a part not listed here would change the
# state it was given: tests/rules/scs/test_scs_purity.py checks every event kind against this.
_APPLY: dict[str, tuple[Callable[[Scenario, State, Mapping[str, Any]], None], Writes]] = {
    "phase.started": (_a_phase, ("units", "history")),
    "setup.placed": (_a_setup_placed, _PLACE),
    "setup.finished": (_a_setup_done, ("setup_done",)),
    "unit.moved": (_a_moved, (*_PLACE, "control")),
    "move.undone": (_a_undone, _PLACE),
    "stack.reordered": (_a_reordered, ("stacks",)),
    "reinforcement.placed": (_a_reinforcement, (*_PLACE, "due", "phase_start", "control")),
    "reinforcement.delayed": (_a_delayed, ("delayed", "due")),
    "attack.declared": (_a_declared, ("units", "attacked_hexes")),
    "overrun.refused": (_a_refused, _PLACE),
    "attack.resolved": (_a_resolved, ("combat",)),
    "losses.taken": (_a_losses, (*_STEP, "combat")),
    "retreat.moved": (_a_retreated, (*_STEP, "combat", "control")),
    "advance.moved": (_a_advanced, (*_PLACE, "combat", "control")),
    "combat.ended": (_a_combat_ended, ("units",)),
    "units.eliminated": (_a_eliminated, _STEP),
    "units.exited": (_a_exited, (*_PLACE, "exited")),
    "supply.checked": (_a_supply, _STEP),
    "turn.advanced": (_a_turn, ()),
    "game.ended": (_a_ended, ()),
}


# --------------------------------------------------------------------------------------------
# Resolve helpers


class Scratch:
    """Events being produced by one resolution, each folded into the scratch state as it goes.

    Each event is folded as `apply` would fold it (the state given to resolve is never changed),
    and the fold is left for `apply` to take when the caller applies that event to that state.
    """

    def __init__(self, state: State, scn: Scenario | None = None) -> None:
        self.state = state
        self.events: list[Event] = []
        self._scn = scn if scn is not None else scenario_of(state)
        # (event, the state it was folded into, the result), compared by identity, single use
        self._folds: list[tuple[Event, State, State] | None] = []
        RECENT.append(self)

    def emit(self, event: Event) -> None:
        self.events.append(event)
        new = _fold(self.state, event, self._scn)
        self._folds.append((event, self.state, new))
        self.state = new

    def take(self, state: State, event: Event) -> State | None:
        """The fold of `event` into `state` this resolution made, once; None if it made none."""
        for n, fold in enumerate(self._folds):
            if fold is not None and fold[0] is event:
                if fold[1] is not state:
                    return None
                self._folds[n] = None
                return fold[2]
        return None


def _side_name(scn: Scenario, side: str) -> str:
    return scn.side_names.get(side, side.title())


def _unit_text(scn: Scenario, state: State, uid: str) -> str:
    unit = scn.units[uid]
    step = board.current_step(scn, state, uid)
    return f"{uid} {unit.name} ({step.attack}-{step.defense}-{step.ma})"


def _units_param(params: Mapping[str, Any], name: str = "units") -> list[str]:
    seen: list[str] = []
    for uid in list_param(params, name):
        uid = uid.strip()
        if uid and uid not in seen:
            seen.append(uid)
    return seen


def _hex_param(scn: Scenario, params: Mapping[str, Any], name: str) -> Hex:
    label = str_param(params, name)
    try:
        return scn.grid.cell(label)
    except RulesError as exc:
        raise IllegalAction(f"{name}: {exc.message}", "SCS-MAP-3") from None


def _own_units(scn: Scenario, state: State, side: str, uids: list[str], rule: str) -> None:
    if not uids:
        raise IllegalAction("choose at least one unit", rule)
    for uid in uids:
        if uid not in scn.units:
            raise IllegalAction(f"there is no unit {uid}", rule)
        if scn.units[uid].side != side:
            raise IllegalAction(f"{uid} is not a {_side_name(scn, side)} unit", rule)
        if state["units"][uid]["status"] != "map":
            raise IllegalAction(f"{uid} is not on the map", rule)


def _one_hex(state: State, uids: list[str], rule: str) -> str:
    hexes = {str(state["units"][uid]["hex"]) for uid in uids}
    if len(hexes) != 1:
        raise IllegalAction("the units must stand in one hex to move or attack together", rule)
    return hexes.pop()


def _require_phase(
    scn: Scenario, state: State, side: str, phases: tuple[str, ...], what: str
) -> None:
    """SCS-1.0a / SCS-3.3b: each action only in its side's own phase."""
    if state["phase"] == "over":
        raise IllegalAction("the game is over", "SCS-VIC-1")
    if state["player"] != side:
        raise IllegalAction(
            f"it is {_side_name(scn, state['player'])}'s {state['phase']} phase; "
            f"{_side_name(scn, side)} cannot {what} now",
            "SCS-1.0a",
        )
    if state["phase"] not in phases:
        raise IllegalAction(f"{what} is not allowed in the {state['phase']} phase", "SCS-1.1")


def _no_combat(state: State) -> None:
    if state["combat"] is not None:
        raise IllegalAction("finish the combat in progress first", "SCS-CBT-5")


# --------------------------------------------------------------------------------------------
# Movement (SCS-3.*, SCS-2.1a, SCS-TEC-2)


def step_cost(
    scn: Scenario, state: State, uid: str, a: Hex, b: Hex, enemy_zoc: AbstractSet[Hex]
) -> tuple[Fraction | None, str]:
    """SCS-TEC-2: MP for one unit to enter b from a, with the reason ("enemy ZOC +2")."""
    if not scn.grid.contains(b):
        off = board.offmap_cost(scn, scn.units[uid].move_class, b)
        if off is None:
            return None, "off the map (SCS-MAP-5)"
        return off, f"off the map {fmt(off)} (allow_offmap_movement, SCS-MAP-5)"
    side = scn.units[uid].side
    owner = board.occupant(scn, state, b)
    if owner is not None and owner != side:
        return None, "enemy-occupied hex (SCS-3.3a)"
    cost, why = board.terrain_cost(scn, scn.units[uid].move_class, a, b)
    if cost is None:
        return None, why + " (SCS-3.2d)"
    if b in enemy_zoc:  # SCS-2.1a
        cost += scn.ezoc_entry_cost
        why += f", enemy ZOC +{scn.ezoc_entry_cost}"
    return cost, why


def movable(scn: Scenario, state: State, uid: str) -> str | None:
    """Why a unit may not move now (None if it may)."""
    unit = state["units"][uid]
    if unit["status"] != "map":
        return "not on the map"
    if unit["finished"]:
        return "its move has ended (SCS-3.1e / PD-10)"
    if state["phase"] == "exploitation":
        if not scn.units[uid].exploit:
            return "not exploitation-capable (SCS-1.2c, SCS-EXP-1)"
        if uid in state["frozen"]:
            # PD-11: the minimum move (SCS-3.1e) is not open to them either
            return "in an enemy ZOC at the start of the Exploitation Phase (SCS-2.1b)"
    if board.current_step(scn, state, uid).ma <= 0:
        return "movement allowance 0"
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
                reasons[label] = f"{label}: enemy units (SCS-3.3a)"
                continue
            for uid in uids:
                cost, why = step_cost(scn, state, uid, here_cell, nxt, enemy_zoc)
                if cost is None:
                    reasons[label] = f"{label}: {why}"
                    break
                left = board.ma_eff(scn, state, uid) - used[uid]
                if cost > left:
                    reasons[label] = (
                        f"{label} from {here}: {why} = {fmt(cost)} MP, {fmt(left)} MP left"
                        + (f" ({uid})" if len(uids) > 1 else "")
                    )
                    break
    return reasons


def _fresh(state: State, uid: str) -> bool:
    unit = state["units"][uid]
    return as_fraction(unit["mp"]) == 0 and not unit["finished"] and unit["origin"] is None


def why_not_enter(scn: Scenario, state: State, uids: list[str], target: str) -> str:
    """A player-readable reason why a group cannot reach a hex ("enemy ZOC: +2 MP, 1 MP left")."""
    try:
        goal = scn.grid.cell(target)
    except RulesError:
        return f"{target} is off the map (SCS-MAP-3)"
    origin = scn.grid.cell(state["units"][uids[0]]["hex"])
    side = scn.units[uids[0]].side
    owner = board.occupant(scn, state, goal)
    if owner is not None and owner != side:
        return f"{target} holds enemy units (SCS-3.3a); attack or overrun it instead"
    if scn.grid.distance(origin, goal) == 1:
        enemy_zoc = board.ezoc(scn, state, side)
        for uid in uids:
            cost, why = step_cost(scn, state, uid, origin, goal, enemy_zoc)
            if cost is None:
                return f"{uid}: {why}"
            left = board.mp_left(scn, state, uid)
            if cost > left:
                return f"{uid}: {why} = {fmt(cost)} MP, {fmt(left)} MP left (SCS-3.2a)"
    return f"{target} is out of reach this phase (SCS-3.1b)"


def _r_move(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-3.0 / SCS-3.1a: any of the side's units in one hex move together along `path` or the
    cheapest legal path to `to`; friendly stacks are passed through freely (SCS-STK-4)."""
    side = action.actor
    _require_phase(scn, state, side, ("movement", "exploitation"), "move")
    _no_combat(state)
    if state["due"]:
        raise IllegalAction("place this turn's reinforcements first", "SCS-1.2a")
    uids = _units_param(action.params)
    _own_units(scn, state, side, uids, "SCS-3.0")
    start_label = _one_hex(state, uids, "SCS-3.0")
    for uid in uids:
        reason = movable(scn, state, uid)
        if reason:
            raise IllegalAction(f"{uid} cannot move: {reason}", "SCS-3.1")
    options = movement_options(scn, state, uids)
    path_labels = list_param(action.params, "path")
    if path_labels:
        path = [_path_label(scn, p) for p in path_labels]
        if path[0] == start_label:  # a path may name the hex it starts from
            path = path[1:]
        if not path:
            raise IllegalAction("the path must enter at least one hex", "SCS-3.0")
        target = path[-1]
        _check_path(scn, state, uids, start_label, path)
        if not scn.grid.contains(scn.grid.parse(target)):
            raise IllegalAction(
                f"a move must end on the map, not in {target}; units leave the map only from "
                "an exit hex (unit.exit, SCS-MAP-4)",
                "SCS-MAP-5",
            )
        option = options.get(target)
        cost_mp: dict[str, str]
        minimum = False
        enemy_zoc = board.ezoc(scn, state, side)
        costs = {u: board.mp_spent(state, u) for u in uids}
        prev = scn.grid.cell(start_label)
        over = None
        for label in path:
            nxt = scn.grid.parse(label)
            for uid in uids:
                c, why = step_cost(scn, state, uid, prev, nxt, enemy_zoc)
                assert c is not None
                costs[uid] += c
                if costs[uid] > board.ma_eff(scn, state, uid):
                    over = f"{uid}: entering {label} ({why}) needs {fmt(costs[uid])} MP, MA is "
                    over += f"{board.ma_eff(scn, state, uid)} (SCS-3.1b)"
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
        target = scn.label(_hex_param(scn, action.params, "to"))
        option = options.get(target)
        if option is None:
            raise IllegalAction(why_not_enter(scn, state, uids, target), "SCS-3.2a")
        path, cost_mp, minimum = option["path"], option["mp"], option["minimum"]
    moved = len(uids)
    text = f"{_side_name(scn, side)} moved {', '.join(uids)} {start_label} → {' → '.join(path)}"
    spent = "; ".join(f"{u} {cost_mp[u]} of {board.ma_eff(scn, state, u)} MP" for u in uids)
    text += " (minimum move, SCS-3.1e)" if minimum else f" ({spent})"
    out.emit(
        Event(
            "unit.moved",
            {"units": uids, "path": path, "mp": cost_mp, "minimum": minimum, "from": start_label},
            text=text,
            audience=f"side:{side}",
            redacted_text=f"{_side_name(scn, side)} moved {moved} counter{'s' * (moved > 1)} "
            f"{start_label} → {path[-1]}",
        )
    )


def _path_label(scn: Scenario, label: str) -> str:
    """A move path's hex id: a hex of the map, or one just off it where the scenario allows
    moves to leave the map and come back (allow_offmap_movement, SCS-MAP-5)."""
    try:
        cell_ = scn.grid.parse(label.strip())
    except RulesError as exc:
        raise IllegalAction(f"path: {exc.message}", "SCS-MAP-1") from None
    if not scn.grid.contains(cell_) and cell_ not in scn.offmap_cells:
        why = "" if scn.allow_offmap_movement else "; moves may not leave the map"
        raise IllegalAction(f"path: hex {label.strip()} is off the map{why}", "SCS-MAP-5")
    return scn.label(cell_)


def _check_path(scn: Scenario, state: State, uids: list[str], start: str, path: list[str]) -> None:
    prev = scn.grid.cell(start)
    enemy_zoc = board.ezoc(scn, state, scn.units[uids[0]].side)
    for label in path:
        nxt = scn.grid.parse(label)
        if not scn.grid.adjacent(prev, nxt):
            raise IllegalAction(f"{label} is not adjacent to {scn.label(prev)}", "SCS-3.0")
        for uid in uids:
            c, why = step_cost(scn, state, uid, prev, nxt, enemy_zoc)
            if c is None:
                raise IllegalAction(f"{uid} cannot enter {label}: {why}", "SCS-3.2d")
        prev = nxt


def _r_exit(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-MAP-4 / SCS-3.3c: units on one of their side's exit hexes leave the map (exit VP)."""
    side = action.actor
    _require_phase(scn, state, side, ("movement", "exploitation"), "leave the map")
    _no_combat(state)
    uids = _units_param(action.params)
    _own_units(scn, state, side, uids, "SCS-MAP-4")
    label = _one_hex(state, uids, "SCS-MAP-4")
    if scn.grid.cell(label) not in scn.exits.get(side, frozenset()):
        raise IllegalAction(f"{label} is not an exit hex for {_side_name(scn, side)}", "SCS-MAP-4")
    for uid in uids:
        reason = movable(scn, state, uid)
        if reason:
            raise IllegalAction(f"{uid} cannot move: {reason}", "SCS-MAP-4")
    out.emit(
        Event(
            "units.exited",
            {"units": uids, "hex": label, "side": side},
            text=f"{_side_name(scn, side)}: {', '.join(uids)} leave the map from {label}"
            + (f" ({scn.exit_vp} VP each)" if scn.exit_vp else "")
            + " (SCS-3.3c)",
            audience=f"side:{side}",
            redacted_text=f"{len(uids)} {_side_name(scn, side)} counter(s) leave the map "
            f"from {label}",
        )
    )


def _r_undo(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-ENG-2 / PD-34: a move may be taken back until another stack moves or a die is rolled."""
    side = action.actor
    _require_phase(scn, state, side, ("movement", "exploitation"), "undo a move")
    last = state["last_move"]
    if not last:
        raise IllegalAction("there is no move to take back", "SCS-ENG-2")
    out.emit(
        Event(
            "move.undone",
            {"units": last["units"], "hex": last["from"]},
            text=f"{_side_name(scn, side)} took back the move of {', '.join(last['units'])}",
            audience=f"side:{side}",
            redacted_text=f"{_side_name(scn, side)} took back a move",
        )
    )


def _r_reorder(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """PD-07: the owner chooses which unit is on top, in his own phases."""
    side = action.actor
    if state["player"] != side or state["phase"] == "over":
        raise IllegalAction("stacks are reordered in your own phases", "PD-07")
    label = scn.label(_hex_param(scn, action.params, "hex"))
    stack = board.stack(state, label)
    if not stack or scn.units[stack[0]].side != side:
        raise IllegalAction(f"no {_side_name(scn, side)} stack in {label}", "PD-07")
    top = str_param(action.params, "top")
    if top not in stack:
        raise IllegalAction(f"{top} is not in the stack in {label}", "PD-07")
    order = [top] + [u for u in stack if u != top]
    out.emit(
        Event(
            "stack.reordered",
            {"hex": label, "order": order},
            text=f"{_side_name(scn, side)} put {top} on top in {label}",
            audience=f"side:{side}",
            redacted_text=f"{_side_name(scn, side)} rearranged the stack in {label}",
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


def _r_reinforce(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-REI-1: place a due reinforcement on one of its entry hexes (EZOC ignored, no enemy)."""
    side = action.actor
    _require_phase(scn, state, side, ("movement",), "place reinforcements")
    uid = str_param(action.params, "unit")
    if uid not in state["due"]:
        raise IllegalAction(f"{uid} is not a reinforcement due now", "SCS-REI-1")
    cell_ = _hex_param(scn, action.params, "hex")
    owner = board.occupant(scn, state, cell_)
    if owner is not None and owner != side:
        raise IllegalAction(f"{scn.label(cell_)} holds enemy units", "SCS-REI-1")
    allowed = entry_hexes(scn, state, uid)
    if cell_ not in allowed:
        entries = ", ".join(scn.label(c) for c in allowed)
        raise IllegalAction(f"{uid} enters on {entries} only", "SCS-REI-1")
    out.emit(
        Event(
            "reinforcement.placed",
            {"unit": uid, "hex": scn.label(cell_)},
            text=f"{_side_name(scn, side)} reinforcement {_unit_text(scn, state, uid)} "
            f"arrives on {scn.label(cell_)}",
            audience=f"side:{side}",
            redacted_text=f"A {_side_name(scn, side)} reinforcement arrives on {scn.label(cell_)}",
        )
    )


# --------------------------------------------------------------------------------------------
# Set-up (SCS-SETUP-*)


def _r_setup_place(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-SETUP-1 / PD-02: a unit set up inside its area; only its side hears where (PD-32)."""
    side = action.actor
    if state["phase"] != "setup" or state["player"] != side:
        raise IllegalAction(f"{_side_name(scn, side)} cannot set up now", "SCS-SETUP-5")
    uid = str_param(action.params, "unit")
    if uid not in scn.units or scn.units[uid].side != side or state["units"][uid]["hex"] is None:
        raise IllegalAction(f"{uid} is not one of your set-up units", "SCS-SETUP-1")
    unit = scn.units[uid]
    cell_ = _hex_param(scn, action.params, "hex")
    label = scn.label(cell_)
    if cell_ not in unit.setup_area:
        raise IllegalAction(f"{uid} must set up within its set-up area, not {label}", "SCS-SETUP-1")
    if scn.terrain_of(cell_).mp[unit.move_class] is None:
        raise IllegalAction(f"{label} is prohibited terrain for {uid}", "PD-02")
    owner = board.occupant(scn, state, cell_)
    if owner is not None and owner != side:
        raise IllegalAction(f"{label} holds enemy units", "PD-02")
    out.emit(
        Event(
            "setup.placed",
            {"unit": uid, "hex": label},
            text=f"{_side_name(scn, side)} sets up {uid} in {label}",
            audience=f"side:{side}",
            redacted_text=f"{_side_name(scn, side)} adjusts its set-up",
        )
    )


# --------------------------------------------------------------------------------------------
# Combat and overrun (SCS-2.1c, SCS-CBT-*, SCS-OVR-*, SCS-CRT-*)


def _check_attackers(
    scn: Scenario, state: State, uids: list[str], target: Hex, overrun: bool
) -> None:
    label = scn.label(target)
    qualified = False
    for uid in uids:
        where = board.unit_hex(scn, state, uid)
        assert where is not None
        unit = scn.units[uid]
        if unit.attack_mode == "support":  # SCS-ART-1 / PD-29
            if overrun:
                raise IllegalAction(f"{uid} is a support unit and never overruns", "SCS-ART-1")
            if not scn.support_enabled:
                raise IllegalAction(
                    f"{uid} is a support unit; the support module is off (support.enabled)",
                    "PD-29",
                )
            if scn.grid.distance(where, target) > unit.support_range:
                raise IllegalAction(
                    f"{label} is beyond {uid}'s support range of {unit.support_range}", "SCS-ART-1"
                )
            continue
        if not scn.grid.adjacent(where, target):
            raise IllegalAction(f"{uid} is not adjacent to {label}", "SCS-2.1c")
        if board.has_zoc(scn, state, uid):
            if target not in board.zoc(scn, state, uid):
                raise IllegalAction(
                    f"{label} is not in {uid}'s ZOC (terrain it could not enter)", "SCS-2.1c"
                )
            qualified = True
        elif overrun or not scn.zero_strength_may_join:
            raise IllegalAction(f"{uid} has no ZOC and cannot attack {label}", "SCS-2.1c")
    if not qualified:
        raise IllegalAction(
            "at least one attacking unit must have the defending hex in its ZOC", "PD-09"
        )


def _r_declare(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-CBT-5 step 1: a binding declaration; the stacks are then revealed (SCS-FOW-1, PD-06).

    SCS-1.2b / PD-16 / PD-28: only the phasing side, only in its Combat Phase, never compulsory.
    """
    side = action.actor
    _require_phase(scn, state, side, ("combat",), "attack")
    _no_combat(state)
    target = _hex_param(scn, action.params, "target")
    label = scn.label(target)
    uids = _units_param(action.params)
    _own_units(scn, state, side, uids, "SCS-CBT-2")
    defenders = board.stack(state, label)
    if not defenders or scn.units[defenders[0]].side == side:
        raise IllegalAction(f"{label} holds no enemy units", "SCS-CBT-1")
    if label in state["attacked_hexes"]:
        raise IllegalAction(f"{label} has already been attacked this phase", "SCS-CBT-3")
    for uid in uids:
        if state["units"][uid]["attacked"]:
            raise IllegalAction(f"{uid} has already attacked this phase", "SCS-CBT-4")
    _check_attackers(scn, state, uids, target, overrun=False)
    event = _declared_event(scn, state, "attack", side, uids, label, defenders, Fraction(0))
    support = [u for u in uids if scn.units[u].attack_mode == "support"]
    if support:
        event = Event(event.kind, {**event.payload, "support": support}, text=event.text)
    out.emit(event)


def _declared_event(
    scn: Scenario,
    state: State,
    kind: str,
    side: str,
    uids: list[str],
    label: str,
    defenders: list[str],
    mp_cost: Fraction,
) -> Event:
    enemy = board.enemy_of(scn, side)
    attackers = "; ".join(_unit_text(scn, state, u) for u in uids)
    shown = "; ".join(_unit_text(scn, state, u) for u in defenders)
    what = "overruns" if kind == "overrun" else "attacks"
    return Event(
        "attack.declared",
        {
            "kind": kind,
            "target": label,
            "attackers": uids,
            "defenders": defenders,
            "attacker_side": side,
            "defender_side": enemy,
            "mp_cost": fmt(mp_cost),
        },
        text=f"{_side_name(scn, side)} {what} {label} with {attackers}"
        + (f", paying {fmt(mp_cost)} MP" if kind == "overrun" else "")
        + f". Revealed defenders: {shown}",
    )


def _r_overrun(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-OVR-1/2, PD-15: eligible units pay 3 MP and overrun an adjacent enemy hex (CBT-1)."""
    side = action.actor
    _require_phase(scn, state, side, ("movement", "exploitation"), "overrun")
    _no_combat(state)
    if state["due"]:
        raise IllegalAction("place this turn's reinforcements first", "SCS-1.2a")
    target = _hex_param(scn, action.params, "target")
    label = scn.label(target)
    uids = _units_param(action.params)
    _own_units(scn, state, side, uids, "SCS-OVR-1")
    here = _one_hex(state, uids, "SCS-OVR-1")
    defenders = board.stack(state, label)
    if not defenders or scn.units[defenders[0]].side == side:
        raise IllegalAction(f"{label} holds no enemy units", "SCS-OVR-2")
    starts = set()
    for uid in uids:
        reason = movable(scn, state, uid)
        if reason:
            raise IllegalAction(f"{uid} cannot overrun: {reason}", "SCS-OVR-1")
        if scn.overrun_units == "exploit_capable" and not scn.units[uid].exploit:
            raise IllegalAction(f"{uid} is not exploitation-capable and cannot overrun", "PD-15")
        left = board.mp_left(scn, state, uid)
        if left < scn.overrun_mp:
            raise IllegalAction(
                f"{uid} has {fmt(left)} MP left; an overrun costs {fmt(scn.overrun_mp)}", "PD-15"
            )
        starts.add(state["phase_start"].get(uid))
    if scn.overrun_must_start_stacked and (len(starts) != 1 or None in starts):
        raise IllegalAction(
            "overrunning units must have been stacked together at the start of the phase", "PD-15"
        )
    _check_attackers(scn, state, uids, target, overrun=True)
    # SCS-4.0a(b): stacking at the instant of the overrun, with the friendly units in the hex.
    points = board.stack_points(scn, state, here)
    if points > scn.stacking_limit:
        movers = [u for u in board.stack(state, here) if state["units"][u]["origin"]]
        if not movers:
            raise IllegalAction(
                f"{here} holds {points} stacking points (limit {scn.stacking_limit}); "
                "no overrun from an over-stacked hex",
                "SCS-STK-3",
            )
        out.emit(
            Event(
                "overrun.refused",
                {"units": movers, "hex": here},
                text=f"Overrun refused: {here} would hold {points} stacking points "
                f"(limit {scn.stacking_limit}); {', '.join(movers)} go back to where their move "
                "began (SCS-STK-3)",
                audience=f"side:{side}",
                redacted_text=f"{_side_name(scn, side)} took back a move",
            )
        )
        return
    out.emit(_declared_event(scn, state, "overrun", side, uids, label, defenders, scn.overrun_mp))


class _CombatTables:
    """A scenario's combat modifiers sorted by use, read once (SCS-TEC-1, SCS-CBT-6/7/8, PD-17).

    Per hex terrain: attack and defense multipliers (label, value, text), column shifts, DRM;
    per hexside feature: attack multipliers, shifts and DRM when every attacker crosses it.
    """

    def __init__(self, scn: Scenario) -> None:
        self.scn = scn
        self.terrain: dict[str, Any] = {}
        for name, terrain in scn.hex_terrain.items():
            attack, defense, shifts, drm = [], [], [], 0
            for mod in terrain.combat:
                if mod.type == "attack_multiplier":
                    attack.append((f"into {name}", mod.value, fmt(mod.value)))
                elif mod.type == "defense_multiplier":
                    defense.append((name, mod.value, fmt(mod.value)))
                elif mod.type == "column_shift":
                    shifts.append((f"defender in {name}", int(mod.value)))
                elif mod.type == "drm":
                    drm += int(mod.value)
            self.terrain[name] = (tuple(attack), tuple(defense), tuple(shifts), drm)
        self.across: dict[str, Any] = {}
        for name, feature in scn.hexside_features.items():
            attack, shifts, drm = [], [], 0
            for mod in feature.combat:
                if mod.type == "attack_multiplier":
                    attack.append((f"across {name}", mod.value, fmt(mod.value)))
                if mod.type == "column_shift":
                    shifts.append((f"all attack across {name}", int(mod.value)))
                if mod.type == "drm":
                    drm += int(mod.value)
            self.across[name] = (tuple(attack), tuple(shifts), drm)
        self.oos_attack = ("out of supply", scn.oos_attack, fmt(scn.oos_attack))
        self.oos_defense = ("out of supply", scn.oos_defense, fmt(scn.oos_defense))
        self.drms = tuple(
            (str(entry.get("when", "always")), int(Fraction(str(entry["value"]))))
            for entry in scn.drms
        )
        self.columns = tuple(str(c) for c in scn.crt.columns)
        # (attacker's hex, target) -> adjacent?, hexside features crossed, their multipliers
        self.geometry: dict[tuple[Hex, Hex], tuple[bool, tuple[str, ...], tuple[Any, ...]]] = {}
        self.figures: dict[Any, dict[str, Any]] = {}  # combat_figures by what they depend on

    def crossing(self, where: Hex, target: Hex) -> tuple[bool, tuple[str, ...], tuple[Any, ...]]:
        """SCS-ART-1 / PD-17: whether a unit in `where` is adjacent to `target`, the hexside
        features (not roads) it attacks across, and their attack multipliers, in name order."""
        found = self.geometry.get((where, target))
        if found is None:
            scn = self.scn
            names = tuple(sorted(scn.features(where, target) - {"road"}))
            mults = tuple(m for name in names for m in self.across[name][0])
            found = (scn.grid.adjacent(where, target), names, mults)
            if len(self.geometry) >= 4096:
                self.geometry.clear()
            self.geometry[(where, target)] = found
        return found


def _combat_tables(scn: Scenario) -> _CombatTables:
    found: _CombatTables | None = scn.memo.get("combat")
    if found is None:
        found = scn.memo["combat"] = _CombatTables(scn)
    return found


def combat_figures(scn: Scenario, state: State, combat: Mapping[str, Any]) -> dict[str, Any]:
    """SCS-CBT-6/7/8: modified strengths, exact totals, rounded odds, column, shifts and DRM.

    Remembered per scenario by everything they depend on (the combat's kind, target and units,
    and each unit's hex, step, supply and status): the table shows an open combat's figures to
    every audience before the roll, and the roll needs them again. Each call gets its own dict.
    """
    tables = _combat_tables(scn)
    units = state["units"]
    key = (
        combat["kind"],
        combat["target"],
        tuple(
            (uid, u["hex"], u["step"], u["oos"], u["status"])
            for uid in (*combat["attackers"], "", *combat["defenders"])
            for u in (units.get(uid) or _NO_UNIT,)
        ),
    )
    found = tables.figures.get(key)
    if found is None:
        found = _combat_figures(scn, tables, state, combat)
        if len(tables.figures) >= 256:
            tables.figures.clear()
        tables.figures[key] = found
    return dict(found)  # the lists inside are never changed once made


_NO_UNIT: dict[str, Any] = {"hex": None, "step": None, "oos": None, "status": None}


def _combat_figures(
    scn: Scenario, tables: _CombatTables, state: State, combat: Mapping[str, Any]
) -> dict[str, Any]:
    grid = scn.grid
    target = grid.cell(combat["target"])
    terrain_name = scn.terrain.get(target, "clear")
    t_attack, t_defense, t_shifts, t_drm = tables.terrain[terrain_name]
    units = state["units"]
    unit_defs = scn.units
    attackers, defenders = [], []
    total_a: Fraction | int = 0  # whole numbers until a multiplier makes a fraction (SCS-ROUND-1)
    all_across: dict[str, int] = {}
    adjacent_count = 0
    any_attacker_oos = False
    for uid in combat["attackers"]:
        unit = units[uid]
        if unit["status"] != "map":
            continue
        where = grid.cell(unit["hex"])
        mults: list[tuple[str, Fraction, str]] = []
        if unit["oos"]:
            mults.append(tables.oos_attack)
            any_attacker_oos = True
        adjacent, across, across_mults = tables.crossing(where, target)
        adjacent_count += adjacent  # SCS-ART-1: support fires from range
        for name in across:
            all_across[name] = all_across.get(name, 0) + 1
        mults.extend(across_mults)
        mults.extend(t_attack)
        printed = unit_defs[uid].steps[unit["step"]].attack
        value: Fraction | int = printed
        for _, m, _ in mults:  # SCS-CUM-1: modifiers multiply, exactly
            value *= m
        total_a += value
        attackers.append(
            {
                "unit": uid,
                "printed": printed,
                "modifiers": [[w, text] for w, _, text in mults],
                "strength": fmt(value),
            }
        )
    total_d: Fraction | int = 0
    any_defender_oos = False
    for uid in combat["defenders"]:
        unit = units[uid]
        if unit["status"] != "map":
            continue
        mults = [tables.oos_defense, *t_defense] if unit["oos"] else list(t_defense)
        any_defender_oos = any_defender_oos or unit["oos"]
        printed = unit_defs[uid].steps[unit["step"]].defense
        value = printed
        for _, m, _ in mults:
            value *= m
        total_d += value
        defenders.append(
            {
                "unit": uid,
                "printed": printed,
                "modifiers": [[w, text] for w, _, text in mults],
                "strength": fmt(value),
            }
        )
    shift, drm = 0, t_drm
    shifts: list[list[Any]] = []
    for label, value_ in t_shifts:
        shift += value_
        shifts.append([label, value_])
    counted = adjacent_count
    for name, n in all_across.items():
        if n == counted and counted:  # PD-17: a hexside shift/DRM needs every attacker across it
            _, f_shifts, f_drm = tables.across[name]
            for label, value_ in f_shifts:
                shift += value_
                shifts.append([label, value_])
            drm += f_drm
    if combat["kind"] == "overrun" and scn.overrun_shift:
        shift += scn.overrun_shift
        shifts.append(["overrun", scn.overrun_shift])
    for when, value_ in tables.drms:
        if (
            when == "always"
            or (when == "overrun" and combat["kind"] == "overrun")
            or (when == "attacker_oos" and any_attacker_oos)
            or (when == "defender_oos" and any_defender_oos)
        ):
            drm += value_
    figures: dict[str, Any] = {
        "attackers": attackers,
        "defenders": defenders,
        "attack": fmt(total_a),
        "defense": fmt(total_d),
        "shift": shift,
        "shifts": shifts,
        "drm": drm,
        "odds": None,
        "column": None,
        "base_column": None,
    }
    if total_a > 0:
        ratio = odds(total_a, total_d)
        figures["odds"] = str(ratio) if ratio.attack < 10**6 else "∞:1"
        crt = scn.crt
        base = crt.column_index(ratio)
        if base is not None:
            column = crt.shifted(base, shift)
            figures["base_column"] = tables.columns[base]
            figures["column"] = tables.columns[column]
            figures["column_index"] = column
    return figures


def _r_resolve(scn: Scenario, state: State, action: Action, dice: Dice, out: Scratch) -> None:
    """SCS-CBT-5 steps 3-8: odds, column, 2d6 + DRM, the result; then the result is applied."""
    combat = state["combat"]
    if combat is None or combat["result"] is not None:
        raise IllegalAction("declare an attack or overrun first", "SCS-CBT-5")
    if action.actor != combat["attacker_side"]:
        raise IllegalAction("the attacker rolls for the combat", "SCS-CBT-5")
    fig = combat_figures(scn, state, combat)
    crt = scn.crt
    if fig["column"] is None:
        auto = crt.below_min == "auto_result"
        result_code = crt.below_min_result if auto else "NE"
        text = f"Combat at {combat['target']}: A {fig['attack']} : D {fig['defense']} = "
        text += f"{fig['odds']}, below the table: "
        text += f"{result_code} without a roll (PD-04)" if auto else "no attack (PD-04)"
        rolls: list[int] = []
    else:
        rolls = [dice.roll(crt.sides, f"CRT die {i + 1}") for i in range(crt.dice)]
        raw = sum(rolls)
        modified = crt.clamp_roll(raw + fig["drm"])
        result = crt.lookup(fig["column_index"], modified)
        result_code = result.code
        shift_text = ", ".join(f"{w} {v:+d}" for w, v in fig["shifts"]) or "no shift"
        text = (
            f"Combat at {combat['target']}: A {fig['attack']} : D {fig['defense']} → odds "
            f"{fig['odds']} (column {fig['base_column']}, {shift_text} → {fig['column']}); "
            f"2d6 = {' + '.join(map(str, rolls))} = {raw}"
            + (f", DRM {fig['drm']:+d} → {modified}" if fig["drm"] else "")
            + f": {result_code}"
        )
        fig["roll"] = raw
        fig["modified_roll"] = modified
    out.emit(
        Event(
            "attack.resolved",
            {"target": combat["target"], "result": result_code, "figures": fig},
            text=text,
            dice=tuple(dice.records[-len(rolls) :]) if rolls else (),
        )
    )


def _parts(state: State) -> tuple[Result, dict[str, Any]]:
    combat = state["combat"]
    return parse_result(combat["result"]), combat


def _alive(state: State, uids: list[str]) -> list[str]:
    return [u for u in uids if state["units"][u]["status"] == "map"]


def _stage(state: State, scn: Scenario | None = None) -> str | None:
    """SCS-CRT-3 / PD-22: the first stage of the result still to do; stages with nothing to do
    (no losses owed, nobody to retreat, nobody able to advance) pass by themselves."""
    found = _stage_data(state, scn)
    return None if found is None else found[0]


def _stage_data(state: State, scn: Scenario | None = None) -> tuple[str, Any] | None:
    """`_stage` with what it found on the way: (owed, units, their steps) for a losses stage,
    the units able to advance for "advance", None otherwise. Stages in STAGES order."""
    combat = state["combat"]
    if combat is None or combat["result"] is None:
        return None
    if scn is None:
        scn = scenario_of(state)
    result = parse_result(combat["result"])
    done = combat["done"]
    attacker, defender = combat["attacker_side"], combat["defender_side"]
    for stage, side, part in (
        ("attacker_losses", attacker, result.attacker),
        ("defender_losses", defender, result.defender),
    ):
        # nothing owed, whoever took part, unless the result eliminates or takes steps
        if stage not in done and (part.eliminated or part.loss > 0):
            owing = _owing(scn, state, combat, side, part)
            if owing[0] > 0:
                return stage, owing
    to_retreat = combat["to_retreat"]
    if "defender_retreat" not in done and to_retreat.get(defender):
        return "defender_retreat", None
    if "attacker_retreat" not in done and to_retreat.get(attacker):
        return "attacker_retreat", None
    if "advance" not in done:
        eligible = _advance_eligible(scn, state)
        if eligible:
            return "advance", eligible
    return "end", None


def stage_owner(state: State) -> str | None:
    """The side whose decision the combat waits for, or None."""
    stage = _stage(state)
    if stage is None or stage == "end":
        return None
    return _stage_side(state["combat"], stage)


def _stage_side(combat: Mapping[str, Any], stage: str) -> str:
    """The side that acts in a stage: the attacker loses, retreats and advances in its own."""
    if stage in ("attacker_losses", "attacker_retreat", "advance"):
        return str(combat["attacker_side"])
    return str(combat["defender_side"])


def _side_part(result: Result, combat: Mapping[str, Any], side: str) -> SideResult:
    return result.attacker if side == combat["attacker_side"] else result.defender


def _participants(state: State, combat: Mapping[str, Any], side: str) -> list[str]:
    """The units that take a side's result: support units are not exposed (SCS-ART-1)."""
    if side != combat["attacker_side"]:
        return _alive(state, combat["defenders"])
    attackers = combat["attackers"]
    support = combat.get("support")
    if support:
        attackers = [u for u in attackers if u not in support] or attackers
    return _alive(state, attackers)


def _owed(scn: Scenario, state: State, side: str) -> tuple[int, list[str]]:
    result, combat = _parts(state)
    owed, units, _ = _owing(scn, state, combat, side, _side_part(result, combat, side))
    return owed, units


def _owing(
    scn: Scenario, state: State, combat: Mapping[str, Any], side: str, part: SideResult
) -> tuple[int, list[str], int]:
    """SCS-CRT-3 / SCS-STEP-1: steps a side owes, the units that pay them and their steps."""
    units = _participants(state, combat, side)
    defs, now = scn.units, state["units"]
    total = 0
    for uid in units:
        total += len(defs[uid].steps) - now[uid]["step"]  # SCS-STEP-1: steps left
    wanted = total if part.eliminated else part.loss
    return min(wanted, total), units, total


def _auto(scn: Scenario, out: Scratch) -> None:
    """Advance the combat through every stage whose outcome is forced (SCS-CRT-3 order, PD-22)."""
    while True:
        state = out.state
        found = _stage_data(state, scn)
        if found is None:
            return
        stage, data = found
        combat = state["combat"]
        if stage == "end":
            out.emit(
                Event(
                    "combat.ended",
                    {"target": combat["target"]},
                    text=f"Combat at {combat['target']} is over",
                )
            )
            return
        side = _stage_side(combat, stage)
        if stage.endswith("_losses"):
            owed, units, total = data
            if owed >= total or len(units) == 1:
                losses = [u for u in units for _ in range(board.steps_left(scn, state, u))][:owed]
                out.emit(_losses_event(scn, state, side, stage, losses))
                continue
            return
        if stage.endswith("_retreat"):
            return
        if stage == "advance":
            eligible = data
            if combat["kind"] == "overrun":  # SCS-OVR-3: overrunners must enter the emptied hex
                out.emit(
                    Event(
                        "advance.moved",
                        {
                            "units": eligible,
                            "hex": combat["target"],
                            "forced": True,
                            "mp_cost": fmt(scn.overrun_enter_cost),
                        },
                        text=f"{', '.join(eligible)} must enter {combat['target']} "
                        + (
                            f"for {fmt(scn.overrun_enter_cost)} MP"
                            if scn.overrun_enter_cost
                            else "at no MP cost"
                        )
                        + " (SCS-OVR-3)",
                    )
                )
                continue
            return


def _losses_event(
    scn: Scenario, state: State, side: str, stage: str | None, losses: list[str]
) -> Event:
    counts: dict[str, int] = {}
    for uid in losses:
        counts[uid] = counts.get(uid, 0) + 1
    parts = []
    defs, now = scn.units, state["units"]
    for uid, n in counts.items():
        gone = len(defs[uid].steps) - now[uid]["step"] <= n  # SCS-STEP-1: its last steps
        parts.append(
            f"{uid} loses {n} step{'s' * (n > 1)}" + (" and is eliminated" if gone else "")
        )
    return Event(
        "losses.taken",
        {"side": side, "stage": stage, "losses": losses},
        text=f"{_side_name(scn, side)}: " + "; ".join(parts) + " (SCS-STEP-1)",
    )


def _advance_eligible(scn: Scenario, state: State) -> list[str]:
    """SCS-ADV-1 / PD-27: attackers that may enter the emptied hex; an EZOC does not stop them
    (SCS-2.1e), terrain they could not enter does."""
    combat = state["combat"]
    if state["stacks"].get(combat["target"]):
        return []
    target = scn.grid.cell(combat["target"])
    found = []
    for uid in _participants(state, combat, combat["attacker_side"]):
        if uid in combat["retreated"] or uid in (combat.get("support") or ()):
            continue
        where = board.unit_hex(scn, state, uid)
        assert where is not None
        if scn.grid.adjacent(where, target) and board.terrain_enterable(
            scn, scn.units[uid].move_class, where, target
        ):
            found.append(uid)
    return found


def _r_losses(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-STEP-1 / PD-24: the owner allocates the step losses among the units in the combat."""
    stage = _stage(state)
    side = action.actor
    if stage not in ("attacker_losses", "defender_losses") or stage_owner(state) != side:
        raise IllegalAction("no step losses are waiting for your choice", "SCS-CRT-3")
    owed, units = _owed(scn, state, side)
    losses = [u.strip() for u in list_param(action.params, "units")]
    if len(losses) != owed:
        raise IllegalAction(
            f"choose exactly {owed} step losses (one unit id per step)", "SCS-STEP-1"
        )
    for uid in set(losses):
        if uid not in units:
            raise IllegalAction(f"{uid} did not take part in this combat", "SCS-STEP-1")
        if losses.count(uid) > board.steps_left(scn, state, uid):
            raise IllegalAction(
                f"{uid} has only {board.steps_left(scn, state, uid)} steps", "SCS-STEP-1"
            )
    out.emit(_losses_event(scn, state, side, stage, losses))


def legal_retreats(
    scn: Scenario, state: State, uids: list[str], length: int
) -> list[dict[str, Any]]:
    """SCS-RET-*: each legal retreat path of a group with the EZOC hexes that will cost a step.

    Paths that leave the map (`off_map`: the group is eliminated, SCS-MAP-4 / SCS-3.3c) come
    after every path that stays on it.
    """
    origin = board.unit_hex(scn, state, uids[0])
    assert origin is not None
    enemy_zoc = board.ezoc(scn, state, scn.units[uids[0]].side)
    found = []
    for path in board.retreat_paths(scn, state, uids, origin, length):
        ezoc = [scn.label(c) for c in path if c in enemy_zoc]
        off_map = not scn.grid.contains(path[-1])
        found.append(
            {
                "path": [scn.label(c) for c in path],
                "ezoc": ezoc,
                "losses": len(ezoc),
                "off_map": off_map,
            }
        )
    found.sort(key=lambda p: (p["off_map"], p["losses"], p["path"]))
    return found


def _retreat_length(state: State, side: str, k: int) -> int:
    result, combat = _parts(state)
    part = _side_part(result, combat, side)
    return part.retreat + part.option - k


def _r_retreat(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-RET-1..5, SCS-2.1d, PD-23: option losses, then a retreat path per group of units."""
    stage = _stage(state)
    side = action.actor
    if stage not in ("attacker_retreat", "defender_retreat") or stage_owner(state) != side:
        raise IllegalAction("no retreat is waiting for your choice", "SCS-CRT-3")
    result, combat = _parts(state)
    part = _side_part(result, combat, side)
    remaining = list(combat["to_retreat"][side])
    payload: dict[str, Any] = {"side": side}
    extra = [u.strip() for u in list_param(action.params, "losses")]
    k = combat["option_k"].get(side)
    work = _writable(state, _STEP)
    if k is None:
        k = len(extra)
        if k > part.option:
            raise IllegalAction(
                f"the option allows at most {part.option} extra step losses", "PD-23"
            )
        for uid in set(extra):
            if uid not in remaining or extra.count(uid) > board.steps_left(scn, state, uid):
                raise IllegalAction(f"{uid} cannot take {extra.count(uid)} step losses", "PD-23")
        payload["k"] = k
        payload["extra_losses"] = extra
        for uid in extra:
            _take_step(scn, work, uid)
        remaining = _alive(work, remaining)
    elif extra:
        raise IllegalAction("the option losses were already chosen", "PD-23")
    length = _retreat_length(state, side, k)
    uids = _units_param(action.params) or remaining
    uids = [u for u in uids if u in remaining]
    if length == 0 or not remaining:
        if list_param(action.params, "path"):
            raise IllegalAction("no retreat is needed after these losses", "PD-23")
        payload.update(units=remaining, path=[], ezoc_losses={}, eliminated=[])
        text = f"{_side_name(scn, side)} takes the option as {k} step loss{'es' * (k != 1)}"
        out.emit(
            Event("retreat.moved", payload, text=text + (f" ({', '.join(extra)})" if extra else ""))
        )
        return
    if not uids:
        raise IllegalAction("choose units that still have to retreat", "SCS-RET-1")
    if len({work["units"][u]["hex"] for u in uids}) != 1:
        raise IllegalAction("a retreating group must start from one hex", "SCS-RET-4")
    options = legal_retreats(scn, work, uids, length)
    path = [_retreat_label(scn, p) for p in list_param(action.params, "path")]
    eliminated: list[str] = []
    off_map: str | None = None
    if not options or (not path and all(o["off_map"] for o in options)):
        if path:
            raise IllegalAction(f"no legal retreat of {length} hexes exists", "SCS-RET-5")
        if payload.get("k") is not None and k < part.option:
            raise IllegalAction(
                f"no retreat of {length} hexes exists on the map: take more of the option as "
                "step losses" + (" (or retreat off the map)" if options else ""),
                "SCS-RET-5",
            )
        # SCS-RET-5: no retreat on the map; leaving it would eliminate them as well (SCS-MAP-4).
        eliminated = list(uids)
        chosen: dict[str, Any] = {"path": [], "ezoc": []}
    else:
        match = [o for o in options if o["path"] == path]
        if not match:
            best = options[0]["path"]
            raise IllegalAction(
                f"illegal retreat path; legal e.g. {' → '.join(best)} (each hex one farther, "
                "no enemy or prohibited hex)",
                "SCS-RET-2",
            )
        chosen = match[0]
        if chosen["off_map"]:  # SCS-MAP-4 / SCS-3.3c: the units leave the map and are gone
            *on_map, off_map = chosen["path"]
            chosen = {**chosen, "path": on_map}
            eliminated = list(uids)
    # SCS-2.1d / SCS-RET-3: one step per EZOC hex entered, per retreating stack, owner's choice.
    wanted = [u.strip() for u in list_param(action.params, "ezoc_losses")]
    ezoc_losses: dict[str, list[str]] = {}
    group = list(uids)
    for i, label in enumerate(chosen["path"]):
        if label in chosen["ezoc"]:
            group = _alive(work, group)
            if not group:
                break
            pick = wanted.pop(0) if wanted else None
            if pick not in group:
                pick = max(group, key=lambda u: board.steps_left(scn, work, u))
            ezoc_losses[str(i)] = [pick]
            _take_step(scn, work, pick)
    payload.update(units=uids, path=chosen["path"], ezoc_losses=ezoc_losses, eliminated=eliminated)
    if off_map is not None:
        payload["off_map"] = off_map
        route = " → ".join([*chosen["path"], off_map])
        verb = "retreats" if len(uids) == 1 else "retreat"
        text = (
            f"{', '.join(uids)} {verb} off the map ({route}) and "
            f"{'is' if len(uids) == 1 else 'are'} eliminated (SCS-MAP-4)"
        )
        if ezoc_losses:
            lost = ", ".join(f"{v[0]} in {chosen['path'][int(i)]}" for i, v in ezoc_losses.items())
            text += f"; EZOC step losses on the way: {lost} (SCS-2.1d)"
    elif eliminated:
        text = f"{', '.join(uids)} cannot retreat {length} hexes and are eliminated (SCS-RET-5)"
    else:
        verb = "retreats" if len(uids) == 1 else "retreat"
        n = len(chosen["path"])
        text = f"{', '.join(uids)} {verb} {n} hex{'es' * (n > 1)}: {' → '.join(chosen['path'])}"
        if ezoc_losses:
            lost = ", ".join(f"{v[0]} in {chosen['path'][int(i)]}" for i, v in ezoc_losses.items())
            text += f"; EZOC step losses: {lost} (SCS-2.1d)"
    if extra:
        text = f"Option: {', '.join(extra)} lose{'s' * (len(extra) == 1)} a step; " + text
    out.emit(Event("retreat.moved", payload, text=f"{_side_name(scn, side)}: {text}"))


def _retreat_label(scn: Scenario, label: str) -> str:
    """A retreat path's hex id, on the map or (its last hex) just off it (SCS-MAP-4)."""
    try:
        return scn.label(scn.grid.parse(label.strip()))
    except RulesError as exc:
        raise IllegalAction(f"path: {exc.message}", "SCS-MAP-1") from None


def _r_advance(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-ADV-1 / PD-27: surviving attackers may enter the emptied hex, up to the limit."""
    if _stage(state) != "advance" or stage_owner(state) != action.actor:
        raise IllegalAction("no advance after combat is on offer", "SCS-ADV-1")
    combat = state["combat"]
    eligible = _advance_eligible(scn, state)
    uids = _units_param(action.params)
    for uid in uids:
        if uid not in eligible:
            raise IllegalAction(f"{uid} may not advance into {combat['target']}", "SCS-ADV-1")
    points = sum(board.unit_points(scn, state, u) for u in uids)
    if points > scn.stacking_limit:
        raise IllegalAction(
            f"advancing {points} stacking points exceeds the limit of {scn.stacking_limit}",
            "SCS-ADV-1",
        )
    text = (
        f"{', '.join(uids)} advance into {combat['target']} (SCS-ADV-1)"
        if uids
        else f"{_side_name(scn, action.actor)} declines to advance"
    )
    out.emit(
        Event("advance.moved", {"units": uids, "hex": combat["target"], "forced": False}, text=text)
    )


# --------------------------------------------------------------------------------------------
# Phases, stacking, supply, victory


def _r_eliminate(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-STK-2: the owner eliminates units of his choice from an over-stacked hex."""
    side = action.actor
    uids = _units_param(action.params)
    _own_units(scn, state, side, uids, "SCS-STK-2")
    over = set(board.overstacked(scn, state))
    for uid in uids:
        if state["units"][uid]["hex"] not in over:
            raise IllegalAction(f"{uid} is not in an over-stacked hex", "SCS-STK-2")
    out.emit(
        Event(
            "units.eliminated",
            {"units": uids, "reason": "overstacked"},
            text=f"{_side_name(scn, side)} eliminates {', '.join(uids)} to meet the stacking limit "
            "(SCS-STK-2)",
        )
    )


def _next_phase(scn: Scenario, state: State) -> tuple[int, str, str] | None:
    """SCS-1.1 / SCS-1.2a-d: the phase after this one; None after the last turn (SCS-TRT-1)."""
    phase, player, turn = state["phase"], state["player"], state["turn"]
    if phase == "setup":
        return (1, scn.first_player, "movement")
    i = PHASES.index(phase)
    if i + 1 < len(PHASES):
        return (turn, player, PHASES[i + 1])
    if player == scn.first_player:
        return (turn, board.enemy_of(scn, player), "movement")
    if turn >= scn.game_turns:
        return None
    return (turn + 1, scn.first_player, "movement")


def _r_end_phase(scn: Scenario, state: State, action: Action, out: Scratch) -> None:
    """SCS-1.1 / SCS-4.0a: end the phase after its checks; the turn marker moves once per turn."""
    side = action.actor
    if state["phase"] == "over":
        raise IllegalAction("the game is over", "SCS-VIC-1")
    if state["player"] != side:
        raise IllegalAction(
            f"only {_side_name(scn, state['player'])} may end this phase", "SCS-1.0a"
        )
    _no_combat(state)
    if state["due"]:
        raise IllegalAction(
            f"place the reinforcements first: {', '.join(state['due'])}", "SCS-REI-1"
        )
    over = board.overstacked(scn, state)
    if over:
        details = ", ".join(
            f"{h} ({board.stack_points(scn, state, h)} > {scn.stacking_limit}, "
            f"{_side_name(scn, scn.units[state['stacks'][h][0]].side)})"
            for h in over
        )
        raise IllegalAction(
            f"over-stacked hexes: {details}; move or eliminate units first", "SCS-4.0a"
        )
    if state["phase"] == "setup":
        done = [*state["setup_done"], side]
        pending = [s for s in scn.setup_order if s not in done]
        out.emit(
            Event(
                "setup.finished",
                {"side": side, "next": pending[0] if pending else None},
                text=f"{_side_name(scn, side)} has finished setting up (SCS-SETUP-5)",
            )
        )
        if pending:
            return
    for side, held in scn.sudden_death:  # SCS-VIC-1: checked after every phase
        if all(out.state["control"][scn.label(c)] == side for c in held):
            _victory(scn, out, sudden=side)
            return
    nxt = _next_phase(scn, out.state)
    if nxt is None:
        _victory(scn, out)
        return
    turn, player, phase = nxt
    if turn != state["turn"] and state["phase"] != "setup":
        out.emit(
            Event("turn.advanced", {"turn": turn}, text=f"Turn marker advances to {turn} (PD-03)")
        )
    out.emit(
        Event(
            "phase.started",
            {"turn": turn, "player": player, "phase": phase},
            text=f"Turn {turn}: {_side_name(scn, player)} {phase} phase",
        )
    )
    if phase == "movement":
        for uid in list(out.state["due"]):
            if not entry_hexes(scn, out.state, uid):
                out.emit(
                    Event(
                        "reinforcement.delayed",
                        {"unit": uid, "turn": turn + 1},
                        text=f"{uid}: every entry hex is enemy-held; it arrives next turn (PD-14)",
                        audience=f"side:{player}",
                        redacted_text=f"A {_side_name(scn, player)} reinforcement is delayed",
                    )
                )
    if phase == "supply":
        _supply(scn, out, player)


def _supply(scn: Scenario, out: Scratch, side: str) -> None:
    """SCS-1.2d / SCS-SUP-1, SCS-SUP-2, SCS-SUP-3: check the phasing side's units; OOS markers
    placed or removed; attrition."""
    state = out.state
    in_, out_, attrition, lines = [], [], [], []
    for uid in sorted(state["units"]):
        if scn.units[uid].side != side or state["units"][uid]["status"] != "map":
            continue
        path = board.supply_trace(scn, state, uid)
        if path is None:
            out_.append(uid)
            if state["units"][uid]["oos"] and scn.attrition != "none":
                attrition.append(uid)
            lines.append(f"{uid} out of supply")
        else:
            in_.append(uid)
            lines.append(f"{uid} in supply ({len(path)} hexes)")
    payload: dict[str, Any] = {
        "side": side,
        "in": in_,
        "out": out_,
        "attrition": [],
        "attrition_eliminated": [],
    }
    if scn.attrition == "lose_step":
        payload["attrition"] = attrition
    elif scn.attrition == "eliminate":
        payload["attrition_eliminated"] = attrition
    text = f"{_side_name(scn, side)} supply check: " + "; ".join(lines)
    if attrition:
        text += f". Attrition (PD-19): {', '.join(attrition)}"
    out.emit(
        Event(
            "supply.checked",
            payload,
            text=text,
            audience=f"side:{side}",
            redacted_text=f"{_side_name(scn, side)} checked supply"
            + (f": {len(attrition)} unit(s) suffer attrition" if attrition else ""),
        )
    )


def victory_points(scn: Scenario, state: State) -> dict[str, int]:
    """SCS-VIC-1 / PD-30: VP hexes held, enemy steps eliminated, units exited."""
    vp = dict.fromkeys(scn.sides, 0)
    for c, (value, _) in scn.vp_hexes.items():
        vp[state["control"][scn.label(c)]] += value
    for side in scn.sides:
        enemy = board.enemy_of(scn, side)
        vp[side] += state["steps_lost"][enemy] * scn.vp_per_step
        vp[side] += state["exited"][side] * scn.exit_vp
    return vp


def _victory(scn: Scenario, out: Scratch, sudden: str | None = None) -> None:
    """SCS-VIC-1 / PD-30: the higher VP wins (equal: a draw), or a sudden-death condition."""
    vp = victory_points(scn, out.state)
    a, b = scn.sides
    winner = a if vp[a] > vp[b] else b if vp[b] > vp[a] else "draw"
    when = f"End of turn {scn.game_turns}"
    if sudden is not None:
        winner, when = sudden, f"Sudden death on turn {out.state['turn']}"
    score = ", ".join(f"{_side_name(scn, s)} {vp[s]}" for s in scn.sides)
    verdict = "a draw" if winner == "draw" else f"{_side_name(scn, winner)} wins"
    out.emit(
        Event(
            "game.ended",
            {"vp": vp, "winner": winner},
            text=f"{when}: {score} VP — {verdict} (SCS-VIC-1)",
        )
    )


# --------------------------------------------------------------------------------------------
# Entry points


_RESOLVE: dict[str, Callable[[Scenario, State, Action, Scratch], None]] = {
    "setup.place": _r_setup_place,
    "unit.move": _r_move,
    "move.undo": _r_undo,
    "unit.exit": _r_exit,
    "stack.order": _r_reorder,
    "reinforcement.place": _r_reinforce,
    "attack.declare": _r_declare,
    "overrun.declare": _r_overrun,
    "combat.losses": _r_losses,
    "combat.retreat": _r_retreat,
    "combat.advance": _r_advance,
    "stack.eliminate": _r_eliminate,
    "phase.end": _r_end_phase,
}


def resolve(state: State, action: Action, dice: Dice) -> list[Event]:
    """Check and resolve one action; raises IllegalAction (state unchanged) when not allowed.

    Dice come from the server (SCS-ENG-1 / PD-33): seeded in play, scripted in tests.
    """
    scn = scenario_of(state)
    if action.actor not in scn.sides:
        raise IllegalAction(f"{action.actor!r} is not a side of this game", "SCS-1.0a")
    out = Scratch(state, scn)
    kind = action.kind
    handlers = _RESOLVE
    if kind == "attack.resolve":
        _r_resolve(scn, state, action, dice, out)
    elif kind in handlers:
        handlers[kind](scn, state, action, out)
    else:
        raise IllegalAction(f"unknown SCS action {kind!r}")
    if out.state.get("combat") is not None:
        _auto(scn, out)
    return out.events
