"""A campaign's mech content: frames, weapons and systems as forms, and opponents as sheets.

An item is kept in its form's shape (a frame's mounts as rows, a weapon's area and save as
records with a blank choice for none, a system's effect picked from the three the engine
plays); `check` turns it into the engine's shape through the same checks a sheet's inline item
gets (rules/mech/data.py), so a library weapon plays exactly as a catalogue one. The shipped
catalogue (rules/mech/shipped.py and §13) is the starter library.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.actions import Choice, choices
from rules.core.errors import SheetError
from rules.core.library import FRAMES as FRAMES_LABEL
from rules.core.library import SYSTEMS, WEAPONS, LibraryKind, inside, named
from rules.core.messages import Message
from rules.core.schema import Entry, Schema
from rules.core.sheet_kinds import npc_kind
from rules.mech import data
from rules.mech import messages as M
from rules.mech.demo import demo
from rules.mech.log_messages import CONDITION_TITLES
from rules.mech.names import NAMES
from rules.mech.sheet import validate_sheet
from rules.mech.shipped import INTEGRATED_ONLY

Json = dict[str, Any]


def _l(key: str, english: str) -> Message:
    return Message(f"mech.library.{key}", english)


NONE = _l("none", "none")
MOUNT_TYPES = {
    "main": _l("mount.main", "Main"),
    "heavy": _l("mount.heavy", "Heavy"),
    "aux_aux": _l("mount.aux_aux", "Aux/Aux"),
    "main_aux": _l("mount.main_aux", "Main/Aux"),
    "flex": _l("mount.flex", "Flex"),
}
INTEGRATED = _l("mount.integrated", "Integrated")
EFFECTS = {
    "resist": _l("effect.resist", "passive: resistance"),
    "vent": _l("effect.vent", "1 AP: clear heat"),
    "save": _l("effect.save", "1 AP: an enemy in sensors saves or takes a condition"),
}
CORES = {"": NONE, "bulwark_field": NAMES["bulwark_field"]}  # the core the engine plays
LABELS = {
    key: _l(key, english)
    for key, english in (
        ("name", "Name"),
        ("size", "Size"),
        ("hp", "HP"),
        ("evasion", "Evasion"),
        ("edef", "E-defense"),
        ("armour", "Armour"),
        ("heat_cap", "Heat cap"),
        ("speed", "Speed"),
        ("sensors", "Sensors"),
        ("repair_cap", "Repair cap"),
        ("sp", "SP"),
        ("tech_attack", "Tech attack"),
        ("save_target", "Save target"),
        ("structure", "Structure"),
        ("stress", "Stress"),
        ("cp", "CP"),
        ("mounts", "Mounts"),
        ("mount", "Mount"),
        ("core", "Core system"),
        ("weapon_size", "Weapon size"),
        ("kind", "Melee or ranged"),
        ("melee", "melee"),
        ("ranged", "ranged"),
        ("damage", "Damage"),
        ("type", "Damage type"),
        ("range", "Range"),
        ("threat", "Threat"),
        ("burn", "Burn"),
        ("bonus", "Bonus damage"),
        ("ap", "Armour piercing"),
        ("loading", "Loading"),
        ("limited", "Limited uses"),
        ("area", "Area"),
        ("shape", "Shape"),
        ("value", "Size of the area"),
        ("save", "Forced save"),
        ("attribute", "Attribute"),
        ("condition", "Condition on a failed save"),
        ("until_next_turn", "Until the end of its next turn"),
        ("effect", "What it does"),
        ("resist", "Resists"),
        ("vent", "Heat cleared"),
        ("text", "Description"),
    )
}


def _int(key: str, low: int, high: int, default: int, rule: str = "MECH-STAT-1") -> Entry:
    return Entry(key, LABELS[key](), "int", default=default, min=low, max=high, rule=rule)


def _none_or(options: Mapping[str, Message]) -> tuple[Choice, ...]:
    return (Choice("", NONE()), *choices((k, v()) for k, v in options.items()))


MOUNT_ROW = Schema(
    (
        Entry(
            "type",
            LABELS["mount"](),
            "choice",
            default="main",
            choices=choices((k, v()) for k, v in MOUNT_TYPES.items()),
            rule="MECH-MOUNT-TABLE",
        ),
    ),
    extras="drop",
)

# MECH-STAT-1 / MECH-AMB-07: a frame's base numbers, the baseline frame's as defaults.
_BASE = data.FRAMES["gp1_mule"]
FRAME = Schema(
    (
        Entry("name", LABELS["name"](), "text", max_length=80),
        _int("size", 1, 4, 1),
        _int("hp", 1, 99, _BASE["hp"]),
        _int("evasion", 0, 30, _BASE["evasion"]),
        _int("edef", 0, 30, _BASE["edef"]),
        _int("armour", 0, data.ARMOUR_MAX, 0),
        _int("heat_cap", 1, 30, _BASE["heat_cap"]),
        _int("speed", 0, 20, _BASE["speed"]),
        _int("sensors", 1, 30, _BASE["sensors"]),
        _int("repair_cap", 0, 20, _BASE["repair_cap"]),
        _int("sp", 0, 20, _BASE["sp"]),
        _int("tech_attack", -5, 10, 0),
        _int("save_target", 1, 30, _BASE["save_target"]),
        _int("structure", 1, 10, _BASE["structure"]),
        _int("stress", 1, 10, _BASE["stress"]),
        _int("cp", 0, 3, _BASE["cp"], rule="MECH-AMB-41"),
        Entry(
            "mounts",
            LABELS["mounts"](),
            "list",
            default=[],
            item=MOUNT_ROW,
            max_items=6,
            rule="MECH-MOUNT-TABLE",
        ),
        Entry(
            "core",
            LABELS["core"](),
            "choice",
            default="",
            choices=tuple(Choice(k, v()) for k, v in CORES.items()),
            rule="MECH-AMB-41",
        ),
    ),
    extras="drop",
)

AREA = Schema(
    (
        Entry(
            "shape",
            LABELS["shape"](),
            "choice",
            default="",
            choices=_none_or(M.AREA_SHAPES),
            rule="MECH-AOE-TABLE",
        ),
        _int("value", 0, 20, 0, rule="MECH-AOE-TABLE"),
    ),
    extras="drop",
)
SAVE = Schema(
    (
        Entry(
            "attribute",
            LABELS["attribute"](),
            "choice",
            default="",
            choices=_none_or(M.ATTRIBUTES),
            rule="MECH-SAVE-1",
        ),
        Entry(
            "condition",
            LABELS["condition"](),
            "choice",
            default="prone",
            choices=choices((c, CONDITION_TITLES[c]()) for c in data.SAVE_CONDITIONS),
            rule="MECH-SAVE-1",
        ),
        Entry("until_next_turn", LABELS["until_next_turn"](), "bool", default=True),
    ),
    extras="drop",
)
WEAPON = Schema(
    (
        Entry("name", LABELS["name"](), "text", max_length=80),
        Entry(
            "size",
            LABELS["weapon_size"](),
            "choice",
            default="main",
            choices=choices((k, v()) for k, v in M.WEAPON_SIZES.items()),
            rule="MECH-MOUNT-TABLE",
        ),
        Entry(
            "kind",
            LABELS["kind"](),
            "choice",
            default="ranged",
            choices=choices((k, LABELS[k]()) for k in ("ranged", "melee")),
            rule="MECH-ATK-MELEE",
        ),
        Entry("damage", LABELS["damage"](), "text", default="1d6", max_length=20),
        Entry(
            "type",
            LABELS["type"](),
            "choice",
            default="kinetic",
            choices=choices((k, v()) for k, v in M.DAMAGE_TYPES.items()),
            rule="MECH-DMG-TYPES",
        ),
        _int("range", 0, 30, 0, rule="MECH-RANGE-1"),
        _int("threat", 1, 5, 1, rule="MECH-THREAT-1"),
        _int("burn", 0, 10, 0),
        _int("bonus", 0, 10, 0),
        Entry("ap", LABELS["ap"](), "bool", default=False),
        Entry("loading", LABELS["loading"](), "bool", default=False, rule="MECH-ACT-STABILIZE"),
        Entry(
            "limited",
            LABELS["limited"](),
            "int",
            default=None,
            required=False,
            min=1,
            max=10,
            rule="MECH-PILOT-ENG",
        ),
        Entry("area", LABELS["area"](), "record", default=None, required=False, item=AREA),
        Entry("save", LABELS["save"](), "record", default=None, required=False, item=SAVE),
    ),
    extras="drop",
)
SYSTEM = Schema(
    (
        Entry("name", LABELS["name"](), "text", max_length=80),
        _int("sp", 0, 10, 1, rule="MECH-PILOT-SYS"),
        Entry(
            "limited",
            LABELS["limited"](),
            "int",
            default=None,
            required=False,
            min=1,
            max=10,
            rule="MECH-PILOT-ENG",
        ),
        Entry(
            "effect",
            LABELS["effect"](),
            "choice",
            default="resist",
            choices=choices((k, v()) for k, v in EFFECTS.items()),
        ),
        Entry(
            "resist",
            LABELS["resist"](),
            "list",
            default=[],
            required=False,
            choices=choices((k, v()) for k, v in M.DAMAGE_TYPES.items()),
        ),
        _int("vent", 0, 20, 0),
        Entry("save", LABELS["save"](), "record", default=None, required=False, item=SAVE),
        Entry("text", LABELS["text"](), "text", default="", required=False, max_length=300),
    ),
    extras="drop",
)


def _blank(value: Any) -> bool:
    return value in (None, "", {}, [])


def frame_engine(item: Mapping[str, Any]) -> Json:
    """A library frame in the engine's shape (MECH-STAT-1), checked as a sheet's inline frame."""
    form = FRAME.validate(named(item))
    frame: Json = {k: v for k, v in form.items() if k not in ("mounts", "core")}
    frame["key"] = str(item.get("key") or form["name"])
    frame["mounts"] = [
        row["type"] if isinstance(row, Mapping) else row for row in form["mounts"] or []
    ]
    if not frame["mounts"]:
        raise SheetError("mounts", R_NO_MOUNTS(), "MECH-MOUNT-TABLE")
    frame["core"] = (
        dict(data.FRAMES["gp1_mule"]["core"]) if form["core"] == "bulwark_field" else None
    )
    return inside(data.frame_data, "frame", frame)


R_NO_MOUNTS = _l("no_mounts", "A frame needs at least one mount")


def weapon_engine(item: Mapping[str, Any]) -> Json:
    """A library weapon in the engine's shape, checked as a sheet's inline weapon."""
    form = WEAPON.validate(named(item))
    weapon: Json = {k: v for k, v in form.items() if k not in ("area", "save", "limited")}
    weapon["key"] = str(item.get("key") or form["name"])
    if form["limited"] is not None:
        weapon["limited"] = form["limited"]
    area = form["area"]
    if isinstance(area, Mapping) and area.get("shape"):
        weapon["area"] = {"shape": area["shape"], "value": int(area.get("value") or 0)}
    save = form["save"]
    if isinstance(save, Mapping) and save.get("attribute"):
        weapon["save"] = dict(save)
    if weapon["kind"] == "melee":
        weapon.pop("range")
    return inside(lambda w: data.weapon_data(w, "weapon"), "weapon", weapon)


def system_engine(item: Mapping[str, Any]) -> Json:
    """A library system in the engine's shape: a resistance, a vent or a forced save."""
    form = SYSTEM.validate(named(item))
    system: Json = {"name": form["name"], "sp": form["sp"], "text": form["text"] or ""}
    system["key"] = str(item.get("key") or form["name"])
    if form["limited"] is not None:
        system["limited"] = form["limited"]
    effect = form["effect"]
    if effect == "resist":
        if not form["resist"]:
            raise SheetError("resist", R_RESIST(), "MECH-DMG-TYPES")
        system["resist"] = list(form["resist"])
    elif effect == "vent":
        if not form["vent"]:
            raise SheetError("vent", R_VENT(), "MECH-STAT-1")
        system.update({"action": "vent", "vent": form["vent"]})
    else:
        save = form["save"]
        if not (isinstance(save, Mapping) and save.get("attribute")):
            raise SheetError("save.attribute", R_SAVE(), "MECH-SAVE-1")
        system["save"] = dict(save)
    return inside(lambda s: data.system_data(s, "system"), "system", system)


