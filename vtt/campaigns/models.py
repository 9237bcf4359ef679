"""Campaigns, memberships with roles, and the revocable, expiring invite token."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    """What a member may do at the campaign's tables."""

    GM = "gm", _("Game master")
    PLAYER = "player", _("Player")
    OBSERVER = "observer", _("Observer")


def new_invite_token() -> str:
    """A fresh secret for a join link."""
    return secrets.token_urlsafe(24)


class Campaign(models.Model):
    """A group's game: one rule system, its members, characters and encounters."""

    name = models.CharField(_("name"), max_length=120)
    system = models.CharField(_("rule system"), max_length=40)  # a rules registry key
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_campaigns"
    )
    settings: models.JSONField[dict[str, Any]] = models.JSONField(_("settings"), default=dict)
    invite_token = models.CharField(max_length=64, null=True, blank=True, unique=True)
    # When the join link stops working (settings.VTT_INVITE_DAYS after it was made, or the days
    # the GM chose); None with no link.
    invite_expires = models.DateTimeField(null=True, blank=True)
    # Off: GM secret rolls, private GM notes and hidden events stay the GM's in the log after
    # the end (role-playing); on: everyone reads the whole log then (wargames' reveal).
    reveal_secrets_after_end = models.BooleanField(_("reveal secrets after the end"), default=False)
    # Hybrid tables: a player who prefers physical dice (Profile.physical_dice) is asked for each
    # face; off, every die is the server's, whatever a player prefers.
    physical_dice = models.BooleanField(_("players may roll physical dice"), default=False)
    # The campaign's clock between fights (issue 32): days since it began, moved on by the GM;
    # healing over weeks happens as it passes each week's end (vtt/lobby/downtime.py).
    day = models.PositiveIntegerField(_("day"), default=0)
    # A game without a game master (vtt/campaigns/sides.py): the rules referee, the owner plays
    # one side as a player and the invite link seats the other; a GM may still join, neutral.
    two_sided = models.BooleanField(_("two sides, no game master"), default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A user's role in one campaign."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.PLAYER)
    joined = models.DateTimeField(auto_now_add=True)
    # The join link this member came in with: removing them revokes it while it is the live one,
    # so they cannot come back with it. Empty: the owner, or a member from before links were kept.
    invite_token = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_membership_per_user")
        ]
        ordering = ["role", "user__username"]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.campaign}"


class GmConsent(models.Model):
    """In a game without a GM, one side's player agreeing that a member become its neutral game
    master: the role changes only once every side's player has agreed (vtt/lobby/members.py), so
    neither player can make a second account of their own the GM, who would see both sides."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="gm_consents")
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "member", "by"], name="one_gm_consent_per_player"
            )
        ]

    def __str__(self) -> str:
        return f"{self.by} agrees to {self.member} as GM of {self.campaign}"


class Invitation(models.Model):
    """A membership a campaign file names for someone other than its importer
    (vtt/lobby/transfer.py), waiting for them to accept it (vtt/lobby/invitations.py): until
    then they are no member, hold no seat and no character, and get no notice. Accepting makes
    the membership with its role, gives back the characters the file gave them (held by the
    importer meanwhile) and seats them where the file did; declining leaves all that as it is."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations"
    )
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.PLAYER)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # the character ids to give them, and the seats to take: [{"encounter", "actor_id", "side"}]
    characters: models.JSONField[list[int]] = models.JSONField(default=list)
    seats: models.JSONField[list[dict[str, Any]]] = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_invitation_per_user")
        ]
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.user} invited as {self.role} to {self.campaign}"


class FileConsent(models.Model):
    """In a game without a GM, one side's player agreeing that the whole campaign file (both
    sides' hidden moves, the seeds) may leave the server: a side's player downloads it only
    once every side's player has agreed since the newest table began (vtt/lobby/whole_file.py)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="file_consents")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "by"], name="one_file_consent_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.by} shares the file of {self.campaign}"


class Downtime(models.Model):
    """Something the GM did between fights (vtt/lobby/downtime.py): days passed, or a
    recovery tool (First Aid, a week's healing, a mech's repair) on one character, with the
    rules' lines as messages and every die rolled. The sheet it changed has a `SheetChange`
    (no encounter) saved in the same transaction."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="downtime")
    day = models.PositiveIntegerField()  # the clock when it happened (after days passed)
    days = models.PositiveIntegerField(default=0)  # days the clock moved on; 0 for a tool
    tool = models.CharField(max_length=40)
    rule = models.CharField(max_length=40, blank=True, default="")
    character = models.ForeignKey(
        "characters.Character",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="downtime",
    )
    lines: models.JSONField[list[Any]] = models.JSONField(default=list)  # message JSON
    dice: models.JSONField[list[Any]] = models.JSONField(default=list)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.tool} on day {self.day}"
