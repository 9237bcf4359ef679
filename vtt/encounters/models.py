"""Encounters and seats: tables and small derived properties, no game rules."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from vtt.campaigns.models import Campaign


class Status(models.TextChoices):
    """Where an encounter is in its life."""

    ACTIVE = "active", _("In play")
    ENDED = "ended", _("Ended")


class Encounter(models.Model):
    """One table session of a rule system; its state is the fold of its events."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="encounters")
    system = models.CharField(_("rule system"), max_length=40)
    title = models.CharField(_("title"), max_length=120)
    setup: models.JSONField[dict[str, Any]] = models.JSONField(default=dict)
    seed = models.CharField(max_length=64)  # secret until the encounter ends
    commitment = models.CharField(max_length=64)  # SHA-256 of the seed, shown to everyone
    state: models.JSONField[dict[str, Any]] = models.JSONField(default=dict)  # snapshot cache
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    # seated players' audiences [[side, [actor ids]]...], kept by the seat services so a
    # broadcast needs no roster query
    audiences: models.JSONField[list[Any]] = models.JSONField(default=list)
    seq = models.PositiveIntegerField(default=0)  # the last event's sequence number
    entries = models.PositiveIntegerField(default=0)  # the last entry's index
    created = models.DateTimeField(auto_now_add=True)
    ended = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.title

    @property
    def is_active(self) -> bool:
        return self.status == Status.ACTIVE

    @property
    def revealed_seed(self) -> str | None:
        """The seed, once the encounter has ended (docs/design.md: fairness)."""
        return self.seed if self.status == Status.ENDED else None


class Seat(models.Model):
    """A user controlling one actor (combatant id or side) at an encounter."""

    encounter = models.ForeignKey(Encounter, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    actor_id = models.CharField(max_length=60)
    side = models.CharField(max_length=40, null=True, blank=True)  # noqa: DJ001  (no side ≠ "")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["encounter", "actor_id"], name="one_seat_per_actor")
        ]
        ordering = ["actor_id"]

    def __str__(self) -> str:
        return f"{self.user} at {self.actor_id}"


class Presence(models.Model):
    """An open socket of an encounter: which audience and language it needs frames in.

    Broadcasts render only for the audiences and languages of the sockets open now (across every
    server process, hence the table); a row whose socket died without a goodbye goes stale and
    is ignored once its heartbeat stops refreshing `seen`.
    """

    encounter = models.ForeignKey(Encounter, on_delete=models.CASCADE, related_name="presences")
    channel = models.CharField(max_length=200, unique=True)
    audience_key = models.CharField(max_length=300)
    language = models.CharField(max_length=10)
    seen = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.audience_key} ({self.language})"


class CampaignScenario(models.Model):
    """A wargame scenario a campaign's GM made in the scenario editor or imported (issue 36):
    its data as the rules read it (docs/rules/scs.md's scenario format), offered by New
    encounter beside the system's built-in scenarios."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="scenarios")
    system = models.CharField(_("rule system"), max_length=40)
    title = models.CharField(_("title"), max_length=120)
    data: models.JSONField[dict[str, Any]] = models.JSONField(default=dict)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["title", "pk"]

    def __str__(self) -> str:
        return self.title
