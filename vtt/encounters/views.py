"""Encounter pages: the table, catch-up of missed events, previews, seats, end. Doors in."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string, select_template
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from rules.core.errors import RulesError
from rules.core.log import REVERTED
from rules.core.registry import get_system
from rules.core.system import Action, Audience
from vtt.badinput import whole_number
from vtt.campaigns.models import Role
from vtt.campaigns.views import me, member_campaign
from vtt.encounters import audiences, carry, delta, fragments, replays, services
from vtt.encounters.builder import EncounterBuilder
from vtt.encounters.commands import RESERVED
from vtt.encounters.compact import compact_html
from vtt.encounters.forms import EncounterForm
from vtt.encounters.models import Encounter
from vtt.eventlog.models import Event
from vtt.words import refusal, shown, shown_all

# The page shows the LOG_FIRST newest log lines (a few screens of the log's panel: the page of a
# long game stays small, bench/gameplay.py); "Show older entries" loads LOG_PAGE more at a time.
LOG_FIRST = 10
LOG_PAGE = 30
# A page whose sides were renamed since it drew its log (SCS-ENG-4) asks for the lines it shows
# again: at most this many, the newest (a page shows LOG_FIRST, and LOG_PAGE more per ask).
LOG_REDRAWN = 600


def member_encounter(request: HttpRequest, encounter_id: int) -> tuple[Encounter, Audience, str]:
    """The encounter, the user's audience and role; strangers get a 404."""
    encounter = get_object_or_404(Encounter, pk=encounter_id)
    _campaign, role = member_campaign(request, encounter.campaign_id)
    audience = audiences.audience_of(encounter, me(request), role)
    if audience is None:
        raise Http404
    return encounter, audience, role


