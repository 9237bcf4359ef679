"""Characters: an owner, a rule system and a sheet that system validated."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from vtt.campaigns.models import Campaign


class Character(models.Model):
    """A player's character, or an NPC owned by the GM."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="characters")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="characters"
    )
    name = models.CharField(_("name"), max_length=80)
    system = models.CharField(_("rule system"), max_length=40)
    sheet: models.JSONField[dict[str, Any]] = models.JSONField(_("sheet"), default=dict)
    is_npc = models.BooleanField(_("NPC"), default=False)
    portrait = models.URLField(_("portrait"), blank=True, default="")
    actor_id = models.CharField(max_length=60, blank=True, default="")  # combatant id it plays
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class SheetChange(models.Model):
    """What one encounter changed on one character's sheet, as the GM confirmed it: the lines
    written (label, before and after, in the words the page showed), and the sheet before and
    after, saved in the same transaction as the sheet itself (vtt/encounters/carry.py)."""

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="changes")
    encounter = models.ForeignKey(
        "encounters.Encounter",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="sheet_changes",
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    lines: models.JSONField[list[dict[str, Any]]] = models.JSONField(default=list)
    left_out: models.JSONField[list[dict[str, Any]]] = models.JSONField(default=list)
    before: models.JSONField[dict[str, Any]] = models.JSONField(default=dict)
    after: models.JSONField[dict[str, Any]] = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.character_id} @ {self.encounter_id}"
