"""FROZEN: the Standard Combat Series' apply as it was before the one state vocabulary (issue 31).

Stored SCS events carried only what happened ("units", "path", "mp", "losses"...); a handler per
event kind worked out the state from them (rules/scs/fold.py APPLY then). The upgrade driver
(vtt/eventlog/legacy/upgrade.py) folds an encounter's stored events with `legacy_apply` and
stores each one's "changes" instead. A copy on purpose: it must give the states the old events
gave, whatever the rules become; it reads the scenario and the board through rules/scs code that
issue 31 did not change (scenario_of, board.ezoc, the CRT's parse_result). Imported by nothing
but the driver and the tests; do not change it. Its comments cite no rule: the rules live in
rules/scs (the effects in rules/scs/fold.py), this is a record of what old events meant.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.core.jsonstate import copy_json
from rules.scs import board
from rules.scs.crt import as_fraction, fmt, parse_result
from rules.scs.scenario import Scenario
from rules.scs.state import scenario_of

State = dict[str, Any]
Writes = tuple[str, ...]  # the top-level parts of a state an apply handler changes in place
OLD_KEYS: frozenset[str] = frozenset()  # every old field is kept: the log lines still read them


def legacy_apply(state: Mapping[str, Any], kind: str, payload: Mapping[str, Any]) -> State:
    """The state after one stored event, as SCS's apply gave it before issue 31 (the state given
    is left alone; only the parts the event's handler writes are copied)."""
    found = APPLY.get(kind)
    if found is None:
        raise ValueError(f"SCS cannot apply event {kind!r}")
    handler, writes = found
    new = _writable(state, writes)
    handler(scenario_of(new), new, payload)
    return new


def _copy_combat(combat: dict[str, Any]) -> dict[str, Any]:
    new = dict(combat)
    new["done"] = list(combat["done"])
    new["option_k"] = dict(combat["option_k"])
    new["to_retreat"] = dict(combat["to_retreat"])
    new["retreated"] = list(combat["retreated"])
    return new


_COPIERS: dict[str, Callable[[Any], Any]] = {
    "units": dict,
    "stacks": dict,
    "combat": _copy_combat,
    "control": dict,
    "steps_lost": dict,
    "exited": dict,
    "delayed": dict,
    "phase_start": dict,
    "setup_done": list,
    "due": list,
    "attacked_hexes": list,
    "history": list,
}


def _writable(state: Mapping[str, Any], writes: Writes) -> State:
    new = dict(state)
    for key in writes:
        value = state.get(key)
        if value is not None:
            new[key] = _COPIERS.get(key, copy_json)(value)
    return new


def _alive_units(state: State, uids: list[str]) -> list[str]:
    return [u for u in uids if state["units"][u]["status"] == "map"]


def _participants(state: State, combat: Mapping[str, Any], side: str) -> list[str]:
    if side != combat["attacker_side"]:
        return _alive_units(state, combat["defenders"])
    attackers = combat["attackers"]
    support = combat.get("support")
    if support:
        attackers = [u for u in attackers if u not in support] or attackers
    return _alive_units(state, attackers)


def set_unit(state: State, uid: str, **changes: Any) -> None:
    units = state["units"]
    units[uid] = {**units[uid], **changes}


def place_unit(state: State, uid: str, label: str | None, top: bool = False) -> None:
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
    # exploitation: frozen if in an enemy zone of control
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


