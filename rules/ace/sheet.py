"""The Ace Evolution character sheet as a schema: attributes, skills, weapons, armour, the Mark."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ace import messages as m
from rules.ace.rolls import skill_damage_expr
from rules.ace.tables import (
    ATTACK_KIND_NAMES,
    ATTACK_KINDS,
    ATTRIBUTE_NAMES,
    ATTRIBUTES,
    CONDITION_NAMES,
    CONDITIONS,
    ENERGY_NAMES,
    ENERGY_TYPES,
    LOCATION_NAMES,
    SKILL_NAMES,
)
from rules.core.errors import SheetError
from rules.core.kit import Entry, Schema, choices
from rules.core.system import Json

ATTRS = m.GROUP_ATTRS()
SKILLS = m.GROUP_SKILLS()
GEAR = m.GROUP_GEAR()
MARK = m.GROUP_MARK()


def _skill(key: str, label: Any) -> Entry:
    return Entry(key, label, "int", default=0, min=0, max=99, group=SKILLS, rule="ACE-HIT-1")


SKILL = Schema(
    (
        # typed freely (a skill of the group's own); the form offers the rules' skills by name
        Entry(
            "name",
            m.S_SKILL(),
            "text",
            max_length=40,
            choices=choices((key, name()) for key, name in SKILL_NAMES.items()),
        ),
        Entry("level", m.S_LEVEL(), "int", default=0, min=0, max=99, rule="ACE-CHECK-2"),
        Entry("specialty", m.S_SPECIALTY(), "bool", default=False, rule="ACE-CHECK-2"),
    ),
    extras="drop",
)

WEAPON = Schema(
    (
        Entry("key", m.S_KEY(), "text", max_length=30),
        Entry("name", m.S_NAME(), "text", max_length=60),
        Entry(
            "kind",
            m.S_KIND(),
            "choice",
            default="melee",
            choices=choices((k, ATTACK_KIND_NAMES[k]()) for k in ATTACK_KINDS),
            rule="ACE-ATK-1",
        ),
        Entry("value", m.S_VALUE(), "int", default=1, min=0, max=999, rule="ACE-EX-04"),
        Entry("ammo", m.S_AMMO(), "int", default=0, min=0, max=999, rule="ACE-ATK-2"),
        Entry("size", m.S_WSIZE(), "int", default=1, min=1, max=8, rule="ACE-GRAPPLE-6"),
        Entry("two_handed", m.S_TWO_HANDED(), "bool", default=False, rule="ACE-CALLED-SUNDER"),
        Entry("light", m.S_LIGHT(), "bool", default=False, rule="ACE-AMB-22"),
        Entry("natural", m.S_NATURAL(), "bool", default=False, rule="ACE-GRAPPLE-6"),
        Entry("gripping", m.S_GRIPPING(), "bool", default=False, rule="ACE-HIT-4"),
        Entry("soft", m.S_SOFT(), "bool", default=False, rule="ACE-GRAPPLE-2"),
        Entry(
            "energy",
            m.S_ENERGY(),
            "choice",
            default="",
            choices=choices((k, ENERGY_NAMES[k]()) for k in ENERGY_TYPES),
            rule="ACE-RES-1",
        ),
        Entry("hardness", m.S_HARDNESS(), "int", default=0, min=0, max=99, rule="ACE-AMB-23"),
        Entry(
            "grapple_damage",
            m.S_GRAPPLE_DAMAGE(),
            "int",
            default=0,
            min=0,
            max=999,
            rule="ACE-GRAPPLE-10",
        ),
        Entry("durability", m.S_DURABILITY(), "int", default=None, required=False, min=0, max=999),
        Entry(
            "damage",
            m.S_SKILL_DAMAGE(),
            "text",
            default="",
            required=False,
            max_length=40,
            rule="ACE-ATK-4",
        ),
    ),
    extras="drop",
)

RESISTANCE = Schema(
    (
        Entry(
            "energy",
            m.S_ENERGY(),
            "choice",
            choices=choices((k, ENERGY_NAMES[k]()) for k in ENERGY_TYPES if k),
            rule="ACE-RES-1",
        ),
        Entry("value", m.S_VALUE(), "int", default=0, min=0, max=999, rule="ACE-RES-1"),
    ),
    extras="drop",
)

# ACE-PIPE-1 step 6: what a skill or an item absorbs of every hit, before energy resistance.
ABSORPTION = Schema(
    (
        Entry("name", m.S_SOURCE(), "text", max_length=60),
        Entry(
            "energy",
            m.S_ENERGY(),
            "choice",
            default="all",
            choices=choices(
                [("all", m.ENERGY_ALL()), *((k, ENERGY_NAMES[k]()) for k in ENERGY_TYPES)]
            ),
            rule="ACE-PIPE-1",
        ),
        Entry("value", m.S_ABSORBS(), "int", default=0, min=0, max=999, rule="ACE-PIPE-1"),
    ),
    extras="drop",
)

COVERED = Schema(
    (
        Entry(
            "location",
            m.S_LOCATION(),
            "choice",
            choices=choices((k, v()) for k, v in LOCATION_NAMES.items()),
            rule="ACE-AMB-20",
        ),
    ),
    extras="drop",
)

ITEM = Schema(
    (
        Entry("name", m.S_NAME(), "text", max_length=60),
        Entry("length", m.S_LENGTH(), "number", default=1.0, min=0.01, max=100, rule="ACE-MARK-1"),
        Entry("width", m.S_WIDTH(), "number", default=1.0, min=0.01, max=100, rule="ACE-MARK-1"),
        Entry("height", m.S_HEIGHT(), "number", default=1.0, min=0.01, max=100, rule="ACE-MARK-1"),
        Entry("count", m.S_COUNT(), "int", default=1, min=1, max=9999, rule="ACE-MARK-1"),
        Entry("stack", m.S_STACK(), "int", default=None, required=False, min=1, max=9999),
        Entry("storable", m.S_STORABLE(), "bool", default=True, rule="ACE-MARK-2"),
        Entry("stored", m.S_STORED(), "bool", default=False, rule="ACE-MARK-1"),
    ),
    extras="drop",
)

# ACE-CALLED-SUNDER / ACE-AMB-23: a shield is an item a sunder can break (hardness, durability).
SHIELD = Schema(
    (
        Entry("name", m.S_NAME(), "text", default="Shield", max_length=60),
        Entry("hardness", m.S_HARDNESS(), "int", default=0, min=0, max=99, rule="ACE-AMB-23"),
        Entry(
            "durability",
            m.S_SHIELD_DURABILITY(),
            "int",
            default=None,
            required=False,
            min=1,
            max=999,
            rule="ACE-AMB-23",
        ),
    ),
    extras="drop",
)

MARK_RECORD = Schema(
    (
        Entry("level", m.S_MARK_LEVEL(), "int", default=1, min=1, max=5, rule="ACE-MARK-TABLE"),
        Entry("points", m.S_POINTS(), "int", default=0, min=0, rule="ACE-MARK-4"),
        Entry("potential", m.S_POTENTIAL(), "int", default=0, min=0, rule="ACE-MARK-4"),
        Entry("kill_value", m.S_KILL(), "int", default=0, min=0, rule="ACE-MARK-5"),
        Entry("functions", m.S_FUNCTIONS(), "text", default="", required=False, max_length=500),
    ),
    extras="drop",
)


def _attribute(key: str) -> Entry:
    # ACE-ATTR-10: an attribute may be null (None is not 0); ACE-ATTR-1 gives no upper bound.
    return Entry(
        key,
        ATTRIBUTE_NAMES[key](),
        "int",
        default=None,
        required=False,
        min=0,
        max=999,
        group=ATTRS,
        rule="ACE-ATTR-1",
    )


# What an encounter leaves on a character until the next (issue 32): HP, death (ACE-ATTR-3),
# the GM's conditions (ACE-CDG-1) and current attributes below their maximum (ACE-AMB-05).
CONDITION = Schema(
    (
        Entry(
            "hp",
            m.S_HP_NOW(),
            "int",
            default=None,
            required=False,
            min=-999,
            max=9999,
            rule="ACE-ATTR-3",
        ),
        Entry("dead", m.S_DEAD(), "bool", default=False, rule="ACE-ATTR-3"),
        *(
            Entry(
                cond,
                m.S_CONDITION_ON(condition=CONDITION_NAMES[cond]()),
                "bool",
                default=False,
                rule="ACE-CDG-1",
            )
            for cond in CONDITIONS
        ),
        Entry(
            "current",
            m.S_CURRENT(),
            "record",
            default={},
            rule="ACE-AMB-05",
            item=Schema(
                tuple(
                    Entry(
                        key,
                        ATTRIBUTE_NAMES[key](),
                        "int",
                        default=None,
                        required=False,
                        min=0,
                        max=999,
                    )
                    for key in ATTRIBUTES
                ),
                extras="drop",
            ),
        ),
    ),
    extras="drop",
)


def condition_of_sheet(raw: Mapping[str, Any] | None) -> Json | None:
    """The sheet's condition, or None for a character at full strength (a blank form too)."""
    if not raw:
        return None
    out = CONDITION.validate(raw, "condition")
    out["current"] = {k: v for k, v in (out.get("current") or {}).items() if v is not None}
    lasting = [out[cond] for cond in CONDITIONS]
    if out["hp"] is None and not out["dead"] and not out["current"] and not any(lasting):
        return None
    return out


