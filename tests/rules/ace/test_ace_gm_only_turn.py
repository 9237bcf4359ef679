"""SCENE-HIDE-5 in Ace Evolution: what a combatant whose token is GM-only does on its turn is the
GM's. A player reads it at rest (no action spent, no command, no cover taken, standing), out of
the turn order, and reads no line of its turn; the GM, and its own player, read it all."""

from __future__ import annotations

from typing import Any

from rules.ace import SYSTEM
from rules.core.dice import SeededDice
from rules.core.system import EVERYONE, Action, Audience, Event

Json = dict[str, Any]
GM = Audience("gm")
PIP = Audience("player", side="reincarnators", actors=frozenset({"lin"}))


def _on_the_hounds_turn(gm_only: bool = True) -> Json:
    """The demo on a map (the hound GM-only in the open, heavy cover painted by it), begun, and
    the hound's turn now."""
    setup = SYSTEM.demo()  # type: ignore[misc]
    for entry in setup["combatants"]:
        entry["hidden"] = False
    tokens = {
        "lin": {"at": [2, 4], "gm_only": False},
        "su": {"at": [2, 6], "gm_only": False},
        "hound": {"at": [12, 8], "gm_only": gm_only},
    }
    cells = {"12,10": {"terrain": "cover_heavy", "gm_only": False}}
    setup["scene"] = {"cols": 16, "rows": 14, "cell": "1", "cells": cells, "tokens": tokens}
    state = SYSTEM.start(setup)
    state, _ = _play(state, "gm", "begin")
    while state["current"] != "hound":
        state, _ = _play(state, "gm", "end_turn")
    return state


def _play(state: Json, actor: str, kind: str, **params: Any) -> tuple[Json, list[Event]]:
    events = SYSTEM.resolve(state, Action(kind, actor, params), SeededDice(3))
    for event in events:
        state = SYSTEM.apply(state, event)
    return state, events


def _hound(state: Json, audience: Audience) -> Json:
    found: Json = SYSTEM.view(state, audience)["combatants"]["hound"]
    return found


def test_a_gm_only_hounds_shooting_evasion_spends_nothing_a_player_reads() -> None:
    before = _on_the_hounds_turn()
    after, events = _play(before, "gm", "scene_move", who="hound", x=12, y=9, evade=True)
    assert _hound(after, GM)["used"]["standard"]
    assert _hound(after, GM)["cover"] == "heavy"
    assert _hound(after, PIP) == _hound(before, PIP)
    assert _hound(after, PIP)["used"] == {"standard": False, "move": False, "quick": False}
    assert _hound(after, PIP)["cover"] == "none"
    assert [e.audience for e in events] == ["gm"] * len(events)


def test_a_gm_only_hounds_block_and_fall_are_the_gms() -> None:
    before = _on_the_hounds_turn()
    braced, declared = _play(before, "hound", "declare", command="block")
    after, fell = _play(braced, "hound", "prone")
    assert _hound(after, GM)["commands"] == {"block": True}
    assert _hound(after, GM)["prone"]
    seen = _hound(after, PIP)
    assert seen == _hound(before, PIP)  # its defence (derived) too
    assert seen["commands"] == {}
    assert not seen["prone"]
    assert not seen["used"]["quick"]
    assert {e.audience for e in [*declared, *fell]} == {"gm"}
    # the odds of Lin's attack at it count no block and no fall (ACE-CMD-DEF-2, ACE-CMD-DEF-4)
    shot = Action("attack", "lin", {"target": "hound", "weapon": "knives"})
    assert SYSTEM.preview(after, shot) == SYSTEM.preview(before, shot)  # type: ignore[misc]


def test_a_gm_only_hounds_turn_is_in_no_players_turn_order() -> None:
    state = _on_the_hounds_turn()
    seen = SYSTEM.view(state, PIP)
    assert seen["current"] is None
    assert "hound" not in seen["order"]
    assert SYSTEM.view(state, GM)["current"] == "hound"
    _, events = _play(state, "gm", "end_turn")
    ended = [e for e in events if e.kind == "turn.ended"]
    assert [e.audience for e in ended] == ["gm"]
    started = [e for e in events if e.kind == "turn.started"]
    assert started
    assert all(e.audience == EVERYONE for e in started)  # the next one's: shown
    # the first round's order names it to the GM alone (ACE-INIT-1)
    first = SYSTEM.start({**SYSTEM.demo(), "scene": state["scene"]})  # type: ignore[misc]
    line = SYSTEM.resolve(first, Action("begin", "gm"), SeededDice(3))[0]
    assert line.audience == "gm"
    assert "Hound" in line.text
    assert line.redacted_text is not None
    assert "Hound" not in line.redacted_text


def test_a_shown_hound_is_read_as_it_is() -> None:
    before = _on_the_hounds_turn(gm_only=False)
    after, events = _play(before, "hound", "declare", command="block")
    assert _hound(after, PIP)["commands"] == {"block": True}
    assert "hound" in SYSTEM.view(after, PIP)["order"]
    assert {e.audience for e in events} == {EVERYONE}


def test_the_cover_the_gm_judges_a_gm_only_hound_has_is_told_to_the_gm_alone() -> None:
    # ACE-COVER-1 on a combatant the players' map does not show: its cover is the GM's
    state = _on_the_hounds_turn()
    after, events = _play(state, "gm", "set_cover", target="hound", cover="heavy")
    assert [e.audience for e in events] == ["gm"]
    assert _hound(after, PIP)["cover"] == "none"
    _, shown = _play(
        _on_the_hounds_turn(gm_only=False), "gm", "set_cover", target="hound", cover="heavy"
    )
    assert [e.audience for e in shown] == [EVERYONE]


def test_a_gm_only_hounds_extended_action_is_the_gms() -> None:
    # ACE-EXT-1 for a combatant the players' map does not show: its task, rolls and all
    state = _on_the_hounds_turn()
    opened, events = _play(
        state, "gm", "task_open", target="hound", skill="survival", name="Dig", dc=5
    )
    rolled, more = _play(opened, "gm", "task_roll", task=0)
    assert {e.audience for e in [*events, *more]} == {"gm"}
    assert SYSTEM.view(rolled, PIP)["tasks"] == []
    assert len(SYSTEM.view(rolled, GM)["tasks"]) == 1
