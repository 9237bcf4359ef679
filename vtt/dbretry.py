"""A database that drops its connections for a moment (a restart, `pg_terminate_backend`) costs a
retry, never a 500 or a lost action: the backend replaces dead connections on the next attempt
(vtt/postgresql), so each caller here tries again for a few seconds, then says "try again" (a
socket's action: "sent again", and the page resends it under its key).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from channels.auth import AuthMiddleware
from channels.sessions import CookieMiddleware, SessionMiddleware
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

# The waits between attempts: together they cover a database restart's few seconds.
RETRY_DELAYS = (0.1, 0.3, 0.6, 1.0, 2.0)
DATABASE_ERRORS = (OperationalError, InterfaceError)
logger = logging.getLogger(__name__)
T = TypeVar("T")


async def retrying(call: Callable[[], Awaitable[T]]) -> T:
    """`await call()`, again after each wait while the database connection is being replaced."""
    for delay in (*RETRY_DELAYS, None):
        try:
            return await call()
        except DATABASE_ERRORS:
            if delay is None:
                raise
            await asyncio.sleep(delay)
    raise AssertionError("unreachable")


def unavailable_text() -> str:
    return _("The database did not answer; try again.")


class DatabaseUnavailableMiddleware:
    """A page whose query met a dropped connection answers 503 "try again", not 500."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, DATABASE_ERRORS):
            return None
        logger.warning("the database did not answer %s", request.path, exc_info=exception)
        connection.close()  # the next request takes a fresh connection from the pool
        response = HttpResponse(unavailable_text(), status=503, content_type="text/plain")
        response["Retry-After"] = "1"
        return response


class RetryingAuthMiddleware(AuthMiddleware):
    """Channels' session auth, whose user lookup is tried again over a replaced connection."""

    async def resolve_scope(self, scope: Any) -> None:
        await retrying(lambda: super(RetryingAuthMiddleware, self).resolve_scope(scope))


def auth_stack(inner: Any) -> Any:
    """`channels.auth.AuthMiddlewareStack`, with the retrying user lookup."""
    return CookieMiddleware(SessionMiddleware(RetryingAuthMiddleware(inner)))
