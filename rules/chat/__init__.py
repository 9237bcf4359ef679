"""The `chat` system: a table with dice and talk only, no game state (serves tables before a rule set)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.system import Action, Audience, Event, GameSystem, Json


def _start(setup: Mapping[str, Any]) -> Json:
    return {"title": str(setup.get("title", "")), "settings": dict(setup.get("settings") or {})}


def _resolve(state: Json, action: Action, dice: Dice) -> list[Event]:
    raise IllegalAction(f"the chat table has no action {action.kind!r}; use /roll in the chat")


def _apply(state: Json, event: Event) -> Json:
    return state


def _view(state: Json, audience: Audience) -> Json:
    return dict(state)


def _validate_sheet(sheet: Mapping[str, Any]) -> Json:
    return dict(sheet)


SYSTEM = GameSystem(
    key="chat",
    title="Table chat",
    version=1,
    validate_sheet=_validate_sheet,
    start=_start,
    legal_actions=lambda state, actor: [],
    resolve=_resolve,
    apply=_apply,
    view=_view,
    dump=dict,
    load=dict,
    demo=lambda: {"title": "Dice at the table", "combatants": []},
)
