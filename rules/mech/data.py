"""Frames, weapons and systems as data; pilot attributes to mech statistics; loadout validation."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.errors import SheetError
from rules.mech import refusals as R
from rules.mech import shipped
from rules.mech.condition import validate_condition
from rules.mech.messages import SYSTEM_TEXTS

Json = dict[str, Any]

ATTRIBUTES = ("hull", "agility", "systems", "engineering")
DAMAGE_TYPES = ("explosive", "energy", "kinetic", "burn")  # MECH-DMG-TYPES
WEAPON_SIZES = ("auxiliary", "main", "heavy", "superheavy")
MOUNT_TYPES = ("main", "heavy", "aux_aux", "main_aux", "flex", "integrated")
AREA_SHAPES = ("line", "cone", "blast", "burst")
ARMOUR_MAX = 4  # MECH-STAT-1 [LD]

# MECH-STAT-1 / MECH-AMB-07: the baseline frame (LANCER entry-level numbers) and the §13 example.
FRAMES: dict[str, Json] = {
    "gp1_mule": {
        "key": "gp1_mule",
        "name": 'GP-1 "Mule"',
        "size": 1,
        "hp": 10,
        "evasion": 8,
        "edef": 8,
        "armour": 0,
        "heat_cap": 6,
        "speed": 4,
        "sensors": 10,
        "repair_cap": 5,
        "sp": 6,
        "tech_attack": 0,
        "save_target": 10,
        "structure": 4,
        "stress": 4,
        "cp": 1,
        "mounts": ["main", "flex", "heavy"],
        "core": {
            "key": "bulwark_field",
            "name": "Bulwark Field",
            "text": SYSTEM_TEXTS["bulwark_field"].english,
        },
    },
}
FRAMES.update(shipped.frames(FRAMES["gp1_mule"]["core"]))  # the shipped frames of sizes 1 to 3

# §13.3 example weapons; the siege cannon is our own superheavy example (MECH-MOUNT-SUPERHEAVY).
WEAPONS: dict[str, Json] = {
    "k12_carbine": {
        "name": "K-12 Service Carbine",
        "size": "main",
        "kind": "ranged",
        "range": 10,
        "damage": "1d6",
        "type": "kinetic",
    },
    "breaker_maul": {
        "name": "Breaker Maul",
        "size": "heavy",
        "kind": "melee",
        "threat": 1,
        "damage": "1d6+3",
        "type": "kinetic",
        "ap": True,
    },
    "holdout_pistol": {
        "name": "Holdout Pistol",
        "size": "auxiliary",
        "kind": "ranged",
        "range": 6,
        "damage": "1d3+1",
        "type": "kinetic",
    },
    "cinder_pod": {
        "name": "Cinder Pod",
        "size": "auxiliary",
        "kind": "ranged",
        "range": 8,
        "area": {"shape": "blast", "value": 1},
        "damage": "1d3",
        "type": "explosive",
        "burn": 2,
        "limited": 2,
        "loading": True,
    },
    "siege_cannon": {
        "name": "Siege Cannon",
        "size": "superheavy",
        "kind": "ranged",
        "range": 15,
        "damage": "2d6+2",
        "type": "explosive",
    },
    **shipped.WEAPONS,
}

# §13.4: the example systems; `action` names what the system does when used (1 AP).
SYSTEMS: dict[str, Json] = {
    "coolant_purge": {
        "name": "Coolant Purge",
        "sp": 2,
        "limited": 1,
        "action": "vent",
        "vent": 4,
        "text": SYSTEM_TEXTS["coolant_purge"].english,
    },
    "ablative_skirts": {
        "name": "Ablative Skirts",
        "sp": 2,
        "resist": ["explosive"],
        "text": SYSTEM_TEXTS["ablative_skirts"].english,
    },
    **shipped.SYSTEMS,
}

MARA: Json = {
    "name": "Latch",
    "pilot": {
        "name": 'Mara "Latch" Voss',
        "hull": 2,
        "agility": 1,
        "systems": 1,
        "engineering": 2,
        "weapon_skill": 1,
    },
    "frame": "gp1_mule",
    "mounts": [["k12_carbine"], ["holdout_pistol", "cinder_pod"], ["breaker_maul"]],
    "systems": ["coolant_purge", "ablative_skirts"],
}

SPARRING: Json = {
    "name": "Sparring Mule",
    "pilot": {
        "name": "Sparring pilot",
        "hull": 0,
        "agility": 0,
        "systems": 0,
        "engineering": 0,
        "weapon_skill": 0,
    },
    "frame": "gp1_mule",
    "mounts": [["k12_carbine"], [], []],
    "systems": [],
}


def _int(data: Mapping[str, Any], key: str, field: str, rule: str, lo: int, hi: int) -> int:
    raw = data.get(key, 0)
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        raise SheetError(field, R.MUST_BE_A_WHOLE_NUMBER(), rule)
    try:
        value = int(raw)
    except ValueError:
        raise SheetError(field, R.MUST_BE_A_WHOLE_NUMBER_NOT(raw=repr(raw)), rule) from None
    if not lo <= value <= hi:
        raise SheetError(field, R.MUST_BE_BETWEEN_AND_NOT(lo=lo, hi=hi, value=value), rule)
    return value


def _lookup(catalog: Mapping[str, Json], item: Any, field: str, rule: str) -> Json:
    if isinstance(item, str):
        if item not in catalog:
            raise SheetError(field, R.UNKNOWN_ITEM(item=repr(item)), rule)
        found = copy.deepcopy(catalog[item])
        found.setdefault("key", item)
        return found
    if isinstance(item, Mapping):
        return copy.deepcopy(dict(item))
    raise SheetError(field, R.MUST_BE_A_CATALOGUE_KEY_OR(), rule)


SAVE_CONDITIONS = ("prone", "slowed", "impaired", "immobilized", "jammed", "shredded", "exposed")


def save_data(raw: Any, field: str) -> Json | None:
    """MECH-SAVE-1: a weapon's forced save on a hit, e.g. {"attribute": "hull",
    "condition": "prone", "until_next_turn": false}: failing it gives the condition."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or raw.get("attribute") not in ATTRIBUTES:
        raise SheetError(field, R.NEEDS_AN_ATTRIBUTE(choices=", ".join(ATTRIBUTES)), "MECH-SAVE-1")
    if raw.get("condition") not in SAVE_CONDITIONS:
        raise SheetError(
            f"{field}.condition",
            R.MUST_BE_ONE_OF(choices=", ".join(SAVE_CONDITIONS)),
            "MECH-SAVE-1",
        )
    return {
        "attribute": raw["attribute"],
        "condition": raw["condition"],
        "until_next_turn": bool(raw.get("until_next_turn", True)),
    }


