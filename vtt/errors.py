"""Errors the table server raises for a request it refuses; the message is for the sender."""

from __future__ import annotations

from rules.core.errors import RulesError


class NotAllowed(RulesError):
    """The user may not do this here (membership, role or seat)."""


class NotYourCharacter(NotAllowed):
    """A player tried to act for an actor they are not seated at."""


class BadInvite(NotAllowed):
    """A join link that was revoked or never existed."""


class CommandError(RulesError):
    """A websocket message that is not a well-formed command."""


class Unavailable(RulesError):
    """A service the action needs (the database) did not answer; nothing was stored."""