SHEET = Schema(
    (
        Entry("name", m.S_NAME(), "text", max_length=100),
        *(_attribute(key) for key in ATTRIBUTES),
        Entry("size", m.S_SIZE(), "int", default=4, min=1, max=8, group=ATTRS, rule="ACE-SIZE-1"),
        Entry(
            "speed", m.S_SPEED(), "int", default=None, required=False, min=0, max=999, group=ATTRS
        ),
        _skill("footwork", m.S_FOOTWORK()),
        _skill("melee", m.S_MELEE()),
        _skill("ranged", m.S_RANGED()),
        _skill("grappling", m.S_GRAPPLING()),
        _skill("core", m.S_CORE()),
        Entry(
            "block", m.S_BLOCK(), "int", default=None, required=False, min=0, max=99, group=SKILLS
        ),
        Entry("skills", m.S_SKILLS(), "list", default=[], item=SKILL, group=SKILLS, max_items=40),
        Entry("spi_specialist", m.S_SPI_SPECIALIST(), "bool", default=False, rule="ACE-ATTR-9"),
        Entry("weapons", m.S_WEAPONS(), "list", default=[], item=WEAPON, group=GEAR, max_items=20),
        Entry(
            "armour", m.S_ARMOUR(), "int", default=0, min=0, max=999, group=GEAR, rule="ACE-ATK-1"
        ),
        Entry("resistances", m.S_RESISTANCES(), "list", default=[], item=RESISTANCE, group=GEAR),
        Entry("covered", m.S_COVERED(), "list", default=[], item=COVERED, group=GEAR),
        Entry(
            "shield",
            m.S_SHIELD(),
            "record",
            default=None,
            required=False,
            item=SHIELD,
            group=GEAR,
            rule="ACE-CALLED-SUNDER",
        ),
        Entry(
            "absorption",
            m.S_ABSORPTION(),
            "list",
            default=[],
            item=ABSORPTION,
            group=GEAR,
            max_items=20,
            rule="ACE-PIPE-1",
        ),
        Entry(
            "mark", m.S_MARK(), "record", default=None, required=False, item=MARK_RECORD, group=MARK
        ),
        Entry("items", m.S_ITEMS(), "list", default=[], item=ITEM, group=MARK, max_items=60),
        Entry(
            "condition",
            m.S_CONDITION(),
            "record",
            default=None,
            required=False,
            item=CONDITION,
            group=m.S_CONDITION_GROUP(),
        ),
        Entry("notes", m.S_NOTES(), "text", default="", required=False, max_length=2000),
    ),
    extras="drop",
)

