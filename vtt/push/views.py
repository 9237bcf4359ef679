"""The service worker, and a browser's push subscription stored or forgotten."""

from __future__ import annotations

import base64
import binascii
import hmac
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from vtt.push.models import Subscription

# A user's browsers kept at most; a new one past this drops the oldest.
MOST_BROWSERS = 20
BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@require_GET
def worker(request: HttpRequest) -> HttpResponse:
    """The service worker, served from the site's root so its scope covers every table."""
    response = render(request, "push/worker.js", content_type="text/javascript; charset=utf-8")
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    return response


def _decoded(value: str) -> bytes | None:
    """The bytes of a base64url text (RFC 8291 keys); None for anything else (runs of padding
    and stray characters too, which decoding would skip while the row keeps them)."""
    core = value.rstrip("=")
    if not core or len(value) > 100 or len(value) - len(core) > 2 or core.strip(BASE64URL):
        return None
    try:
        return base64.urlsafe_b64decode(core + "=" * (-len(core) % 4))
    except (binascii.Error, ValueError):
        return None


def known_push_service(endpoint: str) -> bool:
    """Whether the address is on a push service the server may POST to (VTT_PUSH_SERVICES)."""
    try:
        host = (urlsplit(endpoint).hostname or "").lower()
    except ValueError:
        return False
    return any(host == known or host.endswith("." + known) for known in settings.VTT_PUSH_SERVICES)


def subscription_error(endpoint: str, p256dh: str, auth: str) -> str | None:
    """Why a posted subscription cannot be kept, or None: a push service speaks HTTPS, the
    browser's key is an uncompressed P-256 point and its secret 16 bytes (RFC 8291)."""
    if not endpoint.startswith("https://") or len(endpoint) > 1000:
        return _("A push subscription needs its push service's https address.")
    if not known_push_service(endpoint):
        return _("This push service is not one this server sends to; nothing was stored.")
    key = _decoded(p256dh)
    secret = _decoded(auth)
    if key is None or len(key) != 65 or key[0] != 4 or secret is None or len(secret) != 16:
        return _("This browser's push keys cannot be read; nothing was stored.")
    return None


def held_by_another(endpoint: str, user_id: int, p256dh: str, auth: str) -> bool:
    """Whether the endpoint is another account's and the poster does not hold its keys: only the
    browser knows its subscription's secret (RFC 8291), so one who learned the address alone
    cannot move its owner's notices elsewhere."""
    row = Subscription.objects.filter(endpoint=endpoint).exclude(user_id=user_id).first()
    if row is None:
        return False
    same_keys = hmac.compare_digest(row.p256dh, p256dh) and hmac.compare_digest(row.auth, auth)
    return not same_keys


@login_required
@require_POST
def subscribe(request: HttpRequest) -> JsonResponse:
    """Keep this browser's subscription for the signed-in user. A browser passed from one
    account to another (it posts the keys it holds) goes with the account now signed in; the
    address of another account's browser with other keys is refused, and stays its owner's."""
    endpoint = request.POST.get("endpoint", "").strip()
    p256dh = request.POST.get("p256dh", "").strip()
    auth = request.POST.get("auth", "").strip()
    error = subscription_error(endpoint, p256dh, auth)
    if error:
        return JsonResponse({"error": error}, status=400)
    user_id = request.user.pk
    assert user_id is not None  # signed in
    if held_by_another(endpoint, user_id, p256dh, auth):
        refusal = _("This browser's notices are kept for another account; nothing was stored.")
        return JsonResponse({"error": refusal}, status=409)
    Subscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user_id": user_id, "p256dh": p256dh, "auth": auth}
    )
    mine = Subscription.objects.filter(user_id=user_id).order_by("-created", "-pk")
    stale = list(mine.values_list("pk", flat=True)[MOST_BROWSERS:])
    if stale:
        Subscription.objects.filter(pk__in=stale).delete()
    return JsonResponse({"stored": True})


@login_required
@require_POST
def unsubscribe(request: HttpRequest) -> JsonResponse:
    """Forget this browser's subscription (the page turned notices off here)."""
    endpoint = request.POST.get("endpoint", "").strip()
    user_id = request.user.pk
    assert user_id is not None  # signed in
    Subscription.objects.filter(user_id=user_id, endpoint=endpoint).delete()
    return JsonResponse({"stored": False})
