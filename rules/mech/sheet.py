"""The mech sheet as a form: pilot, frame, weapons on mounts and systems picked from the catalogue.

A stored sheet is kept compact, in the form's own shape: the frame by its key, each weapon as a
row `{"mount": n, "weapon": key}` of `loadout` and each system as a row `{"system": key}` of
`fitted`. Inline weapons, systems or a custom frame (objects with their own numbers, see
docs/rules/mech.md) stay in the engine's shape (`mounts`, `systems`) and are edited as JSON.
`rules.mech.data.validate_sheet` reads both shapes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.actions import Choice
from rules.core.derive import Derived
from rules.core.kit import Message, Msg
from rules.core.schema import Entry, Schema
from rules.mech import data
from rules.mech import messages as M
from rules.mech.names import NAMES
from rules.mech.shipped import INTEGRATED_ONLY
from rules.mech.state import Json


def _named(key: str, record: Json) -> Msg | str:
    """A catalogue entry's name as a pick list offers it: its message (read in the reader's
    language) while the entry has its built-in name, else the name as written."""
    message = NAMES.get(key)
    name = str(record["name"])
    return message() if message is not None and message.english == name else name


S_NAME = Message("mech.sheet.name", "Mech name")
S_PILOT = Message("mech.sheet.pilot", "Pilot")
S_PILOT_NAME = Message("mech.sheet.pilot_name", "Pilot's name")
S_WEAPON_SKILL = Message("mech.sheet.weapon_skill", "Weapon skill")
S_FRAME = Message("mech.sheet.frame", "Frame")
S_LOADOUT = Message("mech.sheet.loadout", "Weapons")
S_MOUNT = Message("mech.sheet.mount", "Mount")
S_MOUNT_N = Message("mech.sheet.mount_n", "Mount {n}")
S_WEAPON = Message("mech.sheet.weapon", "Weapon")
S_FITTED = Message("mech.sheet.fitted", "Systems")
S_SYSTEM = Message("mech.sheet.system", "System")
S_ALWAYS_FIRST = Message("mech.sheet.always_first", "Always acts first")
S_ATTRIBUTE_HELP = Message("mech.sheet.attribute_help", "0 to 6, unless the campaign allows more")
MOUNTS = 6  # the most mounts a catalogue frame has room for in the picker

PILOT = Schema(
    (
        Entry("name", S_PILOT_NAME(), "text", max_length=100),
        *(
            Entry(key, label(), "int", default=0, min=0, max=6, help=S_ATTRIBUTE_HELP(), rule=rule)
            for key, label, rule in (
                ("hull", M.HULL, "MECH-PILOT-HULL"),
                ("agility", M.AGILITY, "MECH-PILOT-AGI"),
                ("systems", M.SYSTEMS, "MECH-PILOT-SYS"),
                ("engineering", M.ENGINEERING, "MECH-PILOT-ENG"),
            )
        ),
        Entry(
            "weapon_skill", S_WEAPON_SKILL(), "int", default=0, min=-5, max=10, rule="MECH-SKILL-1"
        ),
    )
)
LOADOUT_ROW = Schema(
    (
        Entry(
            "mount",
            S_MOUNT(),
            "choice",
            default="0",
            choices=tuple(Choice(str(n), S_MOUNT_N(n=n + 1)) for n in range(MOUNTS)),
            rule="MECH-MOUNT-TABLE",
        ),
        Entry(
            "weapon",
            S_WEAPON(),
            "choice",
            choices=tuple(
                Choice(key, _named(key, w))
                for key, w in data.WEAPONS.items()
                if key not in INTEGRATED_ONLY  # a frame's own guns are not picked for a mount
            ),
        ),
    )
)
FITTED_ROW = Schema(
    (
        Entry(
            "system",
            S_SYSTEM(),
            "choice",
            choices=tuple(Choice(key, _named(key, s)) for key, s in data.SYSTEMS.items()),
            rule="MECH-PILOT-SYS",
        ),
    )
)
S_CONDITION = Message("mech.sheet.condition", "Condition after the last encounter")
S_CONDITION_HELP = Message(
    "mech.sheet.condition_help", "Left empty, the mech starts at full strength (MECH-AMB-40)"
)
S_HP = Message("mech.sheet.hp", "HP")
S_STRUCTURE = Message("mech.sheet.structure", "Structure")
S_STRESS = Message("mech.sheet.stress", "Stress")
S_REPAIR = Message("mech.sheet.repair", "Repair cap left")
S_CP = Message("mech.sheet.cp", "CP")
S_WRECKED = Message("mech.sheet.wrecked", "Wrecked")
S_ITEMS = Message("mech.sheet.items", "Damaged or spent gear")
S_KIND = Message("mech.sheet.kind", "Weapon or system")
S_KIND_WEAPON = Message("mech.sheet.kind.weapon", "weapon")
S_KIND_SYSTEM = Message("mech.sheet.kind.system", "system")
S_INDEX = Message("mech.sheet.index", "Place in the loadout (from 0)")
S_KEY = Message("mech.sheet.key", "Catalogue item")
S_DESTROYED = Message("mech.sheet.destroyed", "Destroyed")
S_USES = Message("mech.sheet.uses", "Uses left")


def _track(key: str, label: Message) -> Entry:
    return Entry(key, label(), "int", required=False, min=0, max=99, rule="MECH-AMB-40")


CONDITION_ITEM = Schema(
    (
        Entry(
            "kind",
            S_KIND(),
            "choice",
            default="weapon",
            choices=(Choice("weapon", S_KIND_WEAPON()), Choice("system", S_KIND_SYSTEM())),
        ),
        Entry("index", S_INDEX(), "int", default=0, min=0, max=20),
        # typed freely; the form offers the catalogue's weapons and systems by name
        Entry(
            "key",
            S_KEY(),
            "text",
            default="",
            required=False,
            choices=tuple(
                Choice(key, _named(key, item))
                for key, item in sorted({**data.WEAPONS, **data.SYSTEMS}.items())
            ),
        ),
        Entry("destroyed", S_DESTROYED(), "bool", default=False),
        Entry("uses", S_USES(), "int", required=False, min=0, max=99),
    )
)
CONDITION = Schema(
    (
        _track("hp", S_HP),
        _track("structure", S_STRUCTURE),
        _track("stress", S_STRESS),
        _track("repair", S_REPAIR),
        _track("cp", S_CP),
        Entry("wrecked", S_WRECKED(), "bool", default=False),
        Entry("items", S_ITEMS(), "list", default=[], item=CONDITION_ITEM, max_items=20),
        Entry(
            "pilot",
            M.PILOT_STATE(),
            "choice",
            default="unhurt",
            choices=tuple(Choice(key, label()) for key, label in M.PILOT_STATES.items()),
            rule="MECH-PILOT-STATE",
        ),
    )
)
SHEET = Schema(
    (
        Entry("name", S_NAME(), "text", max_length=100),
        Entry("pilot", S_PILOT(), "record", item=PILOT),
        Entry(
            "frame",
            S_FRAME(),
            "choice",
            default="gp1_mule",
            choices=tuple(Choice(key, _named(key, f)) for key, f in data.FRAMES.items()),
            rule="MECH-STAT-1",
        ),
        Entry("loadout", S_LOADOUT(), "list", default=[], item=LOADOUT_ROW, max_items=12),
        Entry("fitted", S_FITTED(), "list", default=[], item=FITTED_ROW, max_items=12),
        Entry("always_first", S_ALWAYS_FIRST(), "bool", default=False, rule="MECH-ROUND-2"),
        Entry(
            "condition",
            S_CONDITION(),
            "record",
            default=None,
            required=False,
            item=CONDITION,
            help=S_CONDITION_HELP(),
            rule="MECH-AMB-40",
        ),
    )
)


def _catalogue_key(item: Any, catalogue: Mapping[str, Json], shape: Any) -> str | None:
    """The catalogue key of an item given by key or as the catalogue's own numbers, else None."""
    if isinstance(item, str):
        return item if item in catalogue else None
    key = item.get("key") if isinstance(item, Mapping) else None
    if key in catalogue and shape(key) == shape(item):
        return str(key)
    return None


