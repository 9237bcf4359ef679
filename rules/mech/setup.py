"""Setting up an encounter: units at full strength from their sheets, the map, the order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import RulesError
from rules.core.sheets import int_field, mapping_field, object_list_field
from rules.mech import refusals as R
from rules.mech import state as st
from rules.mech.condition import apply_condition
from rules.mech.data import validate_sheet
from rules.mech.settings import Settings, as_state, build
from rules.mech.state import Json, Unit
from rules.mech.tables import table_for

VERSION = 1


def new_unit(combatant: Mapping[str, Any], settings: Settings) -> Unit:
    """A unit at full strength from a combatant entry of the setup."""
    uid = str(combatant.get("id") or "")
    if not uid or uid == "gm":
        raise RulesError(R.EVERY_COMBATANT_NEEDS_AN_ID_AND(), "MECH-STAT-1")
    sheet = validate_sheet(combatant.get("sheet") or {}, int(settings.attribute_max))
    stats = sheet["stats"]
    weapons: list[Json] = []
    mounts: list[Json] = []
    frame_mounts = sheet["frame"]["mounts"]
    for m, items in enumerate(sheet["mounts"]):
        fm = frame_mounts[m]
        mtype = fm["type"] if isinstance(fm, Mapping) else fm
        indexes = []
        for w in items:
            limited = w.get("limited")
            w = {**w, "mount": m, "destroyed": False, "loaded": True}
            # MECH-PILOT-ENG: +1 use per 2 ENGINEERING for every limited weapon.
            w["uses"] = None if limited is None else int(limited) + stats["limited_bonus"]
            w["max_uses"] = w["uses"]
            indexes.append(len(weapons))
            weapons.append(w)
        mounts.append({"type": mtype, "weapons": indexes})
    for w in weapons:
        if "extra_mount" in w:
            mounts[w["extra_mount"]]["weapons"] = [weapons.index(w)]
            mounts[w["extra_mount"]]["superheavy_of"] = w["mount"]
    systems = []
    for s in sheet["systems"]:
        limited = s.get("limited")
        uses = None if limited is None else int(limited) + stats["limited_bonus"]
        systems.append({**s, "destroyed": False, "uses": uses, "max_uses": uses})
    x, y = combatant.get("x", 0), combatant.get("y", 0)
    if "position" in combatant:
        x, y = combatant["position"]
    unit: Unit = {
        "id": uid,
        "name": str(combatant.get("name") or sheet["name"]),
        "side": str(combatant.get("side") or "a"),
        "controller": str(combatant.get("controller") or "gm"),
        "always_first": bool(combatant.get("always_first", sheet["always_first"])),
        "pilot": sheet["pilot"],
        "frame": sheet["frame"],
        "stats": stats,
        "sp_used": sheet["sp_used"],
        "notes": sheet["notes"],
        "resist": sheet["resist"],
        "immune": sheet["immune"],
        "weapons": weapons,
        "mounts": mounts,
        "systems": systems,
        "x": int(x),
        "y": int(y),
        "elevation": 0,
        "hp": stats["hp_max"],
        "heat": 0,
        "structure": stats["structure_max"],
        "stress": stats["stress_max"],
        "repair": stats["repair_cap"],
        "cp": stats["cp_max"],
        "burn": 0,
        "overcharge_count": 0,
        "conditions": {},
        "turn": None,
        "turns_started": 0,
        "reaction_used": False,
        "oa_used": False,
        "prepared": None,
        "meltdown": None,
        "pending_trauma": None,
        "support_received": False,
        "repairs_left": 0,
        "auto_reactions": True,
        "destroyed": False,
        "annihilated": False,
    }
    apply_condition(unit, sheet.get("condition"))  # MECH-AMB-40: what the last encounter left
    return unit


# MECH-COVER-TABLE: the terrain a map's square may hold, and how high each stands unless the
# setup says (a unit on top of it is at that elevation; a higher one blocks a lower mover).
TERRAIN_KINDS = ("light", "heavy", "building", "difficult")
TERRAIN_HEIGHT = {"heavy": 1, "building": 2}


def start(setup: Mapping[str, Any]) -> Json:
    """A new encounter from the setup JSON (docs/architecture.md), every sheet validated."""
    settings = build(mapping_field(setup, "settings", default={}))  # refuses a bad value by name
    table_for("structure", settings.structure_table)
    table_for("stress", settings.stress_table)
    grid_in = mapping_field(setup, "map", default={})
    width = int_field(setup, "map.width", minimum=1, default=20)
    height = int_field(setup, "map.height", minimum=1, default=14)
    terrain_in = grid_in.get("terrain") or {}
    terrain: Json = {}
    items = terrain_in.items() if isinstance(terrain_in, Mapping) else terrain_in
    for entry in items:
        key, feature = (entry[0], entry[1]) if isinstance(entry, tuple) else (None, entry)
        if key is None:
            key = f"{int(feature['x'])},{int(feature['y'])}"
        kind = feature["kind"] if isinstance(feature, Mapping) else str(feature)
        if kind not in TERRAIN_KINDS:
            raise RulesError(R.TERRAIN_UNKNOWN_KIND(key=key, kind=repr(kind)), "MECH-COVER-TABLE")
        data = dict(feature) if isinstance(feature, Mapping) else {"kind": kind}
        data.pop("x", None)
        data.pop("y", None)
        data.setdefault("height", TERRAIN_HEIGHT.get(kind, 0))
        terrain[key] = data
    units: Json = {}
    order: list[str] = []
    for combatant in object_list_field(setup, "combatants", max_items=500, default=[]):
        u = new_unit(combatant, settings)
        if u["id"] in units:
            raise RulesError(R.TWO_COMBATANTS_SHARE_THE_ID(id=repr(u["id"])), "MECH-STAT-1")
        units[u["id"]] = u
        order.append(u["id"])
    state: Json = {
        "version": VERSION,
        "title": str(setup.get("title", "")),
        "settings": as_state(settings),
        "map": {"width": width, "height": height, "terrain": terrain},
        "units": units,
        "order": order,
        "round": 1,
        "active": None,
        "acted": [],
        "last_side": None,
        "first_side": setup.get("first_side"),
        "phase": "combat",
        "match": 1,
        "grapples": [],
        "wrecks": [],
        "scans": [],
    }
    g = st.grid(state)
    taken: dict[tuple[int, int], str] = {}
    for u in units.values():
        if not g.fits(st.pos(u), st.size(u)):
            raise RulesError(
                R.DOES_NOT_FIT_ON_THE_MAP(name=u["name"], cell=str(st.pos(u))), "MECH-AMB-19"
            )
        for cell in st.cells(u):
            if cell in taken:
                raise RulesError(
                    R.AND_SHARE_A_SQUARE(name=u["name"], other=taken[cell]), "MECH-AMB-19"
                )
            if st.blocks_movement(st.terrain(state, cell)):
                raise RulesError(
                    R.STANDS_INSIDE_A_WALL_AT(name=u["name"], cell=str(cell)), "MECH-AMB-19"
                )
            taken[cell] = u["name"]
    return state
