"""A scene map's background image: the campaign it belongs to, the file, who sent it, its size."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from vtt.campaigns.models import Campaign


def _stored_name(image: SceneImage, filename: str) -> str:
    """Where the file goes under MEDIA_ROOT: the campaign's folder and a name nobody can guess
    (the name the GM's computer gave it is neither kept nor trusted)."""
    suffix = filename.rsplit(".", 1)[-1].lower()
    return f"scenes/{image.campaign_id}/{secrets.token_urlsafe(12)}.{suffix}"


class SceneImage(models.Model):
    """An uploaded background; only the campaign's members may fetch it (vtt/scenes/views.py)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="scene_images")
    file = models.FileField(_("file"), upload_to=_stored_name)
    uploader = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    width = models.PositiveIntegerField(_("width (pixels)"))
    height = models.PositiveIntegerField(_("height (pixels)"))
    name = models.CharField(_("name"), max_length=120, blank=True, default="")
    # a map of the campaign's tables has shown it (vtt/scenes/backgrounds.py): its members read it
    shown = models.BooleanField(_("shown on a map"), default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name or str(self.file.name)
