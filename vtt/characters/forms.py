"""The character form: name, NPC flag and portrait; the sheet is the system's own form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from vtt.characters.models import Character


class CharacterForm(forms.ModelForm):  # type: ignore[type-arg]
    """What the table knows of a character besides its sheet."""

    portrait = forms.URLField(
        label=_("Portrait"),
        required=False,
        assume_scheme="https",
        help_text=_("Optional: the address of a picture."),
    )

    class Meta:
        model = Character
        fields = ["name", "is_npc", "portrait"]

    def __init__(self, *args: Any, is_gm: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not is_gm:
            del self.fields["is_npc"]
