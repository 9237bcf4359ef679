"""The only code that changes game state: one transaction per action, broadcast after commit."""

from __future__ import annotations

import dataclasses
import functools
import json
import logging
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, ParamSpec, TypeVar

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.db.models import Exists, Field, IntegerField, OuterRef, Subquery
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import gettext as _

from rules.core import recording
from rules.core.dice import Dice, PhysicalDice, SeededDice, commitment, derive_seed
from rules.core.errors import FaceMisfit, FaceNeeded, RulesError
from rules.core.log import REVERTED, TABLE_PREFIX, Entry, fold
from rules.core.registry import get_system
from rules.core.system import Action, GameSystem, said
from rules.core.system import Event as RulesEvent
from rules.core.table import (
    ENDED,
    GM_ROLL,
    STARTED,
    chat_action,
    public_line,
    resolve_table_action,
    revert_event,
)
from rules.core.table import MESSAGES as TABLE_MESSAGES
from vtt.accounts.models import Profile, display_name
from vtt.campaigns.models import Campaign, Membership, Role
from vtt.campaigns.roles import role_of
from vtt.campaigns.services import require_gm
from vtt.encounters import append, dot_chat, notices, session_marks, states_before
from vtt.encounters.addressing import addressed, people_at
from vtt.encounters.append import append_if_current
from vtt.encounters.audiences import refresh_audiences, seated_audiences, side_of
from vtt.encounters.fragments import broadcast, encounter_names, keep_loaded
from vtt.encounters.models import Encounter, Seat, Status
from vtt.encounters.moves import played
from vtt.errors import FaceWanted, NotAllowed, NotYourCharacter
from vtt.eventlog.models import Event
from vtt.fast import kept_reads, prepared
from vtt.realtime import close_user_sockets_on_commit
from vtt.scenes import backgrounds
from vtt.words import shown

MAX_CHAT_LENGTH = 500
logger = logging.getLogger(__name__)
MAX_KEY_LENGTH = 64
P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class Outcome:
    """What a service did: the entry's events, and whether they are new (a resend is answered)."""

    encounter_id: int
    events: list[Event]
    fresh: bool

    @property
    def last_seq(self) -> int:
        return self.events[-1].seq if self.events else 0


# --- the log --------------------------------------------------------------------------------


def rules_event(row: Event) -> RulesEvent:
    """The rules-engine Event a stored row holds."""
    return row.to_rules()


def entries_of(encounter: Encounter) -> list[Entry]:
    """The encounter's log as rules Entries, in order."""
    entries: list[Entry] = []
    current: list[Event] = []
    for row in encounter.events.order_by("seq"):
        if current and row.entry != current[0].entry:
            entries.append(_entry(current))
            current = []
        current.append(row)
    if current:
        entries.append(_entry(current))
    return entries


def _entry(rows: Sequence[Event]) -> Entry:
    first = rows[0]
    return Entry(
        index=first.entry,
        action=Action.from_json(first.action) if first.action else None,
        events=tuple(rules_event(row) for row in rows),
    )


def _append_entry(
    encounter: Encounter,
    index: int,
    events: Sequence[RulesEvent],
    *,
    user_id: int | None,
    key: str | None,
    action: Action | None,
    game: bool = True,
    before: Any = None,
) -> list[Event]:
    """Store one entry's events with the next sequence numbers and bump the counters; a chat
    line (`game` False) leaves the game's state as it was, so only the counters are written.
    `before`: the dumped state the entry was played on, kept for an undo (states_before.py)."""
    rows = _event_rows(encounter, index, events, user_id=user_id, key=key, action=action)
    _appended(encounter, index, rows, before)
    counters = ["seq", "entries"]
    # the entry's events (a burst logs a line per shot; inserts only, as Event.save allows)
    # and the row's counters and state, in one statement, the rows' ids back from the database
    append.append_locked(
        encounter, rows, [*counters, "state", "status", "ended", "seed"] if game else counters
    )
    return rows


def _event_rows(
    encounter: Encounter,
    index: int,
    events: Sequence[RulesEvent],
    *,
    user_id: int | None,
    key: str | None,
    action: Action | None,
) -> list[Event]:
    """The rows of one entry's events, numbered after the encounter's last seq (not stored)."""
    return [
        Event(
            encounter=encounter,
            seq=encounter.seq + offset + 1,
            entry=index,
            kind=event.kind,
            payload=dict(event.payload),
            text=event.text,
            dice=[record.to_json() for record in event.dice],
            audience=event.audience,
            redacted_text=event.redacted_text,
            msg=event.msg.to_json() if event.msg else None,
            redacted_msg=event.redacted_msg.to_json() if event.redacted_msg else None,
            actor_id=user_id,
            # the key and the action live on the entry's first event
            idempotency_key=key if offset == 0 else None,
            action=action.to_json() if action and offset == 0 else None,
        )
        for offset, event in enumerate(events)
    ]


