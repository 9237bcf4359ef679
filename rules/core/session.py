"""Playing a list of actions into a log as the table server does: entry n rolls its own dice."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.core.dice import SeededDice, commitment, derive_seed
from rules.core.errors import RulesError
from rules.core.log import Entry, Log, fold
from rules.core.params import int_param
from rules.core.system import Action, GameSystem
from rules.core.table import is_table_action, resolve_table_action, undo

UNDO = "table.undo"  # in a list of actions: the GM takes back the newest game entry


def play(system: GameSystem, setup: Mapping[str, Any], actions: Iterable[Action], seed: str) -> Log:
    """Resolve each action on the state of its moment with SeededDice(derive_seed(seed, n))."""
    state = system.start(setup)
    entries: list[Entry] = []
    for index, action in enumerate(actions, start=1):
        try:
            state = _play_one(system, setup, state, entries, index, action, seed)
        except RulesError as error:
            where = f"action {index} ({action.kind})"
            raise RulesError(f"{where}: {error.message}", error.rule) from None
    return Log(
        system=system.key,
        setup=dict(setup),
        entries=tuple(entries),
        snapshot=system.dump(state),
        commitment=commitment(seed),
        seed=seed,
    )


def _play_one(
    system: GameSystem,
    setup: Mapping[str, Any],
    state: Any,
    entries: list[Entry],
    index: int,
    action: Action,
    seed: str,
) -> Any:
    """Append entry `index` for `action` and return the state after it."""
    if action.kind == UNDO:
        chosen = action.params.get("entry") not in (None, "")
        revert = undo(entries, int_param(action.params, "entry") if chosen else None)
        entries.append(Entry(index, None, (revert,)))
        return fold(system, setup, entries)
    dice = SeededDice(derive_seed(seed, index))
    if is_table_action(action):
        events = resolve_table_action(action, dice)
    else:
        events = system.resolve(state, action, dice)
    for event in events:
        if not event.kind.startswith("table."):
            state = system.apply(state, event)
    entries.append(Entry(index, action, tuple(events)))
    return state
