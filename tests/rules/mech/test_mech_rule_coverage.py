"""Rules the engine plays that no other test covered in full: Disengage, Stabilize, reactions,
the turn economy, grapples ending by distance, cones, Shredded, immunity, structure dice."""

from __future__ import annotations

import pytest
from mech_helpers import encounter, mech, patch, play, sheet, sparring, texts, turn, u

from rules.core.errors import IllegalAction
from rules.mech import state as st

CONE = {
    "name": "Flame Fan",
    "size": "main",
    "kind": "ranged",
    "range": 3,
    "area": {"shape": "cone", "value": 3},
    "damage": "1d6",
    "type": "explosive",
}


def test_disengage_costs_two_ap_and_keeps_the_mech_unengaged_for_its_turn() -> None:
    """MECH-ACT-DISENGAGE: 2 AP; until the end of the turn the mech does not become Engaged, so
    passing a same-size hostile does not stop it (speed 6 from (0, 1) to (5, 1), past B at
    (4, 0)) and nothing reacts; at the end of its turn it is Engaged again."""
    fast = sheet(pilot={"agility": 4})
    state = encounter(mech("a", "A", 0, 1, fast), mech("b", "B", 4, 0), width=10, height=2)
    state = turn(state, "a")
    state, _ = play(state, "a", "disengage")
    assert u(state, "a")["turn"]["ap"] == 0
    state, events = play(state, "a", "move", x=5, y=1)
    assert (u(state, "a")["x"], u(state, "a")["y"]) == (5, 1)
    assert "opportunity" not in texts(events)
    assert not st.engaged(state, u(state, "a"))
    state, _ = play(state, "a", "end_turn")
    assert st.engaged(state, u(state, "a"))
    state = turn(state, "b")
    state, _ = play(state, "b", "end_turn")
    state = turn(state, "a")
    with pytest.raises(IllegalAction, match="costs 2 AP"):
        play(patch(state, "a", turn={**u(state, "a")["turn"], "ap": 1}), "a", "disengage")


def test_stabilize_clears_heat_and_exposed_and_one_own_condition_for_two_ap() -> None:
    """MECH-ACT-STABILIZE: option (a) clears all heat (5 -> 0) and Exposed; then it removes one
    condition not caused by its own systems (Slowed from a tech action); 2 AP (1 is refused)."""
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 10, 0, sparring()))
    state = turn(state, "a")
    conditions = {"exposed": {"source": "stress"}, "slowed": {"source": "tech"}}
    state = patch(state, "a", heat=5, conditions=conditions)
    poor = patch(state, "a", turn={**u(state, "a")["turn"], "ap": 1})
    with pytest.raises(IllegalAction, match="costs 2 AP"):
        play(poor, "a", "stabilize", primary="cool", secondary="condition", condition="slowed")
    state, _ = play(
        state, "a", "stabilize", primary="cool", secondary="condition", condition="slowed"
    )
    a = u(state, "a")
    assert (a["heat"], a["conditions"], a["turn"]["ap"]) == (0, {}, 0)


def _reactor() -> dict:
    """A (sparring) and C (sparring) of side A flank B (Mara, Breaker Maul, threat 1)."""
    return encounter(
        mech("a", "A", 5, 5, sparring()), mech("b", "B", 6, 5), mech("c", "A", 7, 5, sparring())
    )


