"""A whole campaign as one versioned JSON file, out of one Tabula and into another (issue 32).

The file holds the campaign's settings and table choices, its members by username, its
characters with their sheets and the record of what each encounter changed on them, and its
encounters with their setup, snapshot, seats by username and whole event log, each row as it
was stored. Users are the server's own, so every user id becomes a username on the way out
(an event's sender, a whisper's readers, a seat, a character's owner, the GM who confirmed a
write-back) and a user of the importing server with that username on the way in; a username it
does not know is left out, with a note for the GM. The importer alone becomes a member: the
others it knows are invited, and join with their characters and seats once they accept
(vtt/lobby/invitations.py).

An import checks everything with what the app itself checks with: the settings schema, each
character's sheet schema, and each encounter's log, which must refold (as `manage.py
replay_encounter` does) to the snapshot the file holds. A file that fails any check is refused
with the reason, and nothing is stored: the import is one transaction.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any, TypeVar

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from rules.core.dice import commitment
from rules.core.errors import RulesError, SheetError, UnknownSystem
from rules.core.log import Entry, fold
from rules.core.registry import get_system
from rules.core.system import Action
from vtt.campaigns.models import (
    Campaign,
    Downtime,
    Invitation,
    Membership,
    Role,
    new_invite_token,
)
from vtt.campaigns.services import invite_expiry, require_gm
from vtt.campaigns.two_sided import game_sides
from vtt.characters import sheet_form
from vtt.characters.models import Character, SheetChange
from vtt.encounters.audiences import refresh_audiences
from vtt.encounters.models import CampaignScenario, Encounter, Seat, Status
from vtt.encounters.services import json_differences
from vtt.errors import NotAllowed
from vtt.eventlog.legacy.hidden_moves import redact_rows
from vtt.eventlog.legacy.upgrade import legacy_of, upgrade_rows
from vtt.eventlog.models import Event
from vtt.library import content as library_content
from vtt.lobby.whole_file import plays_a_side, require_whole_file
from vtt.remote.models import Result, TimeControl
from vtt.safejson import storable, too_deep
from vtt.scenes import backgrounds
from vtt.scenes.models import SceneImage
from vtt.words import refusal

FORMAT = "tabula-campaign"
VERSION = 1
MAX_BYTES = 32 * 1024 * 1024  # a long campaign's logs; the upload is refused beyond
MAX_DEPTH = 64
USERS = "users:"  # a whisper's audience names its readers by user id (rules/core/table.py)

T = TypeVar("T")


class BadCampaignFile(NotAllowed):
    """An uploaded campaign file that this server cannot take as it is; nothing was stored."""


# --- out ------------------------------------------------------------------------------------


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _readers_out(audience: str, names: Mapping[int, str]) -> str:
    if not audience.startswith(USERS):
        return audience
    ids = [part for part in audience[len(USERS) :].split(",") if part.isdecimal()]
    return USERS + ",".join(sorted(names[int(i)] for i in ids if int(i) in names))


def _action_out(action: dict[str, Any] | None, names: Mapping[int, str]) -> dict[str, Any] | None:
    if not action or not isinstance((action.get("params") or {}).get("users"), list):
        return action
    users = [names[int(u)] for u in action["params"]["users"] if str(u).isdecimal()]
    return {**action, "params": {**action["params"], "users": users}}


def _time_control_out(encounter: Encounter, names: Mapping[int, str]) -> dict[str, Any]:
    """A game without a GM: its time control and how it ended off the board, if it has them."""
    out: dict[str, Any] = {}
    control = TimeControl.objects.filter(encounter=encounter).first()
    if control is not None:
        out["time_control"] = {
            "bank_seconds": control.bank_seconds,
            "increment_seconds": control.increment_seconds,
            "cap_seconds": control.cap_seconds,
            "left": control.left,
            "running": control.running,
            "history": control.history,
            "set_by": names.get(control.set_by_id) if control.set_by_id else None,
        }
    result = Result.objects.filter(encounter=encounter).first()
    if result is not None:
        out["result"] = {
            "winner": result.winner,
            "loser": result.loser,
            "how": result.how,
            "at": _when(result.at),
        }
    return out


def export_campaign(campaign_id: int, user_id: int) -> dict[str, Any]:
    """The GM's whole campaign as JSON (the file also holds the secret seeds of encounters still
    in play: it is the GM's, like the campaign itself). In a game without a GM a side's player
    takes it only when it shows nothing their side may not see (vtt/lobby/whole_file.py)."""
    campaign = Campaign.objects.filter(pk=campaign_id).first()
    if campaign is not None and plays_a_side(campaign, user_id):
        require_whole_file(campaign, user_id)
    else:
        require_gm(campaign_id, user_id)
    campaign = Campaign.objects.get(pk=campaign_id)
    names = dict(get_user_model().objects.values_list("pk", "username"))
    characters = []
    for character in Character.objects.filter(campaign=campaign).order_by("pk"):
        changes = [
            {
                "encounter": change.encounter_id,
                "by": names.get(change.by_id) if change.by_id else None,
                "lines": change.lines,
                "left_out": change.left_out,
                "before": change.before,
                "after": change.after,
                "created": _when(change.created),
            }
            for change in character.changes.order_by("created", "pk")
        ]
        characters.append(
            {
                "ref": character.pk,
                "name": character.name,
                "owner": names.get(character.owner_id),
                "system": character.system,
                "sheet": character.sheet,
                "is_npc": character.is_npc,
                "portrait": character.portrait,
                "actor_id": character.actor_id,
                "created": _when(character.created),
                "changes": changes,
            }
        )
    encounters = []
    for encounter in Encounter.objects.filter(campaign=campaign).order_by("pk"):
        events = [
            {
                "seq": row.seq,
                "entry": row.entry,
                "kind": row.kind,
                "payload": row.payload,
                "text": row.text,
                "dice": row.dice,
                "audience": _readers_out(row.audience, names),
                "redacted_text": row.redacted_text,
                "msg": row.msg,
                "redacted_msg": row.redacted_msg,
                "actor": names.get(row.actor_id) if row.actor_id else None,
                "idempotency_key": row.idempotency_key,
                "action": _action_out(row.action, names),
                "created": _when(row.created),
            }
            for row in encounter.events.order_by("seq")
        ]
        encounters.append(
            {
                "ref": encounter.pk,
                "system": encounter.system,
                "title": encounter.title,
                "setup": encounter.setup,
                "seed": encounter.seed,
                "commitment": encounter.commitment,
                "state": encounter.state,
                "status": encounter.status,
                "seq": encounter.seq,
                "entries": encounter.entries,
                "created": _when(encounter.created),
                "ended": _when(encounter.ended),
                "seats": [
                    {"user": names.get(seat.user_id), "actor_id": seat.actor_id, "side": seat.side}
                    for seat in encounter.seats.order_by("actor_id")
                ],
                "events": events,
                **_time_control_out(encounter, names),
            }
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported": _when(timezone.now()),
        "campaign": {
            "name": campaign.name,
            "system": campaign.system,
            "settings": campaign.settings,
            "reveal_secrets_after_end": campaign.reveal_secrets_after_end,
            "physical_dice": campaign.physical_dice,
            "created": _when(campaign.created),
            "day": campaign.day,
            "two_sided": campaign.two_sided,
        },
        "downtime": [
            {
                "day": record.day,
                "days": record.days,
                "tool": record.tool,
                "rule": record.rule,
                "character": record.character_id,
                "lines": record.lines,
                "dice": record.dice,
                "by": names.get(record.by_id) if record.by_id else None,
                "created": _when(record.created),
            }
            for record in campaign.downtime.order_by("created", "pk")
        ],
        "members": [
            {"user": m.user.get_username(), "role": m.role}
            for m in campaign.memberships.select_related("user").order_by("pk")
        ],
        "characters": characters,
        "encounters": encounters,
        # the campaign's own wargame scenarios (the SCS scenario editor, issue 36)
        "scenarios": [
            {"title": row.title, "system": row.system, "data": row.data}
            for row in CampaignScenario.objects.filter(campaign=campaign).order_by("pk")
        ],
        # the campaign's content library (vtt/library): each item's kind, name and form data
        "library": library_content.export(campaign)["items"],
    }


def export_text(campaign_id: int, user_id: int) -> str:
    """The file's text: UTF-8 JSON, keys in a stable order."""
    return json.dumps(export_campaign(campaign_id, user_id), ensure_ascii=False, indent=1)


