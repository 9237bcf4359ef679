"""Errors the rules engine raises; RulesError messages are shown to the player."""

from __future__ import annotations


class RulesError(Exception):
    """An action or input the rules do not allow; the message is for the player."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.message = message
        self.rule = rule


class IllegalAction(RulesError):
    """The actor may not take this action now."""


class SheetError(RulesError):
    """A sheet field breaks a rule; names the field and the rule."""

    def __init__(self, field: str, message: str, rule: str | None = None) -> None:
        super().__init__(f"{field}: {message}", rule)
        self.field = field


class DiceError(RulesError):
    """A dice expression or a scripted face that cannot be rolled."""


class FaceNeeded(DiceError):
    """Scripted (physical) dice ran out: the table must roll a d`sides` for `purpose` and retry."""

    def __init__(self, sides: int, purpose: str) -> None:
        super().__init__(f"no scripted face left for {purpose} (d{sides})")
        self.sides = sides
        self.purpose = purpose


class UnknownSystem(LookupError):
    """No game system is registered under this key."""


class LogError(RulesError):
    """A log file or stored entry that cannot be read (bad shape or an unknown log version)."""
