"""A campaign's Delta Green content: weapons, body armour, gear and NPC templates.

A weapon has the sheet form's fields (rules/delta_green/sheet_words.py) and is judged as the
first weapon of a sheet would be (DG-ACT-3), so a refusal names its field and a weapon picked
onto a sheet carries every field the rules complete (its kind, rounds loaded...). Body armour is
a vest of a level (DG-ARM-1), worn hidden where that level allows (DG-ARM-8). The demo's
weapons and agents, the four vest levels and some common gear are the starter library.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.library import ARMOUR, LibraryKind, gear_kind, inside, named
from rules.core.messages import Message
from rules.core.schema import Entry, Schema
from rules.core.sheet_kinds import npc_kind, row_check, weapon_kind
from rules.core.system import Json
from rules.delta_green.demo import demo
from rules.delta_green.sheet import DEFAULT_SHEET, validate_character, validate_sheet
from rules.delta_green.sheet_words import VEST_FORM, WEAPON

NAME = Message("dg.library.name", "Name")
VEST_STARTERS = {
    1: Message("dg.name.library_vest_1", "Level I vest"),
    2: Message("dg.name.library_vest_2", "Level II vest"),
    3: Message("dg.name.library_vest_3", "Level III vest"),
    4: Message("dg.name.library_vest_4", "Level IV suit"),
}
GEAR_STARTERS = (
    Message("dg.name.library_flashlight", "Flashlight"),
    Message("dg.name.library_first_aid_kit", "First-aid kit"),
    Message("dg.name.library_handcuffs", "Handcuffs"),
    Message("dg.name.library_lock_picks", "Lock picks"),
    Message("dg.name.library_binoculars", "Binoculars"),
    Message("dg.name.library_radio", "Two-way radio"),
    Message("dg.name.library_burner_phone", "Burner phone"),
)
MESSAGES = [NAME, *VEST_STARTERS.values(), *GEAR_STARTERS]

ARMOUR_ITEM = Schema(
    (Entry("name", NAME(), "text", max_length=80), *VEST_FORM.entries), extras="drop"
)
_BASE = {k: v for k, v in DEFAULT_SHEET.items() if k not in ("weapons", "vest")}


def _as_sheet(key: str, value: Any) -> Json:
    return validate_sheet({**_BASE, key: value})


def _typed(item: Json) -> Json:
    """A weapon's fields read as the form reads them, those left empty dropped."""
    return {k: v for k, v in WEAPON.validate(item).items() if v is not None}


# DG-ACT-3: a weapon as the first of a sheet's weapons, completed by the rules.
weapon = row_check(validate_sheet, _BASE, "weapons", short_name=40, typed=_typed)


def armour(item: Mapping[str, Any]) -> Json:
    """DG-ARM-1 / DG-ARM-8: a vest of a level, worn hidden where its level allows."""
    given = ARMOUR_ITEM.validate(named(item))
    vest = {"level": given["level"] or None, "worn_hidden": given["worn_hidden"]}
    checked = inside(lambda v: _as_sheet("vest", v)["vest"], "vest", vest)
    return {"name": given["name"], **(checked or {"level": "", "worn_hidden": False})}


def starter_armour() -> list[Json]:
    return [
        {"name": name.english, "level": str(level), "worn_hidden": False}
        for level, name in VEST_STARTERS.items()
    ]


KINDS = (
    weapon_kind(weapon, WEAPON, demo),
    LibraryKind("armour", ARMOUR, armour, ARMOUR_ITEM, sheet_key="vest", starters=starter_armour),
    gear_kind(GEAR_STARTERS),
    npc_kind(validate_character, demo),
)
