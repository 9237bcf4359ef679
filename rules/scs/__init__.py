"""The `scs` system: the Standard Combat Series hex wargame (docs/rules/scs.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import SheetError
from rules.core.system import Action, GameSystem, Json, Setting
from rules.scs import engine, view

SETTINGS: tuple[Setting, ...] = (
    Setting("tec.ezoc_entry_cost", "MP to enter an enemy ZOC", 2, "SCS-2.1a"),
    Setting("tec.road.mp", "MP per road hex", "1/2", "PD-12"),
    Setting("stacking.limit_points", "Stacking limit (points per hex)", 4, "PD-13"),
    Setting(
        "stacking.unit_points",
        "A unit's stacking points",
        "current_steps",
        "PD-13",
        ("current_steps", "one_per_unit"),
    ),
    Setting(
        "allow_offmap_movement",
        "Moves may leave the map and come back",
        False,
        "SCS-MAP-5",
        (False, True),
    ),
    Setting("zoc.requires_attack_at_least", "Attack needed for a ZOC", 1, "PD-08"),
    Setting(
        "combat.zero_strength_units_may_join",
        "Zero-strength units may join attacks",
        True,
        "PD-09",
        (True, False),
    ),
    Setting(
        "crt.below_min",
        "Odds below the table",
        "lowest_column",
        "PD-04",
        ("lowest_column", "no_attack", "auto_result"),
    ),
    Setting(
        "overrun.units",
        "Who may overrun",
        "exploit_capable",
        "PD-15",
        ("exploit_capable", "any_with_zoc"),
    ),
    Setting("overrun.mp_cost", "Overrun cost in MP", 3, "PD-15"),
    Setting("overrun.column_shift", "Overrun column shift", 0, "PD-15"),
    Setting("overrun.enter_vacated_hex_cost", "MP to enter an overrun hex", 0, "PD-15"),
    Setting(
        "overrun.must_start_phase_stacked",
        "Overrunners stacked at phase start",
        True,
        "PD-15",
        (True, False),
    ),
    Setting(
        "reinforcements.blocked",
        "Reinforcement with every entry hex enemy-held",
        "delay",
        "PD-14",
        ("delay", "nearest_free_edge_hex"),
    ),
    Setting("supply.trace_max_hexes", "Supply line length (hexes)", 6, "PD-20"),
    Setting("supply.oos_attack", "Out-of-supply attack multiplier", "1/2", "PD-18"),
    Setting("supply.oos_defense", "Out-of-supply defense multiplier", 1, "PD-18"),
    Setting("supply.oos_ma", "Out-of-supply MA multiplier", "1/2", "PD-18"),
    Setting("supply.oos_ma_minimum", "Minimum MA out of supply", 1, "PD-05"),
    Setting(
        "supply.attrition",
        "Second failed supply check",
        "lose_step",
        "PD-19",
        ("lose_step", "eliminate", "none"),
    ),
)

DEFAULT_SHEET: Json = {
    "id": "X1",
    "side": "Blue",
    "name": "1st Infantry Bn",
    "type": "infantry",
    "move_class": "foot",
    "exploit": False,
    "steps": [{"a": 4, "d": 4, "ma": 4}, {"a": 2, "d": 2, "ma": 4}],
}


def validate_sheet(sheet: Mapping[str, Any]) -> Json:
    """A unit counter as scenario data (SCS-STEP-1): steps of whole a/d/ma, full strength first."""
    for key in ("id", "side", "name", "move_class"):
        if not str(sheet.get(key) or "").strip():
            raise SheetError(key, "is required", "SCS-STEP-1")
    steps = sheet.get("steps")
    if not isinstance(steps, list) or not steps:
        raise SheetError("steps", "must list at least one step level", "SCS-STEP-1")
    for i, step in enumerate(steps):
        if not isinstance(step, Mapping):
            raise SheetError(f"steps[{i}]", "must have a, d and ma", "SCS-STEP-1")
        for key in ("a", "d", "ma"):
            value = step.get(key)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise SheetError(f"steps[{i}].{key}", "must be a whole number >= 0", "SCS-STEP-1")
    mode = sheet.get("attack_mode", "close")
    if mode not in ("close", "support"):
        raise SheetError("attack_mode", "must be close or support", "SCS-2.0a")
    return dict(sheet)


def demo() -> Json:
    """Halden Crossing with Blue and Red seated at the two demo players."""
    return {
        "title": "Halden Crossing",
        "scenario": "halden_crossing",
        "seats": {"blue": "player1", "red": "player2"},
        "sides": {"blue": "Blue", "red": "Red"},
    }


def _actors(state: Any) -> list[str]:
    return list(engine.scenario_of(state).sides)


SYSTEM = GameSystem(
    key="scs",
    title="Standard Combat Series",
    version=engine.VERSION,
    validate_sheet=validate_sheet,
    start=engine.start,
    legal_actions=view.legal_actions,
    resolve=engine.resolve,
    apply=engine.apply,
    view=view.view,
    dump=engine.dump,
    load=engine.load,
    preview=view.preview,
    actors=_actors,
    settings=SETTINGS,
    default_sheet=DEFAULT_SHEET,
    demo=demo,
)

# A typical attack for bench/rules.py: B5 overruns R4 at 2:1 (T-20), then the roll is timed.
BENCH: Json = {
    "setup": {"scenario": "halden_crossing", "skip_setup": True},
    "prelude": [
        Action("unit.move", "blue", {"units": "B5", "to": "04.05"}),
        Action("overrun.declare", "blue", {"units": "B5", "target": "05.05"}),
    ],
    "action": Action("attack.resolve", "blue", {}),
}
