"""Delta Green encounter state (JSON) and the primitive ops events carry; `apply` folds them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.brp.core import half_dex
from rules.core.actions import GM_ACTOR
from rules.core.errors import IllegalAction
from rules.core.jsonstate import copy_json
from rules.core.sheets import mapping_field, object_list_field
from rules.core.system import Event, Json
from rules.delta_green import refusals as R
from rules.delta_green.settings import Settings, build, settings_of, values
from rules.delta_green.sheet import validate_sheet
from rules.delta_green.tables import ARMS, CHEST, HEAD, LEGS, LIMBS, LOCATIONS, location_table

VERSION = 1


def new_combatant(entry: Mapping[str, Any], settings: Settings) -> Json:
    """A combatant from a setup entry: validated sheet, full HP, weapons as carried."""
    sheet = validate_sheet(entry.get("sheet") or {})
    cid = str(entry.get("id") or "").strip()
    if not cid or cid == GM_ACTOR:
        raise IllegalAction.of(R.NEEDS_ID())
    hp_max = sheet["hp"]
    in_hand = next((w["key"] for w in sheet["weapons"] if w["ready"]), None)
    combatant = {
        "id": cid,
        "name": str(entry.get("name") or sheet["name"]),
        "side": str(entry.get("side") or "agents"),
        "controller": str(entry.get("controller") or GM_ACTOR),
        "sheet": sheet,
        "hp_max": hp_max,
        "hp": int(entry.get("hp", hp_max)),
        "loc_max": {
            **location_table(hp_max, str(settings.location_hp_rounding)),
            **sheet.get("location_hp", {}),
        },
        "damage": {loc: 0 for loc in LOCATIONS},
        **({"wound_hits": {}} if settings.wound_threshold == "per_hit" else {}),
        "weapons": {
            w["key"]: {
                "loaded": w["loaded"],
                "spare": w["spare"],
                "jammed": False,
                "broken": w["broken"],
            }
            for w in sheet["weapons"]
        },
        "in_hand": in_hand,
        "off_hand": None,  # COC-TWOWEAP-1, COC-TWOGUN-1: a one-handed weapon in the other hand
        "hand": "right",
        "prone": False,
        "dead": False,
        "maimed": [],
        "severed": [],
        "untreated": [],
        "bleeding": {},
        "first_aided": [],
        "vest_seen_by": [],
        "on_fire": False,
        "drowning": None,
        "knocked_out": False,
        "training_booked": 0,
        "stuck": None,
        "burned": 0,
        "operated": [],
        "penalties": [],
        "round": {},
        "aim": None,
        "called": None,
        "brave": False,
        "dodge": False,
        "parry_vs": None,
        "belt": None,
        "pow_check": False,
        "gains": {},
        "taught": {},
        "notes": [],
    }
    if sheet["condition"] is not None:
        carry_condition(combatant, sheet["condition"])
    return combatant


def carry_condition(c: Json, condition: Mapping[str, Any]) -> None:
    """A new combatant as the sheet's condition leaves it (issue 32): HP and each location's
    damage (DG-HP-1, DG-WOUND-1), maimed and severed limbs not yet treated (DG-WOUND-6),
    bleeding (DG-WOUND-3/-5/-7/-8), death (DG-HP-3), a knockout, fire and poisons still to act."""
    if condition.get("hp") is not None:  # never above the maximum the sheet has now
        c["hp"] = min(int(condition["hp"]), int(c["hp_max"]))
    c["dead"] = bool(condition.get("dead"))
    c["knocked_out"] = bool(condition.get("knocked_out"))
    c["on_fire"] = bool(condition.get("on_fire"))
    for loc in LOCATIONS:
        here = condition.get(loc) or {}
        c["damage"][loc] = int(here.get("damage") or 0)
        if "wound_hits" in c and c["damage"][loc]:  # DG-WOUND-1 per hit: the old wound, as one
            c["wound_hits"][loc] = c["damage"][loc]
        if here.get("lasting") in ("maimed", "severed"):
            c[str(here["lasting"])].append(loc)
        if here.get("untreated"):
            c["untreated"].append(loc)
        if here.get("max_hp_lost"):  # DG-HEAL-5: the sheet's HP already lost it
            c["maim_counted"] = [*c.get("maim_counted", []), loc]
        if here.get("bleeding"):
            c["bleeding"][loc] = {"kind": str(here["bleeding"]), "since": 0}
    poisons = [{**dose, "due_round": None} for dose in condition.get("poisons") or ()]
    if poisons:  # COC-POISON-5: a dose carried over waits for the GM's word
        c["poisons"] = poisons


def start(setup: Mapping[str, Any]) -> Json:
    """A new encounter from setup JSON (see docs/architecture.md)."""
    settings = build(mapping_field(setup, "settings", default={}))
    combatants: dict[str, Json] = {}
    for entry in object_list_field(setup, "combatants", max_items=500, default=[]):
        combatant = new_combatant(entry, settings)
        if combatant["id"] in combatants:
            raise IllegalAction.of(R.SHARED_ID(id=repr(combatant["id"])))
        combatants[combatant["id"]] = combatant
    return {
        "version": VERSION,
        "title": str(setup.get("title") or "Delta Green encounter"),
        "settings": settings,
        "round": 0,
        "phase": "setup",
        "pass": 0,
        "order": [],
        "ties": {},
        "acted": [],
        "delayed": [],
        "tie_grace": [],
        "held": {},
        "notes": [],
        "confined": bool(setup.get("confined", False)),
        "week": 0,
        "combatants": combatants,
    }


def loc_threshold(c: Mapping[str, Any], loc: str) -> tuple[bool, bool]:
    """DG-WOUND-1: whether a location has reached >= 1x and >= 2x its normal HP in damage.

    With `dg.wound_threshold = "per_hit"` (the combatant then keeps `wound_hits`, the largest
    single hit on each location since it last healed below 1x) a level also needs one hit that
    large on its own."""
    normal = int(c["loc_max"][loc])
    taken = int(c["damage"][loc])
    hits = c.get("wound_hits")
    if hits is None:
        return taken >= normal, taken >= 2 * normal
    worst = int(hits.get(loc, 0))
    return taken >= normal and worst >= normal, taken >= 2 * normal and worst >= 2 * normal


def wound_crossing(
    c: Mapping[str, Any], loc: str, before: int, after: int, hit: int
) -> tuple[bool, bool, int | None]:
    """DG-WOUND-1: whether one hit (`hit` damage, location damage `before` -> `after`) takes the
    location to >= 1x and to >= 2x, and the location's new largest single hit (None: cumulative).

    Cumulative by default. `dg.wound_threshold = "per_hit"` reads the seed's 「一次定位命中受到的
    伤害高于该位置的实际生命值」 (L56, "one located hit") literally: a level is reached only
    by a single hit of at least L (2L); the location HP still adds up, and the level ends when
    healing brings the damage below L, which also forgets the earlier hits."""
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


def is_dead(c: Mapping[str, Any]) -> bool:
    """DG-HP-3 / DG-WOUND-7: total HP -10 or less, or a severed head.

    DG-LOC-4: location HP are thresholds for wound effects, not a pool (their sum is more than
    total HP): death reads total HP only, whatever the locations."""
    return bool(c["dead"]) or int(c["hp"]) <= -10


def is_unconscious(c: Mapping[str, Any]) -> bool:
    """DG-HP-2 / DG-WOUND-5: total HP 2 or less, or a head at 1x or worse.

    AMB-DG-22: the seed names 1 and 2 only; every total from 2 down to -9 is unconscious, and
    the character wakes once healing brings it to 3 (unless the head or a knockout keeps it)."""
    if is_dead(c):
        return False
    if c.get("knocked_out"):  # COC-POISON-7 and knockouts: until the GM clears it
        return True
    return int(c["hp"]) <= 2 or (uses_locations(c) and loc_threshold(c, HEAD)[0])


def uses_locations(c: Mapping[str, Any]) -> bool:
    """DG-LOC-5: creatures without hit locations take total HP only."""
    return bool(c["sheet"].get("hit_locations", True))


def is_helpless(c: Mapping[str, Any]) -> bool:
    """DG-WOUND-8: chest/abdomen at 2x: nothing but sit or lie."""
    return uses_locations(c) and loc_threshold(c, CHEST)[1]


def is_incapacitated(c: Mapping[str, Any]) -> bool:
    """DG-WOUND-6: a limb at 2x not yet treated: only First Aid on itself or crawling."""
    return bool(c["untreated"])


def is_immobile(c: Mapping[str, Any]) -> bool:
    """DG-WOUND-3: a chest at 1x cannot move until its HP is above 0."""
    # uses_locations(c) and loc_threshold(c, CHEST)[0], without the calls (every spend op asks)
    if not (c["sheet"].get("hit_locations", True) and c["damage"][CHEST] >= c["loc_max"][CHEST]):
        return False
    hits = c.get("wound_hits")  # DG-WOUND-1 per hit: one hit of at least L
    return hits is None or int(hits.get(CHEST, 0)) >= int(c["loc_max"][CHEST])


def leg_disabled(c: Mapping[str, Any]) -> bool:
    """DG-WOUND-2: either leg at 1x."""
    return uses_locations(c) and any(loc_threshold(c, leg)[0] for leg in LEGS)


def status(c: Mapping[str, Any]) -> str:
    """The character's state for the sheet: conscious, unconscious, dying or dead."""
    if is_dead(c):
        return "dead"
    if is_unconscious(c):
        return "dying" if c["bleeding"] or int(c["hp"]) <= 0 else "unconscious"
    return "conscious"


