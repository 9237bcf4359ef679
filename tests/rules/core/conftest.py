"""A tiny dice-rolling system for testing the log, replay and fairness machinery."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.system import Action, Event, GameSystem, Json
from rules.core.table import is_table_action, resolve_table_action


def _resolve(state: Json, action: Action, dice: Dice) -> list[Event]:
    if is_table_action(action):
        return resolve_table_action(action, dice)
    if action.kind == "counter.set":
        return [Event("counter.added", {"amount": int(action.params["value"]) - state["total"]})]
    if action.kind != "counter.add":
        raise IllegalAction(f"no action {action.kind}")
    if state["total"] >= 100:
        raise IllegalAction("the counter is full")
    start = len(dice.records)
    amount = dice.roll(6, "amount d6")
    return [
        Event(
            "counter.added",
            {"amount": amount, "before": state["total"]},
            f"{action.actor} adds {amount}",
            tuple(dice.records[start:]),
        )
    ]


def _apply(state: Json, event: Event) -> Json:
    return {**state, "total": state["total"] + int(event.payload["amount"])}


def _load(data: Mapping[str, Any]) -> Json:
    return {"total": int(data["total"])}


COUNTER = GameSystem(
    key="counter",
    title="Counter",
    version=1,
    validate_sheet=dict,
    start=lambda setup: {"total": int(setup.get("start", 0))},
    legal_actions=lambda state, actor: [{"kind": "counter.add"}],
    resolve=_resolve,
    apply=_apply,
    view=lambda state, audience: dict(state),
    dump=dict,
    load=_load,
)


@pytest.fixture(scope="session")
def counter() -> GameSystem:
    return COUNTER
