"""Admin: the backgrounds uploaded, by campaign."""

from __future__ import annotations

from django.contrib import admin

from vtt.scenes.models import SceneImage

admin.site.register(SceneImage)
