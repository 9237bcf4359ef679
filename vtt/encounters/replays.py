"""Replay: the board as one viewer saw it after any entry of the log, and their own log to keep."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules.core.log import TABLE_PREFIX, Entry, fold
from rules.core.messages import Message
from rules.core.registry import get_system
from rules.core.system import Audience, GameSystem, State
from vtt.encounters.fragments import combatant_rows, encounter_names, visible_rows
from vtt.encounters.models import Encounter
from vtt.encounters.services import entries_of
from vtt.eventlog.models import Event
from vtt.system_titles import system_title
from vtt.tables.registry import presenter_for
from vtt.tables.scene import scene_context
from vtt.words import own_side_name, say, shown, shown_all

# The parts of a dumped state that say where the game is; a change of any of them is a new phase.
PHASE_KEYS = ("match", "week", "turn", "round", "player", "phase")


@dataclass(frozen=True)
class Position:
    """One step of a replay: after entry `index`, which this viewer saw, and its phase then."""

    index: int  # the entry
    seq: int  # its last event
    phase: tuple[Any, ...]
    label: str
    text: str  # the first log line this viewer sees of it


def _phase_of(dumped: Mapping[str, Any]) -> tuple[Any, ...]:
    return tuple(dumped.get(key) for key in PHASE_KEYS)


def _phase_label(
    dumped: Mapping[str, Any],
    system: GameSystem | None = None,
    sides: Mapping[str, Mapping[str, str]] | None = None,
) -> str:
    """Where the game stands, in words: "Turn 2 · blue · combat", "Round 3 · round"...; a side
    by the names it has now (`sides`: issue 36, renamed in play, SCS-ENG-4)."""
    parts = []
    if dumped.get("match") not in (None, ""):
        parts.append(_("Match %(n)s") % {"n": dumped["match"]})
    if dumped.get("week") not in (None, ""):
        parts.append(_("Week %(n)s") % {"n": dumped["week"]})
    if dumped.get("turn") not in (None, ""):
        parts.append(_("Turn %(n)s") % {"n": dumped["turn"]})
    if dumped.get("round") not in (None, ""):
        parts.append(_("Round %(n)s") % {"n": dumped["round"]})
    if isinstance(dumped.get("player"), str) and dumped["player"]:
        parts.append(own_side_name((sides or {}).get(dumped["player"]), dumped["player"]))
    if isinstance(dumped.get("phase"), str) and dumped["phase"]:
        parts.append(_phase_name(system, dumped["phase"]))
    return " · ".join(parts) or _("Start")


def _phase_name(system: GameSystem | None, phase: str) -> str:
    """A phase in words: the system's `<prefix>.phase.<phase>` message, else the id spaced."""
    found = _phases(system.key).get(phase) if system is not None else None
    return say(found()) if found is not None else phase.replace("_", " ")


@functools.cache
def _phases(key: str) -> dict[str, Message]:
    return {m.id.rsplit(".phase.", 1)[1]: m for m in get_system(key).messages if ".phase." in m.id}


def _seen(
    rows: Sequence[Event], audience: Audience, names: Mapping[str, str]
) -> list[dict[str, Any]]:
    return visible_rows(rows, audience, names=names)


def _rows_by_entry(encounter: Encounter) -> dict[int, list[Event]]:
    grouped: dict[int, list[Event]] = {}
    for row in Event.objects.filter(encounter=encounter).select_related("actor").order_by("seq"):
        grouped.setdefault(row.entry, []).append(row)
    return grouped


def _states(system: GameSystem, setup: Mapping[str, Any], entries: Sequence[Entry]) -> list[State]:
    """The state after each entry, reverts honoured only once they were made."""
    states: list[State] = []
    state = system.start(setup)
    done: list[Entry] = []
    for entry in entries:
        done.append(entry)
        if any(event.kind == "table.reverted" for event in entry.events):
            state = fold(system, setup, done)  # an undo: fold again without what it took back
        else:
            for event in entry.events:
                if not event.kind.startswith(TABLE_PREFIX):
                    state = system.apply(state, event)
        states.append(state)
    return states


@dataclass(frozen=True)
class Replay:
    """The positions a viewer may step through, and the state after each."""

    positions: list[Position]
    states: dict[int, State]  # entry index -> state after it
    rows: dict[int, list[dict[str, Any]]]  # entry index -> the log lines this viewer saw


