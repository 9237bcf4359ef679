"""The page chrome's zh-Hans catalogue (django.po): every line translated, none fuzzy, compiled."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import polib
import pytest

LOCALE = Path(__file__).resolve().parents[2] / "locale"
PO = LOCALE / "zh_Hans" / "LC_MESSAGES" / "django.po"
_FORMAT = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")


def _placeholders(text: str) -> set[str]:
    """The named placeholders of a message, either %(name)s or {name} style."""
    return {a or b for a, b in _FORMAT.findall(text)}


@pytest.fixture(scope="module")
def entries() -> list[polib.POEntry]:
    return [entry for entry in polib.pofile(str(PO)) if not entry.obsolete]


def test_every_line_is_translated_and_none_is_fuzzy(entries: list[polib.POEntry]) -> None:
    assert len(entries) > 400
    assert [e.msgid for e in entries if not e.translated()] == []
    assert [e.msgid for e in entries if e.fuzzy] == []


def test_translations_keep_their_placeholders(entries: list[polib.POEntry]) -> None:
    broken = []
    for entry in entries:
        english = _placeholders(entry.msgid) | _placeholders(entry.msgid_plural)
        forms = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        broken += [entry.msgid for form in forms if _placeholders(form) != english]
    assert broken == []


def test_the_compiled_catalogue_matches_the_po_file(entries: list[polib.POEntry]) -> None:
    compiled = gettext.translation("django", LOCALE, languages=["zh_Hans"])
    stale = [
        entry.msgid
        for entry in entries
        if not entry.msgid_plural
        and (
            compiled.pgettext(entry.msgctxt, entry.msgid)
            if entry.msgctxt
            else compiled.gettext(entry.msgid)
        )
        != entry.msgstr
    ]
    assert stale == []
