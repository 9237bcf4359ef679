"""A NUL character anywhere in a request's address or form is refused with a 400 before any view.

PostgreSQL cannot store NUL in text (a DataError, a 500), and a raw `request.POST` value, an
invite token in the path or a query parameter reaches the database without a form's
`ProhibitNullCharactersValidator`. No browser sends NUL on its own, so one answer here covers every
view, old and new (docs/deploy.md, "Bad input"). Websocket messages are checked in
vtt/encounters/commands.py.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, QueryDict
from django.utils.translation import gettext as _


def _has_nul(data: QueryDict) -> bool:
    return any("\x00" in key or any("\x00" in v for v in values) for key, values in data.lists())


def carries_nul(request: HttpRequest) -> bool:
    """Whether the path, a query parameter or a posted form field (name or value) holds NUL."""
    if "\x00" in request.path_info or _has_nul(request.GET):
        return True
    return request.method == "POST" and _has_nul(request.POST)


class RefuseNulMiddleware:
    """400 "not allowed", nothing changed, for a request that carries NUL."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if carries_nul(request):
            return HttpResponse(
                _("A NUL character is not allowed in an address or a form; nothing was changed."),
                status=400,
                content_type="text/plain; charset=utf-8",
            )
        return self.get_response(request)


def whole_number(text: str | None, most_digits: int = 12) -> int | None:
    """A typed whole number (decimal digits of any script, "٣" too, at most `most_digits` of
    them), or None: "²" passes `str.isdigit()` and a run of thousands of digits
    `str.isdecimal()`, and `int()` raises on both (Python's 4,300-digit limit): a 500 where a
    refusal in words was due."""
    if text is None or not 0 < len(text) <= most_digits:
        return None
    return int(text) if text.isdecimal() else None
