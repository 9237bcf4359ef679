"""Where Delta Green's copy of a shared rule read its seed differently from rules/brp: only Luck
(the victim's own) or First Aid puts burning clothes out (COC-FIRE-5); locating a hard-to-see
target is a skill roll in the scene's light (COC-CONCEAL-1, COC-DARK-1)."""

from __future__ import annotations

from typing import Any

import pytest
from dg_helpers import agent, c, encounter, gm, play

from rules.core.errors import IllegalAction


def _burning() -> dict[str, Any]:
    state = encounter(agent("a", dex=16, pow=12), agent("b", dex=4))
    state, _ = gm(state, "start_round", [5, 1])
    state, _ = gm(state, "gm_condition", [], target="a", condition="on_fire", on=True)
    return state


def test_coc_fire_5_another_skill_does_not_put_flames_out() -> None:
    """A Dodge roll once put the flames out like First Aid: the skill was never checked."""
    state = _burning()
    with pytest.raises(IllegalAction) as refused:
        play(state, "put_out", "a", [5], target="a", skill="dodge")
    assert "luck, first_aid" in refused.value.msg.english()
    assert c(state, "a")["on_fire"]


def test_coc_fire_5_first_aid_on_oneself_still_works() -> None:
    state, _ = play(_burning(), "put_out", "a", [5], target="a", skill="first_aid")
    assert not c(state, "a")["on_fire"]


def test_coc_conceal_1_locating_in_dim_light_is_halved() -> None:
    """Spot Hidden 40 in dim light is 20, as every other skill roll (the copy ignored light)."""
    state = encounter(agent("a", dex=14, skills={"spot_hidden": 40}), agent("b", side="cult"))
    state, _ = gm(state, "set_light", [], light="dim")
    state, _ = gm(state, "conceal", [], target="b")
    state, events = play(state, "locate", "a", [21], target="b")
    assert "vs 20" in events[0].text
    assert c(state, "b")["hidden_from"] == ["a"]
