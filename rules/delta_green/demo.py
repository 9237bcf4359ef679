"""The Delta Green demo encounter: three agents against four cultists in a warehouse."""

from __future__ import annotations

from rules.core.actions import GM_ACTOR
from rules.core.system import Json


def _cultist(cid: str, name: str, weapons: list[Json], vest: int | None = None) -> Json:
    sheet: Json = {
        "name": name,
        "str": 12,
        "con": 11,
        "siz": 12,
        "int": 10,
        "pow": 12,
        "dex": 11,
        "app": 9,
        "skills": {"firearms": 35, "shotgun": 40, "knife": 45, "dodge": 22, "fist": 50},
        "weapons": weapons,
        "vest": {"level": vest} if vest else None,
    }
    return {"id": cid, "name": name, "side": "cult", "controller": GM_ACTOR, "sheet": sheet}


REVOLVER: Json = {
    "key": "revolver",
    "name": ".38 revolver",
    "skill": "firearms",
    "damage": "1d10",
    "rof": 2,
    "capacity": 6,
    "spare": 12,
    "reload": "loose",
    "mal": 100,
    "action": "revolver",
    "handgun": True,
    "base_range_m": 15,
    "ready": True,
}
SHOTGUN: Json = {
    "key": "shotgun",
    "name": "12-gauge pump shotgun",
    "skill": "shotgun",
    "damage": "4d6",
    "damage_bands": [[9.144, "4d6"], [18.288, "2d6"], [45.72, "1d6"]],
    "rof": 1,
    "capacity": 5,
    "spare": 10,
    "reload": "loose",
    "mal": 100,
    "action": "pump",
    "two_handed": True,
    "base_range_m": 10,
    "ready": True,
}
KNIFE: Json = {
    "key": "knife",
    "name": "Ritual knife",
    "kind": "knife",
    "skill": "knife",
    "damage": "1d4+2",
    "can_sever": True,
}


def demo() -> Json:
    """The demo setup: Serge (M-60, player1), Hernandez (MAC-10, player2), Walsh (pistol, GM)."""
    serge: Json = {
        "name": "Serge",
        "str": 15,
        "con": 14,
        "siz": 14,
        "int": 12,
        "pow": 11,
        "dex": 10,
        "app": 10,
        "skills": {"machine_gun": 50, "firearms": 45, "dodge": 20, "first_aid": 40, "fist": 55},
        "weapons": [
            {
                "key": "m60",
                "name": "M-60",
                "skill": "machine_gun",
                "damage": "2d6+4",
                "rof": 1,
                "capacity": 100,
                "spare": 1,
                "reload": "belt",
                "action": "auto",
                "auto": True,
                "max_burst": 20,
                "sustained_fire": True,
                "two_handed": True,
                "base_range_m": 110,
                "ready": True,
            }
        ],
        "edges": ["hand_to_hand"],
    }
    hernandez: Json = {
        "name": "Hernandez",
        "str": 10,
        "con": 12,
        "siz": 10,
        "int": 14,
        "pow": 13,
        "dex": 14,
        "app": 12,
        "skills": {"smg": 40, "firearms": 50, "dodge": 28, "first_aid": 45, "medicine": 30},
        "weapons": [
            {
                "key": "mac10",
                "name": "MAC-10",
                "skill": "smg",
                "damage": "1d10",
                "rof": 3,
                "capacity": 30,
                "spare": 3,
                "reload": "magazine",
                "mal": 98,
                "action": "auto",
                "auto": True,
                "max_burst": 20,
                "base_range_m": 20,
                "ready": True,
            }
        ],
        "edges": ["quick_draw"],
    }
    walsh: Json = {
        "name": "Walsh",
        "str": 12,
        "con": 13,
        "siz": 13,
        "int": 13,
        "pow": 12,
        "dex": 12,
        "app": 11,
        "skills": {"firearms": 55, "dodge": 24, "first_aid": 50, "fist": 50},
        "weapons": [
            {
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
        ],
        "vest": {"level": 2, "worn_hidden": True},
        "edges": ["double_tap"],
    }
    return {
        "title": "Delta Green: the warehouse on Pier 9",
        "settings": {},
        "combatants": [
            {
                "id": "serge",
                "name": "Serge",
                "side": "agents",
                "controller": "player1",
                "sheet": serge,
            },
            {
                "id": "hernandez",
                "name": "Hernandez",
                "side": "agents",
                "controller": "player2",
                "sheet": hernandez,
            },
            {
                "id": "walsh",
                "name": "Walsh",
                "side": "agents",
                "controller": GM_ACTOR,
                "sheet": walsh,
            },
            _cultist("cultist1", "Cultist with a revolver", [REVOLVER]),
            _cultist("cultist2", "Cultist with a shotgun", [SHOTGUN]),
            _cultist("cultist3", "Armoured cultist", [dict(REVOLVER)], vest=3),
            _cultist("cultist4", "Cultist with a knife", [dict(KNIFE, ready=True)]),
        ],
    }