def weapon_data(item: Any, field: str) -> Json:
    """A weapon from the catalogue or inline, checked, with defaults (MECH-THREAT-1: threat 1)."""
    weapon = _lookup(WEAPONS, item, field, "MECH-MOUNT-TABLE")
    weapon.setdefault("key", str(weapon.get("name", "weapon")).lower().replace(" ", "_"))
    weapon.setdefault("name", weapon["key"])
    if weapon.get("size") not in WEAPON_SIZES:
        raise SheetError(
            f"{field}.size",
            R.MUST_BE_ONE_OF_2(choices=", ".join(WEAPON_SIZES)),
            "MECH-MOUNT-TABLE",
        )
    if weapon.get("kind") not in ("melee", "ranged"):
        raise SheetError(f"{field}.kind", R.MUST_BE_MELEE_OR_RANGED(), "MECH-ATK-MELEE")
    if weapon.get("type") not in DAMAGE_TYPES:
        raise SheetError(
            f"{field}.type",
            R.MUST_BE_ONE_OF_3(choices=", ".join(DAMAGE_TYPES)),
            "MECH-DMG-TYPES",
        )
    from rules.mech.damage import parse_expr  # local: damage imports this module's types

    parse_expr(str(weapon.get("damage", "0")), f"{field}.damage")
    weapon.setdefault("threat", 1)
    weapon.setdefault("range", 0)
    weapon.setdefault("burn", 0)
    weapon.setdefault("bonus", 0)
    weapon.setdefault("ap", False)
    weapon.setdefault("loading", False)
    weapon.setdefault("limited", None)
    weapon.setdefault("area", None)
    if weapon.get("save") is not None:  # only weapons that force a save carry the field
        weapon["save"] = save_data(weapon["save"], f"{field}.save")
    area = weapon["area"]
    if area is not None and (not isinstance(area, Mapping) or area.get("shape") not in AREA_SHAPES):
        raise SheetError(
            f"{field}.area",
            R.SHAPE_MUST_BE_ONE_OF(choices=", ".join(AREA_SHAPES)),
            "MECH-AOE-TABLE",
        )
    return weapon


