"""A tiny game system for table-server tests: each actor bumps a shared counter by 1d6."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.dice import Dice
from rules.core.errors import IllegalAction, SheetError
from rules.core.kit import Message, setting, settings_schema
from rules.core.system import Action, Audience, Event, GameSystem, Json


def _start(setup: Mapping[str, Any]) -> Json:
    return {
        "total": 0,
        "step": int(setup.get("settings", {}).get("step", 0)),
        "combatants": [dict(c) for c in setup.get("combatants") or ()],
        "secret": "the vault code is 1234",
    }


def _resolve(state: Json, action: Action, dice: Dice) -> list[Event]:
    if action.kind != "bump":
        raise IllegalAction(f"no action {action.kind!r}")
    face = dice.roll(6, "bump d6")
    return [
        Event(
            "counter.bumped",
            {"by": face + state["step"]},
            f"{action.actor} bumps by {face}",
            tuple(dice.records),
        )
    ]


def _apply(state: Json, event: Event) -> Json:
    return {**state, "total": state["total"] + int(event.payload["by"])}


def _view(state: Json, audience: Audience) -> Json:
    shown = {k: v for k, v in state.items() if k != "secret"}
    if audience.role == "gm":
        shown["secret"] = state["secret"]
    return shown


def _validate(sheet: Mapping[str, Any]) -> Json:
    if not isinstance(sheet.get("hp"), int) or sheet["hp"] < 1:
        raise SheetError("hp", "must be a whole number of at least 1", "TEST-HP-1")
    return dict(sheet)


def _preview(state: Json, action: Action) -> Json:
    return {
        "summary": "1d6",
        "outcomes": [{"label": str(n), "probability": 1 / 6, "exact": "1/6"} for n in range(1, 7)],
        "details": {},
    }


BUMPING = Message("counter.group.bumping", "Bumping")


@dataclass(frozen=True)
class CounterSettings:
    """The counter's one setting, declared the kit's way."""

    step: int = setting("step", "Extra per bump", 0, "TEST-STEP-1", min=0, max=10, group=BUMPING())


SETTINGS = settings_schema(CounterSettings)

SYSTEM = GameSystem(
    key="counter",
    title="Counter",
    version=1,
    validate_sheet=_validate,
    start=_start,
    legal_actions=lambda state, actor: [{"kind": "bump", "label": "Bump"}],
    resolve=_resolve,
    apply=_apply,
    view=_view,
    dump=dict,
    load=dict,
    preview=_preview,
    actors=lambda state: [str(c["id"]) for c in state["combatants"]],
    settings_schema=SETTINGS,
    default_sheet={"hp": 5},
    demo=lambda: {
        "title": "Counting",
        "combatants": [
            {
                "id": "ann",
                "name": "Ann",
                "side": "blue",
                "controller": "player1",
                "sheet": {"hp": 3},
            },
            {"id": "bob", "name": "Bob", "side": "red", "controller": "gm", "sheet": {"hp": 4}},
        ],
    },
)