def _appended(encounter: Encounter, index: int, rows: list[Event], before: Any = None) -> None:
    """After an entry's rows are stored: move the row's counters past them, keep the rows for
    the broadcast (and `takeback.newest_rows`), and ring the doorbell once they are committed
    (keeping `before`, the state the entry was played on, if given)."""
    name = getattr(encounter, "my_name", None)
    if name is not None and rows[0].actor_id is not None:
        for row in rows:
            row.by_name = name  # type: ignore[attr-defined]  # shown without another query
    encounter.seq += len(rows)
    encounter.entries = index
    encounter.newest_entry = (index, rows)  # type: ignore[attr-defined]  # takeback.newest_rows
    transaction.on_commit(_doorbell(encounter, rows, index, before))


def _doorbell(encounter: Encounter, rows: list[Event], index: int, before: Any = None) -> Any:
    encounter_id, first, last = encounter.pk, rows[0].seq, rows[-1].seq
    seed = encounter.seed

    def ring() -> None:
        kept_reads.committed(encounter_id, last, index)
        try:
            broadcast(encounter_id, first, last, encounter=encounter, rows=rows)
        except Exception:
            # The log is committed; pages catch up on the next heartbeat or reconnect.
            logger.exception(
                "broadcast of encounter %s seq %s..%s failed", encounter_id, first, last
            )
        if before is not None:  # after the frames: nobody waits for it
            states_before.keep(encounter_id, seed, index, before)

    return ring


def _locked(
    encounter_id: int, user_id: int = 0, key: str | None = None, actor: str = ""
) -> Encounter:
    """The encounter row, locked; with the user's role and name, the seat and the key's entry.

    One query instead of four: every round trip counts at the table (docs/realtime.md).
    """
    return _encounter_row(encounter_id, user_id, key, actor, locked=True)


def _encounter_row(
    encounter_id: int, user_id: int, key: str | None, actor: str, *, locked: bool
) -> Encounter:
    if key is not None:
        _check_key(key)
    params = [user_id, user_id, key, user_id, user_id, actor, user_id, encounter_id]
    sql = _encounter_sql(locked)
    if prepared.available():  # planned once per connection (vtt/fast/prepared.py)
        fields = ENCOUNTER_FIELDS if locked else CHAT_FIELDS
        encounter = _encounter_of(fields, *prepared.fetch(sql, params))
    else:
        encounter = next(iter(Encounter.objects.raw(sql, params)), None)
    if encounter is None:
        raise NotAllowed(_("There is no such encounter."))
    return encounter


def _encounter_of(
    fields: Sequence[Field[Any, Any]], names: list[str], rows: list[tuple[Any, ...]]
) -> Encounter | None:
    """The Encounter of `_encounter_sql`'s row (the fields not read deferred), with the user's
    role, name and key's entry as attributes, as `Encounter.objects.raw` would give it."""
    if not rows:
        return None
    values = dict(zip(names, rows[0], strict=True))
    for field in fields:
        if hasattr(field, "from_db_value"):  # JSON arrives as text from Django's adapters
            values[field.attname] = field.from_db_value(values[field.attname], None, connection)
    encounter = Encounter.from_db(
        connection.alias,
        [field.attname for field in fields],
        [values.pop(field.attname) for field in fields],
    )
    for name, value in values.items():
        setattr(encounter, name, value)
    return encounter


ENCOUNTER_FIELDS = tuple(Encounter._meta.concrete_fields)
# What a chat line reads of the encounter: not its setup and state (a whisper loads them when it
# names a character), which can be tens of KiB of JSON.
CHAT_FIELDS = tuple(field for field in ENCOUNTER_FIELDS if field.name not in ("setup", "state"))


@functools.cache
def _encounter_sql(locked: bool) -> str:
    """`_encounter_row`'s query, written out: the ORM spent ~2 ms compiling its four subqueries
    on every action, the database ~0.1 ms running them (docs/performance.md, "Broadcast").
    Unlocked (a chat line), it reads the encounter without its setup and state."""
    quote = connection.ops.quote_name
    encounter, membership = quote(Encounter._meta.db_table), quote(Membership._meta.db_table)
    event, seat = quote(Event._meta.db_table), quote(Seat._meta.db_table)
    user = quote(get_user_model()._meta.db_table)
    campaign, profile = quote(Campaign._meta.db_table), quote(Profile._meta.db_table)
    chat_columns = (quote(str(field.column)) for field in CHAT_FIELDS)
    columns = "e.*" if locked else ", ".join(f"e.{column}" for column in chat_columns)
    lock = " FOR UPDATE OF e" if locked and connection.features.has_select_for_update_of else ""
    return f"""
        SELECT {columns},
          (SELECT m.role FROM {membership} m
            WHERE m.campaign_id = e.campaign_id AND m.user_id = %s) AS my_role,
          (SELECT u.username FROM {membership} m JOIN {user} u ON u.id = m.user_id
            WHERE m.campaign_id = e.campaign_id AND m.user_id = %s) AS my_name,
          (SELECT v.entry FROM {event} v
            WHERE v.encounter_id = e.id AND v.idempotency_key = %s AND v.actor_id = %s)
            AS answered_entry,
          EXISTS (SELECT 1 FROM {seat} s
            WHERE s.encounter_id = e.id AND s.user_id = %s AND s.actor_id = %s) AS seated,
          EXISTS (SELECT 1 FROM {campaign} c JOIN {profile} p ON p.user_id = %s
            WHERE c.id = e.campaign_id AND c.physical_dice AND p.physical_dice)
            AS my_physical_dice
        FROM {encounter} e WHERE e.id = %s{lock}"""


