"""Renders the HTML the page, the catch-up view and the consumer send: once per audience."""

from __future__ import annotations

import functools
import hashlib
import pickle
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string, select_template
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from rules.core.log import REVERTED
from rules.core.registry import get_system
from rules.core.system import Audience
from rules.core.table import MAX_INLINE, inline_parts
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.roles import role_of
from vtt.encounters import delta, presence, takeback
from vtt.encounters.audiences import audience_for, audience_of, table_audiences, whisper_readers
from vtt.encounters.models import Encounter, Seat
from vtt.encounters.presence import register
from vtt.eventlog.models import Event
from vtt.fanout import frames_message, publish_from_sync
from vtt.tables.forms import action_forms
from vtt.tables.memo import Memo
from vtt.tables.registry import presenter_for
from vtt.tables.scene import not_a_players_move, off_the_map, scene_context
from vtt.words import names_in, own_side_name, purpose, say, shown_all, side_name, sides_now


def _by(row: Event) -> str:
    """Who acted, from the name the service attached or the row's user."""
    name = getattr(row, "by_name", None)
    if name is not None:
        return str(name)
    return row.actor.get_username() if row.actor_id and row.actor else ""


def dice_chips(
    dice: Iterable[dict[str, Any]], names: Mapping[str, str] | None = None
) -> list[dict[str, Any]]:
    """Each recorded die for the log, with its die size shown only where its purpose does not
    already name it ("2d6 → 3", but "hit location d10 → 7"); the ids in a purpose read as the
    `names` the encounter gives them (vtt.words.names_in)."""
    return [
        {
            **die,
            "purpose": purpose(str(die["purpose"]), names=names)
            if die.get("purpose")
            else die.get("purpose"),
            "sides_shown": f"d{die.get('sides')}" not in str(die.get("purpose")),
        }
        for die in dice
    ]


SPOT = "\x00"  # stands for a chat line's words while its frame ("{actor}: {text}") is translated


def inline_line(row: Event) -> dict[str, Any] | None:
    """A chat line with inline rolls as the log shows it: the translated frame around the words,
    and the words as pieces of text and rolls (each roll's total, its dice on hover)."""
    payload = row.payload if isinstance(row.payload, dict) else {}
    if not payload.get("rolls") or not row.msg or "text" not in (row.msg.get("params") or {}):
        return None
    frame = say({**row.msg, "params": {**row.msg["params"], "text": SPOT}})
    if frame.count(SPOT) != 1:
        return None
    before, after = frame.split(SPOT)
    # each roll's dice in the reader's language (a roll stored before it kept `said`: English)
    parts = [
        {**part, "breakdown": say(part["said"])} if isinstance(part.get("said"), dict) else part
        for part in inline_parts(payload)
    ]
    return {"before": before, "parts": parts, "after": after}


def _inline_said(inline: Mapping[str, Any]) -> str:
    """A chat line with inline rolls as plain text (mine.txt, the log's text), each roll's dice
    in the reader's language: `我出手 [4d10>=8: 4d10>=8 [9, 2, 8, 3]（2 个成功数）= 2]`."""
    words = (
        str(part["text"]) if "text" in part else f"[{part['expr']}: {part['breakdown']}]"
        for part in inline["parts"]
    )
    return f"{inline['before']}{''.join(words)}{inline['after']}"


# The kind a reader who may not see an event reads in its place (its row's class, the own log's
# "kind", the log file's withheld events): the hidden kind would tell what the GM did.
WITHHELD = "table.withheld"


