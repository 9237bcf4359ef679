"""Login and sign-up throttling in Django's cache, with a window.

Failed logins count per account and address together (a stranger's guesses lock the stranger's
address out of that account, not its owner), per address, and per account with a much higher
bar (guessing from many addresses). The address is the connection's, or behind a proxy
(`VTT_BEHIND_PROXY`) the `X-Real-IP` the proxy itself sets (deploy/nginx.conf): never the
`X-Forwarded-For` a client can send.
"""

from __future__ import annotations

import hashlib
import logging

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

logger = logging.getLogger(__name__)

WINDOW_SECONDS = 15 * 60
MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10
MAX_FAILURES_PER_ADDRESS = 30
MAX_FAILURES_PER_ACCOUNT = 100
MAX_SIGNUPS_PER_ADDRESS = 10


def address_of(request: HttpRequest) -> str:
    """The client's address: behind the proxy, the one it sets; else the connection's own."""
    if settings.VTT_BEHIND_PROXY:
        # nginx overwrites the header with the address it was connected from ($remote_addr)
        given = str(request.META.get("HTTP_X_REAL_IP") or "").strip()
        if given:
            return given
    return str(request.META.get("REMOTE_ADDR") or "unknown")


def _key(kind: str, value: str) -> str:
    return "throttle:" + kind + ":" + hashlib.sha256(value.lower().encode()).hexdigest()[:32]


def _count(key: str) -> int:
    try:
        return int(cache.get(key, 0))
    except Exception:  # the cache (Redis) away: logins still work, unthrottled for the moment
        logger.warning("throttle cache unavailable", exc_info=True)
        return 0


def _bump(key: str) -> None:
    try:
        if not cache.add(key, 1, WINDOW_SECONDS):
            cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, WINDOW_SECONDS)
    except Exception:
        logger.warning("throttle cache unavailable", exc_info=True)


def _pair(request: HttpRequest, username: str) -> str:
    return username + "\n" + address_of(request)


def login_blocked(request: HttpRequest, username: str) -> bool:
    """Whether this account from this address, this address, or this account from anywhere
    failed to log in too often lately."""
    return (
        _count(_key("pair", _pair(request, username))) >= MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS
        or _count(_key("address", address_of(request))) >= MAX_FAILURES_PER_ADDRESS
        or _count(_key("account", username)) >= MAX_FAILURES_PER_ACCOUNT
    )


def login_failed(request: HttpRequest, username: str) -> None:
    _bump(_key("pair", _pair(request, username)))
    _bump(_key("address", address_of(request)))
    _bump(_key("account", username))


def signup_blocked(request: HttpRequest) -> bool:
    """Whether this address made too many accounts lately."""
    return _count(_key("signup", address_of(request))) >= MAX_SIGNUPS_PER_ADDRESS


def signed_up(request: HttpRequest) -> None:
    _bump(_key("signup", address_of(request)))
