"""What Delta Green's rules do to the working state while an action resolves (issue 31).

Resolvers describe each rule's effect as a small dict, `{"op": "damage", "id": ..., "amount": ...}`
(an attack's damage, a card spent, a round begun). `apply_op` decides what it means on the working
state: the limb's cap, the wound thresholds and their effects (DG-WOUND-*), the next pass
(DG-INIT-2)... `settle` turns each event's effects into the path changes it stores
(rules/core/changes.py), decided on the state the action's earlier events left, so the system's
`apply` only writes. Effects never leave resolve: no stored event carries them.

The working state is a fork (`fork`, `own`, `mine`): a new top level and copies of only what an
effect changes, everything else shared with the state the action was resolved on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules.core.changes import Change, apply_changes, diff
from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.jsonstate import copy_json
from rules.core.system import Event, Json
from rules.delta_green import refusals as R
from rules.delta_green.settings import settings_of
from rules.delta_green.state import eligible, is_immobile, weapon_of, wound_crossing
from rules.delta_green.tables import ARMS, CHEST, HEAD, LEGS, LIMBS, location_table
from rules.delta_green.working import Working

EFFECTS = "ops"  # the payload key resolvers put an event's effects under, until `settle`


def settle(state: Mapping[str, Any], events: Iterable[Event]) -> list[Event]:
    """The events with their effects replaced by the path changes they make, each decided on the
    working state the earlier events left (an event without effects is kept as it is)."""
    working: Json = dict(state)
    settled = []
    for event in events:
        effects = event.payload.get(EFFECTS)
        if effects is None:
            if event.payload.get("changes"):
                working = apply_changes(working, event.payload["changes"])
            settled.append(event)
            continue
        after = Working(working, NO_DICE)
        for op in effects:
            run_op(after, op)
        payload = {key: value for key, value in event.payload.items() if key != EFFECTS}
        changes = changes_between(working, after.state)
        if changes:
            payload["changes"] = changes
        settled.append(dataclasses.replace(event, payload=payload))
        working = after.state
    return settled


NO_DICE = LoadedDice(())


def run_op(w: Working, op: Mapping[str, Any]) -> None:
    """One old-style effect, through the working state's method of the same name."""
    kind, cid = op["op"], op.get("id", "")
    if kind == "damage":
        w.damage(cid, op["amount"], op.get("location"), bool(op.get("sever")), op.get("by"))
    elif kind == "heal":
        where = [op["location"]] if op.get("location") else list(op.get("locations") or [])
        w.heal(cid, op["amount"], where)
    elif kind == "spend":
        w.spend(cid, op["cards"], op.get("voluntary", True))
    elif kind in ("turn", "delay", "bleed_stop", "treated", "recompute_locations"):
        method = getattr(w, kind)
        method(cid, op["location"]) if "location" in op else method(cid)
    elif kind == "hold":
        w.hold(cid, op["rank"])
    elif kind == "set":
        w.set(cid, op["key"], copy_json(op["value"]))
    elif kind == "set_round":
        w.set_round(cid, op["key"], copy_json(op["value"]))
    elif kind == "add_round":
        w.add_round(cid, op["key"], op["value"], op.get("sub"))
    elif kind == "weapon":
        w.weapon(cid, op["weapon"], op["key"], op["value"])
    elif kind == "ammo":
        w.ammo(cid, op["weapon"], op["delta"])
    elif kind == "sheet":
        w.sheet(cid, op["path"], op["value"])
    elif kind == "penalty":
        w.penalty(cid, op["value"], op["round"], op.get("source"))
    elif kind == "list_add":
        w.list_add(cid, op["key"], op["value"])
    elif kind == "maim_loss":
        w.maim_loss(cid, op["amount"], op["location"])
    elif kind == "gain":
        w.gain(cid, op["char"], op["value"])
    elif kind == "taught":
        w.taught(cid, op["student"], op["char"], op["value"])
    elif kind == "round_start":
        w.round_start(op["round"], op["order"], op.get("ties") or {}, op["entries"])
    elif kind == "round_end":
        w.round_end()
    elif kind == "next_pass":
        w.next_pass()
    elif kind == "state_set":
        w.state_set(op["key"], copy_json(op["value"]))
    else:
        raise IllegalAction.of(R.UNKNOWN_OP(op=repr(kind)))


