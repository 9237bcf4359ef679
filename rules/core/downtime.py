"""Between fights: a system's own recovery rules played on a campaign's sheets, off the table.

Healing over weeks, First Aid after the fight, a mech's between-match repairs are GM actions
each engine already resolves at a table (rules/delta_green/gm.py `week_passes`, rules/coc
`pass_weeks`, rules/mech `repair`...). Between fights there is no table, so `between_fights`
starts a state from the characters' sheets (as the encounter builder would), resolves the
actions with the dice given, applies their events, and reads each sheet back with the system's
`write_back`: the same rules, written once, whether the fight is still laid out or long over.
Each system's `recovery.py` says which of its actions are tools between fights
(`Tool`), what they ask for, and how a request becomes actions.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core.dice import Dice, RollRecord
from rules.core.jsonstate import Json
from rules.core.messages import Message, Msg
from rules.core.system import Action, Event, GameSystem

SIDE = "party"
CHARACTER_FIELDS = ("character", "healer", "target")
DAYS_A_WEEK = 7


@dataclass(frozen=True)
class Tool:
    """One between-fights tool: a key, its label and rule ID, the fields it asks for (name and
    label; a name of `CHARACTER_FIELDS` picks a character and is labelled by the table server,
    any other picks from `choices`), and how a request (field -> value, characters by actor id)
    becomes the engine's actions. `per_character`: the tool is offered once per character (its
    choices are that character's: a mech's own weapons), the request's `character` set."""

    key: str
    label: Message
    rule: str
    fields: tuple[tuple[str, Message | None], ...]
    actions: Callable[[Any, Mapping[str, str]], list[Action]]
    choices: Mapping[str, Callable[[Any, Mapping[str, str]], list[tuple[str, Msg | str]]]] = field(
        default_factory=dict
    )
    prelude: tuple[Action, ...] = ()  # played first, its lines not kept (a mech's match end)
    per_character: bool = False


@dataclass(frozen=True)
class Outcome:
    """What the tool did: each character's sheet now (by actor id), the lines and dice."""

    sheets: dict[str, Json]
    lines: list[Msg]
    dice: tuple[RollRecord, ...]


def start(
    system: GameSystem, sheets: Mapping[str, Mapping[str, Any]], settings: Mapping[str, Any]
) -> Any:
    """A state of the characters alone, each from its sheet (the builder's combatant entry)."""
    combatants = [
        {
            "id": actor,
            "name": str(sheet.get("name") or actor),
            "side": SIDE,
            "controller": "player",
            "sheet": copy.deepcopy(dict(sheet)),
            # a square of its own where a system has squares (two mechs never share one)
            "x": 3 * (n % 6),
            "y": 3 * (n // 6),
        }
        for n, (actor, sheet) in enumerate(sheets.items())
    ]
    return system.start({"title": "", "settings": dict(settings), "combatants": combatants})


def _played(system: GameSystem, state: Any, action: Action, dice: Dice) -> tuple[Any, list[Event]]:
    events = list(system.resolve(state, action, dice))
    for event in events:
        if not event.kind.startswith("table."):
            state = system.apply(state, event)
    return state, events


def between_fights(
    system: GameSystem,
    sheets: Mapping[str, Mapping[str, Any]],
    settings: Mapping[str, Any],
    tool: Tool,
    request: Mapping[str, str],
    dice: Dice,
) -> Outcome:
    """Play `tool` on the characters (`sheets` by actor id) with `dice`; RulesError if the rules
    refuse it (nothing is changed then)."""
    if system.write_back is None:  # only systems with a recovery module offer tools
        raise ValueError(f"{system.key} writes nothing back to sheets")
    state = start(system, sheets, settings)
    for action in tool.prelude:
        state, _events = _played(system, state, action, dice)
    lines: list[Msg] = []
    rolled: list[RollRecord] = []
    for action in tool.actions(state, request):
        state, events = _played(system, state, action, dice)
        lines += [event.msg for event in events if event.msg is not None]
        rolled += [record for event in events for record in event.dice]
    after = {
        actor: system.validate_sheet(system.write_back(state, actor, system.validate_sheet(sheet)))
        for actor, sheet in sheets.items()
    }
    return Outcome(after, lines, tuple(rolled))


def weeks_crossed(day: int, days: int) -> int:
    """How many week ends the campaign clock passes going from `day` forward `days` days."""
    return (day + days) // DAYS_A_WEEK - day // DAYS_A_WEEK