def build(encounter: Encounter, audience: Audience) -> Replay:
    """Every entry the viewer saw at least a line of, with its phase and the state after it."""
    system = get_system(encounter.system)
    entries = entries_of(encounter)
    states = _states(system, encounter.setup, entries)
    grouped = _rows_by_entry(encounter)
    names = encounter_names(encounter)
    positions, by_index, rows = [], {}, {}
    for entry, state in zip(entries, states, strict=True):
        seen = _seen(grouped.get(entry.index, []), audience, names)
        if not seen:
            continue  # an entry this viewer never heard of is no step of theirs
        dumped = system.dump(state)
        dumped = dumped if isinstance(dumped, Mapping) else {}
        positions.append(
            Position(
                index=entry.index,
                seq=max(r["seq"] for r in seen),
                phase=_phase_of(dumped),
                label=_phase_label(dumped, system, names.sides),
                text=str(seen[0]["text"]),
            )
        )
        by_index[entry.index] = state
        rows[entry.index] = seen
    return Replay(positions, by_index, rows)


def phase_starts(positions: Sequence[Position]) -> list[Position]:
    """The first position of each phase, in order."""
    starts: list[Position] = []
    for position in positions:
        if not starts or position.phase != starts[-1].phase:
            starts.append(position)
    return starts


def board_context(
    encounter: Encounter, audience: Audience, state: State, is_gm: bool
) -> dict[str, Any]:
    """The board templates' context (docs/architecture.md) for a past state: nothing to act on."""
    system = get_system(encounter.system)
    view = shown_all(system.view(state, audience))  # built-in names in the reader's words
    actors = list(system.actors(state)) if system.actors else []
    mine = actors if is_gm else [a for a in actors if a in audience.actors]
    context: dict[str, Any] = {
        "combatant_rows": combatant_rows(view),
        "forms": [],
        "view": view,
        "audience": audience,
        "legal": {},
        "encounter": encounter,
        "system": system,
        "is_gm": is_gm,
        "actors": actors,
        "my_actors": mine,
        "replaying": True,
    }
    presenter = presenter_for(encounter.system)
    if presenter is not None:
        context.update(presenter.board_context(view, audience, {"frozen": "1"}))
    context.update(scene_context(view, audience, encounter.system, {"frozen": "1"}))
    return context


def own_log(encounter: Encounter, audience: Audience) -> list[dict[str, Any]]:
    """The log lines this viewer may see, as JSON-ready rows."""
    rows = Event.objects.filter(encounter=encounter).select_related("actor").order_by("seq")
    return [
        {
            "seq": row["seq"],
            "entry": row["entry"],
            "kind": row["kind"],
            "by": row["by"],
            "text": row["text"],
            "dice": [
                {"purpose": d.get("purpose"), "sides": d.get("sides"), "value": d.get("value")}
                for d in row["dice"]
            ],
            "redacted": bool(row.get("redacted")),
            "created": row["created"].isoformat(),
        }
        for row in visible_rows(rows, audience, names=encounter_names(encounter))
    ]


def own_log_json(encounter: Encounter, audience: Audience) -> str:
    """The viewer's own log as a JSON document."""
    return json.dumps(
        {
            "encounter": encounter.pk,
            "title": shown(encounter.title),
            "system": encounter.system,
            "events": own_log(encounter, audience),
        },
        indent=2,
        ensure_ascii=False,
    )


def own_log_text(encounter: Encounter, audience: Audience) -> str:
    """The viewer's own log as plain lines: number, time, who, text and the dice."""
    title = pgettext("log file", "%(title)s (%(system)s)")
    lines = [
        title % {"title": shown(encounter.title), "system": system_title(encounter.system)},
        "",
    ]
    separator = pgettext("log file", ", ")  # between a line's dice
    with_dice = pgettext("log file", "%(line)s (%(dice)s)")
    for row in own_log(encounter, audience):
        dice = separator.join(
            f"{d['purpose'] or ''} d{d['sides']}={d['value']}".strip() for d in row["dice"]
        )
        who = f" [{row['by']}]" if row["by"] else ""
        line = f"#{row['seq']} {row['created'][:19]}{who} {row['text']}"
        lines.append(with_dice % {"line": line, "dice": dice} if dice else line)
    return "\n".join(lines) + "\n"
