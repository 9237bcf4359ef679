"""Armour, damage, HP, wound effects by location, bleeding (DG-ARM-*, DG-HP-*, DG-WOUND-*)."""

from __future__ import annotations

import pytest
from dg_helpers import AXE, KNIFE, M60, PISTOL, SMG, agent, c, encounter, gm, play
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.delta_green import SYSTEM
from rules.delta_green.combat import armour_for, defence_chance
from rules.delta_green.state import (
    cards_left,
    conditions,
    is_dead,
    is_helpless,
    is_unconscious,
    status,
)


def test_we_dg_05_twenty_four_damage_kills_fourteen_hp() -> None:
    """WE-DG-05 / DG-HP-3: 14 - 24 = -10 dead; 23 -> -9 unconscious."""
    state = encounter(agent("a", hp=14))
    dead, _ = gm(state, "gm_damage", [], target="a", amount=24, reason="test")
    assert is_dead(c(dead, "a"))
    assert status(c(dead, "a")) == "dead"
    alive, _ = gm(state, "gm_damage", [], target="a", amount=23, reason="test")
    assert not is_dead(c(alive, "a"))
    assert is_unconscious(c(alive, "a"))


def test_dg_hp_2_unconscious_at_two_awake_at_three() -> None:
    """DG-HP-2 (AMB-DG-22): 12 HP - 10 = 2: unconscious; healed to 3: awake."""
    state = encounter(agent("a", hp=12))
    state, _ = gm(state, "gm_damage", [], target="a", amount=10)
    assert is_unconscious(c(state, "a"))
    state, _ = gm(state, "gm_heal", [], target="a", amount=1)
    assert not is_unconscious(c(state, "a"))


@pytest.mark.parametrize(("before", "hit", "lost"), [(0, 9, 8), (3, 9, 5), (8, 6, 0)])
def test_we_dg_06_limb_cap_at_twice_its_hp(before: int, hit: int, lost: int) -> None:
    """DG-WOUND-6 / WE-DG-06: limb HP 4 holds at most 8 damage; the rest is lost."""
    state = encounter(agent("a", hp=16))  # arms 4
    if before:
        state, _ = gm(state, "gm_damage", [], target="a", amount=before, location="left_arm")
    hp = c(state, "a")["hp"]
    state, _ = gm(state, "gm_damage", [], target="a", amount=hit, location="left_arm")
    assert hp - c(state, "a")["hp"] == lost
    assert c(state, "a")["damage"]["left_arm"] == before + lost


def test_dg_wound_6_maimed_limb_incapacitates_and_costs_max_hp() -> None:
    """DG-WOUND-6, DG-HEAL-5: a limb at 2x is maimed; max HP drops by L."""
    state = encounter(agent("a", hp=16))
    state, _ = gm(state, "gm_damage", [], target="a", amount=9, location="left_arm")
    a = c(state, "a")
    assert "maimed:left_arm" in conditions(a)
    assert "incapacitated" in conditions(a)
    assert a["hp_max"] == 16  # the loss is counted when healing starts (DG-HEAL-5)


def test_dg_wound_6_severed_by_a_severing_weapon() -> None:
    state = encounter(agent("a", hp=16))
    state, _ = gm(state, "gm_damage", [], target="a", amount=9, location="left_arm", sever=True)
    assert "severed:left_arm" in conditions(c(state, "a"))


def test_dg_wound_2_leg_at_1x_falls_and_loses_the_round() -> None:
    """DG-WOUND-2: a pistol hit (d10 = 1: right leg, 1d10 = 4) on a 4-HP leg: leg disabled,
    prone, every face-up card turned down, and it cannot stand."""
    state = encounter(agent("a", dex=16), agent("b", hp=12))  # legs 4
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "fire", "a", [20, 1, 4], weapon="pistol", target="b")
    b = c(state, "b")
    assert b["prone"]
    assert "leg_disabled" in conditions(b)
    assert cards_left(b) == 0
    with pytest.raises(IllegalAction):
        SYSTEM.resolve(state, Action("stand", "b"), LoadedDice([]))