UNARMED: Json = {
    "key": "unarmed",
    "name": "Unarmed",
    "kind": "melee",
    "value": 1,  # ACE-EX-04: a fist, palm or leg has attack value 1
    "ammo": 0,
    "size": 1,
    "two_handed": False,
    "light": False,
    "natural": True,
    "gripping": False,
    "soft": False,
    "energy": "",
    "hardness": 0,
    "grapple_damage": 0,
    "durability": None,
    "damage": "",
}


def validate_sheet(sheet: Mapping[str, Any]) -> Json:
    """The sheet checked against the schema; weapon keys must be unique."""
    checked = SHEET.validate(sheet)
    checked["condition"] = condition_of_sheet(checked.get("condition"))
    if checked.get("mark") is None:
        checked["mark"] = MARK_RECORD.validate({})
    keys = [w["key"] for w in checked["weapons"]]
    for n, key in enumerate(keys):
        if key in keys[:n] or key == "unarmed":
            raise SheetError(f"weapons[{n}].key", m.DUPLICATE_KEY(key=key))
    for n, w in enumerate(checked["weapons"]):
        text = str(w.get("damage") or "").strip()
        w["damage"] = text
        if text and skill_damage_expr(text) is None:
            raise SheetError(f"weapons[{n}].damage", m.BAD_SKILL_DAMAGE(text=text), "ACE-ATK-4")
    return checked


# ACE-ATTR-1 / ACE-EX-07: a healthy adult averages 5 in each attribute (youth 4, child 3, at
# least 2 for anyone normal); a new character starts there.
DEFAULT_SHEET: Json = {
    "name": "Reincarnator",
    "str": 5,
    "dex": 5,
    "con": 5,
    "spi": 5,
    "size": 4,
    "skills": [{"name": "athletics", "level": 2, "specialty": False}],
    "weapons": [{"key": "knife", "name": "Knife", "kind": "melee", "value": 1, "light": True}],
    "mark": {"level": 1},
}
