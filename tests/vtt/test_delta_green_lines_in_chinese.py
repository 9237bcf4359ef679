"""A Chinese reader of Delta Green's log sees no English word: fire, bursts, wounds, GM tools."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.utils import translation

from rules.core.actions import ActionTemplate
from rules.core.dice import SeededDice, derive_seed
from rules.core.errors import RulesError
from rules.core.messages import Msg
from rules.core.system import Action, Event
from rules.delta_green import SYSTEM
from rules.delta_green.state import current_actor
from vtt.words import say

# Abbreviations the Chinese rulebook prints as they are; dice notation, multipliers ("x5"), single
# letters (suppression's S and X) and rule ids are not words.
ALLOWED = {"GM", "HP", "AP"}
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'-]*")
_NOT_WORDS = (
    re.compile(r"^\d*d\d+([+-]\d+)?$"),
    re.compile(r"^x\d+(/\d+)?$"),
    re.compile(r"^[A-Za-z]$"),
    re.compile(r"^[A-Z]+(-[A-Za-z0-9]+)+$"),
)


def _names(state: dict[str, Any]) -> set[str]:
    """The words a group writes: its combatants' and weapons' names."""
    texts = [c["name"] for c in state["combatants"].values()]
    for c in state["combatants"].values():
        texts += [w["name"] for w in c["sheet"]["weapons"]]
    return {word for text in texts for word in _WORD.findall(text)}


def _english(line: str, names: set[str]) -> list[str]:
    return [
        w
        for w in _WORD.findall(line)
        if w not in ALLOWED and w not in names and not any(p.match(w) for p in _NOT_WORDS)
    ]


def _words(msg: Msg) -> list[Msg]:
    """A message and every message nested in its parameters."""
    nested = [v for v in msg.params.values() if isinstance(v, Msg)]
    nested += [
        i for v in msg.params.values() if isinstance(v, list) for i in v if isinstance(i, Msg)
    ]
    return [msg, *(w for n in nested for w in _words(n))]


def _form(template: ActionTemplate, rng: random.Random) -> dict[str, Any]:
    """What a table form might send: a choice picked, boxes ticked or not, defaults."""
    params: dict[str, Any] = {k: str(v) for k, v in template.fixed.items()}
    for field in template.fields:
        if field.choices:
            params[field.name] = rng.choice(field.choices).value
        elif field.type == "checkbox":
            if rng.random() < 0.4:
                params[field.name] = "on"
        elif field.type == "number":
            low = field.min if field.min is not None else 0
            high = field.max if field.max is not None else 30
            params[field.name] = str(rng.randint(low, min(high, low + 40)))
        else:
            params[field.name] = str(field.default)
    return params


def _random_play(seeds: range) -> list[Event]:
    """The demo played from the offered forms, mostly by whoever's turn it is."""
    events: list[Event] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = SYSTEM.start(SYSTEM.demo())
        for step in range(70):
            actor = current_actor(state) or "gm"
            who = actor if rng.random() < 0.7 else rng.choice([actor, "gm", *state["combatants"]])
            offered = SYSTEM.legal_actions(state, who)
            costly = [t for t in offered if str(t.cost) not in ("free", "GM")]
            if who == "gm" and rng.random() < 0.5:
                costly = [t for t in offered if t.kind in ("start_round", "end_round", "next_pass")]
            pool = costly if costly and rng.random() < 0.8 else offered
            if not pool:
                continue
            template = rng.choice(pool)
            sender = "gm" if str(template.cost) == "GM" else who
            action = Action(template.kind, sender, _form(template, rng))
            try:
                said = SYSTEM.resolve(state, action, SeededDice(derive_seed(str(seed), step)))
            except RulesError:
                continue
            for event in said:
                events.append(event)
                state = SYSTEM.apply(state, event)
    return events