@login_required
def encounter_new(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM builds an encounter from the campaign (or types its setup, or opens a chat table)."""
    campaign, role = member_campaign(request, campaign_id)
    if role != Role.GM:
        raise Http404
    fallback = "json" if "setup" in request.POST else "build"
    mode = request.POST.get("mode", fallback) if request.method == "POST" else ""
    system_key = request.POST.get("system") or request.GET.get("system") or campaign.system
    try:
        get_system(system_key)
    except LookupError:
        system_key = campaign.system
    names = {"gm": request.user.get_username()}
    players = campaign.memberships.filter(role=Role.PLAYER).select_related("user")
    for number, membership in enumerate(players.order_by("joined"), start=1):
        names[f"player{number}"] = membership.user.get_username()
    system = get_system(campaign.system)
    builder = EncounterBuilder(
        request.POST if mode == "build" else None,
        campaign=campaign,
        system=system,
        initial={"title": _("A new encounter")},
        auto_id="build-%s",
    )
    advanced = EncounterForm(
        request.POST if mode == "json" else None,
        system_key=system_key,
        names=names,
        demo="system" in request.GET,
    )
    started: tuple[str, dict[str, Any], dict[str, int], str] | None = None
    if mode == "chat":
        title = request.POST.get("title", "").strip()[:120] or _("Table talk")
        started = (title, {"combatants": []}, {}, "chat")
    elif mode == "build" and builder.is_valid():
        setup, seats = builder.build()
        started = (builder.cleaned_data["title"], setup, seats, system.key)
    elif mode == "json" and advanced.is_valid():
        data = advanced.cleaned_data
        started = (data["title"], data["setup"], data["seats"], data["system"])
    if started is not None:
        title, setup, seats, key = started
        try:
            encounter = services.start_encounter(campaign.pk, me(request), title, setup, seats, key)
        except RulesError as exc:
            (advanced if mode == "json" else builder).add_error(None, refusal(exc))
        else:
            messages.success(request, _("Encounter %(title)s created.") % {"title": title})
            return redirect("encounters:detail", encounter.pk)
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "encounters/encounter_form.html",
        {
            "form": advanced,
            "builder": builder,
            "campaign": campaign,
            "system": system,
            "mode": mode,
        },
        status=status,
    )


@login_required
def encounter_detail(request: HttpRequest, encounter_id: int) -> HttpResponse:
    """The table: GM dashboard, player view or observer view, by the viewer's audience."""
    encounter, audience, role = member_encounter(request, encounter_id)
    shown, older = _log_chunk(encounter, audience, before=None, size=LOG_FIRST)
    if request.GET.get("replay"):
        # The old SCS phase links: the replay has its own page, which live frames cannot touch.
        return redirect("encounters:replay", encounter.pk)
    table = fragments.render_table(
        encounter, audience, oob=False, request_params=request.GET.dict()
    )
    page = render_to_string(
        "encounters/encounter_detail.html",
        {
            "encounter": encounter,
            "campaign": encounter.campaign,
            "audience": audience,
            "role": role,
            "is_gm": role == Role.GM,
            "can_write": role in (Role.GM, Role.PLAYER) and encounter.is_active,
            "rows": shown,
            "older": older,
            "table": table,
            "table_rev": delta.revision(table),
            "names_rev": fragments.encounter_names(encounter).rev,
            "ws_url": f"/ws/encounters/{encounter.pk}/",
            "events_url": reverse("encounters:events", args=[encounter.pk]),
        },
        request,
    )
    return HttpResponse(compact_html(page))


def _log_chunk(
    encounter: Encounter,
    audience: Audience,
    before: int | None,
    size: int = LOG_PAGE,
    after: int = 0,
) -> tuple[list[dict[str, Any]], int | None]:
    """The `size` newest stored events after `after` and before `before` this viewer may read,
    oldest first, and the seq to ask for the chunk before them (None: nothing older)."""
    rows = Event.objects.filter(encounter=encounter).select_related("actor").order_by("-seq")
    if before is not None:
        rows = rows.filter(seq__lt=before)
    if after:
        rows = rows.filter(seq__gt=after)
    chunk = list(rows[: size + 1])
    older = chunk[size - 1].seq if len(chunk) > size else None
    undone = {
        int(index)
        for index in encounter.events.filter(kind=REVERTED).values_list(
            "payload__reverts", flat=True
        )
    }
    names = fragments.encounter_names(encounter)
    return fragments.visible_rows(reversed(chunk[:size]), audience, undone, names), older


@login_required
@require_GET
def encounter_log_older(request: HttpRequest, encounter_id: int) -> HttpResponse:
    """The chunk of log lines before `?before=<seq>` (the "Show older entries" button)."""
    encounter, audience, _role = member_encounter(request, encounter_id)
    try:
        before = max(1, int(request.GET.get("before", "1")))
    except ValueError:
        return HttpResponse(
            _("before must be a whole number"), status=400, content_type="text/plain"
        )
    shown, older = _log_chunk(encounter, audience, before=before)
    return render(
        request,
        "encounters/_log_older.html",
        {"encounter": encounter, "rows": shown, "older": older},
    )


@login_required
@require_GET
def encounter_log_lines(request: HttpRequest, encounter_id: int) -> HttpResponse:
    """The log lines between `?after=<seq>` and `?before=<seq>`, drawn now for this viewer (their
    audience, their language): a page whose sides were renamed since it drew its lines swaps the
    ones it shows for these, so they read the sides' new names (SCS-ENG-4, static/js/table.js)."""
    encounter, audience, _role = member_encounter(request, encounter_id)
    after = whole_number(request.GET.get("after", "0"))
    before = whole_number(request.GET.get("before", "1"))
    if after is None:
        return HttpResponse(
            _("after must be a whole number"), status=400, content_type="text/plain"
        )
    if before is None:
        return HttpResponse(
            _("before must be a whole number"), status=400, content_type="text/plain"
        )
    shown, _older = _log_chunk(encounter, audience, before=before, size=LOG_REDRAWN, after=after)
    return render(request, "encounters/_log_older.html", {"encounter": encounter, "rows": shown})


@login_required
@require_GET
def encounter_events(request: HttpRequest, encounter_id: int) -> HttpResponse:
    """Catch-up: the events after `?after=<seq>` for this viewer's audience, as one frame."""
    encounter, audience, _role = member_encounter(request, encounter_id)
    try:
        after = max(0, int(request.GET.get("after", "0")))
    except ValueError:
        return HttpResponse(
            _("after must be a whole number"), status=400, content_type="text/plain"
        )
    html = fragments.render_events(encounter, audience, after + 1, encounter.seq)
    return HttpResponse(html)


def _action_from_query(request: HttpRequest) -> Action:
    params: dict[str, Any] = {}
    for name in request.GET:
        if name in RESERVED:
            continue
        values = request.GET.getlist(name)
        params[name] = values if len(values) > 1 else values[0]
    return Action(request.GET.get("kind", ""), request.GET.get("actor", ""), params)


@login_required
@require_GET
def encounter_preview(request: HttpRequest, encounter_id: int) -> HttpResponse:
    """The exact odds of an action before it is rolled (system.preview), for a seated actor."""
    encounter, audience, role = member_encounter(request, encounter_id)
    system = get_system(encounter.system)
    action = _action_from_query(request)
    context: dict[str, Any] = {"encounter": encounter, "action": action}
    if role == Role.OBSERVER or (role == Role.PLAYER and action.actor not in audience.actors):
        actor = shown(fragments.encounter_names(encounter).get(action.actor, action.actor))
        context["error"] = _("You do not control %(actor)s.") % {"actor": actor}
    elif system.preview is None:
        context["error"] = None
        context["unavailable"] = True
    else:
        try:
            # the built-in names it gives (a target's) in the reader's language
            context["preview"] = shown_all(system.preview(system.load(encounter.state), action))
        except RulesError as exc:
            context["error"] = refusal(exc)
    template = select_template(
        [f"systems/{encounter.system}/_preview.html", "encounters/_preview.html"]
    )
    return HttpResponse(template.render(context, request))


@login_required
def encounter_reach(request: HttpRequest, encounter_id: int) -> HttpResponse:
    """Where the viewer's stack on hex `from` (SCS) or mech `from` (mech) can go, drawn when they
    select it; computed from the viewer's own view, so it shows nothing fog of war hides."""
    encounter, audience, _role = member_encounter(request, encounter_id)
    html = fragments.render_reach(encounter, audience, request.GET.get("from", "")[:64])
    if html is None:
        raise Http404
    return HttpResponse(html)


@login_required
def encounter_part(request: HttpRequest, encounter_id: int, name: str) -> HttpResponse:
    """A part of the board drawn when the viewer opens it (the GM's tool forms), from the viewer's
    own view like the rest of the table; 404 for a part the system does not have."""
    encounter, audience, _role = member_encounter(request, encounter_id)
    # which one, for a part drawn per item (a Delta Green card's reactions: ?toggles=<id>)
    params = {key: request.GET[key][:64] for key in ("toggles",) if key in request.GET}
    html = fragments.render_part(encounter, audience, name, params)
    if html is None:
        raise Http404
    return HttpResponse(html)


@login_required
@require_POST
def assign_seat(request: HttpRequest, encounter_id: int) -> HttpResponse:
    """The GM seats a member at an actor, or frees the seat."""
    encounter = get_object_or_404(Encounter, pk=encounter_id)
    user_id = request.POST.get("user") or None
    seated = whole_number(user_id)  # "²".isdigit(), but int("²") fails; so does a huge one
    if user_id is not None and seated is None:
        messages.error(request, _("That user is not a member of this campaign."))
        return redirect("encounters:detail", encounter.pk)
    try:
        services.assign_seat(encounter.pk, me(request), request.POST.get("actor", ""), seated)
    except RulesError as exc:
        messages.error(request, refusal(exc))
    except ValueError as exc:
        messages.error(request, str(exc))
    return redirect("encounters:detail", encounter.pk)


@login_required
@require_POST
def end_encounter(request: HttpRequest, encounter_id: int) -> HttpResponse:
    """The GM ends the encounter; the seed is revealed."""
    encounter = get_object_or_404(Encounter, pk=encounter_id)
    try:
        services.end_encounter(encounter.pk, me(request))
    except RulesError as exc:
        messages.error(request, refusal(exc))
        return redirect("encounters:detail", encounter.pk)
    messages.success(request, _("The encounter has ended."))
    encounter.refresh_from_db()
    # the GM lands where the characters are carried on (or told whose sheet the rules refuse)
    if any(carry.sorted_out(encounter)):
        return redirect("encounters:write_back", encounter.pk)
    return redirect("encounters:detail", encounter.pk)


@login_required
def write_back(request: HttpRequest, encounter_id: int) -> HttpResponse:
    """The GM reads what the encounter changed on each character, and confirms it."""
    encounter, _audience, role = member_encounter(request, encounter_id)
    if role != Role.GM:
        raise Http404
    if request.method == "POST":
        # "accept all", or only the lines left ticked
        accepted = set(request.POST.getlist("line")) if "ticked" in request.POST else None
        try:
            done = carry.write_back(encounter.pk, me(request), accepted)
        except RulesError as exc:
            messages.error(request, refusal(exc))
        else:
            names = ", ".join(p.character.name for p in done) or _("nobody")
            messages.success(request, _("Characters updated: %(names)s.") % {"names": names})
            encounter.refresh_from_db()
            if not encounter.setup.get("written_back"):  # a refused sheet waits: back to it
                return redirect("encounters:write_back", encounter.pk)
            return redirect("campaigns:detail", encounter.campaign_id)
    proposals, refused = carry.sorted_out(encounter)
    return render(
        request,
        "encounters/write_back.html",
        {
            "encounter": encounter,
            "campaign": encounter.campaign,
            "proposals": proposals,
            "refused": refused,
            "done": bool(encounter.setup.get("written_back")),
        },
    )


@login_required
@require_GET
def encounter_log(request: HttpRequest, encounter_id: int) -> HttpResponse:
    """The log file (docs/architecture.md) for `verify`: GM any time, everyone once it ended."""
    encounter, audience, role = member_encounter(request, encounter_id)
    if role != Role.GM and encounter.is_active:
        raise Http404
    entries = [entry.to_json() for entry in services.entries_of(encounter)]
    hides = role != Role.GM and not encounter.campaign.reveal_secrets_after_end
    if hides:
        entries = [shown for entry in entries if (shown := withheld(entry, audience)) is not None]
    log: dict[str, Any] = {
        "log_version": 1,
        "system": encounter.system,
        # the setup holds every sheet (the GM's NPCs whole): the viewer gets the table as they
        # saw it at the start instead
        "setup": None if hides else encounter.setup,
        "commitment": encounter.commitment,
        "seed": encounter.revealed_seed,
        "entries": entries,
    }
    if hides:
        system = get_system(encounter.system)
        log["start"] = system.view(system.start(encounter.setup), audience)
    response = HttpResponse(
        json.dumps(log, indent=2, ensure_ascii=False), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="encounter-{encounter.pk}.json"'
    return response


def _unchanged(event: dict[str, Any]) -> dict[str, Any]:
    payload = event["payload"]
    if "changes" not in payload:
        return event
    return {**event, "payload": {k: v for k, v in payload.items() if k != "changes"}}


def withheld(entry: dict[str, Any], audience: Audience) -> dict[str, Any] | None:
    """A log entry as this viewer may read it after the end, as they read it at the table: events
    addressed to others become their redacted line (no kind, payload or dice) or, without one,
    are left out; the action of such an entry is withheld. None: the viewer read nothing of it.
    No event keeps its "changes" (rules/core/changes.py): the viewer gets no setup to fold them
    on, and an event upgraded from an old payload may change what it did not say (issue 31)."""
    entry = {**entry, "events": [_unchanged(event) for event in entry["events"]]}
    events = entry["events"]
    if all(audience.can_see(event["audience"]) for event in events):
        return entry
    shown = [
        event
        if audience.can_see(event["audience"])
        else {
            "kind": fragments.WITHHELD,
            "payload": {},
            "text": event["redacted_text"],
            "dice": [],
            "audience": event["audience"],
            "redacted_text": None,
        }
        for event in events
        if audience.can_see(event["audience"]) or event.get("redacted_text") is not None
    ]
    if not shown:
        return None
    return {**entry, "action": None, "events": shown, "withheld": True}


@login_required
@require_GET
def encounter_replay(request: HttpRequest, encounter_id: int) -> HttpResponse:
    """The board after any entry the viewer saw, `?entry=<n>` (default: the newest), no socket."""
    encounter, audience, role = member_encounter(request, encounter_id)
    wanted = request.GET.get("entry", "")
    entry = whole_number(wanted)  # "²".isdigit(), but int("²") fails; so does a huge one
    if wanted and entry is None:
        return HttpResponse(
            _("entry must be a whole number"), status=400, content_type="text/plain"
        )
    replay = replays.build(encounter, audience)
    positions = replay.positions
    at = len(positions) - 1
    if entry is not None:  # the last step the viewer saw at or before the entry asked for
        at = max(0, max((i for i, p in enumerate(positions) if p.index <= entry), default=0))
    position = positions[at]
    starts = replays.phase_starts(positions)
    phase_at = max(i for i, p in enumerate(starts) if p.index <= position.index)
    is_gm = role == Role.GM
    context = replays.board_context(encounter, audience, replay.states[position.index], is_gm)
    context["board_template"], context["sheet_template"] = fragments.board_templates(
        encounter.system
    )
    rows = [row for p in positions[: at + 1] for row in replay.rows[p.index]]
    context.update(
        {
            "campaign": encounter.campaign,
            "role": role,
            "rows": rows,
            "position": position,
            "step": at + 1,
            "steps": len(positions),
            "first": positions[0].index,
            "last": positions[-1].index,
            "prev": positions[at - 1].index if at > 0 else None,
            "next": positions[at + 1].index if at + 1 < len(positions) else None,
            "phases": starts,
            "phase_at": starts[phase_at].index,
            "prev_phase": starts[phase_at - 1].index if phase_at > 0 else None,
            "next_phase": starts[phase_at + 1].index if phase_at + 1 < len(starts) else None,
        }
    )
    return render(request, "encounters/encounter_replay.html", context)


@login_required
@require_GET
def own_log(request: HttpRequest, encounter_id: int, fmt: str) -> HttpResponse:
    """The log as this viewer may see it, as JSON or plain text, to keep."""
    encounter, audience, _role = member_encounter(request, encounter_id)
    if fmt == "json":
        body, kind = replays.own_log_json(encounter, audience), "application/json"
    else:
        body, kind = replays.own_log_text(encounter, audience), "text/plain; charset=utf-8"
    response = HttpResponse(body, content_type=kind)
    response["Content-Disposition"] = f'attachment; filename="encounter-{encounter.pk}-log.{fmt}"'
    return response


@login_required
@require_GET
def your_games(request: HttpRequest) -> HttpResponse:
    """Every open table where it is the user's move, with how long it has waited."""
    from vtt.campaigns.two_sided import game_sides
    from vtt.encounters.waiting import waiting_for
    from vtt.words import own_side_name, shown

    rows = []
    for waiting in waiting_for(me(request)):
        encounter = waiting.encounter
        sides = game_sides(encounter.system)  # a side is named in the reader's language
        known = fragments.encounter_names(encounter)
        rows.append(
            {
                "encounter": encounter,
                "actors": [
                    # a side by the names it has now (issue 36, renamed in play: SCS-ENG-4)
                    own_side_name(known.sides.get(actor), actor)
                    if actor in sides
                    else shown(known.get(actor, actor))
                    for actor in waiting.actors
                ],
                "since": waiting.since,
            }
        )
    return render(request, "encounters/your_games.html", {"rows": rows})
