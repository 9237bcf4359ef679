"""Upload of a scene map's background (the campaign's GM) and its fetch (the campaign's members).

Images are private to the campaign: they are never under a public URL. Django serves the file
after checking membership (a member who is not the GM reads only a background a map of the
campaign's tables has shown); behind nginx (docker-compose.yml) the view answers with an
X-Accel-Redirect to an internal location instead, so nginx sends the bytes
(settings.VTT_MEDIA_ACCEL).
"""

from __future__ import annotations

import mimetypes
from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.files.base import ContentFile
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from vtt.campaigns.models import Campaign, Role
from vtt.campaigns.views import member_campaign
from vtt.scenes.models import SceneImage
from vtt.scenes.upload import Refused, check


def described(image: SceneImage) -> dict[str, Any]:
    """An image as the builder and the map's set-up panel list it."""
    return {
        "id": image.pk,
        "name": image.name or _("Background %(n)s") % {"n": image.pk},
        "url": reverse("scenes:image", args=[image.pk]),
        "width": image.width,
        "height": image.height,
    }


def images_of(campaign: Campaign) -> list[dict[str, Any]]:
    """The campaign's backgrounds, newest first."""
    return [described(image) for image in SceneImage.objects.filter(campaign=campaign)]


@login_required
@require_POST
def upload(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A background sent by the campaign's GM: kept when it is an image of a size allowed."""
    campaign, role = member_campaign(request, campaign_id)
    if role != Role.GM:
        return JsonResponse({"error": _("Only the GM uploads map backgrounds.")}, status=403)
    sent = request.FILES.get("image")
    try:
        found = check(sent)
    except Refused as refusal:
        return JsonResponse({"error": str(refusal)}, status=400)
    assert sent is not None  # check() refuses a missing file
    name = str(sent.name or "").rsplit("/", 1)[-1][:120]
    image = SceneImage(
        campaign=campaign,
        uploader_id=request.user.pk,
        width=found.width,
        height=found.height,
        name=name.rsplit(".", 1)[0][:120],
    )
    image.file.save(f"upload.{found.suffix}", ContentFile(sent.read()), save=False)
    image.save()
    return JsonResponse(described(image), status=201)


@login_required
@require_GET
def listed(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The campaign's backgrounds for the GM's map set-up (members' pages show only the one a
    map uses)."""
    campaign, role = member_campaign(request, campaign_id)
    if role != Role.GM:
        return JsonResponse({"error": _("Only the GM uploads map backgrounds.")}, status=403)
    return JsonResponse({"images": images_of(campaign)})


def shown_at_a_table(image: SceneImage) -> bool:
    """Whether a map of the campaign's tables has had the image as its background: set up with
    it (the encounter builder) or set to it in play (`scene.set`), as the first such map marked
    it (vtt/scenes/backgrounds.py)."""
    return bool(image.shown)


@login_required
@require_GET
def image(request: HttpRequest, image_id: int) -> HttpResponse | FileResponse:
    """A background's bytes: the campaign's GM's any time, its other members' once a map of its
    tables has shown it (a background the GM prepared, a dungeon's next level, is not theirs to
    read yet); strangers and the unshown get a 404 alike."""
    found = get_object_or_404(SceneImage, pk=image_id)
    _campaign, role = member_campaign(request, found.campaign_id)
    if role != Role.GM and not shown_at_a_table(found):
        raise Http404
    stored = str(found.file.name)
    content_type = mimetypes.guess_type(stored)[0] or "application/octet-stream"
    response: HttpResponse | FileResponse
    if settings.VTT_MEDIA_ACCEL:
        response = HttpResponse(content_type=content_type)
        response["X-Accel-Redirect"] = f"{settings.VTT_MEDIA_ACCEL}{stored}"
    else:
        response = FileResponse(found.file.open("rb"), content_type=content_type)
    response["Cache-Control"] = "private, max-age=86400"
    response["X-Content-Type-Options"] = "nosniff"
    return response