def _answered(encounter: Encounter, action: Action | None) -> Outcome | None:
    """The stored entry of a key this sender used: a resend is answered, not applied twice;
    another action under a used key is refused, as it would otherwise be silently dropped."""
    entry = getattr(encounter, "answered_entry", None)
    if entry is None:
        return None
    rows = list(encounter.events.filter(entry=entry).order_by("seq"))
    if rows[0].action != (action.to_json() if action is not None else None):
        raise NotAllowed(
            _("This action's key was already used for another action; send it again as new.")
        )
    return Outcome(encounter.pk, rows, fresh=False)


def _answering_a_raced_key(service: Callable[P, R]) -> Callable[P, R]:
    """Run a keyed service; if the same key committed meanwhile (two processes at the same
    instant), run it again: the key is visible now, so the stored entry answers it."""

    @functools.wraps(service)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return service(*args, **kwargs)
        except IntegrityError:
            # Only the key can collide: the row lock orders seqs. The loser's statement read the
            # log before the winner committed; a new transaction reads it after.
            return service(*args, **kwargs)

    return run


def _check_key(key: str) -> None:
    if not isinstance(key, str) or not 0 < len(key) <= MAX_KEY_LENGTH:
        raise NotAllowed(_("Every action needs a key of 1 to 64 characters."))


def _require_seat_holder(encounter: Encounter, actor: str) -> str:
    """Re-check membership, role and seat inside the action (from `_locked`); returns the role."""
    role = getattr(encounter, "my_role", None)
    if role is None:
        raise NotAllowed(_("You are not at this table."))
    if role == Role.OBSERVER:
        raise NotAllowed(_("Observers watch; they do not act."))
    if not encounter.is_active:
        raise NotAllowed(_("This encounter has ended."))
    if role == Role.PLAYER and not getattr(encounter, "seated", False):
        # the character by its name in the reader's words, never its id
        name = shown(encounter_names(encounter).get(actor, actor))
        raise NotYourCharacter(_("You do not control %(actor)s.") % {"actor": name})
    return str(role)


def dice_for(encounter: Encounter, action: Action, index: int) -> Dice:
    """The server's seeded dice for this entry, or the faces a physical-dice player typed (the
    campaign allows physical dice and the sender's profile prefers them: `_locked` reads both)."""
    if getattr(encounter, "my_physical_dice", False):
        return PhysicalDice(action.faces)
    if action.faces:
        raise NotAllowed(_("This table rolls the server's dice."))
    return SeededDice(derive_seed(encounter.seed, index))


def rolled(
    dice: Dice, action: Action, resolve: Callable[[Dice], list[RulesEvent]]
) -> tuple[list[RulesEvent], Action]:
    """`resolve` with `dice`; physical dice that run out or misfit ask for a face (FaceWanted),
    and the action keeps only the faces it used (so a re-run of the log rolls the same)."""
    if not isinstance(dice, PhysicalDice):
        return resolve(dice), action
    try:
        events = resolve(dice)
    except FaceNeeded as need:
        raise FaceWanted(need.sides, need.purpose, dice.used) from None
    except FaceMisfit as bad:
        raise FaceWanted(bad.sides, bad.purpose, dice.used, misfit=bad.value) from None
    return events, dataclasses.replace(action, faces=dice.used)


def _resolve(system: GameSystem, state: Any, action: Action, dice: Dice) -> list[RulesEvent]:
    events = list(system.resolve(state, action, dice))
    if dice.records and not any(event.dice for event in events) and events:
        # every die is shown in the log, even if a system forgot to attach its records
        events[0] = dataclasses.replace(events[0], dice=tuple(dice.records))
    return events


# --- services -------------------------------------------------------------------------------


def merged_settings(
    system: GameSystem, campaign: Campaign, given: Mapping[str, Any]
) -> dict[str, Any]:
    """The system's defaults, overlaid by the campaign's choices, then by the setup's own."""
    schema = system.settings_schema
    values: dict[str, Any] = {} if schema is None else schema.defaults()
    values.update({k: v for k, v in campaign.settings.items() if k in values})
    values.update(given)
    return values


@transaction.atomic
def start_encounter(
    campaign_id: int,
    user_id: int,
    title: str,
    setup: Mapping[str, Any],
    seats: Mapping[str, int] | None = None,
    system_key: str | None = None,
) -> Encounter:
    """The GM opens an encounter: start state, commit to a fresh seed, seat the players."""
    require_gm(campaign_id, user_id)
    return open_encounter(campaign_id, user_id, title, setup, seats, system_key)


