"""Errors the rules engine raises; RulesError messages are shown to the player."""

from __future__ import annotations

from typing import Self

from rules.core.messages import Message, Msg, text

SHEET_FIELD = Message("core.sheet_field", "{field}: {problem}")


class RulesError(Exception):
    """An action or input the rules do not allow; the message is for the player.

    `message` is English; `msg` is the same words as a message id with parameters, which the
    table renders in each reader's language. Plain strings are still accepted (carried as
    `core.text`) for systems not yet on the kit.
    """

    def __init__(self, message: str | Msg, rule: str | None = None) -> None:
        self.msg = message if isinstance(message, Msg) else text(message)
        self.message = message.english() if isinstance(message, Msg) else message
        super().__init__(f"{self.message} ({rule})" if rule else self.message)
        self.rule = rule

    @classmethod
    def of(cls, msg: Msg, rule: str | None = None) -> Self:
        """The error for a message (reads well at a raise site: `raise IllegalAction.of(...)`)."""
        return cls(msg, rule)


class IllegalAction(RulesError):
    """The actor may not take this action now."""


class SheetError(RulesError):
    """A sheet field breaks a rule; names the field and the rule."""

    def __init__(self, field: str, message: str | Msg, rule: str | None = None) -> None:
        problem = message if isinstance(message, Msg) else text(message)
        super().__init__(SHEET_FIELD(field=field, problem=problem), rule)
        self.field = field
        self.problem = problem


class DiceError(RulesError):
    """A dice expression or a scripted face that cannot be rolled."""


class FaceNeeded(DiceError):
    """Scripted (physical) dice ran out: the table must roll a d`sides` for `purpose` and retry."""

    def __init__(self, sides: int, purpose: str) -> None:
        super().__init__(f"no scripted face left for {purpose} (d{sides})")
        self.sides = sides
        self.purpose = purpose


class FaceMisfit(DiceError):
    """A physical face the die cannot show (a 12 typed for a d10): the table asks again."""

    def __init__(self, sides: int, purpose: str, value: int) -> None:
        super().__init__(f"a d{sides} shows 1 to {sides}, not {value} ({purpose})")
        self.sides = sides
        self.purpose = purpose
        self.value = value


class UnknownSystem(LookupError):
    """No game system is registered under this key."""


class LogError(RulesError):
    """A log file or stored entry that cannot be read (bad shape or an unknown log version)."""
