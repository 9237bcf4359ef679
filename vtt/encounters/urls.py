"""Encounter URLs."""

from __future__ import annotations

from django.urls import path

from vtt.encounters import views

app_name = "encounters"
urlpatterns = [
    path("games/", views.your_games, name="waiting"),
    path("campaigns/<int:campaign_id>/encounters/new/", views.encounter_new, name="new"),
    path("encounters/<int:encounter_id>/", views.encounter_detail, name="detail"),
    path("encounters/<int:encounter_id>/events/", views.encounter_events, name="events"),
    path("encounters/<int:encounter_id>/preview/", views.encounter_preview, name="preview"),
    path("encounters/<int:encounter_id>/reach/", views.encounter_reach, name="reach"),
    path("encounters/<int:encounter_id>/part/<slug:name>/", views.encounter_part, name="part"),
    path("encounters/<int:encounter_id>/seats/", views.assign_seat, name="seats"),
    path("encounters/<int:encounter_id>/end/", views.end_encounter, name="end"),
    path("encounters/<int:encounter_id>/write-back/", views.write_back, name="write_back"),
    path("encounters/<int:encounter_id>/log/", views.encounter_log, name="log"),
    path("encounters/<int:encounter_id>/log/older/", views.encounter_log_older, name="older"),
    path("encounters/<int:encounter_id>/log/lines/", views.encounter_log_lines, name="lines"),
    path("encounters/<int:encounter_id>/replay/", views.encounter_replay, name="replay"),
    path(
        "encounters/<int:encounter_id>/log/mine.json",
        views.own_log,
        {"fmt": "json"},
        name="own_log_json",
    ),
    path(
        "encounters/<int:encounter_id>/log/mine.txt",
        views.own_log,
        {"fmt": "txt"},
        name="own_log_text",
    ),
]