def open_encounter(
    campaign_id: int,
    user_id: int,
    title: str,
    setup: Mapping[str, Any],
    seats: Mapping[str, int] | None = None,
    system_key: str | None = None,
) -> Encounter:
    """Open an encounter for a caller that has checked who may (`start_encounter`: the GM;
    vtt/campaigns/sides.py: the owner of a game without a GM, once, at its creation)."""
    campaign = Campaign.objects.get(pk=campaign_id)
    system = get_system(system_key or campaign.system)
    if not isinstance(setup, Mapping):
        raise NotAllowed(_("The setup must be a JSON object."))
    full_setup = dict(setup)
    full_setup["title"] = title
    full_setup["settings"] = merged_settings(system, campaign, setup.get("settings") or {})
    try:
        state = system.start(full_setup)
    except RulesError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise NotAllowed(_("The setup is not valid: %(error)s") % {"error": exc}) from exc
    backgrounds.shown_on_a_map(campaign.pk, full_setup)  # the campaign's own upload (SCENE-MAP-5)
    seed = secrets.token_hex(32)
    encounter = Encounter.objects.create(
        campaign=campaign,
        system=system.key,
        title=title,
        setup=full_setup,
        seed=seed,
        commitment=commitment(seed),
        state=system.dump(state),
    )
    for actor_id, seat_user in (seats or {}).items():
        _seat(encounter, system, state, actor_id, seat_user)
    encounter.audiences = seated_audiences(encounter)
    Encounter.objects.filter(pk=encounter.pk).update(audiences=encounter.audiences)
    opening = said(
        "table.started",
        STARTED(commitment=encounter.commitment),
        {"commitment": encounter.commitment},
    )
    _append_entry(encounter, 1, [opening], user_id=user_id, key=None, action=None)
    return encounter


def _seat(
    encounter: Encounter, system: GameSystem, state: Any, actor_id: str, user_id: int | None
) -> None:
    known = system.actors(state) if system.actors else None
    if known is not None and actor_id not in known:
        raise NotAllowed(_("There is no actor %(actor)s at this table.") % {"actor": actor_id})
    Seat.objects.filter(encounter=encounter, actor_id=actor_id).delete()
    if user_id is None:
        return
    if role_of(encounter.campaign_id, user_id) not in (Role.GM, Role.PLAYER):
        raise NotAllowed(_("Only players and game masters can be seated."))
    Seat.objects.create(
        encounter=encounter,
        user_id=user_id,
        actor_id=actor_id,
        side=side_of(encounter.setup, actor_id),
    )


@transaction.atomic
def assign_seat(encounter_id: int, user_id: int, actor_id: str, seat_user_id: int | None) -> None:
    """The GM seats a member at an actor (or frees it); that member's sockets re-join."""
    encounter = _locked(encounter_id)
    require_gm(encounter.campaign_id, user_id)
    system = get_system(encounter.system)
    previous = list(
        Seat.objects.filter(encounter=encounter, actor_id=actor_id).values_list(
            "user_id", flat=True
        )
    )
    _seat(encounter, system, system.load(encounter.state), actor_id, seat_user_id)
    refresh_audiences(encounter.campaign_id, encounter.pk)
    # their audience changed: the page reconnects and starts from the new view
    for affected in {*previous, *([seat_user_id] if seat_user_id else [])}:
        close_user_sockets_on_commit(affected, encounter.campaign_id, "seat changed")


@_answering_a_raced_key
@transaction.atomic
def play(encounter_id: int, user_id: int, action: Action, key: str) -> Outcome:
    """Resolve one action for a seated actor with the entry's seeded dice, append its events."""
    encounter = _locked(encounter_id, user_id, key, action.actor)
    if (done := _answered(encounter, action)) is not None:
        return done
    if action.kind.startswith(TABLE_PREFIX):
        raise NotAllowed(_("Table actions go through the chat."))
    role = _require_seat_holder(encounter, action.actor)
    system = get_system(encounter.system)
    before = encounter.state
    state = system.load(before)
    as_a_player = system.gm_as_player
    if role != Role.GM or getattr(encounter, "seated", False):
        as_a_player = None
    if as_a_player is not None:
        as_a_player(state, action, None)  # SCENE-MOVE-2: not a player's token (docs/rules/scene.md)
    index = encounter.entries + 1
    dice = dice_for(encounter, action, index)
    events, action = rolled(dice, action, lambda d: _resolve(system, state, action, d))
    if as_a_player is not None:
        as_a_player(state, action, events)  # nor a charge or sneak that moves it
    if not events:
        raise NotAllowed(_("Nothing happened."))
    for event in events:
        if not event.kind.startswith(TABLE_PREFIX):
            state = system.apply(state, event)
    encounter.state = system.dump(state)
    keep_loaded(encounter, state)
    rows = _append_entry(
        encounter, index, events, user_id=user_id, key=key, action=action, before=before
    )
    if any(event.kind == GAME_ENDED for event in events):
        _referee_ends(encounter)
    backgrounds.on_played(Encounter, encounter=encounter, before=before)
    played.send(Encounter, encounter=encounter, before=before, user_id=user_id)
    notices.on_commit(encounter, before, user_id)
    return Outcome(encounter.pk, rows, fresh=True)


GAME_ENDED = "game.ended"  # a system's event saying the rules ended the game (SCS-VIC-1)


