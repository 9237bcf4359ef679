"""Scene background URLs: the GM's upload and the members' fetch."""

from __future__ import annotations

from django.urls import path

from vtt.scenes import views

app_name = "scenes"

urlpatterns = [
    path("scene-images/upload/<int:campaign_id>/", views.upload, name="upload"),
    path("scene-images/list/<int:campaign_id>/", views.listed, name="list"),
    path("scene-images/<int:image_id>/", views.image, name="image"),
]
