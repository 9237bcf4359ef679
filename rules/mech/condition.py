"""A mech's condition between encounters (MECH-AMB-40): what its sheet carries to the next one.

HP, structure, stress, the repair cap left, CP, destroyed weapons and systems and the uses left on
limited ones persist; heat, burn, conditions, AP and the overcharge counter clear at match end, so
the sheet never holds them. A sheet without `condition` is a mech at full strength. The sheet's
`condition` is written by the encounter's write-back (the GM confirms it) and read by `new_unit`:

    {"hp": 7, "structure": 3, "stress": 4, "repair": 2, "cp": 0, "wrecked": false,
     "items": [{"kind": "weapon", "index": 0, "key": "k12_carbine", "destroyed": true}]}

An item names its place in the loadout (the n-th weapon in mount order, the n-th system) and its
key; if the loadout changed since, the entry no longer matches and the item starts fresh.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.errors import SheetError
from rules.mech import refusals as R
from rules.mech.state import Json, Unit

RULE = "MECH-AMB-40"
# condition key -> the stat that bounds it, and its least value on a mech that still fights
TRACKS = {
    "hp": ("hp_max", 1),
    "structure": ("structure_max", 1),
    "stress": ("stress_max", 1),
    "repair": ("repair_cap", 0),
    "cp": ("cp_max", 0),
}
ITEM_KINDS = ("weapon", "system")
PILOT_STATES = ("unhurt", "wounded", "down", "dead")  # MECH-PILOT-STATE


def _whole(raw: Mapping[str, Any], key: str, where: str, lo: int, hi: int) -> int:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise SheetError(where, R.MUST_BE_A_WHOLE_NUMBER(), RULE)
    if not lo <= value <= hi:
        raise SheetError(where, R.MUST_BE_BETWEEN_AND_NOT(lo=lo, hi=hi, value=value), RULE)
    return value


def _item(raw: Any, where: str, loadout: Mapping[str, Sequence[Mapping[str, Any]]]) -> Json:
    if not isinstance(raw, Mapping):
        raise SheetError(where, R.MUST_BE_AN_OBJECT(), RULE)
    kind = raw.get("kind")
    if kind not in ITEM_KINDS:
        raise SheetError(f"{where}.kind", R.MUST_BE_ONE_OF(choices=", ".join(ITEM_KINDS)), RULE)
    items = loadout[str(kind)]
    index = _whole(raw, "index", f"{where}.index", 0, max(len(items) - 1, 0))
    item: Json = {"kind": kind, "index": index, "key": str(raw.get("key") or "")}
    item["destroyed"] = bool(raw.get("destroyed", False))
    if raw.get("uses") is not None:
        item["uses"] = _whole(raw, "uses", f"{where}.uses", 0, 99)
    return item


def validate_condition(
    raw: Any, stats: Mapping[str, Any], weapons: Sequence[Mapping[str, Any]], systems: Sequence[Any]
) -> Json | None:
    """The sheet's `condition` checked against the mech's own maxima, or None (full strength)."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise SheetError("condition", R.MUST_BE_AN_OBJECT(), RULE)
    raw = {key: value for key, value in raw.items() if value not in (None, "")}
    pilot = raw.get("pilot", "unhurt")
    if pilot not in PILOT_STATES:
        raise SheetError(
            "condition.pilot", R.MUST_BE_ONE_OF(choices=", ".join(PILOT_STATES)), "MECH-PILOT-STATE"
        )
    unhurt = pilot == "unhurt"
    empty = raw.get("items", []) == [] and not set(raw) & set(TRACKS)
    if unhurt and not raw.get("wrecked") and empty:
        return None  # an empty condition on the form: full strength
    out: Json = {} if unhurt else {"pilot": pilot}
    wrecked = bool(raw.get("wrecked", False))
    for key, (stat, least) in TRACKS.items():
        if key in raw:
            lo = 0 if wrecked and key in ("hp", "structure") else least
            out[key] = _whole(raw, key, f"condition.{key}", lo, int(stats[stat]))
    out["wrecked"] = wrecked
    items = raw.get("items")
    items = [] if items is None else items
    if not isinstance(items, list):
        raise SheetError("condition.items", R.MUST_BE_A_LIST(), RULE)
    loadout = {"weapon": weapons, "system": systems}
    out["items"] = [_item(item, f"condition.items[{n}]", loadout) for n, item in enumerate(items)]
    return out


def _fresh(item: Mapping[str, Any]) -> bool:
    return not item.get("destroyed") and item.get("uses") == item.get("max_uses")


def condition_of(unit: Mapping[str, Any]) -> Json | None:
    """What of the unit persists to the next encounter, or None if it is at full strength."""
    stats = unit["stats"]
    out: Json = {key: int(unit[key]) for key in TRACKS}
    items: list[Json] = []
    for kind, group in (("weapon", unit["weapons"]), ("system", unit["systems"])):
        for index, item in enumerate(group):
            if _fresh(item):
                continue
            entry: Json = {"kind": kind, "index": index, "key": item.get("key", "")}
            entry["destroyed"] = bool(item.get("destroyed"))
            if item.get("max_uses") is not None:
                entry["uses"] = int(item.get("uses") or 0)
            items.append(entry)
    wrecked = bool(unit.get("destroyed"))
    full = all(out[key] == int(stats[stat]) for key, (stat, _least) in TRACKS.items())
    pilot = str(unit.get("pilot_state") or "unhurt")  # MECH-PILOT-STATE
    if full and not items and not wrecked:
        return None if pilot == "unhurt" else {"pilot": pilot}
    if pilot != "unhurt":
        out["pilot"] = pilot
    out["wrecked"] = wrecked
    if wrecked:
        out["hp"] = out["structure"] = 0
    out["items"] = items
    return out


def apply_condition(unit: Unit, condition: Mapping[str, Any] | None) -> None:
    """A new unit (full strength) as its sheet's condition leaves it; a wreck does not fight."""
    if not condition:
        return
    if condition.get("wrecked"):
        raise SheetError("condition.wrecked", R.IS_A_WRECK(name=unit["name"]), RULE)
    if condition.get("pilot") == "dead":
        raise SheetError("condition.pilot", R.PILOT_IS_DEAD(name=unit["name"]), "MECH-PILOT-STATE")
    if condition.get("pilot") not in (None, "unhurt"):
        unit["pilot_state"] = str(condition["pilot"])
    for key in TRACKS:
        if key in condition:
            unit[key] = int(condition[key])
    groups = {"weapon": unit["weapons"], "system": unit["systems"]}
    for entry in condition.get("items") or []:
        group = groups[entry["kind"]]
        index = int(entry["index"])
        if index >= len(group) or group[index].get("key", "") != entry.get("key", ""):
            continue  # the loadout changed since: this item starts fresh
        item = group[index]
        item["destroyed"] = bool(entry.get("destroyed"))
        if item.get("max_uses") is not None and entry.get("uses") is not None:
            item["uses"] = min(int(entry["uses"]), int(item["max_uses"]))


def write_back(state: Mapping[str, Any], actor_id: str, sheet: Mapping[str, Any]) -> Json:
    """The sheet after the encounter: the unit's condition replaces the sheet's (MECH-AMB-40)."""
    unit = state["units"][actor_id]
    out: Json = {key: value for key, value in sheet.items() if key != "condition"}
    condition = condition_of(unit)
    if condition is not None:
        out["condition"] = condition
    return out