def _same_weapon(item: Any) -> Json:
    found = data.weapon_data(item, "mounts")
    return {k: v for k, v in found.items() if k not in ("extra_mount", "integrated")}


def _same_system(item: Any) -> Json:
    return data.system_data(item, "systems")


def compact(checked: Mapping[str, Any], given: Mapping[str, Any]) -> Json:
    """The sheet to store: the form's shape wherever the catalogue holds what the sheet uses."""
    out: Json = {key: value for key, value in given.items() if key not in ("stats", "sp_used")}
    out["name"] = checked["name"]
    out["pilot"] = dict(checked["pilot"])
    out["always_first"] = checked["always_first"]
    out["notes"] = checked["notes"]
    out["resist"], out["immune"] = checked["resist"], checked["immune"]
    frame = checked["frame"]
    if frame.get("key") in data.FRAMES and data.frame_data(frame["key"]) == frame:
        out["frame"] = frame["key"]
    rows: list[Json] = []
    for n, items in enumerate(checked["mounts"]):
        for weapon in items:
            if weapon.get("integrated"):
                rows = []
                break
            # a catalogue weapon by its key; a campaign's own as itself (issue 36)
            key = _catalogue_key(weapon, data.WEAPONS, _same_weapon)
            held: Any = key
            if key is None:
                held = {k: v for k, v in weapon.items() if k not in ("extra_mount", "integrated")}
            rows.append({"mount": str(n), "weapon": held})
            if "extra_mount" in weapon:
                rows.append({"mount": str(weapon["extra_mount"]), "weapon": held})
        else:
            continue
        break
    else:
        out.pop("mounts", None)
        out["loadout"] = rows
    keys = [_catalogue_key(s, data.SYSTEMS, _same_system) for s in checked["systems"]]
    out.pop("systems", None)
    out["fitted"] = [
        {"system": key if key is not None else dict(system)}
        for key, system in zip(keys, checked["systems"], strict=True)
    ]
    if "condition" in checked:
        out["condition"] = checked["condition"]
    return out