def changes_between(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Change]:
    """`diff(before, after)` (rules/core/changes.py), the same changes in the same order, found
    without stepping into what the two states share: a fork shares everything it did not change,
    so a shot compares two combatants, not the whole encounter."""
    found: list[Change] = []
    _between(before, after, [], found)
    return found


def _between(
    before: Mapping[str, Any], after: Mapping[str, Any], path: list[str | int], found: list[Change]
) -> None:
    if before.keys() != after.keys():
        found.extend(["del", [*path, key]] for key in before if key not in after)
    if list(before) == list(after):  # the same keys in the same order: compare side by side
        pairs = zip(after, before.values(), after.values(), strict=True)
        changed = [(key, old, value) for key, old, value in pairs if old is not value]
    else:
        changed = [
            (key, old, value)
            for key, value in after.items()
            if (old := before.get(key, _ABSENT)) is not value
        ]
    for key, old, value in changed:
        if old is _ABSENT:
            found.append(["set", [*path, key], copy_json(value)])
        elif type(old) is dict and type(value) is dict:
            _between(old, value, [*path, key], found)
        elif type(value) in _SCALARS:  # a number, text, flag or None: `diff`'s "set" if it differs
            if type(old) is not type(value) or old != value:
                found.append(["set", [*path, key], value])
        else:
            found.extend([op, [*path, key, *where], *rest] for op, where, *rest in diff(old, value))


_ABSENT = object()
_SCALARS = frozenset({int, float, str, bool, type(None)})


