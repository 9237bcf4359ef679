"""The mech tables on the board: structure damage, stress, overcharge, as this game plays them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from rules.mech.tables import OVERCHARGE_HEAT, table_for

# What each row of a structure or stress table does (rules/mech/harm.py applies them).
EFFECTS = {
    "destroyed": _("the mech is destroyed"),
    "direct_hit": _(
        "3+ structure left: Stunned; 2 left: HULL check, destroyed on a failure; 1 left: destroyed"
    ),
    "system_trauma": _(
        "a weapon mount (lowest die even) or a system (odd) of the mech's choice is destroyed"
    ),
    "system_trauma_d6": _("a second d6: 1–3 a weapon mount, 4–6 a system is destroyed"),
    "glancing_blow": _("Impaired until the end of its next turn"),
    "nothing": _("no effect"),
    "meltdown_next_turn": _("the reactor melts down at the end of its next turn"),
    "meltdown": _(
        "3+ stress left: Exposed; 2 left: ENGINEERING check, on a failure the reactor goes "
        "critical; 1 left: meltdown at the end of its next turn"
    ),
    "power_plant_unstable": _("Exposed"),
    "emergency_stop": _("Impaired until the end of its next turn"),
}
NAMES = {
    "destroyed": _("Destroyed"),
    "direct_hit": _("Direct hit"),
    "system_trauma": _("System trauma"),
    "system_trauma_d6": _("System trauma"),
    "glancing_blow": _("Glancing blow"),
    "nothing": _("No effect"),
    "meltdown_next_turn": _("Meltdown"),
    "meltdown": _("Meltdown"),
    "power_plant_unstable": _("Power plant unstable"),
    "emergency_stop": _("Emergency stop"),
}


def _rows(kind: str, choice: Any) -> list[dict[str, Any]]:
    table = table_for(kind, choice)
    rows = [
        {
            "roll": str(row["low"]) if row["low"] == row["high"] else f"{row['low']}–{row['high']}",
            "name": NAMES.get(str(row["effect"]), row["name"]),
            "effect": EFFECTS.get(str(row["effect"]), ""),
        }
        for row in sorted(table["rows"], key=lambda r: -int(r["low"]))
    ]
    several = str(table.get("multiple_ones", "destroyed"))
    rows.append(
        {
            "roll": _("two or more 1s"),
            "name": NAMES.get(several, several),
            "effect": EFFECTS.get(several, ""),
        }
    )
    return rows


def charts(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The tables as this game's settings choose them (MECH-STRUCT-TABLE, MECH-STRESS-TABLE,
    MECH-OVERCHARGE-TABLE)."""
    return {
        "per_marked": settings.get("check_dice", "marked") == "marked",
        "structure": _rows("structure", settings.get("structure_table", "seed")),
        "stress": _rows("stress", settings.get("stress_table", "seed")),
        "overcharge": list(OVERCHARGE_HEAT),
    }
