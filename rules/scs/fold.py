"""What each event does to the state, worked out while resolving: an SCS resolution works on a
`Scratch`, which works out each event's effect on its working state (an effect per event kind,
changing only the parts it lists) and has the event carry the result as "changes"
(rules/core/changes.py). `apply` is the core one: it only writes those changes (SCS-ENG-1).
What a side may not see goes to a GM-only event of its own (rules/scs/secrecy.py, SCS-FOW-1).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules.core.changes import Change, Emitter
from rules.core.dice import Dice, LoadedDice
from rules.core.errors import RulesError
from rules.core.jsonstate import copy_json
from rules.core.system import Event, said
from rules.scs import messages as m
from rules.scs.board import State
from rules.scs.crt import as_fraction, fmt, parse_result
from rules.scs.scenario import Scenario
from rules.scs.secrecy import HIDDEN_KIND, split
from rules.scs.stages import participants
from rules.scs.state import begin_phase, place_unit, scenario_of, set_unit, take_step

Writes = tuple[str, ...]  # the top-level parts of a state an effect changes in place
Effect = Callable[[Scenario, State, Mapping[str, Any]], None]


class Scratch(Emitter):
    """One resolution under way: each event's effect worked out on the working state, and the
    event told with the changes that make it (the state given to resolve is never changed)."""

    def __init__(self, state: State, scn: Scenario | None = None, dice: Dice | None = None) -> None:
        super().__init__(state, dice if dice is not None else LoadedDice([]))  # no die unless given
        self._scn = scn if scn is not None else scenario_of(state)

    def emit_event(self, event: Event) -> None:
        """Tell `event` with its changes; those its audience may not read follow it in a GM-only
        event (SCS-FOW-1: a hidden unit's hex or identity is never in a line everyone reads)."""
        before = self.state
        after, parts = worked_out(self._scn, before, event.kind, event.payload)
        shown, hidden = split(before, after, event, changes_between(before, after, parts))
        self._tell(event, shown)
        if hidden:
            self._tell(_HIDDEN, hidden)
        # the changes turn `before` into `after` (diff's property), which is the working state
        self.state = after

    def _tell(self, event: Event, changes: list[Change]) -> None:
        if changes:
            payload = {**event.payload, "changes": changes}
            event = Event(
                event.kind,
                payload,
                event.text,
                event.dice,
                event.audience,
                event.redacted_text,
                event.msg,
                event.redacted_msg,
            )
        self.events.append(event)


# The GM-only event after an event everyone reads, without its changes (said once: its line is
# always the same).
_HIDDEN = said(HIDDEN_KIND, m.HIDDEN_CHANGED(), audience="gm")

_GONE = object()


def changes_between(before: State, after: State, parts: Parts | None = None) -> list[Change]:
    """The changes turning `before` into `after`, those rules.core.changes.diff finds (dicts key
    by key, a list that only grew at its end as "add"s, anything else "set" whole), found faster:
    only the `parts` that may differ are looked at (all when None), values shared by the two
    states are skipped by identity and lists compared in C (an SCS state never holds a boolean
    where a number was, which `==` could not tell apart)."""
    found: list[Change] = []
    if parts is None:
        _between(before, after, [], found)
        return found
    found.extend(["del", [key]] for key in before if key in parts and key not in after)
    for key, new in after.items():  # in the state's order, as diff gives them
        if key not in parts:
            continue
        old = before.get(key, _GONE)
        entries = parts[key]
        if old is _GONE:
            found.append(["set", [key], copy_json(new)])
        elif old is new:
            continue
        elif entries is None or type(old) is not dict or type(new) is not dict:
            _between(old, new, [key], found)
        else:
            _entries_between(key, old, new, entries, found)
    return found


def _entries_between(
    key: str, old: dict[str, Any], new: dict[str, Any], entries: set[str], found: list[Change]
) -> None:
    """A part's written entries, by name (diff would give them in the part's order)."""
    for name in sorted(entries):
        was, value = old.get(name, _GONE), new.get(name, _GONE)
        if value is _GONE:
            if was is not _GONE:
                found.append(["del", [key, name]])
        elif was is _GONE:
            found.append(["set", [key, name], copy_json(value)])
        elif was is not value:
            _between(was, value, [key, name], found)


def _between(old: Any, new: Any, path: list[str | int], found: list[Change]) -> None:
    if old is new:
        return
    kind = type(new)
    if kind is dict and type(old) is dict:
        for key in old:
            if key not in new:
                found.append(["del", [*path, key]])
        for key, value in new.items():
            was = old.get(key, _GONE)
            if was is value:
                continue
            if was is _GONE:
                found.append(["set", [*path, key], copy_json(value)])
            else:
                _between(was, value, [*path, key], found)
        return
    if kind is list and type(old) is list:
        size = len(old)
        if len(new) > size and new[:size] == old:
            found.extend(["add", list(path), copy_json(value)] for value in new[size:])
            return
    if type(old) is kind and old == new:
        return
    found.append(["set", list(path), copy_json(new)])


class _Written(dict):  # type: ignore[type-arg]
    """A dict an effect writes, noting the keys it assigns or deletes."""

    assigned: set[str]

    def __setitem__(self, key: str, value: Any) -> None:
        self.assigned.add(key)
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        self.assigned.add(key)
        super().__delitem__(key)


def _written(value: dict[str, Any], assigned: Iterable[str] = ()) -> _Written:
    new = _Written(value)
    new.assigned = set(assigned)
    return new


# What may differ after an effect: top-level part -> the keys written in it (None: any).
Parts = dict[str, set[str] | None]


def worked_out(
    scn: Scenario, state: State, kind: str, payload: Mapping[str, Any]
) -> tuple[State, Parts]:
    """The state after an event of `kind`, and the parts that may differ from `state`'s: only
    the parts its effect writes are copied (those made of entries noting the entries written);
    the rest is shared with `state`, which is never changed in place."""
    found = EFFECTS.get(kind)
    if found is None:
        raise RulesError(m.CANNOT_APPLY(kind=repr(kind)))
    effect, writes = found
    new = _written(state, writes)
    for key in writes:
        value = state.get(key)
        if value is not None:
            copier = _COPIERS.get(key, copy_json)
            dict.__setitem__(new, key, _written(value) if copier is dict else copier(value))
    effect(scn, new, payload)  # reads the payload, never changes it
    after = dict(new)
    parts: Parts = {}
    for key in new.assigned:
        value = after.get(key)
        if type(value) is _Written:
            after[key] = dict(value)
            parts[key] = value.assigned
        else:
            parts[key] = None
    return after, parts


def _copy_combat(combat: dict[str, Any]) -> dict[str, Any]:
    # "figures", the unit lists and each to_retreat list are only ever replaced, never changed.
    new = dict(combat)
    new["done"] = list(combat["done"])
    new["option_k"] = dict(combat["option_k"])
    new["to_retreat"] = dict(combat["to_retreat"])
    new["retreated"] = list(combat["retreated"])
    return new


_COPIERS: dict[str, Callable[[Any], Any]] = {
    "units": dict,  # each unit's dict is replaced by set_unit, never changed in place
    "stacks": dict,  # each stack list is replaced by place_unit, never changed in place
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


def writable(state: State, writes: Writes) -> State:
    """A new state whose `writes` parts may be changed in place (for scratch work in resolve)."""
    new = dict(state)
    copiers = _COPIERS
    for key in writes:
        value = state.get(key)
        if value is not None:
            new[key] = copiers.get(key, copy_json)(value)
    return new


def _a_phase(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    begin_phase(scn, s, int(p["turn"]), str(p["player"]), str(p["phase"]))


def _a_setup_placed(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    place_unit(s, p["unit"], p["hex"])


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
            set_unit(s, uid, finished=True)  # SCS-3.1e: the minimum move ends the unit's move
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
    set_unit(s, uid, oos=False)  # SCS-SUP-5: arrivals are in supply
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
            combat["to_retreat"][side] = participants(s, combat, side)


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
        # PD-23 / PD-27: an option taken wholly as step losses retreats nobody, so those
        # attackers may still advance (SCS-ADV-1, SCS-OVR-3)
        combat["retreated"].extend(p["units"])
    if side == combat["attacker_side"]:
        for uid in p["units"]:
            set_unit(s, uid, finished=True)  # SCS-OVR-3: a retreating overrunner stops
    _drop_dead(s)
    if not combat["to_retreat"][side]:
        stage = "attacker_retreat" if side == combat["attacker_side"] else "defender_retreat"
        combat["done"].append(stage)


def _a_advanced(scn: Scenario, s: State, p: Mapping[str, Any]) -> None:
    cost = as_fraction(p["mp_cost"]) if p.get("mp_cost") else 0
    for uid in p["units"]:
        place_unit(s, uid, p["hex"])
        if cost:  # PD-15: overrun.enter_vacated_hex_cost
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
        for uid in s["moving"]:  # the dice are rolled: a later SCS-STK-3 redo starts from here
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


# Each event's effect and the top-level parts it changes in place (everything else it may only
# read or replace wholesale). An effect that changes a part not listed here would change the
# working state before it: tests/rules/scs/test_scs_purity.py checks every event kind.
EFFECTS: dict[str, tuple[Effect, Writes]] = {
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
