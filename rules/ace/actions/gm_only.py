"""SCENE-HIDE-5: what a combatant the players' map does not show does on its own is the GM's.

A combatant whose token is GM-only, or off a map the encounter has (the two read the same to a
player), reads at rest to the players (rules/ace/view.py), and its token's moves
go to the GM alone (rules/scene/moving.py). A command declared, going prone or
standing, a scan, a weapon picked up, a move or a shooting evasion typed, a check, the Mark's
items or SPI spent would still name it in a line everyone reads: each such action it sends is
addressed, event by event, to the GM (and to its own player, when a player plays it). An action
aimed at another combatant (an attack, a charge, a grapple, a sneak) is everyone's as before: its
target is told it was attacked, though not from where. Its turn's start and end
narrow their own lines (rules/ace/actions/turn.py `told`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rules.ace.actions.common import kept_to
from rules.ace.state import State
from rules.core.actions import Resolve
from rules.core.dice import Dice
from rules.core.kit import ActionSpec
from rules.core.system import EVERYONE, Action, Event

# The actions that concern only their actor (its allowance, stance, gear, sheet).
OWN_KINDS = frozenset(
    {
        "declare",
        "prone",
        "stand",
        "scan",
        "pick_up",
        "shooting_evasion",
        "move",
        "check",
        "spend_spi",
        "mark_store",
        "mark_select",
        "mark_take",
    }
)


def kept_to_gm(resolve: Resolve[Any]) -> Resolve[Any]:
    """The resolver with a GM-only token's combatant's events addressed to the GM (and its
    player), as its moves are (SCENE-HIDE-5)."""

    def resolve_kept(state: State, action: Action, dice: Dice) -> list[Event]:
        events = resolve(state, action, dice)
        audience = kept_to(state, action.actor) if action.actor in state["combatants"] else None
        if audience is None:
            return events
        return [
            replace(event, audience=audience, redacted_text=None, redacted_msg=None)
            if event.audience == EVERYONE
            else event
            for event in events
        ]

    return resolve_kept


def kept(specs: Sequence[ActionSpec[Any]]) -> list[ActionSpec[Any]]:
    """Every action of OWN_KINDS, told to the GM alone while its actor's token is GM-only."""
    return [
        replace(spec, resolve=kept_to_gm(spec.resolve)) if spec.kind in OWN_KINDS else spec
        for spec in specs
    ]
