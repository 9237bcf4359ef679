"""The rules reference's URL."""

from __future__ import annotations

from django.urls import path

from vtt.rulebook import views

app_name = "rulebook"
urlpatterns = [path("rules/<str:rule>/", views.rule_entry, name="entry")]
