"""Remote play URLs: the standing panel of a table and what its players decide off the board."""

from __future__ import annotations

from django.urls import path

from vtt.remote import views

app_name = "remote"

urlpatterns = [
    path("encounters/<int:encounter_id>/standing/", views.panel, name="panel"),
    path("encounters/<int:encounter_id>/clock/", views.set_control, name="set"),
    path("encounters/<int:encounter_id>/clock/decide/", views.decide, name="decide"),
    path("encounters/<int:encounter_id>/concede/", views.concede, name="concede"),
    path("encounters/<int:encounter_id>/away/", views.away, name="away"),
]
