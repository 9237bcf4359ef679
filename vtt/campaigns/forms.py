"""Campaign forms: create, roles, and the GM's settings for the campaign's rule system."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.core.registry import get_system, system_keys
from rules.core.system import Setting
from vtt.campaigns.models import Role


def system_choices() -> list[tuple[str, str]]:
    """Every registered rule system as (key, title)."""
    return [(key, f"{get_system(key).title} ({key})") for key in system_keys()]


class CampaignForm(forms.Form):
    """A new campaign."""

    name = forms.CharField(label=_("Name"), max_length=120)
    system = forms.ChoiceField(label=_("Rule system"), choices=system_choices)


class RoleForm(forms.Form):
    """A member's new role."""

    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)


def _field_for(setting: Setting, initial: Any) -> forms.Field:
    label = f"{setting.label} ({setting.rule})"
    if setting.choices:
        choices = [(json.dumps(choice), str(choice)) for choice in setting.choices]
        return forms.TypedChoiceField(
            label=label, choices=choices, coerce=json.loads, initial=json.dumps(initial)
        )
    if isinstance(setting.default, bool):
        return forms.BooleanField(label=label, required=False, initial=initial)
    if isinstance(setting.default, int):
        return forms.IntegerField(label=label, initial=initial)
    if isinstance(setting.default, float):
        return forms.FloatField(label=label, initial=initial)
    if isinstance(setting.default, str):
        return forms.CharField(label=label, initial=initial, max_length=200)
    return forms.JSONField(label=label, initial=initial)


class SettingsForm(forms.Form):
    """One field per Setting the campaign's system declares, with the rule it comes from."""

    def __init__(self, system_key: str, current: dict[str, Any], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for setting in get_system(system_key).settings:
            self.fields[setting.key] = _field_for(
                setting, current.get(setting.key, setting.default)
            )
