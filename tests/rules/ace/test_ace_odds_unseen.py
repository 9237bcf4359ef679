"""Ace's odds aimed by id at an enemy the asker's side has not noticed (ACE-STEALTH-1) answer
in the very words of an id nobody has, as the attack itself is refused; a noticed one has odds."""

from __future__ import annotations

from typing import Any

import pytest

from rules.ace import SYSTEM
from rules.core.errors import RulesError
from rules.core.system import Action

Json = dict[str, Any]


def _said(state: Json, kind: str, target: str) -> str:
    with pytest.raises(RulesError) as refused:
        SYSTEM.preview(state, Action(kind, "lin", {"target": target}))
    return str(refused.value).replace(target, "<id>")


@pytest.mark.parametrize("kind", ["attack", "charge"])
def test_odds_at_an_unnoticed_enemy_read_as_odds_at_no_one(kind: str) -> None:
    state: Json = SYSTEM.start(SYSTEM.demo())
    assert SYSTEM.preview(state, Action(kind, "lin", {"target": "hound"}))["outcomes"]
    state["combatants"]["hound"]["hidden"] = True
    assert _said(state, kind, "hound") == _said(state, kind, "nobody")