def _op_damage(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    """DG-HP-1, DG-WOUND-*: damage to location and total, limb cap, and the wound effects."""
    amount = max(0, int(op["amount"]))
    loc = op.get("location")
    rnd = int(state["round"])
    if not loc or not c["sheet"].get("hit_locations", True):  # DG-LOC-5: total HP only
        c["hp"] = int(c["hp"]) - amount
        return
    normal = int(c["loc_max"][loc])
    before = int(c["damage"][loc])
    if loc in LIMBS:  # DG-WOUND-6 (limb_capped, inline: every bullet of a burst comes here)
        amount = max(0, min(amount, 2 * normal - before))
    after = before + amount
    if "wound_hits" in c:  # DG-WOUND-1 per hit
        hit = max(0, int(op["amount"]))  # the whole hit, before the limb's cap
        crossed_one, crossed_two, worst = wound_crossing(c, loc, before, after, hit)
        mine(state, cid, "wound_hits")[loc] = worst
    else:
        crossed_one = before < normal <= after
        crossed_two = before < 2 * normal <= after
    mine(state, cid, "damage")[loc] = after
    c["hp"] = int(c["hp"]) - amount
    if amount > 0:
        c["aim"] = None  # DG-AIM-1: being hit spoils precision aiming
    sever = bool(op.get("sever"))
    if crossed_one:
        if loc in LEGS:  # DG-WOUND-2
            c["prone"] = True
            mine(state, cid, "round")["spent"] = c["round"].get("cards", 0)
        elif loc == CHEST:  # DG-WOUND-3
            c["prone"] = True
            mine(state, cid, "round")["spent"] = c["round"].get("cards", 0)
            mine(state, cid, "bleeding")[loc] = {"kind": "roll", "since": rnd}
        elif loc in ARMS:  # DG-WOUND-4
            _drop_from(c, loc)
        elif loc == HEAD:  # DG-WOUND-5
            c["prone"] = True
            mine(state, cid, "bleeding")[loc] = {"kind": "roll", "since": rnd}
    if crossed_two:
        if loc in LIMBS:  # DG-WOUND-6
            mine(state, cid, "severed" if sever else "maimed").append(loc)
            mine(state, cid, "untreated").append(loc)
        elif loc == HEAD:  # DG-WOUND-7
            mine(state, cid, "bleeding")[loc] = {"kind": "auto", "since": rnd}
            if sever:
                mine(state, cid, "severed").append(loc)
                c["dead"] = True
        elif loc == CHEST:  # DG-WOUND-8
            mine(state, cid, "bleeding")[loc] = {"kind": "roll", "since": rnd}
    by = op.get("by")
    ties = state["ties"]
    if (
        by
        and state["phase"] == "in_round"
        and ties.get(by) is not None
        and ties.get(by) == ties.get(c["id"])
        and c["id"] not in state["acted"]
        and c["id"] not in state["tie_grace"]
    ):
        state["tie_grace"] = [*state["tie_grace"], c["id"]]  # DG-INIT-3: simultaneous results


def _drop_from(c: Json, arm: str) -> None:
    """DG-WOUND-4: a disabled arm drops what it holds (two-handed weapons need both arms)."""
    holding = f"{c['hand']}_arm"
    if c.get("off_hand") and arm != holding:
        c["off_hand"] = None  # the off hand is the other arm
    key = c["in_hand"]
    if not key:
        return
    weapon = weapon_of(c, key)
    if weapon["two_handed"] or arm == holding:
        c["in_hand"] = None


def _op_heal(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    """DG-HEAL-3/-4: heal total HP and a location (or every damaged location), capped at maxima."""
    amount = max(0, int(op["amount"]))
    c["hp"] = min(int(c["hp_max"]), int(c["hp"]) + amount)
    locs = [op["location"]] if op.get("location") else list(op.get("locations") or [])
    for loc in locs:
        if loc in c["maimed"] or loc in c["severed"]:
            continue  # DG-HEAL-5: maiming is permanent
        damage = mine(state, cid, "damage")
        damage[loc] = max(0, int(damage[loc]) - amount)
        normal = int(c["loc_max"][loc])
        if damage[loc] < normal and loc in c["bleeding"]:
            # DG-WOUND-9 (AMB-DG-28): location HP above 0 stops the bleeding (as does a
            # successful First Aid or Medicine, care.treatment)
            mine(state, cid, "bleeding").pop(loc)


def _round_start(state: Json, op: Mapping[str, Any]) -> None:
    state["round"] = int(op["round"])
    state["phase"] = "in_round"
    state["pass"] = 1
    state["order"] = list(op["order"])
    state["ties"] = dict(op.get("ties") or {})
    state["acted"] = []
    state["delayed"] = []
    state["tie_grace"] = []
    state["held"] = {}
    for cid in list(state["combatants"]):
        c = own(state, cid)
        entry = op["entries"].get(cid)
        aim = c["aim"]
        if aim and aim.get("state") == "aiming":
            aim = mine(state, cid, "aim")
            aim["state"] = "ready" if aim.get("round") == state["round"] - 1 else "lost"
            if aim["state"] == "lost":
                c["aim"] = None
        elif aim and aim.get("state") == "ready":
            c["aim"] = None  # DG-AIM-1: the benefit lasts one round
        c["parry_vs"] = None
        c["called"] = None
        c["round"] = dict(entry) if entry else {"cards": 0, "spent": 0}
        c["round"].update(
            {"spent": 0, "ran": False, "moved_m": 0.0, "shots": {}, "attacks": 0, "dodged": False}
        )
        c["round"].update({"parried": False, "mags": 0, "loose": 0, "spent_while_down": False})
        if c["belt"] and entry:
            mine(state, cid, "belt")["stage"] = 2
            c["round"]["spent"] = c["round"]["cards"]  # DG-ACT-6: a belt takes two whole rounds


def _turn(state: Json, cid: str) -> None:
    if cid not in state["acted"]:
        state["acted"] = [*state["acted"], cid]
    if cid in state["delayed"]:
        state["delayed"] = [other for other in state["delayed"] if other != cid]
    if cid in state["tie_grace"]:
        state["tie_grace"] = [other for other in state["tie_grace"] if other != cid]
    if cid in state.get("held", ()):  # DG-INIT-4: a hold lasts for the one half-DEX action
        state["held"] = {other: rank for other, rank in state["held"].items() if other != cid}
    # DG-INIT-2: a new pass starts when everyone who can still act has acted in this one; that is
    # `current_actor(state) is None and not round_over(state)` (delayed ones are in the order
    # too), without judging every combatant's eligibility twice.
    acted = state["acted"]
    order = state["order"]
    for other in order:
        if other not in acted and eligible(state, other):
            return
    if any(eligible(state, other) for other in order):
        state["pass"] = int(state["pass"]) + 1
        state["acted"] = []
        state["delayed"] = []
        state["held"] = {}


class Forked(dict):  # type: ignore[type-arg]
    """A state copy being changed by ops: it remembers which parts it already owns."""

    owned: set[Any]


def fork(state: Mapping[str, Any]) -> Forked:
    """A copy that ops may change: new top level, combatants shared until an op owns them.

    Top-level lists and dicts (order, acted, ties...) are shared too: ops replace them whole."""
    new = Forked(state)
    new.owned = set()
    new["combatants"] = dict(state["combatants"])
    return new


def own(state: Json, cid: str) -> Json:
    """Give `state` its own shallow copy of combatant `cid`; `mine` then copies what an op changes.

    Everything below the combatant stays shared with earlier states until `mine` copies it, so a
    forked state must only change a combatant's containers through `mine`."""
    owned = getattr(state, "owned", None)
    old = state["combatants"][cid]
    if owned is not None and cid in owned:
        result: Json = old
        return result
    new = dict(old)
    state["combatants"][cid] = new
    if owned is not None:
        owned.add(cid)
    return new


def mine(state: Json, cid: str, *path: str | int) -> Any:
    """The container at `path` in owned combatant `cid`, copied (once per fork) so it may change.

    Each dict or list along the path is copied shallowly the first time; the rest stays shared."""
    owned = getattr(state, "owned", None)
    target: Any = state["combatants"][cid]
    tag: Any = cid
    for key in path:
        tag = (tag, key)  # a nested pair per level: cheaper to build than a growing tuple
        value = target[key]
        if owned is None or tag not in owned:
            value = value.copy()  # a dict or a list, one level deep
            target[key] = value
            if owned is not None:
                owned.add(tag)
        target = value
    return target


def apply_op(state: Json, op: Mapping[str, Any]) -> None:
    """Apply one effect to a forked working state (shared parts stay intact)."""
    kind = op["op"]
    handler = _COMBATANT_OPS.get(kind)
    if handler is not None:  # most ops name a combatant
        cid = op["id"]
        c = state["combatants"][cid] if kind in _READ_ONLY_OPS else own(state, cid)
        handler(state, cid, c, op)
        return
    if kind not in _STATE_OPS:
        raise IllegalAction.of(R.UNKNOWN_OP(op=repr(kind)))
    if kind == "round_start":
        _round_start(state, op)
        return
    if kind == "round_end":
        state["phase"] = "between"
        state["acted"] = []
        state["delayed"] = []
        state["tie_grace"] = []
        state["held"] = {}
        return
    if kind == "next_pass":
        state["pass"] = int(state["pass"]) + 1
        state["acted"] = []
        state["delayed"] = []
        state["tie_grace"] = []
        state["held"] = {}
        return
    if kind == "state_set":
        state[op["key"]] = copy_json(op["value"])


_STATE_OPS = frozenset({"round_start", "round_end", "next_pass", "state_set"})


def _op_spend(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    rnd = mine(state, cid, "round")
    rnd["spent"] = min(int(rnd.get("cards", 0)), int(rnd.get("spent", 0)) + int(op["cards"]))
    if is_immobile(c) and op.get("voluntary", True):
        rnd["spent_while_down"] = True  # DG-WOUND-3: acting while down costs 1 HP


def _op_turn(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    _turn(state, cid)


def _op_delay(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    if cid not in state["delayed"]:
        state["delayed"] = [*state["delayed"], cid]


def _op_hold(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    """DG-INIT-4: this pass, `cid` stands at its half-DEX rank."""
    state["held"] = {**(state.get("held") or {}), cid: int(op["rank"])}


def _op_set(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    c[op["key"]] = copy_json(op["value"])


def _op_set_round(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    mine(state, cid, "round")[op["key"]] = copy_json(op["value"])


def _op_add_round(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    rnd = mine(state, cid, "round")
    if op.get("sub"):
        if op["key"] not in rnd:
            rnd[op["key"]] = {}
        bucket = mine(state, cid, "round", op["key"])
        bucket[op["sub"]] = bucket.get(op["sub"], 0) + op["value"]
    else:
        rnd[op["key"]] = rnd.get(op["key"], 0) + op["value"]


def _op_weapon(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    mine(state, cid, "weapons", op["weapon"])[op["key"]] = op["value"]


def _op_ammo(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    slot = mine(state, cid, "weapons", op["weapon"])
    slot["loaded"] = max(0, int(slot["loaded"]) + int(op["delta"]))


def _op_sheet(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    path = list(op["path"])
    mine(state, cid, "sheet", *path[:-1])[path[-1]] = copy_json(op["value"])
    if path == ["hp"]:
        c["hp_max"] = int(op["value"])


def _op_bleed_stop(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    if op["location"] in c["bleeding"]:
        mine(state, cid, "bleeding").pop(op["location"])


def _op_penalty(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    mine(state, cid, "penalties").append(
        {"value": int(op["value"]), "round": int(op["round"]), "source": op.get("source")}
    )


def _op_treated(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    if op["location"] in c["untreated"]:
        mine(state, cid, "untreated").remove(op["location"])


def _op_list_add(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    if op["value"] not in c.get(op["key"], ()):
        if op["key"] not in c:
            c[op["key"]] = []
        mine(state, cid, op["key"]).append(op["value"])


def _op_maim_loss(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    """DG-HEAL-5 (AMB-DG-32): the maimed limb's L comes off max HP for good."""
    c["hp_max"] = int(c["hp_max"]) - int(op["amount"])
    c["hp"] = min(int(c["hp"]), int(c["hp_max"]))
    c["maim_counted"] = [*c.get("maim_counted", []), op["location"]]


def _op_recompute_locations(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    rounding = str(settings_of(state).location_hp_rounding)
    c["loc_max"] = {
        **location_table(int(c["hp_max"]), rounding),
        **c["sheet"].get("location_hp", {}),
    }
    damage = mine(state, cid, "damage")
    for limb in LIMBS:  # DG-WOUND-6: a limb never holds more than twice its (new) HP
        damage[limb] = min(int(damage[limb]), 2 * int(c["loc_max"][limb]))


def _op_gain(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    gains = mine(state, cid, "gains")
    gains[op["char"]] = gains.get(op["char"], 0) + int(op["value"])


def _op_taught(state: Json, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    taught = mine(state, cid, "taught")
    if op["student"] not in taught:
        taught[op["student"]] = {}
    per_student = mine(state, cid, "taught", op["student"])
    per_student[op["char"]] = per_student.get(op["char"], 0) + int(op["value"])


# Op kind -> handler(state, combatant id, combatant, op). A table rather than an if/elif chain:
# a shot's six ops each found their branch after up to a dozen string comparisons.
_COMBATANT_OPS: dict[str, Callable[[Json, str, Json, Mapping[str, Any]], None]] = {
    "spend": _op_spend,
    "turn": _op_turn,
    "delay": _op_delay,
    "hold": _op_hold,
    "set": _op_set,
    "set_round": _op_set_round,
    "add_round": _op_add_round,
    "weapon": _op_weapon,
    "ammo": _op_ammo,
    "sheet": _op_sheet,
    "damage": _op_damage,
    "heal": _op_heal,
    "bleed_stop": _op_bleed_stop,
    "penalty": _op_penalty,
    "treated": _op_treated,
    "list_add": _op_list_add,
    "maim_loss": _op_maim_loss,
    "recompute_locations": _op_recompute_locations,
    "gain": _op_gain,
    "taught": _op_taught,
}
_READ_ONLY_OPS = frozenset(
    {"turn", "delay", "hold"}
)  # they change the top level, not the combatant
