"""Scenes and scripted play for the Call of Cthulhu tests."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.coc import SYSTEM
from rules.coc.tables import DEMO_WEAPONS
from rules.core.dice import LoadedDice
from rules.core.system import Action, Event

Json = dict[str, Any]


def person(name: str, dex: int = 12, con: int = 12, siz: int = 12, **extra: Any) -> Json:
    """A sheet with every weapon of the demo and plain skills unless given."""
    sheet = {
        "name": name,
        "kind": "investigator",
        "str": 12,
        "con": con,
        "siz": siz,
        "int": 12,
        "pow": 10,
        "dex": dex,
        "app": 10,
        "edu": 10,
        "db": "0",
        "skills": {
            "handgun": 40,
            "shotgun": 50,
            "smg": 40,
            "knife": 50,
            "club": 50,
            "fist": 50,
            "dodge": 30,
            "first_aid": 40,
            "medicine": 40,
            "mechanical_repair": 30,
            "grapple": 40,
            "throw": 40,
            "jump": 40,
            "spot_hidden": 40,
        },
        "weapons": [dict(w) for w in DEMO_WEAPONS.values()],
    }
    sheet.update(extra)
    return sheet


def scene(*people: tuple[str, Json], settings: Json | None = None) -> Json:
    """A started scene of the given (id, sheet) pairs. Its dodges are declared ahead
    (`coc.dodge_timing = "declared"`) unless the settings say otherwise, so an attack rolls at
    once; tests/rules/coc/test_coc_dodging.py plays the default, asked when attacked."""
    return SYSTEM.start(
        {
            "title": "test",
            "settings": {"coc.dodge_timing": "declared", **(settings or {})},
            "combatants": [{"id": ident, "sheet": sheet} for ident, sheet in people],
        }
    )


def act(
    state: Json, kind: str, actor: str, faces: Iterable[int] = (), **params: Any
) -> tuple[Json, list[Event]]:
    """Resolve and apply one action with scripted faces; every face must be used."""
    dice = LoadedDice(faces)
    events = SYSTEM.resolve(state, Action(kind, actor, params), dice)
    assert dice.remaining == 0, f"{dice.remaining} scripted faces left unused"
    for event in events:
        state = SYSTEM.apply(state, event)
    return state, events


def kinds(events: list[Event]) -> list[str]:
    """The event kinds, in order."""
    return [e.kind for e in events]


def texts(events: list[Event]) -> str:
    """Every log line, one per line."""
    return "\n".join(e.text for e in events)


def duel(**settings: Any) -> Json:
    """Ann (DEX 14) and Bob (DEX 10), round 1 started, Ann to act."""
    state = scene(("ann", person("Ann", dex=14)), ("bob", person("Bob", dex=10)), settings=settings)
    state, _ = act(state, "next_round", "gm")
    return state
