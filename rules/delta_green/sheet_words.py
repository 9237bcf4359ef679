"""How the sheet form shows what the sheet code checks itself: skills, weapons, edge points, Db.

`validate_sheet` (sheet.py) checks skills and weapons by hand; this schema only gives the form
their labels, choices and bounds in the reader's language (never used to validate), so that a
weapon row reads 射速 and 装填方式 rather than "rof" and "reload", and a skill is picked by name.
The words follow docs/glossary/delta_green.md.
"""

from __future__ import annotations

from rules.core.kit import Choice, Entry, Message, Schema, choices
from rules.delta_green.log_messages import EDGES as EDGE_ORDER
from rules.delta_green.log_messages import SKILL_KEYS, SKILL_SPOKEN, edge_word
from rules.delta_green.messages import VEST_NAMES
from rules.delta_green.sheet import RELOAD_KINDS, WEAPON_KINDS

SKILLS = Message("dg.sheet.skills", "Skills")
WEAPONS = Message("dg.sheet.weapons", "Weapons")
EDGE_POINTS = Message("dg.sheet.edge_points", "Skill points spent on edges")
DB = Message("dg.sheet.db", "Damage bonus")
VEST = Message("dg.sheet.vest", "Body armour")
VEST_LEVEL = Message("dg.sheet.vest.level", "Vest")
NO_VEST = Message("dg.sheet.vest.none", "none")
WORN_HIDDEN = Message("dg.sheet.vest.worn_hidden", "Worn hidden under clothes")
EDGES = Message("dg.sheet.edges", "Edges")

KIND_NAMES = {
    "firearm": Message("dg.sheet.kind.firearm", "firearm"),
    "melee": Message("dg.sheet.kind.melee", "melee weapon"),
    "knife": Message("dg.sheet.kind.knife", "knife-type weapon"),
    "unarmed": Message("dg.sheet.kind.unarmed", "unarmed"),
    "thrown": Message("dg.sheet.kind.thrown", "thrown"),
}
RELOAD_NAMES = {
    "magazine": Message("dg.sheet.reload.magazine", "magazine"),
    "belt": Message("dg.sheet.reload.belt", "belt"),
    "loose": Message("dg.sheet.reload.loose", "loose rounds"),
    "none": Message("dg.sheet.reload.none", "does not reload"),
}
# The firing action: what malfunctions (COC-MAL-2) and shotguns (COC-SHOTGUN-1..-3) read.
ACTION_NAMES = {
    "semi": Message("dg.sheet.action.semi", "semi-automatic"),
    "auto": Message("dg.sheet.action.auto", "automatic"),
    "revolver": Message("dg.sheet.action.revolver", "revolver"),
    "bolt": Message("dg.sheet.action.bolt", "bolt action"),
    "lever": Message("dg.sheet.action.lever", "lever action"),
    "pump": Message("dg.sheet.action.pump", "pump action"),
    "double": Message("dg.sheet.action.double", "double-barrelled"),
}
assert set(KIND_NAMES) == set(WEAPON_KINDS)
assert set(RELOAD_NAMES) == set(RELOAD_KINDS)


def _w(key: str, english: str) -> Message:
    return Message(f"dg.sheet.w.{key}", english)


W = {
    "name": _w("name", "Name"),
    "key": _w("key", "Short name (blank: made from the name)"),
    "kind": _w("kind", "Kind"),
    "skill": _w("skill", "Skill"),
    "damage": _w("damage", "Damage"),
    "rof": _w("rof", "Rate of fire (ROF)"),
    "capacity": _w("capacity", "Capacity"),
    "reload": _w("reload", "Reloads with"),
    "mal": _w("mal", "Malfunction number"),
    "action": _w("action", "Firing action"),
    "auto": _w("auto", "Autofire"),
    "max_burst": _w("max_burst", "Largest burst (rounds, 0: none)"),
    "sustained_fire": _w("sustained_fire", "Sustained fire"),
    "can_impale": _w("can_impale", "Can impale"),
    "can_sever": _w("can_sever", "Can sever a limb"),
    "two_handed": _w("two_handed", "Two-handed"),
    "base_range_m": _w("base_range_m", "Base range (m)"),
    "handgun": _w("handgun", "Handgun"),
    "scope": _w("scope", "Telescopic sight"),
    "laser": _w("laser", "Laser sight"),
    "silencer": _w("silencer", "Silencer"),
    "shotgun": _w("shotgun", "Shotgun"),
    "high_power": _w("high_power", "Powerful rounds"),
    "sword": _w("sword", "Sword (attack and parry)"),
    "can_parry": _w("can_parry", "Can parry"),
    "touch": _w("touch", "Range: touch"),
    "loaded": _w("loaded", "Loaded now"),
    "spare": _w("spare", "Spare rounds"),
    "ready": _w("ready", "In hand"),
    "broken": _w("broken", "Broken"),
    "hp": _w("hp", "Object HP"),
}


