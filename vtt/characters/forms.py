"""The character form: the sheet is JSON checked by the rule system's own validator."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.core.errors import SheetError
from rules.core.registry import get_system
from vtt.characters.models import Character


class ReadableJSONField(forms.JSONField):
    """JSON shown indented, for people; encoded once whatever the initial value."""

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, str):  # already text: what was typed, valid or not
            return value
        return json.dumps(value, indent=2, ensure_ascii=False)


class CharacterForm(forms.ModelForm):  # type: ignore[type-arg]
    """Name, NPC flag (GM only) and the sheet; a SheetError becomes an error on the sheet field."""

    sheet = ReadableJSONField(
        label=_("Sheet (JSON)"),
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false"}),
        help_text=_("Checked by the rule system; errors name the field and the rule."),
    )

    class Meta:
        model = Character
        fields = ["name", "is_npc", "actor_id", "sheet"]
        labels = {"actor_id": _("Combatant id in encounters (optional)")}

    def __init__(self, *args: Any, system_key: str, is_gm: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.system_key = system_key
        if not is_gm:
            del self.fields["is_npc"]
        if not self.instance.pk and not self.initial.get("sheet"):
            # The field encodes it: a JSON string here would be encoded twice and fail to save.
            self.initial["sheet"] = get_system(system_key).default_sheet

    def clean_sheet(self) -> dict[str, Any]:
        sheet = self.cleaned_data["sheet"]
        if not isinstance(sheet, dict):
            raise forms.ValidationError(_("The sheet must be a JSON object."))
        try:
            return get_system(self.system_key).validate_sheet(sheet)
        except SheetError as exc:
            raise forms.ValidationError(str(exc)) from exc
