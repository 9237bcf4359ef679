"""Every rule ID the project cites is in docs/rules/reference; the scanner finds rule IDs only."""

from __future__ import annotations

from pathlib import Path

import citations as scanner
import pytest
from citations import (
    ID,
    REFERENCE,
    citations,
    cited_by_file,
    is_listed,
    reference_ids,
    refreshed,
    system_prefixes,
)


def test_every_cited_rule_id_is_in_the_reference() -> None:
    listed = reference_ids()
    missing = {
        rule: sorted(paths)
        for rule, paths in cited_by_file().items()
        if not is_listed(rule, listed)
    }
    assert not missing, "rule IDs cited but missing from docs/rules/reference/: " + "; ".join(
        f"{rule} (cited in {', '.join(paths)})" for rule, paths in sorted(missing.items())
    )


def test_the_reference_lists_each_id_once_with_a_rule_and_a_place() -> None:
    seen: dict[str, str] = {}
    for page in sorted(REFERENCE.glob("*.md")):
        for line in page.read_text(encoding="utf-8").splitlines():
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if line.startswith("|") and ID.fullmatch(cells[0]):
                assert cells[0] not in seen, (
                    f"{cells[0]} listed in {seen[cells[0]]} and {page.name}"
                )
                seen[cells[0]] = page.name
                assert len(cells) == 3, f"{page.name}: {line}"
                assert all(cells), f"{page.name}: {line}"
    assert len(seen) > 800  # the five rule systems' IDs, not an empty or unparsed reference


def test_the_where_column_is_what_the_files_cite_now() -> None:
    """A rule marked "not yet implemented" is cited by nothing, and a cited one names its files:
    after moving code or citing a rule, run `python tests/docs/citations.py`."""
    cited = cited_by_file()
    stale = [
        page.name
        for page in sorted(REFERENCE.glob("*.md"))
        if page.read_text(encoding="utf-8") != refreshed(page, cited)
    ]
    assert stale == [], "run `python tests/docs/citations.py`: stale pages " + ", ".join(stale)


def test_an_id_missing_from_the_reference_is_reported() -> None:
    listed = reference_ids()
    # Built from parts, so that this file does not itself cite IDs the reference lacks.
    assert not is_listed("DG-AUTO" + "-99", listed)
    assert not is_listed("SCS-CBT" + "-99", listed)
    assert is_listed("DG-AUTO-3", listed)
    assert is_listed("DG-EDGE", listed)
    assert is_listed("SCS-3.1", listed)  # the family of SCS-3.1a to SCS-3.1e


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("DG-AUTO-3 and AMB-DG-07, WE-COC-01.", ["DG-AUTO-3", "AMB-DG-07", "WE-COC-01"]),
        ("SCS-3.1e, PD-06; T-20", ["SCS-3.1e", "PD-06", "T-20"]),
        ("MECH-STRESS-TABLE / MECH-AMB-37", ["MECH-STRESS-TABLE", "MECH-AMB-37"]),
        ("DG-SUPP-1..-7", [f"DG-SUPP-{n}" for n in range(1, 8)]),
        ("SCS-MAP-1..3", ["SCS-MAP-1", "SCS-MAP-2", "SCS-MAP-3"]),
        ("SCS-1.2a-d", ["SCS-1.2a", "SCS-1.2b", "SCS-1.2c", "SCS-1.2d"]),
        ("SCS-CBT-6/7/8", ["SCS-CBT-6", "SCS-CBT-7", "SCS-CBT-8"]),
        ("DG-CTRAIN-4/-5", ["DG-CTRAIN-4", "DG-CTRAIN-5"]),
        ("COC-EXPL/FALL/ACID", ["COC-EXPL", "COC-FALL", "COC-ACID"]),
        ("MECH-STRUCT/STRESS-TABLE", ["MECH-STRUCT", "MECH-STRESS-TABLE"]),
        ("DG-GEN-2 / COC-GEN-3", ["DG-GEN-2", "COC-GEN-3"]),
        ("DG-GEN-2/COC-GEN-3", ["DG-GEN-2", "COC-GEN-3"]),
        ("DG-EDGE-*", ["DG-EDGE"]),
    ],
)
def test_citations_spell_out_ranges_and_alternatives(text: str, expected: list[str]) -> None:
    assert citations(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "1d6-1, 2d10+3, d100",  # dice notation
        "B5 overruns R4 at 05.05; A10.10",  # unit ids and hex numbers
        "0xDEADBEEF, #ff00aa, sha256 2be4f3bd01b12cd1",  # hex numbers
        "MAC-10, M-60, K-12, GP-1, SHA-256, X-Forwarded-Proto, TEST-HP-1",  # names, not rules
        "DG-AUTO-3x, PORT-20, dg.walk_m",  # a longer word, another prefix, a setting
        "ActionSpec('shoot', 'T-1'), PD-1",  # test fixtures' one-digit ids, not SCS's T-nn
    ],
)
def test_the_scanner_ignores_what_is_not_a_rule_id(text: str) -> None:
    assert citations(text) == []


def test_the_rule_id_prefixes_come_from_the_reference_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new system's reference page brings its prefix: no list of prefixes to edit."""
    assert set(system_prefixes().split("|")) == {"ACE", "COC", "DG", "MECH", "SCENE", "SCS"}
    page = "| ID | Rule | Where |\n|---|---|---|\n| DUEL-1 | A strike takes a d6 off HP. | x |\n"
    (tmp_path / "duel.md").write_text(page, encoding="utf-8")
    (tmp_path / "scs.md").write_text("| PD-21 | a default | x |\n| T-20 | a test | x |\n")
    monkeypatch.setattr(scanner, "REFERENCE", tmp_path)
    assert system_prefixes() == "DUEL"
