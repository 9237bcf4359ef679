"""Content a group keeps for a system: the kinds of library item (weapons, armour, NPC templates,
mech frames, unit types...) each with its fields as a `Schema` and the rules' own check.

A campaign's library (vtt/library) holds items by kind. Each kind says how a form shows an item
(`schema`: its fields; None for a whole sheet, an NPC or monster template, which the sheet form
edits), how the rules judge it (`check`: the item as the rules complete it, or a `SheetError`
naming the field, so a refusal lands beside it), where a sheet uses it (`sheet_key`: the sheet's
list or record a picker fills with it) and the items the system ships (`starters`: the built-in
catalogue, names in English that read in each language as the system's `<key>.name.*`
messages do). A system declares its kinds as `GameSystem.library`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import SheetError
from rules.core.messages import Message
from rules.core.schema import Entry, Schema
from rules.core.weapon_keys import key_of

Json = dict[str, Any]

WEAPONS = Message("core.library.weapons", "Weapons")
ARMOUR = Message("core.library.armour", "Armour")
ITEMS = Message("core.library.items", "Items")
NPCS = Message("core.library.npcs", "NPC and monster templates")
FRAMES = Message("core.library.frames", "Frames")
SYSTEMS = Message("core.library.systems", "Systems")
UNIT_TYPES = Message("core.library.unit_types", "Unit types")
NO_NAME = Message("core.library.no_name", "needs a name")
NOT_AN_OBJECT = Message("core.library.not_an_object", "must be an object")


def _nothing() -> list[Json]:
    return []


@dataclass(frozen=True)
class LibraryKind:
    """One kind of item in a campaign's library."""

    key: str  # stored on every item of the kind; never rename one
    label: Message
    check: Callable[[Mapping[str, Any]], Json]  # raises SheetError naming the item's field
    schema: Schema | None = None  # the item's fields; None: a whole sheet (a template)
    sheet_key: str = ""  # the sheet's list (or record) a picker fills with an item, "" none
    # the sheet's choice fields an item may be picked in, as itself (a mech's frame, a mount's
    # weapon): dotted paths without row numbers ("frame", "loadout.weapon")
    choice_paths: tuple[str, ...] = ()
    starters: Callable[[], list[Json]] = field(default=_nothing)

    @property
    def is_sheet(self) -> bool:
        """Whether an item is a whole sheet (an NPC or monster template)."""
        return self.schema is None


def kind_of(kinds: Iterable[LibraryKind], key: str) -> LibraryKind | None:
    """The kind of that key among a system's kinds, or None."""
    return next((kind for kind in kinds if kind.key == key), None)


def named(item: Any) -> Json:
    """An item as a mapping with a name (SheetError naming `name` otherwise)."""
    if not isinstance(item, Mapping):
        raise SheetError("item", NOT_AN_OBJECT(), None)
    if not str(item.get("name") or "").strip():
        raise SheetError("name", NO_NAME(), None)
    return dict(item)


def keyed(item: Json, length: int) -> Json:
    """A weapon with its short name (what commands call it) made from its name where the form
    left it blank: an empty field is sent as "" or nothing, never as a short name."""
    if not str(item.get("key") or "").strip():
        item["key"] = key_of(str(item["name"]), length)
    return item


def inside(
    check: Callable[[Mapping[str, Any]], Json], prefix: str, item: Mapping[str, Any]
) -> Json:
    """`check(item)` with a refusal's path read from within the item: a weapon judged as the
    first of a sheet's weapons is refused at `damage`, not at `weapons[0].damage`."""
    try:
        return check(item)
    except SheetError as error:
        if error.field.startswith(prefix):
            inner = error.field[len(prefix) :].lstrip(".") or "item"
            raise SheetError(inner, error.problem, error.rule) from None
        raise


def demo_items(setup: Mapping[str, Any], sheet_key: str) -> list[Json]:
    """Every distinct record a demo's combatants carry under `sheet_key` (their weapons...), by
    name, in the order met: the built-in catalogue the sheet's pickers offered."""
    out: dict[str, Json] = {}
    for combatant in setup.get("combatants") or ():
        sheet = combatant.get("sheet") or {}
        found = sheet.get(sheet_key) if isinstance(sheet, Mapping) else None
        records = [found] if isinstance(found, Mapping) else found or []
        for record in records:
            if isinstance(record, Mapping) and record.get("name"):
                out.setdefault(str(record["name"]), copy.deepcopy(dict(record)))
    return list(out.values())


