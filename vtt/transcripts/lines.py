"""A session's transcript as one reader may read it: the lines its tables recorded between the
GM's marks (rules/core/recording.py), each as the reader saw it at the table (a hidden roll only
for who may see it, else its redacted line or nothing), in the reader's language, with who spoke,
when, and every die with what it was for. The formats (formats.py, docx_file.py) draw these."""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.http import Http404
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from rules.core.log import REVERTED
from rules.core.recording import END, MARKED, TRANSCRIBED, recorded
from rules.core.system import Audience
from vtt.accounts.models import display_name
from vtt.campaigns.models import Campaign, Membership, Role
from vtt.encounters.audiences import audience_for
from vtt.encounters.fragments import encounter_names, inline_line, visible_rows
from vtt.encounters.models import Encounter, Seat
from vtt.eventlog.models import Event
from vtt.words import shown

SAID = "table.said"
ROLLED = "table.rolled"
# Speakers' colours, as dice bots colour a 染色 log: dark enough to read on white paper and on a
# forum's page. A speaker keeps a colour in every transcript (chosen by the name, not the order).
PALETTE = (
    "#1f5fa8",
    "#b03a2e",
    "#1e8449",
    "#7d3c98",
    "#b9770e",
    "#117a65",
    "#a04000",
    "#2e4053",
    "#c0398b",
    "#5b6d00",
    "#6c3483",
    "#0e6655",
)


def colour_of(speaker: str) -> str:
    """A speaker's colour: the same name, the same colour, whoever exports."""
    return PALETTE[zlib.crc32(speaker.encode()) % len(PALETTE)]


@dataclass(frozen=True)
class Die:
    """One die of a line: what it was for (in the reader's words), its size and its face; and,
    for the JSON file, the purpose as stored (English, ids as typed)."""

    purpose: str
    sides: int
    value: int
    stored: str = ""
    sides_shown: bool = True

    def said(self) -> str:
        """The die as a transcript reads it: "Spot Hidden check for Ann d100: 34"."""
        if not self.purpose:
            return _("d%(sides)s: %(value)s") % {"sides": self.sides, "value": self.value}
        if not self.sides_shown:
            return _("%(purpose)s: %(value)s") % {"purpose": self.purpose, "value": self.value}
        return _("%(purpose)s d%(sides)s: %(value)s") % {
            "purpose": self.purpose,
            "sides": self.sides,
            "value": self.value,
        }


@dataclass(frozen=True)
class Line:
    """One line of the transcript: who, when, the words or what happened, the dice, and whether
    the line was secret (and who else read it: `badge`)."""

    speaker: str
    at: datetime
    text: str
    kind: str
    dice: tuple[Die, ...] = ()
    secret: bool = False
    badge: str = ""
    in_character: bool = False
    table: str = ""
    observer: bool = False  # said (or rolled) by a member watching that table: observers_at
    # for the JSON file: the line as stored, so it reads in any language once brought back
    msg: Mapping[str, Any] | None = field(default=None, compare=False)
    english: str = field(default="", compare=False)

    @property
    def colour(self) -> str:
        return colour_of(self.speaker)

    @property
    def when(self) -> str:
        """The time as dice bots write it: 2026/12/06 20:01:02 (the reader's time zone)."""
        return localtime(self.at).strftime("%Y/%m/%d %H:%M:%S")

    @property
    def out_of_character(self) -> bool:
        """Talk in brackets, as groups mark what is said outside the game: (…) or （…）."""
        return self.kind == SAID and self.text.lstrip()[:1] in "(（"


@dataclass(frozen=True)
class Transcript:
    """A session's lines for one reader, and what heads them."""

    name: str
    campaign: str
    system: str
    lines: tuple[Line, ...]
    names: Mapping[str, str] = field(default_factory=dict)

    @property
    def speakers(self) -> list[str]:
        """Who speaks, first heard first."""
        return list(dict.fromkeys(line.speaker for line in self.lines))


@dataclass(frozen=True)
class Filters:
    """What a reader leaves out: talk in brackets, the table's dice rolls (/roll, .r), what the
    members watching a table (observers_at) said or rolled there."""

    out_of_character: bool = True
    rolls: bool = True
    observers: bool = True

    @classmethod
    def from_query(cls, query: Mapping[str, str]) -> Filters:
        return cls(
            query.get("ooc", "1") != "0",
            query.get("rolls", "1") != "0",
            query.get("observers", "1") != "0",
        )

    def keeps(self, line: Line) -> bool:
        if not self.out_of_character and line.out_of_character:
            return False
        if not self.observers and line.observer:
            return False
        return self.rolls or line.kind != ROLLED


def session_tables(campaign: Campaign, name: str) -> list[Encounter]:
    """The campaign's tables at which the session was marked, oldest first."""
    marked = Event.objects.filter(
        encounter__campaign=campaign, kind=MARKED, payload__name=name
    ).values("encounter_id")
    return list(Encounter.objects.filter(pk__in=marked).order_by("created", "pk"))


def transcript(
    campaign: Campaign, name: str, user_id: int, filters: Filters = Filters()
) -> Transcript:
    """The session `name` of the campaign as the user may read it; Http404 when no table of it
    is one the user may see."""
    lines: list[Line] = []
    names: dict[str, str] = {}
    systems: list[str] = []
    seen_any = False
    keeper = True  # the GM of every table of it reads every name of their setups
    for table in session_tables(campaign, name):
        audience = audience_for(table.pk, user_id)
        if audience is None:
            continue
        seen_any = True
        keeper = keeper and audience.role == "gm"
        systems.append(table.system)
        names.update(encounter_names(table))
        lines.extend(table_lines(table, name, audience))
    if not seen_any:
        raise Http404
    ended = _ended_at(campaign, name)
    if ended is not None:  # `.log end` at any table ends the session at every table
        lines = [line for line in lines if line.at <= ended]
    lines.sort(key=lambda line: line.at)  # stable: a table's lines keep their order
    kept = tuple(line for line in lines if filters.keeps(line))
    return Transcript(
        name=name,
        campaign=shown(campaign.name),
        system=systems[0] if systems else campaign.system,
        lines=kept,
        names=names if keeper else named_in(kept, names),
    )


