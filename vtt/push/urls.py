"""Web Push URLs: the service worker at the root (its scope is the whole site)."""

from __future__ import annotations

from django.urls import path

from vtt.push import views

app_name = "push"

urlpatterns = [
    path("push-worker.js", views.worker, name="worker"),
    path("push/subscribe/", views.subscribe, name="subscribe"),
    path("push/unsubscribe/", views.unsubscribe, name="unsubscribe"),
]
