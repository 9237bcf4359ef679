"""URL routes of the table server (docs/server.md lists them)."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from vtt.accounts import views as accounts_views

urlpatterns = [
    path("", RedirectView.as_view(pattern_name="campaigns:list"), name="home"),
    path("accounts/", include("vtt.accounts.urls")),
    path("i18n/setlang/", accounts_views.set_language, name="set_language"),
    path("", include("vtt.lobby.urls")),
    path("", include("vtt.characters.urls")),
    path("", include("vtt.encounters.urls")),
    path("", include("vtt.push.urls")),
    path("", include("vtt.remote.urls")),
    path("", include("vtt.rulebook.urls")),
    path("", include("vtt.transcripts.urls")),
    path("", include("vtt.scenes.urls")),
    path("", include("vtt.lobby.library_urls")),
    path("admin/", admin.site.urls),
]
