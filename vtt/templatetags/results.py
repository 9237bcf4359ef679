"""`{{ encounter|encounter_result }}`: a finished scenario's winner and victory points in the
reader's language (rules/scs/result.py), or "" for an encounter with no result to show."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from vtt.words import say

register = template.Library()


@register.filter
def encounter_result(encounter: Any) -> str:
    if encounter.system != "scs" or not isinstance(encounter.state, dict):
        return ""
    from rules.scs.result import result

    found = result(encounter.state)
    if found is None:
        return ""
    verdict, scores = found
    return _("Result: %(verdict)s (%(score)s)") % {
        "verdict": say(verdict),
        "score": pgettext("list separator", ", ").join(say(score) for score in scores),
    }
