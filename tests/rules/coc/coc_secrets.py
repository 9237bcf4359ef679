"""Call of Cthulhu's secrets: the silencer's counter, a secret poison, closed monster sheets.

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
    """COC-SILENCER-2: the secret silencer counter; a secret poison; closed monster sheets;
    COC-GROW-1: the mark of a hidden check that succeeded."""
    combatants = state["combatants"]
    players = sorted(i for i, c in combatants.items() if c["side"] == "investigators")
    for viewer in players[:2]:
        audience = Audience("player", side="investigators", actors=frozenset({viewer}))
        base, variant = copy.deepcopy(state), copy.deepcopy(state)
        for c in variant["combatants"].values():
            for held in c["weapons"].values():
                held["silencer_life"], held["silencer_shots"] = 3, 2
            if c["side"] != "investigators":
                for key, value in list(c.get("skills", {}).items()):
                    c["skills"][key] = max(1, int(value) - 5)
        target = players[-1]
        variant["effects"] = {
            **variant["effects"],
            "s99": {  # secret effects are numbered apart from the public ones
                "id": "s99",
                "kind": "poison",
                "target": target,
                "left": 3,
                "data": {"poison": "arsenic", "pot": 0, "wins": 0, "doses": 1, "secret": True},
            },
        }
        yield audience, base, variant
    # COC-GROW-1: another investigator's skill marked by a hidden check that succeeded
    for viewer in players[:1]:
        audience = Audience("player", side="investigators", actors=frozenset({viewer}))
        for other in players:
            if other == viewer:
                continue
            variant = copy.deepcopy(state)
            variant["combatants"][other]["marks"] = ["spot_hidden"]
            variant["combatants"][other]["hidden_marks"] = ["spot_hidden"]
            yield audience, copy.deepcopy(state), variant
            break
    # SCENE-HIDE-1: a GM-only token and square on the scene map
    yield from _scene_pairs(state)


def _scene_pairs(state: Json) -> Iterator[tuple[Audience, Json, Json]]:
    from rules.coc.state import current_slot

    # COC-DODGE-4: a bench ends on an attack held for a dodge, where its shooter may send
    # nothing; the pairs take the moment before it was sent (holding it set `asking` alone), so
    # the shooter's attacks at the GM-only token are sent, and played on through their own dodge
    # step by the test (the answer's time running out), to their roll on the true map.
    state = {**state, "asking": None}
    slot = current_slot(state)
    viewer = slot["id"] if slot else sorted(state["combatants"])[0]
    hidden = next(cid for cid in sorted(state["combatants"]) if cid != viewer)
    audience = Audience("player", actors=frozenset({viewer}))
    for n, (seen_by, base, variant) in enumerate(
        scene_pairs(state, "yd", viewer, audience, hidden)
    ):
        yield seen_by, base, variant
        if n == 0:  # the GM-only token's yards this round (SCENE-MOVE-3): the Keeper's
            moved = copy.deepcopy(base)
            moved["combatants"][hidden]["round"]["moved"] = "3"
            yield seen_by, base, moved
    # SCENE-HIDE-2: the GM-only token near behind cover in the dark, or far off in the open
    yield from unseen_squares(state, "yd", viewer, audience, hidden)
    yield from _hidden_rounds(state, viewer, hidden, audience)
    # SCENE-HIDE-1: the GM-only token's combatant walks a step on its own DEX-rank turn
    slots = [n for n, slot in enumerate(state["order"]) if slot["id"] == hidden]
    if state["round"] >= 1 and slots:
        start = far_off(state, "yd", viewer, hidden)
        start["turn"] = slots[0]
        walked = hidden_walk("coc", start, hidden)
        if walked is not None:
            yield audience, start, walked


def _hidden_rounds(
    state: Json, viewer: str, hidden: str, audience: Audience
) -> Iterator[tuple[Audience, Json, Json]]:
    """SCENE-HIDE-4: the GM-only combatant's round as a player may not read it: its rank and
    place in the DEX order (first at 99, or where it was), a deferred slot, a dodge or parry
    declared, its attacks counted; the viewer acting in both."""
    if state["round"] < 1 or not state["order"]:
        return
    base = far_off(state, "yd", viewer, hidden)
    now = state["order"][state["turn"]]["id"] if state["turn"] < len(state["order"]) else None
    ranked = copy.deepcopy(base)
    others = [slot for slot in ranked["order"] if slot["id"] != hidden]
    ranked["order"] = [
        {"id": hidden, "rank": 99, "intent": ""},
        *others,
        {"id": hidden, "rank": 1, "intent": "aim"},
    ]
    if now is not None and now != hidden:
        ranked["turn"] = next(n for n, slot in enumerate(ranked["order"]) if slot["id"] == now)
        base["turn"] = next(n for n, slot in enumerate(base["order"]) if slot["id"] == now)
    elif now == hidden:
        return
    ranked["combatants"][hidden]["round"] |= {"dodge": "declared", "attacks": 1}
    yield audience, base, ranked