# --- in -------------------------------------------------------------------------------------


def _refuse(problem: str) -> BadCampaignFile:
    return BadCampaignFile(
        _("The file was not imported, nothing was stored: %(problem)s") % {"problem": problem}
    )


def _get(data: Any, key: str, kind: type[T] | tuple[type, ...], where: str) -> T:
    """`data[key]`, which must be of `kind` (a bool is no number)."""
    if not isinstance(data, dict):
        raise _refuse(_("%(where)s is not a JSON object.") % {"where": where})
    value = data.get(key)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        value = object()
    if not isinstance(value, kinds) or (isinstance(value, int) and not _fits(value)):
        raise _refuse(
            _("%(where)s: “%(key)s” is missing or not what it should be.")
            % {
                "where": where,
                "key": key,
            }
        )
    return value  # type: ignore[return-value]


def _fits(number: int) -> bool:
    """Whether a whole number fits the database's integer columns (a count, a seq, a day)."""
    return -(2**31) <= number < 2**31


def _fits_column(model: Any, field: str, value: str | None, where: str) -> None:
    """Refuse a text longer than the model's column holds (PostgreSQL would refuse it: a 500)."""
    most = model._meta.get_field(field).max_length
    if value is not None and most is not None and len(value) > most:
        raise _refuse(
            _("%(where)s: “%(key)s” is missing or not what it should be.")
            % {"where": where, "key": field}
        )


