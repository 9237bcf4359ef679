"""A campaign's SCS content: unit types, a counter's fields without its id and side.

A unit type is what a scenario's unit is made from (SCS-STEP-1): its name, type, movement
class, exploit capability, steps (full strength first) and attack mode. The shipped scenario's
units are the starter library (one per name). The scenario editor may build its units from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.library import UNIT_TYPES, LibraryKind, named
from rules.core.messages import Message
from rules.core.schema import Entry, Schema
from rules.core.system import Json
from rules.scs.scenario import SCENARIO_DIR, read_file
from rules.scs.sheet import SHEET, validate_sheet

SUPPORT_RANGE = Message("scs.library.support_range", "Barrage range (a support unit's)")
MESSAGES = [SUPPORT_RANGE]

# SCS-ART-1: a support unit's barrage range, which a scenario's unit carries (`support_range`)
RANGE = Entry("support_range", SUPPORT_RANGE(), "int", default=0, min=0, max=20, rule="SCS-ART-1")
UNIT_TYPE = Schema(
    (*(e for e in SHEET.entries if e.key not in ("id", "side")), RANGE), extras="drop"
)


def unit_type(item: Mapping[str, Any]) -> Json:
    """SCS-STEP-1: a unit type checked as a counter would be (steps of whole a/d/ma), with a
    support unit's barrage range."""
    given = UNIT_TYPE.validate(named(item))
    counter = {k: v for k, v in given.items() if k != RANGE.key}
    checked = validate_sheet({**counter, "id": "X", "side": "X"})
    out = {k: v for k, v in checked.items() if k not in ("id", "side")}
    return {**out, RANGE.key: given.get(RANGE.key) or 0}


def starter_unit_types() -> list[Json]:
    """The shipped scenarios' units, each name once, without the id, side and set-up."""
    out: dict[str, Json] = {}
    for path in sorted(SCENARIO_DIR.glob("*.yaml")):
        raw = read_file(path)
        inner = raw.get("scenario")
        scenario: Mapping[str, Any] = inner if isinstance(inner, Mapping) else raw
        for unit in scenario.get("units") or ():
            if isinstance(unit, Mapping) and unit.get("name"):
                keep = {e.key for e in UNIT_TYPE.entries}
                out.setdefault(str(unit["name"]), {k: v for k, v in unit.items() if k in keep})
    return list(out.values())


KINDS = (LibraryKind("unit_type", UNIT_TYPES, unit_type, UNIT_TYPE, starters=starter_unit_types),)