def _referee_ends(encounter: Encounter) -> None:
    """In a game without a game master the rules are the referee: when they end the game the
    table ends too and the seed is revealed, as the GM's End would (vtt/campaigns/sides.py)."""
    if not Campaign.objects.filter(pk=encounter.campaign_id, two_sided=True).exists():
        return
    encounter.status = Status.ENDED
    encounter.ended = timezone.now()
    ended = said("table.ended", ENDED(seed=encounter.seed), {"seed": encounter.seed})
    _append_entry(encounter, encounter.entries + 1, [ended], user_id=None, key=None, action=None)


@transaction.atomic
def expire(encounter_id: int, user_id: int) -> Outcome:
    """Settle a prompt whose time limit has run out (GameSystem.deadline), as the table.

    Any page at the table may ask; the server checks the time against the event that opened
    the prompt, so an early, repeated or raced ask changes nothing (an empty, not fresh outcome).
    """
    encounter = _locked(encounter_id, user_id)
    if getattr(encounter, "my_role", None) is None:
        raise NotAllowed(_("You are not at this table."))
    if not encounter.is_active:
        raise NotAllowed(_("This encounter has ended."))
    system = get_system(encounter.system)
    state = system.load(encounter.state)
    due = system.deadline(state) if system.deadline is not None else None
    if due is None:
        return Outcome(encounter.pk, [], fresh=False)  # answered meanwhile
    seconds, action = due
    opened = (
        encounter.events.filter(payload__has_key="pending")
        .order_by("-seq")
        .values_list("created", flat=True)
        .first()
    )
    if opened is not None and timezone.now() < opened + timedelta(seconds=seconds):
        return Outcome(encounter.pk, [], fresh=False)  # not yet: the page asks again
    index = encounter.entries + 1
    events = _resolve(system, state, action, SeededDice(derive_seed(encounter.seed, index)))
    before = encounter.state
    for event in events:
        if not event.kind.startswith(TABLE_PREFIX):
            state = system.apply(state, event)
    encounter.state = system.dump(state)
    keep_loaded(encounter, state)
    rows = _append_entry(
        encounter, index, events, user_id=None, key=None, action=action, before=before
    )
    backgrounds.on_played(Encounter, encounter=encounter, before=before)
    played.send(Encounter, encounter=encounter, before=before, user_id=None)
    notices.on_commit(encounter, before, None)
    return Outcome(encounter.pk, rows, fresh=True)


DOT_MARKS = (".", "。", "/", "．", "／")
CHAT_COMMANDS = ("/roll", "/r", "/gmroll", "/gr", "/w", "/whisper", "/as", "/ic")
NAMING = ("/w", "/whisper", "/as", "/ic")  # commands whose line starts with a name


def parse_chat(text: str, speaker: str, names: Sequence[str] = ()) -> Action:
    """A chat line as a table action: a known `/command` or words; other `/words` are refused."""
    command = text.strip().partition(" ")[0].lower()
    if command.startswith("/") and command not in CHAT_COMMANDS:
        raise NotAllowed(
            _("Unknown chat command %(command)s; /help lists the commands.")
            % {"command": command[:20]}
        )
    return chat_action(speaker, text, names)


def _chat_action(encounter: Encounter, user_id: int, role: str, text: str) -> Action:
    """The table action of a chat line, its whisper readers and in-character name resolved."""
    speaker = str(getattr(encounter, "my_name", ""))
    if text.strip().partition(" ")[0].lower() not in NAMING:
        action = parse_chat(text, speaker)
        if action.kind == GM_ROLL and role != Role.GM:
            # a player's secret roll: the roller and the GM read it, the others read who rolled
            action = dataclasses.replace(action, params={**action.params, "users": [str(user_id)]})
        return action
    people = people_at(encounter)
    return addressed(parse_chat(text, speaker, people.names), people, user_id, role)


def _resent_chat(
    encounter: Encounter, user_id: int, text: Any, faces: tuple[int, ...]
) -> Action | None:
    """The action of a chat line whose key was used before (to compare with the stored one);
    None for a new key, or a line that no longer reads (its resend is then refused)."""
    if getattr(encounter, "answered_entry", None) is None or not isinstance(text, str):
        return None
    try:
        action = _chat_action(encounter, user_id, str(getattr(encounter, "my_role", "")), text)
    except RulesError:
        return None
    return dataclasses.replace(action, faces=faces)


# Reads of a chat line before it takes the locked path: another entry landing between the read
# and the write sends it round again (vtt/encounters/append.py).
UNLOCKED_TRIES = 3