def system_data(item: Any, field: str) -> Json:
    """A system from the catalogue or inline, with defaults."""
    system = _lookup(SYSTEMS, item, field, "MECH-STAT-1")
    system.setdefault("key", str(system.get("name", "system")).lower().replace(" ", "_"))
    system.setdefault("name", system["key"])
    system.setdefault("sp", 0)
    system.setdefault("limited", None)
    system.setdefault("resist", [])
    system.setdefault("action", None)
    if system.get("save") is not None:  # a system whose action forces a save (MECH-SAVE-1)
        system["save"] = save_data(system["save"], f"{field}.save")
        system["action"] = "save"
    return system


def frame_data(item: Any) -> Json:
    """A frame from the catalogue or inline, every base statistic present (MECH-AMB-07)."""
    frame = _lookup(FRAMES, item, "frame", "MECH-STAT-1")
    base = FRAMES["gp1_mule"]
    for key in ("size", "hp", "evasion", "edef", "armour", "heat_cap", "speed", "sensors"):
        frame.setdefault(key, base[key])
    for key in ("repair_cap", "sp", "tech_attack", "save_target", "structure", "stress", "cp"):
        frame.setdefault(key, base[key])
    frame.setdefault("mounts", list(base["mounts"]))
    frame.setdefault("core", None)
    frame.setdefault("name", frame.get("key", "frame"))
    if not 1 <= int(frame["size"]) <= 4:
        raise SheetError("frame.size", R.MUST_BE_BETWEEN_1_AND_4(), "MECH-STAT-1")
    if not 0 <= int(frame["armour"]) <= ARMOUR_MAX:
        raise SheetError("frame.armour", R.MUST_BE_BETWEEN_0_AND(max=ARMOUR_MAX), "MECH-STAT-1")
    for i, mount in enumerate(frame["mounts"]):
        mtype = mount["type"] if isinstance(mount, Mapping) else mount
        if mtype not in MOUNT_TYPES:
            raise SheetError(
                f"frame.mounts[{i}]", R.UNKNOWN_MOUNT_TYPE(mtype=repr(mtype)), "MECH-MOUNT-TABLE"
            )
    return frame


def derive_stats(pilot: Mapping[str, int], frame: Mapping[str, Any]) -> Json:
    """MECH-PILOT-HULL/AGI/SYS/ENG, MECH-STAT-1: frame base plus pilot bonuses (per 2: floor)."""
    hull, agi = pilot["hull"], pilot["agility"]
    sys, eng = pilot["systems"], pilot["engineering"]
    return {
        "size": int(frame["size"]),
        "hp_max": int(frame["hp"]) + 2 * hull,
        "repair_cap": int(frame["repair_cap"]) + hull // 2,
        "evasion": int(frame["evasion"]) + agi,
        "speed": int(frame["speed"]) + agi // 2,
        "edef": int(frame["edef"]) + sys,
        "tech_attack": int(frame["tech_attack"]) + sys,
        "sp": int(frame["sp"]) + sys // 2,
        "heat_cap": int(frame["heat_cap"]) + eng,
        "limited_bonus": eng // 2,
        "armour": int(frame["armour"]),
        "sensors": int(frame["sensors"]),
        "save_target": int(frame["save_target"]),
        "structure_max": int(frame["structure"]),
        "stress_max": int(frame["stress"]),
        "cp_max": int(frame["cp"]),
    }


