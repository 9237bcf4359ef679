"""A Chinese reader of the mech's log sees no English word: attack, damage, heat, structure."""

from __future__ import annotations

import re
from typing import Any

from django.utils import translation

from rules.core.dice import SeededDice
from rules.core.system import Action, Event
from rules.mech import BENCH, SYSTEM
from vtt.words import say

# Abbreviations the Chinese rulebook prints as they are; dice notation and rule ids are not words.
ALLOWED = {"HP", "SP", "CP", "GM", "AP"}
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'-]*")
_NOT_WORDS = (re.compile(r"^\d*d\d+$"), re.compile(r"^[A-Z]+(-[A-Za-z0-9]+)+$"))


def _bench_state() -> dict[str, Any]:
    state: dict[str, Any] = SYSTEM.start(BENCH["setup"])
    for n, action in enumerate(BENCH["prelude"]):
        for event in SYSTEM.resolve(state, action, SeededDice(n)):
            state = SYSTEM.apply(state, event)
    return state


def _names(state: dict[str, Any]) -> set[str]:
    """The words a group writes: its mechs', weapons' and systems' names."""
    texts = [u["name"] for u in state["units"].values()]
    for u in state["units"].values():
        texts += [w["name"] for w in u["weapons"]] + [s["name"] for s in u["systems"]]
    return {word for text in texts for word in _WORD.findall(text)}


def _english(line: str, names: set[str]) -> list[str]:
    words = _WORD.findall(line)
    return [
        w
        for w in words
        if w not in ALLOWED and w not in names and not any(p.match(w) for p in _NOT_WORDS)
    ]


def _played(state: dict[str, Any]) -> list[Event]:
    attacks = [
        BENCH["action"],
        Action("attack", "latch", {"weapon": "cinder_pod", "x": 12, "y": 6}),
        Action("attack", "latch", {"weapon": "holdout_pistol", "target": "spar_a"}),
    ]
    events = [
        e for a in attacks for seed in range(40) for e in SYSTEM.resolve(state, a, SeededDice(seed))
    ]
    harm = [
        Action("gm_heat", "gm", {"target": "spar_a", "amount": 30}),
        Action("gm_damage", "gm", {"target": "spar_a", "amount": 30, "type": "energy"}),
        Action("gm_damage", "gm", {"target": "latch", "amount": 3, "type": "burn"}),
    ]
    for seed in range(10):
        run = state
        for action in harm:
            for event in SYSTEM.resolve(run, action, SeededDice(seed)):
                events.append(event)
                run = SYSTEM.apply(run, event)
    return events


def test_the_mech_lines_read_in_chinese_without_english_words() -> None:
    """MECH-ACT-ATTACK / MECH-HEAT-2 / MECH-STRUCT-TABLE: every line, rendered in zh-Hans."""
    state = _bench_state()
    names = _names(state)
    events = _played(state)
    kinds = {e.kind for e in events}
    assert {"attack.rolled", "damage.rolled", "damage.dealt", "heat.overflowed"} <= kinds
    assert {"structure.checked", "stress.checked"} <= kinds
    with translation.override("zh-hans"):
        lines = {say(e.msg) for e in events if e.msg is not None}
    stray = {line: _english(line, names) for line in lines if _english(line, names)}
    assert stray == {}
    assert any("远程攻击" in line for line in lines)  # the glossary's "ranged attack"
