"""Library kinds made of a system's sheet: an item that is one row of a sheet's list (a weapon, what
absorbs a hit...) judged as that row would be, armour as points, and NPC or monster templates
that are whole sheets; the system's demo ships the starters.

Call of Cthulhu's, Delta Green's and Ace's libraries (and the mech's templates) differ only in
their sheet, their demo, a weapon's short name's length and the armour's fields; these build
the rest alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.core.library import (
    ARMOUR,
    NPCS,
    WEAPONS,
    Json,
    LibraryKind,
    demo_items,
    demo_templates,
    inside,
    keyed,
    named,
)
from rules.core.messages import Message
from rules.core.schema import Schema

Check = Callable[[Mapping[str, Any]], Json]
Demo = Callable[[], Mapping[str, Any]]


def row_check(
    validate_sheet: Check,
    base: Mapping[str, Any],
    key: str,
    *,
    short_name: int = 0,
    typed: Callable[[Json], Json] | None = None,
) -> Check:
    """A check of an item as the only row of a sheet's `key` list, the rest of the sheet `base`:
    every field as the rules complete it, a refusal named within the row. `short_name`: a
    weapon's short name, made from its name up to that length where left blank; `typed`: what
    the item is read as before the sheet judges it."""

    def check(item: Mapping[str, Any]) -> Json:
        given = named(item)
        if short_name:
            keyed(given, short_name)
        if typed is not None:
            given = typed(given)
        row: Json = inside(lambda r: validate_sheet({**base, key: [r]})[key][0], f"{key}[0]", given)
        return row

    return check


def row_kind(
    key: str, label: Message, check: Check, schema: Schema, sheet_key: str, demo: Demo
) -> LibraryKind:
    """A kind whose items fill the sheet's `sheet_key` list, the demo's rows of it the
    starters."""
    return LibraryKind(
        key,
        label,
        check,
        schema,
        sheet_key=sheet_key,
        starters=lambda: demo_items(demo(), sheet_key),
    )


def weapon_kind(check: Check, schema: Schema, demo: Demo) -> LibraryKind:
    """Weapons: rows of the sheet's weapons, the demo's weapons the starters."""
    return row_kind("weapon", WEAPONS, check, schema, "weapons", demo)


def armour_points_kind(schema: Schema, starters: Mapping[Message, int]) -> LibraryKind:
    """Armour as points (a name and `armour`, read by `schema`) a picker writes into the sheet's
    armour; the starters are names and their points."""
    return LibraryKind(
        "armour",
        ARMOUR,
        lambda item: schema.validate(named(item)),
        schema,
        sheet_key="armour",
        starters=lambda: [{"name": m.english, "armour": n} for m, n in starters.items()],
    )


def npc_kind(check: Check, demo: Demo) -> LibraryKind:
    """NPC and monster templates: whole sheets judged by `check`, the demo's combatants the
    starters."""
    return LibraryKind("npc", NPCS, check, starters=lambda: demo_templates(demo()))
