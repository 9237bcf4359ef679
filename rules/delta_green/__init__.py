"""Delta Green combat on the BRP core: cards, initiative, autofire, suppression, locations."""

from __future__ import annotations

from rules.core.system import Action, GameSystem
from rules.delta_green.demo import demo
from rules.delta_green.settings import SETTINGS
from rules.delta_green.sheet import DEFAULT_SHEET, validate_sheet
from rules.delta_green.state import VERSION, apply, dump, load, start
from rules.delta_green.system import legal_actions, preview, resolve, view

# Django templates call any callable they meet; `system.preview` must stay a truthy function there
# (templates/encounters/_actions.html shows the Odds button on `system.preview`).
setattr(preview, "do_not_call_in_templates", True)  # noqa: B010


def _actors(state: dict[str, object]) -> list[str]:
    combatants = state["combatants"]
    assert isinstance(combatants, dict)
    return [str(cid) for cid in combatants]


SYSTEM = GameSystem(
    key="delta_green",
    title="Delta Green",
    version=VERSION,
    validate_sheet=validate_sheet,
    start=start,
    legal_actions=legal_actions,
    resolve=resolve,
    apply=apply,
    view=view,
    dump=dump,
    load=load,
    preview=preview,
    actors=_actors,
    settings=SETTINGS,
    default_sheet=validate_sheet(DEFAULT_SHEET),
    demo=demo,
)

# A typical attack for bench/rules.py: a 6-round burst from the MAC-10 at a cultist.
BENCH = {
    "setup": demo(),
    "prelude": [Action("start_round", "gm")],
    "action": Action("burst", "hernandez", {"weapon": "mac10", "mode": "6", "target": "cultist1"}),
}

__all__ = ["BENCH", "SYSTEM"]
