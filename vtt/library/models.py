"""A campaign's library: items of the kinds its system declares (rules/core/library.py)."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from vtt.campaigns.models import Campaign


class LibraryItem(models.Model):
    """One weapon, armour, item, NPC template, frame or unit type a group keeps, in the shape
    its kind's form writes (`data`, name included); the rules complete it where it is used."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="library")
    kind = models.CharField(_("kind"), max_length=40)
    name = models.CharField(_("name"), max_length=100)
    data: models.JSONField[dict[str, Any]] = models.JSONField(_("item"), default=dict)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["kind", "name", "pk"]
        indexes = [models.Index(fields=["campaign", "kind"])]

    def __str__(self) -> str:
        return f"{self.kind}: {self.name}"
