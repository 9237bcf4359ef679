"""The game's standing panel on a table page of a game without a GM: the clocks, the choice
when a side runs out of time, conceding, and how the game ended off the board."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from rules.core.errors import RulesError
from vtt.campaigns.views import me
from vtt.encounters.side_players import plays_a_side
from vtt.encounters.views import member_encounter
from vtt.remote import clock, services
from vtt.remote.away import summary
from vtt.remote.models import Result, TimeControl
from vtt.words import refusal, side_name


def spell(seconds: float) -> str:
    """A stretch of time as people read it on the clock: days and hours, or hours and minutes."""
    whole = max(int(seconds), 0)
    days, rest = divmod(whole, 86400)
    hours, rest = divmod(rest, 3600)
    if days and not hours:
        return _("%(days)d d") % {"days": days}
    if days:
        return _("%(days)d d %(hours)d h") % {"days": days, "hours": hours}
    return _("%(hours)d h %(minutes)d min") % {"hours": hours, "minutes": rest // 60}


def _clocks(control: TimeControl) -> list[dict[str, Any]]:
    now = clock.now()
    return [
        {
            "side": side,
            "name": side_name(side),
            "left": spell(clock.seconds_left(control, side, now)),
            "running": side in control.running,
            "out": side in control.running and clock.seconds_left(control, side, now) <= 0,
        }
        for side in sorted(control.left)
    ]


def _mine(encounter: Any, user_id: int) -> str | None:
    try:
        return services.side_of_player(encounter, user_id)
    except RulesError:
        return None


def _history(control: TimeControl) -> list[str]:
    lines = []
    for note in control.history:
        side = side_name(str(note.get("side", "")))
        what = note.get("what")
        if what == "set":
            lines.append(_("%(side)s set the time control.") % {"side": side})
        elif what == "timeout":
            lines.append(_("%(side)s ran out of time.") % {"side": side})
        elif what == "extended":
            lines.append(
                _("%(side)s ran out of time and was given %(hours)s more hours.")
                % {"side": side, "hours": note.get("hours")}
            )
    return lines


@login_required
@require_GET
def panel(request: HttpRequest, encounter_id: int) -> HttpResponse:
    encounter, _audience, _role = member_encounter(request, encounter_id)
    control = TimeControl.objects.filter(encounter=encounter).first()
    result = Result.objects.filter(encounter=encounter).first()
    mine = _mine(encounter, me(request)) if encounter.is_active else None
    out = clock.out_of_time(control, clock.now()) if control and encounter.is_active else None
    context = {
        "encounter": encounter,
        "control": control,
        "clocks": _clocks(control) if control else [],
        "bank": spell(control.bank_seconds) if control else "",
        "increment": spell(control.increment_seconds) if control else "",
        "cap": spell(control.cap_seconds) if control else "",
        "history": _history(control) if control else [],
        "result": result,
        "winner": side_name(result.winner) if result else "",
        "loser": side_name(result.loser) if result else "",
        "mine": mine,
        "out": side_name(out) if out else "",
        "may_decide": out is not None and mine is not None and mine != out,
        "defaults": {
            "bank": clock.DEFAULT_BANK_HOURS,
            "increment": clock.DEFAULT_INCREMENT_HOURS,
            "cap": clock.DEFAULT_CAP_HOURS,
        },
        "most": clock.MOST_HOURS,
        # issue 32: the ended game's file, from its table (a side's player agrees first there)
        "file_page": _file_page(encounter, me(request)) if not encounter.is_active else None,
    }
    return render(request, "remote/_panel.html", context)


def _file_page(encounter: Any, user_id: int) -> str | None:
    """Where a side's player of an ended game without a GM takes its campaign file."""
    if not plays_a_side(encounter.campaign, user_id):
        return None
    return reverse("campaigns:detail", args=[encounter.campaign_id]) + "#side-file"


def _hours(request: HttpRequest, name: str) -> int:
    raw = request.POST.get(name, "").strip()
    if not raw.isdecimal() or len(raw) > 6:  # "²".isdigit(), but int("²") fails
        return -1  # refused by the service with its own words
    return int(raw)


def _done(request: HttpRequest, encounter_id: int, run: Any, said: str) -> HttpResponse:
    member_encounter(request, encounter_id)  # strangers: 404
    try:
        run()
    except RulesError as exc:
        messages.error(request, refusal(exc))
    else:
        messages.success(request, said)
    return redirect("encounters:detail", encounter_id)


@login_required
@require_POST
def set_control(request: HttpRequest, encounter_id: int) -> HttpResponse:
    bank, increment, cap = (_hours(request, n) for n in ("bank", "increment", "cap"))
    return _done(
        request,
        encounter_id,
        lambda: services.set_time_control(encounter_id, me(request), bank, increment, cap),
        _("The time control is set; both sides see it."),
    )


@login_required
@require_POST
def decide(request: HttpRequest, encounter_id: int) -> HttpResponse:
    choice = request.POST.get("choice", "")
    hours = _hours(request, "hours")
    said = _("You gave more time.") if choice == "extend" else _("You accepted the forfeit.")
    return _done(
        request,
        encounter_id,
        lambda: services.decide(encounter_id, me(request), choice, hours),
        said,
    )


@login_required
@require_POST
def concede(request: HttpRequest, encounter_id: int) -> HttpResponse:
    return _done(
        request,
        encounter_id,
        lambda: services.concede(encounter_id, me(request)),
        _("You conceded the game."),
    )


@login_required
@require_GET
def away(request: HttpRequest, encounter_id: int) -> HttpResponse:
    """What happened since `?after=<seq>` for this viewer, for a page that comes back."""
    encounter, audience, _role = member_encounter(request, encounter_id)
    raw = request.GET.get("after", "")
    if not raw.isdecimal() or len(raw) > 12:
        return HttpResponse(
            _("after must be a whole number"), status=400, content_type="text/plain"
        )
    context = summary(encounter, audience, me(request), int(raw))
    return render(request, "remote/_away.html", {"encounter": encounter, **context})
