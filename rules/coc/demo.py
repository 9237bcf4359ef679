"""The demo scene: investigators in a burning farmhouse, a cultist's knife, dynamite, poison."""

from __future__ import annotations

from typing import Any

from rules.coc.tables import DEMO_WEAPONS
from rules.core.actions import GM_ACTOR
from rules.core.system import Json


def _arms(*keys: str) -> list[Json]:
    return [dict(DEMO_WEAPONS[key]) for key in keys]


def investigator(name: str, dex: int, skills: Json, arms: list[Json], **extra: Any) -> Json:
    """A 1920s investigator's sheet."""
    return {
        "name": name,
        "kind": "investigator",
        "str": 12,
        "con": 13,
        "siz": 13,
        "int": 14,
        "pow": 12,
        "dex": dex,
        "app": 11,
        "edu": 15,
        "db": "+1d4",
        "skills": skills,
        "weapons": [*arms, dict(DEMO_WEAPONS["fist"])],
        **extra,
    }


def demo() -> Json:
    """COC-FIRE-7, COC-EXPL-1, COC-POISON-TABLE: the Keeper sets the farmhouse burning, throws
    the dynamite and serves the drink from the hazard panel; the notes say what waits."""
    return {
        "title": "The Whateley farmhouse burns",
        "notes": "The kitchen is on fire (burning room, 1d6+2 a round). A crate of dynamite "
        "(5d6, radius 2 yards) sits by the stove. The whisky on the table is laced with "
        "strychnine (POT 20).",
        "settings": {},
        "combatants": [
            {
                "id": "walsh",
                "controller": "player1",
                "sheet": investigator(
                    "Agnes Walsh",
                    13,
                    {"shotgun": 55, "dodge": 30, "first_aid": 50, "mechanical_repair": 35},
                    _arms("shotgun"),
                ),
            },
            {
                "id": "mara",
                "controller": "player2",
                "sheet": investigator(
                    "Mara Ostrow",
                    15,
                    {"handgun": 60, "dodge": 40, "medicine": 45, "spot_hidden": 55, "jump": 40},
                    _arms("revolver"),
                ),
            },
            {
                "id": "finch",
                "controller": "player1",
                "sheet": investigator(
                    "Elias Finch",
                    11,
                    {"smg": 45, "dodge": 25, "mechanical_repair": 50, "swim": 40},
                    _arms("thompson", "club"),
                ),
            },
            {
                "id": "cultist",
                "controller": GM_ACTOR,
                "side": "cult",
                "sheet": {
                    "name": "Cultist with a knife",
                    "kind": "investigator",
                    "str": 13,
                    "con": 12,
                    "siz": 14,
                    "int": 10,
                    "pow": 9,
                    "dex": 14,
                    "app": 8,
                    "edu": 8,
                    "db": "+1d4",
                    "skills": {"knife": 55, "dodge": 28, "throw": 40},
                    "weapons": _arms("knife", "fist"),
                },
            },
            {
                "id": "acolyte",
                "controller": GM_ACTOR,
                "side": "cult",
                "sheet": {
                    "name": "Torch-bearing acolyte",
                    "kind": "investigator",
                    "str": 11,
                    "con": 11,
                    "siz": 12,
                    "int": 9,
                    "pow": 10,
                    "dex": 12,
                    "app": 9,
                    "edu": 7,
                    "db": "0",
                    "skills": {"club": 45, "dodge": 24},
                    "weapons": _arms("torch", "fist"),
                },
            },
        ],
    }
