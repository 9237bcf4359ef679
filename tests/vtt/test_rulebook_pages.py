"""The rules reference in the app (issue 34): every rule ID the code cites has a page, an unknown
ID is a 404; a Chinese reader reads the rule in Chinese where docs/rules/reference/zh_Hans/ has it
(the English under it), else is told the entry is in English and shown its glossary words."""

from __future__ import annotations

from html import escape

import pytest
from django.test import Client

from vtt.rulebook.reference import chinese, entries, terms

pytestmark = pytest.mark.django_db


def test_every_reference_row_is_read() -> None:
    found = entries()
    assert len(found) > 800
    assert found["MECH-ACT-BOOST"].system == "mech"
    assert found["SCS-3.1e"].system == "scs"
    assert ("Boost", "推进") in terms(found["MECH-ACT-BOOST"])


def test_a_rule_page_in_english_and_in_chinese() -> None:
    english = Client(headers={"accept-language": "en"}).get("/rules/DG-AUTO-1/")
    assert english.status_code == 200
    text = english.content.decode()
    assert escape(entries()["DG-AUTO-1"].text) in text
    assert "data-in-english" not in text
    text = Client(headers={"accept-language": "zh-hans"}).get("/rules/DG-AUTO-1/").content.decode()
    assert "规则 DG-AUTO-1" in text
    if "DG-AUTO-1" in chinese():  # the rule in Chinese, the English under it
        assert escape(chinese()["DG-AUTO-1"]) in text
        assert "data-in-english" not in text
    else:
        assert "data-in-english" in text
    assert "躲避" in text


def test_a_rule_without_its_chinese_row_is_shown_in_english_with_its_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("vtt.rulebook.views.chinese", lambda: {})
    text = Client(headers={"accept-language": "zh-hans"}).get("/rules/DG-AUTO-1/").content.decode()
    assert "data-in-english" in text
    assert escape(entries()["DG-AUTO-1"].text) in text
    assert "躲避" in text  # the glossary's word for dodge


def test_a_rule_with_its_chinese_row_reads_in_chinese_with_the_english_under_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("vtt.rulebook.views.chinese", lambda: {"DG-AUTO-1": "宣告躲避下一次攻击。"})
    text = Client(headers={"accept-language": "zh-hans"}).get("/rules/DG-AUTO-1/").content.decode()
    assert "宣告躲避下一次攻击。" in text
    assert "data-in-english" not in text
    assert "规则原文（英文）" in text
    assert escape(entries()["DG-AUTO-1"].text) in text
    english = Client(headers={"accept-language": "en"}).get("/rules/DG-AUTO-1/").content.decode()
    assert "宣告躲避下一次攻击。" not in english


def test_a_popover_gets_the_entry_alone_and_an_unknown_rule_is_not_found() -> None:
    part = Client().get("/rules/DG-AUTO-1/", headers={"hx-request": "true"})
    assert part.content.decode().startswith('<article class="rule-entry"')
    assert Client().get("/rules/NO-SUCH-RULE/").status_code == 404
