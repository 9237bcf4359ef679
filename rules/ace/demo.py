"""The demo: Lin Yue and Su Qing against the Bone-jaw Ghoul Hound, Su Qing sneaking in first."""

from __future__ import annotations

from rules.core.system import Json


def lin_yue() -> Json:
    """Lin Yue (林越), human fighter and reincarnator: the digest's stat block 11.1."""
    return {
        "name": "Lin Yue",
        "str": 7,
        "dex": 7,
        "con": 6,
        "spi": 5,
        "size": 4,
        "footwork": 1,
        "melee": 2,
        "ranged": 0,
        "grappling": 1,
        "core": 1,
        "skills": [
            {"name": "athletics", "level": 3},
            {"name": "survival", "level": 2},
            {"name": "investigation", "level": 2},
            {"name": "hide", "level": 2},
            {"name": "insight", "level": 1},
        ],
        "weapons": [
            {"key": "jian", "name": "Steel jian", "kind": "melee", "value": 3, "size": 2},
            {
                "key": "knives",
                "name": "Throwing knives",
                "kind": "thrown",
                "value": 1,
                "size": 1,
                "light": True,
            },
            {
                "key": "pistol",
                "name": "Pistol",
                "kind": "firearm",
                "value": 2,
                "ammo": 2,
                "size": 2,
            },
        ],
        "armour": 1,
        "mark": {"level": 2},
        "items": [
            {
                "name": "Recovery ration (30 HP)",
                "length": 0.2,
                "width": 0.1,
                "height": 0.1,
                "count": 3,
                "stored": True,
            },
            {"name": "Katana (1.5 m)", "length": 1.5, "width": 0.1, "height": 0.05},
            {
                "name": "Phone from home",
                "length": 0.15,
                "width": 0.07,
                "height": 0.01,
                "storable": False,
            },
        ],
    }


def su_qing() -> Json:
    """Su Qing (苏青), a scout reincarnator who opens the fight from hiding (ACE-STEALTH-3)."""
    return {
        "name": "Su Qing",
        "str": 5,
        "dex": 8,
        "con": 5,
        "spi": 4,
        "size": 4,
        "footwork": 1,
        "melee": 1,
        "ranged": 1,
        "skills": [
            {"name": "hide", "level": 3, "specialty": True},
            {"name": "athletics", "level": 2},
            {"name": "investigation", "level": 1},
        ],
        "weapons": [
            {
                "key": "dagger",
                "name": "Dagger",
                "kind": "melee",
                "value": 2,
                "size": 1,
                "light": True,
            },
            # ACE-ATK-4: a skill deals what its own text says: 3d6 electricity.
            {
                "key": "talisman",
                "name": "Thunder talisman",
                "kind": "skill",
                "damage": "3d6",
                "energy": "electric",
            },
        ],
        "mark": {"level": 1},
    }


def hound() -> Json:
    """The Bone-jaw Ghoul Hound (骨颚尸犬): the digest's stat block 11.2."""
    return {
        "name": "Bone-jaw Ghoul Hound",
        "str": 12,
        "dex": 10,
        "con": 12,
        "spi": 3,
        "size": 5,
        "speed": 16,
        "footwork": 2,
        "melee": 1,
        "grappling": 2,
        "core": 2,
        "skills": [{"name": "survival", "level": 4}, {"name": "hide", "level": 2}],
        "weapons": [
            {
                "key": "bite",
                "name": "Bite",
                "kind": "melee",
                "value": 3,
                "natural": True,
                "gripping": True,
            },
            {"key": "claws", "name": "Claws", "kind": "melee", "value": 2, "natural": True},
        ],
        "armour": 1,
        "resistances": [{"energy": "fire", "value": 5}],
    }


def demo() -> Json:
    """The demo encounter's setup (docs/architecture.md, "Setup and the demo")."""
    return {
        "title": "The Bone-jaw Ghoul Hound",
        "settings": {},
        "combatants": [
            {
                "id": "lin",
                "name": "Lin Yue",
                "side": "reincarnators",
                "controller": "player1",
                "sheet": lin_yue(),
            },
            {
                "id": "su",
                "name": "Su Qing",
                "side": "reincarnators",
                "controller": "player2",
                "sheet": su_qing(),
                "hidden": True,
            },
            {
                "id": "hound",
                "name": "Bone-jaw Ghoul Hound",
                "side": "monsters",
                "controller": "gm",
                "sheet": hound(),
                "wielding": "bite",
            },
        ],
    }