def _time(data: Any, key: str, where: str, *, optional: bool = False) -> datetime | None:
    value = data.get(key) if isinstance(data, dict) else None
    if value is None and optional:
        return None
    parsed = parse_datetime(value) if isinstance(value, str) else None
    if parsed is None:
        raise _refuse(
            _("%(where)s: “%(key)s” is not a date and time.")
            % {
                "where": where,
                "key": key,
            }
        )
    return parsed


def _system(key: str, where: str) -> Any:
    try:
        return get_system(key)
    except (UnknownSystem, LookupError):
        raise _refuse(
            _("%(where)s: this server has no rule system “%(key)s”.")
            % {
                "where": where,
                "key": key,
            }
        ) from None


def too_large() -> BadCampaignFile:
    """The refusal of a file over MAX_BYTES."""
    return _refuse(_("the file is larger than %(n)d MB.") % {"n": MAX_BYTES // 1024 // 1024})


def read_file(text: str | bytes) -> dict[str, Any]:
    """The file's JSON object, its format and version checked."""
    if len(text) > MAX_BYTES:
        raise too_large()
    try:
        decoded = text.decode("utf-8") if isinstance(text, bytes) else text
    except UnicodeDecodeError:
        raise _refuse(_("the file is not UTF-8 text.")) from None
    if too_deep(decoded, MAX_DEPTH):
        raise _refuse(_("the JSON is nested too deeply."))
    try:
        data = json.loads(decoded)
    except ValueError:
        raise _refuse(_("the file is not JSON.")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refuse(_("the file is not a Tabula campaign."))
    if data.get("version") != VERSION:
        raise _refuse(
            _("the file is of version %(version)s; this server reads version %(ours)s.")
            % {"version": json.dumps(data.get("version")), "ours": VERSION}
        )
    if not storable(data):
        raise _refuse(_("text may not contain NUL or invalid characters."))
    return data


def _sheet(character: dict[str, Any], where: str) -> dict[str, Any]:
    system = _system(_get(character, "system", str, where), where)
    sheet = _get(character, "sheet", dict, where)
    try:
        checked: dict[str, Any] = system.validate_sheet(sheet)
    except SheetError as exc:
        path, words = sheet_form.error_of(exc)
        specs = sheet_form.specs_for(system, sheet) if system.sheet_schema is not None else []
        label = sheet_form.label_of(path, specs) if path and specs else path
        raise _refuse(
            _("%(where)s: %(field)s: %(problem)s")
            % {"where": where, "field": label, "problem": words}
        ) from None
    except RulesError as exc:
        raise _refuse(
            _("%(where)s: %(problem)s") % {"where": where, "problem": refusal(exc)}
        ) from None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise _refuse(
            _("%(where)s: the sheet is not valid (%(error)s).") % {"where": where, "error": exc}
        ) from None
    return checked


def _users_in(audience: str, ids: Mapping[str, int]) -> str:
    if not audience.startswith(USERS):
        return audience
    found = sorted(str(ids[n]) for n in audience[len(USERS) :].split(",") if n in ids)
    return USERS + ",".join(found)


def _action_in(action: Any, ids: Mapping[str, int], where: str) -> dict[str, Any] | None:
    if action is None:
        return None
    if not isinstance(action, dict):
        raise _refuse(_("%(where)s is not a JSON object.") % {"where": where})
    params = action.get("params")
    if isinstance(params, dict) and isinstance(params.get("users"), list):
        users = [str(ids[u]) for u in params["users"] if isinstance(u, str) and u in ids]
        return {**action, "params": {**params, "users": users}}
    return action


def _events(
    encounter: dict[str, Any], ids: Mapping[str, int], where: str
) -> tuple[list[Event], list[datetime | None]]:
    rows: list[Event] = []
    times: list[datetime | None] = []
    last = 0
    for n, data in enumerate(_get(encounter, "events", list, where), start=1):
        at = _("%(where)s, event %(n)d") % {"where": where, "n": n}
        seq = _get(data, "seq", int, at)
        if seq <= last:
            raise _refuse(_("%(where)s: the events are not in order.") % {"where": at})
        last = seq
        actor = data.get("actor")
        row = Event(
            seq=seq,
            entry=_get(data, "entry", int, at),
            kind=_get(data, "kind", str, at),
            payload=_get(data, "payload", dict, at),
            text=_get(data, "text", str, at),
            dice=_get(data, "dice", list, at),
            audience=_users_in(_get(data, "audience", str, at), ids),
            redacted_text=data.get("redacted_text")
            if isinstance(data.get("redacted_text"), str)
            else None,
            msg=data.get("msg") if isinstance(data.get("msg"), dict) else None,
            redacted_msg=data.get("redacted_msg")
            if isinstance(data.get("redacted_msg"), dict)
            else None,
            actor_id=ids.get(actor) if isinstance(actor, str) else None,
            idempotency_key=data.get("idempotency_key")
            if isinstance(data.get("idempotency_key"), str)
            else None,
            action=_action_in(data.get("action"), ids, at),
        )
        for field in ("kind", "audience", "idempotency_key"):
            _fits_column(Event, field, getattr(row, field), at)
        rows.append(row)
        times.append(_time(data, "created", at, optional=True))
    return rows, times


def _upgrade(encounter: dict[str, Any], rows: list[Event], where: str) -> None:
    """A file written before the one state vocabulary (issue 31) holds its events' old payloads
    ("ops", "patch"): they are rewritten as "changes", as migration eventlog 0005 rewrote the
    stored ones (vtt/eventlog/legacy/upgrade.py); a Hidden mech's moves that everyone read then
    are addressed to its side, as eventlog 0006 addressed the stored ones
    (vtt/eventlog/legacy/hidden_moves.py)."""
    system = _system(_get(encounter, "system", str, where), where)
    legacy = legacy_of(system.key)
    old = legacy is not None and any(key in row.payload for row in rows for key in legacy.old_keys)
    try:
        if legacy is not None and old:
            upgrade_rows(system.start(_get(encounter, "setup", dict, where)), rows, legacy)
        if system.key == "mech":  # a Hidden mech's moves everyone read then (eventlog 0006)
            redact_rows(system.start(_get(encounter, "setup", dict, where)), rows)
    except (RulesError, KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise _refuse(
            _("%(where)s: its events do not replay (%(error)s).") % {"where": where, "error": exc}
        ) from None


def _refolds(encounter: dict[str, Any], rows: list[Event], where: str) -> None:
    """The log, refolded from the setup, must give the snapshot (`replay_encounter`)."""
    system = _system(_get(encounter, "system", str, where), where)
    setup = _get(encounter, "setup", dict, where)
    try:
        entries: list[Entry] = []
        group: list[Event] = []
        for row in [*rows, None]:
            if group and (row is None or row.entry != group[0].entry):
                first = group[0]
                action = Action.from_json(first.action) if first.action else None
                entries.append(Entry(first.entry, action, tuple(r.to_rules() for r in group)))
                group = []
            if row is not None:
                group.append(row)
        replayed = json.loads(json.dumps(system.dump(fold(system, setup, entries))))
    except (RulesError, KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise _refuse(
            _("%(where)s: its events do not replay (%(error)s).") % {"where": where, "error": exc}
        ) from None
    differences = json_differences(replayed, _get(encounter, "state", dict, where))
    if differences:
        raise _refuse(
            _("%(where)s: its events do not replay to the state the file holds (%(first)s).")
            % {"where": where, "first": differences[0]}
        )


def _stamp(model: type[Any], made: list[Any], times: list[datetime | None], field: str) -> None:
    """Give rows made now the times the file holds (auto_now_add set them to now)."""
    dated = []
    for row, when in zip(made, times, strict=True):
        if when is not None:
            setattr(row, field, when)
            dated.append(row)
    if dated:
        model.objects.bulk_update(dated, [field])


def _each(data: dict[str, Any], key: str, where: str) -> list[dict[str, Any]]:
    items = _get(data, key, list, where)
    for n, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise _refuse(
                _("%(where)s: item %(n)d is not a JSON object.") % {"where": where, "n": n}
            )
    return items


def _new_campaign(user_id: int, head: dict[str, Any]) -> Campaign:
    """The campaign row, its settings checked by the system's settings schema."""
    from rules.core.schema import same_value
    from vtt.schema_forms import settings_schema_of

    where = _("the campaign")
    name = _get(head, "name", str, where).strip()[:120] or _("Imported campaign")
    system = _system(_get(head, "system", str, where), where)
    schema = settings_schema_of(system)
    try:
        settings = schema.validate(_get(head, "settings", dict, where))
    except SheetError as exc:
        field, problem = sheet_form.error_of(exc)
        raise _refuse(
            _("the campaign's settings: %(field)s: %(problem)s")
            % {"field": field, "problem": problem}
        ) from None
    defaults = schema.defaults()
    campaign = Campaign.objects.create(
        name=name,
        system=system.key,
        owner_id=user_id,
        settings={k: v for k, v in settings.items() if not same_value(v, defaults.get(k))},
        reveal_secrets_after_end=bool(head.get("reveal_secrets_after_end")),
        physical_dice=bool(head.get("physical_dice")),
        two_sided=bool(head.get("two_sided")),
        invite_token=new_invite_token(),
        invite_expires=invite_expiry(),
    )
    day = head.get("day", 0)
    if isinstance(day, bool) or not isinstance(day, int) or day < 0 or not _fits(day):
        raise _refuse(
            _("%(where)s: “%(key)s” is missing or not what it should be.")
            % {
                "where": where,
                "key": "day",
            }
        )
    created = _time(head, "created", where, optional=True)
    Campaign.objects.filter(pk=campaign.pk).update(
        day=day, **({"created": created} if created is not None else {})
    )
    campaign.day = day
    return campaign


Invited = dict[int, Invitation]  # user id -> their invitation, stored once the import is done


def _members(
    campaign: Campaign, user_id: int, data: dict[str, Any], notes: list[str]
) -> tuple[dict[str, int], Invited]:
    """The importing user as GM; each other member this server knows by username invited with
    their role (vtt/lobby/invitations.py: a username is no consent to join); username -> user
    id of everyone the file's records may name, and the invitations."""
    users = get_user_model().objects
    host = Role.PLAYER if campaign.two_sided else Role.GM  # a game without a GM has a host
    Membership.objects.create(campaign=campaign, user_id=user_id, role=host)
    ids: dict[str, int] = {users.get(pk=user_id).get_username(): user_id}
    invited: Invited = {}
    for n, member in enumerate(_each(data, "members", _("the members")), start=1):
        at = _("member %(n)d") % {"n": n}
        username = _get(member, "user", str, at)
        role = _get(member, "role", str, at)
        if role not in Role.values:
            raise _refuse(_("%(where)s: unknown role “%(role)s”.") % {"where": at, "role": role})
        if username in ids:
            continue
        found = users.filter(username=username).first()
        if found is None:
            notes.append(
                _("%(name)s is not a user of this server: left out of the members.")
                % {"name": username}
            )
            continue
        if campaign.two_sided and role == Role.GM:
            # a neutral GM sees both sides: here one only by both players' consent (GmConsent),
            # or the importer could make a second account of their own the GM
            role = Role.OBSERVER
        invited[found.pk] = Invitation(campaign=campaign, user=found, role=role, by_id=user_id)
        ids[username] = found.pk
        notes.append(
            _(
                "%(name)s is invited as %(role)s: they join, with their characters and seats, "
                "once they accept on their campaign list."
            )
            % {"name": username, "role": Role(role).label}
        )
    return ids, invited


Changes = list[tuple[SheetChange, datetime | None, int | None]]


def _characters(
    campaign: Campaign,
    user_id: int,
    data: dict[str, Any],
    ids: Mapping[str, int],
    invited: Invited,
    notes: list[str],
) -> tuple[dict[int, Character], Changes]:
    """Each character, its sheet checked by its system's sheet schema; its owner by username
    (else the importing GM, who also holds an invited player's until they accept); and its
    records of changes, stored once encounters are."""
    characters: dict[int, Character] = {}
    changes: Changes = []
    made: list[Character] = []
    times: list[datetime | None] = []
    for n, item in enumerate(_each(data, "characters", _("the characters")), start=1):
        name = _get(item, "name", str, _("character %(n)d") % {"n": n})
        where = _("character %(n)d (%(name)s)") % {"n": n, "name": name}
        ref = _get(item, "ref", int, where)
        if ref in characters:
            raise _refuse(_("%(where)s: its ref is used twice.") % {"where": where})
        sheet = _sheet(item, where)
        owner = item.get("owner")
        owner_id = ids.get(owner) if isinstance(owner, str) else None
        if owner_id is None:
            owner_id = user_id
            notes.append(
                _("%(character)s's player %(name)s is not a member here: the character is yours.")
                % {"character": name, "name": owner if isinstance(owner, str) else "?"}
            )
        portrait, actor = item.get("portrait"), item.get("actor_id")
        character = Character.objects.create(
            campaign=campaign,
            owner_id=owner_id,
            name=name[:80],
            system=_system(_get(item, "system", str, where), where).key,
            sheet=sheet,
            is_npc=bool(item.get("is_npc")),
            portrait=portrait if isinstance(portrait, str) else "",
            actor_id=actor[:60] if isinstance(actor, str) else "",
        )
        if owner_id in invited:  # the importer's until the invited player accepts
            invited[owner_id].characters.append(character.pk)
            Character.objects.filter(pk=character.pk).update(owner_id=user_id)
            character.owner_id = user_id
        characters[ref] = character
        made.append(character)
        times.append(_time(item, "created", where, optional=True))
        for m, change in enumerate(_each(item, "changes", where), start=1):
            at = _("%(where)s, change %(n)d") % {"where": where, "n": m}
            by, encounter = change.get("by"), change.get("encounter")
            row = SheetChange(
                character=character,
                by_id=ids.get(by) if isinstance(by, str) else None,
                lines=_get(change, "lines", list, at),
                left_out=_get(change, "left_out", list, at),
                before=_get(change, "before", dict, at),
                after=_get(change, "after", dict, at),
            )
            kept = encounter if isinstance(encounter, int) else None
            changes.append((row, _time(change, "created", at, optional=True), kept))
    _stamp(Character, made, times, "created")
    return characters, changes


def _encounter(
    campaign: Campaign,
    item: dict[str, Any],
    where: str,
    characters: Mapping[int, Character],
    ids: Mapping[str, int],
) -> Encounter:
    """One encounter and its log, which must refold to its snapshot."""
    title = _get(item, "title", str, where)
    seed = _get(item, "seed", str, where)
    _fits_column(Encounter, "seed", seed, where)
    if commitment(seed) != _get(item, "commitment", str, where):
        raise _refuse(_("%(where)s: its seed does not match its commitment.") % {"where": where})
    status = _get(item, "status", str, where)
    if status not in Status.values:
        raise _refuse(
            _("%(where)s: unknown status “%(status)s”.") % {"where": where, "status": status}
        )
    setup = dict(_get(item, "setup", dict, where))
    links = setup.get("characters") or {}
    if not isinstance(links, dict) or any(
        not isinstance(v, int) or v not in characters for v in links.values()
    ):
        raise _refuse(
            _("%(where)s: it names a character the file does not hold.") % {"where": where}
        )
    rows, times = _events(item, ids, where)
    _upgrade({**item, "setup": setup}, rows, where)
    _refolds({**item, "setup": setup}, rows, where)
    # SCENE-MAP-1: a background is an upload of the campaign; the file's are another server's
    own = set(SceneImage.objects.filter(campaign=campaign).values_list("pk", flat=True))
    setup = backgrounds.without_foreign(setup, own)
    state = backgrounds.without_foreign(_get(item, "state", dict, where), own)
    for row in rows:
        row.payload, row.action = backgrounds.event_without_foreign(row.payload, row.action, own)
    if links:
        setup["characters"] = {k: characters[v].pk for k, v in links.items()}
    seq = _get(item, "seq", int, where)
    entries = _get(item, "entries", int, where)
    if rows and (seq < rows[-1].seq or entries < max(r.entry for r in rows)):
        raise _refuse(_("%(where)s: its counters are behind its events.") % {"where": where})
    encounter = Encounter.objects.create(
        campaign=campaign,
        system=_system(_get(item, "system", str, where), where).key,
        title=title[:120],
        setup=setup,
        seed=seed,
        commitment=commitment(seed),
        state=state,
        status=status,
        seq=seq,
        entries=entries,
        ended=_time(item, "ended", where, optional=True),
    )
    created = _time(item, "created", where, optional=True)
    if created is not None:
        Encounter.objects.filter(pk=encounter.pk).update(created=created)
    for row in rows:
        row.encounter = encounter
    Event.objects.bulk_create(rows)
    _stamp(Event, rows, times, "created")
    return encounter


def _seats(
    encounter: Encounter,
    item: dict[str, Any],
    where: str,
    ids: Mapping[str, int],
    invited: Invited,
    notes: list[str],
) -> None:
    for m, seat in enumerate(_each(item, "seats", where), start=1):
        at = _("%(where)s, seat %(n)d") % {"where": where, "n": m}
        username = _get(seat, "user", str, at)
        actor_id = _get(seat, "actor_id", str, at)
        side = seat.get("side")
        _fits_column(Seat, "side", side if isinstance(side, str) else None, at)
        if username not in ids:
            notes.append(
                _("%(title)s: %(name)s is not a member here, so %(actor)s has no player.")
                % {"title": encounter.title, "name": username, "actor": actor_id}
            )
            continue
        if ids[username] in invited:  # seated once they accept
            invited[ids[username]].seats.append(
                {
                    "encounter": encounter.pk,
                    "actor_id": actor_id[:60],
                    "side": side if isinstance(side, str) else None,
                }
            )
            continue
        Seat.objects.create(
            encounter=encounter,
            user_id=ids[username],
            actor_id=actor_id[:60],
            side=side if isinstance(side, str) else None,
        )


def _seconds(data: Any, key: str, where: str) -> int:
    value = _get(data, key, int, where)
    if value < 0:
        raise _refuse(
            _("%(where)s: “%(key)s” is missing or not what it should be.")
            % {"where": where, "key": key}
        )
    return value


def _time_control_in(
    encounter: Encounter, item: dict[str, Any], where: str, ids: Mapping[str, int]
) -> None:
    """A game without a GM: its time control and its result off the board, as the file has them."""
    if "time_control" in item:
        at = _("%(where)s, its time control") % {"where": where}
        data = _get(item, "time_control", dict, at)
        sides = set(game_sides(encounter.system))
        left = _get(data, "left", dict, at)
        running = _get(data, "running", dict, at)
        if not set(left) | set(running) <= sides or any(
            isinstance(v, bool) or not isinstance(v, int | float) or v < 0 for v in left.values()
        ):
            raise _refuse(_("%(where)s: its clocks are not the game's sides.") % {"where": at})
        for side in running:
            _time(running, side, at)
        set_by = data.get("set_by")
        TimeControl.objects.create(
            encounter=encounter,
            bank_seconds=_seconds(data, "bank_seconds", at),
            increment_seconds=_seconds(data, "increment_seconds", at),
            cap_seconds=_seconds(data, "cap_seconds", at),
            left=left,
            running=running,
            history=_get(data, "history", list, at),
            set_by_id=ids.get(set_by) if isinstance(set_by, str) else None,
        )
    if "result" in item:
        at = _("%(where)s, its result") % {"where": where}
        data = _get(item, "result", dict, at)
        Result.objects.create(
            encounter=encounter,
            winner=_get(data, "winner", str, at)[:40],
            loser=_get(data, "loser", str, at)[:40],
            how=_get(data, "how", str, at)[:20],
            at=_time(data, "at", at) or timezone.now(),  # required: _time refuses a missing one
        )


def _downtime(
    campaign: Campaign,
    data: dict[str, Any],
    characters: Mapping[int, Character],
    ids: Mapping[str, int],
) -> None:
    """What the GM did between fights, each on its character (by ref) if the file has it."""
    made: list[Downtime] = []
    times: list[datetime | None] = []
    items = _each(data, "downtime", _("between fights")) if "downtime" in data else []
    for n, item in enumerate(items, start=1):
        at = _("%(where)s, item %(n)d") % {"where": _("between fights"), "n": n}
        ref, by = item.get("character"), item.get("by")
        made.append(
            Downtime(
                campaign=campaign,
                day=max(0, _get(item, "day", int, at)),
                days=max(0, _get(item, "days", int, at)),
                tool=_get(item, "tool", str, at)[:40],
                rule=str(item.get("rule") or "")[:40],
                character=characters.get(ref) if isinstance(ref, int) else None,
                lines=_get(item, "lines", list, at),
                dice=_get(item, "dice", list, at),
                by_id=ids.get(by) if isinstance(by, str) else None,
            )
        )
        times.append(_time(item, "created", at, optional=True))
    Downtime.objects.bulk_create(made)
    _stamp(Downtime, made, times, "created")


@transaction.atomic
def import_campaign(user_id: int, data: dict[str, Any]) -> tuple[Campaign, list[str]]:
    """A new campaign from an exported file, with the importing user as its owner and GM and
    the file's other members invited; the notes say who was invited and what was left out
    (members this server does not know)."""
    notes: list[str] = []
    campaign = _new_campaign(user_id, _get(data, "campaign", dict, _("the campaign")))
    ids, invited = _members(campaign, user_id, data, notes)
    characters, changes = _characters(campaign, user_id, data, ids, invited, notes)
    encounters: dict[int, Encounter] = {}
    for n, item in enumerate(_each(data, "encounters", _("the encounters")), start=1):
        title = _get(item, "title", str, _("encounter %(n)d") % {"n": n})
        where = _("encounter %(n)d (%(title)s)") % {"n": n, "title": title}
        ref = _get(item, "ref", int, where)
        if ref in encounters:
            raise _refuse(_("%(where)s: its ref is used twice.") % {"where": where})
        encounters[ref] = _encounter(campaign, item, where, characters, ids)
        _seats(encounters[ref], item, where, ids, invited, notes)
        _time_control_in(encounters[ref], item, where, ids)
    Invitation.objects.bulk_create(invited.values())
    refresh_audiences(campaign.pk)
    _scenarios(campaign, data)
    _library(campaign, data)
    _downtime(campaign, data, characters, ids)
    for row, _when, encounter_ref in changes:
        row.encounter = encounters.get(encounter_ref) if encounter_ref is not None else None
    SheetChange.objects.bulk_create([row for row, _w, _r in changes])
    _stamp(SheetChange, [row for row, _w, _r in changes], [w for _r, w, _e in changes], "created")
    return campaign, notes


def _scenarios(campaign: Campaign, data: dict[str, Any]) -> None:
    """The campaign's own scenarios, as the GM left them (a draft the rules still refuse stays
    one: the editor and New encounter check each); a file made before they were carried has
    none."""
    if "scenarios" not in data:
        return
    for n, item in enumerate(_each(data, "scenarios", _("the scenarios")), start=1):
        title = _get(item, "title", str, _("scenario %(n)d") % {"n": n})
        where = _("scenario %(n)d (%(title)s)") % {"n": n, "title": title}
        _fits_column(CampaignScenario, "title", title, where)
        key = _get(item, "system", str, where)
        _system(key, where)
        _fits_column(CampaignScenario, "system", key, where)
        body = _get(item, "data", dict, where)
        CampaignScenario.objects.create(campaign=campaign, system=key, title=title, data=body)


def _library(campaign: Campaign, data: dict[str, Any]) -> None:
    """The campaign's content library, each item judged by its kind's rules as a library file's
    is (all or none); a file made before libraries were carried has none."""
    if "library" not in data:
        return
    payload = {
        "library_version": library_content.FILE_VERSION,
        "system": campaign.system,
        "items": _get(data, "library", list, _("the library")),
    }
    try:
        library_content.import_file(campaign, payload)
    except library_content.LibraryFileError as error:
        raise _refuse(_("the library: %(problem)s") % {"problem": error}) from None


def import_text(user_id: int, text: str | bytes) -> tuple[Campaign, list[str]]:
    """Read, check and store a campaign file: the new campaign and the notes, or
    BadCampaignFile with nothing stored."""
    return import_campaign(user_id, read_file(text))