def skill_choices() -> tuple[Choice, ...]:
    """Every skill the rules know, by its name (the key is what is stored)."""
    return choices((key, (SKILL_SPOKEN.get(key) or SKILL_KEYS[key])()) for key in SKILL_KEYS)


def _bool(key: str, default: bool = False) -> Entry:
    return Entry(key, W[key](), "bool", default=default)


def _int(key: str, low: int, high: int, default: int | None = None) -> Entry:
    return Entry(key, W[key](), "int", default=default, min=low, max=high, required=False)


WEAPON = Schema(
    (
        Entry("name", W["name"](), "text", default="", required=False, max_length=100),
        Entry("key", W["key"](), "text", default="", rule="DG-ACT-3", max_length=40),
        Entry(
            "kind",
            W["kind"](),
            "choice",
            default="firearm",
            rule="DG-ARM-4",
            choices=choices((k, v()) for k, v in KIND_NAMES.items()),
        ),
        Entry("skill", W["skill"](), "choice", default="firearms", choices=skill_choices()),
        Entry("damage", W["damage"](), "text", default="1d10", rule="COC-IMPALE-3", max_length=40),
        _int("rof", 1, 100, 1),
        _int("capacity", 0, 10000),  # 0 for what is not a firearm
        Entry(
            "reload",
            W["reload"](),
            "choice",
            default="magazine",
            rule="DG-ACT-6",
            choices=choices((k, v()) for k, v in RELOAD_NAMES.items()),
        ),
        _int("mal", 2, 100),
        Entry(
            "action",
            W["action"](),
            "choice",
            default="semi",
            rule="COC-MAL-2",
            choices=choices((k, v()) for k, v in ACTION_NAMES.items()),
        ),
        _bool("auto"),
        _int("max_burst", 0, 100, 0),
        _bool("sustained_fire"),
        _bool("can_impale", True),
        _bool("can_sever"),
        _bool("two_handed"),
        Entry("base_range_m", W["base_range_m"](), "number", default=15, min=0, max=100000),
        _bool("handgun"),
        _bool("scope"),
        _bool("laser"),
        _bool("silencer"),
        _bool("shotgun"),
        _bool("high_power"),
        _bool("sword"),
        _bool("can_parry"),
        _bool("touch"),
        _int("loaded", 0, 10000),
        _int("spare", 0, 100000, 0),
        _bool("ready"),
        _bool("broken"),
        _int("hp", 1, 999),
    )
)

# DG-ARM-1: the vest by its level, none when blank; DG-ARM-8: worn hidden (levels I and II).
VEST_FORM = Schema(
    (
        Entry(
            "level",
            VEST_LEVEL(),
            "choice",
            default="",
            rule="DG-ARM-1",
            choices=choices(
                [("", NO_VEST()), *((str(n), name()) for n, name in VEST_NAMES.items())]
            ),
        ),
        Entry("worn_hidden", WORN_HIDDEN(), "bool", default=False, rule="DG-ARM-8"),
    )
)

# The form's view of the parts of a sheet that `validate_sheet` checks in code. A "record" with
# choices and no item is a name-to-number map whose names are picked from the choices; a "list"
# with choices and no item is a set of picks (the edges).
FORM = Schema(
    (
        Entry("skills", SKILLS(), "record", default=None, required=False, choices=skill_choices()),
        Entry("weapons", WEAPONS(), "list", default=None, required=False, item=WEAPON),
        Entry("vest", VEST(), "record", default=None, required=False, item=VEST_FORM),
        Entry(
            "edges",
            EDGES(),
            "list",
            default=None,
            required=False,
            rule="DG-EDGE-0",
            choices=choices((key, edge_word(key)) for key in EDGE_ORDER),
        ),
        Entry("edge_points", EDGE_POINTS(), "int", default=0, min=0, rule="DG-EDGE-0"),
        Entry("db", DB(), "text", default="0", rule="COC-IMPALE-3", max_length=20),
    )
)
