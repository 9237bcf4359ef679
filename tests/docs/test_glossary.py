"""The glossaries are machine-readable: a row per term, Chinese from the seed or marked chosen."""

from __future__ import annotations

import re

import pytest
from glossary import CHOSEN, SYSTEMS, chinese_for, message_prefix, terms

_CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_glossary_lists_terms_with_chinese_and_a_source(system: str) -> None:
    rows = terms(system)
    assert len(rows) >= 50, f"{system}: the table is missing or was not parsed"
    for term in rows:
        assert _CJK.search(term.chinese) or term.chinese in {"HP", "SP", "CP", "DP"}, term
        assert term.chosen or term.where.startswith("「"), term  # a seed quote or "chosen"


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_english_term_has_one_chinese_term(system: str) -> None:
    english = [term.english.lower() for term in terms(system)]
    assert sorted({e for e in english if english.count(e) > 1}) == []


def test_the_seed_words_of_the_issue_are_there() -> None:
    assert chinese_for("coc")["impale"] == "贯穿"
    assert chinese_for("delta_green")["suppressive fire"] == "压制射击"
    assert chinese_for("scs")["zone of control (zoc)"] == "控制区"
    assert chinese_for("scs")["step loss"] == "阶段损失"
    assert chinese_for("mech")["heat"] == "热量"
    assert chinese_for("mech")["structure"] == "结构"
    assert chinese_for("mech")["stress"] == "压力"
    assert chinese_for("ace")["called shot"] == "对特定部位攻击"
    assert any(term.where.startswith(CHOSEN) for term in terms("scs"))


def test_a_systems_message_prefix_comes_from_its_catalogue() -> None:
    # no list of prefixes to keep by hand: a new system's glossary is checked against its own
    assert {key: message_prefix(key) for key in SYSTEMS} == {
        "ace": "ace.",
        "coc": "coc.",
        "delta_green": "dg.",
        "mech": "mech.",
        "scs": "scs.",
    }


def test_call_of_cthulhu_skills_read_as_a_chinese_player_knows_them() -> None:
    # the skills the seed does not name take the Chinese 7th edition's names (docs/glossary)
    words = chinese_for("coc")
    assert {key: words[key] for key in ("listen", "library use", "fast talk", "drive auto")} == {
        "listen": "聆听",
        "library use": "图书馆使用",
        "fast talk": "话术",
        "drive auto": "汽车驾驶",
    }
    assert words["spot hidden"] == "侦察"  # the seed's word (a check understands 侦查 too)
    assert words["dodge skill"] == "闪避"