def visible_rows(
    rows: Iterable[Event],
    audience: Audience,
    undone: Collection[int] = (),
    names: Mapping[str, str] | None = None,
) -> list[dict[str, Any]]:
    """The log lines this audience may see: the event, its redacted line, or nothing; a line of
    an entry in `undone` (taken back since) is marked so.

    What `_event_row.html` shows is worked out here (its classes, badge and times), not by
    template filters: it draws every line of every log, and each filter costs there."""
    shown = []
    sides = getattr(names, "sides", None)  # issue 36: a side reads by its scenario's names now
    for row in rows:
        marks = _undo_marks(row, undone)
        if audience.can_see(row.audience):
            in_character = bool(isinstance(row.payload, dict) and row.payload.get("as"))
            secret = row.audience != "all"
            inline = inline_line(row)
            line = {
                "seq": row.seq,
                "entry": row.entry,
                "kind": row.kind,
                "text": _inline_said(inline)
                if inline
                else say(row.msg, sides)
                if row.msg
                else row.text,
                "inline": inline,
                "in_character": in_character,
                "dice": dice_chips(row.dice, names),
                "secret": secret,
                # "gm" | "side:<name>" | "actor:<id>" | "users:<ids>": the badge
                "audience": row.audience,
                "badge": _badge(row.audience, row.kind, sides) if secret else "",
                "classes": _classes(row.kind, secret=secret, in_character=in_character),
                "by": _by(row),
                **_times(row.created),
                **marks,
            }
        elif row.redacted_text is not None:
            # nothing of the hidden event but its line: every redacted line is of one kind
            line = {
                "seq": row.seq,
                "entry": row.entry,
                "kind": WITHHELD,
                "text": say(row.redacted_msg, sides) if row.redacted_msg else row.redacted_text,
                "dice": [],
                "redacted": True,
                "classes": _classes(WITHHELD, redacted=True),
                "by": _by(row),
                **_times(row.created),
                **marks,
            }
        else:
            continue
        shown.append(line)
    return shown


def _undo_marks(row: Event, undone: Collection[int]) -> dict[str, Any]:
    """A take-back's line names the entry it took back (table.js marks that entry's lines when
    it arrives live); a line of an entry taken back is marked `undone`."""
    marks: dict[str, Any] = {}
    if row.kind == REVERTED and isinstance(row.payload, dict):
        marks["reverts"] = row.payload.get("reverts")
    if row.entry in undone:
        marks["undone"] = True
    return marks


def _badge(
    audience: str, kind: str = "", sides: Mapping[str, Mapping[str, str]] | None = None
) -> str:
    """Who else reads a secret line, as its badge says (a side by the names it has now)."""
    if audience.startswith("side:"):
        side = audience[5:]
        return _("%(side)s only") % {"side": own_side_name((sides or {}).get(side), side)}
    if audience.startswith("actor:"):
        return _("private")
    if audience.startswith("users:"):
        return _("secret roll") if kind == "table.rolled" else _("whisper")
    return _("GM only")


def _classes(
    kind: str, *, secret: bool = False, redacted: bool = False, in_character: bool = False
) -> str:
    flags = (("secret", secret), ("redacted", redacted), ("in-character", in_character))
    return " ".join(["event", _kind_class(kind), *(name for name, on in flags if on)])


@functools.cache
def _kind_class(kind: str) -> str:
    return f"kind-{slugify(kind)}"


def _times(created: datetime | None) -> dict[str, Any]:
    """A line's time: when (Unix seconds, for the page's clock) and its hour and minute in the
    reader's time zone."""
    if created is None:
        return {"created": None}
    return {
        "created": created,
        "at": int(created.timestamp()),
        "clock": localtime(created).strftime("%H:%M"),  # as the template's `time:"H:i"`
    }


# Log lines kept rendered, by (row id, its time, whole or redacted, the sides' names) and
# language: a stored event never changes, so each line is drawn once per process, language and
# names of the sides (a side renamed in play reads anew, SCS-ENG-4) and every audience that reads
# it the same way shares it (the time keeps a reused id, as after a test's rollback, apart).
_ROW_HTML = Memo(4096)


def event_rows_html(
    rows: Iterable[Event], audience: Audience, names: Mapping[str, str] | None = None
) -> SafeString:
    """The log lines this audience may see, as the log's HTML (encounters/_event_row.html)."""
    template = get_template("encounters/_event_row.html")
    out = []
    for row in rows:
        full = audience.can_see(row.audience)
        if not full and row.redacted_text is None:
            continue
        line = partial(_row_html, template, row, audience, names)
        sides = getattr(names, "sides_key", None)  # a side renamed since: drawn anew
        out.append(_ROW_HTML.get_by((row.pk, row.created, full, sides), line))
    return mark_safe("".join(out))  # each line is the template's output, escaped there


# what an encounter's setup names, by id: drawn once per encounter (its setup never changes)
# and per names its sides have (the GM may rename one in play, SCS-ENG-4)
_NAMES = Memo(256)


