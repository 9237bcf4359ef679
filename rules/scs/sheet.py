"""The unit counter as a sheet (SCS-STEP-1): its fields as a schema, a default and the check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import SheetError
from rules.core.kit import Entry, Schema, choices
from rules.core.system import Json
from rules.scs import messages as m

STEP = Schema(
    (
        Entry("a", m.STEP_ATTACK(), "int", min=0, rule="SCS-STEP-1"),
        Entry("d", m.STEP_DEFENSE(), "int", min=0, rule="SCS-STEP-1"),
        Entry("ma", m.STEP_MA(), "int", min=0, rule="SCS-STEP-1"),
    )
)

# What a counter's side, type and movement class offer by name (any other text is still taken: a
# scenario's own sides and types).
SIDES = choices([("Blue", m.SIDE_BLUE()), ("Red", m.SIDE_RED())])
TYPES = choices(
    [
        ("infantry", m.TYPE_INFANTRY()),
        ("mech_infantry", m.TYPE_MECH_INFANTRY()),
        ("armor", m.TYPE_ARMOR()),
        ("recon", m.TYPE_RECON()),
        ("engineer", m.TYPE_ENGINEER()),
        ("antitank", m.TYPE_ANTITANK()),
        ("antiaircraft", m.TYPE_ANTIAIRCRAFT()),
    ]
)
CLASSES = choices([("foot", m.CLASS_FOOT()), ("mech", m.CLASS_MECH())])

SHEET = Schema(
    (
        Entry("id", m.UNIT_ID(), "text", rule="SCS-STEP-1", max_length=40),
        Entry("side", m.UNIT_SIDE(), "text", rule="SCS-STEP-1", max_length=40, choices=SIDES),
        Entry("name", m.UNIT_NAME(), "text", rule="SCS-STEP-1", max_length=100),
        Entry(
            "type",
            m.UNIT_TYPE(),
            "text",
            default="infantry",
            required=False,
            max_length=40,
            choices=TYPES,
        ),
        Entry(
            "move_class", m.MOVE_CLASS(), "text", rule="SCS-STEP-1", max_length=40, choices=CLASSES
        ),
        Entry("exploit", m.EXPLOIT(), "bool", default=False, rule="SCS-1.2c", required=False),
        Entry("steps", m.STEPS(), "list", rule="SCS-STEP-1", item=STEP, max_items=10),
        Entry(
            "attack_mode",
            m.ATTACK_MODE(),
            "choice",
            default="close",
            rule="SCS-2.0a",
            choices=choices([("close", m.CLOSE()), ("support", m.SUPPORT())]),
            required=False,
        ),
    )
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
    checked = SHEET.validate(sheet)
    if not checked["steps"]:
        raise SheetError("steps", m.NO_STEPS(), "SCS-STEP-1")
    return checked
