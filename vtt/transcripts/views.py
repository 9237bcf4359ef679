"""A campaign's sessions and their transcripts: the list (with the GM's import), and each
session's files in the reader's language and audience (issue 38)."""

from __future__ import annotations

import zoneinfo
from datetime import tzinfo
from urllib.parse import quote

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from vtt.campaigns.models import Role
from vtt.campaigns.views import me, member_campaign
from vtt.encounters.session_marks import campaign_marks, session_names
from vtt.errors import NotAllowed
from vtt.transcripts import formats
from vtt.transcripts.docx_file import as_docx
from vtt.transcripts.importing import bring_in
from vtt.transcripts.lines import Filters, transcript
from vtt.words import refusal

# format -> (what draws it, its content type, its file's ending)
FILES = {
    "txt": (formats.as_text, "text/plain; charset=utf-8", "txt"),
    "bbcode": (formats.as_bbcode, "text/plain; charset=utf-8", "bbcode.txt"),
    "html": (formats.as_html, "text/html; charset=utf-8", "html"),
    "json": (formats.as_json, "application/json", "json"),
    "docx": (
        as_docx,
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "docx",
    ),
}


@login_required
@require_GET
def sessions(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The campaign's sessions, each with its files; the GM brings one in from its JSON."""
    campaign, role = member_campaign(request, campaign_id)
    tables: dict[str, set[int]] = {}
    for table, _mark, name in campaign_marks(campaign.pk):
        tables.setdefault(name, set()).add(table)
    rows = [
        {"name": name, "ended": ended, "tables": len(tables.get(name, ()))}
        for name, ended in session_names(campaign.pk).items()
    ]
    return render(
        request,
        "transcripts/sessions.html",
        {"campaign": campaign, "rows": rows, "is_gm": role == Role.GM, "formats": list(FILES)},
    )


@login_required
@require_GET
def transcript_file(request: HttpRequest, campaign_id: int, fmt: str) -> HttpResponse:
    """`?session=<name>`: the session's transcript as this reader may read it, to keep;
    `ooc=0` leaves out talk in brackets, `rolls=0` the table's dice rolls, `observers=0` what
    the members watching a table (its observers, its players without a seat) said there."""
    campaign, _role = member_campaign(request, campaign_id)
    if fmt not in FILES:
        raise Http404
    name = request.GET.get("session", "")
    if not name:
        raise Http404
    draw, content_type, ending = FILES[fmt]
    with timezone.override(reader_zone(request.GET.get("tz", ""))):
        read = transcript(campaign, name, me(request), Filters.from_query(request.GET))
        response = HttpResponse(draw(read), content_type=content_type)
    slug = slugify(name, allow_unicode=True) or "session"
    response["Content-Disposition"] = f"attachment; filename*=UTF-8''{quote(slug)}.{ending}"
    return response


def reader_zone(name: str) -> tzinfo | None:
    """The time zone the reader's browser named (`Asia/Shanghai`), so a transcript's times are
    their clock's; None (the server's own) for none or one that is no zone."""
    if not name or len(name) > 64:
        return None
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


@login_required
@require_POST
def import_transcript(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM brings a session in from its JSON file: an ended table holding its lines."""
    campaign, _role = member_campaign(request, campaign_id)
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, _("Choose a transcript's JSON file."))
        return redirect("transcripts:sessions", campaign.pk)
    try:
        bring_in(campaign.pk, me(request), upload.read(8 * 1024 * 1024 + 1))
    except NotAllowed as error:
        messages.error(request, refusal(error))
    else:
        messages.success(request, _("The session was brought in."))
    return redirect("transcripts:sessions", campaign.pk)
