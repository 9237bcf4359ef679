"""Ace's secrets: GM-secret rolls (ACE-ACT-3), an unnoticed enemy's numbers (ACE-STEALTH-1), a
GM-only token's combatant's turn (SCENE-HIDE-1, -2, -5).

tests/rules/test_non_interference.py plays every registered system over pairs of states that
differ only in what a viewer may not see; each system declares its pairs here, beside its tests.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from rules.core.system import Audience
from tests.rules.scene.scene_secrets import far_off, hidden_walk, scene_pairs, unseen_squares

Json = dict[str, Any]


def secrets(state: Json) -> Iterator[tuple[Audience, Json, Json]]:
    """ACE-ACT-3: GM-secret rolls not yet revealed; ACE-STEALTH-1: an unnoticed enemy's numbers,
    the GM's task for it and the last damage it took."""
    combatants = state["combatants"]
    for viewer, c in sorted(combatants.items()):
        audience = Audience("player", side=c["side"] or None, actors=frozenset({viewer}))
        base, variant = copy.deepcopy(state), copy.deepcopy(state)
        variant["secrets"] = [
            *variant["secrets"],
            {"id": 99, "revealed": False, "who": viewer, "what": "passive perception", "roll": 17},
        ]
        for cid, other in sorted(combatants.items()):
            if other["side"] != c["side"] and other["hidden"]:
                variant["combatants"][cid]["hp"] = int(other["hp"]) - 1
                # the GM's task for it and the blast it took (ACE-EXT-1, ACE-AMB-16)
                variant["last_damage"] = {"target": cid, "total": 1}
                task = {"n": len(variant["tasks"]), "actor": cid, "name": "Dig", "skill": "hide"}
                variant["tasks"] = [*variant["tasks"], {**task, "dc": 3, "status": "open"}]
        yield audience, base, variant
    yield from _presence_pairs(state)
    # SCENE-HIDE-1: a GM-only token and square on the scene map
    yield from _scene_pairs(state)


def _presence_pairs(state: Json) -> Iterator[tuple[Audience, Json, Json]]:
    """ACE-STEALTH-1: an unnoticed enemy there or not at all (no form offers it, no refusal of
    an action aimed at its id tells it apart from an id nobody has)."""
    combatants = state["combatants"]
    for viewer, c in sorted(combatants.items()):
        audience = Audience("player", side=c["side"] or None, actors=frozenset({viewer}))
        for cid, other in sorted(combatants.items()):
            if other["side"] == c["side"] or not other["hidden"] or cid == state["current"]:
                continue
            without = copy.deepcopy(state)
            del without["combatants"][cid]
            without["order"] = [i for i in without["order"] if i != cid]
            yield audience, without, copy.deepcopy(state)


def _scene_pairs(state: Json) -> Iterator[tuple[Audience, Json, Json]]:
    combatants = state["combatants"]
    viewer = state["current"] if state["current"] in combatants else sorted(combatants)[0]
    side = combatants[viewer]["side"] or None
    hidden = next(cid for cid in sorted(combatants) if cid != viewer)
    audience = Audience("player", side=side, actors=frozenset({viewer}))
    yield from scene_pairs(state, "m", viewer, audience, hidden)
    # SCENE-HIDE-2: the GM-only token near behind cover in the dark, or far off in the open; on
    # the map it took its cover by moving there (ACE-CMD-DEF-3), a GM-only move: the GM's
    for seen_by, near, far in unseen_squares(state, "m", viewer, audience, hidden):
        near["combatants"][hidden] |= {"cover": "heavy", "shield": False}
        far["combatants"][hidden] |= {"cover": "partial", "shield": False}
        yield seen_by, near, far
    # SCENE-HIDE-1: the GM-only token's combatant walks a step on its own turn
    if int(state.get("round") or 0) and hidden in state["order"]:
        start = far_off(state, "m", viewer, hidden)
        start["current"] = hidden
        walked = hidden_walk("ace", start, hidden)
        if walked is not None:
            yield audience, start, walked
        yield from _hidden_turn(start, audience, hidden)


def _played(state: Json, actor: str, *actions: tuple[str, Json]) -> Json | None:
    """`state` after `actor` sent these actions in turn; None when the rules refuse one now."""
    from rules.ace import SYSTEM
    from rules.core.dice import SeededDice
    from rules.core.errors import RulesError
    from rules.core.system import Action

    loaded = SYSTEM.load(copy.deepcopy(state))
    for kind, params in actions:
        try:
            events = SYSTEM.resolve(loaded, Action(kind, actor, params), SeededDice(7))
        except RulesError:
            return None
        for event in events:
            loaded = SYSTEM.apply(loaded, event)
    played: Json = SYSTEM.dump(loaded)
    return played


def _hidden_turn(
    start: Json, audience: Audience, hidden: str
) -> Iterator[tuple[Audience, Json, Json]]:
    """SCENE-HIDE-5: on its own turn the GM-only token's combatant evades on the map (its
    standard and move actions spent, cover taken), or declares a block and drops prone (its
    move and reflex spent, its defence changed): a player reads it at rest either way; its
    extended action, where it stands in the turn order, and that it acts now, are the GM's."""
    evaded = _played(start, hidden, ("scene_move", {"who": hidden, "x": 10, "y": 9, "evade": True}))
    if evaded is not None:
        yield audience, start, evaded
    braced = _played(start, hidden, ("declare", {"command": "block"}), ("prone", {}))
    if braced is not None:
        yield audience, start, braced
    digging = copy.deepcopy(start)  # an extended action of its own (ACE-EXT-1): the GM's
    task = {"n": len(digging["tasks"]), "actor": hidden, "name": "Dig", "skill": "hide"}
    digging["tasks"] = [*digging["tasks"], {**task, "dc": 3, "status": "open", "acc": 1}]
    yield audience, start, digging
    order = [i for i in start["order"] if i != hidden]
    for n in range(len(order) + 1):
        elsewhere = copy.deepcopy(start)
        elsewhere["order"] = [*order[:n], hidden, *order[n:]]
        elsewhere["combatants"][hidden]["initiative"] = 30 + n
        if elsewhere != start:
            yield audience, start, elsewhere
