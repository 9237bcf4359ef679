"""Login and sign-up throttling in Django's cache: per account and per address, with a window."""

from __future__ import annotations

import hashlib
import logging

from django.core.cache import cache
from django.http import HttpRequest

logger = logging.getLogger(__name__)

WINDOW_SECONDS = 15 * 60
MAX_FAILURES_PER_ACCOUNT = 10
MAX_FAILURES_PER_ADDRESS = 30
MAX_SIGNUPS_PER_ADDRESS = 10


def address_of(request: HttpRequest) -> str:
    """The client address as the server sees it (behind nginx: the proxy sets REMOTE_ADDR)."""
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


def login_blocked(request: HttpRequest, username: str) -> bool:
    """Whether this account or this address failed to log in too often lately."""
    return (
        _count(_key("account", username)) >= MAX_FAILURES_PER_ACCOUNT
        or _count(_key("address", address_of(request))) >= MAX_FAILURES_PER_ADDRESS
    )


def login_failed(request: HttpRequest, username: str) -> None:
    _bump(_key("account", username))
    _bump(_key("address", address_of(request)))


def signup_blocked(request: HttpRequest) -> bool:
    """Whether this address made too many accounts lately."""
    return _count(_key("signup", address_of(request))) >= MAX_SIGNUPS_PER_ADDRESS


def signed_up(request: HttpRequest) -> None:
    _bump(_key("signup", address_of(request)))
