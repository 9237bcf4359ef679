"""Dice sources: seeded play dice, scripted dice, records, seeds and commitments."""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.dice import (
    MAX_SIDES,
    LoadedDice,
    RollRecord,
    SeededDice,
    commitment,
    derive_seed,
)
from rules.core.errors import DiceError, FaceNeeded, RulesError


def test_seeded_dice_repeat_the_same_faces_for_the_same_seed() -> None:
    first, second = SeededDice(42), SeededDice(42)
    faces = [first.roll(20, "hit") for _ in range(50)]

    assert faces == [second.roll(20, "hit") for _ in range(50)]
    assert all(1 <= face <= 20 for face in faces)
    assert len(set(faces)) > 5


def test_seeded_dice_give_known_faces_on_every_machine() -> None:
    # random.Random(seed).randint is stable across CPython versions and platforms.
    dice = SeededDice(7)
    assert [dice.roll(6, "test") for _ in range(6)] == [3, 2, 4, 6, 1, 1]


def test_different_seeds_give_different_faces() -> None:
    a, b = SeededDice(1), SeededDice(2)
    assert [a.roll(100, "x") for _ in range(10)] != [b.roll(100, "x") for _ in range(10)]


def test_every_roll_is_recorded_with_its_purpose() -> None:
    dice = SeededDice(3)
    value = dice.roll(10, "hit location d10")

    assert dice.records == [RollRecord("hit location d10", 10, value)]


def test_loaded_dice_return_their_faces_in_order_and_record_them() -> None:
    dice = LoadedDice([20, 4, 5])

    assert [dice.roll(20, "hit"), dice.roll(6, "damage"), dice.roll(6, "damage")] == [20, 4, 5]
    assert dice.remaining == 0
    assert [r.purpose for r in dice.records] == ["hit", "damage", "damage"]


def test_loaded_dice_raise_when_their_faces_run_out() -> None:
    dice = LoadedDice([3])
    dice.roll(6, "first")

    with pytest.raises(DiceError, match="no scripted face left for second") as caught:
        dice.roll(6, "second")
    # A table rolling physical dice asks for this die, then resolves again with one more face.
    assert isinstance(caught.value, FaceNeeded)
    assert (caught.value.sides, caught.value.purpose) == (6, "second")


@pytest.mark.parametrize("face", [0, 7, -1])
def test_loaded_dice_refuse_a_face_that_does_not_fit_the_die(face: int) -> None:
    dice = LoadedDice([face])

    with pytest.raises(DiceError, match=f"scripted face {face} does not fit a d6"):
        dice.roll(6, "damage")
    assert dice.remaining == 1  # the misfit face is not consumed


@pytest.mark.parametrize("sides", [1, 0, MAX_SIDES + 1])
@pytest.mark.parametrize("make", [lambda: SeededDice(1), lambda: LoadedDice([1])])
def test_a_die_needs_between_2_and_max_sides(sides: int, make: object) -> None:
    with pytest.raises(DiceError, match="between 2 and"):
        make().roll(sides, "odd die")  # type: ignore[operator]


def test_a_die_of_max_sides_rolls_for_coc_poison_onsets() -> None:
    # COC-POISON-5 rolls dice such as 1d1411 minutes.
    assert 1 <= SeededDice(5).roll(1411, "onset") <= 1411
    assert LoadedDice([1411]).roll(MAX_SIDES, "onset") == 1411


def test_dice_errors_are_rules_errors_a_player_sees() -> None:
    assert issubclass(DiceError, RulesError)


def test_roll_record_round_trips_through_json() -> None:
    record = RollRecord("autofire hits 1d10", 10, 7)
    data = record.to_json()

    assert data == {"purpose": "autofire hits 1d10", "sides": 10, "value": 7}
    assert RollRecord.from_json(data) == record
    from_strings = RollRecord.from_json({"purpose": "x", "sides": "6", "value": "2"})
    assert from_strings == RollRecord("x", 6, 2)


def test_derive_seed_is_sha256_of_seed_and_index() -> None:
    expected = int.from_bytes(hashlib.sha256(b"secret:3").digest()[:8], "big")

    assert derive_seed("secret", 3) == expected
    assert derive_seed("secret", 3) != derive_seed("secret", 4)
    assert derive_seed("secret", 3) != derive_seed("Secret", 3)


def test_commitment_is_the_sha256_hex_of_the_seed() -> None:
    assert commitment("abc") == ("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")


@given(seed=st.integers(0, 2**64), sides=st.integers(2, MAX_SIDES))
def test_seeded_dice_give_the_faces_of_random_randint(seed: int, sides: int) -> None:
    """SeededDice samples getrandbits itself; on 3.11 that is exactly randint(1, sides)."""
    dice, reference = SeededDice(seed), random.Random(seed)
    assert [dice.roll(sides, "x") for _ in range(5)] == [
        reference.randint(1, sides) for _ in range(5)
    ]


@pytest.mark.parametrize("seed", ["7", 7.0, None])
def test_a_dice_seed_must_be_an_integer(seed: object) -> None:
    with pytest.raises(DiceError, match="seed is an integer"):
        SeededDice(seed)  # type: ignore[arg-type]


def test_physical_dice_record_each_face_as_physical_and_ask_for_the_next() -> None:
    """Hybrid tables: typed faces are recorded as physical; running out names the die and its
    purpose; a face the die cannot show is refused with both; the faces used are kept."""
    from rules.core.dice import PhysicalDice, RollRecord
    from rules.core.errors import FaceMisfit, FaceNeeded

    dice = PhysicalDice([4, 9, 2])
    assert dice.roll(6, "bump d6") == 4
    with pytest.raises(FaceMisfit) as misfit:
        dice.roll(6, "second d6")
    assert (misfit.value.sides, misfit.value.value) == (6, 9)
    assert dice.used == (4,)
    record = dice.records[0]
    assert record.to_json() == {"purpose": "bump d6", "sides": 6, "value": 4, "physical": True}
    assert RollRecord.from_json(record.to_json()) == record
    assert "physical" not in RollRecord("x", 6, 1).to_json()
    with pytest.raises(FaceNeeded) as need:
        PhysicalDice([]).roll(10, "hit location d10")
    assert (need.value.sides, need.value.purpose) == (10, "hit location d10")


def test_an_action_carries_its_physical_faces_through_json() -> None:
    from rules.core.system import Action

    action = Action("attack", "a", {"target": "b"}, (3, 7))
    assert Action.from_json(action.to_json()) == action
    assert "faces" not in Action("attack", "a").to_json()
