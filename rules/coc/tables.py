"""Call of Cthulhu data: the armour table, weapon mechanisms, burst sizes and the demo's arms."""

from __future__ import annotations

from typing import Any

from rules.core.kit import Message

# COC-ARMOUR-TABLE: armour (and, COC-ARMOUR-TABLE's proposed default, cover) points.
ARMOUR: dict[str, int] = {
    "none": 0,
    "leather_jacket": 1,
    "ww1_helmet": 2,
    "hardwood_1in": 3,
    "elephant_hide": 4,
    "us_helmet": 5,
    "kevlar_vest": 8,
    "concrete_6in": 9,
    "military_armour": 12,
    "bulletproof_glass": 15,
    "steel_plate": 19,
    "sandbag": 20,
}
# COC-AUTO-8: a shot's cover "as the Keeper marked it" for that target.
MARKED = Message("coc.armour.marked", "as the Keeper describes it")
ARMOUR_NAMES: dict[str, Message] = {
    "none": Message("coc.armour.none", "no cover"),
    "leather_jacket": Message("coc.armour.leather_jacket", "heavy leather jacket"),
    "ww1_helmet": Message("coc.armour.ww1_helmet", "WWI steel helmet"),
    "hardwood_1in": Message("coc.armour.hardwood_1in", "1 inch of hardwood"),
    "elephant_hide": Message("coc.armour.elephant_hide", "elephant hide"),
    "us_helmet": Message("coc.armour.us_helmet", "modern US Army helmet"),
    "kevlar_vest": Message("coc.armour.kevlar_vest", "heavy Kevlar vest"),
    "concrete_6in": Message("coc.armour.concrete_6in", "6 inches of concrete"),
    "military_armour": Message("coc.armour.military_armour", "military body armour"),
    "bulletproof_glass": Message("coc.armour.bulletproof_glass", "1.5 inches of bulletproof glass"),
    "steel_plate": Message("coc.armour.steel_plate", "2 inches of steel plate"),
    "sandbag": Message("coc.armour.sandbag", "large sandbag"),
}

# COC-MAL-2/-3: the mechanisms a sheet may name (COC-SHOTGUN-1: double, pump, semi); which of
# them dud and which jam is rules/brp/firearms.py `malfunction_kind`.
JAM_MECHANISMS = frozenset({"semi_auto", "full_auto", "pump", "lever"})
MECHANISMS = ("none", "revolver", "bolt", "double_barrel", "single", *sorted(JAM_MECHANISMS))
WEAPON_KINDS = ("melee", "unarmed", "firearm", "thrown")
RELOADS = ("loose", "magazine", "belt")

# COC-AUTO-5: the "convenient" burst sizes when the Keeper allows only real dice.
DICE_SIZES = frozenset({2, 3, 4, 6, 8, 10, 12, 20})

# COC-POISON-7: sleep of an incapacitating poison whose duration the table leaves open, in rounds
# of a minute (chloroform: 1d6 x 10 minutes).
SEDATIVE_MINUTES = (10, 6)  # (multiplier, die)

# COC-KO-1: the unarmed skills (and any weapon marked blunt) that can knock out.
KNOCKOUT_SKILLS = frozenset({"fist", "kick", "grapple", "head_butt", "club"})

SKILLS: tuple[tuple[str, str, int], ...] = (
    # (key, English name, base %) for the sheet's skill list.
    ("dodge", "Dodge", 0),  # COC-DODGE-1: DEX x 2 unless given
    ("fist", "Fist/Punch", 50),
    ("kick", "Kick", 25),
    ("grapple", "Grapple", 25),
    ("head_butt", "Head Butt", 10),
    ("knife", "Knife", 25),
    ("club", "Club", 25),
    ("sword", "Sword", 15),
    ("throw", "Throw", 25),
    ("handgun", "Handgun", 20),
    ("rifle", "Rifle", 25),
    ("shotgun", "Shotgun", 30),
    ("smg", "Submachine Gun", 15),
    ("machine_gun", "Machine Gun", 15),
    ("first_aid", "First Aid", 30),
    ("medicine", "Medicine", 5),
    ("spot_hidden", "Spot Hidden", 25),
    ("mechanical_repair", "Mechanical Repair", 20),
    ("jump", "Jump", 25),
    ("swim", "Swim", 25),
)
# Skills a group adds to a sheet that the rule book names but the sheet's list above leaves out:
# checks by name know them (rules/brp/skill_checks.py ALIASES), so a check, its die and the
# transcript read their names, never their keys ("Library Use", not "library_use").
ADDED_SKILLS: tuple[tuple[str, str], ...] = (
    ("library_use", "Library Use"),
    ("listen", "Listen"),
    ("psychology", "Psychology"),
    ("stealth", "Stealth"),
    ("persuade", "Persuade"),
    ("fast_talk", "Fast Talk"),
    ("charm", "Charm"),
    ("intimidate", "Intimidate"),
    ("climb", "Climb"),
    ("occult", "Occult"),
    ("cthulhu_mythos", "Cthulhu Mythos"),
    ("navigate", "Navigate"),
    ("drive", "Drive Auto"),
    ("track", "Track"),
)
SHEET_SKILL_KEYS = tuple(key for key, _, _ in SKILLS)
SKILL_NAMES: dict[str, Message] = {
    key: Message(f"coc.skill.{key}", english)
    for key, english in (*((key, english) for key, english, _ in SKILLS), *ADDED_SKILLS)
}
FIREARM_SKILLS = ("handgun", "rifle", "shotgun", "smg", "machine_gun")


def weapon(key: str, name: str, kind: str, skill: str, damage: str, **extra: Any) -> dict[str, Any]:
    """A weapon record as a sheet holds it (the sheet schema fills what is left out)."""
    return {"key": key, "name": name, "kind": kind, "skill": skill, "damage": damage, **extra}


# The demo's arms (weapon data as in the CoC weapon tables; COC-SHOTGUN-4 bands in yards).
DEMO_WEAPONS: dict[str, dict[str, Any]] = {
    "shotgun": weapon(
        "shotgun",
        "12-gauge double-barrelled shotgun",
        "firearm",
        "shotgun",
        "4d6",
        damage_bands=[[10, "4d6"], [20, "2d6"], [50, "1d6"]],
        base_range=50,
        shots_per_round=2,
        capacity=2,
        mal=100,
        mechanism="double_barrel",
        long_gun=True,
        hp=12,
    ),
    # WE-COC-08: the revolver is carried with five of six chambers loaded.
    "revolver": weapon(
        "revolver",
        ".38 revolver",
        "firearm",
        "handgun",
        "1d10",
        base_range=15,
        shots_per_round=2,
        capacity=6,
        loaded=5,
        mal=100,
        mechanism="revolver",
        handgun=True,
        hp=10,
    ),
    "thompson": weapon(
        "thompson",
        "Thompson SMG",
        "firearm",
        "smg",
        "1d10+2",
        base_range=20,
        shots_per_round=1,
        burst_max=20,
        capacity=20,
        mal=96,
        mechanism="full_auto",
        reload="magazine",
        long_gun=True,
        hp=8,
    ),
    "knife": weapon(
        "knife", "sacrificial knife", "melee", "knife", "1d4+2", can_impale=True, hp=15, touch=True
    ),
    "club": weapon("club", "fire iron", "melee", "club", "1d6", blunt=True, hp=15),
    "torch": weapon(
        "torch", "burning torch", "melee", "club", "1d6", sets_fire=True, hp=10, add_db=False
    ),
    "fist": weapon("fist", "fists", "unarmed", "fist", "1d3", blunt=True, touch=True),
}
