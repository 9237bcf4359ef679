"""A character's condition between encounters, read off its sheet as badges (issue 32).

The encounter's write-back (vtt/encounters/carry.py) leaves a `condition` on the sheet: Delta
Green's and Call of Cthulhu's HP, wounds and death, Ace's HP and death, a mech's damage and wreck
(rules/<system>/). The campaign roster, the sheet page and the encounter builder read it here:
dead, dying, wounded, out of ammunition, destroyed. A dead or destroyed character is refused by
the builder unless the GM brings it in anyway.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from rules.core.errors import RulesError
from rules.core.registry import get_system

LABELS = {
    "dead": _("dead"),
    "dying": _("dying"),
    "unconscious": _("unconscious"),
    "wounded": _("wounded"),
    "out_of_ammo": _("out of ammunition"),
    "destroyed": _("destroyed"),
    "damaged": _("damaged"),
}
REFUSED = ("dead", "destroyed")  # the builder leaves these out unless the GM insists


@dataclass(frozen=True)
class Badge:
    """One word on the roster: its key (a CSS class) and what a person reads."""

    key: str

    @property
    def label(self) -> str:
        return str(LABELS[self.key])


def _int(value: Any) -> int | None:
    return None if value is None or isinstance(value, bool) else int(value)


def _body(system: str, condition: Mapping[str, Any]) -> list[str]:
    """Dead, dying, unconscious or wounded (a mech: destroyed or damaged), as the system says."""
    if system == "mech":
        pilot = {
            "dead": ["dead"],
            "down": ["unconscious"],
            "wounded": ["wounded"],
        }  # MECH-PILOT-STATE
        hurt = condition.get("wrecked") or condition.get("items") or "hp" in condition
        mech = ["destroyed" if condition.get("wrecked") else "damaged"] if hurt else []
        return [*mech, *pilot.get(str(condition.get("pilot")), [])]
    hp = _int(condition.get("hp"))
    brp = system in ("delta_green", "coc")
    if condition.get("dead") or (system == "delta_green" and hp is not None and hp <= -10):
        return ["dead"]  # DG-HP-3, COC-HP-1, ACE-ATTR-3
    bleeding = any(
        isinstance(part, Mapping) and part.get("bleeding") for part in condition.values()
    )
    if brp and ((hp is not None and hp <= 0) or bleeding):
        return ["dying"]  # DG-HP-2, DG-WOUND-3/-5/-7/-8, COC-HP-1
    knocked_out = condition.get("knocked_out") or condition.get("ko_rounds")
    found = ["unconscious"] if knocked_out or (brp and hp is not None and hp <= 2) else []
    damaged = any(isinstance(part, Mapping) and part.get("damage") for part in condition.values())
    if hp is not None or damaged:
        found.append("wounded")
    return found


def _empty(weapon: Mapping[str, Any]) -> bool:
    """A firearm with no round loaded and none spare (a DG magazine count, a CoC capacity)."""
    capacity = _int(weapon.get("capacity")) or 0
    if capacity <= 0 or weapon.get("kind", "firearm") != "firearm":
        return False
    return (_int(weapon.get("loaded")) or 0) == 0 and (_int(weapon.get("spare")) or 0) == 0


def badges(system: str, sheet: Mapping[str, Any]) -> list[Badge]:
    """The badges of a stored sheet (none for a character at full strength)."""
    if not isinstance(sheet, Mapping):
        return []
    condition = sheet.get("condition")
    found = _body(system, condition) if isinstance(condition, Mapping) else []
    weapons = sheet.get("weapons") if system in ("delta_green", "coc") else None
    if isinstance(weapons, list) and any(isinstance(w, Mapping) and _empty(w) for w in weapons):
        found.append("out_of_ammo")
    return [Badge(key) for key in found]


def refused(system: str, sheet: Mapping[str, Any]) -> list[Badge]:
    """Why the builder leaves a character out (dead, destroyed), or nothing."""
    return [badge for badge in badges(system, sheet) if badge.key in REFUSED]


def brought_in_anyway(system: str, sheet: Mapping[str, Any]) -> dict[str, Any]:
    """The sheet a dead or destroyed character fights with when the GM insists: as it is (the GM
    may heal it at the table), except a wreck, which the mech rules cannot field (MECH-AMB-40):
    it comes in repaired."""
    if system != "mech":
        return dict(sheet)
    out = {key: value for key, value in sheet.items() if key != "condition"}
    try:
        return dict(get_system(system).validate_sheet(out))
    except RulesError:
        return out
