"""SCENE-GRID-1..4: the scene map's geometry, read the same way by every rule that uses it."""

from __future__ import annotations

from fractions import Fraction

from rules.scene import grid


def scene(**over: object) -> dict[str, object]:
    base: dict[str, object] = {
        "cols": 10,
        "rows": 8,
        "cell": "1",
        "unit": "m",
        "cells": {},
        "tokens": {},
    }
    base.update(over)
    return base


def test_distance_is_centre_to_centre_in_the_unit_to_a_tenth() -> None:
    """SCENE-GRID-1: 3 across and 4 down is 5 squares; 1.5 m squares make it 7.5 m."""
    assert grid.distance(scene(), (0, 0), (3, 4)) == 5
    assert grid.distance(scene(cell="1.5"), (0, 0), (3, 4)) == Fraction(15, 2)
    assert grid.distance(scene(), (0, 0), (1, 1)) == Fraction(14, 10)  # √2 to a tenth


def test_between_tokens_and_off_the_map() -> None:
    s = scene(tokens={"a": {"at": [1, 1], "gm_only": False}, "b": {"at": [1, 5], "gm_only": False}})
    assert grid.between(s, "a", "b") == 4
    assert grid.between(s, "a", "nobody") is None


def test_a_path_goes_round_a_wall_and_pays_double_on_difficult_ground() -> None:
    """SCENE-GRID-2: walls are not entered, corners not squeezed, difficult ground costs double."""
    wall = {grid.key((2, y)): {"terrain": "wall", "gm_only": False} for y in range(0, 7)}
    found = grid.path(scene(cells=wall), (1, 3), (3, 3))
    assert found is not None
    cells, length = found
    assert (2, 7) in cells
    assert all(c[0] != 2 or c[1] == 7 for c in cells)
    assert length > 4
    mud = {grid.key((1, 0)): {"terrain": "difficult", "gm_only": False}}
    assert grid.path(scene(cells=mud), (0, 0), (1, 0)) == ([(0, 0), (1, 0)], 2)
    corner = {
        grid.key((1, 0)): {"terrain": "wall", "gm_only": False},
        grid.key((0, 1)): {"terrain": "wall", "gm_only": False},
    }
    assert (1, 1) not in grid.reach(scene(cells=corner), (0, 0), Fraction(3, 2))


def test_reach_keeps_to_the_budget() -> None:
    reached = grid.reach(scene(), (0, 0), Fraction(4))
    assert reached[(4, 0)] == 4
    assert (5, 0) not in reached
    assert reached[(2, 2)] == Fraction(28, 10)


def test_walls_and_full_cover_block_a_line_but_not_the_ends() -> None:
    """SCENE-GRID-3."""
    s = scene(cells={grid.key((2, 0)): {"terrain": "cover_full", "gm_only": False}})
    assert not grid.line_clear(s, (0, 0), (4, 0))
    assert grid.line_clear(s, (0, 0), (2, 0))
    assert grid.line_clear(s, (0, 1), (4, 1))


def test_cover_counts_next_to_the_target_only() -> None:
    """SCENE-GRID-4: the best cover beside the target; a shooter's own cover does not count."""
    cells = {
        grid.key((7, 0)): {"terrain": "cover_light", "gm_only": False},
        grid.key((8, 0)): {"terrain": "cover_heavy", "gm_only": False},
        grid.key((1, 0)): {"terrain": "cover_full", "gm_only": False},
    }
    assert grid.cover_between(scene(cells=cells), (0, 0), (9, 0)) == "cover_heavy"
    assert grid.cover_between(scene(cells=cells), (9, 0), (0, 0)) == "cover_full"


def test_within_a_radius_catches_exactly_those_inside() -> None:
    tokens = {
        n: {"at": at, "gm_only": False} for n, at in {"a": [5, 5], "b": [7, 5], "c": [7, 7]}.items()
    }
    assert grid.within(scene(tokens=tokens), (5, 5), Fraction(2)) == ["a", "b"]


def test_gm_only_tokens_and_squares_are_removed_for_players() -> None:
    s = scene(
        cells={
            "1,1": {"terrain": "fire", "gm_only": True},
            "2,2": {"terrain": "wall", "gm_only": False},
        },
        tokens={"ghoul": {"at": [3, 3], "gm_only": True}, "ann": {"at": [0, 0], "gm_only": False}},
    )
    shown = grid.visible_to(s, is_gm=False)
    assert set(shown["cells"]) == {"2,2"}
    assert set(shown["tokens"]) == {"ann"}
    assert grid.visible_to(s, is_gm=True)["tokens"].keys() == {"ghoul", "ann"}
