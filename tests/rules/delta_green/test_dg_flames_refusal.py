"""COC-FIRE-5 in Delta Green: only Luck (the victim's own) or First Aid puts burning clothes out."""

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
