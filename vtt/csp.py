"""The Content-Security-Policy header: scripts, styles and connections from this site only."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

# No inline script, style element or style attribute anywhere: the pages' scripts and styles are
# static files, and values a page computes (a bar's width) travel in data-style, which
# static/js/styles.js applies through the CSSOM (docs/deploy.md, "Content-Security-Policy").
POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class ContentSecurityPolicyMiddleware:
    """Adds the policy to every response that does not set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", POLICY)
        return response
