"""The GM's encounter form: system, title, setup JSON (prefilled with the demo) and seats."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from rules.core.registry import get_system
from vtt.campaigns.forms import system_choices
from vtt.json_field import ReadableJSONField


def seat_lines(setup: dict[str, Any], names: dict[str, str]) -> str:
    """`actor=username` lines from a setup's controller hints (`gm`, `player1`, ...)."""
    lines = []
    for combatant in setup.get("combatants") or ():
        user = names.get(str(combatant.get("controller", "")))
        if user:
            lines.append(f"{combatant.get('id')}={user}")
    for actor, controller in (setup.get("seats") or {}).items():
        if user := names.get(str(controller)):
            lines.append(f"{actor}={user}")
    return "\n".join(lines)


class EncounterForm(forms.Form):
    """A new encounter of the campaign."""

    system = forms.ChoiceField(label=_("Rule system"), choices=system_choices)
    title = forms.CharField(label=_("Title"), max_length=120)
    setup = ReadableJSONField(
        label=_("Setup (JSON)"), widget=forms.Textarea(attrs={"rows": 16, "spellcheck": "false"})
    )
    seats = forms.CharField(
        label=_("Seats, one per line: actor=username"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false"}),
    )

    def __init__(
        self,
        *args: Any,
        system_key: str,
        names: dict[str, str],
        demo: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        system = get_system(system_key)
        # an empty setup unless the GM asks for a system's demo ("Load"): a group's encounter
        # carries no demo scene, setup or seats it did not ask for (issue 36)
        empty: dict[str, Any] = {"title": "", "combatants": []}
        setup = system.demo() if demo and system.demo else empty
        self.fields["system"].initial = system_key
        self.fields["title"].initial = setup.get("title", "")
        self.fields["setup"].initial = setup  # the JSONField encodes it (a string would be twice)
        self.fields["seats"].initial = seat_lines(setup, names)

    def clean_setup(self) -> dict[str, Any]:
        setup = self.cleaned_data["setup"]
        if not isinstance(setup, dict):
            raise forms.ValidationError(_("The setup must be a JSON object."))
        return setup

    def clean_seats(self) -> dict[str, int]:
        seats: dict[str, int] = {}
        users = get_user_model().objects
        for number, line in enumerate(self.cleaned_data["seats"].splitlines(), start=1):
            if not line.strip():
                continue
            actor, equals, username = line.partition("=")
            if not equals or not actor.strip() or not username.strip():
                raise forms.ValidationError(_("Line %(n)d: write actor=username.") % {"n": number})
            user = users.filter(username=username.strip()).first()
            if user is None:
                raise forms.ValidationError(
                    _("Line %(n)d: no user %(name)s.") % {"n": number, "name": username.strip()}
                )
            seats[actor.strip()] = user.pk
        return seats
