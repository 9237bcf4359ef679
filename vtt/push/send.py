"""Sending a notice to every browser a user subscribed (pywebpush: RFC 8291 encryption, VAPID).

A push service that answers 404 or 410 has forgotten the subscription (the browser dropped it):
the row goes. Any other failure is logged and the next browser is tried.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from dataclasses import asdict, dataclass

from django.conf import settings
from pywebpush import WebPushException, webpush

from vtt.push.keys import vapid_keys
from vtt.push.models import Subscription

logger = logging.getLogger(__name__)

GONE = (404, 410)
# How long a push service keeps a notice for a browser that is offline: a day.
TTL_SECONDS = 24 * 3600


@dataclass(frozen=True)
class Notice:
    """What the service worker shows: a title, a line, the page a click opens, and a tag (a
    newer notice with the same tag replaces the older one on the screen)."""

    user_id: int
    title: str
    body: str
    url: str
    tag: str


def send_notices(notices: Iterable[Notice]) -> int:
    """Push each notice to its user's browsers; how many browsers took one."""
    notices = list(notices)
    if not notices:
        return 0
    by_user: dict[int, list[Subscription]] = {}
    for row in Subscription.objects.filter(user_id__in={n.user_id for n in notices}):
        by_user.setdefault(row.user_id, []).append(row)
    keys = vapid_keys()
    sent = 0
    for notice in notices:
        payload = json.dumps({k: v for k, v in asdict(notice).items() if k != "user_id"})
        for row in by_user.get(notice.user_id, []):
            if deliver(row, payload, keys.private):
                sent += 1
    return sent


def deliver(row: Subscription, payload: str, private_key: str) -> bool:
    """One encrypted POST to one browser's push service; whether it took it."""
    info = {"endpoint": row.endpoint, "keys": {"p256dh": row.p256dh, "auth": row.auth}}
    try:
        webpush(
            info,
            data=payload,
            vapid_private_key=private_key,
            vapid_claims={"sub": settings.VTT_VAPID_SUBJECT},
            ttl=TTL_SECONDS,
            timeout=10,
        )
    except WebPushException as error:
        status = getattr(error.response, "status_code", None)
        if status in GONE:
            row.delete()
        else:
            logger.warning("a push service refused a notice: %s", error)
        return False
    except Exception:
        logger.warning("a push service could not be reached", exc_info=True)
        return False
    return True
