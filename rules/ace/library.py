"""A campaign's Ace Evolution content: weapons, armour (added to defence, ACE-ATK-1), what
absorbs a hit (ACE-PIPE-1), items and NPC templates, each with the fields of the sheet's own
rows (rules/ace/sheet.py) and judged as a row of a sheet would be. The demo's gear and
combatants, and the two armours of the seed's examples (§11), are the starter library.
"""

from __future__ import annotations

from rules.ace.demo import demo
from rules.ace.sheet import ABSORPTION, DEFAULT_SHEET, ITEM, WEAPON, validate_sheet
from rules.core.library import ITEMS
from rules.core.messages import Message
from rules.core.schema import Entry, Schema
from rules.core.sheet_kinds import (
    Check,
    armour_points_kind,
    npc_kind,
    row_check,
    row_kind,
    weapon_kind,
)

NAME = Message("ace.library.name", "Name")
POINTS = Message("ace.library.points", "Armour (added to defence)")
ABSORBING = Message("ace.library.absorption", "What absorbs a hit")
ARMOUR_STARTERS = {
    Message("ace.name.library_padded_jacket", "Padded jacket"): 1,
    Message("ace.name.library_hide", "Hide (natural armour)"): 1,
}
MESSAGES = [NAME, POINTS, ABSORBING, *ARMOUR_STARTERS]

ARMOUR_ITEM = Schema(
    (
        Entry("name", NAME(), "text", max_length=60),
        Entry("armour", POINTS(), "int", default=1, min=0, max=999, rule="ACE-ATK-1"),
    ),
    extras="drop",
)

_BASE = {k: v for k, v in DEFAULT_SHEET.items() if k not in ("weapons", "absorption", "items")}


def _row(key: str, short_name: int = 0) -> Check:
    """A check of one row of the sheet's `key` list, refusals named within the row."""
    return row_check(validate_sheet, _BASE, key, short_name=short_name)


KINDS = (
    weapon_kind(_row("weapons", short_name=30), WEAPON, demo),
    armour_points_kind(ARMOUR_ITEM, ARMOUR_STARTERS),
    row_kind("absorption", ABSORBING, _row("absorption"), ABSORPTION, "absorption", demo),
    row_kind("item", ITEMS, _row("items"), ITEM, "items", demo),
    npc_kind(validate_sheet, demo),
)
