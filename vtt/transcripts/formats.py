"""A transcript's files: QQ-style plain text as dice bots post it (`Name 2026/12/06 20:01:02`,
then the words), BBCode with each speaker's colour for a forum, an HTML page, and a JSON file
that brings the session back into a campaign (importing.py). The .docx is docx_file.py."""

from __future__ import annotations

import json
import re
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from vtt.system_titles import system_title
from vtt.transcripts.lines import Line, Transcript, said_text

VERSION = 1  # the JSON file's `transcript_version`


def heading(transcript: Transcript) -> str:
    """What heads every file: the session, its campaign and its rules."""
    return _("%(session)s · %(campaign)s (%(system)s)") % {
        "session": transcript.name,
        "campaign": transcript.campaign,
        "system": system_title(transcript.system),
    }


def as_text(transcript: Transcript) -> str:
    """QQ style: a line naming who and when, the words under it, each die under them."""
    out = [heading(transcript), ""]
    for line in transcript.lines:
        out.append(f"{line.speaker} {line.when}")
        out.append(said_text(line))
        out.extend(f"  · {die.said()}" for die in line.dice)
        out.append("")
    return "\n".join(out)


def as_bbcode(transcript: Transcript) -> str:
    """A forum's BBCode: every line of a speaker in their colour, the dice smaller."""
    out = [f"[b]{bb_text(heading(transcript))}[/b]", ""]
    for line in transcript.lines:
        colour = line.colour
        out.append(f"[color={colour}][b]{bb_text(line.speaker)}[/b] {line.when}[/color]")
        out.append(f"[color={colour}]{_bb_words(line)}[/color]")
        out.extend(
            f"[color={colour}][size=85]· {bb_text(die.said())}[/size][/color]" for die in line.dice
        )
        out.append("")
    return "\n".join(out)


# A bracket that could open or close a tag ("[url=", "[/color]", "[*]"); "[86]" cannot.
_TAG_START = re.compile(r"\[(?=[A-Za-z/*])")
# After such a bracket: no forum's BBCode reads a tag there, and nobody sees it.
ZERO_WIDTH_SPACE = "\u200b"


def bb_text(text: str) -> str:
    """Words as a forum shows them, never as BBCode: a bracket someone typed ("[url=…]",
    "[/color]") is followed by a zero-width space, so it opens no tag and closes none of ours,
    and the words read as typed (forums have no escape every one of them honours)."""
    return _TAG_START.sub("[" + ZERO_WIDTH_SPACE, text)


def _bb_words(line: Line) -> str:
    words = bb_text(said_text(line))
    if line.secret:
        words = f"[i]{words}[/i]"
    return words


def as_html(transcript: Transcript) -> str:
    """A page to open or post: the speakers' colours, the dice under each line."""
    return render_to_string(
        "transcripts/transcript.html",
        {
            "transcript": transcript,
            "heading": heading(transcript),
            "lines": [(line, said_text(line)) for line in transcript.lines],
            "language": html_language(),
        },
    )


def html_language() -> str:
    """The reader's language as a page's `lang` names it: en, zh-Hans."""
    language, _dash, script = (get_language() or "en").partition("-")
    if not script:
        return language
    return f"{language}-{script.title() if len(script) == 4 else script.upper()}"


def as_json(transcript: Transcript) -> str:
    """The session as a file to keep or bring into a campaign: each line as the reader read
    it, and as stored (its message and the dice's purposes) so it reads in any language."""
    document: dict[str, Any] = {
        "transcript_version": VERSION,
        "session": transcript.name,
        "campaign": transcript.campaign,
        "system": transcript.system,
        "language": get_language() or "en",
        "names": dict(transcript.names),
        "lines": [_json_line(line) for line in transcript.lines],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _json_line(line: Line) -> dict[str, Any]:
    return {
        "at": line.at.isoformat(),
        "speaker": line.speaker,
        "kind": line.kind,
        "text": line.text,
        "english": line.english,
        "msg": _sorted(line.msg),
        "secret": line.secret,
        "in_character": line.in_character,
        "observer": line.observer,
        "table": line.table,
        "dice": [
            {"purpose": die.stored, "shown": die.purpose, "sides": die.sides, "value": die.value}
            for die in line.dice
        ],
    }


def _sorted(value: Any) -> Any:
    """A stored message with its keys in one order, whichever database kept it (PostgreSQL's
    jsonb orders them its own way): the same session gives the same file."""
    if isinstance(value, dict):
        return {key: _sorted(value[key]) for key in sorted(value)}
    if isinstance(value, list):
        return [_sorted(item) for item in value]
    return value
