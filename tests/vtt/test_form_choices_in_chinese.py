"""Issue 33: an action form's choices read in the reader's language, a choice labelled by its
code and a built-in name too (the SCS set-up's "R7 Flak Bn" reads "R7 高射炮营")."""

from __future__ import annotations

from django.utils import translation

from rules.brp.skill_checks import key_of
from rules.coc.demo import demo
from rules.core.actions import GM_ACTOR
from rules.core.registry import get_system
from vtt.tables.forms import _fields, action_forms


def test_a_choice_of_a_code_and_a_built_in_name_shows_the_name_in_chinese() -> None:
    spec = {
        "name": "unit",
        "choices": [
            {"value": "R7", "label": "R7 Flak Bn"},
            {"value": "X1", "label": "X1 Our own unit"},
            {"value": "cultist2", "label": "Cultist with a shotgun"},
        ],
    }
    with translation.override("zh-hans"):
        [field] = _fields([spec])
    assert field["choices"] == [
        ("R7", "R7 高射炮营"),
        ("X1", "X1 Our own unit"),  # a name the group typed stays as typed
        ("cultist2", "持散弹枪的邪教徒"),
    ]
    with translation.override("en"):
        [field] = _fields([spec])
    assert next(label for _value, label in field["choices"]) == "R7 Flak Bn"


def test_a_checks_typed_skill_is_offered_in_the_readers_words_never_as_its_key() -> None:
    # the Keeper's check, opposed and group check forms read "luck" and "str" in Chinese
    system = get_system("coc")
    asked = ("check", "opposed_check", "ask_check")
    offered = system.legal_actions(system.start(demo()), GM_ACTOR)
    legal = {GM_ACTOR: [t for t in offered if t.kind in asked]}
    with translation.override("zh-hans"):
        forms = action_forms(legal)
    typed = {
        form["kind"]: field["default"]
        for form in forms
        for field in form["fields"]
        if field["name"] == "skill"
    }
    assert typed == {"check": "幸运", "opposed_check": "力量", "ask_check": "幸运"}
    with translation.override("en"):
        forms = action_forms(legal)
    typed = {f["default"] for form in forms for f in form["fields"] if f["name"] == "skill"}
    assert {key_of(word) for word in typed} == {"luck", "str"}  # what a check understands


def test_an_extended_tasks_cycle_starts_on_the_readers_word() -> None:
    # the Ace GM's "open a task" form held "day" in Chinese
    spec = {"name": "cycle", "type": "text", "default": "day"}
    with translation.override("zh-hans"):
        [field] = _fields([spec], "ace")
    assert field["default"] == "天"