def _mount_fits(mtype: str, sizes: Sequence[str]) -> bool:
    """MECH-MOUNT-TABLE: whether a mount of this type can hold weapons of these sizes."""
    counted = sorted(sizes)
    if mtype == "main":
        return counted in ([], ["main"], ["auxiliary"])
    if mtype == "heavy":
        return counted in ([], ["heavy"], ["main"], ["auxiliary"])
    if mtype == "aux_aux":
        return counted in ([], ["auxiliary"], ["auxiliary", "auxiliary"])
    if mtype in ("main_aux", "flex"):
        allowed = [[], ["main"], ["auxiliary"], ["auxiliary", "auxiliary"]]
        if mtype == "main_aux":
            allowed.append(["auxiliary", "main"])
        return counted in allowed
    return False


MOUNT_SLOTS = {"main": 1, "heavy": 1, "aux_aux": 2, "main_aux": 2, "flex": 2}  # weapons at most


def mount_may_hold(mtype: str, size: str) -> bool:
    """MECH-MOUNT-TABLE / MECH-MOUNT-SUPERHEAVY: whether a mount of this type takes a weapon of
    this size at all (a superheavy one together with another mount, one of them heavy)."""
    if size == "superheavy":
        return mtype in MOUNT_SLOTS
    return _mount_fits(mtype, [size])


def validate_loadout(frame: Mapping[str, Any], mounts: Any) -> list[list[Json]]:
    """MECH-MOUNT-TABLE / MECH-MOUNT-SUPERHEAVY: the weapons of each mount, or SheetError."""
    frame_mounts = list(frame["mounts"])
    if not isinstance(mounts, list) or len(mounts) > len(frame_mounts):
        raise SheetError("mounts", R.THE_FRAME_HAS_MOUNTS(n=len(frame_mounts)), "MECH-MOUNT-TABLE")
    mounts = list(mounts) + [[] for _ in range(len(frame_mounts) - len(mounts))]
    result: list[list[Json]] = []
    superheavy_seen: dict[str, list[int]] = {}
    for i, (fm, items) in enumerate(zip(frame_mounts, mounts, strict=True)):
        field = f"mounts[{i}]"
        if isinstance(fm, Mapping):  # MECH-MOUNT-INTEGRATED: preset, cannot be changed
            preset = [weapon_data(w, f"{field}.integrated") for w in fm.get("weapons", [])]
            if items and [weapon_data(w, field)["key"] for w in items] != [
                w["key"] for w in preset
            ]:
                raise SheetError(
                    field, R.AN_INTEGRATED_MOUNT_CANNOT_BE_CHANGED(), "MECH-MOUNT-INTEGRATED"
                )
            for w in preset:
                w["integrated"] = True
            result.append(preset)
            continue
        if not isinstance(items, list):
            raise SheetError(field, R.MUST_LIST_THE_WEAPONS_ON_THIS(), "MECH-MOUNT-TABLE")
        weapons = [weapon_data(w, f"{field}[{j}]") for j, w in enumerate(items)]
        supers = [w for w in weapons if w["size"] == "superheavy"]
        if supers:
            if len(weapons) != 1:
                raise SheetError(
                    field, R.A_SUPERHEAVY_WEAPON_FILLS_ITS_MOUNTS(), "MECH-MOUNT-SUPERHEAVY"
                )
            superheavy_seen.setdefault(supers[0]["key"], []).append(i)
            result.append(weapons)
            continue
        if not _mount_fits(fm, [w["size"] for w in weapons]):
            names = ", ".join(f"{w['name']} ({w['size']})" for w in weapons)
            raise SheetError(field, R.A_MOUNT_CANNOT_HOLD(fm=fm, names=names), "MECH-MOUNT-TABLE")
        result.append(weapons)
    for key, where in superheavy_seen.items():
        kinds = sorted(frame_mounts[i] for i in where if isinstance(frame_mounts[i], str))
        if len(where) != 2 or "heavy" not in kinds:
            raise SheetError(
                "mounts",
                R.SUPERHEAVY_NEEDS_ONE_HEAVY_MOUNT_PLUS(key=key),
                "MECH-MOUNT-SUPERHEAVY",
            )
        heavy = next(i for i in where if frame_mounts[i] == "heavy")
        other = next(i for i in where if i != heavy)
        result[other] = []  # the other mount is occupied by the same weapon
        result[heavy][0]["extra_mount"] = other
    return result


