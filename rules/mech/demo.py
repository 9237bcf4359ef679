"""The demo encounter: two lances of two Mules."""

from __future__ import annotations

from typing import Any

from rules.mech import state as st
from rules.mech.data import MARA, SPARRING
from rules.mech.state import Json


def _sheet(base: Json, **changes: Any) -> Json:
    sheet: Json = st.copy_json(base)
    pilot = changes.pop("pilot", None)
    if pilot:
        sheet["pilot"].update(pilot)
    sheet.update(changes)
    return sheet


DEMO_TERRAIN: list[Json] = (
    [{"x": 9, "y": y, "kind": "heavy"} for y in (3, 4, 5)]
    + [{"x": 10, "y": y, "kind": "heavy"} for y in (9, 10)]
    + [{"x": x, "y": 7, "kind": "light"} for x in (5, 6, 7)]
    + [{"x": x, "y": 6, "kind": "light"} for x in (13, 14)]
    + [{"x": 4, "y": 2, "kind": "light"}, {"x": 15, "y": 11, "kind": "light"}]
    + [{"x": x, "y": y, "kind": "building", "height": 2} for x in (17, 18) for y in (2, 3)]
)


def demo() -> Json:
    """Two lances of two Mules on a 20×14 grid with light and heavy cover (§13 pilots and gear)."""
    latch = _sheet(MARA)
    brick = _sheet(
        MARA,
        name="Brick",
        pilot={
            "name": 'Tomas "Brick" Hale',
            "hull": 3,
            "agility": 0,
            "systems": 0,
            "engineering": 3,
            "weapon_skill": 1,
        },
        systems=["ablative_skirts"],
    )
    spar1 = _sheet(
        SPARRING,
        name="Sparring Mule A",
        mounts=[["k12_carbine"], ["holdout_pistol"], ["breaker_maul"]],
    )
    spar2 = _sheet(
        SPARRING,
        name="Sparring Mule B",
        mounts=[["k12_carbine"], ["holdout_pistol", "cinder_pod"], []],
        systems=["coolant_purge"],
    )
    return {
        "title": "Mech skirmish: Latch's lance against the sparring lance",
        "map": {"width": 20, "height": 14, "terrain": DEMO_TERRAIN},
        "first_side": "blue",
        "combatants": [
            {
                "id": "latch",
                "name": "Latch",
                "side": "blue",
                "controller": "player1",
                "x": 2,
                "y": 5,
                "sheet": latch,
            },
            {
                "id": "brick",
                "name": "Brick",
                "side": "blue",
                "controller": "player2",
                "x": 3,
                "y": 9,
                "sheet": brick,
            },
            {
                "id": "spar_a",
                "name": "Sparring Mule A",
                "side": "red",
                "controller": "gm",
                "x": 12,
                "y": 5,
                "sheet": spar1,
            },
            {
                "id": "spar_b",
                "name": "Sparring Mule B",
                "side": "red",
                "controller": "gm",
                "x": 12,
                "y": 8,
                "sheet": spar2,
            },
        ],
    }
