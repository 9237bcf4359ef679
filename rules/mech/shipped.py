"""The shipped mech catalogue beyond the §13 examples: frames, weapons and systems for real play.

Everything here is content, not rules: each item uses only what the engine already plays (the
mount table MECH-MOUNT-TABLE and MECH-MOUNT-SUPERHEAVY, the integrated mount
MECH-MOUNT-INTEGRATED, sizes 1 to 4 and armour up to 4 of MECH-STAT-1, the damage types of
MECH-DMG-TYPES, areas of MECH-AOE-TABLE, burn, armour piercing, loading, limited uses, forced
saves of MECH-SAVE-1, a system's vent or resistance). The seed gives numbers only for the §13
examples (rules/mech/data.py); these are our own, within the same scale as the baseline frame
(MECH-AMB-07). Names and what a system does are messages, so they read in both languages
(`mech.name.<key>`, `mech.system.<key>`); a group's own items (its campaign library) are
written in its own words.
"""

from __future__ import annotations

from typing import Any

from rules.core.messages import Message

Json = dict[str, Any]

_NAMES = {
    # frames
    "wisp_scout": 'WS-3 "Wisp"',
    "kestrel_striker": 'KS-5 "Kestrel"',
    "warden_guard": 'WG-2 "Warden"',
    "bastion_siege": 'BS-8 "Bastion"',
    "drover_hauler": 'DH-6 "Drover"',
    "citadel_fortress": 'CF-9 "Citadel"',
    # weapons
    "ion_knife": "Ion Knife",
    "needle_smg": "Needle SMG",
    "flare_dart": "Flare Dart",
    "tangle_net": "Tangle Net Launcher",
    "spark_pistol": "Spark Pistol",
    "pulse_rifle": "Pulse Rifle",
    "scatter_gun": "Scattergun",
    "cinder_projector": "Cinder Projector",
    "hammer_launcher": "Hammer Grenade Launcher",
    "chain_blade": "Chain Blade",
    "shock_lance": "Shock Lance",
    "longshot_rifle": "Longshot Rifle",
    "bulldog_autocannon": "Bulldog Autocannon",
    "sunflare_projector": "Sunflare Projector",
    "salvo_rack": "Salvo Rocket Rack",
    "pile_driver": "Pile Driver",
    "lancet_railgun": "Lancet Railgun",
    "tempest_beam": "Tempest Beam",
    "warden_twin_guns": "Warden Twin Guns",
    # systems
    "heat_sink": "Heat Sink Array",
    "emergency_vent": "Emergency Vent",
    "reactive_plating": "Reactive Plating",
    "refractor_mesh": "Refractor Mesh",
    "thermal_lining": "Thermal Lining",
    "gravity_snare": "Gravity Snare",
    "tangle_foam": "Tangle Foam Sprayer",
    "signal_jammer": "Signal Jammer",
    "target_painter": "Target Painter",
    "shredder_swarm": "Shredder Swarm",
    "concussion_mine": "Concussion Mine",
    "dazzler": "Dazzler",
}

NAMES: dict[str, Message] = {key: Message(f"mech.name.{key}", name) for key, name in _NAMES.items()}

_TEXTS = {
    "heat_sink": "1 AP: clear up to 2 heat",
    "emergency_vent": "1 AP: clear up to 6 heat",
    "reactive_plating": "passive: resistance to kinetic damage",
    "refractor_mesh": "passive: resistance to energy damage",
    "thermal_lining": "passive: resistance to burn damage",
    "gravity_snare": "1 AP: an enemy in sensors saves (HULL) or is Slowed until its next turn ends",
    "tangle_foam": "1 AP: an enemy in sensors saves (AGILITY) or is Immobilized until its next "
    "turn ends",
    "signal_jammer": "1 AP: an enemy in sensors saves (SYSTEMS) or is Jammed until its next turn "
    "ends",
    "target_painter": "1 AP: an enemy in sensors saves (AGILITY) or is Exposed",
    "shredder_swarm": "1 AP: an enemy in sensors saves (HULL) or is Shredded until its next turn "
    "ends",
    "concussion_mine": "1 AP: an enemy in sensors saves (HULL) or is knocked Prone",
    "dazzler": "1 AP: an enemy in sensors saves (SYSTEMS) or is Impaired until its next turn ends",
}

