"""Silencers wear out (COC-SILENCER-2) and halve the range only while they work (-1)."""

from __future__ import annotations

import pytest
from dg_helpers import PISTOL, SMG, agent, c, encounter, gm, play

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.delta_green import SYSTEM

SILENCED = {**PISTOL, "silencer": True}


def test_coc_silencer_2_fitting_rolls_d100_plus_10_for_the_gm_only() -> None:
    """COC-SILENCER-2 test vector: roll 37 -> life 47 shots; the line is the GM's."""
    state = encounter(agent("a", weapons=[SILENCED]))
    state, events = gm(state, "fit_silencer", [37], target="a", weapon="pistol")
    assert c(state, "a")["weapons"]["pistol"]["silencer_life"] == 47
    assert events[0].audience == "gm"
    assert "47 shots" in events[0].text
    with pytest.raises(IllegalAction, match="COC-SILENCER-2"):
        SYSTEM.resolve(
            encounter(agent("b")),
            Action("fit_silencer", "gm", {"target": "b", "weapon": "pistol"}),
            LoadedDice([]),
        )


def test_coc_silencer_2_each_shot_wears_it_and_high_power_twice() -> None:
    """COC-SILENCER-2: life 11 (d100 = 1); a shot takes 1, a high-power shot 2."""
    state = encounter(agent("a", weapons=[SILENCED]), agent("b", side="cult"))
    state, _ = gm(state, "fit_silencer", [1], target="a", weapon="pistol")
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "fire", "a", [90], weapon="pistol", target="b")
    assert c(state, "a")["weapons"]["pistol"]["silencer_life"] == 10
    magnum = encounter(
        agent("a", weapons=[{**PISTOL, "key": "magnum", "silencer": True, "high_power": True}]),
        agent("b", side="cult"),
    )
    magnum, _ = gm(magnum, "fit_silencer", [1], target="a", weapon="magnum")
    magnum, _ = gm(magnum, "start_round", [10, 1])
    magnum, _ = play(magnum, "fire", "a", [90], weapon="magnum", target="b")
    assert c(magnum, "a")["weapons"]["magnum"]["silencer_life"] == 9


def test_coc_silencer_2_a_worn_out_silencer_no_longer_halves_the_range() -> None:
    """COC-SILENCER-1/-2: a 6-round burst from an SMG with 3 shots of life left ruins it; then the
    base range 20 m is not halved any more (18 m: normal chance instead of x1/2)."""
    smg = {**SMG, "silencer": True}
    state = encounter(agent("a", weapons=[smg]), agent("b", side="cult"))
    state, _ = gm(state, "fit_silencer", [1], target="a", weapon="smg")
    state = {**state, "combatants": {**state["combatants"]}}
    slot = {**c(state, "a")["weapons"]["smg"], "silencer_life": 3}
    state["combatants"]["a"] = {**c(state, "a"), "weapons": {"smg": slot}}
    state, _ = gm(state, "start_round", [10, 1])
    before = SYSTEM.preview(
        state, Action("fire", "a", {"weapon": "smg", "target": "b", "distance_m": 18})
    )
    state, events = play(state, "burst", "a", [90], weapon="smg", mode="6", target="b")
    assert "silencer on MAC-10 is worn out" in events[0].text
    assert c(state, "a")["weapons"]["smg"]["silencer_ruined"] is True
    after = SYSTEM.preview(
        state, Action("fire", "a", {"weapon": "smg", "target": "b", "distance_m": 18})
    )
    assert before["details"]["chance"] == 25  # 50 x1/2: 18 m is beyond the silenced 10 m
    assert after["details"]["chance"] == 50
