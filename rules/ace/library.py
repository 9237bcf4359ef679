"""A campaign's Ace Evolution content: weapons, armour (what absorbs a hit), items and NPC
templates, each with the fields of the sheet's own rows (rules/ace/sheet.py) and judged as a
row of a sheet would be. The demo's gear and combatants are the starter library.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.ace.demo import demo
from rules.ace.sheet import ABSORPTION, DEFAULT_SHEET, ITEM, WEAPON, validate_sheet
from rules.core.library import (
    ARMOUR,
    ITEMS,
    NPCS,
    WEAPONS,
    LibraryKind,
    demo_items,
    demo_templates,
    inside,
    named,
)
from rules.core.system import Json

_BASE = {k: v for k, v in DEFAULT_SHEET.items() if k not in ("weapons", "absorption", "items")}


def _row(key: str) -> Callable[[Mapping[str, Any]], Json]:
    """A check of one row of the sheet's `key` list, refusals named within the row."""

    def check(item: Mapping[str, Any]) -> Json:
        given = named(item)
        if key == "weapons":
            given.setdefault("key", str(given["name"]).lower().replace(" ", "_")[:30])
        row: Json = inside(
            lambda r: validate_sheet({**_BASE, key: [r]})[key][0], f"{key}[0]", given
        )
        return row

    return check


KINDS = (
    LibraryKind(
        "weapon",
        WEAPONS,
        _row("weapons"),
        WEAPON,
        sheet_key="weapons",
        starters=lambda: demo_items(demo(), "weapons"),
    ),
    LibraryKind(
        "armour",
        ARMOUR,
        _row("absorption"),
        ABSORPTION,
        sheet_key="absorption",
        starters=lambda: demo_items(demo(), "absorption"),
    ),
    LibraryKind(
        "item",
        ITEMS,
        _row("items"),
        ITEM,
        sheet_key="items",
        starters=lambda: demo_items(demo(), "items"),
    ),
    LibraryKind("npc", NPCS, validate_sheet, starters=lambda: demo_templates(demo())),
)
