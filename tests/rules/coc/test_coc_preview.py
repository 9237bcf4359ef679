"""Previews are exact: checked against resolving the real action on every d100 face."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from coc_helpers import act, duel, person, scene

from rules.coc import SYSTEM
from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action

NO_SHOCK = {"coc.shock_rule": False}


def enumerate_attack(state: dict, kind: str, params: dict) -> dict[str, Fraction]:
    """Resolve the attack on each d100 face (damage faces all 1s) and classify what happened."""
    counts = {"malfunction": 0, "impale": 0, "hit": 0, "miss": 0}
    for face in range(1, 101):
        dice = LoadedDice([face, *([1] * 20)])
        events = SYSTEM.resolve(state, Action(kind, "ann", params), dice)
        found = [e for e in events if e.kind in ("attack.rolled", "weapon.dud", "weapon.jammed")]
        first = found[0]
        if first.kind != "attack.rolled":
            counts["malfunction"] += 1
        elif first.payload["impale"]:
            counts["impale"] += 1
        elif first.payload["hit"]:
            counts["hit"] += 1
        else:
            counts["miss"] += 1
    return {k: Fraction(v, 100) for k, v in counts.items()}


@pytest.mark.parametrize(
    ("kind", "params"),
    [
        ("fire", {"weapon": "thompson", "target": "bob", "distance": 45}),
        ("fire", {"weapon": "revolver", "target": "bob", "distance": 3}),
        ("fire", {"weapon": "revolver", "target": "bob", "distance": 10, "unaimed": True}),
        ("attack", {"weapon": "knife", "target": "bob", "modifier": -7}),
    ],
)
def test_an_attack_preview_matches_every_face_resolved(kind: str, params: dict) -> None:
    state = duel(**NO_SHOCK)
    odds = SYSTEM.preview(state, Action(kind, "ann", params))
    shown = {row["label"]: Fraction(row["exact"]) for row in odds["outcomes"]}
    truth = enumerate_attack(state, kind, params)
    for label, p in truth.items():
        assert shown.get(label, Fraction(0)) == p, label
    assert sum(shown.values()) == 1


def test_a_burst_preview_matches_enumeration_of_the_roll_and_the_hits_die() -> None:
    state = scene(
        ("ann", person("Ann", dex=14)), ("bob", person("Bob", con=30, siz=30)), settings=NO_SHOCK
    )
    state, _ = act(state, "next_round", "gm")
    params = {"weapon": "thompson", "shots_bob": 4, "distance": 10}
    odds = SYSTEM.preview(state, Action("burst", "ann", params))
    shown = {row["label"]: Fraction(row["exact"]) for row in odds["outcomes"]}
    counts: dict[int, int] = {}
    for face, hits_die in itertools.product(range(1, 101), range(1, 5)):
        dice = LoadedDice([face, hits_die, *([1] * 10)])
        events = SYSTEM.resolve(state, Action("burst", "ann", params), dice)
        rolled = [e for e in events if e.kind == "burst.rolled"]
        hits = rolled[0].payload["hits"] if rolled else 0
        counts[hits] = counts.get(hits, 0) + 1
    for hits, n in counts.items():
        label = f"Bob: {hits} hits" if hits else "Bob: no hit"
        assert shown[label] == Fraction(n, 400), label


def test_an_explosion_preview_gives_each_targets_exact_chance_of_going_down() -> None:
    state = scene(("ann", person("Ann")), ("bob", person("Bob", armour=1)), settings=NO_SHOCK)
    params = {"dice": 5, "radius": 2, "d_bob": 5}  # 3d6 against 12 HP behind 1 armour
    odds = SYSTEM.preview(state, Action("explode", "gm", params))
    down = sum(1 for faces in itertools.product(range(1, 7), repeat=3) if sum(faces) - 1 >= 12)
    assert Fraction(odds["outcomes"][0]["exact"]) == Fraction(down, 216)


def test_a_preview_of_a_bad_action_is_refused_like_the_action() -> None:
    state = duel()
    with pytest.raises(IllegalAction, match="cannot attack itself"):
        SYSTEM.preview(state, Action("fire", "ann", {"weapon": "revolver", "target": "ann"}))
