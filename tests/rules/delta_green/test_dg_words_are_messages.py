"""Delta Green speaks in messages: refusals are dg.refuse.*, and logs stored before the lines were
messages (English text only) still load, replay and verify."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.core.dice import SeededDice, derive_seed
from rules.core.errors import RulesError, SheetError
from rules.core.fairness import verify_log
from rules.core.log import Entry, Log, fold, load_log, replay_matches
from rules.core.system import Action
from rules.delta_green import SYSTEM
from rules.delta_green.sheet import validate_sheet

SEED = "the pier's seed"


def _round_started() -> Any:
    state = SYSTEM.start(SYSTEM.demo())
    for event in SYSTEM.resolve(state, Action("start_round", "gm"), SeededDice(3)):
        state = SYSTEM.apply(state, event)
    return state


@pytest.mark.parametrize(
    ("action", "english"),
    [
        (Action("pass", "walsh"), "no round is under way; the GM starts the round"),
        (Action("fire", "nobody", {"weapon": "pistol"}), "there is no combatant 'nobody'"),
        (Action("next_pass", "gm"), None),
        (Action("gm_damage", "gm", {"target": "walsh", "amount": -1}), None),
        (
            Action("gm_heal", "gm", {"target": "walsh", "amount": 1, "location": "tail"}),
            "unknown location 'tail'",
        ),
        (Action("hazard", "gm", {"type": "meteor"}), None),
        (Action("gm_note", "gm", {"text": " "}), "write the note's text"),
        (
            Action("train_characteristic", "gm", {"student": "walsh", "characteristic": "luck"}),
            None,
        ),
        (Action("grant_edge", "gm", {"target": "walsh", "edge": "double_tap"}), None),
    ],
)
def test_a_refusal_is_a_dg_message_with_the_same_english(
    action: Action, english: str | None
) -> None:
    """A refusal carries a `dg.refuse.*` message, its English the error's."""
    with pytest.raises(RulesError) as refused:
        SYSTEM.resolve(SYSTEM.start(SYSTEM.demo()), action, SeededDice(0))
    assert refused.value.msg.id.startswith("dg.refuse."), refused.value.message
    assert refused.value.msg.english() == refused.value.message
    if english is not None:
        assert refused.value.message == english


def test_a_turn_refusal_names_whose_turn_it_is() -> None:
    """DG-INIT-2: out of turn, the refusal says whose turn it is, in a message."""
    state = _round_started()
    acting = state["order"][0]
    other = next(cid for cid in state["order"] if cid != acting)
    with pytest.raises(RulesError) as refused:
        SYSTEM.resolve(state, Action("pass", other), SeededDice(0))
    assert refused.value.msg.id == "dg.refuse.not_your_turn"
    name = state["combatants"][acting]["name"]
    assert refused.value.message.endswith(f"(it is {name}'s)")


def test_a_sheet_refusal_names_its_field_with_a_dg_problem() -> None:
    """DG-ARM-1: a sheet error's problem is a dg.sheet_problem.* message."""
    with pytest.raises(SheetError) as refused:
        validate_sheet({"vest": {"level": 3, "worn_hidden": True}})
    assert refused.value.problem.id == "dg.sheet_problem.not_hidden"
    assert refused.value.message == "vest.worn_hidden: a level 3 vest cannot be hidden"


ACTIONS = [
    Action("start_round", "gm"),
    Action("hazard", "gm", {"type": "fall", "target": "serge", "height_m": "9"}),
    Action("gm_damage", "gm", {"target": "walsh", "amount": "5", "area": "on"}),
    Action("set_light", "gm", {"light": "dim"}),
    Action("end_round", "gm"),
    Action("week_passes", "gm"),
]


def _played() -> list[Entry]:
    """The demo played the way the table server plays it: each entry its own dice stream."""
    setup = SYSTEM.demo()
    entries: list[Entry] = []
    for index, action in enumerate(ACTIONS, start=1):
        state = fold(SYSTEM, setup, entries)
        events = SYSTEM.resolve(state, action, SeededDice(derive_seed(SEED, index)))
        entries.append(Entry(index, action, tuple(events)))
    return entries


def _english_only_log(entries: list[Entry]) -> dict[str, Any]:
    """The log as an engine before the messages stored it: version 1, each event's text only."""
    data = Log("delta_green", SYSTEM.demo(), tuple(entries)).to_json()
    for entry in data["entries"]:
        for event in entry["events"]:
            event.pop("msg", None)
            event.pop("redacted_msg", None)
    data["log_version"] = 1
    return json.loads(json.dumps(data))


def test_a_log_stored_in_english_only_still_replays_and_verifies() -> None:
    """DG-GEN-3 / DG-ARM-8 / DG-HEAL-3: an old log (text, no msg) folds to the same state and
    verifies against its seed, the re-run's words matched word for word."""
    entries = _played()
    old = load_log(_english_only_log(entries))
    assert all(e.msg is None for entry in old.entries for e in entry.events)
    snapshot = SYSTEM.dump(fold(SYSTEM, SYSTEM.demo(), entries))
    assert replay_matches(SYSTEM, old.setup, old.entries, snapshot)
    report = verify_log(old, SEED)
    assert report.ok, report.reason
    assert report.checked == len(ACTIONS)


def test_an_old_log_whose_words_were_changed_fails_verification() -> None:
    """The English still counts in an old log: a reworded line is caught."""
    data = _english_only_log(_played())
    event = data["entries"][1]["events"][0]
    event["text"] = event["text"].replace("falls", "jumps")
    report = verify_log(load_log(data), SEED)
    assert not report.ok
    assert report.entry == 2
