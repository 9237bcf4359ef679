"""A transcript's JSON file brought into a campaign: the session becomes an ended table of the
chat rules holding its lines (`table.transcribed`), marked as the session, so it is listed,
read and exported again as it was exported (round trip: tests/vtt/transcripts).

Only the GM of the campaign brings one in. A line that was secret in the file is kept for the
GM alone; a line's message is kept only if this server knows it (else its words as written);
anything malformed refuses the whole file in words, and nothing is stored.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from rules.core.dice import commitment
from rules.core.messages import Msg
from rules.core.recording import END, MAX_NAME, NEW, TRANSCRIBED, marked
from rules.core.registry import get_system
from vtt.campaigns.models import Campaign
from vtt.campaigns.services import require_gm
from vtt.encounters.models import Encounter, Status
from vtt.encounters.session_marks import session_names
from vtt.errors import NotAllowed
from vtt.eventlog.models import Event
from vtt.safejson import storable
from vtt.transcripts.formats import VERSION
from vtt.words import catalogue

MAX_BYTES = 8 * 1024 * 1024
MAX_LINES = 20_000
MAX_TEXT = 5000
MAX_DICE = 200  # on one line
SYSTEM = "chat"  # the rules of a table brought back from a transcript: talk and dice only


class BadTranscript(NotAllowed):
    """A transcript file that cannot be brought in; its message says why."""


def bring_in(campaign_id: int, user_id: int, data: bytes) -> Encounter:
    """Store the file's session as an ended table of the campaign; BadTranscript in words."""
    require_gm(campaign_id, user_id)
    document = _document(data)
    name = _text(document.get("session"), MAX_NAME, _("the session's name")).strip()
    if not name:
        raise BadTranscript(_("The file names no session."))
    if name in session_names(campaign_id):
        raise BadTranscript(
            _("This campaign has a session named %(name)s already.") % {"name": name}
        )
    lines = document.get("lines")
    if not isinstance(lines, list) or not 0 < len(lines) <= MAX_LINES:
        raise BadTranscript(_("The file holds no lines, or too many."))
    read = [_line(raw, n) for n, raw in enumerate(lines, start=1)]
    names = _names(document.get("names"))
    with transaction.atomic():
        return _store(Campaign.objects.get(pk=campaign_id), user_id, name, read, names)


def _document(data: bytes) -> Mapping[str, Any]:
    if len(data) > MAX_BYTES:
        raise BadTranscript(_("The file is too large."))
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise BadTranscript(_("The file is not a transcript's JSON.")) from None
    if not isinstance(document, dict) or document.get("transcript_version") != VERSION:
        raise BadTranscript(_("The file is not a transcript's JSON."))
    if not storable(document):
        raise BadTranscript(_("Text may not contain NUL or invalid characters."))
    return document


def _text(value: Any, most: int, what: str) -> str:
    if not isinstance(value, str) or len(value) > most:
        raise BadTranscript(
            _("%(what)s must be a text of at most %(n)d characters.")
            % {
                "what": what,
                "n": most,
            }
        )
    return value


def _line(raw: Any, n: int) -> dict[str, Any]:
    """One line as it will be stored, or BadTranscript naming the line."""
    where = _("line %(n)d") % {"n": n}
    if not isinstance(raw, dict):
        raise BadTranscript(_("%(where)s is not an object.") % {"where": where})
    at = parse_datetime(str(raw.get("at") or ""))
    if at is None or at.tzinfo is None:
        raise BadTranscript(_("%(where)s has no time with its time zone.") % {"where": where})
    kind = _text(raw.get("kind"), 60, where)
    text = _text(raw.get("text"), MAX_TEXT, where)
    english = _text(raw.get("english", ""), MAX_TEXT, where)
    return {
        "at": at,
        "speaker": _text(raw.get("speaker"), 100, where),
        "kind": kind,
        "text": english or text,
        "msg": _msg(raw.get("msg")),
        "secret": raw.get("secret") is True,
        "observer": raw.get("observer") is True,
        "dice": _dice(raw.get("dice"), where),
    }


def _msg(value: Any) -> dict[str, Any] | None:
    """A line's message, if this server says it (else its words as the file wrote them)."""
    if not isinstance(value, dict):
        return None
    try:
        msg = Msg.from_json(value)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return msg.to_json() if msg.id in catalogue().messages else None


def _dice(value: Any, where: str) -> list[dict[str, Any]]:
    if value in (None, []):
        return []
    if not isinstance(value, list) or len(value) > MAX_DICE:
        raise BadTranscript(_("%(where)s: its dice are not a list.") % {"where": where})
    dice = []
    for die in value:
        sides, face = (die.get("sides"), die.get("value")) if isinstance(die, dict) else (0, 0)
        if not (isinstance(sides, int) and isinstance(face, int) and 0 < sides <= 10_000):
            raise BadTranscript(_("%(where)s: a die is not a size and a face.") % {"where": where})
        purpose = _text(die.get("purpose") or "", 200, where)
        dice.append({"purpose": purpose, "sides": sides, "value": face})
    return dice


def _names(value: Any) -> dict[str, str]:
    """The ids the dice's purposes use and the names they read as (at most 500)."""
    if not isinstance(value, dict):
        return {}
    return {
        key: name
        for key, name in list(value.items())[:500]
        if isinstance(key, str) and isinstance(name, str) and 0 < len(key) <= 100
        if len(name) <= 100
    }


def _store(
    campaign: Campaign, user_id: int, name: str, lines: list[dict[str, Any]], names: dict[str, str]
) -> Encounter:
    system = get_system(SYSTEM)
    setup = {
        "title": name,
        "settings": {},
        "combatants": [{"id": key, "name": value} for key, value in names.items()],
    }
    seed = secrets.token_hex(32)
    lines.sort(key=lambda line: line["at"])
    first, last = lines[0]["at"], lines[-1]["at"]
    encounter = Encounter.objects.create(
        campaign=campaign,
        system=system.key,
        title=name,
        setup=setup,
        seed=seed,
        commitment=commitment(seed),
        state=system.dump(system.start(setup)),
        status=Status.ENDED,
        ended=last,
    )
    rows = [_mark_row(encounter, 1, NEW, name, user_id)]
    rows += [_row(encounter, n, line, user_id) for n, line in enumerate(lines, start=2)]
    rows.append(_mark_row(encounter, len(lines) + 2, END, name, user_id))
    Event.objects.bulk_create(rows)
    times = [first, *(line["at"] for line in lines), last]
    for row, at in zip(rows, times, strict=True):
        Event.objects.filter(encounter=encounter, seq=row.seq).update(created=at)
    Encounter.objects.filter(pk=encounter.pk).update(seq=len(rows), entries=len(rows))
    return encounter


def _mark_row(encounter: Encounter, seq: int, mark: str, name: str, user_id: int) -> Event:
    event = marked(mark, name)
    return Event(
        encounter=encounter,
        seq=seq,
        entry=seq,
        kind=event.kind,
        payload=dict(event.payload),
        text=event.text,
        msg=event.msg.to_json() if event.msg else None,
        actor_id=user_id,
    )


def _row(encounter: Encounter, seq: int, line: Mapping[str, Any], user_id: int) -> Event:
    return Event(
        encounter=encounter,
        seq=seq,
        entry=seq,
        kind=TRANSCRIBED,
        payload={
            "kind": line["kind"],
            "speaker": line["speaker"],
            **({"observer": True} if line["observer"] else {}),
        },
        text=line["text"],
        dice=line["dice"],
        audience="gm" if line["secret"] else "all",
        msg=line["msg"],
        actor_id=user_id,
    )
