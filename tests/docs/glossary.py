"""The glossaries in docs/glossary: per rule system, each game term in English and in Chinese."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from citations import ROOT

from rules.core.kit import KIT
from rules.core.registry import get_system, system_keys

GLOSSARY = ROOT / "docs" / "glossary"
# Every registered system with game terms has a page: those with rules of their own, listed in
# docs/rules/reference (chat has neither), taken from the registry rather than kept by hand.
SYSTEMS = tuple(
    key for key in system_keys() if (ROOT / "docs" / "rules" / "reference" / f"{key}.md").exists()
)


def message_prefix(key: str) -> str:
    """The id prefix of a system's own messages ("dg." for delta_green): the first part most ids
    of its catalogue share, the kit's messages aside (no list of prefixes to keep)."""
    kit = {message.id for message in KIT}
    firsts = Counter(m.id.split(".")[0] for m in get_system(key).messages if m.id not in kit)
    return firsts.most_common(1)[0][0] + "."


_ROW = re.compile(r"^\| (?P<en>[^|]+?) \| (?P<zh>[^|]+?) \| (?P<where>[^|]+?) \|$")
CHOSEN = "no seed term: chosen"


@dataclass(frozen=True)
class Term:
    """One glossary row: the English term, its Chinese, and where the seed uses it."""

    english: str
    chinese: str
    where: str

    @property
    def chosen(self) -> bool:
        """True when the seed has no word for the term and the glossary chose one."""
        return self.where.startswith(CHOSEN)


def terms(system: str) -> list[Term]:
    """Every row of one system's glossary, in page order (table headers left out)."""
    found = []
    for line in (GLOSSARY / f"{system}.md").read_text(encoding="utf-8").splitlines():
        row = _ROW.match(line)
        if row and row["en"] != "English" and not row["en"].startswith("---"):
            found.append(Term(row["en"], row["zh"], row["where"]))
    return found


def chinese_for(system: str) -> dict[str, str]:
    """English term (lower case) -> the Chinese term the translations should use."""
    return {term.english.lower(): term.chinese for term in terms(system)}
