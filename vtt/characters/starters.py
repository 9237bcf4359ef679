"""Ready-made characters to start from: the demo's combatants."""

from __future__ import annotations

import copy
from typing import Any

from rules.core.errors import RulesError
from rules.core.system import GameSystem
from vtt.badinput import whole_number


def starters(system: GameSystem) -> list[dict[str, Any]]:
    """[{"name", "sheet"}...]: each demo combatant's sheet, once per name."""
    out: list[dict[str, Any]] = []
    if system.demo is not None:
        try:
            setup = system.demo()
        except RulesError:  # pragma: no cover - a demo that does not build offers nothing
            setup = {}
        for combatant in setup.get("combatants") or ():
            sheet = combatant.get("sheet")
            if isinstance(sheet, dict) and sheet:
                name = str(combatant.get("name") or sheet.get("name") or combatant.get("id"))
                out.append({"name": name, "sheet": copy.deepcopy(sheet)})
    names: set[str] = set()
    unique = []
    for starter in out:
        if starter["name"] not in names:
            names.add(starter["name"])
            unique.append(starter)
    return unique


def starter_sheet(system: GameSystem, index: str | None) -> dict[str, Any] | None:
    """The sheet of the starter at `index` (as the picker sends it), validated when it can be."""
    at = whole_number(index, most_digits=4)
    if at is None:
        return None
    found = starters(system)
    if at >= len(found):
        return None
    sheet = found[at]["sheet"]
    try:
        checked: dict[str, Any] = system.validate_sheet(sheet)
    except (RulesError, TypeError, ValueError):
        return dict(sheet)
    return checked