def location_badges(c: Mapping[str, Any], loc: str) -> list[str]:
    """DG-WOUND-1: condition badges of one location (disabled, maimed, severed, bleeding)."""
    badges: list[str] = []
    if not uses_locations(c):
        return badges
    one, two = loc_threshold(c, loc)
    if loc in c["severed"]:
        badges.append("severed")
    elif loc in c["maimed"]:
        badges.append("maimed")
    elif two:
        badges.append("crippled")
    elif one:
        badges.append("disabled")
    if loc in c["bleeding"]:
        badges.append("bleeding")
    return badges


def conditions(c: Mapping[str, Any]) -> list[str]:
    """DG-WOUND-1: the conditions shown on the token and sheet."""
    found: list[str] = []
    if is_dead(c):
        return ["dead"]
    if is_unconscious(c):
        found.append("unconscious")
    if c["prone"]:
        found.append("prone")
    if leg_disabled(c):
        found.append("leg_disabled")
    if uses_locations(c) and any(loc_threshold(c, arm)[0] for arm in ARMS):
        found.append("arm_disabled")
    if c["bleeding"]:
        found.append("bleeding")
    if is_incapacitated(c):
        found.append("incapacitated")
    if is_helpless(c):
        found.append("helpless")
    found.extend(f"maimed:{loc}" for loc in c["maimed"])
    found.extend(f"severed:{loc}" for loc in c["severed"])
    return found


