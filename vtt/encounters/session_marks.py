"""Which mark of a session's record the GM may make now (`.log new/on/off/end <name>`), read from
the marks of every table of the campaign (rules/core/recording.py says what the marks mean)."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from rules.core.recording import END, MARKED, NEW, OFF, ON, sessions, where
from vtt.errors import NotAllowed
from vtt.eventlog.models import Event


def campaign_marks(campaign_id: int) -> list[tuple[int, str, str]]:
    """Every mark of the campaign's tables, (table, mark, name), in the order they were made."""
    rows = (
        Event.objects.filter(encounter__campaign_id=campaign_id, kind=MARKED)
        .order_by("created", "encounter_id", "seq")
        .values_list("encounter_id", "payload")
    )
    return [
        (table, str(payload.get("mark")), str(payload.get("name")))
        for table, payload in rows
        if isinstance(payload, dict)
    ]


def session_names(campaign_id: int) -> dict[str, bool]:
    """The campaign's sessions, first marked first, and whether each has ended."""
    return sessions((mark, name) for _table, mark, name in campaign_marks(campaign_id))


def decide(campaign_id: int, table_id: int, mark: str, name: str) -> str:
    """The session a mark made at this table is of, or NotAllowed in words: a new session needs a
    name not used yet (none typed: today's date); going on, pausing and ending name the table's
    session unless another is named."""
    marks = campaign_marks(campaign_id)
    known = sessions((m, n) for _t, m, n in marks)
    here = where((m, n) for t, m, n in marks if t == table_id)
    if mark == NEW:
        return _new_name(name, known)
    if mark == OFF:
        if not here.recording or here.name is None:
            raise NotAllowed(_("Nothing is being recorded at this table."))
        return here.name
    chosen = name or here.name or _latest_open(known)
    if not chosen:
        raise NotAllowed(_("No session is being recorded; .log new and a name begins one."))
    if chosen not in known:
        raise NotAllowed(_("No session is named %(name)s.") % {"name": chosen})
    if known[chosen]:
        raise NotAllowed(_("The session %(name)s has ended.") % {"name": chosen})
    if mark == ON and here.recording and here.name == chosen:
        raise NotAllowed(
            _("The session %(name)s is being recorded here already.") % {"name": chosen}
        )
    assert mark in (ON, END)
    return chosen


def _new_name(name: str, known: dict[str, bool]) -> str:
    if name:
        if name in known:
            raise NotAllowed(
                _("A session named %(name)s was begun before; .log on %(name)s goes on with it.")
                % {"name": name}
            )
        return name
    day = timezone.localdate().isoformat()
    chosen, n = day, 1
    while chosen in known:
        n += 1
        chosen = f"{day} ({n})"
    return chosen


def _latest_open(known: dict[str, bool]) -> str | None:
    return next((name for name, ended in reversed(known.items()) if not ended), None)
