"""Checks, saves, accuracy and difficulty (MECH-CHECK-1, MECH-ACC-1, MECH-SAVE-1)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.dice import Dice
from rules.mech.context import Ctx, reveal
from rules.mech.state import has

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


def check(
    ctx: Ctx,
    uid: str,
    attribute: str,
    why: str,
    accuracy: int = 0,
    difficulty: int = 0,
    save: bool = False,
    target: int | None = None,
) -> Check:
    """MECH-CHECK-1 / MECH-SAVE-1: a check or save by a unit, with Impaired, Support and Stunned."""
    u = ctx.u(uid)
    if has(u, "impaired"):  # MECH-COND-IMPAIRED
        difficulty += 1
    if has(u, "supported"):  # MECH-TECH-SUPPORT: the next check or save, then it is spent
        accuracy += int(ctx.settings.support_accuracy)
        conds = ctx.conditions(uid)
        del conds["supported"]
        ctx.emit(
            "support.used",
            f"{u['name']} uses Support on this roll",
            units={uid: {"conditions": conds}},
            unit=uid,
        )
    bonus = int(u["pilot"][attribute]) if ctx.settings.check_adds_attribute else 0
    modifier = accuracy_mod(
        accuracy, difficulty, cancel_first=bool(ctx.settings.accuracy_cancel_first)
    )
    kind = "save" if save else "check"
    label = f"{u['name']} {ATTRIBUTE_NAMES[attribute]} {kind} ({why})"
    goal = target if target is not None else (int(ctx.settings.save_target) if save else 10)
    auto_fail = has(u, "stunned") and attribute in ("hull", "agility")
    return roll_check(label, bonus, modifier, ctx.dice, goal, auto_fail)


def contest(ctx: Ctx, a: str, a_attr: str, b: str, b_attr: str, why: str) -> tuple[bool, str]:
    """MECH-CHECK-1 / MECH-AMB-02: a contested check; True when the initiator `a` wins."""
    first = check(ctx, a, a_attr, why)
    second = check(ctx, b, b_attr, why)
    if ctx.settings.contest_ties == "initiator" and first.total == second.total:
        won = first.natural is not None
    else:
        won = contest_winner(first, second)
    return won, f"{first.text}; {second.text}"


def forced_save(
    ctx: Ctx, by: str | None, uid: str, attribute: str, why: str, target: int | None
) -> bool:
    """MECH-SAVE-1 / MECH-AMB-44: `uid` saves against an effect of `by`; True when it succeeds.

    MECH-COND-HIDDEN: "saves remove Hidden". As proposed (`forcing_a_save`) the unit forcing the
    save is revealed; the other reading (`making_a_save`) reveals the unit making it.
    """
    result = check(ctx, uid, attribute, why, save=True, target=target)
    ctx.emit("save.rolled", result.text, unit=uid, success=result.success, rule="MECH-SAVE-1")
    if ctx.settings.hidden_saves == "making_a_save":
        reveal(ctx, uid, "made a save")
    elif by is not None:
        reveal(ctx, by, "forced a save")
    return result.success
