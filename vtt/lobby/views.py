"""Campaign pages: my campaigns, one campaign, invites, roles, settings; services decide."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from rules.core.errors import RulesError
from rules.core.registry import get_system
from vtt.badinput import whole_number
from vtt.campaigns import services
from vtt.campaigns.forms import (
    TWO_SIDES,
    CampaignForm,
    ImportForm,
    InviteForm,
    RoleForm,
    SettingsForm,
    TableForm,
)
from vtt.campaigns.models import Campaign, Membership, Role
from vtt.campaigns.roles import role_of
from vtt.campaigns.views import me, member_campaign
from vtt.characters.models import Character
from vtt.encounters.models import Status
from vtt.errors import ExpiredInvite
from vtt.lobby import downtime, invitations, members, whole_file
from vtt.lobby.members import may_set_roles
from vtt.schema_forms import SchemaForm
from vtt.words import refusal, say


@login_required
def campaign_list(request: HttpRequest) -> HttpResponse:
    """My campaigns, and a form for a new one."""
    form = CampaignForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if data.get("table") == TWO_SIDES:
            from vtt.lobby.new_game import create_game

            _game, table = create_game(
                me(request), data["name"], data["system"], data["side"], data.get("scenario", "")
            )
            return redirect("encounters:detail", table.pk)
        campaign = services.create_campaign(me(request), data["name"], data["system"])
        return redirect("campaigns:detail", campaign.pk)
    memberships = (
        Membership.objects.filter(user_id=me(request))
        .select_related("campaign")
        .order_by("-joined")
    )
    return render(
        request,
        "campaigns/campaign_list.html",
        {
            "memberships": memberships,
            "invitations": invitations.pending_for(me(request)),
            "form": form,
        },
    )


@login_required
@require_POST
def answer_invitation(request: HttpRequest, invitation_id: int, answer: str) -> HttpResponse:
    """The invited user accepts (they join, with the characters and seats the file gave them)
    or declines an imported campaign's invitation; anyone else's is refused, nothing changed."""
    if answer not in ("accept", "decline"):
        raise Http404
    try:
        if answer == "accept":
            campaign = invitations.accept(invitation_id, me(request))
            messages.success(request, _("You joined %(name)s.") % {"name": campaign.name})
            return redirect("campaigns:detail", campaign.pk)
        invitations.decline(invitation_id, me(request))
    except RulesError as exc:
        messages.error(request, refusal(exc))
    else:
        messages.success(request, _("Invitation declined."))
    return redirect("campaigns:list")


@login_required
def campaign_detail(
    request: HttpRequest, campaign_id: int, settings_form: SchemaForm | None = None
) -> HttpResponse:
    """Members and roles, characters, encounters, the invite link and the GM's settings."""
    campaign, role = member_campaign(request, campaign_id)
    is_gm = role == Role.GM
    # a two-sided game's owner hands out its link (vtt/campaigns/sides.py) without being its GM
    is_host = is_gm or (campaign.two_sided and campaign.owner_id == me(request))
    expires = campaign.invite_expires
    invite_expired = expires is not None and expires <= timezone.now()
    invite_url = (
        request.build_absolute_uri(reverse("campaigns:join", args=[campaign.invite_token]))
        if is_host and campaign.invite_token and not invite_expired
        else None
    )
    characters = Character.objects.filter(campaign=campaign).select_related("owner")
    if not is_gm:
        characters = characters.filter(is_npc=False)
    return render(
        request,
        "campaigns/campaign_detail.html",
        {
            "campaign": campaign,
            "system": get_system(campaign.system),
            "role": role,
            "role_label": Role(role).label,
            "is_gm": is_gm,
            "is_host": is_host,
            "sets_roles": is_gm or (campaign.two_sided and may_set_roles(campaign.pk, me(request))),
            "memberships": campaign.memberships.select_related("user"),
            "invited": campaign.invitations.select_related("user") if is_gm else (),
            "side_file": _side_file(campaign, me(request)),
            "characters": characters,
            "encounters": campaign.encounters.all(),
            "invite_url": invite_url,
            "invite_expires": expires if is_host and campaign.invite_token else None,
            "invite_expired": invite_expired,
            "invite_form": InviteForm(initial={"days": settings.VTT_INVITE_DAYS})
            if is_host
            else None,
            "role_choices": Role.choices,
            "settings_form": (settings_form or SettingsForm(campaign.system, campaign.settings))
            if is_gm
            else None,
            "between": downtime.panel(campaign) if is_gm else None,
            "table_form": TableForm(
                initial={
                    "physical_dice": campaign.physical_dice,
                    "reveal_secrets_after_end": campaign.reveal_secrets_after_end,
                }
            )
            if is_gm
            else None,
        },
        status=400 if settings_form is not None else 200,
    )