def notes_data(raw: Any) -> Json:
    """MECH-TECH-SCAN: a unit's hidden and public information, each a list of pieces."""
    # A piece is {"label": "cargo", "text": "a prototype reactor"}; a bare string is a piece
    # without a label. One Scan learns one piece (the next one its side has not learnt).
    if raw is None:
        return {"hidden": [], "public": []}
    if not isinstance(raw, Mapping):
        raise SheetError("notes", R.MUST_BE_AN_OBJECT_WITH_HIDDEN(), "MECH-TECH-SCAN")
    unknown = sorted(set(raw) - {"hidden", "public"})
    if unknown:
        raise SheetError(f"notes.{unknown[0]}", R.ONLY_HIDDEN_AND_PUBLIC(), "MECH-TECH-SCAN")
    notes: Json = {}
    for kind in ("hidden", "public"):
        items = raw.get(kind) or []
        if isinstance(items, str):
            items = [items]
        if not isinstance(items, list):
            raise SheetError(f"notes.{kind}", R.MUST_BE_A_LIST_OF_PIECES(), "MECH-TECH-SCAN")
        pieces = []
        for i, item in enumerate(items):
            field = f"notes.{kind}[{i}]"
            if isinstance(item, str):
                item = {"label": "", "text": item}
            if not isinstance(item, Mapping) or not isinstance(item.get("text"), str):
                raise SheetError(field, "must be a text or {label, text}", "MECH-TECH-SCAN")
            if not item["text"].strip():
                raise SheetError(field, R.MUST_NOT_BE_EMPTY(), "MECH-TECH-SCAN")
            pieces.append({"label": str(item.get("label") or ""), "text": item["text"]})
        notes[kind] = pieces
    return notes


