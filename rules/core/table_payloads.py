"""The payloads of the table's own events (table.*), which every system's encounters emit: dice
rolled at the table, chat lines, undo, an encounter's start and end (rules/core/table.py,
vtt/encounters/services.py). Schemas: rules/core/payloads.py."""

from __future__ import annotations

from typing import Any

from rules.core.payloads import kinds, opt, payload, req

_ROLLS = opt(
    list[dict[str, Any]],
    "the inline rolls typed as [[expr]]: expr, total, breakdown (English) and said (its message)",
)

PAYLOADS = kinds(
    payload(
        "table.started",
        "An encounter began; its dice seed is committed to before any roll.",
        commitment=req(str, "the SHA-256 of the dice seed, revealed by table.ended"),
    ),
    payload(
        "table.ended",
        "An encounter ended; its dice seed is revealed so every roll can be verified.",
        seed=req(str, "the dice seed whose hash table.started committed to"),
    ),
    payload(
        "table.clock",
        "A game without a GM: its time control set, a side out of time, more time given, a "
        "forfeit accepted or a concession (vtt/remote/services.py).",
        what=req(str, "set, timeout, extended, forfeit or conceded"),
        side=req(str, "the side it is about: who set it, ran out, was given time or conceded"),
        hours=opt(int, "the hours given (extended)"),
        bank=opt(int, "the bank of hours each side starts with (set)"),
        increment=opt(int, "the hours added per move (set)"),
        cap=opt(int, "the most hours a side's clock may hold (set)"),
    ),
    payload(
        "table.rolled",
        "Dice rolled at the table (/roll, /gmroll); the faces are in the event's dice.",
        expr=req(str, "the dice expression as parsed, e.g. 1d20+5"),
        total=req(int, "the total after any floor"),
        raw_total=req(int, "the total before the floor"),
        floor=req(int | None, "the lowest total allowed, if any"),
        breakdown=req(str, "each term and its faces, as the log line shows them"),
        terms=req(list[dict[str, Any]], "each term: term, faces, kept, value"),
        label=req(str, "what the roll is for (may be empty)"),
        secret=req(bool, "a GM roll (/gmroll): only the roller and the GM read it"),
    ),
    payload(
        "table.said",
        "A chat line, said as oneself or in character.",
        text=req(str, "the words as typed (inline rolls as [[expr]])"),
        rolls=_ROLLS,
        **{"as": opt(str, "the character it was said as (/as)")},
    ),
    payload(
        "table.whispered",
        "A chat line only its readers (named by user id in the audience) and the GM see.",
        text=req(str, "the words as typed (inline rolls as [[expr]])"),
        to=req(str, "the name of whom it was whispered to (empty: to the GM)"),
        gm=req(bool, "whispered to the GM"),
        rolls=_ROLLS,
    ),
    payload(
        "table.session_marked",
        "The GM marked a session's record at this table: begun, paused, going on or ended "
        "(.log new/off/on/end, rules/core/recording.py).",
        mark=req(str, "new, off, on or end"),
        name=req(str, "the session's name, the same at every table of the campaign"),
    ),
    payload(
        "table.transcribed",
        "A line of a session's transcript brought into a campaign from its JSON file; it reads as "
        "the transcript read it.",
        kind=req(str, "the kind of the line's event where it was first recorded"),
        speaker=req(str, "who spoke or acted, as the transcript named them"),
        observer=opt(bool, "said or rolled by a member watching that table (the file's flag)"),
    ),
    payload(
        "table.reverted",
        "An entry taken back: by the GM (undo) or by the player who sent it.",
        reverts=req(int, "the index of the entry taken back"),
    ),
)
