"""Ace Evolution data tables: called-shot locations, cover levels, Nightmare Mark levels."""

from __future__ import annotations

from dataclasses import dataclass

from rules.ace import messages as m
from rules.core.kit import Msg


@dataclass(frozen=True)
class Location:
    """A called-shot location (ACE-CALLED-TABLE): hit modifier, extra dice, flat extra damage."""

    key: str
    rule: str
    hit: int
    dice: int
    extra: int
    special: str = ""  # "disarm" | "sunder": no damage, a contest instead

    @property
    def label(self) -> Msg:
        return LOCATION_NAMES[self.key]()


# ACE-CALLED-TABLE: the seed's examples, in its order (the GM may cover a location per target).
LOCATIONS: dict[str, Location] = {
    loc.key: loc
    for loc in (
        Location("head", "ACE-CALLED-HEAD", -9, 6, 5),
        Location("eyes", "ACE-CALLED-EYES", -12, 9, 10),
        Location("abdomen", "ACE-CALLED-ABDOMEN", -6, 3, 5),
        Location("ribs", "ACE-CALLED-RIBS", -9, 6, 5),
        Location("disarm", "ACE-CALLED-DISARM", -16, 0, 0, "disarm"),
        Location("sunder", "ACE-CALLED-SUNDER", -16, 0, 0, "sunder"),
        Location("throat", "ACE-CALLED-THROAT", -18, 12, 10),
        Location("temple", "ACE-CALLED-TEMPLE", -25, 15, 15),
    )
}

LOCATION_NAMES = {
    "head": m.LOC_HEAD,
    "eyes": m.LOC_EYES,
    "abdomen": m.LOC_ABDOMEN,
    "ribs": m.LOC_RIBS,
    "disarm": m.LOC_DISARM,
    "sunder": m.LOC_SUNDER,
    "throat": m.LOC_THROAT,
    "temple": m.LOC_TEMPLE,
}

# ACE-COVER-TABLE: the attacker's hit modifier per cover level; full cover cannot be shot at.
COVER: dict[str, int] = {"none": 0, "light": -2, "partial": -4, "heavy": -8, "full": 0}
COVER_RULES = {
    "light": "ACE-COVER-LIGHT",
    "partial": "ACE-COVER-PARTIAL",
    "heavy": "ACE-COVER-HEAVY",
    "full": "ACE-COVER-FULL",
}
COVER_NAMES = {
    "none": m.COVER_NONE,
    "light": m.COVER_LIGHT,
    "partial": m.COVER_PARTIAL,
    "heavy": m.COVER_HEAVY,
    "full": m.COVER_FULL,
}

# ACE-MARK-TABLE: slots are 6 x level; levels 1 to 5.
MARK_LEVELS = (1, 2, 3, 4, 5)


def mark_slots(level: int) -> int:
    """ACE-MARK-TABLE: a Nightmare Mark of level n has 6 x n inventory slots (ACE-EX-36)."""
    return 6 * level


ATTACK_KINDS = ("melee", "firearm", "thrown", "skill")
ATTACK_KIND_NAMES = {
    "melee": m.KIND_MELEE,
    "firearm": m.KIND_FIREARM,
    "thrown": m.KIND_THROWN,
    "skill": m.KIND_SKILL,
}
ENERGY_TYPES = ("", "fire", "cold", "electric", "acid", "sonic", "force")
ENERGY_NAMES = {
    "": m.ENERGY_PHYSICAL,
    "fire": m.ENERGY_FIRE,
    "cold": m.ENERGY_COLD,
    "electric": m.ENERGY_ELECTRIC,
    "acid": m.ENERGY_ACID,
    "sonic": m.ENERGY_SONIC,
    "force": m.ENERGY_FORCE,
}
ATTRIBUTES = ("str", "dex", "con", "spi")
ATTRIBUTE_NAMES = {"str": m.ATTR_STR, "dex": m.ATTR_DEX, "con": m.ATTR_CON, "spi": m.ATTR_SPI}
GENERAL_SKILLS = ("athletics", "survival", "investigation", "insight", "hide")
SKILL_NAMES = {
    "athletics": m.SKILL_ATHLETICS,
    "survival": m.SKILL_SURVIVAL,
    "investigation": m.SKILL_INVESTIGATION,
    "insight": m.SKILL_INSIGHT,
    "hide": m.SKILL_HIDE,
}
# Conditions a GM may set; "helpless" ones open a coup de grace (ACE-CDG-1).
# "fainting": losing consciousness from hunger, thirst or the like (ACE-ATTR-8).
CONDITIONS = ("asleep", "unconscious", "petrified", "fainting")
CONDITION_NAMES = {
    "asleep": m.COND_ASLEEP,
    "unconscious": m.COND_UNCONSCIOUS,
    "petrified": m.COND_PETRIFIED,
    "fainting": m.COND_FAINTING,
    "cannot_act": m.COND_CANNOT_ACT,
    "dead": m.COND_DEAD,
    "grappled": m.COND_GRAPPLED,
    "pinned": m.COND_PINNED,
    "prone": m.COND_PRONE,
    "hidden": m.COND_HIDDEN,
}