SYSTEM_TEXTS: dict[str, Message] = {
    key: Message(f"mech.system.{key}", text) for key, text in _TEXTS.items()
}

BULWARK = "bulwark_field"  # the one core system the engine plays (MECH-AMB-41)


def _frame(key: str, core: Json | None, **numbers: Any) -> Json:
    return {"key": key, "name": _NAMES[key], "core": core, **numbers}


def frames(bulwark: Json) -> dict[str, Json]:
    """MECH-STAT-1: frames of sizes 1 to 3 around the baseline numbers; `bulwark` is the core the
    engine plays, given by rules/mech/data.py (its text is a message there)."""
    base = {"sensors": 10, "tech_attack": 0, "save_target": 10, "structure": 4, "stress": 4}
    return {
        "wisp_scout": _frame(
            "wisp_scout",
            None,
            **base,
            size=1,
            hp=8,
            evasion=10,
            edef=9,
            armour=0,
            heat_cap=6,
            speed=6,
            repair_cap=4,
            sp=6,
            cp=1,
            mounts=["main", "aux_aux"],
        ),
        "kestrel_striker": _frame(
            "kestrel_striker",
            None,
            **base,
            size=1,
            hp=10,
            evasion=9,
            edef=8,
            armour=1,
            heat_cap=6,
            speed=5,
            repair_cap=4,
            sp=5,
            cp=1,
            mounts=["main_aux", "flex", "main"],
        ),
        "warden_guard": _frame(
            "warden_guard",
            bulwark,
            **base,
            size=1,
            hp=12,
            evasion=7,
            edef=8,
            armour=1,
            heat_cap=6,
            speed=4,
            repair_cap=5,
            sp=6,
            cp=1,
            mounts=[
                {"type": "integrated", "weapons": ["warden_twin_guns"]},
                "main",
                "heavy",
            ],
        ),
        "bastion_siege": _frame(
            "bastion_siege",
            bulwark,
            **base,
            size=2,
            hp=14,
            evasion=6,
            edef=7,
            armour=2,
            heat_cap=8,
            speed=3,
            repair_cap=6,
            sp=5,
            cp=1,
            mounts=["heavy", "main", "flex"],
        ),
        "drover_hauler": _frame(
            "drover_hauler",
            None,
            **base,
            size=2,
            hp=12,
            evasion=7,
            edef=8,
            armour=1,
            heat_cap=7,
            speed=4,
            repair_cap=6,
            sp=8,
            cp=1,
            mounts=["heavy", "aux_aux", "main_aux"],
        ),
        "citadel_fortress": _frame(
            "citadel_fortress",
            bulwark,
            **base,
            size=3,
            hp=18,
            evasion=5,
            edef=6,
            armour=3,
            heat_cap=9,
            speed=3,
            repair_cap=7,
            sp=6,
            cp=1,
            mounts=["heavy", "heavy", "main", "aux_aux"],
        ),
    }


def _weapon(key: str, size: str, kind: str, damage: str, dtype: str, **tags: Any) -> Json:
    return {
        "name": _NAMES[key],
        "size": size,
        "kind": kind,
        "damage": damage,
        "type": dtype,
        **tags,
    }


def _save(attribute: str, condition: str, until_next_turn: bool = True) -> Json:
    """MECH-SAVE-1: the save a hit (or a system) forces, and the condition a failure gives."""
    return {"attribute": attribute, "condition": condition, "until_next_turn": until_next_turn}


