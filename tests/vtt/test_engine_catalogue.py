"""The engine's zh-Hans catalogue: complete where declared, never fuzzy, placeholders intact."""

from __future__ import annotations

import gettext
from pathlib import Path

import polib
import pytest

from rules.core.kit import KIT
from rules.core.messages import placeholders
from rules.core.pot import pot
from rules.core.registry import KNOWN, get_system, title
from vtt.words import catalogue

LOCALE = Path(__file__).resolve().parents[2] / "locale"
PO = LOCALE / "zh_Hans" / "LC_MESSAGES" / "engine.po"


@pytest.fixture(scope="module")
def entries() -> dict[str, polib.POEntry]:
    return {entry.msgctxt: entry for entry in polib.pofile(str(PO)) if not entry.obsolete}


def test_every_message_of_every_system_has_a_chinese_line(
    entries: dict[str, polib.POEntry],
) -> None:
    # Every message of every system the product registers (and its title), taken from the
    # registry: a new system is complete when its words are translated, no list of systems to
    # edit (the tests' own systems are left out).
    product = [key for key, module in KNOWN.items() if module.startswith("rules.")]
    wanted = [m.id for m in KIT]
    wanted += [m.id for key in product for m in (*get_system(key).messages, title(key))]
    missing = [ident for ident in wanted if not (ident in entries and entries[ident].translated())]
    assert wanted
    # A new message needs its Chinese line: run `manage.py engine_messages`,
    # translate the new entries of locale/zh_Hans/LC_MESSAGES/engine.po, run it again to compile.
    assert missing == []


def test_no_translation_is_fuzzy_empty_or_obsolete(entries: dict[str, polib.POEntry]) -> None:
    known = {m.id for m in catalogue()}
    assert [e.msgctxt for e in entries.values() if e.fuzzy] == []
    assert [e.msgctxt for e in entries.values() if e.msgctxt not in known] == []


def test_translations_keep_the_placeholders_of_their_english(
    entries: dict[str, polib.POEntry],
) -> None:
    broken = []
    for message in catalogue():
        entry = entries.get(message.id)
        if entry is None or not entry.translated():
            continue
        english = placeholders(message.english) | placeholders(message.plural)
        forms = [entry.msgstr] if not message.plural else list(entry.msgstr_plural.values())
        broken += [message.id for form in forms if placeholders(form) != english]
        if entry.msgid != message.english:
            broken.append(f"{message.id}: English changed, translation is stale")
    assert broken == []


def test_the_compiled_catalogue_matches_the_po_file(entries: dict[str, polib.POEntry]) -> None:
    compiled = gettext.translation("engine", LOCALE, languages=["zh_Hans"])
    stale = [
        ident
        for ident, entry in entries.items()
        if entry.msgstr and compiled.pgettext(ident, entry.msgid) != entry.msgstr
    ]
    assert stale == []


def test_the_template_holds_every_message_of_the_catalogue() -> None:
    # locale/engine.pot is what a translator of a new language starts from: it lagged the .po
    # by ~850 messages once. A new message: `manage.py engine_messages --template-only`.
    product = tuple(key for key, module in KNOWN.items() if module.startswith("rules."))
    assert (LOCALE / "engine.pot").read_text(encoding="utf-8") == pot(catalogue(product))