def cards_left(c: Mapping[str, Any]) -> int:
    """DG-ACT-2: face-up cards this round."""
    rnd = c["round"]
    left: int = max(0, rnd.get("cards", 0) - rnd.get("spent", 0))  # ops only ever store ints
    return left


def able(c: Mapping[str, Any]) -> bool:
    """Whether the combatant can take turns at all (alive, conscious, not helpless).

    The same as `not (is_dead(c) or is_unconscious(c) or is_helpless(c))`, in one pass (asked
    several times per action, so without int() round trips: HP and damage are stored as ints)."""
    if c["dead"] or c["hp"] <= 2 or c.get("knocked_out"):  # DG-HP-2/-3, COC-POISON-7
        return False
    if not c["sheet"].get("hit_locations", True):  # DG-LOC-5
        return True
    damage, normal = c["damage"], c["loc_max"]
    # DG-WOUND-5: head at 1x knocks out; DG-WOUND-8: chest at 2x leaves one helpless
    return bool(damage[HEAD] < normal[HEAD] and damage[CHEST] < 2 * normal[CHEST])


def eligible(state: Mapping[str, Any], cid: str) -> bool:
    """Whether `cid` still takes a turn this round (DG-INIT-2; ties keep theirs, DG-INIT-3)."""
    c = state["combatants"][cid]
    rnd = c["round"]
    if rnd.get("cards", 0) - rnd.get("spent", 0) <= 0:  # cards_left, asked for every turn
        return False
    return able(c) or cid in state["tie_grace"]