GM_TOOLS = [
    (
        "hazard",
        {
            "type": "explosion",
            "dice": 4,
            "radius_m": 6,
            "targets": "walsh,cultist3",
            "distances": "1,8",
        },
    ),
    ("hazard", {"type": "fall", "target": "serge", "height_m": 9, "jumped": "on"}),
    ("hazard", {"type": "acid", "target": "cultist1", "grade": "very_strong"}),
    ("hazard", {"type": "fire", "target": "cultist2", "fire": "torch"}),
    ("hazard", {"type": "fire", "target": "cultist2", "fire": "bonfire"}),
    ("hazard", {"type": "fire", "target": "cultist4", "fire": "burning_room"}),
    ("hazard", {"type": "poison", "target": "walsh", "potency": 12, "effect": "incapacitating"}),
    ("hazard", {"type": "poison", "target": "hernandez", "poison": "chloroform", "doses": 3}),
    ("hazard", {"type": "poison", "target": "serge", "poison": "cyanide"}),
    ("hazard", {"type": "drowning", "target": "cultist1", "surprised": "on"}),
    ("poison_onset", {"target": "hernandez"}),
    ("gm_damage", {"target": "walsh", "amount": 6, "area": "on"}),
    ("gm_damage", {"target": "cultist1", "amount": 4, "location": "left_arm"}),
    ("gm_heal", {"target": "cultist1", "amount": 2}),
    ("gm_condition", {"target": "serge", "condition": "prone", "on": "on"}),
    (
        "gm_treat",
        {"healer": "hernandez", "target": "cultist1", "location": "left_arm", "skill": "medicine"},
    ),
    ("week_passes", {}),
    (
        "train_skill",
        {"student": "walsh", "skill": "firearms", "instructor_skill": 80, "fee": "500"},
    ),
    ("train_characteristic", {"student": "serge", "characteristic": "str"}),
    ("research", {"student": "hernandez", "skill": "medicine"}),
    ("research", {"student": "hernandez", "characteristic": "dex"}),
    ("magic_contest", {"caster": "walsh", "active": 12, "passive": 10}),
    ("pow_gain", {"target": "serge", "force": "on"}),
    ("spot_vest", {"observer": "cultist1", "wearer": "walsh"}),
    ("conceal", {"target": "cultist4"}),
    ("conceal", {"target": "cultist4", "reveal": "on"}),
    ("set_light", {"light": "dim"}),
    ("set_light", {"light": "dark", "impossible": "spot_hidden,first_aid"}),
    ("set_light", {"light": "normal"}),
    ("set_confined", {"value": "on"}),
    ("grant_edge", {"target": "serge", "edge": "quick_draw"}),
    ("revolver_accident", {"target": "cultist1", "weapon": "revolver"}),
    ("gm_note", {"text": "安全屋在码头"}),
]


def _gm_tools(seeds: range) -> list[Event]:
    """Every GM tool, between the fights, with a few seeds each."""
    events: list[Event] = []
    for seed in seeds:
        state = SYSTEM.start(SYSTEM.demo())
        for step, (kind, params) in enumerate(GM_TOOLS):
            action = Action(kind, "gm", {k: str(v) for k, v in params.items()})
            try:
                said = SYSTEM.resolve(state, action, SeededDice(derive_seed(str(seed), step)))
            except RulesError:
                continue
            for event in said:
                events.append(event)
                state = SYSTEM.apply(state, event)
    return events


@pytest.fixture(scope="module")
def played() -> list[Event]:
    return _random_play(range(60)) + _gm_tools(range(12))


def test_every_delta_green_line_is_a_dg_message_with_its_english(played: list[Event]) -> None:
    """Every line (and redacted line) is said by dg.* messages whose English is the event's, or by
    the scene map's (scene.*, rules/scene/messages.py) that Delta Green's catalogue holds too."""
    for event in played:
        assert event.msg is not None, event.text
        assert all(w.id.startswith(("dg.", "core.", "scene.")) for w in _words(event.msg)), (
            event.msg
        )
        assert SYSTEM.messages.render(event.msg) == event.text
        if event.redacted_text is not None:
            assert event.redacted_msg is not None
            assert event.redacted_msg.english() == event.redacted_text


def test_the_delta_green_lines_read_in_chinese_without_english_words(
    played: list[Event],
) -> None:
    """DG-GEN-3 / DG-AUTO-* / DG-SUPP-* / DG-HEAL-* / DG-GEN-4: every line, in zh-Hans."""
    names = _names(SYSTEM.start(SYSTEM.demo()))
    kinds = {e.kind for e in played}
    assert {"attack.resolved", "round.ended", "hazard.applied", "training.finished"} <= kinds
    assert {"suppression.resolved", "wound.treated", "week.passed", "pow.rolled"} <= kinds
    with translation.override("zh-hans"):
        lines = {say(e.msg) for e in played if e.msg is not None}
        lines |= {say(e.redacted_msg) for e in played if e.redacted_msg is not None}
    stray = {line: _english(line, names) for line in lines if _english(line, names)}
    assert stray == {}
    assert any("刺穿" in line for line in lines)  # the glossary's "impale"
    assert any("压制射击" in line for line in lines)  # "suppressive fire"
