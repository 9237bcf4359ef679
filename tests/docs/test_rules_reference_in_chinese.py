"""docs/rules/reference/zh_Hans/<system>.md is the Chinese of docs/rules/reference/<system>.md:
the same rule IDs in the same order, each rule written in Chinese (issue 33: a Chinese reader's
help mark opens the rule in Chinese)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REFERENCE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "reference"
ID_ROW = re.compile(r"^\|\s*([A-Z][A-Za-z0-9.-]*)\s*\|(.+)\|\s*$")
CHINESE = re.compile(r"[\u4e00-\u9fff]")
PAGES = sorted((REFERENCE / "zh_Hans").glob("*.md"))


def rows(path: Path) -> list[tuple[str, str]]:
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = ID_ROW.match(line)
        if row and row.group(1) != "ID":
            found.append((row.group(1), row.group(2)))
    return found


def test_there_are_chinese_pages() -> None:
    assert PAGES, "docs/rules/reference/zh_Hans/ has no page"


@pytest.mark.parametrize("page", PAGES, ids=[page.stem for page in PAGES])
def test_a_chinese_page_has_every_rule_of_its_english_page_in_order(page: Path) -> None:
    english = [rule for rule, _text in rows(REFERENCE / page.name)]
    assert english, f"no English page {page.name}"
    assert [rule for rule, _text in rows(page)] == english


@pytest.mark.parametrize("page", PAGES, ids=[page.stem for page in PAGES])
def test_each_rule_of_a_chinese_page_is_written_in_chinese(page: Path) -> None:
    unwritten = [rule for rule, text in rows(page) if not CHINESE.search(text)]
    assert unwritten == []
    assert "shared" not in page.read_text(encoding="utf-8")
