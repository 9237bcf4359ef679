"""The sign-up form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from vtt.accounts.models import Profile


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    """A username and a password, twice."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)


class ProfileForm(forms.ModelForm):  # type: ignore[type-arg]
    """The person's own settings, and the email address turn notices go to (the user's)."""

    email = forms.EmailField(label=_("Email address"), required=False)

    class Meta:
        model = Profile
        fields = (
            "display_name",
            "language",
            "physical_dice",
            "turn_alert",
            "turn_push",
            "turn_email",
        )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].initial = self.instance.user.email

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("turn_email") and not data.get("email"):
            self.add_error("email", _("Turn emails need an email address."))
        return data

    def save(self, commit: bool = True) -> Profile:
        profile: Profile = super().save(commit=commit)
        user = profile.user
        user.email = self.cleaned_data.get("email") or ""
        if commit:
            user.save(update_fields=["email"])
        return profile