def test_dg_wound_4_arm_at_1x_drops_the_weapon_and_clears_ready() -> None:
    """DG-WOUND-4: a pistol hit (d10 = 8: right arm, 1d10 = 3) on a 3-HP arm: the pistol drops,
    b stays on its feet, and next round rolls the d6 (no ready firearm, DG-INIT-1)."""
    state = encounter(agent("a", dex=16), agent("b", hp=12))  # arms 3
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "fire", "a", [20, 8, 3], weapon="pistol", target="b")
    b = c(state, "b")
    assert b["in_hand"] is None
    assert not b["prone"]
    state, _ = gm(state, "end_round", [])
    state, _ = gm(state, "start_round", [5, 5])
    assert c(state, "b")["round"]["sides"] == 6  # DG-INIT-1: no ready firearm any more


def test_dg_wound_4_left_arm_keeps_a_one_handed_pistol_but_not_an_m60() -> None:
    """DG-WOUND-4: a disabled left arm keeps the one-handed pistol in hand but drops the
    two-handed M-60."""
    state = encounter(agent("a", hp=12), agent("b", hp=12, weapons=[dict(M60)]))
    state, _ = gm(state, "gm_damage", [], target="a", amount=3, location="left_arm")
    state, _ = gm(state, "gm_damage", [], target="b", amount=3, location="left_arm")
    assert c(state, "a")["in_hand"] == "pistol"
    assert c(state, "b")["in_hand"] is None


def test_dg_wound_5_head_at_1x_unconscious_and_bleeding() -> None:
    state = encounter(agent("a", hp=12))
    state, _ = gm(state, "gm_damage", [], target="a", amount=4, location="head")
    a = c(state, "a")
    assert is_unconscious(a)
    assert a["hp"] == 8
    assert a["bleeding"]["head"]["kind"] == "roll"


def test_dg_wound_7_head_at_2x_from_a_severing_weapon_is_death() -> None:
    """DG-WOUND-7: an axe blow of 2x to the head severs it."""
    state = encounter(agent("a", dex=16, weapons=[dict(AXE, ready=True)]), agent("b", hp=12))
    state, _ = gm(state, "start_round", [5, 1])
    state, _ = play(state, "melee", "a", [40, 10, 8], weapon="axe", target="b")
    b = c(state, "b")
    assert is_dead(b)
    assert "head" in b["severed"]
    assert b["hp"] == 2


def test_dg_wound_7_head_at_2x_from_a_bullet_bleeds_one_hp_a_round_automatically() -> None:
    state = encounter(agent("a", hp=20))  # head 7
    state, _ = gm(state, "start_round", [5])
    state, _ = gm(state, "gm_damage", [], target="a", amount=14, location="head")
    assert not is_dead(c(state, "a"))
    state, _ = gm(state, "end_round", [])
    assert c(state, "a")["hp"] == 6  # no loss in the wounding round
    state, _ = gm(state, "start_round", [])
    state, events = gm(state, "end_round", [])
    assert c(state, "a")["hp"] == 5
    assert "automatic" in events[0].text


def test_we_dg_07_abdomen_bleeding_unconscious_after_two_rounds() -> None:
    """WE-DG-07 / DG-WOUND-8/-9: abdomen 4 (as the seed gives it), 12 HP, 9 damage, CON fails."""
    state = encounter(agent("a", hp=12, location_hp={"chest": 4}))
    state, _ = gm(state, "start_round", [3])
    state, _ = gm(state, "gm_damage", [], target="a", amount=9, location="chest")
    a = c(state, "a")
    assert a["hp"] == 3
    assert is_helpless(a)
    state, events = gm(state, "end_round", [])
    assert c(state, "a")["hp"] == 3  # end of the wounding round: no check
    state, _ = gm(state, "start_round", [3])
    state, events = gm(state, "end_round", [61])  # CON 12 x5 = 60: fails
    assert c(state, "a")["hp"] == 2
    assert is_unconscious(c(state, "a"))
    assert "CON x5 d100 = 61 vs 60: bleeds" in events[0].text


def test_dg_wound_9_successful_con_roll_holds() -> None:
    state = encounter(agent("a", hp=12))
    state, _ = gm(state, "start_round", [3])
    state, _ = gm(state, "gm_damage", [], target="a", amount=5, location="chest")
    state, _ = gm(state, "end_round", [])
    state, _ = gm(state, "start_round", [3])
    state, _ = gm(state, "end_round", [60])
    assert c(state, "a")["hp"] == 7


