"""SCENE-HIDE-4 in Call of Cthulhu: the round of a combatant the players' map does not show.

A combatant whose token is GM-only, or not placed on a scene map the encounter has, keeps its
round to the Keeper (and its own player): its place in the DEX order (its rank, a deferred
action's half-DEX slot, COC-ROUND-2), whose turn it is while it acts, its turn's end, and the
lines of what it declares or does besides attacking (a dodge or parry declared, a deferred
action, a reload, a check...). Its attacks stay everyone's: the combatants they come at answer
them (COC-DODGE-4), as every answer to an attack does. `view` reads the order through here,
`resolve` (rules/coc/__init__.py) sends each action's lines through `hide_lines`, and `turns`
says the round's order and who cannot act without them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.coc.actions.dodging import ATTACKS
from rules.core.system import Action, Audience, Event, Json
from rules.scene.view import off_players_map, unseen_actor

# The kinds whose lines stay everyone's when a hidden combatant sends them: its attacks and its
# answer to an attack (the attack's own lines follow the last answer).
PUBLIC = frozenset({*ATTACKS, "answer_dodge"})
# The lines that tell of a combatant's turn passing, by the `actor` of their payload.
TURN_LINES = frozenset({"turn.ended", "turn.deferred"})


def unseen_ids(state: Mapping[str, Any], audience: Audience) -> frozenset[str]:
    """The combatants whose round this audience may not read: off the players' map and not its
    own (the Keeper reads every round)."""
    if audience.role == "gm":
        return frozenset()
    return frozenset(
        cid
        for cid in state["combatants"]
        if cid not in audience.actors and off_players_map(state, cid)
    )


def seen_slots(state: Mapping[str, Any], who: frozenset[str]) -> list[Json]:
    """The DEX order without the slots of `who` (their ranks and deferred actions)."""
    return [slot for slot in state["order"] if slot["id"] not in who]


def seen_turn(state: Mapping[str, Any], who: frozenset[str]) -> int:
    """The turn as an index into `seen_slots`: -1 while one of `who` acts (nobody shown acting)."""
    turn = int(state["turn"])
    order = state["order"]
    if turn < len(order) and order[turn]["id"] in who:
        return -1
    return sum(1 for slot in order[:turn] if slot["id"] not in who)


def hide_lines(state: Json, action: Action, events: list[Event]) -> list[Event]:
    """An action's lines with what players may not read of a hidden combatant's round sent to
    the Keeper and its player alone: every line of what it does besides attacking, up to its
    turn's end (what follows, the next turn or the round's end, is the table's), and any turn's
    end or deferral of a hidden combatant (the Keeper may end it for it)."""
    own = (
        action.actor in state["combatants"]
        and action.kind not in PUBLIC
        and off_players_map(state, action.actor)
    )
    out = []
    for event in events:
        who = event.payload.get("actor")
        if event.kind in TURN_LINES and who in state["combatants"]:
            if off_players_map(state, str(who)):
                event = unseen_actor(event, str(who))
        elif own:
            event = unseen_actor(event, action.actor)
        if event.kind == "turn.ended" and who == action.actor:
            own = False
        out.append(event)
    return out
