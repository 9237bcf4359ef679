"""Campaign forms: create, roles, and the GM's settings for the campaign's rule system."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.core.registry import get_system, system_keys
from vtt.campaigns.models import Role
from vtt.schema_forms import SchemaForm, settings_schema_of
from vtt.system_titles import system_title


def system_choices() -> list[tuple[str, str]]:
    """Every registered rule system as (key, title)."""
    return [(key, f"{system_title(key)} ({key})") for key in system_keys()]


class CampaignForm(forms.Form):
    """A new campaign."""

    name = forms.CharField(label=_("Name"), max_length=120)
    system = forms.ChoiceField(label=_("Rule system"), choices=system_choices)


class RoleForm(forms.Form):
    """A member's new role."""

    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)


def settings_form(system_key: str, current: dict[str, Any], *args: Any) -> SchemaForm:
    """The GM's form of the system's settings, built from its schema, grouped and folded."""
    return SchemaForm(settings_schema_of(get_system(system_key)), current, *args)


SettingsForm = settings_form  # the name the views use
