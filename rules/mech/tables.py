"""Structure and stress tables as data, swappable per campaign (MECH-STRUCT/STRESS-TABLE)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.errors import RulesError
from rules.mech import refusals as R

Json = dict[str, Any]

# Effects a table row may name; the engine knows how to apply each.
STRUCTURE_EFFECTS = (
    "destroyed",
    "direct_hit",
    "system_trauma",  # parity of the lowest die picks mount (even) or system (odd): the seed
    "system_trauma_d6",  # a second d6: 1-3 mount, 4-6 system (LANCER)
    "glancing_blow",
    "nothing",
)
STRESS_EFFECTS = (
    "meltdown_next_turn",
    "meltdown",
    "power_plant_unstable",
    "emergency_stop",
    "nothing",
)

TABLES: dict[str, dict[str, Json]] = {
    "structure": {
        # MECH-STRUCT-TABLE as in the seed.
        "seed": {
            "name": "Structure damage (seed)",
            "multiple_ones": "destroyed",
            "rows": [
                {"low": 1, "high": 1, "name": "Direct hit", "effect": "direct_hit"},
                {"low": 2, "high": 4, "name": "System trauma", "effect": "system_trauma"},
                {"low": 5, "high": 6, "name": "Glancing blow", "effect": "glancing_blow"},
            ],
        },
        "lancer": {
            "name": "Structure damage (LANCER core: system trauma rolls a second d6)",
            "multiple_ones": "destroyed",
            "rows": [
                {"low": 1, "high": 1, "name": "Direct hit", "effect": "direct_hit"},
                {"low": 2, "high": 4, "name": "System trauma", "effect": "system_trauma_d6"},
                {"low": 5, "high": 6, "name": "Glancing blow", "effect": "glancing_blow"},
            ],
        },
    },
    "stress": {
        # MECH-STRESS-TABLE with MECH-AMB-36 for multiple 1s.
        "seed": {
            "name": "Stress / overheating (seed)",
            "multiple_ones": "meltdown_next_turn",
            "rows": [
                {"low": 1, "high": 1, "name": "Meltdown", "effect": "meltdown"},
                {
                    "low": 2,
                    "high": 4,
                    "name": "Power plant unstable",
                    "effect": "power_plant_unstable",
                },
                {"low": 5, "high": 6, "name": "Emergency stop", "effect": "emergency_stop"},
            ],
        },
        "lancer": {
            "name": "Stress / overheating (LANCER core)",
            "multiple_ones": "meltdown_next_turn",
            "rows": [
                {"low": 1, "high": 1, "name": "Meltdown", "effect": "meltdown"},
                {
                    "low": 2,
                    "high": 4,
                    "name": "Power plant destabilise",
                    "effect": "power_plant_unstable",
                },
                {"low": 5, "high": 6, "name": "Emergency shunt", "effect": "emergency_stop"},
            ],
        },
    },
}


def table_for(kind: str, choice: Any) -> Json:
    """The table a setting names (a preset key) or holds (table data), checked."""
    effects = STRUCTURE_EFFECTS if kind == "structure" else STRESS_EFFECTS
    if isinstance(choice, str):
        if choice not in TABLES[kind]:
            known = ", ".join(sorted(TABLES[kind]))
            raise RulesError(
                R.UNKNOWN_TABLE_KNOWN(kind=kind, choice=repr(choice), known=known),
                "MECH-STRUCT-TABLE",
            )
        return TABLES[kind][choice]
    if not isinstance(choice, Mapping):
        raise RulesError(R.THE_TABLE_MUST_BE_A_PRESET(kind=kind), "MECH-STRUCT-TABLE")
    rows = choice.get("rows")
    if not isinstance(rows, Sequence) or not rows:
        raise RulesError(R.THE_TABLE_NEEDS_ROWS(kind=kind), "MECH-STRUCT-TABLE")
    covered: set[int] = set()
    for row in rows:
        if row.get("effect") not in effects:
            raise RulesError(
                R.TABLE_EFFECT_IS_UNKNOWN(kind=kind, effect=repr(row.get("effect"))),
                "MECH-STRUCT-TABLE",
            )
        covered.update(range(int(row["low"]), int(row["high"]) + 1))
    if covered != set(range(1, 7)) or choice.get("multiple_ones", "destroyed") not in effects:
        raise RulesError(R.THE_TABLE_MUST_COVER_1_TO(kind=kind), "MECH-STRUCT-TABLE")
    return dict(choice)


def look_up(table: Mapping[str, Any], faces: Sequence[int]) -> tuple[int, str, str]:
    """MECH-STRUCT-1: the lowest face, the row name and its effect (several 1s: the top row)."""
    lowest = min(faces)
    if faces.count(1) >= 2:
        effect = str(table.get("multiple_ones", "destroyed"))
        return lowest, "Multiple 1s", effect
    for row in table["rows"]:
        if int(row["low"]) <= lowest <= int(row["high"]):
            return lowest, str(row["name"]), str(row["effect"])
    raise RulesError(R.NO_TABLE_ROW_FOR(lowest=lowest), "MECH-STRUCT-TABLE")


OVERCHARGE_HEAT = ("1", "1d3", "1d6", "1d6+4")  # MECH-OVERCHARGE-TABLE


def overcharge_expr(count: int) -> str:
    """MECH-OVERCHARGE-TABLE: the heat of overcharge number `count` (1-based)."""
    return OVERCHARGE_HEAT[min(count, 4) - 1]
