"""Half-DEX actions in the passes: chamber-and-fire and a shotgun's second shot (DG-INIT-4)."""

from __future__ import annotations

import copy

import pytest
from dg_helpers import agent, c, encounter, gm, play

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction, SheetError
from rules.core.system import Action
from rules.delta_green import SYSTEM
from rules.delta_green.state import current_actor, half_dex_rank, pass_order

REVOLVER = {
    "key": "revolver",
    "name": "Revolver",
    "damage": "1d8",
    "rof": 2,
    "capacity": 6,
    "loaded": 5,
    "spare": 6,
    "reload": "loose",
    "action": "revolver",
    "handgun": True,
    "ready": True,
}
DOUBLE_BARREL = {
    "key": "coach",
    "name": "Coach gun",
    "skill": "shotgun",
    "damage": "4d6",
    "rof": 2,
    "capacity": 2,
    "action": "double",
    "two_handed": True,
    "ready": True,
}


def _three(shooter_weapon: dict[str, object]) -> dict[str, object]:
    """Shooter DEX 15 (d10 = 6: rank 21, half 14), mid DEX 12 (d10 = 6: 18), slow DEX 6 (12)."""
    state = encounter(
        agent("shooter", dex=15, weapons=[shooter_weapon], skills={"firearms": 50, "shotgun": 50}),
        agent("mid", side="cult", dex=12),
        agent("slow", side="cult", dex=6),
    )
    state, _ = gm(state, "start_round", [6, 6, 6])
    return state


def test_dg_init_4_half_dex_rank_is_half_dex_plus_the_same_die() -> None:
    """DG-INIT-4 test vector: DEX 15, d10 = 6: normal rank 21, a half-DEX action 8 + 6 = 14."""
    state = _three(REVOLVER)
    assert c(state, "shooter")["round"]["rank"] == 21
    assert half_dex_rank(c(state, "shooter")) == 14


def test_dg_init_4_chamber_and_fire_waits_for_those_ranked_above_half_dex() -> None:
    """COC-RELOAD-3, DG-INIT-4: at rank 21 the shooter may not chamber and fire before mid (18)."""
    state = _three(REVOLVER)
    before = copy.deepcopy(state)
    with pytest.raises(
        IllegalAction, match=r"half-DEX action at rank 14.*Mid act first.*DG-INIT-4"
    ):
        SYSTEM.resolve(
            state,
            Action("chamber_fire", "shooter", {"weapon": "revolver", "target": "slow"}),
            LoadedDice([]),
        )
    assert state == before
    state, events = play(state, "hold_half_dex", "shooter", [])
    assert events[0].kind == "turn.held"
    assert "rank 14" in events[0].text
    assert state["held"] == {"shooter": 14}
    # mid (18) acts first; the shooter (14) comes before slow (12)
    assert pass_order(state) == ["mid", "shooter", "slow"]
    assert current_actor(state) == "mid"
    state, _ = play(state, "pass", "mid", [])
    assert current_actor(state) == "shooter"
    state, events = play(state, "chamber_fire", "shooter", [90], weapon="revolver", target="slow")
    assert "chambers a round" in events[0].text
    assert state["held"] == {}  # the hold is used up by its action
    assert current_actor(state) == "slow"


def test_dg_init_4_no_hold_needed_when_nobody_ranks_between() -> None:
    """DG-INIT-4: with only slower combatants left, the half-DEX action is taken at once."""
    state = _three(REVOLVER)
    state, _ = gm(state, "next_pass", [])  # everyone may act again; mid still ranks 18 > 14
    with pytest.raises(IllegalAction, match="Mid act first"):
        SYSTEM.resolve(
            state,
            Action("chamber_fire", "shooter", {"weapon": "revolver", "target": "mid"}),
            LoadedDice([]),
        )
    solo = encounter(
        agent("shooter", dex=15, weapons=[REVOLVER]), agent("slow", side="cult", dex=6)
    )
    solo, _ = gm(solo, "start_round", [6, 6])
    with pytest.raises(IllegalAction, match="act now"):
        SYSTEM.resolve(solo, Action("hold_half_dex", "shooter"), LoadedDice([]))
    solo, events = play(solo, "chamber_fire", "shooter", [90], weapon="revolver", target="slow")
    assert events[0].payload["results"] == ["miss"]


def test_coc_shotgun_2_second_barrel_fires_at_half_dex() -> None:
    """COC-SHOTGUN-2, DG-INIT-4: the first barrel at full rank, the second waits for rank 14."""
    state = _three(DOUBLE_BARREL)
    state, _ = play(state, "fire", "shooter", [90], weapon="coach", target="slow")  # 1st barrel
    state, _ = play(state, "pass", "mid", [])
    state, _ = play(state, "pass", "slow", [])
    assert state["pass"] == 2
    assert current_actor(state) == "shooter"
    with pytest.raises(IllegalAction, match=r"second Coach gun shot.*DG-INIT-4"):
        SYSTEM.resolve(
            state, Action("fire", "shooter", {"weapon": "coach", "target": "slow"}), LoadedDice([])
        )
    state, _ = play(state, "hold_half_dex", "shooter", [])
    state, _ = play(state, "pass", "mid", [])
    state, events = play(state, "fire", "shooter", [90], weapon="coach", target="slow")
    assert events[0].payload["results"] == ["miss"]
    assert c(state, "shooter")["round"]["shots"]["coach"] == 2


def test_coc_silencer_3_no_silencer_on_a_shotgun() -> None:
    """COC-SILENCER-3: a silencer cannot be fitted to a shotgun or a machine gun."""
    with pytest.raises(SheetError, match="COC-SILENCER-3"):
        encounter(agent("a", weapons=[{**DOUBLE_BARREL, "silencer": True}]))


def test_dg_init_4_hold_is_offered_only_when_someone_ranks_between() -> None:
    """DG-INIT-4: the table offers the hold while a faster combatant is still to act."""
    state = _three(REVOLVER)
    kinds = [t.kind for t in SYSTEM.legal_actions(state, "shooter")]
    assert "hold_half_dex" in kinds
    state, _ = play(state, "hold_half_dex", "shooter", [])
    state, _ = play(state, "pass", "mid", [])
    assert "hold_half_dex" not in [t.kind for t in SYSTEM.legal_actions(state, "shooter")]
