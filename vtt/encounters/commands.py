"""Websocket payload -> typed command; anything malformed raises CommandError for the sender."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from rules.core.system import Action
from vtt.badinput import whole_number
from vtt.errors import CommandError
from vtt.safejson import storable, too_deep

# The one limit on what a page sends (docs/deploy.md); the server refuses a bigger message before
# reading it (vtt/wsserver.py), and `decode` again for any other server.
MAX_MESSAGE_BYTES: int = settings.VTT_MAX_MESSAGE_BYTES
# htmx and the page add these; they are not action params
RESERVED = {"command", "key", "kind", "actor", "HEADERS", "csrfmiddlewaretoken", "faces", "face"}
MAX_FACES = 200  # physical dice typed for one action
MAX_FACE = 10_000
MAX_FIELD_LENGTH = 500
# An action is an object of plain values and lists of them (depth 2); deeper input is refused
# before json.loads, whose recursion a 3,000-deep array under 8 KiB would exhaust.
MAX_DEPTH = 4


class TooLarge(CommandError):
    """A message over the size limit: answered, then the socket is closed with 1009."""


def too_large_message() -> str:
    """What a page is told when its message is over the limit, in the active language."""
    return _("Message too large: at most %(n)d bytes.") % {"n": MAX_MESSAGE_BYTES}


@dataclass(frozen=True)
class Act:
    """Take a game action for an actor."""

    action: Action
    key: str


@dataclass(frozen=True)
class Chat:
    """Say a line or roll at the table."""

    text: str
    key: str
    faces: tuple[int, ...] = ()


@dataclass(frozen=True)
class Undo:
    """The GM takes back the last game entry; `roll`: the sender takes back their own last chat
    roll (`/undo` in the chat)."""

    key: str
    roll: bool = False


@dataclass(frozen=True)
class Help:
    """`/help` in the chat: the commands, answered to the sender alone; nothing is stored."""

    key: str


@dataclass(frozen=True)
class Expire:
    """A prompt's time limit ran out on this page: the server checks and settles it."""

    key: str


Command = Act | Chat | Undo | Help | Expire
HELP_WORDS = ("/help", "/?")
UNDO_WORDS = ("/undo", "/takeback")


def decode(text: str | None, bytes_data: bytes | None = None) -> dict[str, Any]:
    """A websocket message as a JSON object, refusing binary, oversized and malformed input."""
    if text is None:
        raise CommandError(_("Messages must be JSON text."))
    if len(text) > MAX_MESSAGE_BYTES or len(text.encode(errors="replace")) > MAX_MESSAGE_BYTES:
        raise TooLarge(too_large_message())
    if too_deep(text, MAX_DEPTH):
        raise CommandError(_("Malformed message: nested too deeply."))
    try:
        content = json.loads(text)
    except ValueError:
        raise CommandError(_("Malformed message: not JSON.")) from None
    if not isinstance(content, dict):
        raise CommandError(_("Malformed message: expected a JSON object."))
    if not storable(content):
        raise CommandError(_("Text may not contain NUL or invalid characters."))
    return content


def _text(content: dict[str, Any], name: str) -> str:
    value = content.get(name)
    if not isinstance(value, str) or not value.strip():
        raise CommandError(_("Malformed message: %(name)s is required.") % {"name": name})
    if len(value) > MAX_FIELD_LENGTH:
        raise CommandError(_("Malformed message: %(name)s is too long.") % {"name": name})
    return value


def _param(value: Any) -> Any:
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, list) and all(isinstance(item, str | int | float) for item in value):
        return value
    raise CommandError(_("Malformed message: action parameters must be plain values."))


def faces_of(content: dict[str, Any]) -> tuple[int, ...]:
    """Physical dice typed so far (`faces`, "3,7" or a list) and the one just typed (`face`)."""
    given = content.get("faces")
    parts: list[Any] = given.split(",") if isinstance(given, str) else list(given or [])
    if content.get("face") not in (None, ""):
        parts.append(content["face"])
    faces = []
    for part in parts:
        text = str(part).strip()
        if not text:
            continue
        face = whole_number(text, most_digits=6)
        if face is None or not 1 <= face <= MAX_FACE:
            raise CommandError(_("A die's face is a whole number from 1 up."))
        faces.append(face)
    if len(faces) > MAX_FACES:
        raise CommandError(_("Too many dice faces for one action."))
    return tuple(faces)


def parse_command(content: dict[str, Any]) -> Command:
    """The typed command a decoded message asks for."""
    command = content.get("command")
    if command not in ("act", "chat", "undo", "expire"):
        raise CommandError(_("Unknown command: %(command)s") % {"command": str(command)[:40]})
    key = _text(content, "key")
    if command == "act":
        params = {k: _param(v) for k, v in content.items() if k not in RESERVED}
        action = Action(_text(content, "kind"), _text(content, "actor"), params, faces_of(content))
        return Act(action, key)
    if command == "chat":
        text = content.get("text")
        if not isinstance(text, str):
            raise CommandError(_("Malformed message: text is required."))
        if text.strip().lower() in HELP_WORDS:
            return Help(key)
        if text.strip().lower() in UNDO_WORDS:
            return Undo(key, roll=True)
        mark = content.get("log")
        if isinstance(mark, str) and mark.strip():  # a record's button: `.log <mark> <name>`
            text = f".log {mark.strip()[:10]} {text}"
        return Chat(text, key, faces_of(content))
    if command == "expire":
        return Expire(key)
    return Undo(key)
