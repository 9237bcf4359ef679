"""Checks, saves, accuracy and difficulty (MECH-CHECK-1, MECH-ACC-1, MECH-SAVE-1)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.dice import Dice

ATTRIBUTE_NAMES = {
    "hull": "HULL",
    "agility": "AGILITY",
    "systems": "SYSTEMS",
    "engineering": "ENGINEERING",
}


def accuracy_mod(accuracy: int, difficulty: int, cap: int = 3, cancel_first: bool = True) -> int:
    """MECH-ACC-1 / MECH-AMB-03: +2 per net accuracy, −2 per net difficulty, capped at ±6."""
    if cancel_first:
        net = accuracy - difficulty
        return 2 * max(-cap, min(cap, net))
    return 2 * (min(cap, accuracy) - min(cap, difficulty))


@dataclass(frozen=True)
class Check:
    """One check or save: d20 face, bonus, accuracy modifier, target number, outcome."""

    label: str
    natural: int | None  # None: failed automatically without a roll (MECH-COND-STUNNED)
    bonus: int
    modifier: int
    target: int
    success: bool

    @property
    def total(self) -> int:
        return (self.natural or 0) + self.bonus + self.modifier

    @property
    def text(self) -> str:
        if self.natural is None:
            return f"{self.label}: fails automatically (Stunned)"
        parts = f"d20 = {self.natural}"
        if self.bonus:
            parts += f" {self.bonus:+d}"
        if self.modifier:
            parts += f" {self.modifier:+d} accuracy"
        verdict = "success" if self.success else "failure"
        return f"{self.label}: {parts} = {self.total} vs {self.target}: {verdict}"


def roll_check(
    label: str,
    bonus: int,
    modifier: int,
    dice: Dice,
    target: int = 10,
    auto_fail: bool = False,
) -> Check:
    """MECH-CHECK-1 / MECH-AMB-01: 1d20 + attribute + accuracy ≥ target (10 for checks)."""
    if auto_fail:
        return Check(label, None, bonus, modifier, target, False)
    natural = dice.roll(20, label)
    return Check(label, natural, bonus, modifier, target, natural + bonus + modifier >= target)


def contest_winner(initiator: Check, other: Check) -> bool:
    """MECH-CHECK-1 / MECH-AMB-02: whether the initiator wins; ties go to the other side."""
    a = initiator.total if initiator.natural is not None else -100
    b = other.total if other.natural is not None else -100
    return a > b
