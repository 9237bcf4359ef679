"""Builders for Delta Green rules tests: sheets, encounters and scripted plays."""

from __future__ import annotations

import copy
from typing import Any

from rules.core.dice import LoadedDice
from rules.core.system import Action, Event
from rules.delta_green import SYSTEM

PISTOL: dict[str, Any] = {
    "key": "pistol",
    "name": "9mm pistol",
    "skill": "firearms",
    "damage": "1d10",
    "rof": 3,
    "capacity": 15,
    "spare": 2,
    "mal": 98,
    "handgun": True,
    "base_range_m": 20,
    "ready": True,
}
SMG: dict[str, Any] = {
    "key": "smg",
    "name": "MAC-10",
    "skill": "smg",
    "damage": "1d10",
    "rof": 3,
    "capacity": 30,
    "spare": 3,
    "mal": 98,
    "action": "auto",
    "auto": True,
    "max_burst": 20,
    "base_range_m": 20,
    "ready": True,
}
M60: dict[str, Any] = {
    "key": "m60",
    "name": "M-60",
    "skill": "machine_gun",
    "damage": "2d6+4",
    "rof": 1,
    "capacity": 100,
    "spare": 1,
    "reload": "belt",
    "mal": 99,
    "action": "auto",
    "auto": True,
    "max_burst": 20,
    "sustained_fire": True,
    "two_handed": True,
    "base_range_m": 110,
    "ready": True,
}
KNIFE: dict[str, Any] = {
    "key": "knife",
    "name": "Knife",
    "kind": "knife",
    "skill": "knife",
    "damage": "1d4+2",
}
AXE: dict[str, Any] = {
    "key": "axe",
    "name": "Axe",
    "kind": "melee",
    "skill": "axe",
    "damage": "1d8+2",
    "can_sever": True,
    "can_impale": True,
}


def agent(cid: str, side: str = "agents", **sheet: Any) -> dict[str, Any]:
    """A combatant entry: DEX 12, CON 12, SIZ 12 (12 HP) unless overridden."""
    base: dict[str, Any] = {
        "name": cid.title(),
        "str": 12,
        "con": 12,
        "siz": 12,
        "int": 12,
        "pow": 12,
        "dex": 12,
        "app": 12,
        "skills": {
            "firearms": 50,
            "smg": 50,
            "machine_gun": 50,
            "dodge": 30,
            "first_aid": 50,
            "medicine": 50,
            "knife": 50,
            "axe": 50,
            "fist": 50,
        },
        "weapons": [dict(PISTOL)],
    }
    base.update(sheet)
    return {"id": cid, "name": cid.title(), "side": side, "controller": "gm", "sheet": base}


def encounter(*combatants: dict[str, Any], **settings: Any) -> dict[str, Any]:
    """A started encounter with the given combatants and `dg.`-prefixed settings."""
    chosen = {f"dg.{key}": value for key, value in settings.items()}
    state: dict[str, Any] = SYSTEM.start(
        {"title": "test", "settings": chosen, "combatants": list(combatants)}
    )
    return state


def play(
    state: dict[str, Any], kind: str, actor: str, faces: list[int], **params: Any
) -> tuple[dict[str, Any], list[Event]]:
    """Resolve one action with exactly these faces (all must be used) and apply its events."""
    dice = LoadedDice(faces)
    before = copy.deepcopy(state)
    events = SYSTEM.resolve(state, Action(kind, actor, params), dice)
    assert state == before, "resolve must not change the state"
    assert dice.remaining == 0, f"{dice.remaining} scripted face(s) unused"
    payloads = copy.deepcopy([event.payload for event in events])
    after = state
    for event in events:
        after = SYSTEM.apply(after, event)
    assert state == before, "apply must not change the state it is given (nested parts included)"
    assert [event.payload for event in events] == payloads, "apply must not change the event"
    return after, events


def gm(
    state: dict[str, Any], kind: str, faces: list[int], **params: Any
) -> tuple[dict[str, Any], list[Event]]:
    """A GM action."""
    return play(state, kind, "gm", faces, **params)


def c(state: dict[str, Any], cid: str) -> dict[str, Any]:
    """One combatant's state."""
    combatant: dict[str, Any] = state["combatants"][cid]
    return combatant
