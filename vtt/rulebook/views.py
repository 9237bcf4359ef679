"""The page of one rule of the reference, in the reader's language where the docs have it."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

from vtt.rulebook.reference import chinese, entries, terms
from vtt.system_titles import system_title


def rule_entry(request: HttpRequest, rule: str) -> HttpResponse:
    """One rule ID's entry; an htmx request gets the entry alone (the help popover)."""
    entry = entries().get(rule)
    if entry is None:
        raise Http404(rule)
    reader_chinese = (get_language() or "").lower().startswith("zh")
    translated = chinese().get(rule) if reader_chinese else None
    in_english = reader_chinese and translated is None
    context = {
        "entry": entry,
        "system": system_title(entry.system),
        "translated": translated,
        "terms": terms(entry) if in_english else [],
        "in_english": in_english,
    }
    template = (
        "rulebook/_entry.html" if request.headers.get("HX-Request") else "rulebook/entry.html"
    )
    return render(request, template, context)
