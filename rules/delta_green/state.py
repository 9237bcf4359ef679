"""Delta Green encounter state (JSON) and what the rules read from it; events change it through
the path changes of rules/core/changes.py, decided in resolve (rules/delta_green/working.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.brp.core import half_dex
from rules.brp.skill_checks import marks_of_sheet, without_marks
from rules.core.actions import GM_ACTOR
from rules.core.errors import IllegalAction
from rules.core.jsonstate import copy_json
from rules.core.sheets import mapping_field, object_list_field
from rules.core.system import Json
from rules.delta_green import refusals as R
from rules.delta_green.settings import Settings, build, settings_of, values
from rules.delta_green.sheet import validate_sheet
from rules.delta_green.tables import ARMS, CHEST, HEAD, LEGS, LIMBS, LOCATIONS, location_table
from rules.scene.start import scene_from_setup

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
    # DG-GROW-1: marks carried from an earlier encounter are the combatant's, not its sheet's
    combatant["sheet"] = without_marks(sheet)
    combatant.update(marks_of_sheet(sheet))
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
    state: Json = {
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
    # SCENE-MAP-5: a map the setup gives (the encounter builder's) is there from the start
    scene = scene_from_setup(setup, "m", combatants)
    if scene is not None:
        state["scene"] = scene
    return state


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
    left: int = max(0, rnd.get("cards", 0) - rnd.get("spent", 0))  # changes only ever store ints
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
    if state["phase"] != "in_round" or state.get("unseen_turn"):
        return None  # SCENE-HIDE-4: a player's view while a GM-only combatant takes its turn
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