def test_one_reaction_per_turn_any_number_per_round() -> None:
    """MECH-REACT-1: B has a prepared Lock On and its opportunity attack. In C's turn B's
    opportunity attack (maul: d20 12 hits, 1d6 2 + 3 = 5) is its reaction, so the prepared action
    is refused in that turn; in A's next turn B may react again. And in one round B reacts twice,
    in two turns: the opportunity attack in A's turn, the prepared Lock On in C's."""
    state = turn(_reactor(), "a")
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "b")
    state, _ = play(
        state, "b", "prepare", action="tech", option="lock_on", target="a", trigger="when moving"
    )
    state, _ = play(state, "b", "end_turn")
    state = turn(state, "c")
    state, events = play(state, "c", "move", [12, 2], x=10, y=5)
    assert "opportunity attack" in texts(events)
    assert u(state, "c")["hp"] == 10 - 5
    with pytest.raises(IllegalAction, match="already reacted this turn"):
        play(state, "b", "trigger_prepared")
    state, _ = play(state, "c", "end_turn")
    state = turn(state, "a")
    state, _ = play(state, "b", "trigger_prepared")
    assert "lock_on" in u(state, "a")["conditions"]
    # Twice in one round, in two different turns.
    state = turn(_reactor(), "a")
    state, events = play(state, "a", "move", [12, 2], x=2, y=5)
    assert "opportunity attack" in texts(events)
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "b")
    state, _ = play(
        state, "b", "prepare", action="tech", option="lock_on", target="c", trigger="when moving"
    )
    state, _ = play(state, "b", "end_turn")
    state = turn(state, "c")
    assert state["round"] == 1
    state, _ = play(state, "b", "trigger_prepared")
    assert "lock_on" in u(state, "c")["conditions"]


def test_actions_repeat_but_not_a_weapon_nor_overcharge_and_leftovers_are_lost() -> None:
    """MECH-AMB-09: two Boosts in one turn (1 AP each) are allowed; the next turn starts with 2
    AP and a move of 4 again (nothing carried over); Overcharge once (3 AP), not twice; the
    carbine attacks once (d20 1 misses), not twice."""
    state = encounter(mech("a", "A", 0, 0), mech("b", "B", 12, 5, sparring()))
    state = turn(state, "a")
    state, _ = play(state, "a", "boost", x=4, y=0)
    state, _ = play(state, "a", "boost", x=8, y=0)
    assert (u(state, "a")["x"], u(state, "a")["turn"]["ap"], u(state, "a")["turn"]["move"]) == (
        8,
        0,
        4,
    )
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "b")
    state, _ = play(state, "b", "end_turn")
    state = turn(state, "a")
    assert (u(state, "a")["turn"]["ap"], u(state, "a")["turn"]["move"]) == (2, 4)
    state, _ = play(state, "a", "overcharge")
    assert u(state, "a")["turn"]["ap"] == 3
    with pytest.raises(IllegalAction, match="already overcharged"):
        play(state, "a", "overcharge")
    state, _ = play(state, "a", "attack", [1], weapon="k12_carbine", target="b")
    with pytest.raises(IllegalAction, match="already attacked"):
        play(state, "a", "attack", [1], weapon="k12_carbine", target="b")
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "b")
    state, _ = play(state, "b", "end_turn")
    state = turn(state, "a")
    assert u(state, "a")["turn"]["ap"] == 2


def test_a_grapple_ends_when_a_knockback_parts_the_two() -> None:
    """MECH-ACT-GRAPPLE-2: A grapples T; A's ally C rams T (d20 10 + 1 >= 8) and knocks it back
    from (1, 5) to (2, 6), 2 squares from A: no longer adjacent, the grapple ends and T's
    Immobilized from it goes."""
    state = encounter(mech("a", "A", 0, 5), mech("t", "B", 1, 5, sparring()), mech("c", "A", 0, 4))
    state = turn(state, "a")
    state, _ = play(state, "a", "grapple", [15], target="t")
    assert state["grapples"]
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "t")
    state, _ = play(state, "t", "end_turn")
    state = turn(state, "c")
    state, events = play(state, "c", "ram", [10], target="t")
    assert (u(state, "t")["x"], u(state, "t")["y"]) == (2, 6)
    assert state["grapples"] == []
    assert "no longer adjacent" in texts(events)
    assert "immobilized" not in u(state, "t")["conditions"]


