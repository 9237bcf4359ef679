"""SCS-ENG-4: the GM renames a side in play; the new names ride on the state's overrides, so
the state folds from the log to them, and an illegal name changes nothing."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from scs_helpers import BLUE, game

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action, Audience
from rules.scs import SYSTEM
from rules.scs import state as scs_state


def rename(state: dict[str, Any], actor: str = "gm", **params: Any) -> dict[str, Any]:
    before = copy.deepcopy(state)
    events = SYSTEM.resolve(state, Action("side.rename", actor, params), LoadedDice([]))
    assert state == before, "resolve must not change the state it was given"
    assert [e.kind for e in events] == ["side.renamed"]
    for event in events:
        state = SYSTEM.apply(state, event)
    return state


def test_scs_eng_4_the_gm_renames_a_side_in_play() -> None:
    """SCS-ENG-4: Blue renamed mid-game reads "Wehrmacht" (国防军 in Chinese) in every view,
    the other side keeps its colour, and the state dumped and loaded keeps the names."""
    state = rename(game(), side="blue", name=" Wehrmacht ", name_zh="国防军")
    scn = scs_state.scenario_of(state)
    assert scn.side_labels == {"blue": {"en": "Wehrmacht", "zh-Hans": "国防军"}}
    assert scn.side_names == {"blue": "Wehrmacht", "red": "Red"}
    for audience in (Audience("gm"), BLUE):
        view = SYSTEM.view(state, audience)
        assert view["scenario"]["side_labels"]["blue"] == {"en": "Wehrmacht", "zh-Hans": "国防军"}
        assert view["actor_names"]["blue"] == "Wehrmacht"
    loaded = SYSTEM.load(SYSTEM.dump(state))
    assert scs_state.scenario_of(loaded).side_names["blue"] == "Wehrmacht"
    # a second rename keeps the first side's names and changes only the one named
    state = rename(state, side="red", name="Rote Armee")
    scn = scs_state.scenario_of(state)
    assert scn.side_labels == {
        "blue": {"en": "Wehrmacht", "zh-Hans": "国防军"},
        "red": {"en": "Rote Armee"},
    }


def test_scs_eng_4_the_rename_line_names_the_side_then_and_now() -> None:
    """SCS-ENG-4: the line keeps the old names apart (`then`) and names the side as now."""
    state = game()
    events = SYSTEM.resolve(
        state, Action("side.rename", "gm", {"side": "red", "name": "Reds"}), LoadedDice([])
    )
    [event] = events
    assert event.audience == "all"
    assert event.payload["side"] == "red"
    assert event.payload["names"] == {"en": "Reds"}
    assert event.text == "The game master renames Red: Reds from now on."


@pytest.mark.parametrize(
    ("params", "said"),
    [
        ({"side": "blue", "name": "   "}, "may not be empty"),
        ({"side": "blue", "name": "x" * 41}, "longer than 40 characters"),
        ({"side": "blue", "name": "Blue\x00team"}, "NUL"),
        ({"side": "blue", "name": "Blues", "name_zh": "蓝\x00"}, "NUL"),
        ({"side": "blue", "name": "Red"}, "has that name already"),
        ({"side": "green", "name": "Greens"}, "green"),
    ],
)
def test_scs_eng_4_an_illegal_name_is_refused(params: dict[str, Any], said: str) -> None:
    """SCS-ENG-4: an empty, too long or unshowable name, another side's name or no side at all
    is refused with the reason, and the state is as it was."""
    state = game()
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as refused:
        SYSTEM.resolve(state, Action("side.rename", "gm", params), LoadedDice([]))
    assert said in str(refused.value)
    assert state == before


def test_scs_eng_4_only_the_gm_renames() -> None:
    """SCS-ENG-4: a side may not rename itself (nor its enemy), and is offered no form."""
    with pytest.raises(IllegalAction):
        SYSTEM.resolve(
            game(), Action("side.rename", "blue", {"side": "blue", "name": "Us"}), LoadedDice([])
        )
    assert "side.rename" not in {t.kind for t in SYSTEM.legal_actions(game(), "blue")}
    offered = [t for t in SYSTEM.legal_actions(game(), "gm") if t.kind == "side.rename"]
    assert [t.fixed["side"] for t in offered] == ["blue", "red"]