def demo_templates(setup: Mapping[str, Any]) -> list[Json]:
    """The demo's combatants as NPC or monster templates: each sheet once per name."""
    out: dict[str, Json] = {}
    for combatant in setup.get("combatants") or ():
        sheet = combatant.get("sheet")
        if isinstance(sheet, Mapping) and sheet:
            name = str(combatant.get("name") or sheet.get("name") or combatant.get("id"))
            out.setdefault(name, {**copy.deepcopy(dict(sheet)), "name": name})
    return list(out.values())


NAME = Message("core.library.name", "Name")
NOTES = Message("core.library.notes", "What it is and does")

# Gear a sheet does not play (a Delta Green or Call of Cthulhu sheet keeps no list of it): its
# name and words, for the group to hand out and read.
NOTE_ITEM = Schema(
    (
        Entry("name", NAME(), "text", max_length=80),
        Entry("notes", NOTES(), "text", default="", required=False, max_length=1000),
    ),
    extras="drop",
)


def note_item(item: Mapping[str, Any]) -> Json:
    """A noted item checked: a name and its words."""
    return NOTE_ITEM.validate(named(item))


QUANTITY = Message("core.library.quantity", "How many")
GEAR = Message("core.library.gear", "Gear")
# A row of a sheet's gear (Delta Green's and Call of Cthulhu's): what a character carries, how
# many and its words; the rules play none of it, the library's items fill it.
GEAR_ITEM = Schema(
    (
        Entry("name", NAME(), "text", max_length=80),
        Entry("quantity", QUANTITY(), "int", default=1, min=0, max=999),
        Entry("notes", NOTES(), "text", default="", required=False, max_length=1000),
    ),
    extras="drop",
)
GEAR_MOST = 60  # rows of gear on one sheet


def gear_item(item: Mapping[str, Any]) -> Json:
    """An item of gear checked as a sheet's gear row: its name, how many, its words."""
    return GEAR_ITEM.validate(named(item))


def gear_kind(starters: Sequence[Message]) -> LibraryKind:
    """The library's gear (Delta Green's and Call of Cthulhu's): rows of a sheet's gear, the
    system's own names its starters, one of each with no words (read in each language as
    their messages do)."""
    return LibraryKind(
        "item",
        ITEMS,
        gear_item,
        GEAR_ITEM,
        sheet_key="gear",
        starters=lambda: [{"name": m.english, "quantity": 1, "notes": ""} for m in starters],
    )


def gear_entry(group: Any = None, rule: str = "") -> Entry:
    """A sheet's gear: rows of GEAR_ITEM, none by default (a sheet without gear stays as it
    was)."""
    return Entry(
        "gear",
        GEAR(),
        "list",
        default=None,
        required=False,
        item=GEAR_ITEM,
        max_items=GEAR_MOST,
        rule=rule,
        group=group,
    )


MESSAGES = [WEAPONS, ARMOUR, ITEMS, NPCS, FRAMES, SYSTEMS, UNIT_TYPES, NO_NAME, NOT_AN_OBJECT]
MESSAGES += [NAME, NOTES, QUANTITY, GEAR]


def kinds_for(system_key: str) -> tuple[LibraryKind, ...]:
    """A registered system's library kinds: its `rules/<key>/library.py`'s `KINDS`, found
    through the registry; none for a system without one."""
    from rules.core.registry import part_of

    module = part_of(system_key, "library")
    return tuple(getattr(module, "KINDS", ())) if module is not None else ()


def messages_for(system_key: str) -> list[Message]:
    """The words of a system's library: the kinds' own and its forms' and starters' (the table's
    catalogue of words reads them beside the system's)."""
    from rules.core.registry import part_of

    module = part_of(system_key, "library")
    return [*MESSAGES, *getattr(module, "MESSAGES", ())] if module is not None else []
