"""The rules reference in the app (issue 34): every rule ID the code cites has a page, an unknown
ID is a 404, and a Chinese reader is told the entry is in English and shown its glossary words."""

from __future__ import annotations

from html import escape

import pytest
from django.test import Client

from vtt.rulebook.reference import entries, terms

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
    chinese = Client(headers={"accept-language": "zh-hans"}).get("/rules/DG-AUTO-1/")
    text = chinese.content.decode()
    assert "规则 DG-AUTO-1" in text
    assert "data-in-english" in text
    assert "躲避" in text


def test_a_popover_gets_the_entry_alone_and_an_unknown_rule_is_not_found() -> None:
    part = Client().get("/rules/DG-AUTO-1/", headers={"hx-request": "true"})
    assert part.content.decode().startswith('<article class="rule-entry"')
    assert Client().get("/rules/NO-SUCH-RULE/").status_code == 404
