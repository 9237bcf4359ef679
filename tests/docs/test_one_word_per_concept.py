"""Issue 33: one Chinese word per concept, as docs/glossary/README.md resolves them.

The group that reads Tabula in Chinese met the same thing under two words on different pages
(闪避 and 躲避 for Call of Cthulhu's dodge, 外表 and 外貌, 伤害加权 and 伤害加值, the GM as 主持人,
GM and 守秘人, a step loss as 阶段损失 and 损失 1 步...). These checks read every translation.
"""

from __future__ import annotations

import re

import polib
import pytest
from citations import ROOT

LOCALE = ROOT / "locale" / "zh_Hans" / "LC_MESSAGES"


def _entries() -> list[polib.POEntry]:
    return [
        entry
        for name in ("engine.po", "django.po")
        for entry in polib.pofile(str(LOCALE / name))
        if not entry.obsolete and (entry.msgstr or entry.msgstr_plural)
    ]


def _chinese(entry: polib.POEntry) -> str:
    return " ".join([entry.msgstr, *entry.msgstr_plural.values()])


@pytest.fixture(scope="module")
def entries() -> list[polib.POEntry]:
    return _entries()


def test_a_dodge_is_one_word_in_each_system(entries: list[polib.POEntry]) -> None:
    """Call of Cthulhu's dodge is 闪避 (its seed's heading); Delta Green's is 躲避 (its 闪避 is
    the parry, shown as 闪避（招架） where the parry is offered)."""
    wrong = [
        f"{entry.msgctxt}: {_chinese(entry)}"
        for entry in entries
        if "dodg" in entry.msgid.lower()
        and (
            (str(entry.msgctxt).startswith("coc.") and "躲避" in _chinese(entry))
            or (
                str(entry.msgctxt).startswith("dg.")
                and "parr" not in entry.msgid.lower()
                and "闪避" in _chinese(entry)
            )
        )
    ]
    assert wrong == []


@pytest.mark.parametrize(
    ("word", "instead"),
    [
        ("快速抽签", "快速拔枪"),
        ("外貌", "外表"),
        ("伤害加值", "伤害加权"),
        ("部份", "部分"),
        ("侦查", "侦察"),
        ("驾驶员", "机师"),
        ("损失 1 步", "1 个阶段损失"),
        ("超载", "加压"),  # the mech seed's overcharge (the charts and the track said 超载)
        ("长枪", "步枪或散弹枪"),  # a long gun that may parry: 长枪 reads as a spear
        ("士的宁", "番木鳖碱"),  # the Call of Cthulhu seed's strychnine (the demo's note)
    ],
)
def test_a_concept_has_one_word(entries: list[polib.POEntry], word: str, instead: str) -> None:
    found = [f"{e.msgctxt or e.msgid}: {_chinese(e)}" for e in entries if word in _chinese(e)]
    assert found == [], f"write {instead}"


def test_the_person_who_runs_the_game_is_zhu_chi_ren(entries: list[polib.POEntry]) -> None:
    """主持人 everywhere (守秘人, the Call of Cthulhu seed's Keeper, only in its messages); never
    "GM" in Chinese."""
    assert [e.msgid for e in entries if re.search(r"\bGM\b", _chinese(e))] == []
    keeper = [e for e in entries if "守秘人" in _chinese(e)]
    assert keeper
    assert [e.msgid for e in keeper if not str(e.msgctxt).startswith("coc.")] == []


def test_the_scene_maps_full_cover_is_wan_quan_yan_hu(entries: list[polib.POEntry]) -> None:
    """The scene map's full cover is 完全掩护, as its light, partial and heavy cover are 掩护 (the
    word the translation uses for cover everywhere): on the map's label, in its log lines and in
    the scene rules' reference. 完全掩蔽 stays Ace Evolution's own full concealment
    (ACE-COVER-FULL, its seed's word)."""
    scene = [e for e in entries if str(e.msgctxt).startswith("scene.") and "full cover" in e.msgid]
    assert scene  # the map's label and its blocked line of fire
    assert [e.msgctxt for e in scene if "完全掩护" not in _chinese(e)] == []
    english = ROOT / "docs" / "rules" / "reference" / "scene.md"
    chinese = ROOT / "docs" / "rules" / "reference" / "zh_Hans" / "scene.md"
    rows = {
        line.split(" | ")[0]: line
        for line in chinese.read_text(encoding="utf-8").splitlines()
        if line.startswith("| SCENE-")
    }
    covers = [
        line.split(" | ")[0]
        for line in english.read_text(encoding="utf-8").splitlines()
        if line.startswith("| SCENE-") and re.search(r"(?<!Ace )full cover", line)
    ]
    assert covers  # SCENE-GRID-3, SCENE-RANGE-2, SCENE-MAP-2 (not Ace's, in SCENE-HIDE-2)
    assert [rule for rule in covers if "完全掩护" not in rows[rule]] == []
    assert [
        rule for rule, row in rows.items() if re.search(r"完全掩蔽(?!（ACE-COVER-FULL)", row)
    ] == []
