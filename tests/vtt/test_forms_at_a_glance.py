"""Issue 34: action forms at a glance: ending the turn is the plain last button, a target is never
picked for the player among their own side, and an Ace shot's odds say when it cannot hit or
miss."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from rules.coc import SYSTEM
from rules.coc.demo import demo
from rules.core.dice import SeededDice
from rules.core.system import Action
from vtt.tables.forms import action_forms


def _acting() -> tuple[dict, str]:
    """The Call of Cthulhu demo in its first round, and the investigator acting first."""
    state = SYSTEM.start(demo())
    for event in SYSTEM.resolve(state, Action("next_round", "gm", {}), SeededDice(1)):
        state = SYSTEM.apply(state, event)
    actor = next(
        a
        for a in SYSTEM.actors(state)
        if any(t.kind == "end_turn" for t in SYSTEM.legal_actions(state, a))
    )
    return state, actor


def test_end_turn_is_the_last_and_plain_form_of_its_actor() -> None:
    state, actor = _acting()
    forms = action_forms({actor: SYSTEM.legal_actions(state, actor)})
    kinds = [form["kind"] for form in forms]
    assert "end_turn" in kinds
    assert len(kinds) > 1
    assert kinds[-1] == "end_turn", kinds
    assert [form["ends_turn"] for form in forms] == [False] * (len(forms) - 1) + [True]


def test_a_target_defaults_to_an_enemy_not_an_ally() -> None:
    state, actor = _acting()
    side = state["combatants"][actor]["side"]
    targets = [
        field
        for form in action_forms({actor: SYSTEM.legal_actions(state, actor)})
        for field in form["fields"]
        if field["name"] == "target" and field["allies"]
    ]
    assert targets, "the demo's first actor has allies among its targets"
    for field in targets:
        assert field["default"] not in field["allies"]
        assert state["combatants"][field["default"]]["side"] != side


def test_a_target_with_only_allies_keeps_its_first_choice() -> None:
    """With nobody else to pick, the form still shows who it would be (the page asks first)."""
    template = {
        "kind": "attack",
        "params": [
            {"name": "target", "choices": [{"value": "b", "label": "B", "ally": True}]},
        ],
    }
    [form] = action_forms({"a": [template]})
    assert form["fields"][0]["default"] == ""


@pytest.mark.parametrize(
    ("kind", "hit", "location", "said"),
    [
        ("attack", "0/1", "head", "This called shot cannot hit"),
        ("attack", "0/1", "", "This attack cannot hit."),
        ("attack", "1/1", "", "This attack cannot miss."),
        ("attack", "1/2", "head", ""),
        ("respond", "0/1", "head", ""),  # the defender's answer is not theirs to call off
    ],
)
def test_an_ace_shot_that_cannot_hit_or_miss_says_so(
    kind: str, hit: str, location: str, said: str
) -> None:
    """Issue 34: a 0% called shot went without a word; a sure miss is asked about first."""
    preview = {"summary": "", "outcomes": [], "details": {"hit": hit, "location": location}}
    with translation.override("en"):
        html = render_to_string(
            "systems/ace/_preview.html",
            {
                "preview": preview,
                "action": Action(kind, "lin", {}),
                "encounter": SimpleNamespace(system="ace"),
            },
        )
    notes = re.findall(r'<p class="odds-note"[^>]*>.*?</p>', html, re.S)
    assert bool(notes) == bool(said)
    if said:
        assert said in notes[0]
        assert ("data-confirm" in notes[0]) == (hit == "0/1")