def test_a_cone_is_one_square_wide_at_the_edge_and_x_wide_at_x() -> None:
    """MECH-AMB-26: cone 3 from (2, 5) aimed east: (3, 5); (4, 4..6); (5, 4..6). Enemies at
    (4, 6) and (5, 4) are attacked (d20 15 each), one damage roll (1d6 = 2); those at (4, 3)
    (off the cone's side) and (6, 5) (beyond 3) are not."""
    state = encounter(
        mech("a", "A", 2, 5, sheet(mounts=[[CONE], [], []], systems=[])),
        mech("in1", "B", 4, 6, sparring()),
        mech("in2", "B", 5, 4, sparring()),
        mech("side", "B", 4, 3, sparring()),
        mech("far", "B", 6, 5, sparring()),
    )
    state = turn(state, "a")
    state, _ = play(state, "a", "attack", [15, 15, 2], weapon=0, x=9, y=5)
    hp = {uid: u(state, uid)["hp"] for uid in ("in1", "in2", "side", "far")}
    assert hp == {"in1": 8, "in2": 8, "side": 10, "far": 10}


@pytest.mark.parametrize(("shredded", "hp"), [(True, 10 - 5), (False, 10 - 2)])
def test_shredded_drops_armour_and_resistance_in_play(shredded: bool, hp: int) -> None:
    """MECH-COND-SHREDDED: Mara's carbine hits (d20 12) for 1d6 = 5 kinetic on a mech with
    armour 2 and kinetic resistance: Shredded it takes all 5; otherwise 5 - 2 = 3, halved: 2."""
    tough = sparring(frame={"key": "tough", "armour": 2}, resist=["kinetic"])
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 3, 0, tough))
    if shredded:
        state["units"]["t"]["conditions"]["shredded"] = {"source": "tech"}
    state = turn(state, "a")
    state, _ = play(state, "a", "attack", [12, 5], weapon="k12_carbine", target="t")
    assert u(state, "t")["hp"] == hp


def test_immunity_leaves_the_mech_wholly_unaffected() -> None:
    """MECH-IMMUNE-1: a mech immune to kinetic takes nothing from a carbine hit (d20 12, 1d6 = 5);
    one immune to burn hit by the Cinder Pod (d20 15, 1d3 = 2 explosive, 2 burn) takes the 2
    explosive only and has no burn marked, so no ENGINEERING check at its turn's end."""
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 3, 0, sparring(immune=["kinetic"])))
    state = turn(state, "a")
    state, _ = play(state, "a", "attack", [12, 5], weapon="k12_carbine", target="t")
    assert u(state, "t")["hp"] == 10
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 3, 0, sparring(immune=["burn"])))
    state = turn(state, "a")
    state, _ = play(state, "a", "attack", [15, 2], weapon="cinder_pod", x=3, y=0)
    assert (u(state, "t")["hp"], u(state, "t")["burn"]) == (8, 0)
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "t")
    state, _ = play(state, "t", "end_turn")  # no faces: no burn check is rolled
    assert u(state, "t")["hp"] == 8


@pytest.mark.parametrize(
    ("reading", "faces", "line"),
    [("marked", [6, 5, 6], "structure check 3d6"), ("one", [5], "structure check 1d6 = 5")],
)
def test_structure_check_dice_count_the_damage_marked(
    reading: str, faces: list[int], line: str
) -> None:
    """MECH-AMB-31: with 2 structure damage marked, the third point rolls 3d6 (lowest 5:
    glancing blow, Impaired); under the other reading only the new point's 1d6 is rolled."""
    settings = {} if reading == "marked" else {"check_dice": "one"}
    state = encounter(mech("t", "B", 5, 5), mech("x", "A", 15, 12, sparring()), **settings)
    state = patch(state, "t", structure=2, hp=1)
    state, events = play(state, "gm", "gm_damage", faces, target="t", amount=1)
    assert line in texts(events)
    assert u(state, "t")["structure"] == 1
    assert "impaired" in u(state, "t")["conditions"]
