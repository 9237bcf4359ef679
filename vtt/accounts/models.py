"""A person's own settings: the name others see, their language, how they roll and are alerted."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Profile(models.Model):
    """One per user, made on first use (`profile_of`)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(
        _("Display name"), max_length=60, blank=True, help_text=_("What others at the table see.")
    )
    language = models.CharField(
        _("Language"), max_length=10, blank=True, choices=settings.LANGUAGES
    )
    physical_dice = models.BooleanField(
        _("I roll physical dice"),
        default=False,
        help_text=_("The table asks you for each face it needs and marks it as physical."),
    )
    turn_alert = models.BooleanField(
        _("Alert me when it is my turn"),
        default=True,
        help_text=_("A sound and a flashing title when your turn comes."),
    )
    turn_email = models.BooleanField(
        _("Email me when a table waits for my move"),
        default=False,
        help_text=_(
            "One message each time a table starts waiting for you, never for your own moves, "
            "with a link to the table. It goes to the email address below."
        ),
    )

    turn_push = models.BooleanField(
        _("Notify my browsers when a table waits for my move"),
        default=True,
        help_text=_(
            "A notice on each browser where you allowed them (Web Push), even with the table's "
            "tab closed; none while you are looking at the table."
        ),
    )

    def __str__(self) -> str:
        return self.display_name or self.user.get_username()


def profile_of(user: Any) -> Profile:
    """The user's profile, made with defaults if they have none yet."""
    cached = getattr(user, "_tabula_profile", None)
    if cached is None:
        cached, _created = Profile.objects.get_or_create(user=user)
        user._tabula_profile = cached
    return cached


def display_name(user: Any) -> str:
    """The name people read: the display name, else the username."""
    if user is None:
        return ""
    try:
        chosen: str = user.profile.display_name
    except Profile.DoesNotExist:
        chosen = ""
    name: str = chosen or user.get_username()
    return name
