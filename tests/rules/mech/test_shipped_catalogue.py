"""The shipped mech catalogue (rules/mech/shipped.py) is playable: every frame takes a full
loadout within MECH-MOUNT-TABLE, every weapon resolves an attack with scripted dice, every
system does what its words say (MECH-SAVE-1, resistances, vents), and all of it reads in both
languages."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from mech_helpers import encounter, mech, patch, sparring, turn, u

from rules.core.dice import LoadedDice
from rules.core.errors import SheetError
from rules.core.system import Action
from rules.mech import SYSTEM, data
from rules.mech.messages import SYSTEM_TEXTS
from rules.mech.names import NAMES
from rules.mech.shipped import INTEGRATED_ONLY
from rules.mech.state import resistances

PICKABLE = [key for key in data.WEAPONS if key not in INTEGRATED_ONLY]
PILOT = {"name": "Test", "hull": 0, "agility": 0, "systems": 2, "engineering": 0}


def test_the_catalogue_is_large_enough_for_real_play() -> None:
    """Issue 36: at least 6 frames across sizes, 20 weapons across mounts and damage types,
    12 systems."""
    sizes = {int(data.frame_data(key)["size"]) for key in data.FRAMES}
    assert len(data.FRAMES) >= 6
    assert len(sizes) >= 3
    weapons = [data.weapon_data(key, "w") for key in PICKABLE]
    assert len(weapons) >= 20
    assert {w["size"] for w in weapons} == set(data.WEAPON_SIZES)
    assert {w["type"] for w in weapons} == set(data.DAMAGE_TYPES)
    assert {w["kind"] for w in weapons} == {"melee", "ranged"}
    assert {w["area"]["shape"] for w in weapons if w["area"]} == set(data.AREA_SHAPES) - {"burst"}
    assert len(data.SYSTEMS) >= 12


def test_every_item_has_a_name_in_both_languages() -> None:
    """A built-in name is a message (read in the reader's language); a system says what it does."""
    for key, item in {**data.FRAMES, **data.WEAPONS, **data.SYSTEMS}.items():
        assert key in NAMES, key
        assert NAMES[key].english == item["name"], key
    for key, system in data.SYSTEMS.items():
        assert SYSTEM_TEXTS[key].english == system["text"], key


def _fits(frame_key: str, mount: int, weapon: str) -> bool:
    frame = data.frame_data(frame_key)
    mounts: list[list[str]] = [[] for _ in frame["mounts"]]
    mounts[mount] = [weapon]
    try:
        data.validate_loadout(frame, mounts)
    except SheetError:
        return False
    return True


def _biggest_loadout(frame_key: str) -> list[list[str]]:
    """Each free mount filled with the biggest weapon the mount table lets it hold."""
    frame = data.frame_data(frame_key)
    order = sorted(
        (k for k in PICKABLE if data.WEAPONS[k]["size"] != "superheavy"),
        key=lambda k: data.WEAPON_SIZES.index(data.WEAPONS[k]["size"]),
        reverse=True,
    )
    out: list[list[str]] = []
    for n, mount in enumerate(frame["mounts"]):
        if isinstance(mount, dict):
            out.append([])
            continue
        out.append(next(([k] for k in order if _fits(frame_key, n, k)), []))
    return out


@pytest.mark.parametrize("frame", sorted(data.FRAMES))
def test_every_frame_takes_a_full_loadout_and_refuses_too_big_a_weapon(frame: str) -> None:
    """MECH-MOUNT-TABLE: every mount holds a weapon; a heavy weapon only on a heavy mount."""
    mounts = _biggest_loadout(frame)
    sheet = {"name": "X", "pilot": PILOT, "frame": frame, "mounts": mounts, "systems": []}
    checked = data.validate_sheet(sheet)
    types = [m if isinstance(m, str) else m["type"] for m in checked["frame"]["mounts"]]
    for n, kind in enumerate(types):
        assert checked["mounts"][n], (frame, n, kind)
        if kind not in ("heavy", "integrated"):
            assert not _fits(frame, n, "pile_driver"), (frame, n, kind)


def _armed(weapon: str) -> dict[str, Any]:
    """A baseline mech carrying one weapon (a superheavy on its heavy mount plus the main)."""
    mounts: list[list[str]] = [[], [], []]  # the Mule: main, flex, heavy
    size = data.WEAPONS[weapon]["size"]
    if size == "superheavy":
        mounts = [[weapon], [], [weapon]]
    else:
        mounts[{"main": 0, "auxiliary": 1, "heavy": 2}[size]] = [weapon]
    return {"name": "Armed", "pilot": PILOT, "frame": "gp1_mule", "mounts": mounts, "systems": []}


@pytest.mark.parametrize("weapon", PICKABLE)
def test_every_weapon_resolves_an_attack_with_scripted_dice(weapon: str) -> None:
    """MECH-ACT-ATTACK / MECH-AOE-TABLE: a hit (d20 15) with damage dice of 2 lands its damage,
    and a forced save failed (d20 2) gives its condition (MECH-SAVE-1)."""
    w = data.weapon_data(weapon, "w")
    gap = 1 if w["kind"] == "melee" else 2
    state = encounter(mech("a", "A", 0, 0, _armed(weapon)), mech("t", "B", gap, 0, sparring()))
    state = turn(state, "a")
    params: dict[str, Any] = {"weapon": weapon, "target": "t"}
    if w["area"]:
        params.update({"x": gap, "y": 0})
    dice = LoadedDice([15] + [2] * 40)
    events = SYSTEM.resolve(state, Action("attack", "a", params), dice)
    for event in events:
        state = SYSTEM.apply(state, event)
    target = u(state, "t")
    assert target["hp"] < target["stats"]["hp_max"], [e.text for e in events]
    if w.get("burn"):
        assert int(target["burn"]) >= int(w["burn"])
    if w.get("save"):
        assert w["save"]["condition"] in target["conditions"], [e.text for e in events]


def _fitted(system: str) -> dict[str, Any]:
    return {
        "name": "Fitted",
        "pilot": PILOT,
        "frame": "gp1_mule",
        "mounts": [["k12_carbine"], [], []],
        "systems": [system],
    }


@pytest.mark.parametrize("system", sorted(data.SYSTEMS))
def test_every_system_does_what_it_says(system: str) -> None:
    """A vent clears heat, a resistance is the unit's, a save system's failed save gives its
    condition (MECH-SAVE-1); each fits the baseline mech's SP with SYSTEMS 2 (MECH-PILOT-SYS)."""
    item = data.system_data(system, "s")
    state = encounter(mech("a", "A", 0, 0, _fitted(system)), mech("t", "B", 3, 0, sparring()))
    if item["resist"]:
        assert set(item["resist"]) <= resistances(u(state, "a"))
        return
    if item["action"] is None:
        pytest.fail(f"{system} neither acts nor resists")
    state = patch(turn(state, "a"), "a", heat=5)
    params: dict[str, Any] = {"system": system}
    if item["action"] == "save":
        params["target"] = "t"
    dice = LoadedDice([2] * 5)
    events = SYSTEM.resolve(state, Action("use_system", "a", params), dice)
    for event in events:
        state = SYSTEM.apply(state, event)
    if item["action"] == "vent":
        assert u(state, "a")["heat"] == max(0, 5 - int(item["vent"]))
    else:
        assert item["save"]["condition"] in u(state, "t")["conditions"], [e.text for e in events]


def test_an_integrated_mount_keeps_its_guns() -> None:
    """MECH-MOUNT-INTEGRATED: the Warden's twin guns are on it whatever is asked."""
    sheet = {
        "name": "W",
        "pilot": PILOT,
        "frame": "warden_guard",
        "mounts": [[], ["pulse_rifle"], ["bulldog_autocannon"]],
        "systems": [],
    }
    checked = data.validate_sheet(sheet)
    assert [w["key"] for w in checked["mounts"][0]] == ["warden_twin_guns"]
    changed = copy.deepcopy(sheet)
    changed["mounts"][0] = ["spark_pistol"]
    with pytest.raises(SheetError) as refused:
        data.validate_sheet(changed)
    assert refused.value.rule == "MECH-MOUNT-INTEGRATED"