R_RESIST = _l("no_resist", "Tick the damage types it resists")
R_VENT = _l("no_vent", "Say how much heat it clears")
R_SAVE = _l("no_save", "Pick the attribute of the save it forces")


def _keys(schema: Schema) -> list[str]:
    return [entry.key for entry in schema.entries]


def _frame_form(key: str, frame: Mapping[str, Any]) -> Json:
    out: Json = {k: frame[k] for k in _keys(FRAME) if k in frame and k not in ("mounts", "core")}
    out["key"] = key
    out["mounts"] = [{"type": m} for m in frame["mounts"] if isinstance(m, str)]
    out["core"] = "bulwark_field" if frame.get("core") else ""
    return out


def _weapon_form(key: str, weapon: Mapping[str, Any]) -> Json:
    out: Json = {k: v for k, v in weapon.items() if k in _keys(WEAPON)}
    out["key"] = key
    out["area"] = dict(weapon["area"]) if weapon.get("area") else None
    out["save"] = dict(weapon["save"]) if weapon.get("save") else None
    return out


def _system_form(key: str, system: Mapping[str, Any]) -> Json:
    out: Json = {k: v for k, v in system.items() if k in ("name", "sp", "limited", "text")}
    out["key"] = key
    if system.get("resist"):
        out.update({"effect": "resist", "resist": list(system["resist"])})
    elif system.get("save"):
        out.update({"effect": "save", "save": dict(system["save"])})
    else:
        out.update({"effect": "vent", "vent": int(system.get("vent", 0))})
    return out


