"""ACE-STEALTH-1: what an unnoticed combatant does is told to its own side and the GM only.

A combatant the other side has not noticed is removed from that side's view (rules/ace/view.py);
its own actions must not name it to them either: a move of so many metres, a command declared,
going prone, a check, a scan, a weapon picked up. Every action a combatant sends while unnoticed
is addressed, event by event, to its side and the GM (its own player and the GM when it has no
side) until the event that gives it away (an attack, a grapple, a sneak spotted), which is
everyone's as before. Ending a turn names who acts next, so turn.py narrows its own line instead
(`end_turn` is left out here).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rules.ace.state import State, apply
from rules.core.actions import Resolve
from rules.core.dice import Dice
from rules.core.kit import ActionSpec
from rules.core.system import EVERYONE, Action, Event

OWN_AUDIENCE = frozenset({"end_turn"})  # narrows its own line (rules/ace/actions/turn.py)


def unnoticed(state: State, who: str) -> bool:
    """Whether `who` is a combatant the other side has not noticed (ACE-STEALTH-1)."""
    c = state["combatants"].get(who)
    return c is not None and bool(c["hidden"])


def side_of(state: State, who: str) -> str:
    """Who reads of an unnoticed combatant's own doing: its side (and the GM), or, with no side,
    its own player (and the GM)."""
    side = state["combatants"][who]["side"]
    return f"side:{side}" if side else f"actor:{who}"


def kept_to_side(resolve: Resolve[Any]) -> Resolve[Any]:
    """The resolver with an unnoticed actor's events addressed to its side and the GM, up to the
    event after which it is noticed (ACE-STEALTH-1)."""

    def resolve_unnoticed(state: State, action: Action, dice: Dice) -> list[Event]:
        events = resolve(state, action, dice)
        if not unnoticed(state, action.actor):
            return events
        out: list[Event] = []
        after = state
        for n, event in enumerate(events):
            after = apply(after, event)
            if not unnoticed(after, action.actor):
                return [*out, *events[n:]]  # given away: this event on is everyone's
            if event.audience == EVERYONE:
                told = side_of(after, action.actor)
                event = replace(event, audience=told, redacted_text=None, redacted_msg=None)
            out.append(event)
        return out

    return resolve_unnoticed


def kept(specs: Sequence[ActionSpec[Any]]) -> list[ActionSpec[Any]]:
    """Every action an unnoticed combatant may send, told to its side and the GM only."""
    return [
        spec if spec.kind in OWN_AUDIENCE else replace(spec, resolve=kept_to_side(spec.resolve))
        for spec in specs
    ]
