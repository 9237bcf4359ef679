"""DG-GEN-6: a human's characteristics are on the 3–18 scale (POW to 22 by experience, DEX and APP
to 27 by training) and a value above it is refused with the bound named, in English and in
Chinese; a non-human's may go beyond; an encounter's setup keeps the numbers the GM wrote; the
demo agents and the starter library stay within it (issue 36)."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules.core.errors import SheetError
from rules.delta_green import SYSTEM
from rules.delta_green.demo import demo
from rules.delta_green.library import KINDS
from rules.delta_green.sheet import DEFAULT_SHEET, SHEET, validate_sheet
from vtt.words import refusal, say


def _refused(**changes: object) -> SheetError:
    with pytest.raises(SheetError) as refused:
        SYSTEM.validate_sheet({**DEFAULT_SHEET, **changes})
    return refused.value


def test_str_60_of_an_agent_is_refused_naming_18() -> None:
    """Before: STR 60 saved, and its x5 roll read 300%."""
    error = _refused(str=60)
    assert error.field == "str"
    assert error.rule == "DG-GEN-6"
    assert "is 60, above the 3–18 characteristic scale" in error.problem.english()
    assert "at most 18" in error.problem.english()


def test_a_characteristic_lost_below_3_is_kept() -> None:
    """No floor: STR a hazard took to 2 is written down, and a fight's results still reach a
    sheet that holds it (the write-back checks the sheet with the same function)."""
    assert SYSTEM.validate_sheet({**DEFAULT_SHEET, "str": 2})["str"] == 2


@pytest.mark.parametrize(
    ("changes", "field", "most"),
    [
        ({"pow": 23}, "pow", 22),
        ({"dex": 28, "dex_base": 18}, "dex", 27),
        ({"app": 20}, "app_base", 18),  # no value before training: APP 20 is its base
        ({"siz": 19}, "siz", 18),
    ],
)
def test_experience_and_training_bounds_are_named(
    changes: dict[str, int], field: str, most: int
) -> None:
    error = _refused(**changes)
    assert error.field == field
    assert f"at most {most}" in error.problem.english()


def test_within_the_scale_experience_and_training_save() -> None:
    sheet = SYSTEM.validate_sheet({**DEFAULT_SHEET, "pow": 22, "dex": 27, "dex_base": 18})
    assert (sheet["pow"], sheet["dex"]) == (22, 27)
    assert SYSTEM.validate_sheet({**DEFAULT_SHEET, "str": 18, "int": 3})["str"] == 18


def test_a_non_human_npc_goes_beyond_and_a_setup_keeps_its_numbers() -> None:
    shoggoth = SYSTEM.validate_sheet({**DEFAULT_SHEET, "human": False, "str": 60, "siz": 90})
    assert (shoggoth["str"], shoggoth["siz"]) == (60, 90)
    npc = next(kind for kind in KINDS if kind.key == "npc")
    assert npc.check({**DEFAULT_SHEET, "human": False, "str": 60})["str"] == 60
    with pytest.raises(SheetError):
        npc.check({**DEFAULT_SHEET, "str": 60})  # a human NPC is on the scale too
    assert validate_sheet({**DEFAULT_SHEET, "dex": 30})["dex"] == 30  # an encounter's setup


def test_the_refusal_and_the_help_read_in_chinese() -> None:
    error = _refused(str=60)
    with translation.override("zh-hans"):
        words = refusal(error)
        help_text = say(next(e for e in SHEET.entries if e.key == "str").help)
    assert "超出 3–18 的特性范围" in words
    assert "最高为 18" in words
    assert "above" not in words
    assert "按 3D6 掷出" in help_text
    assert "非人类" in help_text


def test_the_help_names_what_experience_and_training_allow() -> None:
    helps = {entry.key: say(entry.help) for entry in SHEET.entries if entry.help}
    assert "experience may lift it to 22" in helps["pow"]
    assert "to 27 at most" in helps["dex"]
    assert "to 27 at most" in helps["app"]
    assert "22" not in helps["str"]
    assert "27" not in helps["str"]


def test_the_demo_agents_and_starter_npcs_are_on_the_scale() -> None:
    for entry in demo()["combatants"]:
        SYSTEM.validate_sheet(entry["sheet"])
    npc = next(kind for kind in KINDS if kind.key == "npc")
    assert npc.starters is not None
    for template in npc.starters():
        npc.check(template)
