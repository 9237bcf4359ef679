"""The sign-up form."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User

from vtt.accounts.models import Profile


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    """A username and a password, twice."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)


class ProfileForm(forms.ModelForm):  # type: ignore[type-arg]
    """The person's own settings."""

    class Meta:
        model = Profile
        fields = ("display_name", "language", "physical_dice", "turn_alert")
