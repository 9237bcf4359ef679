"""A campaign's Call of Cthulhu content: weapons, armour, gear and NPC and monster
templates.

A weapon has the sheet's weapon fields and is judged as the first weapon of a sheet would be,
so a refusal names its field; armour is a number of points a hit loses (COC-ARMOUR-3), which a
picker writes into the sheet's armour. The demo's weapons and its cultists are the starter
library, with a few armours of the core's kinds and some common gear.
"""

from __future__ import annotations

from rules.coc.demo import demo
from rules.coc.sheet import DEFAULT_SHEET, WEAPON, validate_character, validate_sheet
from rules.core.library import gear_kind
from rules.core.messages import Message
from rules.core.schema import Entry, Schema
from rules.core.sheet_kinds import armour_points_kind, npc_kind, row_check, weapon_kind

NAME = Message("coc.library.name", "Name")
POINTS = Message("coc.library.points", "Armour points")
ARMOUR_STARTERS = {
    Message("coc.name.library_leather", "heavy leather jacket"): 1,
    Message("coc.name.library_helmet", "steel helmet and greatcoat"): 2,
}
GEAR_STARTERS = (
    Message("coc.name.library_torch", "Electric torch"),
    Message("coc.name.library_first_aid_kit", "First-aid kit"),
    Message("coc.name.library_rope", "Rope (50 feet)"),
    Message("coc.name.library_lantern", "Oil lantern"),
    Message("coc.name.library_camera", "Box camera"),
    Message("coc.name.library_lock_picks", "Lock picks"),
    Message("coc.name.library_notebook", "Notebook and pencil"),
)
MESSAGES = [NAME, POINTS, *ARMOUR_STARTERS, *GEAR_STARTERS]

ARMOUR_ITEM = Schema(
    (
        Entry("name", NAME(), "text", max_length=80),
        Entry("armour", POINTS(), "int", default=1, min=0, max=100, rule="COC-ARMOUR-3"),
    ),
    extras="drop",
)
_BASE = {k: v for k, v in DEFAULT_SHEET.items() if k != "weapons"}


# A weapon as the first of a sheet's weapons, every field as the rules complete it.
weapon = row_check(validate_sheet, _BASE, "weapons", short_name=40)

KINDS = (
    weapon_kind(weapon, WEAPON, demo),
    armour_points_kind(ARMOUR_ITEM, ARMOUR_STARTERS),  # COC-ARMOUR-3: points off every hit
    gear_kind(GEAR_STARTERS),
    npc_kind(validate_character, demo),
)