def _rows(sheet: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    rows = sheet.get(key) or []
    if not isinstance(rows, list):
        raise SheetError(key, R.MUST_BE_A_LIST(), "MECH-STAT-1")
    for n, row in enumerate(rows):
        if not isinstance(row, Mapping):
            raise SheetError(f"{key}[{n}]", R.MUST_BE_AN_OBJECT(), "MECH-STAT-1")
    return rows


def _mounts_given(sheet: Mapping[str, Any], count: int) -> Any:
    """The weapons per mount: the engine's `mounts`, or the sheet form's `loadout` rows."""
    if "loadout" not in sheet:
        return sheet.get("mounts", [])
    mounts: list[list[Any]] = [[] for _ in range(count)]
    for n, row in enumerate(_rows(sheet, "loadout")):
        mount = str(row.get("mount", ""))
        if not mount.isdecimal() or int(mount) >= count:
            field = f"loadout[{n}].mount"
            raise SheetError(field, R.THE_FRAME_HAS_MOUNTS(n=count), "MECH-MOUNT-TABLE")
        weapon = row.get("weapon")
        if isinstance(weapon, Mapping):  # a campaign's own weapon, as itself (issue 36)
            mounts[int(mount)].append(weapon_data(weapon, f"loadout[{n}].weapon"))
            continue
        if not isinstance(weapon, str) or weapon not in WEAPONS:
            field = f"loadout[{n}].weapon"
            raise SheetError(
                field, R.MUST_BE_ONE_OF(choices=", ".join(WEAPONS)), "MECH-MOUNT-TABLE"
            )
        mounts[int(mount)].append(str(weapon))
    return mounts


def _systems_given(sheet: Mapping[str, Any]) -> Any:
    """The systems: the engine's `systems`, or the sheet form's `fitted` rows."""
    if "fitted" not in sheet:
        return sheet.get("systems") or []
    systems: list[Any] = []
    for n, row in enumerate(_rows(sheet, "fitted")):
        if isinstance(row.get("system"), Mapping):  # a campaign's own system (issue 36)
            systems.append(system_data(row["system"], f"fitted[{n}].system"))
            continue
        if not isinstance(row.get("system"), str) or row.get("system") not in SYSTEMS:
            field = f"fitted[{n}].system"
            raise SheetError(field, R.MUST_BE_ONE_OF(choices=", ".join(SYSTEMS)), "MECH-PILOT-SYS")
        systems.append(str(row["system"]))
    return systems


def validate_sheet(sheet: Mapping[str, Any], attribute_max: int = 6) -> Json:
    """A mech sheet checked and normalised (pilot, frame, loadout, systems, SP), or SheetError."""
    if not isinstance(sheet, Mapping):
        raise SheetError("sheet", R.MUST_BE_AN_OBJECT(), "MECH-STAT-1")
    pilot_in = sheet.get("pilot") or {}
    if not isinstance(pilot_in, Mapping):
        raise SheetError("pilot", R.MUST_BE_AN_OBJECT(), "MECH-PILOT-HULL")
    pilot: Json = {"name": str(pilot_in.get("name", sheet.get("name", "Pilot")))}
    rules = {
        "hull": "MECH-PILOT-HULL",
        "agility": "MECH-PILOT-AGI",
        "systems": "MECH-PILOT-SYS",
        "engineering": "MECH-PILOT-ENG",
    }
    for attr in ATTRIBUTES:  # MECH-AMB-06: 0..6 each
        pilot[attr] = _int(pilot_in, attr, f"pilot.{attr}", rules[attr], 0, attribute_max)
    pilot["weapon_skill"] = _int(
        pilot_in, "weapon_skill", "pilot.weapon_skill", "MECH-SKILL-1", -5, 10
    )
    frame = frame_data(sheet.get("frame", "gp1_mule"))
    stats = derive_stats(pilot, frame)
    mounts = validate_loadout(frame, _mounts_given(sheet, len(frame["mounts"])))
    systems_in = _systems_given(sheet)
    if not isinstance(systems_in, list):
        raise SheetError("systems", R.MUST_BE_A_LIST(), "MECH-STAT-1")
    systems = [system_data(s, f"systems[{i}]") for i, s in enumerate(systems_in)]
    used = sum(int(s["sp"]) for s in systems)
    if used > stats["sp"]:
        raise SheetError(
            "systems", R.NEED_SP_BUT_THE_MECH_HAS(used=used, sp=stats["sp"]), "MECH-PILOT-SYS"
        )
    weapons = [weapon for items in mounts for weapon in items]
    condition = validate_condition(sheet.get("condition"), stats, weapons, systems)
    return {
        **({} if condition is None else {"condition": condition}),
        "name": str(sheet.get("name") or pilot["name"]),
        "pilot": pilot,
        "frame": frame,
        "stats": stats,
        "mounts": mounts,
        "systems": systems,
        "sp_used": used,
        "always_first": bool(sheet.get("always_first", False)),
        "notes": notes_data(sheet.get("notes")),
        "resist": list(sheet.get("resist") or []),
        "immune": list(sheet.get("immune") or []),
    }
