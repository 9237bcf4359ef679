"""Delta Green's secrets: a vest worn hidden (DG-ARM-8), the GM's private notes (DG-RES-1), a
GM-only token's square and its combatant's round (SCENE-HIDE-1/2/4).

tests/rules/test_non_interference.py plays every registered system over pairs of states that
differ only in what a viewer may not see; each system declares its pairs here, beside its tests.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from rules.core.system import Action, Audience
from tests.rules.scene.scene_secrets import far_off, hidden_walk, scene_pairs, unseen_squares

Json = dict[str, Any]


def secrets(state: Json) -> Iterator[tuple[Audience, Json, Json]]:
    """DG-ARM-8: a vest worn hidden by someone else, unseen: level 1 or level 3; DG-RES-1: private
    notes; DG-GROW-1: the mark of a hidden check that failed."""
    combatants = state["combatants"]
    for viewer, c in sorted(combatants.items()):
        audience = Audience("player", actors=frozenset({viewer}))
        for cid, other in sorted(combatants.items()):
            if cid == viewer or other.get("vest_seen_by"):
                continue
            base = copy.deepcopy(state)
            base["combatants"][cid]["sheet"]["vest"] = {"level": 1, "worn_hidden": True}
            variant = copy.deepcopy(state)
            variant["combatants"][cid]["sheet"]["vest"] = {"level": 3, "worn_hidden": True}
            yield audience, base, variant
            break
        del c
    # DG-RES-1: the GM's private notes, about the operation and about the viewer themself.
    for viewer in sorted(combatants):
        audience = Audience("player", actors=frozenset({viewer}))
        variant = copy.deepcopy(state)
        variant["private_notes"] = ["The handler is compromised"]
        variant["combatants"][viewer]["private_notes"] = ["Is the mole"]
        yield audience, copy.deepcopy(state), variant
        break
    # DG-GROW-1: another agent's skill marked by a hidden check that failed
    for viewer in sorted(combatants):
        audience = Audience("player", actors=frozenset({viewer}))
        for other in sorted(combatants):
            if other == viewer:
                continue
            variant = copy.deepcopy(state)
            variant["combatants"][other]["marks"] = ["search"]
            variant["combatants"][other]["hidden_marks"] = ["search"]
            yield audience, copy.deepcopy(state), variant
            break
        break
    # SCENE-HIDE-1: a GM-only token and square on the scene map
    yield from _scene_pairs(state)


def _scene_pairs(state: Json) -> Iterator[tuple[Audience, Json, Json]]:
    from rules.delta_green.state import current_actor

    viewer = current_actor(state) or sorted(state["combatants"])[0]
    hidden = next(cid for cid in sorted(state["combatants"]) if cid != viewer)
    audience = Audience("player", actors=frozenset({viewer}))
    for n, (seen_by, base, variant) in enumerate(scene_pairs(state, "m", viewer, audience, hidden)):
        yield seen_by, base, variant
        if n == 0 and "moved_m" in base["combatants"][hidden]["round"]:
            # the GM-only token's moves this round (DG-MOVE-1/2): the GM's
            moved = copy.deepcopy(base)
            moved["combatants"][hidden]["round"] |= {"moved_m": 3.0, "ran": True}
            yield seen_by, base, moved
    # SCENE-HIDE-2: the GM-only token near behind cover in the dark, or far off in the open
    yield from unseen_squares(state, "m", viewer, audience, hidden)
    yield from _hidden_walks(state, viewer, hidden, audience)
    yield from _hidden_rounds(state, viewer, hidden, audience)


def _hidden_rounds(
    state: Json, viewer: str, hidden: str, audience: Audience
) -> Iterator[tuple[Audience, Json, Json]]:
    """SCENE-HIDE-4: the GM-only combatant's round as a player may not read it: its initiative
    and place in the order, its cards spent, its declarations (an aimed shot, a dodge, bravery),
    set by hand, or declared by it through the rules (before the round or on its own turn)."""
    from rules.core.dice import SeededDice
    from rules.core.errors import RulesError
    from rules.core.registry import get_system
    from rules.delta_green.state import current_actor

    base = far_off(state, "m", viewer, hidden)
    if base["combatants"][hidden]["round"]:
        ranked = copy.deepcopy(base)
        npc = ranked["combatants"][hidden]
        npc["round"] |= {"rank": 99, "die": 9, "spent": 1, "called": "head", "attacks": 1}
        npc |= {"called": "head", "dodge": not npc["dodge"], "brave": not npc["brave"]}
        ranked["order"] = [hidden, *[cid for cid in base["order"] if cid != hidden]]
        ranked["acted"] = [hidden, *[cid for cid in base["acted"] if cid != hidden]]
        if current_actor(ranked) == current_actor(base):
            yield audience, base, ranked
    if state.get("phase") == "in_round":  # on its own turn, as the demo's GM plays it
        base["order"] = [hidden, *[cid for cid in base["order"] if cid != hidden]]
        base["acted"] = []
    system = get_system("delta_green")
    for kind, params in (
        ("declare_aimed_shot", {"location": "head"}),
        ("set_dodge", {"value": "on"}),
        ("set_brave", {"value": "on"}),
    ):
        loaded = system.load(copy.deepcopy(base))
        try:
            events = system.resolve(loaded, Action(kind, hidden, params), SeededDice(3))
        except RulesError:
            continue
        for event in events:
            loaded = system.apply(loaded, event)
        yield audience, base, system.dump(loaded)


def _hidden_walks(
    state: Json, viewer: str, hidden: str, audience: Audience
) -> Iterator[tuple[Audience, Json, Json]]:
    """SCENE-HIDE-1: the GM-only token's combatant, on its turn and aiming at the viewer
    (DG-AIM-1), walks a step: what the walk ends or records is the GM's (its aim, its metres)."""
    if state.get("phase") != "in_round":
        return
    base = far_off(state, "m", viewer, hidden)
    base["order"] = [hidden, *[cid for cid in base["order"] if cid != hidden]]
    base["acted"] = []
    for aiming in (False, True):
        start = copy.deepcopy(base)
        if aiming:
            aim = {"target": viewer, "round": start["round"], "state": "aiming"}
            start["combatants"][hidden]["aim"] = aim
        walked = hidden_walk("delta_green", start, hidden)
        if walked is not None:
            yield audience, start, walked