def pass_order(state: Mapping[str, Any]) -> list[str]:
    """DG-INIT-2/-4: this pass's order: by rank, except that a combatant holding for a half-DEX
    action stands at rhu(DEX/2) + its initiative die (ties: higher DEX, then the round's order)."""
    order: list[str] = state["order"]
    held = state.get("held")
    if not held:
        return order
    combatants = state["combatants"]

    def place(item: tuple[int, str]) -> tuple[int, int, int]:
        index, cid = item
        rnd = combatants[cid]["round"]
        return (-int(held.get(cid, rnd.get("rank", 0))), -int(rnd.get("dex", 0)), index)

    return [cid for _, cid in sorted(enumerate(order), key=place)]


def half_dex_rank(c: Mapping[str, Any]) -> int:
    """DG-INIT-4: the rank of a half-DEX action: rhu(DEX/2) + the round's initiative die."""
    rnd = c["round"]
    dex = int(rnd.get("dex", c["sheet"]["dex"]))
    return half_dex(dex) + int(rnd.get("die", 0))


def current_actor(state: Mapping[str, Any]) -> str | None:
    """DG-INIT-2: whose turn it is in this pass: rank order, delayed combatants last."""
    if state["phase"] != "in_round":
        return None
    for cid in pass_order(state) if state.get("held") else state["order"]:
        if cid not in state["acted"] and cid not in state["delayed"] and eligible(state, cid):
            return str(cid)
    for cid in state["delayed"]:
        if cid not in state["acted"] and eligible(state, cid):
            return str(cid)
    return None


def round_over(state: Mapping[str, Any]) -> bool:
    """DG-INIT-2: nobody has face-up cards left (or nobody able to use them)."""
    return not any(eligible(state, cid) for cid in state["order"])


def limb_capped(c: Mapping[str, Any], loc: str | None, amount: int) -> int:
    """DG-WOUND-6: the damage a location op actually deals: a limb never holds more than 2x."""
    if not loc or loc not in LIMBS or not uses_locations(c):
        return amount
    return max(0, min(amount, 2 * int(c["loc_max"][loc]) - int(c["damage"][loc])))


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


def weapon_of(c: Mapping[str, Any], key: str) -> Json:
    """The sheet entry of weapon `key`; raises IllegalAction if the combatant has none."""
    return dict(sheet_weapon(c, key))


def sheet_weapon(c: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """The sheet entry of weapon `key` itself, to read only (no copy, as hot paths need)."""
    for weapon in c["sheet"]["weapons"]:
        if weapon["key"] == key:
            result: Mapping[str, Any] = weapon
            return result
    raise IllegalAction.of(R.NO_WEAPON(name=c["name"], key=repr(key)))


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
    """Apply one primitive op to a forked state (callers pass a copy; shared parts stay intact)."""
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


def apply(state: Json, event: Event) -> Json:
    """State after one event: a copy with the event's ops applied in order."""
    new_state = fork(state)
    for op in event.payload.get("ops") or []:
        apply_op(new_state, op)
    new_state.owned.clear()  # later forks share these combatants, so nothing may change them
    return new_state


def load(data: Mapping[str, Any]) -> Json:
    """State from stored JSON (version 1 is current)."""
    if int(data.get("version", VERSION)) != VERSION:
        raise IllegalAction.of(R.UNKNOWN_VERSION(version=repr(data.get("version"))))
    state = dict(copy_json(dict(data)))
    state["settings"] = build(state.get("settings"))
    return state


def dump(state: Mapping[str, Any]) -> Json:
    """State as JSON."""
    return {**copy_json(dict(state)), "settings": values(settings_of(state))}
