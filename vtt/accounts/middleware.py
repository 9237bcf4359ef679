"""A signed-in person's pages (and sockets, by the language cookie) speak their chosen language."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from vtt.accounts.models import Profile


class ProfileLanguageMiddleware:
    """After authentication: a profile's language wins over the cookie and the browser's."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        chosen = ""
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            chosen = (
                Profile.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
                or ""
            )
        if chosen:
            request.LANGUAGE_CODE = chosen
            # for this request only: the thread's language is given back afterwards
            with translation.override(chosen):
                response = self.get_response(request)
        else:
            response = self.get_response(request)
        if chosen and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != chosen:
            # the table's websocket reads this cookie to pick the language of its frames
            # set as Django's language switch sets it: Secure under VTT_HTTPS, HttpOnly, Lax
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                chosen,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite="Lax",  # settings.LANGUAGE_COOKIE_SAMESITE
            )
        return response
