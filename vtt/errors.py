"""Errors the table server raises for a request it refuses; the message is for the sender."""

from __future__ import annotations

from rules.core.errors import RulesError


class NotAllowed(RulesError):
    """The user may not do this here (membership, role or seat)."""


class NotYourCharacter(NotAllowed):
    """A player tried to act for an actor they are not seated at."""


class BadInvite(NotAllowed):
    """A join link that was revoked or never existed."""


class ExpiredInvite(BadInvite):
    """A join link past the time it worked until."""


class CommandError(RulesError):
    """A websocket message that is not a well-formed command."""


class FaceWanted(RulesError):
    """A player rolling physical dice must roll the next die: `sides`, for `purpose`, after the
    faces already `given`; `misfit` is a face just refused (it does not fit the die). Nothing was
    stored: the page asks for the face and sends the action again with it."""

    def __init__(
        self, sides: int, purpose: str, given: tuple[int, ...], misfit: int | None = None
    ) -> None:
        super().__init__(f"roll a d{sides} for {purpose}")
        self.sides = sides
        self.purpose = purpose
        self.given = given
        self.misfit = misfit


class Unavailable(RulesError):
    """A service the action needs (the database) did not answer; nothing was stored."""
