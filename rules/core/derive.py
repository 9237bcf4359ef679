"""Derived sheet values as a person reads them: a label, the value and how it was worked out.

A system may offer `GameSystem.derive(sheet)`, returning `Derived` lines for the sheet form (hit
points, location HP, luck...), and `GameSystem.write_back(state, actor_id, sheet)`, the sheet
after an encounter (ammunition, points spent). The shared BRP words live here so every BRP
system says them alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.messages import Message, Msg

HIT_POINTS = Message("core.derive.hit_points", "Hit points")
HP_FROM = Message("core.derive.hp_from", "(CON {con} + SIZ {siz}) ÷ 2, rounded up")
HP_GIVEN = Message("core.derive.hp_given", "as written on the sheet")
LOCATION_HP = Message("core.derive.location_hp", "{location} HP")
LOCATION_FROM = Message("core.derive.location_from", "{share} of {hp} hit points, rounded")
DODGE = Message("core.derive.dodge", "Dodge")
DODGE_FROM = Message("core.derive.dodge_from", "DEX {dex} × 2")
SKILL_GIVEN = Message("core.derive.skill_given", "the skill as written")
LUCK = Message("core.derive.luck", "Luck")
MAGIC_POINTS = Message("core.derive.magic_points", "Magic points")
SANITY = Message("core.derive.sanity", "Sanity")
POW_TIMES = Message("core.derive.pow_times", "POW {pow} × {times}")
POW_EQUAL = Message("core.derive.pow_equal", "equal to POW {pow}")
ARMOUR = Message("core.derive.armour", "Armour")
VEST_FROM = Message("core.derive.vest_from", "{vest}: {ap} points, skill penalty {penalty}")
NO_ARMOUR = Message("core.derive.no_armour", "none worn")
AMMUNITION = Message("core.derive.ammunition", "Ammunition: {weapon}")
LOADED_SPARE = Message("core.derive.loaded_spare", "{loaded} loaded, {spare} spare")
LOADED_OF = Message("core.derive.loaded_of", "{loaded} of {capacity} loaded")
HALF_DEX = Message("core.derive.half_dex", "Second action in a round")
HALF_DEX_FROM = Message("core.derive.half_dex_from", "at half DEX: {dex}")
DAMAGE_BONUS = Message("core.derive.damage_bonus", "Damage bonus")
AS_WRITTEN = Message("core.derive.as_written", "as written on the sheet")

# BRP hit locations (DG-LOC-1), named for the sheet's location HP lines.
RIGHT_LEG = Message("core.derive.loc.right_leg", "Right leg")
LEFT_LEG = Message("core.derive.loc.left_leg", "Left leg")
CHEST = Message("core.derive.loc.chest", "Chest and abdomen")
RIGHT_ARM = Message("core.derive.loc.right_arm", "Right arm")
LEFT_ARM = Message("core.derive.loc.left_arm", "Left arm")
HEAD = Message("core.derive.loc.head", "Head")
LOCATION_NAMES = {
    "right_leg": RIGHT_LEG,
    "left_leg": LEFT_LEG,
    "chest": CHEST,
    "right_arm": RIGHT_ARM,
    "left_arm": LEFT_ARM,
    "head": HEAD,
}


@dataclass(frozen=True)
class Derived:
    """One computed value of a sheet, with its label and the working that explains it."""

    label: Msg
    value: Any
    explanation: Msg

    def to_json(self) -> dict[str, Any]:
        """Plain JSON (the CLI and tests read it)."""
        return {
            "label": self.label.to_json(),
            "value": self.value,
            "explanation": self.explanation.to_json(),
        }