def chat(
    encounter_id: int, user_id: int, text: str, key: str, faces: tuple[int, ...] = ()
) -> Outcome:
    """A chat line, whisper or table roll by the GM or a player, with server dice.

    It changes no game state, so it is read without the encounter's row lock and written in one
    statement if nothing it read changed since (two round trips instead of six: the chat path is
    the one a table feels most), or, on PostgreSQL, written straight from the read behind the
    sender's previous line (`kept_reads`: one round trip). A resent or raced key, or a table too
    busy for that, takes the locked path, which answers or orders them.
    """
    _check_key(key)
    if isinstance(text, str) and text.lstrip()[:1] in DOT_MARKS:
        record = dot_chat.session_mark(text)
        if record is not None:  # `.log new 第一夜`: the GM marks the session's record
            return mark_session(encounter_id, user_id, *record, key=key)
        dotted = dot_chat.game_action(encounter_id, user_id, text)
        if dotted is not None:  # `.ra 侦查`, `.sc 1/1d6`: the system's own action (issue 38)
            return play(encounter_id, user_id, dotted, key)
        text = dot_chat.table_line(text)
    kept = kept_reads.kept(encounter_id, user_id) if prepared.available() else None
    for _attempt in range(UNLOCKED_TRIES):
        encounter = kept or _encounter_row(encounter_id, user_id, key, "", locked=False)
        if getattr(encounter, "answered_entry", None) is not None:
            break  # a resend: the locked path answers it
        try:
            index, events, action = _chat_entry(encounter, user_id, text, faces)
        except RulesError:
            if kept is None:
                raise
            kept = None  # refused from a kept read: the sender's role may have changed
            continue
        rows = _event_rows(encounter, index, events, user_id=user_id, key=key, action=action)
        try:
            stored = append_if_current(
                encounter,
                rows,
                wait_for_disk=settings.VTT_CHAT_WAITS_FOR_DISK,
                still=_as_read(encounter, user_id) if prepared.available() else None,
            )
        except IntegrityError:
            break  # the same key committed meanwhile: the locked path answers it
        if stored:
            _appended(encounter, index, rows)
            if prepared.available():
                kept_reads.keep(encounter, user_id)
            return Outcome(encounter.pk, rows, fresh=True)
        if kept is not None:
            kept_reads.forget(encounter_id, user_id)
            kept = None
    return _chat_locked(encounter_id, user_id, text, key, faces)


@_answering_a_raced_key
@transaction.atomic
def mark_session(encounter_id: int, user_id: int, mark: str, name: str, key: str) -> Outcome:
    """The GM marks where a session's record begins, pauses, goes on or ends at this table
    (`.log new/off/on/end <name>`, rules/core/recording.py); the mark is the table's own line."""
    encounter = _locked(encounter_id, user_id, key)
    if (done := _answered(encounter, None)) is not None:
        return done
    if getattr(encounter, "my_role", None) != Role.GM:
        raise NotAllowed(_("Only the GM marks a session's record."))
    chosen = session_marks.decide(encounter.campaign_id, encounter.pk, mark, name)
    rows = _append_entry(
        encounter,
        encounter.entries + 1,
        [recording.marked(mark, chosen)],
        user_id=user_id,
        key=key,
        action=None,
        game=False,
    )
    return Outcome(encounter.pk, rows, fresh=True)


def _as_read(encounter: Encounter, user_id: int) -> append.Condition:
    """The write's condition that the encounter and its sender are still as `_encounter_row`
    read them: the seed, status and audiences, the sender's role and name, and whether they
    roll physical dice (what `_chat_entry` and the line's frames depend on besides the counters).
    """
    return _as_read_sql(), [
        encounter.seed,
        encounter.status,
        json.dumps(encounter.audiences),
        user_id,
        getattr(encounter, "my_role", None),
        getattr(encounter, "my_name", None),
        user_id,
        bool(getattr(encounter, "my_physical_dice", False)),
    ]


@functools.cache
def _as_read_sql() -> str:
    quote = connection.ops.quote_name
    membership, user = quote(Membership._meta.db_table), quote(get_user_model()._meta.db_table)
    campaign, profile = quote(Campaign._meta.db_table), quote(Profile._meta.db_table)
    return f"""e.seed = %s AND e.status = %s AND e.audiences = %s::jsonb
      AND EXISTS (SELECT 1 FROM {membership} m JOIN {user} u ON u.id = m.user_id
        WHERE m.campaign_id = e.campaign_id AND m.user_id = %s AND m.role = %s
          AND u.username = %s)
      AND EXISTS (SELECT 1 FROM {campaign} c JOIN {profile} p ON p.user_id = %s
        WHERE c.id = e.campaign_id AND c.physical_dice AND p.physical_dice) = %s"""


@_answering_a_raced_key
@transaction.atomic
def _chat_locked(
    encounter_id: int, user_id: int, text: str, key: str, faces: tuple[int, ...]
) -> Outcome:
    """`chat` with the encounter's row locked, as a game action is played."""
    encounter = _locked(encounter_id, user_id, key)
    if (done := _answered(encounter, _resent_chat(encounter, user_id, text, faces))) is not None:
        return done
    _commit_without_waiting_for_disk()
    index, events, action = _chat_entry(encounter, user_id, text, faces)
    rows = _append_entry(
        encounter, index, events, user_id=user_id, key=key, action=action, game=False
    )
    return Outcome(encounter.pk, rows, fresh=True)