def test_dg_wound_3_chest_at_1x_no_attacks_and_acting_costs_one_hp() -> None:
    """DG-WOUND-3: down with a chest wound: no attack; any action costs 1 HP at round end."""
    state = encounter(agent("a", hp=12), agent("b", dex=4))
    state, _ = gm(state, "start_round", [3, 1])
    state, _ = gm(state, "gm_damage", [], target="a", amount=5, location="chest")
    a = c(state, "a")
    assert a["prone"]
    assert cards_left(a) == 0
    state, _ = play(state, "pass", "b", [])
    state, _ = gm(state, "end_round", [])
    state, _ = gm(state, "start_round", [3, 1])
    with pytest.raises(IllegalAction, match="chest wound"):
        SYSTEM.resolve(
            state, Action("fire", "a", {"weapon": "pistol", "target": "b"}), LoadedDice([1])
        )
    with pytest.raises(IllegalAction, match="cannot move"):
        SYSTEM.resolve(state, Action("walk", "a", {"metres": 1}), LoadedDice([]))
    state, _ = play(state, "skill", "a", [10], skill="first_aid")
    state, _ = play(state, "pass", "b", [])
    state, events = gm(state, "end_round", [10])  # CON holds, but acting costs 1
    assert c(state, "a")["hp"] == 6
    assert "acted while down" in events[0].text


def test_dg_arm_2_vest_penalty_on_attacks_and_dodge() -> None:
    """DG-ARM-2: Level II vest: Handgun 50 -> 42; Dodge 30 -> 22."""
    state = encounter(agent("a", vest={"level": 2}), agent("b"))
    preview = SYSTEM.preview(state, Action("fire", "a", {"weapon": "pistol", "target": "b"}))
    assert preview["details"]["chance"] == 42
    assert defence_chance(state, c(state, "a"), c(state, "b"), "dodge") == 22


@pytest.mark.parametrize(("damage", "applied"), [(9, 1), (7, 0)])
def test_dg_arm_3_vest_reduces_chest_damage(damage: int, applied: int) -> None:
    """DG-ARM-3: Level II vest, 9 to the chest -> 1; 7 -> 0."""
    state = encounter(agent("a", dex=16), agent("b", vest={"level": 2}))
    state, _ = gm(state, "start_round", [10, 1])
    state, events = play(state, "fire", "a", [40, 5, damage], weapon="pistol", target="b")
    assert events[0].payload["hits"][0]["applied"] == applied


@pytest.mark.parametrize(("level", "ap"), [(1, 3), (2, 4), (3, 5), (4, 6)])
def test_dg_arm_4_half_ap_against_knives_and_fists(level: int, ap: int) -> None:
    """DG-ARM-4: knives and every unarmed attack meet rhu(AP/2): 3/4/5/6 for vests I-IV; a
    firearm's impale meets the full AP 6/8/10/12."""
    state = encounter(agent("b", vest={"level": level}))
    target = c(state, "b")
    assert armour_for(state, target, "chest", KNIFE | {"kind": "knife"}, False)[0] == ap
    fist = {"key": "fist", "kind": "unarmed"}
    assert armour_for(state, target, "chest", fist, False)[0] == ap
    full = {1: 6, 2: 8, 3: 10, 4: 12}[level]
    assert armour_for(state, target, "chest", {**PISTOL, "kind": "firearm"}, True)[0] == full


def test_dg_arm_5_a_melee_impale_goes_through_the_vest() -> None:
    state = encounter(agent("b", vest={"level": 3}))
    target = c(state, "b")
    assert armour_for(state, target, "chest", {"key": "knife", "kind": "knife"}, True)[0] == 0
    assert armour_for(state, target, "chest", {"key": "gun", "kind": "firearm"}, True)[0] == 10


def test_dg_arm_6_vest_covers_only_the_chest() -> None:
    state = encounter(agent("b", vest={"level": 3}))
    target = c(state, "b")
    for loc in ("head", "left_arm", "right_leg"):
        assert armour_for(state, target, loc, {"key": "gun", "kind": "firearm"}, False)[0] == 0


