"""FROZEN: Delta Green's apply as it was before the one state vocabulary (issue 31).

Stored Delta Green events carried "ops", named operations whose meaning (wound thresholds, the
limb cap, the next pass...) lived in apply. The upgrade driver (vtt/eventlog/legacy/upgrade.py)
folds an encounter's stored events with `legacy_apply` and stores each one's "changes" instead.
A copy, self-contained on purpose: it must give the states the old events gave, whatever the rules
become. Imported by nothing but the driver and its test; do not change it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from rules.core.jsonstate import copy_json

Json = dict[str, Any]
OLD_KEYS = frozenset({"ops"})  # the payload key the upgrade replaces with "changes"

RIGHT_LEG, LEFT_LEG, CHEST, RIGHT_ARM, LEFT_ARM, HEAD = (
    "right_leg",
    "left_leg",
    "chest",
    "right_arm",
    "left_arm",
    "head",
)
LOCATIONS = (RIGHT_LEG, LEFT_LEG, CHEST, RIGHT_ARM, LEFT_ARM, HEAD)
LEGS = frozenset({RIGHT_LEG, LEFT_LEG})
ARMS = frozenset({RIGHT_ARM, LEFT_ARM})
LIMBS = LEGS | ARMS
FRACTIONS = {
    RIGHT_LEG: Fraction(1, 3),
    LEFT_LEG: Fraction(1, 3),
    CHEST: Fraction(4, 10),
    RIGHT_ARM: Fraction(1, 4),
    LEFT_ARM: Fraction(1, 4),
    HEAD: Fraction(1, 3),
}


def _location_table(total_hp: int, rounding: str) -> dict[str, int]:
    table = {}
    for loc in LOCATIONS:
        exact = FRACTIONS[loc] * total_hp
        if rounding == "up":
            value = -(-exact.numerator // exact.denominator)
        else:  # round half up
            value = (2 * exact.numerator + exact.denominator) // (2 * exact.denominator)
        table[loc] = max(1, value)
    return table


def _rounding(state: Mapping[str, Any]) -> str:
    """The location HP rounding, from a loaded state's settings object or stored values."""
    settings = state.get("settings")
    if isinstance(settings, Mapping):
        return str(settings.get("dg.location_hp_rounding") or "half_up")
    return str(getattr(settings, "location_hp_rounding", "half_up"))


def _wound_crossing(
    c: Mapping[str, Any], loc: str, before: int, after: int, hit: int
) -> tuple[bool, bool, int | None]:
    normal = int(c["loc_max"][loc])
    hits = c.get("wound_hits")
    if hits is None:
        return before < normal <= after, before < 2 * normal <= after, None
    worst_before = int(hits.get(loc, 0)) if before >= normal else 0
    worst = max(worst_before, hit)
    one_before = before >= normal and worst_before >= normal
    two_before = before >= 2 * normal and worst_before >= 2 * normal
    one = not one_before and after >= normal and worst >= normal
    two = not two_before and after >= 2 * normal and worst >= 2 * normal
    return one, two, worst


def _is_immobile(c: Mapping[str, Any]) -> bool:
    if not (c["sheet"].get("hit_locations", True) and c["damage"][CHEST] >= c["loc_max"][CHEST]):
        return False
    hits = c.get("wound_hits")
    return hits is None or int(hits.get(CHEST, 0)) >= int(c["loc_max"][CHEST])


def _able(c: Mapping[str, Any]) -> bool:
    if c["dead"] or c["hp"] <= 2 or c.get("knocked_out"):
        return False
    if not c["sheet"].get("hit_locations", True):
        return True
    damage, normal = c["damage"], c["loc_max"]
    return bool(damage[HEAD] < normal[HEAD] and damage[CHEST] < 2 * normal[CHEST])


def _eligible(state: Mapping[str, Any], cid: str) -> bool:
    c = state["combatants"][cid]
    rnd = c["round"]
    if rnd.get("cards", 0) - rnd.get("spent", 0) <= 0:
        return False
    return _able(c) or cid in state["tie_grace"]


class _Forked(dict):  # type: ignore[type-arg]
    owned: set[Any]


def _fork(state: Mapping[str, Any]) -> _Forked:
    new = _Forked(state)
    new.owned = set()
    new["combatants"] = dict(state["combatants"])
    return new


def _own(state: _Forked, cid: str) -> Json:
    old = state["combatants"][cid]
    if cid in state.owned:
        result: Json = old
        return result
    new = dict(old)
    state["combatants"][cid] = new
    state.owned.add(cid)
    return new


def _mine(state: _Forked, cid: str, *path: str | int) -> Any:
    target: Any = state["combatants"][cid]
    tag: Any = cid
    for key in path:
        tag = (tag, key)
        value = target[key]
        if tag not in state.owned:
            value = value.copy()
            target[key] = value
            state.owned.add(tag)
        target = value
    return target


