"""Issue 33: an action form's choices read in the reader's language, a choice labelled by its
code and a built-in name too (the SCS set-up's "R7 Flak Bn" reads "R7 高射炮营")."""

from __future__ import annotations

from django.utils import translation

from vtt.tables.forms import _fields


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
