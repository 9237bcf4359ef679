"""Character URLs."""

from __future__ import annotations

from django.urls import path

from vtt.characters import views

app_name = "characters"
urlpatterns = [
    path("campaigns/<int:campaign_id>/characters/new/", views.character_new, name="new"),
    path("campaigns/<int:campaign_id>/characters/derive/", views.character_derive, name="derive"),
    path("characters/<int:character_id>/edit/", views.character_edit, name="edit"),
]