def _drop_from(c: Json, arm: str) -> None:
    holding = f"{c['hand']}_arm"
    if c.get("off_hand") and arm != holding:
        c["off_hand"] = None
    key = c["in_hand"]
    if not key:
        return
    weapon = next(w for w in c["sheet"]["weapons"] if w["key"] == key)
    if weapon["two_handed"] or arm == holding:
        c["in_hand"] = None


def _damage(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:  # noqa: C901
    amount = max(0, int(op["amount"]))
    loc = op.get("location")
    rnd = int(state["round"])
    if not loc or not c["sheet"].get("hit_locations", True):
        c["hp"] = int(c["hp"]) - amount
        return
    normal = int(c["loc_max"][loc])
    before = int(c["damage"][loc])
    if loc in LIMBS:
        amount = max(0, min(amount, 2 * normal - before))
    after = before + amount
    if "wound_hits" in c:
        hit = max(0, int(op["amount"]))
        crossed_one, crossed_two, worst = _wound_crossing(c, loc, before, after, hit)
        _mine(state, cid, "wound_hits")[loc] = worst
    else:
        crossed_one = before < normal <= after
        crossed_two = before < 2 * normal <= after
    _mine(state, cid, "damage")[loc] = after
    c["hp"] = int(c["hp"]) - amount
    if amount > 0:
        c["aim"] = None
    sever = bool(op.get("sever"))
    if crossed_one:
        if loc in LEGS:
            c["prone"] = True
            _mine(state, cid, "round")["spent"] = c["round"].get("cards", 0)
        elif loc == CHEST:
            c["prone"] = True
            _mine(state, cid, "round")["spent"] = c["round"].get("cards", 0)
            _mine(state, cid, "bleeding")[loc] = {"kind": "roll", "since": rnd}
        elif loc in ARMS:
            _drop_from(c, loc)
        elif loc == HEAD:
            c["prone"] = True
            _mine(state, cid, "bleeding")[loc] = {"kind": "roll", "since": rnd}
    if crossed_two:
        if loc in LIMBS:
            _mine(state, cid, "severed" if sever else "maimed").append(loc)
            _mine(state, cid, "untreated").append(loc)
        elif loc == HEAD:
            _mine(state, cid, "bleeding")[loc] = {"kind": "auto", "since": rnd}
            if sever:
                _mine(state, cid, "severed").append(loc)
                c["dead"] = True
        elif loc == CHEST:
            _mine(state, cid, "bleeding")[loc] = {"kind": "roll", "since": rnd}
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
        state["tie_grace"] = [*state["tie_grace"], c["id"]]


def _heal(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    amount = max(0, int(op["amount"]))
    c["hp"] = min(int(c["hp_max"]), int(c["hp"]) + amount)
    locs = [op["location"]] if op.get("location") else list(op.get("locations") or [])
    for loc in locs:
        if loc in c["maimed"] or loc in c["severed"]:
            continue
        damage = _mine(state, cid, "damage")
        damage[loc] = max(0, int(damage[loc]) - amount)
        normal = int(c["loc_max"][loc])
        if damage[loc] < normal and loc in c["bleeding"]:
            _mine(state, cid, "bleeding").pop(loc)


def _round_start(state: _Forked, op: Mapping[str, Any]) -> None:
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
        c = _own(state, cid)
        entry = op["entries"].get(cid)
        aim = c["aim"]
        if aim and aim.get("state") == "aiming":
            aim = _mine(state, cid, "aim")
            aim["state"] = "ready" if aim.get("round") == state["round"] - 1 else "lost"
            if aim["state"] == "lost":
                c["aim"] = None
        elif aim and aim.get("state") == "ready":
            c["aim"] = None
        c["parry_vs"] = None
        c["called"] = None
        c["round"] = dict(entry) if entry else {"cards": 0, "spent": 0}
        c["round"].update(
            {"spent": 0, "ran": False, "moved_m": 0.0, "shots": {}, "attacks": 0, "dodged": False}
        )
        c["round"].update({"parried": False, "mags": 0, "loose": 0, "spent_while_down": False})
        if c["belt"] and entry:
            _mine(state, cid, "belt")["stage"] = 2
            c["round"]["spent"] = c["round"]["cards"]


def _turn(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    if cid not in state["acted"]:
        state["acted"] = [*state["acted"], cid]
    if cid in state["delayed"]:
        state["delayed"] = [other for other in state["delayed"] if other != cid]
    if cid in state["tie_grace"]:
        state["tie_grace"] = [other for other in state["tie_grace"] if other != cid]
    if cid in state.get("held", ()):
        state["held"] = {other: rank for other, rank in state["held"].items() if other != cid}
    acted = state["acted"]
    order = state["order"]
    for other in order:
        if other not in acted and _eligible(state, other):
            return
    if any(_eligible(state, other) for other in order):
        state["pass"] = int(state["pass"]) + 1
        state["acted"] = []
        state["delayed"] = []
        state["held"] = {}


def _spend(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    rnd = _mine(state, cid, "round")
    rnd["spent"] = min(int(rnd.get("cards", 0)), int(rnd.get("spent", 0)) + int(op["cards"]))
    if _is_immobile(c) and op.get("voluntary", True):
        rnd["spent_while_down"] = True


def _delay(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    if cid not in state["delayed"]:
        state["delayed"] = [*state["delayed"], cid]


def _hold(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    state["held"] = {**(state.get("held") or {}), cid: int(op["rank"])}


def _set(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    c[op["key"]] = copy_json(op["value"])


def _set_round(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    _mine(state, cid, "round")[op["key"]] = copy_json(op["value"])


def _add_round(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    rnd = _mine(state, cid, "round")
    if op.get("sub"):
        if op["key"] not in rnd:
            rnd[op["key"]] = {}
        bucket = _mine(state, cid, "round", op["key"])
        bucket[op["sub"]] = bucket.get(op["sub"], 0) + op["value"]
    else:
        rnd[op["key"]] = rnd.get(op["key"], 0) + op["value"]


def _weapon(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    _mine(state, cid, "weapons", op["weapon"])[op["key"]] = op["value"]


def _ammo(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    slot = _mine(state, cid, "weapons", op["weapon"])
    slot["loaded"] = max(0, int(slot["loaded"]) + int(op["delta"]))


def _sheet(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    path = list(op["path"])
    _mine(state, cid, "sheet", *path[:-1])[path[-1]] = copy_json(op["value"])
    if path == ["hp"]:
        c["hp_max"] = int(op["value"])


def _bleed_stop(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    if op["location"] in c["bleeding"]:
        _mine(state, cid, "bleeding").pop(op["location"])


def _penalty(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    _mine(state, cid, "penalties").append(
        {"value": int(op["value"]), "round": int(op["round"]), "source": op.get("source")}
    )


def _treated(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    if op["location"] in c["untreated"]:
        _mine(state, cid, "untreated").remove(op["location"])


def _list_add(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    if op["value"] not in c.get(op["key"], ()):
        if op["key"] not in c:
            c[op["key"]] = []
        _mine(state, cid, op["key"]).append(op["value"])


def _maim_loss(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    c["hp_max"] = int(c["hp_max"]) - int(op["amount"])
    c["hp"] = min(int(c["hp"]), int(c["hp_max"]))
    c["maim_counted"] = [*c.get("maim_counted", []), op["location"]]


def _recompute_locations(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    c["loc_max"] = {
        **_location_table(int(c["hp_max"]), _rounding(state)),
        **c["sheet"].get("location_hp", {}),
    }
    damage = _mine(state, cid, "damage")
    for limb in LIMBS:
        damage[limb] = min(int(damage[limb]), 2 * int(c["loc_max"][limb]))


def _gain(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    gains = _mine(state, cid, "gains")
    gains[op["char"]] = gains.get(op["char"], 0) + int(op["value"])


def _taught(state: _Forked, cid: str, c: Json, op: Mapping[str, Any]) -> None:
    taught = _mine(state, cid, "taught")
    if op["student"] not in taught:
        taught[op["student"]] = {}
    per_student = _mine(state, cid, "taught", op["student"])
    per_student[op["char"]] = per_student.get(op["char"], 0) + int(op["value"])


_COMBATANT_OPS: dict[str, Callable[[_Forked, str, Json, Mapping[str, Any]], None]] = {
    "spend": _spend,
    "turn": _turn,
    "delay": _delay,
    "hold": _hold,
    "set": _set,
    "set_round": _set_round,
    "add_round": _add_round,
    "weapon": _weapon,
    "ammo": _ammo,
    "sheet": _sheet,
    "damage": _damage,
    "heal": _heal,
    "bleed_stop": _bleed_stop,
    "penalty": _penalty,
    "treated": _treated,
    "list_add": _list_add,
    "maim_loss": _maim_loss,
    "recompute_locations": _recompute_locations,
    "gain": _gain,
    "taught": _taught,
}
_READ_ONLY_OPS = frozenset({"turn", "delay", "hold"})


def _apply_op(state: _Forked, op: Mapping[str, Any]) -> None:
    kind = op["op"]
    handler = _COMBATANT_OPS.get(kind)
    if handler is not None:
        cid = op["id"]
        c = state["combatants"][cid] if kind in _READ_ONLY_OPS else _own(state, cid)
        handler(state, cid, c, op)
    elif kind == "round_start":
        _round_start(state, op)
    elif kind in ("round_end", "next_pass"):
        if kind == "round_end":
            state["phase"] = "between"
        else:
            state["pass"] = int(state["pass"]) + 1
        state["acted"] = []
        state["delayed"] = []
        state["tie_grace"] = []
        state["held"] = {}
    elif kind == "state_set":
        state[op["key"]] = copy_json(op["value"])
    else:
        raise ValueError(f"unknown Delta Green op {kind!r}")


def legacy_apply(state: Mapping[str, Any], kind: str, payload: Mapping[str, Any]) -> Json:
    """The state after one stored event, as Delta Green's apply gave it before issue 31: a copy
    with the payload's "ops" applied in order (the state given is left alone)."""
    new_state = _fork(state)
    for op in payload.get("ops") or ():
        _apply_op(new_state, op)
    return dict(new_state)
