"""Telling the opponent when a side runs out of time (issue 37): a game paused on time waits for
their choice, so it must reach them outside the page, as a move does (vtt/encounters/notices.py):
by Web Push and, if they asked for it, by email. Clocks run out between moves, when no request
comes, so `manage.py check_clocks`, run every few minutes (docs/deploy.md), looks for them; each
time a side runs out is told once (noted in the control's history as "timeout", and in the
table's log for both sides)."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from vtt.accounts.models import Profile
from vtt.encounters import services as tables
from vtt.encounters.models import Seat, Status
from vtt.push.send import Notice, send_notices
from vtt.remote import clock
from vtt.remote.models import TimeControl
from vtt.remote.services import log_clock, opponent_of
from vtt.words import shown, side_name

logger = logging.getLogger(__name__)


def _newly_out(control_id: int, encounter_id: int, now: datetime) -> str | None:
    """Note the side whose clock ran out, if it has not been told yet, in the control's history
    and in the table's log (a line both sides read); that side. The encounter row is locked
    first, as a move locks it before the clocks."""
    with transaction.atomic():
        encounter = tables._locked(encounter_id)
        if not encounter.is_active:
            return None
        control = TimeControl.objects.select_for_update().get(pk=control_id)
        late = clock.out_of_time(control, now)
        if late is None:
            return None
        ran_out = clock.ran_out_at(control, late).isoformat()
        told = any(
            note.get("what") == "timeout" and note.get("ran_out") == ran_out
            for note in control.history
        )
        if told:
            return None
        note = {"at": now.isoformat(), "what": "timeout", "side": late, "ran_out": ran_out}
        control.history = [*control.history, note]
        control.save(update_fields=["history"])
        log_clock(encounter, "timeout", late)
        return late


def check_clocks(now: datetime | None = None) -> int:
    """Tell the opponents of every side newly out of time; how many games."""
    now = now or clock.now()
    found = 0
    controls = TimeControl.objects.filter(encounter__status=Status.ACTIVE).exclude(running={})
    for control in controls.select_related("encounter", "encounter__campaign"):
        late = _newly_out(control.pk, control.encounter_id, now)
        if late is None:
            continue
        found += 1
        try:
            tell(control.encounter, late)
        except Exception:
            logger.exception("the opponent of a side out of time could not be told")
    return found


def tell(encounter: Any, late: str) -> None:
    """Push to and email (if asked) the players of the side facing `late`."""
    other = opponent_of(encounter, late)
    users = {
        seat.user_id: seat.user
        for seat in Seat.objects.filter(
            Q(actor_id=other) | Q(side=other), encounter=encounter
        ).select_related("user")
    }
    profiles = {user_id: Profile(user_id=user_id) for user_id in users}
    profiles.update((p.user_id, p) for p in Profile.objects.filter(user_id__in=users))
    path = reverse("encounters:detail", args=[encounter.pk])
    pushed, mails = [], []
    for user_id, profile in profiles.items():
        with translation.override(profile.language or settings.LANGUAGE_CODE):
            title = _("Time ran out: %(table)s") % {"table": shown(encounter.title)}
            line = _("%(side)s ran out of time: accept the forfeit or give more time.") % {
                "side": side_name(late)
            }
        if profile.turn_push:
            pushed.append(Notice(user_id, title, line, path, f"table-{encounter.pk}"))
        email = users[user_id].email
        if profile.turn_email and email:
            body = f"{line}\n\n{settings.VTT_SITE_URL}{path}\n"
            mails.append(EmailMessage(title, body, to=[email]))
    if mails:
        get_connection().send_messages(mails)
    send_notices(pushed)
