"""Transcript URLs: a campaign's sessions, their files, a session brought in."""

from __future__ import annotations

from django.urls import path

from vtt.transcripts import views

app_name = "transcripts"
urlpatterns = [
    path("campaigns/<int:campaign_id>/sessions/", views.sessions, name="sessions"),
    path(
        "campaigns/<int:campaign_id>/sessions/transcript.<slug:fmt>",
        views.transcript_file,
        name="file",
    ),
    path(
        "campaigns/<int:campaign_id>/sessions/import/",
        views.import_transcript,
        name="import",
    ),
]
