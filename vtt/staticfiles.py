"""Daphne's /static/ handler, with a 404 (not a 500) for any path outside the static files, and
the pages' Content-Security-Policy and `nosniff` on every answer (Django's middleware, which adds
them to pages, never sees these responses; deploy/nginx.conf adds the same when it serves them)."""

from __future__ import annotations

from typing import Any

from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.core.exceptions import SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponseBase

from vtt.csp import POLICY


def with_static_headers(response: HttpResponseBase) -> HttpResponseBase:
    """A static file (or its 404) is never read as another type, nor runs what the policy bars:
    an SVG opened on its own is a document that could hold script."""
    response.headers.setdefault("Content-Security-Policy", POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    return response


class StaticFiles(ASGIStaticFilesHandler):
    """`/static/%2e%2e/vtt/settings.py` and friends answer 404, like any missing file."""

    def serve(self, request: HttpRequest) -> Any:
        try:
            return super().serve(request)
        except (SuspiciousOperation, ValueError) as exc:  # a path that escapes the static roots
            raise Http404 from exc

    def get_response(self, request: HttpRequest) -> HttpResponseBase:
        return with_static_headers(super().get_response(request))

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        return with_static_headers(await super().get_response_async(request))
