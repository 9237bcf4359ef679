"""COC-CHECK-4 against a Keeper's creature, whose sheet is closed to the players
(rules/coc/view.py): an investigator's player who names a skill or characteristic for it is never
refused for what its sheet holds or lacks ("Cultist has no skill ..." told them it lacks it).
Lacking it, the creature opposes with nothing (0%); the Keeper still reads every number."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.coc import SYSTEM
from rules.core.dice import LoadedDice
from rules.core.errors import RulesError
from rules.core.system import Action, Audience, Event

Json = dict[str, Any]
WALSH = Audience("player", side="investigators", actors=frozenset({"walsh"}))


def _start() -> Json:
    return SYSTEM.start(SYSTEM.demo())  # type: ignore[misc]


def _opposed(state: Json, actor: str, faces: list[int], **params: Any) -> list[Event]:
    return SYSTEM.resolve(state, Action("opposed_check", actor, params), LoadedDice(faces))


def _read_by(events: list[Event], reader: Audience) -> list[tuple[str, str, str | None]]:
    """What a reader reads of the events: their kind and line (or the line shown instead)."""
    return [
        (e.kind, e.text if reader.can_see(e.audience) else "", e.redacted_text)
        for e in events
        if reader.can_see(e.audience) or e.redacted_text
    ]


@pytest.mark.parametrize("their_skill", ["Occult", "Cthulhu Mythos", "Credit Rating"])
def test_a_skill_the_creature_lacks_is_not_refused_to_a_player(their_skill: str) -> None:
    state = _start()
    assert "occult" not in state["combatants"]["cultist"]["sheet"]["skills"]
    events = _opposed(
        state, "walsh", [10, 90], skill="Spot Hidden", against="cultist", their_skill=their_skill
    )
    assert [e.payload["winner"] for e in events] == ["walsh"]  # 10 of 25% against nothing
    said = " ".join(text for _, text, _ in _read_by(events, WALSH))
    assert "Cultist" in said
    assert "%" not in said.split("against Cultist")[-1]  # no chance of the creature's


def test_the_players_answer_is_the_same_whether_the_creature_has_the_skill_or_not() -> None:
    """The same dice against a sheet with the skill at 0% and a sheet without it: the player
    reads the same lines."""
    state = _start()
    has_it = copy.deepcopy(state)
    has_it["combatants"]["cultist"]["sheet"]["skills"]["occult"] = 0
    params = {"skill": "Spot Hidden", "against": "cultist", "their_skill": "Occult"}
    lacking = _opposed(state, "walsh", [20, 50], **params)
    holding = _opposed(has_it, "walsh", [20, 50], **params)
    assert _read_by(lacking, WALSH) == _read_by(holding, WALSH)


def test_the_keeper_and_another_investigator_are_still_refused_a_missing_skill() -> None:
    """The Keeper knows the sheet, and an investigator's sheet is open to every player: a skill
    it lacks is refused as before."""
    state = _start()
    with pytest.raises(RulesError, match="has no skill or characteristic Occult"):
        _opposed(state, "gm", [20, 50], who="cultist", against="walsh", skill="Occult")
    with pytest.raises(RulesError, match=r"Mara .* has no skill or characteristic Occult"):
        _opposed(
            state, "walsh", [20, 50], skill="Spot Hidden", against="mara", their_skill="Occult"
        )
