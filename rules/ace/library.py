"""A campaign's Ace Evolution content: weapons, armour (added to defence, ACE-ATK-1), what
absorbs a hit (ACE-PIPE-1), items and NPC templates, each with the fields of the sheet's own
rows (rules/ace/sheet.py) and judged as a row of a sheet would be. The demo's gear and
combatants, and the two armours of the seed's examples (§11), are the starter library.
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
    keyed,
    named,
)
from rules.core.messages import Message
from rules.core.schema import Entry, Schema
from rules.core.system import Json

NAME = Message("ace.library.name", "Name")
POINTS = Message("ace.library.points", "Armour (added to defence)")
ABSORBING = Message("ace.library.absorption", "What absorbs a hit")
ARMOUR_STARTERS = {
    1: Message("ace.name.library_padded_jacket", "Padded jacket"),
    2: Message("ace.name.library_hide", "Hide (natural armour)"),
}
MESSAGES = [NAME, POINTS, ABSORBING, *ARMOUR_STARTERS.values()]

ARMOUR_ITEM = Schema(
    (
        Entry("name", NAME(), "text", max_length=60),
        Entry("armour", POINTS(), "int", default=1, min=0, max=999, rule="ACE-ATK-1"),
    ),
    extras="drop",
)

_BASE = {k: v for k, v in DEFAULT_SHEET.items() if k not in ("weapons", "absorption", "items")}


def _row(key: str) -> Callable[[Mapping[str, Any]], Json]:
    """A check of one row of the sheet's `key` list, refusals named within the row."""

    def check(item: Mapping[str, Any]) -> Json:
        given = named(item)
        if key == "weapons":
            keyed(given, 30)
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
        lambda item: ARMOUR_ITEM.validate(named(item)),
        ARMOUR_ITEM,
        sheet_key="armour",
        starters=lambda: [{"name": m.english, "armour": 1} for m in ARMOUR_STARTERS.values()],
    ),
    LibraryKind(
        "absorption",
        ABSORBING,
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