def _run(
    request: HttpRequest, campaign_id: int, fn: object, *args: object, done: str = ""
) -> HttpResponse:
    try:
        fn(campaign_id, me(request), *args)  # type: ignore[operator]
    except RulesError as exc:
        messages.error(request, refusal(exc))
    else:
        if done:
            messages.success(request, done)
    return redirect("campaigns:detail", campaign_id)


@login_required
@require_POST
def renew_invite(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A new join link for the days the GM chose (else VTT_INVITE_DAYS); the old one stops
    working."""
    form = InviteForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("A link works for 1 to 365 days."))
        return redirect("campaigns:detail", campaign_id)
    days = form.cleaned_data.get("days")
    return _run(
        request, campaign_id, services.renew_invite, days, done=_("A new invite link is ready.")
    )


@login_required
@require_POST
def revoke_invite(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """No join link works until a new one is made."""
    return _run(
        request, campaign_id, services.revoke_invite, done=_("The invite link no longer works.")
    )


@login_required
@require_POST
def set_role(request: HttpRequest, campaign_id: int, user_id: int) -> HttpResponse:
    """The GM changes a member's role."""
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Unknown role."))
        return redirect("campaigns:detail", campaign_id)
    role = form.cleaned_data["role"]
    try:
        membership = members.set_role(campaign_id, me(request), user_id, role)
    except RulesError as exc:
        messages.error(request, refusal(exc))
    else:
        if membership.role == role:
            messages.success(request, _("Role changed."))
        else:  # a game without a GM: the other side's player must agree too
            messages.info(
                request, _("Asked: the role changes once the other side's player agrees too.")
            )
    return redirect("campaigns:detail", campaign_id)


@login_required
@require_POST
def remove_member(request: HttpRequest, campaign_id: int, user_id: int) -> HttpResponse:
    """The GM removes a member; their sockets close at once, and their join link stops working."""
    try:
        revoked = members.remove_member(campaign_id, me(request), user_id)
    except RulesError as exc:
        messages.error(request, refusal(exc))
    else:
        messages.success(request, _("Member removed."))
        if revoked:
            messages.warning(
                request,
                _(
                    "The invite link they joined with no longer works; make a new one for "
                    "anyone else you invite."
                ),
            )
    return redirect("campaigns:detail", campaign_id)


@login_required
@require_POST
def save_settings(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM's choices for the system's settings."""
    campaign, _role = member_campaign(request, campaign_id)
    form = SettingsForm(campaign.system, campaign.settings, request.POST)
    if not form.is_valid():
        messages.error(request, _("The settings were not saved: see the marked fields."))
        return campaign_detail(request, campaign_id, settings_form=form)
    try:
        services.save_settings(campaign_id, me(request), form.cleaned_data)
    except RulesError as exc:
        messages.error(request, refusal(exc))
    else:
        messages.success(request, _("Settings saved."))
    return redirect("campaigns:detail", campaign_id)


@login_required
@require_POST
def save_table(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM's table choices (physical dice, secrets after the end)."""
    form = TableForm(request.POST)
    form.is_valid()  # two checkboxes: any post is valid
    data = form.cleaned_data
    return _run(
        request,
        campaign_id,
        services.save_table,
        bool(data.get("physical_dice")),
        bool(data.get("reveal_secrets_after_end")),
        done=_("Table choices saved."),
    )


@login_required
def join(request: HttpRequest, token: str) -> HttpResponse:
    """An invite link: confirm, then join as a player; a revoked, replaced or forged link is
    refused (404), an expired one too (410), each on a page that says why."""
    try:
        if request.method == "POST":
            campaign = members.join_by_token(me(request), token)
            return redirect("campaigns:detail", campaign.pk)
        campaign = services.live_invite(token)
    except RulesError as exc:
        status = 410 if isinstance(exc, ExpiredInvite) else 404
        return render(request, "campaigns/join.html", {"error": refusal(exc)}, status=status)
    context: dict[str, object] = {"campaign": campaign, "token": token}
    if campaign.two_sided and role_of(campaign.pk, me(request)) is None:
        from vtt.lobby.members import free_side
        from vtt.words import side_name

        side = free_side(campaign)  # the joiner learns what they will be before joining
        context.update({"side": side_name(side) if side else None, "watch": side is None})
    return render(request, "campaigns/join.html", context)


@login_required
def export_campaign(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM (a game without one: its host) downloads the whole campaign as one JSON file
    (vtt/lobby/transfer.py)."""
    from vtt.lobby import transfer

    campaign, role = member_campaign(request, campaign_id)
    side = whole_file.plays_a_side(campaign, me(request))  # a game without a GM
    if role != Role.GM and not side:
        raise Http404
    try:
        text = transfer.export_text(campaign.pk, me(request))
    except RulesError as exc:  # a side's player, while it would show the other side's moves
        messages.error(request, refusal(exc))
        return redirect("campaigns:detail", campaign.pk)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    name = slugify(campaign.name) or "campaign"
    response["Content-Disposition"] = f'attachment; filename="{name}.tabula.json"'
    return response


@login_required
@require_POST
def share_file(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A side's player of a game without a GM agrees that the whole campaign file, both sides'
    hidden moves with it, may be downloaded (vtt/lobby/whole_file.py)."""
    return _run(
        request,
        campaign_id,
        whole_file.agree,
        done=_("You agreed to share the campaign file."),
    )


def _side_file(campaign: Campaign, user_id: int) -> dict[str, object] | None:
    """For a side's player of a game without a GM: whether the campaign file is theirs yet, and
    who has still to agree to share it."""
    if not whole_file.plays_a_side(campaign, user_id):
        return None
    from django.contrib.auth import get_user_model

    waiting = whole_file.waiting_for(campaign)
    names = get_user_model().objects.filter(pk__in=waiting).order_by("username")
    return {
        "in_play": campaign.encounters.filter(status=Status.ACTIVE).exists(),
        "mine_agreed": user_id not in waiting,
        "waiting": [user.get_username() for user in names],
    }


@login_required
def import_campaign(request: HttpRequest) -> HttpResponse:
    """A campaign file from another Tabula becomes a new campaign with the user as its GM; a
    file that fails a check is refused with the reason, and nothing is stored."""
    from vtt.lobby import transfer

    form = ImportForm(request.POST or None, request.FILES or None)
    error = ""
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > transfer.MAX_BYTES:
            error = refusal(transfer.too_large())
        else:
            try:
                campaign, notes = transfer.import_text(me(request), upload.read())
            except RulesError as exc:
                error = refusal(exc)
            else:
                messages.success(
                    request,
                    _("%(name)s was imported; you are its game master.") % {"name": campaign.name},
                )
                for note in notes:
                    messages.warning(request, note)
                return redirect("campaigns:detail", campaign.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "campaigns/import.html", {"form": form, "error": error}, status=status)


@login_required
@require_POST
def pass_days(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM moves the campaign's clock on; week ends passed heal (vtt/lobby/downtime.py)."""
    days = whole_number(request.POST.get("days", ""), most_digits=6)
    if days is None:
        messages.error(
            request, _("Move the clock on by 1 to %(n)d days.") % {"n": downtime.MAX_DAYS}
        )
        return redirect("campaigns:detail", campaign_id)
    return _run(request, campaign_id, downtime.pass_days, days, done=_("The clock moved on."))


@login_required
@require_POST
def between_fights(request: HttpRequest, campaign_id: int, tool: str) -> HttpResponse:
    """The GM uses one of the system's recovery tools on the characters between fights."""
    fields = {k: str(v) for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
    try:
        done = downtime.use_tool(campaign_id, me(request), tool, fields)
    except RulesError as exc:
        messages.error(request, refusal(exc))
    else:
        for record in done[:1]:
            for line in record.lines:
                messages.success(request, say(line))
    return redirect("campaigns:detail", campaign_id)