def _chat_entry(
    encounter: Encounter, user_id: int, text: Any, faces: tuple[int, ...]
) -> tuple[int, list[RulesEvent], Action]:
    """The next entry's index, events and action for a chat line; refused for an observer, a
    stranger or a line that does not read."""
    role = getattr(encounter, "my_role", None)
    if role is None:
        raise NotAllowed(_("You are not at this table."))
    if role == Role.OBSERVER:
        raise NotAllowed(_("Observers watch; they do not speak at the table."))
    if not isinstance(text, str) or not text.strip():
        raise NotAllowed(_("Say something."))
    if len(text) > MAX_CHAT_LENGTH:
        raise NotAllowed(_("A chat line may be at most %(n)d characters.") % {"n": MAX_CHAT_LENGTH})
    action = dataclasses.replace(_chat_action(encounter, user_id, str(role), text), faces=faces)
    index = encounter.entries + 1
    dice = dice_for(encounter, action, index)
    events, action = rolled(dice, action, lambda d: list(resolve_table_action(action, d)))
    if not encounter.is_active and isinstance(dice, SeededDice) and dice.records:
        # the end revealed the seed: anyone could work out what these dice would show
        raise NotAllowed(
            _("This encounter has ended and its dice seed is revealed, so it rolls no more dice.")
        )
    return index, events, action


def _commit_without_waiting_for_disk() -> None:
    """With `VTT_CHAT_WAITS_FOR_DISK=0`, this transaction's commit returns once PostgreSQL has
    it in memory, not on disk; by default it waits for the disk as every commit does.

    The disk flush (WAL fsync) is 3-5 ms here, most of a chat line's time at a small table; a
    crash of the database machine may then lose the last fraction of a second of chat, never
    half of it and never a game action. Dice stay fair: a lost roll's entry index is used again,
    with the same seeded dice. A page that saw a lost line reloads (table.js: the server's seq
    went back). See docs/deploy.md.
    """
    if connection.vendor == "postgresql" and not settings.VTT_CHAT_WAITS_FOR_DISK:
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit TO OFF")


@_answering_a_raced_key
@transaction.atomic
def undo(encounter_id: int, user_id: int, key: str, roll: bool = False) -> Outcome:
    """Take back the newest game entry: `table.reverted` is appended and the state refolded.

    Undo ends where dice are rolled, secrets revealed or the turn passes. So a player takes back
    only their own move while it is the table's newest entry, for an actor they sit at, where the
    system's rules allow it and it rolled and revealed nothing (`GameSystem.take_back`); a
    player's roll is never taken back (they would roll until they liked the dice). The GM may
    take back any game entry, and with `roll` (the chat's `/undo`) their own newest public roll;
    the line then says the GM took it back. The line names the entry by the number the log
    shows it under, and the log marks it taken back.
    """
    encounter = _locked(encounter_id, user_id, key)
    if (done := _answered(encounter, None)) is not None:
        return done
    role = getattr(encounter, "my_role", None)
    if role is None:
        raise NotAllowed(_("You are not at this table."))
    system = get_system(encounter.system)
    if role != Role.GM and role != Role.PLAYER:
        raise NotAllowed(_("Only the game master may do that."))
    if not encounter.is_active:
        raise NotAllowed(_("This encounter has ended."))
    if roll and role != Role.GM:
        raise NotAllowed(
            _(
                "A roll cannot be taken back: the table has seen its dice. "
                "Ask the GM if it went wrong."
            )
        )
    entries = entries_of(encounter) if roll else None
    mine = own_newest_roll(encounter, entries, user_id) if entries is not None else None
    if roll and mine is None:
        raise NotAllowed(
            _("Only your own last roll can be taken back, while nothing has happened since.")
        )
    if role == Role.PLAYER and system.take_back is None:
        raise NotAllowed(_("Only the game master may do that."))
    target_rows = None if mine is not None else newest_revertible_rows(encounter)
    target = mine or (_entry(target_rows) if target_rows else None)
    if target is None:
        raise NotAllowed(_("There is nothing to undo."))
    shown = shown_number(encounter, target.index, target_rows)
    if role == Role.GM:  # table.reverted {"reverts": i}, said as the GM's, whoever the GM is
        revert = revert_event(target.index, public_line(target), shown=shown)
    else:
        if target.index != encounter.entries:
            raise NotAllowed(
                _(
                    "Something happened at the table after that move, so only the GM can take "
                    "it back now."
                )
            )
        if not may_take_back(encounter, system, target, user_id):
            raise NotAllowed(
                _("Only your own last move can be taken back, before it revealed anything.")
            )
        player = display_name(get_user_model().objects.get(pk=user_id))
        revert = revert_event(target.index, public_line(target), player=player, shown=shown)
    # The taken-back line was read back from the log, without its declaration: its English
    # (the event's `text`) comes from the system's catalogue, which knows every message in it.
    if revert.msg is not None:
        words = TABLE_MESSAGES if mine is not None else system.messages  # a roll is the table's
        revert = dataclasses.replace(revert, text=words.render(revert.msg))
    index = encounter.entries + 1
    kept = states_before.before(encounter, target.index) if mine is None else None
    if kept is not None:  # the state from before the entry taken back (states_before.py)
        state = system.load(kept)
    else:
        entries = entries if entries is not None else entries_of(encounter)
        state = fold(system, encounter.setup, [*entries, Entry(index, None, (revert,))])
    encounter.state = system.dump(state)
    keep_loaded(encounter, state)
    rows = _append_entry(encounter, index, [revert], user_id=user_id, key=key, action=None)
    return Outcome(encounter.pk, rows, fresh=True)