def validate_sheet(sheet: Mapping[str, Any]) -> Json:
    """A sheet checked by the rules (SheetError names the field) and stored in the form's shape."""
    checked = data.validate_sheet(sheet)
    return compact(checked, sheet)


D_HP = Message("mech.derive.hp", "HP")
D_HP_FROM = Message("mech.derive.hp_from", "frame {base} + 2 × HULL {hull}")
D_REPAIR = Message("mech.derive.repair", "Repair cap")
D_REPAIR_FROM = Message("mech.derive.repair_from", "frame {base} + HULL {hull} ÷ 2, rounded down")
D_EVASION = Message("mech.derive.evasion", "Evasion")
D_SPEED = Message("mech.derive.speed", "Speed")
D_AGI_FROM = Message("mech.derive.agi_from", "frame {base} + AGILITY {agility}")
D_AGI_HALF = Message("mech.derive.agi_half", "frame {base} + AGILITY {agility} ÷ 2, rounded down")
D_EDEF = Message("mech.derive.edef", "E-defense")
D_TECH = Message("mech.derive.tech", "Tech attack")
D_SYS_FROM = Message("mech.derive.sys_from", "frame {base} + SYSTEMS {systems}")
D_SP = Message("mech.derive.sp", "SP used")
D_SP_FROM = Message(
    "mech.derive.sp_from", "{used} of {sp}: frame {base} + SYSTEMS {systems} ÷ 2, rounded down"
)
D_HEAT = Message("mech.derive.heat", "Heat cap")
D_HEAT_FROM = Message("mech.derive.heat_from", "frame {base} + ENGINEERING {engineering}")
D_LIMITED = Message("mech.derive.limited", "Extra uses of limited gear")
D_LIMITED_FROM = Message("mech.derive.limited_from", "ENGINEERING {engineering} ÷ 2, rounded down")


def derive(raw: Mapping[str, Any]) -> list[Derived]:
    """MECH-PILOT-HULL/AGI/SYS/ENG, MECH-STAT-1: the mech's numbers from frame and pilot."""
    sheet = data.validate_sheet(raw)
    frame, pilot, stats = sheet["frame"], sheet["pilot"], sheet["stats"]
    hull, agility = pilot["hull"], pilot["agility"]
    systems, engineering = pilot["systems"], pilot["engineering"]
    return [
        Derived(D_HP(), stats["hp_max"], D_HP_FROM(base=frame["hp"], hull=hull)),
        Derived(
            D_REPAIR(), stats["repair_cap"], D_REPAIR_FROM(base=frame["repair_cap"], hull=hull)
        ),
        Derived(D_EVASION(), stats["evasion"], D_AGI_FROM(base=frame["evasion"], agility=agility)),
        Derived(D_SPEED(), stats["speed"], D_AGI_HALF(base=frame["speed"], agility=agility)),
        Derived(D_EDEF(), stats["edef"], D_SYS_FROM(base=frame["edef"], systems=systems)),
        Derived(
            D_TECH(), stats["tech_attack"], D_SYS_FROM(base=frame["tech_attack"], systems=systems)
        ),
        Derived(
            D_SP(),
            sheet["sp_used"],
            D_SP_FROM(used=sheet["sp_used"], sp=stats["sp"], base=frame["sp"], systems=systems),
        ),
        Derived(
            D_HEAT(),
            stats["heat_cap"],
            D_HEAT_FROM(base=frame["heat_cap"], engineering=engineering),
        ),
        Derived(D_LIMITED(), stats["limited_bonus"], D_LIMITED_FROM(engineering=engineering)),
    ]