def starter_frames() -> list[Json]:
    """The shipped frames a mount list can describe (the Warden's integrated guns cannot)."""
    return [
        _frame_form(key, frame)
        for key, frame in data.FRAMES.items()
        if all(isinstance(m, str) for m in frame["mounts"])
    ]


def starter_weapons() -> list[Json]:
    return [_weapon_form(k, w) for k, w in data.WEAPONS.items() if k not in INTEGRATED_ONLY]


def starter_systems() -> list[Json]:
    return [_system_form(k, s) for k, s in data.SYSTEMS.items()]


KINDS = (
    LibraryKind(
        "frame", FRAMES_LABEL, frame_engine, FRAME, starters=starter_frames, choice_paths=("frame",)
    ),
    LibraryKind(
        "weapon",
        WEAPONS,
        weapon_engine,
        WEAPON,
        starters=starter_weapons,
        choice_paths=("loadout.weapon",),
    ),
    LibraryKind(
        "system",
        SYSTEMS,
        system_engine,
        SYSTEM,
        starters=starter_systems,
        choice_paths=("fitted.system",),
    ),
    npc_kind(validate_sheet, demo),
)

MESSAGES = [
    NONE,
    INTEGRATED,
    R_NO_MOUNTS,
    R_RESIST,
    R_VENT,
    R_SAVE,
    *MOUNT_TYPES.values(),
    *EFFECTS.values(),
    *LABELS.values(),
]
