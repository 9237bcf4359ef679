"""Daphne's /static/ handler, with a 404 (not a 500) for any path outside the static files."""

from __future__ import annotations

from typing import Any

from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.core.exceptions import SuspiciousOperation
from django.http import Http404, HttpRequest


class StaticFiles(ASGIStaticFilesHandler):
    """`/static/%2e%2e/vtt/settings.py` and friends answer 404, like any missing file."""

    def serve(self, request: HttpRequest) -> Any:
        try:
            return super().serve(request)
        except (SuspiciousOperation, ValueError) as exc:  # a path that escapes the static roots
            raise Http404 from exc