class SetupNames(dict[str, str]):
    """What an encounter's setup names, by id (vtt.words.names_in), and its scenario's sides by
    key and language as named now (`sides`, vtt.words.sides_now; `sides_key` keeps apart the
    lines drawn with other names): its log lines read both at read time."""

    sides: dict[str, dict[str, str]]
    sides_key: tuple[Any, ...]
    # the revision of the sides' names ("" while the scenario's own stand): every frame carries
    # it, and a page whose log lines were drawn under other names draws them anew (table.js)
    rev: str


def _setup_names(setup: Any, sides: dict[str, dict[str, str]]) -> SetupNames:
    found = SetupNames(names_in(setup))
    found.sides = sides
    found.sides_key = _sides_key(sides)
    found.rev = _names_rev(found.sides_key) if sides else ""
    return found


def _names_rev(sides_key: tuple[Any, ...]) -> str:
    return hashlib.sha1(repr(sides_key).encode(), usedforsecurity=False).hexdigest()[:12]


def _sides_key(sides: Mapping[str, Mapping[str, str]]) -> tuple[Any, ...]:
    return tuple(sorted((side, tuple(sorted(names.items()))) for side, names in sides.items()))


def encounter_names(encounter: Encounter) -> SetupNames:
    """The names the encounter's setup gives its ids (vtt.words.names_in): a die's purpose
    written with "mara" reads "Mara Ostrow"; and the names its sides have now."""
    sides = sides_now(encounter.setup, encounter.state)
    return _NAMES.get_by(
        ("names", encounter.pk, encounter.created, _sides_key(sides)),
        partial(_setup_names, encounter.setup, sides),
    )


def _row_html(
    template: Any, row: Event, audience: Audience, names: Mapping[str, str] | None
) -> str:
    [line] = visible_rows([row], audience, names=names)
    return str(template.render({"row": line}))


def combatant_rows(view: Any) -> list[dict[str, Any]]:
    """The view's combatants as a list of mappings with an `id` (a list or a mapping by id)."""
    raw = view.get("combatants") if isinstance(view, dict) else None
    if isinstance(raw, dict):
        items = [
            {"id": key, **value} if isinstance(value, dict) else {"id": key, "value": value}
            for key, value in raw.items()
        ]
    elif isinstance(raw, list):
        items = [dict(c) if isinstance(c, dict) else {"id": str(c)} for c in raw]
    else:
        items = []
    for item in items:
        item.setdefault("name", item.get("id", ""))
        item["current"] = bool(
            isinstance(view, dict)
            and item.get("id") is not None
            and item.get("id") in (view.get("current"), view.get("turn"), view.get("active"))
        )
    return items


def unit_rows(view: Any) -> list[dict[str, Any]]:
    """The rows of a board whose view keeps its units by id (mech), the active one current, so
    its turn banner reads "Your turn" too."""
    units = view.get("units") if isinstance(view, dict) else None
    if not isinstance(units, dict):
        return []
    return combatant_rows({"combatants": units, "active": view.get("active")})


def actor_names(view: Any, rows: list[dict[str, Any]] | None = None) -> dict[str, str]:
    """Actor id -> the name people read: its combatant's or unit's name, or the view's
    `actor_names` (a wargame's sides), else the id."""
    if rows is None:
        rows = combatant_rows(view)
    names = {str(row["id"]): str(row.get("name") or row["id"]) for row in rows}
    units = view.get("units") if isinstance(view, Mapping) else None
    for ident, unit in (units or {}).items():  # boards whose view keeps units by id (mech)
        if isinstance(unit, Mapping) and unit.get("name"):
            names.setdefault(str(ident), str(unit["name"]))
    # actors that are not combatants (a wargame's sides) are named by the view's `actor_names`;
    # a side the scenario names by its id ("red": "Red") is named in the reader's language, and
    # one it names itself by its name in the reader's language (issue 36: 国防军, Wehrmacht)
    if isinstance(view, Mapping):
        scenario = view.get("scenario")
        labels = scenario.get("side_labels") if isinstance(scenario, Mapping) else None
        for key, name in (view.get("actor_names") or {}).items():
            plain = str(key).replace("_", " ").title() == str(name)
            own = (labels or {}).get(str(key)) if isinstance(labels, Mapping) else None
            names[str(key)] = (
                own_side_name(own, str(key)) if own else side_name(str(key)) if plain else str(name)
            )
    return names