def newest_revertible(encounter: Encounter) -> Entry | None:
    """The newest game entry not taken back yet, as `last_revertible(entries_of(encounter))`
    finds it, read in one query (its rows) instead of the whole log."""
    rows = newest_revertible_rows(encounter)
    return _entry(rows) if rows else None


def newest_revertible_rows(encounter: Encounter) -> list[Event]:
    """The rows of the newest game entry not taken back yet, in order: one query (the entries
    taken back and the newest game entry left are its subqueries)."""
    taken_back = encounter.events.filter(kind=REVERTED).annotate(
        reverts=Cast(KeyTextTransform("reverts", "payload"), IntegerField())
    )
    newest = (
        encounter.events.exclude(kind__startswith=TABLE_PREFIX)
        .exclude(Exists(taken_back.filter(reverts=OuterRef("entry"))))
        .order_by("-seq")
        .values("entry")[:1]
    )
    return list(encounter.events.filter(entry=Subquery(newest)).order_by("seq"))


def shown_number(encounter: Encounter, index: int, rows: Sequence[Event] | None = None) -> int:
    """The number the log shows entry `index` under (its lines are numbered by seq): the first
    line everyone reads, else its first line. `rows`: the entry's rows, if read already."""
    lines = (
        [(row.seq, row.audience) for row in rows]
        if rows is not None
        else list(
            encounter.events.filter(entry=index).order_by("seq").values_list("seq", "audience")
        )
    )
    return next(
        (seq for seq, audience in lines if audience == "all"), lines[0][0] if lines else index
    )


def own_newest_roll(encounter: Encounter, entries: Sequence[Entry], user_id: int) -> Entry | None:
    """The player's own public chat roll, if it is the table's newest entry (nothing has been
    said or done since, so no one acted on it) and not taken back already; else None."""
    if not entries:
        return None
    newest = entries[-1]
    if not newest.events or any(
        e.kind != "table.rolled" or e.audience != "all" for e in newest.events
    ):
        return None
    sent_by = (
        Event.objects.filter(encounter=encounter, entry=newest.index)
        .values_list("actor_id", flat=True)
        .first()
    )
    return newest if sent_by == user_id else None


def may_take_back(encounter: Encounter, system: GameSystem, target: Entry, user_id: int) -> bool:
    """Whether this player may take back `target`, the newest game entry: theirs, for a seat of
    theirs, and one the rules let a player take back (nothing rolled or revealed)."""
    if system.take_back is None or target.action is None:
        return False
    if any(event.dice or event.audience != "all" for event in target.events):
        return False  # whatever the system says: a die was seen or a secret shown
    sent_by = (
        Event.objects.filter(encounter=encounter, entry=target.index)
        .values_list("actor_id", flat=True)
        .first()
    )
    seated = Seat.objects.filter(
        encounter=encounter, user_id=user_id, actor_id=target.action.actor
    ).exists()
    return sent_by == user_id and seated and system.take_back(target.action, target.events)


@transaction.atomic
def end_encounter(encounter_id: int, user_id: int) -> Encounter:
    """The GM ends the encounter and the seed is revealed, so anyone can verify the log."""
    encounter = _locked(encounter_id)
    require_gm(encounter.campaign_id, user_id)
    if not encounter.is_active:
        raise NotAllowed(_("This encounter has ended."))
    encounter.status = Status.ENDED
    encounter.ended = timezone.now()
    ended = said("table.ended", ENDED(seed=encounter.seed), {"seed": encounter.seed})
    _append_entry(encounter, encounter.entries + 1, [ended], user_id=user_id, key=None, action=None)
    return encounter


@dataclass(frozen=True)
class ReplayReport:
    """The result of refolding the log: the differences from the snapshot, if any."""

    matches: bool
    differences: list[str]


def replay(encounter: Encounter) -> ReplayReport:
    """Refold the stored log from the setup and compare it with the snapshot."""
    system = get_system(encounter.system)
    # through JSON, as the snapshot was stored (tuples become lists)
    replayed = json.loads(
        json.dumps(system.dump(fold(system, encounter.setup, entries_of(encounter))))
    )
    differences = list(json_differences(replayed, encounter.state))
    return ReplayReport(not differences, differences)


def json_differences(replayed: Any, stored: Any, path: str = "$") -> list[str]:
    """Where two JSON values differ, as paths with both values."""
    if isinstance(replayed, dict) and isinstance(stored, dict):
        found: list[str] = []
        for key in sorted(set(replayed) | set(stored), key=str):
            if key not in stored:
                found.append(f"{path}.{key}: only in the replay ({replayed[key]!r})")
            elif key not in replayed:
                found.append(f"{path}.{key}: only in the snapshot ({stored[key]!r})")
            else:
                found.extend(json_differences(replayed[key], stored[key], f"{path}.{key}"))
        return found
    if isinstance(replayed, list) and isinstance(stored, list):
        found = []
        if len(replayed) != len(stored):
            found.append(f"{path}: replay has {len(replayed)} items, snapshot {len(stored)}")
        for i, (a, b) in enumerate(zip(replayed, stored, strict=False)):
            found.extend(json_differences(a, b, f"{path}[{i}]"))
        return found
    if replayed != stored:
        return [f"{path}: replay {replayed!r}, snapshot {stored!r}"]
    return []
