"""The digest's worked examples not pinned elsewhere, and armour per bullet, with scripted dice."""

from __future__ import annotations

from coc_helpers import act, person, scene

from rules.coc.tables import DEMO_WEAPONS, weapon

# A .22 automatic pistol: three aimed shots a round (WE-COC-04).
TWENTY_TWO = weapon(
    "auto22",
    ".22 automatic",
    "firearm",
    "handgun",
    "1d6",
    base_range=10,
    shots_per_round=3,
    capacity=6,
    mal=99,
    mechanism="semi_auto",
    handgun=True,
    hp=8,
)


def shooter(**extra: object) -> dict:
    sheet = person("Ann", dex=14, **extra)
    sheet["weapons"] = [*sheet["weapons"], dict(TWENTY_TWO)]
    return sheet


def target(name: str = "Bob", armour: int = 0) -> dict:
    return person(name, dex=10, con=30, siz=30, armour=armour)


def test_we_coc_04_a_22_automatic_can_impale_three_times_for_6d6() -> None:
    """WE-COC-04, COC-IMPALE-6: each separately rolled shot can impale: three for 6d6."""
    # Handgun 40 at 5 yd (beyond 14 ft of point blank): 40%, impale on 01-08.
    state = scene(("ann", shooter()), ("bob", target()))
    state, _ = act(state, "next_round", "gm")
    faces = [3, 6, 6, 5, 1, 1, 4, 1, 2]  # each shot: d100, then 2d6 (COC-IMPALE-3)
    state, events = act(
        state, "fire", "ann", faces, weapon="auto22", target="bob", shots=3, distance=5
    )
    taken = [e.payload["damage"] for e in events if e.kind == "damage.taken"]
    assert taken == [12, 2, 3]  # 6+6, 1+1, 1+2: three impales, 6d6 in all
    assert state["combatants"]["bob"]["hp"] == 30 - 17


def test_we_coc_05_a_hit_with_an_eight_shot_burst_rolls_1d8_for_the_hits() -> None:
    # WE-COC-05 (COC-AUTO-3): SMG 40 + 8 shots: min(40 + 40, 80) = 80; 50 hits but does not
    # impale (> 16); d8 = 8 hits.
    state = scene(("ann", person("Ann", dex=14)), ("bob", target()))
    state, _ = act(state, "next_round", "gm")
    damage = [1] * 8  # eight bullets of 1d10+2, 3 each
    state, events = act(
        state, "burst", "ann", [50, 8, *damage], weapon="thompson", shots_bob=8, distance=10
    )
    rolled = next(e for e in events if e.kind == "burst.rolled")
    assert rolled.payload["chance"]["final"] == 80
    assert rolled.payload["hits"] == 8
    assert [e.payload["damage"] for e in events if e.kind == "damage.taken"] == [
        d + 2 for d in damage
    ]
    assert state["combatants"]["ann"]["weapons"]["thompson"]["loaded"] == 20 - 8
    assert state["combatants"]["bob"]["hp"] == 30 - 24


def test_armour_stops_its_points_from_every_bullet_of_a_burst() -> None:
    # COC-ARMOUR-1: per bullet; a heavy Kevlar vest (8, COC-ARMOUR-TABLE) against 1d10+2 bullets.
    state = scene(("ann", person("Ann", dex=14)), ("bob", target(armour=8)))
    state, _ = act(state, "next_round", "gm")
    state, events = act(
        state, "burst", "ann", [50, 3, 9, 2, 5], weapon="thompson", shots_bob=4, distance=10
    )
    assert [e.payload["damage"] for e in events if e.kind == "damage.taken"] == [3, 0, 0]
    assert state["combatants"]["bob"]["hp"] == 30 - 3


def test_the_demo_revolver_is_carried_with_five_of_six_chambers_loaded() -> None:
    # WE-COC-08.
    revolver = DEMO_WEAPONS["revolver"]
    assert (revolver["capacity"], revolver["loaded"]) == (6, 5)
