"""ACE-STEALTH-1 through an unnoticed combatant's own actions: Su Qing, unnoticed by the hound's
side, sends every action she is offered (out of a fight, on her turn, on a scene map) and the
GM answers or ends for her; no line the hound's player or an observer may read names her, in its
words, payload or dice, until the event that gives her away (an attack, a grapple, a sneak
spotted). Ace's own move ("moves 13 m") is told to her side and the GM, as the map's move is."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from ace_helpers import c, play, table, turn_of

from rules.ace import SYSTEM
from rules.core.dice import SeededDice
from rules.core.errors import RulesError
from rules.core.system import OBSERVER, Action, Audience, Event

Json = dict[str, Any]
HOUND = Audience("player", side="monsters", actors=frozenset({"hound"}))


def _on_map(state: Json) -> Json:
    placed = {who: {"at": [x, 0], "gm_only": False} for who, x in (("su", 0), ("hound", 20))}
    placed["lin"] = {"at": [0, 11], "gm_only": False}
    scene = {"cols": 30, "rows": 12, "cell": "1", "unit": "m", "cells": {}, "tokens": placed}
    return {**state, "scene": scene}


def _states() -> Iterator[tuple[str, Json]]:
    hidden = table(hidden=True)
    yield "out of a fight", hidden
    yield "her turn", turn_of(hidden, "su")
    yield "her turn on a map", turn_of(_on_map(hidden), "su")
    prone = turn_of(hidden, "su")
    prone["combatants"]["su"]["prone"] = True
    yield "her turn, prone", prone


def _offered(state: Json, actor: str) -> Iterator[Action]:
    """Every form offered to `actor`: its defaults, then each choice of each field in turn."""
    for template in SYSTEM.legal_actions(state, actor):
        form = template.to_json()
        base = dict(form.get("fixed") or {})
        for f in form.get("params") or []:
            base[f["name"]] = f.get("default", "")
        if "x" in base:
            base |= {"x": 8, "y": 0}
        yield Action(form["kind"], actor, base)
        for f in form.get("params") or []:
            for choice in f.get("choices") or ():
                yield Action(form["kind"], actor, {**base, f["name"]: choice["value"]})


def _leaks(state: Json, action: Action, reader: Audience, seed: int) -> list[str]:
    """The lines `reader` may read that name Su Qing while she is still unnoticed."""
    try:
        events = SYSTEM.resolve(copy.deepcopy(state), action, SeededDice(seed))
    except RulesError:
        return []
    return _named(state, events, reader, f"{action.kind} {dict(action.params)}")


def _named(state: Json, events: list[Event], reader: Audience, what: str) -> list[str]:
    found = []
    for event in events:
        state = SYSTEM.apply(state, event)
        if not c(state, "su")["hidden"]:
            break  # given away: from here on the table may read of her
        if not reader.can_see(event.audience):
            continue
        payload = {k: v for k, v in event.payload.items() if k != "changes"}
        words = json.dumps([event.text, payload, [d.to_json() for d in event.dice]]).lower()
        if "su qing" in words or '"su"' in words:
            found.append(f"{what}: {event.kind} ({event.audience}): {event.text}")
    return found


@pytest.mark.parametrize("reader", [HOUND, OBSERVER], ids=["hound's player", "observer"])
def test_nothing_an_unnoticed_combatant_does_names_her_to_the_other_side(
    reader: Audience,
) -> None:
    leaks = []
    for where, state in _states():
        actions = [*_offered(state, "su"), Action("end_turn", "gm", {})]
        assert actions, where
        for n, action in enumerate(actions):
            leaks += [f"{where}: {leak}" for leak in _leaks(state, action, reader, 100 + n)]
    assert leaks == []


def test_her_own_move_is_told_to_her_side_and_the_gm() -> None:
    """ACE-SPEED-1's move action, not the map's: "Su Qing moves 13 m." is her side's."""
    state, events = play(turn_of(table(hidden=True), "su"), "move", "su", metres=13)
    assert [(e.kind, e.audience) for e in events] == [("moved", "side:reincarnators")]
    assert events[0].redacted_text is None
    assert c(state, "su")["hidden"]
    assert c(state, "su")["used"]["move"]
    _, events = play(turn_of(table(), "su"), "move", "su", metres=13)
    assert [e.audience for e in events] == ["all"]  # noticed, the table reads it as before


def test_the_gms_answer_to_her_substitute_roll_is_her_sides() -> None:
    """ACE-CHECK-3: her 1d20 + DEX waits for the GM, who allows or refuses it; the question,
    the answer and the roll are her side's, and the hound's player reads no question waiting."""
    asked, events = play(table(hidden=True), "check", "su", skill="attr:dex")
    assert [e.audience for e in events] == ["side:reincarnators"]
    assert SYSTEM.view(asked, HOUND)["pending"] is None
    assert SYSTEM.view(asked, OBSERVER)["pending"] is None
    lin = Audience("player", side="reincarnators", actors=frozenset({"lin"}))
    assert SYSTEM.view(asked, lin)["pending"]["attacker"] == "su"
    for answer in ("approve", "refuse"):
        dice = [] if answer == "refuse" else [12]
        _, events = play(asked, "respond", "gm", dice, answer=answer)
        assert [e.audience for e in events] == ["side:reincarnators"], answer


