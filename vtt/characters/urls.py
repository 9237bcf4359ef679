"""Character URLs."""

from __future__ import annotations

from django.urls import path

from vtt.characters import views

app_name = "characters"
urlpatterns = [
    path("campaigns/<int:campaign_id>/characters/new/", views.character_new, name="new"),
    path("characters/<int:character_id>/edit/", views.character_edit, name="edit"),
]
