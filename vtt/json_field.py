"""A JSON field for people: shown indented, bounded in size and depth, storable text only.

The JSON a person types (a sheet, a setup, a free settings table) goes through this field, in
every app's forms; it lies below them all (it imports nothing of vtt but vtt/safejson.py).
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.forms.fields import InvalidJSONInput
from django.utils.translation import gettext_lazy as _

from vtt.safejson import storable, too_deep

MAX_JSON_CHARS = 200_000
MAX_JSON_DEPTH = 32


class ReadableJSONField(forms.JSONField):
    """JSON shown indented, for people; encoded once whatever the initial value."""

    def to_python(self, value: Any) -> Any:
        # Checked before json.loads (a few thousand brackets exhaust its recursion: a 500) and
        # after (NUL and lone surrogates cannot be stored: a database error, a 500).
        if isinstance(value, str):
            if len(value) > MAX_JSON_CHARS:
                raise forms.ValidationError(
                    _("At most %(n)d characters of JSON.") % {"n": MAX_JSON_CHARS}
                )
            if too_deep(value, MAX_JSON_DEPTH):
                raise forms.ValidationError(_("The JSON is nested too deeply."))
        try:
            result = super().to_python(value)
        except ValueError:  # a number of over 4,300 digits: not a JSONDecodeError, so not caught
            raise forms.ValidationError(
                self.error_messages["invalid"], code="invalid", params={"value": value}
            ) from None
        if not storable(result):
            raise forms.ValidationError(_("Text may not contain NUL or invalid characters."))
        return result

    def bound_data(self, data: Any, initial: Any) -> Any:
        # shown again after an error: refused text is shown as typed, never parsed
        if isinstance(data, str) and (len(data) > MAX_JSON_CHARS or too_deep(data, MAX_JSON_DEPTH)):
            return InvalidJSONInput(data)
        try:
            value = super().bound_data(data, initial)
        except ValueError:  # as in to_python: thousands of digits
            return InvalidJSONInput(data)
        return value if storable(value) else InvalidJSONInput(data)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, str):  # already text: what was typed, valid or not
            return value
        return json.dumps(value, indent=2, ensure_ascii=False)
