"""The `mech` system: a LANCER-derived mech skirmish on a square grid (docs/rules/mech.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.changes import apply
from rules.core.kit import catalogue
from rules.core.system import Action, GameSystem
from rules.mech import log_messages, messages, refusals, settings, sheet
from rules.mech.actions import ACTIONS
from rules.mech.actions.movement import may_take_back
from rules.mech.condition import write_back
from rules.mech.data import MARA
from rules.mech.demo import demo
from rules.mech.names import NAMES
from rules.mech.setup import VERSION, start
from rules.mech.sheet import SHEET, derive, validate_sheet
from rules.mech.state import Json, copy_json
from rules.mech.view import view


def dump(state: Json) -> Json:
    """The state as JSON (a deep copy)."""
    result: Json = copy_json(state)
    return result


def load(data: Mapping[str, Any]) -> Json:
    """A state from JSON (a deep copy)."""
    result: Json = copy_json(dict(data))
    return result


def actors(state: Json) -> list[str]:
    """The mechs a user can be given control of."""
    return [str(uid) for uid in state["order"]]


SYSTEM = GameSystem(
    key="mech",
    title="Mech skirmish",
    version=VERSION,
    validate_sheet=validate_sheet,
    start=start,
    legal_actions=ACTIONS.legal_actions,
    resolve=ACTIONS.resolve,  # a refusal naming a parameter names its label on the form
    apply=apply,  # the one state vocabulary: the events' "changes" (rules/core/changes.py)
    view=view,
    dump=dump,
    load=load,
    preview=ACTIONS.preview,
    actors=actors,
    default_sheet=validate_sheet(MARA),
    demo=demo,
    messages=catalogue(
        messages,
        log_messages,
        refusals,
        settings,
        sheet,
        extra=[*messages.TERMS, *log_messages.TERMS, *refusals.TERMS, *NAMES.values()],
    ),
    settings_schema=settings.SCHEMA,
    take_back=may_take_back,
    sheet_schema=SHEET,
    derive=derive,
    write_back=write_back,
)

# A typical attack for bench/rules.py: Latch's carbine shot at a sparring Mule.
BENCH = {
    "name": "carbine shot",
    "setup": demo(),
    "prelude": [Action("begin_turn", "latch"), Action("move", "latch", {"x": 6, "y": 5})],
    "action": Action("attack", "latch", {"weapon": "k12_carbine", "target": "spar_a"}),
}
