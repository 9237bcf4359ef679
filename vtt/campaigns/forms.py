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
    return [(key, system_title(key)) for key in system_keys()]


WITH_GM, TWO_SIDES = "gm", "sides"


def side_choices() -> list[tuple[str, str]]:
    """Every side of the systems playable without a GM, named in the reader's language."""
    from vtt.campaigns.two_sided import game_sides, two_sided_systems
    from vtt.words import side_name

    found = {side: side_name(side) for key in two_sided_systems() for side in game_sides(key)}
    return list(found.items())


def scenario_choices() -> list[tuple[str, str]]:
    """The built-in scenarios of the systems playable without a GM."""
    from vtt.campaigns import sides, two_sided

    found = {k: v for key in two_sided.two_sided_systems() for k, v in sides.scenario_choices(key)}
    return [("", "—"), *found.items()]


class CampaignForm(forms.Form):
    """A new campaign: with a game master, or a two-sided game the rules referee."""

    name = forms.CharField(label=_("Name"), max_length=120)
    system = forms.ChoiceField(label=_("Rule system"), choices=system_choices)
    table = forms.ChoiceField(
        label=_("Who runs the game"),
        choices=[
            (WITH_GM, _("A game master (you)")),
            (TWO_SIDES, _("Nobody: two sides, the rules referee")),
        ],
        initial=WITH_GM,
        required=False,
        help_text=_(
            "Two sides (Standard Combat Series, mech skirmish): you play the side you choose and "
            "see only what it sees; the invite link seats your opponent at the other side."
        ),
    )
    side = forms.ChoiceField(label=_("Your side"), choices=side_choices, required=False)
    scenario = forms.ChoiceField(label=_("Scenario"), choices=scenario_choices, required=False)

    def clean(self) -> dict[str, Any]:
        from vtt.campaigns.two_sided import game_sides

        data = super().clean() or {}
        if data.get("table") == TWO_SIDES:
            sides = game_sides(str(data.get("system", "")))
            if not sides:
                self.add_error("table", _("This rule system needs a game master."))
            elif data.get("side") not in sides:
                self.add_error("side", _("Choose one of the game's two sides."))
        return data


class RoleForm(forms.Form):
    """A member's new role."""

    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)


class InviteForm(forms.Form):
    """How long a new join link works; left empty, the server's VTT_INVITE_DAYS."""

    days = forms.IntegerField(
        label=_("Works for (days)"), min_value=1, max_value=365, required=False
    )


class TableForm(forms.Form):
    """How the table treats dice and secrets, whatever the rule system."""

    physical_dice = forms.BooleanField(
        label=_("Players may roll physical dice"),
        required=False,
        help_text=_(
            "A player who chose physical dice in their profile is asked for each face the rules "
            "need, named by its purpose; the log marks those dice as physical."
        ),
    )
    reveal_secrets_after_end = forms.BooleanField(
        label=_("Reveal secrets after the end"),
        required=False,
        help_text=_(
            "Off: secret GM rolls, private notes and hidden events stay the GM's in the log after "
            "the end. On: everyone reads the whole log then, as wargames do."
        ),
    )


class ImportForm(forms.Form):
    """A campaign file another Tabula exported."""

    file = forms.FileField(
        label=_("Campaign file"),
        help_text=_(
            "A campaign exported from a Tabula (JSON). You become its game master; members are "
            "found here by username."
        ),
    )


def settings_form(system_key: str, current: dict[str, Any], *args: Any) -> SchemaForm:
    """The GM's form of the system's settings, built from its schema, grouped and folded."""
    return SchemaForm(settings_schema_of(get_system(system_key)), current, *args)


SettingsForm = settings_form  # the name the views use