def loaded_state(encounter: Encounter) -> Any:
    """The encounter's rules state, loaded once for every view rendered from this row (a
    broadcast renders one per audience and language): kept on the row with the stored JSON it
    came from, so a changed state is loaded again. Views and legal actions only read it (each
    system's view works on its own copy; tests/vtt/test_shared_state.py checks that they do)."""
    kept = getattr(encounter, "_loaded_state", None)
    if kept is not None and kept[0] is encounter.state:
        return kept[1]
    state = get_system(encounter.system).load(encounter.state)
    encounter._loaded_state = (encounter.state, state)  # type: ignore[attr-defined]
    return state


def keep_loaded(encounter: Encounter, state: Any) -> None:
    """The rules state a service just dumped into `encounter.state`, kept for `loaded_state`:
    the broadcast's views read it rather than load (copy) that JSON once more. Loading what a
    state dumps gives that state back (tests/vtt/test_shared_state.py checks every system)."""
    encounter._loaded_state = (encounter.state, state)  # type: ignore[attr-defined]


def table_context(
    encounter: Encounter, audience: Audience, request_params: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The context of the board and sheet templates (docs/architecture.md), for one audience."""
    system = get_system(encounter.system)
    state = loaded_state(encounter)
    # the built-in names of its catalogue and demo in the reader's language (vtt.words.shown)
    view = shown_all(system.view(state, audience))
    actors = list(system.actors(state)) if system.actors else []
    is_gm = audience.role == "gm"
    mine = actors if is_gm else [a for a in actors if a in audience.actors]
    if audience.role == "player" and not actors:
        mine = sorted(audience.actors)
    presenter = presenter_for(encounter.system)
    # a board that asks the rules for its own actions (OWN_LEGAL) is not asked twice
    asks = encounter.is_active and not (presenter is not None and presenter.OWN_LEGAL)
    legal = {actor: system.legal_actions(state, actor) for actor in mine} if asks else {}
    if is_gm:  # SCENE-MOVE-2: a player's token is its player's to move (vtt/tables/scene.py)
        legal = {actor: not_a_players_move(state, actor, found) for actor, found in legal.items()}
    rows = combatant_rows(view)
    names = actor_names(view, rows)
    if is_gm:
        names.setdefault("gm", _("Game master"))
    acting = [row for row in rows or unit_rows(view) if row.get("current")]
    my_turn = [str(row.get("name")) for row in acting if str(row["id"]) in mine and not is_gm]
    context: dict[str, Any] = {
        "combatant_rows": rows,
        # "your turn" for a player whose combatant (or side) acts now; the GM sees who acts
        "my_turn": my_turn,
        "acting_now": [str(row.get("name")) for row in acting],
        "view": view,
        "audience": audience,
        "legal": legal,
        "encounter": encounter,
        "system": system,
        "is_gm": is_gm,
        "actors": actors,
        "seat_labels": [(actor, names.get(actor, actor)) for actor in actors],
        "my_actors": mine,
        "actor_names": names,
        "take_back": _take_back_name(encounter, system, audience, names),
    }
    if presenter is not None:
        params = dict(request_params or {})
        if not encounter.is_active:
            params["frozen"] = True  # issue 32: the board of an ended encounter offers nothing
        context.update(presenter.board_context(view, audience, params))
        # a system's own forms are headed by names too, whoever built them
        for form in context.get("forms") or ():
            if isinstance(form, dict) and "actor" in form:
                form["actor_name"] = names.get(str(form["actor"]), form.get("actor_name"))
    # the scene map, as this viewer may see it (vtt/tables/scene.py), or the GM's set-up
    scene_params = dict(request_params or {})
    if not encounter.is_active:
        scene_params["frozen"] = True
    context.update(scene_context(view, audience, encounter.system, scene_params, state))
    if "forms" not in context:  # a board that builds no forms of its own: one per legal action
        context["forms"] = action_forms({a: off_the_map(t) for a, t in legal.items()}, names)
    if not encounter.is_active:  # issue 32: an ended encounter offers nothing more to do
        context.update(forms=[], legal={}, take_back=None)
    return context


def _take_back_name(
    encounter: Encounter, system: Any, audience: Audience, names: Mapping[str, str]
) -> str | None:
    """The name of the actor whose move this player may take back now (a button), or None."""
    actor = takeback.offered(encounter, system, audience)
    return None if actor is None else names.get(actor, actor)


def board_templates(key: str) -> tuple[str, str]:
    """The board and sheet template names for a system, falling back to the generic ones."""
    board = select_template([f"systems/{key}/_board.html", "systems/_board.html"])
    sheet = select_template([f"systems/{key}/_sheet.html", "systems/_sheet.html"])
    return board.template.name, sheet.template.name


def render_table(
    encounter: Encounter,
    audience: Audience,
    *,
    oob: bool,
    request_params: Mapping[str, Any] | None = None,
) -> str:
    """The live part of the page: board, own sheet, action forms (the `#table` fragment)."""
    html = sealed(unsealed_table(encounter, audience, request_params), encounter.seq)
    return out_of_band(html) if oob else html


# Where a table's HTML names the seq it was drawn at (the GM's tools refetched after an event,
# `table_seq` in the templates): a table is drawn with this mark and the seq written in after,
# so a take-back that restores a state draws its table again from the one kept for that state.
# Nothing people write reaches the HTML unescaped, so the mark is only ever the templates'.
SEQ_MARK = mark_safe("<@seq@>")


def unsealed_table(
    encounter: Encounter, audience: Audience, request_params: Mapping[str, Any] | None = None
) -> str:
    """The `#table` fragment with `SEQ_MARK` where the seq goes."""
    context = table_context(encounter, audience, request_params)
    context["board_template"], context["sheet_template"] = board_templates(encounter.system)
    context["table_seq"] = SEQ_MARK
    return render_to_string("encounters/_table.html", context)


def sealed(unsealed: str, seq: int) -> SafeString:
    """A table drawn with `SEQ_MARK` with its seq written in (the templates' output, escaped
    there)."""
    return mark_safe(unsealed.replace(SEQ_MARK, str(seq)) if SEQ_MARK in unsealed else unsealed)


def seat_rows(
    encounter: Encounter, labels: Sequence[tuple[str, str]]
) -> list[tuple[str, str, list[tuple[int, str, bool]]]]:
    """For the GM's seat pickers: each actor, its name, and every player-or-GM member as
    (user id, display name, seated there now), read in two queries."""
    seated = dict(Seat.objects.filter(encounter=encounter).values_list("actor_id", "user_id"))
    # plain values, not models: this runs for the GM's view after every event
    members = [
        (user_id, chosen or username)  # the display name, else the username (display_name)
        for user_id, username, chosen in Membership.objects.filter(
            campaign_id=encounter.campaign_id
        )
        .exclude(role=Role.OBSERVER)
        .order_by("pk")
        .values_list("user_id", "user__username", "user__profile__display_name")
    ]
    return [
        (actor, label, [(uid, name, seated.get(actor) == uid) for uid, name in members])
        for actor, label in labels
    ]


def render_reach(encounter: Encounter, audience: Audience, origin: str) -> str | None:
    """The reachable hexes of the viewer's stack on `origin` (systems/<key>/_reach.html), or
    None for a system that draws no reach on demand."""
    try:
        template = get_template(f"systems/{encounter.system}/_reach.html")
    except TemplateDoesNotExist:
        return None
    context = table_context(encounter, audience, {"reach_from": origin})
    return template.render(context)


def render_part(
    encounter: Encounter,
    audience: Audience,
    name: str,
    request_params: Mapping[str, Any] | None = None,
) -> str | None:
    """A part of the table drawn on demand (systems/<key>/parts/<name>.html, else every
    system's encounters/parts/<name>.html), or None for a part there is not."""
    try:
        template = select_template(
            [f"systems/{encounter.system}/parts/{name}.html", f"encounters/parts/{name}.html"]
        )
    except TemplateDoesNotExist:
        return None
    context = table_context(encounter, audience, request_params)
    if name == "seats" and context["is_gm"]:  # read only when the GM opens the seat pickers
        context["seat_rows"] = seat_rows(encounter, context["seat_labels"])
    return str(template.render(context))


def out_of_band(html: str) -> SafeString:
    """The fragment marked to replace the element with its id wherever it lands in a frame."""
    return mark_safe(OPENING_TAG.sub(r'\1 hx-swap-oob="true"', html, count=1))


OPENING_TAG = re.compile(r"^(\s*<[\w-]+)")


@dataclass(frozen=True)
class TableFrame:
    """The table part of a frame: the whole table, or a delta from revision `base`."""

    rev: str
    html: str = ""
    parts: str | None = None
    base: str | None = None


def table_frame(
    encounter: Encounter, audience: Audience, *, incremental: bool
) -> TableFrame | None:
    """The table for one audience in the active language, recorded as this process's newest
    rendering of it; with `incremental`, only what changed since the one before
    (vtt/encounters/delta.py), and None when nothing did: a frame of events this audience may not
    read is then shaped like a chat line's whatever their kind (a secret poison's, a GM roll's).

    The whole table (not `incremental`: a socket's hello, a whisper reader's frame) is rendered
    once per audience and language and seq, not once per socket: the process's newest rendering
    of it is sent again while the table is at the same seq (three observers opening the page,
    every socket of a table reconnecting after a restart)."""
    key = (encounter.pk, audience.key, translation.get_language() or "")
    stamp = table_stamp(encounter)
    if not incremental:
        kept = delta.LAST.get(key)
        if kept is not None and kept.stamp == stamp:
            return TableFrame(kept.rev, html=out_of_band(kept.html))
    source = table_source(encounter, audience)
    drawn = delta.LAST.drawn(key, source)
    html: str
    if drawn is None:  # drawn anew
        unsealed = unsealed_table(encounter, audience)
        html = sealed(unsealed, encounter.seq)
        rendering = delta.Rendering(
            html, stamp=stamp, source=source, unsealed=unsealed if unsealed != html else None
        )
    elif drawn.unsealed is None:  # the same table as one this process drew, seq and all
        rendering = drawn.again(stamp)
    else:  # as drawn for this state before, at another seq: its elements are hints
        html = sealed(drawn.unsealed, encounter.seq)
        rendering = delta.Rendering(
            html, hints=(drawn,), stamp=stamp, source=source, unsealed=drawn.unsealed
        )
    html = rendering.html
    previous = delta.LAST.swap(key, rendering)
    if incremental and previous is not None and previous.rev == rendering.rev:
        return None
    if incremental and previous is not None:
        # unchanged elements are taken over, not scanned again: from this audience's rendering
        # before, or from another audience's newest (scanned already) where it changed for all
        others = [other for other in delta.LAST.others(key) if other.scanned]
        rendering.hints = (previous, *rendering.hints, *others)
        change = delta.delta(previous, rendering)
        if change is not None:
            return TableFrame(rendering.rev, parts=change.as_json(), base=previous.rev)
    return TableFrame(rendering.rev, html=out_of_band(html))


def table_source(encounter: Encounter, audience: Audience) -> tuple[object, ...]:
    """What an audience's table is drawn from besides its audience, its language and its seq:
    the rules state (a digest of it), whether the encounter is active, the actor whose move this
    audience may take back, the time zone. Two tables of the same source differ only in the seq
    written into them (`SEQ_MARK`); a take-back restores a state, and so its tables."""
    system = get_system(encounter.system)
    return (
        state_digest(encounter),
        encounter.is_active,
        takeback.offered(encounter, system, audience),
        timezone.get_current_timezone_name(),
    )


def state_digest(encounter: Encounter) -> bytes:
    """A digest of the encounter's stored rules state (kept on the row while its state is the
    same object: one per broadcast, not per audience). The pickle of equal states may differ
    (another key order): that draws a table once more, it never shares a wrong one."""
    kept = getattr(encounter, "_state_digest", None)
    if kept is not None and kept[0] is encounter.state:
        return bytes(kept[1])
    pickled = pickle.dumps(encounter.state, protocol=5)
    digest = hashlib.sha1(pickled, usedforsecurity=False).digest()
    encounter._state_digest = (encounter.state, digest)  # type: ignore[attr-defined]
    return digest


def table_stamp(encounter: Encounter) -> tuple[object, ...]:
    """What an audience's table is drawn from besides its audience and language: the game at
    this seq (its state, its log's newest entry for a take-back) and whether it has ended.
    Nothing else of the table changes without an event: a page after any sequence of frames
    shows what a reload would (vtt/encounters/delta.py)."""
    return (encounter.seq, encounter.is_active)


# Chat lines and table rolls leave the game as it was: their frames skip the table, so a form
# someone is filling in is not re-rendered under their fingers.
CHAT_ONLY = frozenset({"table.said", "table.rolled", "table.whispered"})


def events_between(encounter: Encounter, first: int, last: int) -> list[Event]:
    """The stored events first..last, in order."""
    return list(
        Event.objects.filter(encounter=encounter, seq__gte=first, seq__lte=last)
        .select_related("actor")
        .order_by("seq")
    )


def changes_table(rows: Iterable[Event]) -> bool:
    """Whether these events may change what the board shows."""
    return any(row.kind not in CHAT_ONLY for row in rows)


def render_events(
    encounter: Encounter,
    audience: Audience,
    first: int,
    last: int,
    *,
    rows: list[Event] | None = None,
    with_table: bool = True,
    incremental: bool = False,
) -> str:
    """A frame of events first..last for one audience; it carries the seqs for gap detection,
    and the table whole or (`incremental`) as a delta from the last one this process sent."""
    if rows is None:
        rows = events_between(encounter, first, last)
    table = table_frame(encounter, audience, incremental=incremental) if with_table else None
    names = encounter_names(encounter)
    return render_to_string(
        "encounters/_frame.html",
        {
            "frame": "events",
            "first": first,
            "seq": last,
            "rows_html": event_rows_html(rows, audience, names),
            "table": table,
            "encounter": encounter,
            "names_rev": names.rev,
        },
    )


def render_hello(encounter: Encounter, audience: Audience) -> str:
    """The first frame of every (re)connect: the stored table now and the latest seq."""
    return render_to_string(
        "encounters/_frame.html",
        {
            "frame": "hello",
            "seq": encounter.seq,
            "table": table_frame(encounter, audience, incremental=False),
            "encounter": encounter,
            "names_rev": encounter_names(encounter).rev,
        },
    )


@functools.lru_cache(maxsize=256)
def render_heartbeat(seq: int) -> str:
    """A heartbeat with the latest seq, so a silent socket notices it is stale (the same frame
    for every socket of a table between two events: drawn once per seq)."""
    return render_to_string("encounters/_frame.html", {"frame": "heartbeat", "seq": seq})


def render_live(paused: bool) -> str:
    """Whether frames from other server processes reach this page (the channel layer is up)."""
    message = _("live updates from other servers paused") if paused else ""
    return render_to_string(
        "encounters/_frame.html", {"frame": "live", "message": message, "paused": paused}
    )


def render_error(message: str, key: str | None = None, retry: bool = False) -> str:
    """An error frame for the sender only; with the key of the message it answers, and `retry`
    when the page should send that message again (the database did not answer)."""
    context = {"frame": "error", "message": message, "answers": key, "retry": retry}
    return render_to_string("encounters/_frame.html", context)


MAX_ANSWER_KEY = 100  # longer keys are not echoed back (a page's are 32-36 characters)


def answer_key(value: Any) -> str | None:
    """A message's idempotency key as its answer names it (a page's keys are UUIDs)."""
    return value if isinstance(value, str) and 0 < len(value) <= MAX_ANSWER_KEY else None


def render_done(key: str | None) -> str:
    """For the sender: the message under `key` is stored (or needed no storing); the page stops
    sending it again (static/js/table.js)."""
    return f'<div data-frame="done" data-key="{escape(key or "")}"></div>'


def render_face_prompt(content: Mapping[str, Any], need: Any) -> str:
    """For the sender alone: roll a d`sides` for its purpose and type the face; the form sends
    the same message again with every face so far (vtt/encounters/commands.py `faces_of`)."""
    carried = [
        (name, item)
        for name, value in content.items()
        if name not in ("faces", "face", "key", "HEADERS")
        for item in (value if isinstance(value, list) else [value])
    ]
    context = {
        "frame": "face",
        "key": str(content.get("key") or ""),
        "carried": carried,
        "faces": ",".join(str(face) for face in need.given),
        "given": need.given,
        "sides": need.sides,
        "purpose": purpose(need.purpose),
        "misfit": need.misfit,
    }
    return render_to_string("encounters/_frame.html", context)


def render_chat_help() -> str:
    """The chat commands, for the one who asked (`/help`)."""
    return render_to_string("encounters/_frame.html", {"frame": "help", "max_inline": MAX_INLINE})


def render_notice(message: str, seq: int) -> str:
    """A notice frame (e.g. "you were removed") before the server closes the socket."""
    return render_to_string(
        "encounters/_frame.html", {"frame": "notice", "message": message, "seq": seq}
    )


@dataclass(frozen=True)
class Hello:
    """What a socket needs at connect: its first frame, audience, seq and campaign."""

    html: str
    audience_key: str
    seq: int
    campaign_id: int


def hello_for(
    encounter_id: int, user_id: int, channel: str | None = None, language: str | None = None
) -> Hello | None:
    """The connect frame of a member, or None for a stranger. With a channel, the socket is
    recorded as present first, so every broadcast from then on renders for it too."""
    audience = audience_for(encounter_id, user_id)
    if audience is None:
        return None
    if channel is not None:
        register(encounter_id, channel, audience.key, language or translation.get_language())
    encounter = Encounter.objects.get(pk=encounter_id)
    return Hello(
        render_hello(encounter, audience), audience.key, encounter.seq, encounter.campaign_id
    )


def broadcast(
    encounter_id: int,
    first: int,
    last: int,
    *,
    encounter: Encounter | None = None,
    rows: list[Event] | None = None,
) -> None:
    """After commit: render events first..last once per audience that has a socket open now, in
    the languages those sockets read, and publish them in one message. Nobody looking: nothing
    is rendered (a page that opens later starts from the stored table)."""
    if encounter is None:
        encounter = Encounter.objects.get(pk=encounter_id)
    watching = presence.watching(encounter_id)
    if not watching:
        return
    if rows is None:
        rows = events_between(encounter, first, last)
    with_table = changes_table(rows)
    options: dict[str, Any] = {"rows": rows, "with_table": with_table, "incremental": True}
    renders: list[dict[str, str]] = []
    index_of: dict[Any, int] = {}
    audiences: dict[str, int] = {}
    for audience in table_audiences(encounter):
        languages = watching.get(audience.key)
        if not languages:
            continue
        # Audiences that see the same rows and no table share one rendering (chat at a big table).
        seen = tuple(audience.can_see(row.audience) for row in rows)
        signature = (seen, audience.key if with_table else None)
        if signature in index_of:
            missing = languages - set(renders[index_of[signature]])
            for language in sorted(missing):
                with translation.override(language):
                    renders[index_of[signature]][language] = render_events(
                        encounter, audience, first, last, **options
                    )
        else:
            html = {}
            for language in sorted(languages):
                with translation.override(language):
                    html[language] = render_events(encounter, audience, first, last, **options)
            index_of[signature] = len(renders)
            renders.append(html)
        audiences[audience.key] = index_of[signature]
    users = _reader_renders(encounter, rows, watching, options, renders)
    publish_from_sync(frames_message(encounter_id, last, renders, audiences, users, first))


def _reader_renders(
    encounter: Encounter,
    rows: list[Event],
    watching: Mapping[str, set[str]],
    options: Mapping[str, Any],
    renders: list[dict[str, str]],
) -> dict[str, int]:
    """The frames of a whisper's readers, who see a line their audience does not: rendered for
    each reader with a socket open (their audience is watching), user id -> index in `renders`.
    A GM needs none: the GM's frame holds every whisper."""
    found: dict[str, int] = {}
    first, last = rows[0].seq, rows[-1].seq
    for user_id in sorted(whisper_readers(row.audience for row in rows)):
        audience = audience_of(encounter, user_id, role_of(encounter.campaign_id, user_id))
        if audience is None or audience.role == "gm":
            continue
        languages = watching.get(audience.key)
        if not languages:
            continue
        html = {}
        for language in sorted(languages):
            with translation.override(language):
                # the whole table if any: its audience's render just kept the delta base
                html[language] = render_events(
                    encounter, audience, first, last, **{**options, "incremental": False}
                )
        found[str(user_id)] = len(renders)
        renders.append(html)
    return found
