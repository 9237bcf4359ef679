"""Dice sources: every roll names its purpose and is recorded, so an event can show each face."""

from __future__ import annotations

import _random
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from rules.core.errors import DiceError, FaceMisfit, FaceNeeded

MAX_SIDES = 10_000  # CoC poison onsets roll dice such as 1d1411 (COC-POISON-5)


class RollRecord(NamedTuple):
    """One face rolled: what it was for, the die, and the value.

    A NamedTuple rather than a frozen dataclass: every attack makes several, and a frozen
    dataclass's __init__ costs about three times as much (bench/rules.py)."""

    purpose: str
    sides: int
    value: int
    physical: bool = False  # rolled at the table by a person and typed in (PhysicalDice)

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "purpose": self.purpose,
            "sides": self.sides,
            "value": self.value,
        }
        if self.physical:
            data["physical"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, object]) -> RollRecord:
        physical = data.get("physical") is True
        return cls(str(data["purpose"]), int(str(data["sides"])), int(str(data["value"])), physical)


class Dice(Protocol):
    """A source of die faces; `records` lists every face rolled so far, in order."""

    records: list[RollRecord]

    def roll(self, sides: int, purpose: str) -> int: ...


def _check_sides(sides: int) -> None:
    if not 2 <= sides <= MAX_SIDES:
        raise DiceError(f"a die must have between 2 and {MAX_SIDES} sides, not {sides}")


@dataclass
class SeededDice:
    """Play dice over random.Random(seed): the same seed gives the same faces on every machine."""

    seed: int
    records: list[RollRecord] = field(default_factory=list)

    def __post_init__(self) -> None:
        # The C generator under random.Random: for an int seed random.Random(seed) seeds exactly
        # this (its Python __init__ adds ~0.7 µs of wrapper per resolution, and every resolution
        # makes one). A test checks the streams are equal. A str seed would be hashed differently.
        if not isinstance(self.seed, int):
            raise DiceError(f"a dice seed is an integer, not {type(self.seed).__name__}")
        self._getrandbits = _random.Random(self.seed).getrandbits

    def roll(self, sides: int, purpose: str) -> int:
        if not 2 <= sides <= MAX_SIDES:
            _check_sides(sides)  # raises, naming the limits
        # Rejection sampling over getrandbits: the faces random.randint(1, sides) gives on 3.11,
        # pinned to the MT19937 stream itself so that no library change can alter a replay.
        bits = sides.bit_length()
        value = self._getrandbits(bits)
        while value >= sides:
            value = self._getrandbits(bits)
        value += 1
        self.records.append(RollRecord(purpose, sides, value))
        return value


@dataclass
class LoadedDice:
    """Scripted faces for tests and physical dice; raises when they run out or misfit."""

    faces: list[int]
    records: list[RollRecord] = field(default_factory=list)

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)
        self.records = []
        self._next = 0

    def roll(self, sides: int, purpose: str) -> int:
        _check_sides(sides)
        if self._next >= len(self.faces):
            raise FaceNeeded(sides, purpose)
        value = self.faces[self._next]
        if not 1 <= value <= sides:
            raise DiceError(f"scripted face {value} does not fit a d{sides} rolled for {purpose}")
        self._next += 1
        self.records.append(RollRecord(purpose, sides, value))
        return value

    @property
    def remaining(self) -> int:
        return len(self.faces) - self._next


class PhysicalDice:
    """The faces a player rolled on real dice and typed in, in the order the rules asked for them.

    Each face is recorded as physical, so the log says which dice no server rolled; the faces are
    stored on the action (`Action.faces`), so a re-run of the log rolls them again. When they run
    out it raises FaceNeeded (the table asks for the next one), and FaceMisfit for a face the die
    cannot show."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)
        self.records: list[RollRecord] = []

    def roll(self, sides: int, purpose: str) -> int:
        _check_sides(sides)
        used = len(self.records)
        if used >= len(self.faces):
            raise FaceNeeded(sides, purpose)
        value = self.faces[used]
        if not 1 <= value <= sides:
            raise FaceMisfit(sides, purpose, value)
        self.records.append(RollRecord(purpose, sides, value, physical=True))
        return value

    @property
    def used(self) -> tuple[int, ...]:
        """The faces the resolution took (any typed beyond them are not part of it)."""
        return tuple(self.faces[: len(self.records)])


def derive_seed(encounter_seed: str, index: int) -> int:
    """The seed of resolution number `index`, so each resolution can be re-run on its own."""
    digest = hashlib.sha256(f"{encounter_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def commitment(encounter_seed: str) -> str:
    """The SHA-256 published when an encounter starts; the seed is revealed when it ends."""
    return hashlib.sha256(encounter_seed.encode()).hexdigest()