def _a_phase(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    begin_phase(scn, s, int(p["turn"]), str(p["player"]), str(p["phase"]))


def _a_setup_placed(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    place_unit(s, p["unit"], p["hex"])


def _a_setup_done(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    s["setup_done"].append(p["side"])
    if p.get("next"):
        s["player"] = p["next"]


def _enter(scn: Scenario, s: State, side: str, labels: list[str]) -> None:
    for label in labels:
        if label in s["control"]:
            s["control"][label] = side


def _a_moved(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    units: list[str] = p["units"]
    moving = s["moving"]
    before = {uid: [s["units"][uid]["origin"], s["units"][uid]["origin_mp"]] for uid in units}
    finished_before = {uid: s["units"][uid]["finished"] for uid in moving}
    if moving and set(units) <= set(moving):
        for uid in moving:  # units dropped off a moving stack end their move
            if uid not in units:
                set_unit(s, uid, finished=True)
    else:
        for uid in moving:
            set_unit(s, uid, finished=True)
        for uid in units:
            set_unit(s, uid, origin=s["units"][uid]["hex"])
            set_unit(s, uid, origin_mp=s["units"][uid]["mp"])
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
        place_unit(s, uid, p["path"][-1])
        set_unit(s, uid, mp=p["mp"][uid])
        if p.get("minimum"):
            set_unit(s, uid, minimum=True)
            set_unit(s, uid, finished=True)  # the minimum move ends the unit's move
    _enter(scn, s, scn.units[units[0]].side, p["path"])


def _a_undone(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    last = s["last_move"]
    for uid in last["units"]:
        place_unit(s, uid, last["from"])
        set_unit(s, uid, mp=last["mp"][uid])
        origin, origin_mp = last["origin"][uid]
        set_unit(s, uid, origin=origin, origin_mp=origin_mp)
        set_unit(s, uid, minimum=False)
        set_unit(s, uid, finished=False)
    for uid, done in last["finished"].items():
        set_unit(s, uid, finished=done)
    s["moving"] = last["moving"]
    s["control"] = last["control"]
    s["last_move"] = None


def _a_reordered(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    s["stacks"][p["hex"]] = list(p["order"])


def _a_reinforcement(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    uid = p["unit"]
    place_unit(s, uid, p["hex"])
    set_unit(s, uid, oos=False)  # arrivals are in supply
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
                set_unit(s, uid, finished=True)
            s["moving"] = list(p["attackers"])
        for uid in p["attackers"]:
            spent = as_fraction(s["units"][uid]["mp"]) + as_fraction(p["mp_cost"])
            set_unit(s, uid, mp=fmt(spent))
    else:
        s["attacked_hexes"].append(p["target"])
        for uid in p["attackers"]:
            set_unit(s, uid, attacked=True)


def _a_refused(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    for uid in p["units"]:
        unit = s["units"][uid]
        if unit["origin"]:
            place_unit(s, uid, unit["origin"])
            set_unit(s, uid, mp=unit["origin_mp"])
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
        take_step(scn, s, uid)
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
        take_step(scn, s, uid)
    _drop_dead(s)
    group = [u for u in p["units"] if s["units"][u]["status"] == "map"]
    for i, label in enumerate(p["path"]):
        for uid in p["ezoc_losses"].get(str(i), []):
            take_step(scn, s, uid)
        group = [u for u in group if s["units"][u]["status"] == "map"]
        for uid in group:
            place_unit(s, uid, label)
        _enter(scn, s, side, [label])
    for uid in p.get("eliminated", []):
        if s["units"][uid]["status"] == "map":
            steps = len(scn.units[uid].steps) - s["units"][uid]["step"]
            s["steps_lost"][side] += steps
            place_unit(s, uid, None)
            set_unit(s, uid, status="eliminated")
    combat["to_retreat"][side] = [
        u for u in combat["to_retreat"].get(side, []) if u not in p["units"]
    ]
    if p["path"] or p.get("off_map"):
        # an option taken wholly as step losses retreats nobody: those may still advance
        combat["retreated"].extend(p["units"])
    if side == combat["attacker_side"]:
        for uid in p["units"]:
            set_unit(s, uid, finished=True)  # a retreating overrunner stops
    _drop_dead(s)
    if not combat["to_retreat"][side]:
        stage = "attacker_retreat" if side == combat["attacker_side"] else "defender_retreat"
        combat["done"].append(stage)


def _a_advanced(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    cost = as_fraction(p["mp_cost"]) if p.get("mp_cost") else 0
    for uid in p["units"]:
        place_unit(s, uid, p["hex"])
        if cost:  # overrun.enter_vacated_hex_cost
            set_unit(s, uid, mp=fmt(as_fraction(s["units"][uid]["mp"]) + cost))
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
        for uid in s["moving"]:  # the dice are rolled: a later redo starts here
            set_unit(s, uid, origin=s["units"][uid]["hex"])
            set_unit(s, uid, origin_mp=s["units"][uid]["mp"])


def _a_eliminated(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    for uid in p["units"]:
        if s["units"][uid]["status"] == "map":
            side = scn.units[uid].side
            s["steps_lost"][side] += len(scn.units[uid].steps) - s["units"][uid]["step"]
            place_unit(s, uid, None)
            set_unit(s, uid, status="eliminated")


def _a_supply(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    for uid in p["out"]:
        set_unit(s, uid, oos=True)
    for uid in p["in"]:
        set_unit(s, uid, oos=False)
    for uid in p["attrition"]:
        take_step(scn, s, uid)
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
        place_unit(s, uid, None)
        set_unit(s, uid, status="exited")
        s["exited"][p["side"]] += 1
    s["moving"] = [u for u in s["moving"] if u not in p["units"]]
    s["last_move"] = None


PLACE_PARTS = ("units", "stacks")  # place_unit changes both


STEP_PARTS = (*PLACE_PARTS, "steps_lost")  # take_step


# Each event's handler and the top-level parts it changes in place.
APPLY: dict[str, tuple[Callable[[Scenario, State, Mapping[str, Any]], None], Writes]] = {
    "phase.started": (_a_phase, ("units", "history")),
    "setup.placed": (_a_setup_placed, PLACE_PARTS),
    "setup.finished": (_a_setup_done, ("setup_done",)),
    "unit.moved": (_a_moved, (*PLACE_PARTS, "control")),
    "move.undone": (_a_undone, PLACE_PARTS),
    "stack.reordered": (_a_reordered, ("stacks",)),
    "reinforcement.placed": (_a_reinforcement, (*PLACE_PARTS, "due", "phase_start", "control")),
    "reinforcement.delayed": (_a_delayed, ("delayed", "due")),
    "attack.declared": (_a_declared, ("units", "attacked_hexes")),
    "overrun.refused": (_a_refused, PLACE_PARTS),
    "attack.resolved": (_a_resolved, ("combat",)),
    "losses.taken": (_a_losses, (*STEP_PARTS, "combat")),
    "retreat.moved": (_a_retreated, (*STEP_PARTS, "combat", "control")),
    "advance.moved": (_a_advanced, (*PLACE_PARTS, "combat", "control")),
    "combat.ended": (_a_combat_ended, ("units",)),
    "units.eliminated": (_a_eliminated, STEP_PARTS),
    "units.exited": (_a_exited, (*PLACE_PARTS, "exited")),
    "supply.checked": (_a_supply, STEP_PARTS),
    "turn.advanced": (_a_turn, ()),
    "game.ended": (_a_ended, ()),
}
