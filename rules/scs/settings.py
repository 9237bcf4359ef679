"""The campaign settings of SCS: one frozen dataclass, each field a scenario value a GM may change.

A setting's key is the dotted path of the scenario value it overrides (SCS-RULES-1); the
scenario, with the chosen settings laid over it, is what the engine reads (`Scenario`, built once
per scenario and settings). `campaign_settings` checks the chosen values against these bounds
before any scenario is built, so `tec.ezoc_entry_cost: -2` is refused naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.kit import build_settings, setting, settings_schema
from rules.scs import messages as m


@dataclass(frozen=True)
class ScsSettings:
    """What a GM may change of a scenario (its defaults are the digest's proposed defaults)."""

    ezoc_entry_cost: int | str = setting(
        "tec.ezoc_entry_cost",
        m.EZOC_ENTRY_COST(),
        2,
        "SCS-2.1a",
        kind="fraction",
        min=0,
        group=m.MOVEMENT(),
    )
    road_mp: str = setting(
        "tec.road.mp", m.ROAD_MP(), "1/2", "PD-12", kind="fraction", min=0, group=m.MOVEMENT()
    )
    stacking_limit: int = setting(
        "stacking.limit_points", m.STACKING_LIMIT(), 4, "PD-13", min=0, group=m.STACKING()
    )
    unit_points: str = setting(
        "stacking.unit_points",
        m.UNIT_POINTS(),
        "current_steps",
        "PD-13",
        choices=[("current_steps", m.CURRENT_STEPS()), ("one_per_unit", m.ONE_PER_UNIT())],
        group=m.STACKING(),
    )
    allow_offmap_movement: bool = setting(
        "allow_offmap_movement",
        m.OFFMAP_MOVEMENT(),
        False,
        "SCS-MAP-5",
        choices=[(False, m.NO()), (True, m.YES())],
        group=m.MOVEMENT(),
    )
    zoc_min_attack: int = setting(
        "zoc.requires_attack_at_least", m.ZOC_MIN_ATTACK(), 1, "PD-08", min=0, group=m.COMBAT()
    )
    zero_strength_may_join: bool = setting(
        "combat.zero_strength_units_may_join",
        m.ZERO_STRENGTH_JOIN(),
        True,
        "PD-09",
        choices=[(True, m.YES()), (False, m.NO())],
        group=m.COMBAT(),
    )
    below_min: str = setting(
        "crt.below_min",
        m.BELOW_MIN(),
        "lowest_column",
        "PD-04",
        choices=[
            ("lowest_column", m.LOWEST_COLUMN()),
            ("no_attack", m.NO_ATTACK()),
            ("auto_result", m.AUTO_RESULT()),
        ],
        group=m.COMBAT(),
    )
    overrun_units: str = setting(
        "overrun.units",
        m.OVERRUN_UNITS(),
        "exploit_capable",
        "PD-15",
        choices=[("exploit_capable", m.EXPLOIT_CAPABLE()), ("any_with_zoc", m.ANY_WITH_ZOC())],
        group=m.OVERRUN(),
    )
    overrun_mp: int | str = setting(
        "overrun.mp_cost", m.OVERRUN_MP(), 3, "PD-15", kind="fraction", min=0, group=m.OVERRUN()
    )
    overrun_shift: int = setting(
        "overrun.column_shift", m.OVERRUN_SHIFT(), 0, "PD-15", group=m.OVERRUN()
    )
    overrun_enter_cost: int | str = setting(
        "overrun.enter_vacated_hex_cost",
        m.OVERRUN_ENTER(),
        0,
        "PD-15",
        kind="fraction",
        min=0,
        group=m.OVERRUN(),
    )
    overrun_must_start_stacked: bool = setting(
        "overrun.must_start_phase_stacked",
        m.OVERRUN_STACKED(),
        True,
        "PD-15",
        choices=[(True, m.YES()), (False, m.NO())],
        group=m.OVERRUN(),
    )
    blocked: str = setting(
        "reinforcements.blocked",
        m.BLOCKED(),
        "delay",
        "PD-14",
        choices=[("delay", m.DELAY()), ("nearest_free_edge_hex", m.NEAREST_EDGE())],
        group=m.REINFORCEMENTS(),
    )
    trace_max_hexes: int = setting(
        "supply.trace_max_hexes", m.TRACE_MAX(), 6, "PD-20", min=0, group=m.SUPPLY()
    )
    oos_attack: str = setting(
        "supply.oos_attack",
        m.OOS_ATTACK(),
        "1/2",
        "PD-18",
        kind="fraction",
        min=0,
        group=m.SUPPLY(),
    )
    oos_defense: int | str = setting(
        "supply.oos_defense",
        m.OOS_DEFENSE(),
        1,
        "PD-18",
        kind="fraction",
        min=0,
        group=m.SUPPLY(),
    )
    oos_ma: str = setting(
        "supply.oos_ma", m.OOS_MA(), "1/2", "PD-18", kind="fraction", min=0, group=m.SUPPLY()
    )
    oos_ma_minimum: int = setting(
        "supply.oos_ma_minimum", m.OOS_MA_MINIMUM(), 1, "PD-05", min=0, group=m.SUPPLY()
    )
    attrition: str = setting(
        "supply.attrition",
        m.ATTRITION(),
        "lose_step",
        "PD-19",
        choices=[
            ("lose_step", m.LOSE_STEP()),
            ("eliminate", m.ELIMINATE()),
            ("none", m.NO_ATTRITION()),
        ],
        group=m.SUPPLY(),
    )


SCHEMA = settings_schema(ScsSettings)
KEYS = frozenset(entry.key for entry in SCHEMA.entries)


def campaign_settings(chosen: Mapping[str, Any]) -> ScsSettings:
    """The declared settings among a setup's overrides, checked (SheetError names the field).

    Other dotted keys (`crt.rows`, `terrain.woods`...) are scenario overrides the scenario
    loader checks itself (SCS-RULES-1).
    """
    return build_settings(ScsSettings, {k: v for k, v in chosen.items() if k in KEYS})
