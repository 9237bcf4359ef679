"""ACE-STEALTH-1 through the GM's tools (issue 30): a line that names an unnoticed enemy reads
only to its own side and the GM. Every GM tool offered with a target (and marking an item used)
is aimed at the unnoticed hound; no event a reincarnator's player or an observer may read names
it, in its line, its payload or its dice."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from ace_helpers import table

from rules.ace import SYSTEM
from rules.core.dice import SeededDice
from rules.core.errors import RulesError
from rules.core.system import OBSERVER, Action, Audience

PLAYER = Audience("player", side="reincarnators", actors=frozenset({"lin"}))


def hidden_hound() -> dict[str, Any]:
    state = copy.deepcopy(table())
    hound = state["combatants"]["hound"]
    hound["hidden"] = True
    hound["items"] = [
        *(hound.get("items") or []),
        copy.deepcopy(state["combatants"]["lin"]["items"][0]),
    ]
    return state


def aimed_at_the_hound(state: dict[str, Any]) -> list[Action]:
    actions = []
    for template in SYSTEM.legal_actions(state, "gm"):
        params: dict[str, Any] = dict(template.fixed)
        aimed = False
        for field in template.fields:
            values = [choice.value for choice in field.choices or ()]
            if field.name == "target" and "hound" in values:
                params["target"], aimed = "hound", True
            elif field.name == "item" and any(str(v).startswith("hound:") for v in values):
                params["item"] = next(v for v in values if str(v).startswith("hound:"))
                aimed = True
            elif field.default not in (None, ""):
                params[field.name] = field.default
            elif values:
                params[field.name] = values[0]
            elif field.type == "text":
                params[field.name] = "Ward"
        if aimed:
            actions.append(Action(template.kind, "gm", params))
    return actions


def test_every_gm_tool_aimed_at_the_hound_is_offered() -> None:
    kinds = {action.kind for action in aimed_at_the_hound(hidden_hound())}
    assert {"set_cover", "hp", "set_condition", "set_attribute", "item_used"} <= kinds


@pytest.mark.parametrize("reader", [PLAYER, OBSERVER], ids=["player", "observer"])
def test_no_line_a_reincarnator_reads_names_the_unnoticed_hound(reader: Audience) -> None:
    state = hidden_hound()
    leaks = []
    for n, action in enumerate(aimed_at_the_hound(state)):
        try:
            events = SYSTEM.resolve(state, action, SeededDice(1000 + n))
        except RulesError:
            continue
        for event in events:
            if not reader.can_see(event.audience):
                continue
            words = json.dumps([event.text, event.payload, event.dice], default=str).lower()
            if "hound" in words:
                leaks.append(f"{action.kind}: {event.kind} ({event.audience}): {event.text}")
    assert leaks == []


@pytest.mark.parametrize("item", ["lin:²", "lin:-1", "lin:9", "nobody:0", ""])
def test_an_item_that_is_not_there_is_refused_with_words(item: str) -> None:
    """A forged pick ("²" is a digit to Python, but no number to int()) is a refusal, not a crash
    that leaves the sender without an answer."""
    with pytest.raises(RulesError):
        SYSTEM.resolve(table(), Action("item_used", "gm", {"item": item}), SeededDice(1))