WEAPONS: dict[str, Json] = {
    # auxiliary (MECH-MOUNT-TABLE: any mount but an integrated one holds one)
    "ion_knife": _weapon("ion_knife", "auxiliary", "melee", "1d3+1", "energy", threat=1),
    "needle_smg": _weapon("needle_smg", "auxiliary", "ranged", "1d3", "kinetic", range=8, bonus=1),
    "flare_dart": _weapon("flare_dart", "auxiliary", "ranged", "1", "burn", range=10, burn=1),
    "tangle_net": _weapon(
        "tangle_net",
        "auxiliary",
        "ranged",
        "1",
        "kinetic",
        range=5,
        limited=2,
        save=_save("agility", "immobilized"),
    ),
    "spark_pistol": _weapon("spark_pistol", "auxiliary", "ranged", "1d3+1", "energy", range=8),
    # main
    "pulse_rifle": _weapon("pulse_rifle", "main", "ranged", "1d6", "energy", range=12),
    "scatter_gun": _weapon(
        "scatter_gun",
        "main",
        "ranged",
        "1d6",
        "kinetic",
        range=3,
        area={"shape": "cone", "value": 3},
    ),
    "cinder_projector": _weapon(
        "cinder_projector",
        "main",
        "ranged",
        "1d3",
        "burn",
        range=4,
        burn=2,
        area={"shape": "line", "value": 4},
    ),
    "hammer_launcher": _weapon(
        "hammer_launcher",
        "main",
        "ranged",
        "1d6",
        "explosive",
        range=10,
        area={"shape": "blast", "value": 1},
        loading=True,
    ),
    "chain_blade": _weapon("chain_blade", "main", "melee", "1d6+1", "kinetic", threat=1),
    "shock_lance": _weapon(
        "shock_lance",
        "main",
        "melee",
        "1d6",
        "energy",
        threat=2,
        save=_save("systems", "jammed"),
    ),
    "longshot_rifle": _weapon(
        "longshot_rifle", "main", "ranged", "1d6+2", "kinetic", range=15, loading=True
    ),
    # heavy
    "bulldog_autocannon": _weapon(
        "bulldog_autocannon", "heavy", "ranged", "1d6+2", "kinetic", range=10, bonus=1
    ),
    "sunflare_projector": _weapon(
        "sunflare_projector",
        "heavy",
        "ranged",
        "1d6+1",
        "energy",
        range=4,
        burn=1,
        area={"shape": "cone", "value": 4},
    ),
    "salvo_rack": _weapon(
        "salvo_rack",
        "heavy",
        "ranged",
        "2d6",
        "explosive",
        range=12,
        area={"shape": "blast", "value": 2},
        limited=2,
    ),
    "pile_driver": _weapon(
        "pile_driver",
        "heavy",
        "melee",
        "2d6",
        "kinetic",
        threat=1,
        ap=True,
        save=_save("hull", "prone", until_next_turn=False),
    ),
    "lancet_railgun": _weapon(
        "lancet_railgun",
        "heavy",
        "ranged",
        "1d6+3",
        "kinetic",
        range=10,
        ap=True,
        loading=True,
        area={"shape": "line", "value": 10},
    ),
    # superheavy (MECH-MOUNT-SUPERHEAVY: a heavy mount plus one other)
    "tempest_beam": _weapon(
        "tempest_beam",
        "superheavy",
        "ranged",
        "2d6+2",
        "energy",
        range=12,
        ap=True,
        area={"shape": "line", "value": 12},
    ),
    # the Warden's integrated guns (MECH-MOUNT-INTEGRATED): on that frame only, never picked
    "warden_twin_guns": _weapon(
        "warden_twin_guns", "auxiliary", "ranged", "1d3+1", "kinetic", range=8
    ),
}

INTEGRATED_ONLY = frozenset({"warden_twin_guns"})  # not offered for a mount of one's choosing


def _system(key: str, sp: int, **effect: Any) -> Json:
    return {"name": _NAMES[key], "sp": sp, "text": _TEXTS[key], **effect}


SYSTEMS: dict[str, Json] = {
    "heat_sink": _system("heat_sink", 2, action="vent", vent=2),
    "emergency_vent": _system("emergency_vent", 1, action="vent", vent=6, limited=1),
    "reactive_plating": _system("reactive_plating", 3, resist=["kinetic"]),
    "refractor_mesh": _system("refractor_mesh", 2, resist=["energy"]),
    "thermal_lining": _system("thermal_lining", 2, resist=["burn"]),
    "gravity_snare": _system("gravity_snare", 2, limited=2, save=_save("hull", "slowed")),
    "tangle_foam": _system("tangle_foam", 2, limited=1, save=_save("agility", "immobilized")),
    "signal_jammer": _system("signal_jammer", 2, limited=2, save=_save("systems", "jammed")),
    "target_painter": _system(
        "target_painter", 3, limited=1, save=_save("agility", "exposed", until_next_turn=False)
    ),
    "shredder_swarm": _system("shredder_swarm", 2, limited=2, save=_save("hull", "shredded")),
    "concussion_mine": _system(
        "concussion_mine", 1, limited=2, save=_save("hull", "prone", until_next_turn=False)
    ),
    "dazzler": _system("dazzler", 1, limited=2, save=_save("systems", "impaired")),
}
