"""The `mech` system: a LANCER-derived mech skirmish on a square grid (docs/rules/mech.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.system import Action, GameSystem
from rules.mech import actions as _actions  # noqa: F401  (registers every action handler)
from rules.mech.data import MARA, validate_sheet
from rules.mech.engine import VERSION, apply, resolve, start
from rules.mech.state import Json, copy_json
from rules.mech.system import SETTINGS, demo, legal_actions, preview, view


def _dump(state: Json) -> Json:
    result: Json = copy_json(state)
    return result


def _load(data: Mapping[str, Any]) -> Json:
    result: Json = copy_json(dict(data))
    return result


def _actors(state: Json) -> list[str]:
    return [str(uid) for uid in state["order"]]


def _validate(sheet: Mapping[str, Any]) -> Json:
    return validate_sheet(sheet)


SYSTEM = GameSystem(
    key="mech",
    title="Mech skirmish",
    version=VERSION,
    validate_sheet=_validate,
    start=start,
    legal_actions=legal_actions,
    resolve=resolve,
    apply=apply,
    view=view,
    dump=_dump,
    load=_load,
    preview=preview,
    actors=_actors,
    settings=SETTINGS,
    default_sheet=copy_json(MARA),
    demo=demo,
)

# A typical attack for bench/rules.py: Latch's carbine shot at a sparring Mule.
BENCH = {
    "name": "carbine shot",
    "setup": demo(),
    "prelude": [Action("begin_turn", "latch"), Action("move", "latch", {"x": 6, "y": 5})],
    "action": Action("attack", "latch", {"weapon": "k12_carbine", "target": "spar_a"}),
}
