"""The rules reference and glossaries, read once from the repository's docs/ (issue 34).

docs/rules/reference/<system>.md has one table row per rule ID, `| ID | rule | where |`;
docs/glossary/<system>.md one row per game word, `| English | 简体中文 | where the seed uses it |`.
docs/rules/reference/zh_Hans/<system>.md has the same rules in Simplified Chinese, `| ID | 规则 |`,
one row per ID of the English page; a Chinese reader reads that, with the English under it. Where
a rule has no Chinese row, a Chinese reader is told the entry is in English and shown the
glossary's words for the terms it uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"
ROW = re.compile(r"^\|([^|]+)\|(.+)\|([^|]*)\|\s*$")
# a row of a Chinese page: its ID, then the rule (which may hold `\|`)
CHINESE_ROW = re.compile(r"^\|\s*([A-Z][A-Za-z0-9.-]*)\s*\|(.+)\|\s*$")


@dataclass(frozen=True)
class Entry:
    """One rule of the reference: its ID, the rule in one line, its system and its section."""

    rule: str
    text: str
    system: str
    section: str


def _rows(path: Path) -> list[tuple[str, list[str]]]:
    """Each table row of a markdown page as (its section heading, its cells), headers left out."""
    rows: list[tuple[str, list[str]]] = []
    section = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
            continue
        found = ROW.match(line)
        if not found:
            continue
        cells = [cell.strip() for cell in found.groups()]
        if set(cells[0]) <= {"-"} or cells[0] in ("ID", "English", "pattern", "page"):
            continue
        rows.append((section, cells))
    return rows


@cache
def entries() -> dict[str, Entry]:
    """Every rule ID of docs/rules/reference/ -> its entry (read once per process)."""
    found: dict[str, Entry] = {}
    for path in sorted((DOCS / "rules" / "reference").glob("*.md")):
        if path.name == "README.md":
            continue
        for section, (rule, text, _where) in _rows(path):
            found.setdefault(rule, Entry(rule, text.replace("\\|", "|"), path.stem, section))
    return found


@cache
def chinese() -> dict[str, str]:
    """Every rule ID of docs/rules/reference/zh_Hans/ -> the rule in Simplified Chinese."""
    found: dict[str, str] = {}
    for path in sorted((DOCS / "rules" / "reference" / "zh_Hans").glob("*.md")):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = CHINESE_ROW.match(line)
            if row and row.group(1) != "ID":
                found.setdefault(row.group(1), row.group(2).strip().replace("\\|", "|"))
    return found


@cache
def glossary(system: str) -> tuple[tuple[str, str], ...]:
    """The system's (English, Chinese) words, the longest English first; none for no glossary."""
    path = DOCS / "glossary" / f"{system}.md"
    if not path.is_file():
        return ()
    words = {cells[0]: cells[1] for _section, cells in _rows(path) if cells[1]}
    return tuple(sorted(words.items(), key=lambda pair: -len(pair[0])))


def terms(entry: Entry, limit: int = 8) -> list[tuple[str, str]]:
    """The glossary's words the entry's rule uses, in the order the rule uses them (a word inside
    a longer one found first is not counted again)."""
    text = entry.text
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, str, str]] = []
    for english, chinese in glossary(entry.system):
        for match in re.finditer(rf"(?<![\w-]){re.escape(english)}(?![\w-])", text, re.IGNORECASE):
            start, end = match.span()
            if any(start < b and a < end for a, b in taken):
                continue
            taken.append((start, end))
            found.append((start, english, chinese))
            break
    found.sort()
    return [(english, chinese) for _start, english, chinese in found[:limit]]
