"""Playing actions into a log: each entry rolls its own seeded dice, undo appends a revert."""

from __future__ import annotations

import pytest

from rules.core.dice import SeededDice, commitment, derive_seed
from rules.core.errors import RulesError
from rules.core.fairness import verify
from rules.core.log import fold, replay_matches
from rules.core.session import UNDO, play
from rules.core.system import Action, GameSystem
from rules.core.table import chat_action

ADD = Action("counter.add", "pip")


def test_play_builds_a_log_that_replays_and_verifies(counter: GameSystem) -> None:
    actions = [ADD, chat_action("pip", "/roll 1d20"), ADD, Action(UNDO, "gm"), ADD]
    log = play(counter, {"start": 5}, actions, "s")

    assert [e.index for e in log.entries] == [1, 2, 3, 4, 5]
    assert log.entries[3].action is None
    assert log.entries[3].events[0].payload == {"reverts": 3}
    first = SeededDice(derive_seed("s", 1)).roll(6, "amount d6")
    assert log.entries[0].events[0].payload["amount"] == first
    assert log.snapshot == fold(counter, log.setup, log.entries)
    assert replay_matches(counter, log.setup, log.entries, log.snapshot or {})
    assert (log.seed, log.commitment) == ("s", commitment("s"))
    assert verify(counter, log.setup, log.entries, "s", log.commitment).ok


def test_undo_of_a_chosen_entry(counter: GameSystem) -> None:
    log = play(counter, {}, [ADD, ADD, Action(UNDO, "gm", {"entry": "1"})], "s")
    assert log.entries[2].events[0].payload == {"reverts": 1}
    assert log.snapshot == {"total": log.entries[1].events[0].payload["amount"]}


def test_a_refused_action_names_its_place_in_the_list(counter: GameSystem) -> None:
    with pytest.raises(RulesError, match=r"action 2 \(counter\.jump\): no action counter\.jump"):
        play(counter, {}, [ADD, Action("counter.jump", "pip")], "s")
    with pytest.raises(RulesError, match=r"action 1 \(table\.undo\): there is nothing to undo"):
        play(counter, {}, [Action(UNDO, "gm")], "s")
    with pytest.raises(RulesError, match=r"action 1 \(table\.roll\): 10000 dice is too many"):
        play(counter, {}, [chat_action("pip", "/roll 10000d6")], "s")
