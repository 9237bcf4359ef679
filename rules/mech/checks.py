"""Checks, saves, accuracy and difficulty (MECH-CHECK-1, MECH-ACC-1, MECH-SAVE-1)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.dice import Dice
from rules.core.messages import Msg
from rules.mech import log_messages as L
from rules.mech import messages as M
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
    said: Msg | str = ""  # the label as a message (the plain `label` names the die rolled)

    @property
    def total(self) -> int:
        return (self.natural or 0) + self.bonus + self.modifier

    @property
    def msg(self) -> Msg:
        """The check's line: the roll, its terms, the target and the verdict."""
        label = self.said or self.label
        if self.natural is None:
            return L.CHECK_AUTO_FAILED(label=label)
        return L.CHECK_ROLLED(
            label=label,
            natural=self.natural,
            bonus=f" {self.bonus:+d}" if self.bonus else "",
            modifier=L.CHECK_ACCURACY(modifier=f"{self.modifier:+d}") if self.modifier else "",
            total=self.total,
            target=self.target,
            verdict=L.SUCCESS() if self.success else L.FAILURE(),
        )

    @property
    def text(self) -> str:
        return self.msg.english()

    def then(self, outcome: Msg) -> Msg:
        """The check's line followed by what came of it ("...: success: burn cleared")."""
        return L.CHECK_THEN(check=self.msg, outcome=outcome)


def roll_check(
    label: str,
    bonus: int,
    modifier: int,
    dice: Dice,
    target: int = 10,
    auto_fail: bool = False,
    said: Msg | str = "",
) -> Check:
    """MECH-CHECK-1 / MECH-AMB-01: 1d20 + attribute + accuracy ≥ target (10 for checks)."""
    if auto_fail:
        return Check(label, None, bonus, modifier, target, False, said)
    natural = dice.roll(20, label)
    success = natural + bonus + modifier >= target
    return Check(label, natural, bonus, modifier, target, success, said)


def contest_winner(initiator: Check, other: Check) -> bool:
    """MECH-CHECK-1 / MECH-AMB-02: whether the initiator wins; ties go to the other side."""
    a = initiator.total if initiator.natural is not None else -100
    b = other.total if other.natural is not None else -100
    return a > b


def check(
    ctx: Ctx,
    uid: str,
    attribute: str,
    why: Msg | str,
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
            L.SUPPORT_USED(name=u["name"]),
            units={uid: {"conditions": conds}},
            unit=uid,
        )
    bonus = int(u["pilot"][attribute]) if ctx.settings.check_adds_attribute else 0
    modifier = accuracy_mod(
        accuracy, difficulty, cancel_first=bool(ctx.settings.accuracy_cancel_first)
    )
    kind = "save" if save else "check"
    label = f"{u['name']} {ATTRIBUTE_NAMES[attribute]} {kind} ({why})"  # the die's purpose
    said = L.CHECK_LABEL(
        name=u["name"],
        attribute=M.ATTRIBUTES[attribute](),
        kind=L.SAVE_WORD() if save else L.CHECK_WORD(),
        why=why,
    )
    goal = target if target is not None else (int(ctx.settings.save_target) if save else 10)
    auto_fail = has(u, "stunned") and attribute in ("hull", "agility")
    return roll_check(label, bonus, modifier, ctx.dice, goal, auto_fail, said)


def contest(ctx: Ctx, a: str, a_attr: str, b: str, b_attr: str, why: Msg | str) -> tuple[bool, Msg]:
    """MECH-CHECK-1 / MECH-AMB-02: a contested check; True when the initiator `a` wins."""
    first = check(ctx, a, a_attr, why)
    second = check(ctx, b, b_attr, why)
    if ctx.settings.contest_ties == "initiator" and first.total == second.total:
        won = first.natural is not None
    else:
        won = contest_winner(first, second)
    return won, L.SEMI(first=first.msg, then=second.msg)


def forced_save(
    ctx: Ctx, by: str | None, uid: str, attribute: str, why: Msg | str, target: int | None
) -> bool:
    """MECH-SAVE-1 / MECH-AMB-44: `uid` saves against an effect of `by`; True when it succeeds.

    MECH-COND-HIDDEN: "saves remove Hidden". As proposed (`forcing_a_save`) the unit forcing the
    save is revealed; the other reading (`making_a_save`) reveals the unit making it.
    """
    result = check(ctx, uid, attribute, why, save=True, target=target)
    ctx.emit("save.rolled", result.msg, unit=uid, success=result.success, rule="MECH-SAVE-1")
    if ctx.settings.hidden_saves == "making_a_save":
        reveal(ctx, uid, L.WHY_MADE_SAVE())
    elif by is not None:
        reveal(ctx, by, L.WHY_FORCED_SAVE())
    return result.success