def named_in(lines: Iterable[Line], names: Mapping[str, str]) -> dict[str, str]:
    """The names of the ids the reader's lines hold (a die's purpose, a line's message), the
    ones a file brought back needs: not every name of the setup, which would tell a player of
    an enemy it has not noticed (ACE-STEALTH-1) or what a Keeper's creature carries (the GM's
    own file keeps them all)."""
    held = json.dumps(
        [[line.msg for line in lines], [die.stored for line in lines for die in line.dice]],
        default=str,
        ensure_ascii=False,
    )
    return {
        ident: name
        for ident, name in names.items()
        if re.search(rf"(?<!\w){re.escape(ident)}(?!\w)", held)
    }


def _ended_at(campaign: Campaign, name: str) -> datetime | None:
    """When the session was ended, at whichever table; None while it goes on."""
    ends = Event.objects.filter(
        encounter__campaign=campaign, kind=MARKED, payload__name=name, payload__mark=END
    )
    found: datetime | None = ends.order_by("-created").values_list("created", flat=True).first()
    return found


def table_lines(table: Encounter, name: str, audience: Audience) -> list[Line]:
    """The lines of one table the session recorded, as this audience read them; an entry taken
    back is no part of the record, nor is the line taking it back."""
    rows = list(
        Event.objects.filter(encounter=table).select_related("actor__profile").order_by("seq")
    )
    undone = {
        int(row.payload.get("reverts", 0)) for row in rows if row.kind == REVERTED and row.payload
    }
    kept = [
        rows[i]
        for i in recorded([(row.kind, row.payload) for row in rows], name)
        if rows[i].kind != REVERTED and rows[i].entry not in undone
    ]
    names = encounter_names(table)
    by_seq = {row.seq: row for row in kept}
    title = shown(table.title)
    return [
        _line(by_seq[seen["seq"]], seen, title, observers_at(table))
        for seen in visible_rows(kept, audience, names=names)
        if seen.get("created") is not None
    ]


def observers_at(table: Encounter) -> set[int]:
    """The campaign's members who watch this table: its observers, and its players who hold no
    seat at it (observers cannot speak at a table, but a player without a character there can,
    as the onlookers of a dice bot's group do)."""
    members = Membership.objects.filter(campaign_id=table.campaign_id)
    seated = Seat.objects.filter(encounter=table).values("user_id")
    watching = members.filter(role=Role.OBSERVER) | members.filter(role=Role.PLAYER).exclude(
        user_id__in=seated
    )
    return set(watching.values_list("user_id", flat=True))


def _speaker(row: Event) -> str:
    payload = row.payload if isinstance(row.payload, dict) else {}
    if row.kind == TRANSCRIBED:
        return str(payload.get("speaker") or "")
    if row.kind == SAID and payload.get("as"):
        return str(payload["as"])
    if row.actor_id is not None:
        return display_name(row.actor)
    return _("Table")


def _words(row: Event, seen: Mapping[str, Any]) -> str:
    """A chat line's words without its speaker (the transcript names them once, above); any
    other line as the reader read it at the table."""
    if row.kind != SAID or seen.get("redacted"):
        return str(seen["text"])
    inline = inline_line(row)
    if inline is None:
        return str(row.payload.get("text") or "")
    return "".join(
        str(part["text"]) if "text" in part else f"[{part['expr']}: {part['breakdown']}]"
        for part in inline["parts"]
    )


def _line(row: Event, seen: Mapping[str, Any], table: str, observers: set[int]) -> Line:
    payload = row.payload if isinstance(row.payload, dict) else {}
    kind = str(payload.get("kind") or row.kind) if row.kind == TRANSCRIBED else str(seen["kind"])
    redacted = bool(seen.get("redacted"))
    return Line(
        speaker=_speaker(row),
        at=row.created,
        text=_words(row, seen),
        kind=kind,
        dice=tuple(_dice(seen.get("dice") or (), row.dice if not redacted else ())),
        secret=bool(seen.get("secret")),
        badge=str(seen.get("badge") or ""),
        in_character=bool(seen.get("in_character")),
        table=table,
        observer=bool(payload.get("observer"))  # a transcript brought in keeps its flag
        if row.kind == TRANSCRIBED
        else row.kind in (SAID, ROLLED) and row.actor_id in observers,
        msg=None if kind == SAID else ((row.redacted_msg if redacted else row.msg) or None),
        english=str(row.redacted_text if redacted else row.text) if kind != SAID else "",
    )


def _dice(shown_dice: Iterable[Mapping[str, Any]], stored: Sequence[Any]) -> Iterable[Die]:
    for n, die in enumerate(shown_dice):
        raw = stored[n] if n < len(stored) and isinstance(stored[n], dict) else {}
        yield Die(
            purpose=str(die.get("purpose") or ""),
            sides=int(die.get("sides") or 0),
            value=int(die.get("value") or 0),
            stored=str(raw.get("purpose") or ""),
            sides_shown=bool(die.get("sides_shown", True)),
        )


def said_text(line: Line) -> str:
    """A line's words with its secrecy named, as every format prints them."""
    if line.secret and line.badge:
        return _("%(text)s (%(badge)s)") % {"text": line.text, "badge": line.badge}
    return line.text
