"""The engine's Chinese uses the glossary: each message that is a glossary term uses its Chinese."""

from __future__ import annotations

import re

import polib
import pytest
from citations import ROOT
from glossary import SYSTEMS, Term, message_prefix, terms

from rules.brp.skill_checks import key_of
from vtt.words import catalogue

PO = ROOT / "locale" / "zh_Hans" / "LC_MESSAGES" / "engine.po"
# Messages whose English is a glossary word in another sense: the glossary row they mean instead
# (None: a different word altogether, e.g. "Fire" the order to shoot, not the hazard "fire").
HOMONYMS: dict[str, str | None] = {
    "coc.action.fire": None,
    "coc.skill.dodge": "Dodge skill",
}


def _names(term: Term) -> set[str]:
    """The English of a row as a whole message may spell it: with or without its abbreviation."""
    return {term.english.lower(), re.sub(r"\s*\(.*\)$", "", term.english).lower()}


@pytest.fixture(scope="module")
def chinese() -> dict[str, str]:
    return {entry.msgctxt: entry.msgstr for entry in polib.pofile(str(PO)) if entry.msgstr}


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_message_that_is_a_glossary_term_uses_the_glossary_chinese(
    system: str, chinese: dict[str, str]
) -> None:
    rows = terms(system)
    by_english = {term.english: term for term in rows}
    prefix = message_prefix(system)
    wrong = []
    for message in catalogue():
        if not message.id.startswith(prefix) or message.id not in chinese:
            continue
        if message.id in HOMONYMS:
            meant = HOMONYMS[message.id]
            matching = [by_english[meant]] if meant else []
        else:
            matching = [t for t in rows if message.english.strip().lower() in _names(t)]
        wrong += [
            f"{message.id}: {message.english!r} is {term.chinese}, not {chinese[message.id]}"
            for term in matching
            if term.chinese.replace(" ", "") not in chinese[message.id].replace(" ", "")
        ]
    assert wrong == []


def test_the_check_covers_the_systems_translated_so_far(chinese: dict[str, str]) -> None:
    prefixes = {system: message_prefix(system) for system in SYSTEMS}
    checked = {
        message.id
        for system in SYSTEMS
        for term in terms(system)
        for message in catalogue()
        if message.id.startswith(prefixes[system])
        and message.english.strip().lower() in _names(term)
    }
    assert len(checked & chinese.keys()) >= 100
    assert set(HOMONYMS) <= {message.id for message in catalogue()}


@pytest.mark.parametrize("prefix", ["coc.skill.", "dg.skill."])
def test_a_skill_checked_by_the_name_its_sheet_shows_finds_that_skill(
    prefix: str, chinese: dict[str, str]
) -> None:
    # a Keeper asking for 散弹枪, 匕首 or 汽车驾驶 as the sheet names them was refused: only the
    # English key and a few short forms were known (rules/brp/skill_checks.py ALIASES)
    skills = {
        message.id: message.id.removeprefix(prefix)
        for message in catalogue()
        if message.id.startswith(prefix) and not re.search(r"[{\d]", message.english)
    }  # a skill's name, not a line nor a characteristic's multiple ("CON x5")
    found = {ident: key_of(chinese[ident]) for ident in skills if ident in chinese}
    assert len(found) >= 9
    assert {ident: key for ident, key in found.items() if key != skills[ident]} == {}
