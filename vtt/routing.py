"""Websocket URL routes."""

from __future__ import annotations

from django.urls import path

from vtt.encounters.consumers import EncounterConsumer

websocket_urlpatterns = [
    path("ws/encounters/<int:encounter_id>/", EncounterConsumer.as_asgi()),
]