def test_the_gm_ending_her_turn_names_her_to_her_side_only() -> None:
    _, events = play(turn_of(table(hidden=True), "su"), "end_turn", "gm")
    ended = next(e for e in events if e.kind == "turn.ended")
    assert ended.audience == "side:reincarnators"
    started = next(e for e in events if e.kind == "turn.started")
    assert started.audience == "all"  # the next one's turn, the hound's, is everyone's


def test_reaching_for_a_grip_gives_her_away_as_an_attack_does() -> None:
    """ACE-STEALTH-1 / ACE-GRAPPLE-1: the hound she grapples answers a prompt, so it knows."""
    state, events = play(turn_of(table(hidden=True), "su"), "grapple", "su", [20], target="hound")
    assert not c(state, "su")["hidden"]
    assert events[0].audience == "all"


def test_the_gms_task_and_settled_check_for_an_unnoticed_one_are_its_sides() -> None:
    """ACE-EXT-1/2 and ACE-CHECK-1 through the GM's tools: a task opened for the unnoticed
    hound, rolled, adjusted, and a check the GM settles for it, name it to its side only, and
    the reincarnators' view holds no task of it."""
    lin = Audience("player", side="reincarnators", actors=frozenset({"lin"}))
    state = table()
    state["combatants"]["hound"]["hidden"] = True
    steps = [
        ("task_open", [], {"target": "hound", "name": "Dig", "skill": "attr:str", "dc": 30}),
        ("task_roll", [15], {"task": 0}),
        ("task_adjust", [], {"task": 0, "lose": 1}),
        ("settle", [], {"target": "hound", "skill": "attr:str", "successes": 2}),
    ]
    for kind, faces, params in steps:
        state, events = play(state, kind, "gm", faces, **params)
        assert [e.audience for e in events] == ["side:monsters"], kind
        assert SYSTEM.view(state, lin)["tasks"] == [], kind
        assert SYSTEM.view(state, OBSERVER)["tasks"] == [], kind
    hound = Audience("player", side="monsters", actors=frozenset({"hound"}))
    assert [t["name"] for t in SYSTEM.view(state, hound)["tasks"]] == ["Dig"]


def test_the_gms_blast_on_an_unnoticed_one_leaves_no_last_damage_on_the_others_view() -> None:
    """ACE-AMB-16 through the GM's area tool: the damage the unnoticed hound took is its side's
    to read (the line is, already), the board's last damage too."""
    state = table()
    state["combatants"]["hound"]["hidden"] = True
    form = next(t for t in SYSTEM.legal_actions(state, "gm") if t.kind == "area").to_json()
    params = {f["name"]: f.get("default", "") for f in form["params"]} | {"target": "hound"}
    events = SYSTEM.resolve(state, Action("area", "gm", params), SeededDice(5))
    for event in events:
        state = SYSTEM.apply(state, event)
    assert state["last_damage"]["target"] == "hound"
    lin = Audience("player", side="reincarnators", actors=frozenset({"lin"}))
    assert SYSTEM.view(state, lin)["last_damage"] is None
    assert SYSTEM.view(state, OBSERVER)["last_damage"] is None
    hound = Audience("player", side="monsters", actors=frozenset({"hound"}))
    assert SYSTEM.view(state, hound)["last_damage"]["target"] == "hound"


def test_an_unnoticed_one_of_no_side_reads_its_own_doing() -> None:
    """With no side, the unnoticed one's own player (and the GM) read its move, nobody else."""
    state = turn_of(table(hidden=True), "su")
    state["combatants"]["su"]["side"] = ""
    _, events = play(state, "move", "su", metres=5)
    assert [e.audience for e in events] == ["actor:su"]


@pytest.mark.parametrize("kind", ["attack", "grapple", "sneak", "assassinate"])
def test_aiming_at_an_unnoticed_one_is_refused_as_at_no_one(kind: str) -> None:
    """The hound's player who names Su Qing, unnoticed, as a target or an observer to sneak past
    reads the refusal a combatant who is not there gets: not her name, not that she is there;
    nor does any form offer her."""
    state = turn_of(table(hidden=True), "hound")
    state["combatants"]["hound"]["hidden"] = True  # assassinate: an unnoticed ambusher too
    state["combatants"]["hound"]["ambusher"] = True
    answers = []
    for target in ("su", "zz"):
        with pytest.raises(RulesError) as refused:
            SYSTEM.resolve(state, Action(kind, "hound", {"target": target}), SeededDice(1))
        answers.append(str(refused.value).replace(target, "<id>"))
    assert answers[0] == answers[1]
    assert "Su Qing" not in answers[0]
    offered = json.dumps([t.to_json() for t in SYSTEM.legal_actions(state, "hound")])
    assert "Su Qing" not in offered
    assert '"su"' not in offered


def test_a_scene_move_naming_an_unnoticed_one_is_refused_as_naming_no_one() -> None:
    """SCENE-MOVE-2: a player names only its own token; anyone else's, there or not, is refused
    alike (before, "zz is not in this encounter" told apart the unnoticed Su Qing)."""
    state = turn_of(table(hidden=True), "hound")
    scene = {"cols": 12, "rows": 10, "cell": "1", "unit": "m", "cells": {}}
    state["scene"] = {**scene, "tokens": {"hound": {"at": [5, 5], "gm_only": False}}}
    answers = []
    for who in ("su", "zz"):
        action = Action("scene_move", "hound", {"who": who, "x": 6, "y": 6})
        with pytest.raises(RulesError) as refused:
            SYSTEM.resolve(state, action, SeededDice(1))
        answers.append(str(refused.value))
    assert answers[0] == answers[1]
