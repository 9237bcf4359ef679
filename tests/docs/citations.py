"""Rule IDs cited by the project's files and listed in docs/rules/reference, found by one scanner.

Run `python tests/docs/citations.py` from the repository root to rewrite the "where" column of
every reference page from the code as it is now (the "rule" column is left as written).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "rules" / "reference"
# Where citations are looked for; the reference and the glossary are the definitions, not citers.
SCANNED = ("rules", "vtt", "tests", "bench", "templates", "docs")
NOT_SCANNED = ("docs/rules/reference/", "docs/glossary/")
# Where a rule is implemented (the "where" column); tests and docs only check or describe it.
CODE = ("rules/", "vtt/", "templates/", "bench/")

# Prefixes that are not a system's: ambiguities, worked examples, SCS defaults and tests.
SERIES = ("AMB", "WE", "PD", "T")


def system_prefixes() -> str:
    """The systems' rule-ID prefixes (DG, COC, ...) as read off the reference pages' rows, so a
    new system's page brings its own: no list of prefixes to keep by hand."""
    found = set()
    for page in REFERENCE.glob("*.md"):
        for line in page.read_text(encoding="utf-8").splitlines():
            if (row := re.match(r"\| ([A-Z]+)-", line)) and row.group(1) not in SERIES:
                found.add(row.group(1))
    return "|".join(sorted(found, key=lambda prefix: (-len(prefix), prefix)))


SYSTEMS = system_prefixes()
# A segment is an upper-case word or number (DG-AUTO-3, MECH-ACT-GRAPPLE) or, in SCS, a numbered
# series rule with an optional letter (SCS-3.1e). Lower-case words, dice (1d6-1), unit ids (B5),
# hex numbers (04.05) and names like MAC-10 or SHA-256 never start with one of the prefixes.
_SEGMENT = r"(?:[0-9]+\.[0-9]+[a-z]?|[A-Z0-9]+)"
ID = re.compile(
    r"(?<![\w-])(?:"
    rf"(?:AMB|WE)-(?:{SYSTEMS})-[0-9]+[a-z]?"  # ambiguities and worked examples: AMB-DG-07
    r"|PD-[0-9]{2}|T-[0-9]{2}"  # SCS proposed defaults (PD-21), acceptance tests (T-20)
    rf"|(?:{SYSTEMS})(?:-{_SEGMENT})++"  # DG-AUTO-3, SCS-3.1e, MECH-STRESS-TABLE
    r")(?![\w])"  # possessive: DG-AUTO-3x is no citation at all, not a citation of DG-AUTO
)
# What may follow a cited ID: a range (DG-SUPP-1..-7, SCS-1.2a-d), alternatives that replace the
# last segment (SCS-CBT-6/7/8, COC-EXPL/FALL, MECH-STRUCT/STRESS-TABLE) or a star (DG-EDGE-*).
_RANGE = re.compile(r"\.\.-?([0-9]+|[a-z])(?![\w])|-([a-z])(?![\w])")
_ALTERNATIVE = re.compile(
    rf"/-?(?!(?:{SYSTEMS}|AMB|WE|PD|T)-)([0-9]+[a-z]?|[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*)(?![\w])"
)


def _stepped(first: str, last: str) -> list[str]:
    """From `first` to `last` inclusive: numbers keep their zero padding, letters step."""
    if first.isdigit() and last.isdigit():
        width = len(first) if first.startswith("0") else 1
        return [str(n).zfill(width) for n in range(int(first), int(last) + 1)]
    if first.isalpha() and last.isalpha():
        return [chr(c) for c in range(ord(first), ord(last) + 1)]
    return []


def _expand(cited: str, rest: str) -> list[str]:
    """The IDs one citation names, its ranges (-1..-7, a-d) and alternatives (/7/8) spelled out."""
    head, _, last = cited.rpartition("-")
    if range_match := _RANGE.match(rest):
        end = range_match.group(1) or range_match.group(2)
        # SCS-1.2a-d steps the letter; DG-SUPP-1..-7 steps the number.
        start = re.sub(r"^[0-9]+\.[0-9]+", "", last) if end.isalpha() else last
        steps = _stepped(start, end) if start else []
        return [cited[: len(cited) - len(start)] + step for step in steps] or [cited]
    ids, used = [cited], 0
    while alternative := _ALTERNATIVE.match(rest, used):
        ids.append(f"{head}-{alternative.group(1)}")
        used = alternative.end()
    return ids


def citations(text: str) -> list[str]:
    """Every rule ID or ID family `text` cites, in order, ranges and alternatives spelled out."""
    found: list[str] = []
    for match in ID.finditer(text):
        found.extend(_expand(match.group(0), text[match.end() : match.end() + 200]))
    return found


def tracked_files() -> list[str]:
    """The repository's tracked text files under the scanned folders, relative to the root."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", *SCANNED], cwd=ROOT, capture_output=True, check=True, text=True
    ).stdout.split("\0")
    return sorted(p for p in listed if p and not p.startswith(NOT_SCANNED))


def cited_by_file() -> dict[str, set[str]]:
    """For each cited ID or family, the files that cite it."""
    cited: dict[str, set[str]] = defaultdict(set)
    for path in tracked_files():
        try:
            text = (ROOT / path).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue  # binary files and files deleted but not yet committed cite nothing
        for rule in citations(text):
            cited[rule].add(path)
    return cited


_ROW = re.compile(r"^\|\s*([^|]+?)\s*\|(.*)\|\s*$")


def reference_ids() -> dict[str, str]:
    """Every ID listed in the first column of a reference table, with the page that lists it."""
    listed: dict[str, str] = {}
    for page in sorted(REFERENCE.glob("*.md")):
        for line in page.read_text(encoding="utf-8").splitlines():
            row = _ROW.match(line)
            if row and ID.fullmatch(row.group(1)):
                listed[row.group(1)] = page.name
    return listed


def is_listed(rule: str, listed: dict[str, str] | set[str]) -> bool:
    """True for a listed ID, or for a family (DG-EDGE, SCS-3.1) that has a listed member."""
    return rule in listed or any(
        known.startswith((f"{rule}-", f"{rule}.")) or re.fullmatch(re.escape(rule) + "[a-z]", known)
        for known in listed
    )


def where(paths: set[str]) -> str:
    """The "where" cell: the code modules citing a rule, else the tests, else nothing yet."""
    code = sorted(p for p in paths if p.startswith(CODE))
    if code:
        return ", ".join(code)
    tests = sorted(p for p in paths if p.startswith("tests/"))
    if tests:
        return "cited only by tests: " + ", ".join(tests)
    return "not yet implemented"


def refreshed(page: Path, cited: dict[str, set[str]]) -> str:
    """A reference page with its "where" column as the files cite the rules now."""
    lines = page.read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(lines):
        row = _ROW.match(line)
        if row and ID.fullmatch(row.group(1)):
            cells = [cell.strip() for cell in row.group(2).split("|")]
            if len(cells) == 2:
                rule_id = row.group(1)
                lines[n] = f"| {rule_id} | {cells[0]} | {where(cited.get(rule_id, set()))} |"
    return "\n".join(lines) + "\n"


def refresh() -> None:
    """Rewrite the "where" column of every reference page from the files as they are now."""
    cited = cited_by_file()
    for page in sorted(REFERENCE.glob("*.md")):
        page.write_text(refreshed(page, cited), encoding="utf-8")


if __name__ == "__main__":
    refresh()
    sys.exit(0)
