"""URL routes of the table server (docs/server.md lists them)."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

urlpatterns = [
    path("", RedirectView.as_view(pattern_name="campaigns:list"), name="home"),
    path("accounts/", include("vtt.accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("vtt.campaigns.urls")),
    path("", include("vtt.characters.urls")),
    path("", include("vtt.encounters.urls")),
    path("admin/", admin.site.urls),
]
