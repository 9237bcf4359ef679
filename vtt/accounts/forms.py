"""The sign-up form."""

from __future__ import annotations

from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    """A username and a password, twice."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)