def test_dg_arm_6_without_hit_locations_the_vest_covers_every_hit() -> None:
    state = encounter(agent("b", vest={"level": 3}), hit_locations=False)
    target = c(state, "b")
    assert armour_for(state, target, "head", {"key": "gun", "kind": "firearm"}, False)[0] == 10
    assert armour_for(state, target, "head", {"key": "gun", "kind": "firearm"}, False, True)[0] == 0


def test_dg_arm_7_half_ap_against_area_effects() -> None:
    state = encounter(agent("b", vest={"level": 2}))
    weapon = {"key": "grenade", "kind": "firearm", "area": True}
    assert armour_for(state, c(state, "b"), "chest", weapon, False)[0] == 4


def test_dg_loc_5_creature_without_locations_takes_total_hp_only() -> None:
    state = encounter(agent("a", dex=16), agent("blob", hp=30, hit_locations=False))
    state, _ = gm(state, "start_round", [10, 1])
    state, _events = play(state, "fire", "a", [40, 9], weapon="pistol", target="blob")
    blob = c(state, "blob")
    assert blob["hp"] == 21
    assert all(v == 0 for v in blob["damage"].values())


def test_dg_loc_2_location_from_the_units_digit_option() -> None:
    """DG-LOC-2 (option on): attack roll 37 -> units 7 -> chest."""
    state = encounter(agent("a", dex=16), agent("b", hp=40), location_from_units_digit=True)
    state, _ = gm(state, "start_round", [10, 1])
    _, events = play(state, "fire", "a", [37, 3], weapon="pistol", target="b")
    assert events[0].payload["hits"][0]["location"] == "chest"
    _, events = play(state, "fire", "a", [40, 3], weapon="pistol", target="b")
    assert events[0].payload["hits"][0]["location"] == "head"


def test_dg_edge_7_dirty_fighting_adds_1d4_in_melee() -> None:
    """DG-EDGE-7: a punch 1d3 = 2 plus Dirty Fighting 1d4 = 3: 5 damage rolled."""
    state = encounter(agent("a", dex=16, edges=["dirty_fighting"]), agent("b", hp=40))
    state, _ = gm(state, "start_round", [5, 1])
    _, events = play(state, "melee", "a", [40, 5, 2, 3], weapon="fist", target="b")
    assert events[0].payload["hits"][0]["rolled"] == 5


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=30), min_size=1, max_size=8),
    st.sampled_from(["left_arm", "right_arm", "left_leg", "right_leg"]),
    st.integers(min_value=1, max_value=40),
)
def test_limb_damage_never_exceeds_twice_its_hp(hits: list[int], limb: str, hp: int) -> None:
    """DG-WOUND-6 property: a limb never holds more than 2L; total HP loses only what it holds."""
    state = encounter(agent("a", hp=hp))
    for amount in hits:
        state, _ = gm(state, "gm_damage", [], target="a", amount=amount, location=limb)
    a = c(state, "a")
    normal = a["loc_max"][limb]
    assert a["damage"][limb] <= 2 * normal
    assert hp - a["hp"] == a["damage"][limb]


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=0, max_value=30),
    st.sampled_from(["3", "4", "6", "8", "10", "12"]),
    st.integers(min_value=1, max_value=100),
)
def test_ammunition_never_goes_negative(loaded: int, mode: str, to_hit: int) -> None:
    """DG-AUTO-2 property: a burst fires what is left and no more."""
    state = encounter(agent("a", dex=18, weapons=[{**SMG, "loaded": loaded}]), agent("b", hp=999))
    state, _ = gm(state, "start_round", [10, 1])
    action = Action("burst", "a", {"weapon": "smg", "mode": mode, "target": "b"})
    if loaded == 0:
        with pytest.raises(IllegalAction, match="empty"):
            SYSTEM.resolve(state, action, LoadedDice([to_hit]))
        return
    dice = LoadedDice([to_hit] + [1] * 60)
    for event in SYSTEM.resolve(state, action, dice):
        state = SYSTEM.apply(state, event)
    left = c(state, "a")["weapons"]["smg"]["loaded"]
    assert left >= 0
    assert left in (loaded, max(0, loaded - int(mode)))
