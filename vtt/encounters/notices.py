"""Your turn reaches you (issue 37): a notice when a table starts waiting for your move, by
Web Push (vtt/push/, on unless the profile turns it off, to each browser that allowed it) and by
email (Profile.turn_email).

After an action's commit, the actors the table waits for (vtt/encounters/waiting.py) are
compared before and after it, a prompt it opened names those it asks (`prompted`) and a group
check those it asks for a check (`newly_asked`, issue 38); each
seat holder of an actor newly waited for gets one notice per channel, unless they sent the
action, are looking at the table now (a socket of theirs is open on it,
vtt/encounters/presence.py), or turned the channel off. So a notice goes out once per waiting
moment: the moves a side makes in its own phase, or a second action while it still waits, send
nothing. It is in the person's language and links straight to the table (email:
settings.VTT_SITE_URL). It goes out from a thread after the commit
(settings.VTT_NOTICES_IN_THREAD), so a slow mail server or push service never holds a move.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import connections, transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from rules.core.registry import get_system
from vtt.accounts.models import Profile
from vtt.campaigns.models import Membership, Role
from vtt.campaigns.two_sided import game_sides
from vtt.encounters.audiences import audience_of
from vtt.encounters.fragments import encounter_names
from vtt.encounters.models import Encounter, Seat
from vtt.encounters.presence import live
from vtt.encounters.waiting import asked_of, awaited
from vtt.push.models import Subscription
from vtt.push.send import Notice, send_notices
from vtt.words import own_side_name, shown

logger = logging.getLogger(__name__)


def on_commit(encounter: Encounter, before: Any, sender: int | None) -> None:
    """Inside an action's transaction: once it commits, send the turn notices it causes.
    `before`: the dumped state the action was played on; the encounter holds the new one."""
    job = _job(encounter.pk, before, encounter.state, sender)
    encounter_id = encounter.pk
    transaction.on_commit(lambda: _deliver(encounter_id, sender, job))


def anyone_to_tell(encounter_id: int, sender: int | None) -> bool:
    """Whether another seat holder at the table asked for turn emails and has an address, or
    has a browser subscribed to Web Push and kept it on: one query after the commit, so a table
    where nobody did costs nothing more (written out in SQL it saved 1 ms of CPU per action,
    not kept: docs/performance.md, D16)."""
    by_email = Profile.objects.filter(turn_email=True).exclude(user__email="").values("user_id")
    muted = Profile.objects.filter(turn_push=False).values("user_id")
    by_push = Subscription.objects.exclude(user_id__in=muted).values("user_id")
    seats = Seat.objects.filter(
        Q(user_id__in=by_email) | Q(user_id__in=by_push), encounter_id=encounter_id
    )
    return seats.exclude(user_id=sender).exists() if sender is not None else seats.exists()


def _deliver(encounter_id: int, sender: int | None, job: Callable[[], object]) -> None:
    def run() -> None:
        try:
            job()
        except Exception:
            # The move is committed; a notice that could not go out is only logged.
            logger.exception("turn notices could not be sent")
        finally:
            if settings.VTT_NOTICES_IN_THREAD:
                connections.close_all()  # this thread's own connections

    try:
        if not anyone_to_tell(encounter_id, sender):
            return
    except Exception:
        logger.exception("turn notices could not be sent")
        return
    if settings.VTT_NOTICES_IN_THREAD:
        threading.Thread(target=run, name="turn-notices", daemon=True).start()
    else:
        run()


def _job(encounter_id: int, before: Any, after: Any, sender: int | None) -> Callable[[], object]:
    return lambda: send_turn_notices(encounter_id, before, after, sender)


def send_turn_notices(encounter_id: int, before: Any, after: Any, sender: int | None) -> int:
    """Notify each seat holder whose actor the table waits for after and not before, and who is
    not looking at it, through the channels of their profile; the number of notices sent."""
    encounter = Encounter.objects.select_related("campaign").filter(pk=encounter_id).first()
    if encounter is None or before is None:
        return 0
    system = get_system(encounter.system)
    then, now = system.load(before), system.load(after)
    asked = newly_asked(before, after)
    fresh = (awaited(encounter, now) - awaited(encounter, then)) | prompted(system, then, now)
    fresh |= asked
    if not fresh:
        return 0
    roles = dict(
        Membership.objects.filter(
            campaign_id=encounter.campaign_id, role__in=(Role.PLAYER, Role.GM)
        ).values_list("user_id", "role")
    )
    seats = Seat.objects.filter(
        encounter=encounter, actor_id__in=fresh, user_id__in=list(roles)
    ).select_related("user")
    if sender is not None:  # never for your own action
        seats = seats.exclude(user_id=sender)
    actors: dict[int, list[str]] = {}
    users: dict[int, Any] = {}
    for seat in seats:
        actors.setdefault(seat.user_id, []).append(seat.actor_id)
        users[seat.user_id] = seat.user
    looking = looking_now(encounter, {user_id: roles[user_id] for user_id in users})
    away = set(users) - looking
    # no profile yet: its defaults (Web Push on, email off)
    profiles = {user_id: Profile(user_id=user_id) for user_id in away}
    profiles.update((p.user_id, p) for p in Profile.objects.filter(user_id__in=away))
    path = reverse("encounters:detail", args=[encounter.pk])
    link = settings.VTT_SITE_URL + path
    sides = game_sides(encounter.system)
    known = encounter_names(encounter)
    messages = []
    pushed = []
    for user_id, profile in profiles.items():
        user = users[user_id]
        with translation.override(profile.language or settings.LANGUAGE_CODE):
            names = [
                own_side_name(known.sides.get(actor), actor)
                if actor in sides
                else shown(known.get(actor, actor))
                for actor in sorted(actors[user_id])
            ]
            # asked for a check (and for nothing else): the notice says so
            checking = set(actors[user_id]) <= asked
            subject = (
                _("A check is asked: %(table)s") if checking else _("Your move: %(table)s")
            ) % {"table": shown(encounter.title)}
            if profile.turn_email and user.email:
                body = render_to_string(
                    "encounters/turn_email.txt",
                    {"encounter": encounter, "names": names, "link": link, "asked": checking},
                )
                messages.append(EmailMessage(subject, body, to=[user.email]))
            if profile.turn_push:
                said = (
                    _("%(campaign)s asks %(names)s for a check.")
                    if checking
                    else _("%(campaign)s is waiting for your move: %(names)s.")
                )
                line = said % {
                    "campaign": shown(encounter.campaign.name),
                    "names": ", ".join(names),
                }
                pushed.append(Notice(user_id, subject, line, path, f"table-{encounter.pk}"))
    if messages:
        get_connection().send_messages(messages)
    return len(messages) + send_notices(pushed)


def newly_asked(before: Any, after: Any) -> set[str]:
    """The actors a group check has just asked (COC-CHECK-6, DG-CHECK-6): a system lists those
    it asks to answer outside the turn under its dumped state's "asked" (actor id -> what is
    asked), as Call of Cthulhu and Delta Green do; each answers on their own page, so each gets
    one notice, as for a prompt (vtt/encounters/waiting.py `asked_of`)."""
    return asked_of(after) - asked_of(before)


def prompted(system: Any, before: Any, after: Any) -> set[str]:
    """The actors a prompt that has just opened asks (a Call of Cthulhu dodge, an Ace defender's
    reaction: GameSystem.deadline says one is open): those offered a kind of action they were not
    offered before it. The prompt holds the game until they answer or its time runs out."""
    if system.deadline is None or system.actors is None:
        return set()
    if system.deadline(after) is None or system.deadline(before) is not None:
        return set()

    def kinds(state: Any, actor: str) -> set[str]:
        return {template.kind for template in system.legal_actions(state, actor)}

    return {
        str(actor) for actor in system.actors(after) if kinds(after, actor) - kinds(before, actor)
    }


def looking_now(encounter: Encounter, roles: dict[int, str]) -> set[int]:
    """Which of these users (id -> role) have the table open now: a socket seen lately shows
    the audience they see it as. (Two players who see exactly the same, the same actors on the
    same side, cannot be told apart: either one's open table counts for both.)"""
    watched = live(encounter.pk)
    if not watched:
        return set()
    found = set()
    for user_id, role in roles.items():
        audience = audience_of(encounter, user_id, role)
        if audience is not None and audience.key in watched:
            found.add(user_id)
    return found
