"""The `scs` system: the Standard Combat Series hex wargame (docs/rules/scs.md)."""

from __future__ import annotations

from typing import Any

from rules.core.changes import apply
from rules.core.kit import catalogue
from rules.core.system import Action, GameSystem, Json
from rules.scs import messages, scenario_errors, view
from rules.scs.actions import ACTIONS
from rules.scs.demo import demo
from rules.scs.names import NAMES
from rules.scs.scenario import builtin_scenarios
from rules.scs.settings import SCHEMA
from rules.scs.sheet import DEFAULT_SHEET, SHEET, validate_sheet
from rules.scs.state import VERSION, dump, load, scenario_of, start


def _actors(state: Any) -> list[str]:
    return list(scenario_of(state).sides)


SYSTEM = GameSystem(
    key="scs",
    title="Standard Combat Series",
    version=VERSION,
    validate_sheet=validate_sheet,
    start=start,
    legal_actions=ACTIONS.legal_actions,
    resolve=ACTIONS.resolve,
    apply=apply,
    view=view.view,
    dump=dump,
    load=load,
    preview=ACTIONS.preview,
    actors=_actors,
    default_sheet=DEFAULT_SHEET,
    demo=demo,
    messages=catalogue(messages, scenario_errors, extra=[*ACTIONS.messages(), *NAMES.values()]),
    sheet_schema=SHEET,
    settings_schema=SCHEMA,
    scenarios=builtin_scenarios,
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
