"""The digest's proposed defaults for its ambiguities, the d10 location table, the location
totals and a characteristic-limit example, each played with scripted dice.

An ambiguity whose default an older test already pins (the aimed-shot bands, the walking spray,
bullets of a burst, suppression against suppression, unconsciousness, maiming, edges, research)
is cited in that older test's docstring instead.
"""

from __future__ import annotations

import copy

import pytest
from dg_helpers import AXE, KNIFE, M60, PISTOL, SMG, agent, c, encounter, gm, play

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.delta_green import SYSTEM
from rules.delta_green.actions.shooting import burst_modes
from rules.delta_green.combat import defence_chance
from rules.delta_green.state import cards_left, conditions, current_actor, is_dead, is_unconscious


def _refused(state: dict, kind: str, actor: str, match: str, **params: object) -> None:
    """The action is refused with `match` in its reason, and the state is left as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match=match):
        SYSTEM.resolve(state, Action(kind, actor, params), LoadedDice([5, 5, 5]))
    assert state == before


@pytest.mark.parametrize(("carry_over", "dealt"), [(False, 3), (True, 5)])
def test_amb_dg_02_unused_cards_are_lost_at_the_end_of_the_round(
    carry_over: bool, dealt: int
) -> None:
    """AMB-DG-02 (DG-ACT-2): DEX 12 deals 3 cards; after one pass the GM ends the round with 2
    face up, and by default the next round deals 3 again. Only `dg.cards_carry_over` keeps the
    2 (3 + 2 = 5)."""
    state = encounter(agent("a"), agent("b", dex=4), cards_carry_over=carry_over)
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "pass", "a", [])
    assert cards_left(c(state, "a")) == 2
    state, _ = gm(state, "end_round", [])
    state, _ = gm(state, "start_round", [10, 1])
    assert c(state, "a")["round"]["cards"] == dealt
    assert cards_left(c(state, "a")) == dealt


def test_amb_dg_03_a_multi_card_activity_flips_its_cards_in_one_turn() -> None:
    """AMB-DG-03 (DG-ACT-4): DEX 14 (4 cards): a 10-round burst flips 3 cards at once and
    resolves in one turn; with 1 card left the 10-round burst costs too much and the long burst
    ("all actions") is refused because it is not the first action of the round."""
    state = encounter(agent("a", dex=14, weapons=[dict(SMG)]), agent("b", dex=4))
    state, _ = gm(state, "start_round", [10, 1])
    state, events = play(state, "burst", "a", [90], weapon="smg", mode="10", target="b")
    assert events[0].payload["cards"] == 3
    assert events[0].payload["results"] == ["miss"]  # 90 > 50 - 5
    assert cards_left(c(state, "a")) == 1
    assert current_actor(state) == "b"  # one turn, then the next combatant
    state, _ = play(state, "pass", "b", [])
    assert current_actor(state) == "a"
    _refused(state, "burst", "a", "costs 3 action", weapon="smg", mode="10", target="b")
    _refused(state, "burst", "a", "first action", weapon="smg", mode="20", target="b")


def test_amb_dg_04_one_parry_and_one_dodge_a_round_and_neither_costs_a_card() -> None:
    """AMB-DG-04 (DG-ACT-5): b parries a's first punch (d100 30 vs 50) and dodges the second
    (10 vs 30) without turning a card down; a second parry is refused, and the third punch
    meets neither (chest, 1d3 = 2)."""
    state = encounter(agent("a", dex=16), agent("b", dex=4))
    state, _ = play(state, "set_dodge", "b", [])
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "declare_parry", "b", [], attacker="a")
    state, events = play(state, "melee", "a", [20, 30], weapon="fist", target="b")
    assert events[0].payload["results"] == ["parried"]
    assert c(state, "b")["round"]["spent"] == 0
    _refused(state, "declare_parry", "b", "one parry per round", attacker="a")
    state, _ = play(state, "pass", "b", [])
    state, events = play(state, "melee", "a", [20, 10], weapon="fist", target="b")
    assert events[0].payload["results"] == ["dodged"]
    state, events = play(state, "melee", "a", [20, 5, 2], weapon="fist", target="b")
    assert events[0].payload["results"] == ["hit"]
    assert c(state, "b")["hp"] == 10
    assert c(state, "b")["round"]["spent"] == 1  # the pass only


def test_amb_dg_06_running_mid_round_penalises_later_rolls_only_and_once() -> None:
    """AMB-DG-06 (DG-MOVE-2): d100 45 hits at Firearms 50 before the run; after running the
    same 45 misses at 40; a second run in the round is refused."""
    state = encounter(agent("a", dex=14), agent("b", dex=4, hp=60))
    state, _ = gm(state, "start_round", [10, 1])
    state, before = play(state, "fire", "a", [45, 5, 3], weapon="pistol", target="b")
    assert (before[0].payload["chance"], before[0].payload["results"]) == (50, ["hit"])
    state, _ = play(state, "pass", "b", [])
    state, _ = play(state, "run", "a", [], metres=8)
    state, after = play(state, "fire", "a", [45], weapon="pistol", target="b")
    assert (after[0].payload["chance"], after[0].payload["results"]) == (40, ["miss"])
    _refused(state, "run", "a", "only once a round", metres=0)


def test_amb_dg_09_a_round_of_aiming_doubles_point_blank_and_base_range() -> None:
    """AMB-DG-09 (DG-AIM-1): a (DEX 12: point-blank 12 ft = 3.66 m) spends every card aiming.
    Next round, for the first shot: 5 m is point-blank (24 ft = 7.32 m): 50 x 2 = 100; 30 m is
    inside the doubled base range (40 m): 50. Once that shot is fired both are gone."""
    state = encounter(agent("a"), agent("b", dex=4, hp=60))
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "precision_aim", "a", [], target="b")
    assert cards_left(c(state, "a")) == 0
    assert c(state, "a")["aim"]["state"] == "aiming"
    state, _ = play(state, "pass", "b", [])
    state, _ = gm(state, "end_round", [])
    state, _ = gm(state, "start_round", [10, 1])

    def chance(metres: int) -> int:
        action = Action("fire", "a", {"weapon": "pistol", "target": "b", "distance_m": metres})
        return int(SYSTEM.preview(state, action)["details"]["chance"])

    assert (chance(5), chance(30)) == (100, 50)
    state, events = play(state, "fire", "a", [90, 5, 3], weapon="pistol", target="b", distance_m=5)
    assert (events[0].payload["chance"], events[0].payload["results"]) == (100, ["hit"])
    assert (chance(5), chance(30)) == (50, 25)


def test_amb_dg_14_which_weapons_burst_is_read_from_their_flags() -> None:
    """AMB-DG-14 (DG-AUTO-6): a pistol (no `auto`) never bursts; an `auto` SMG fires every mode
    up to 20 rounds, or up to its `max_burst` (8 here: the 10-round burst is refused, the
    8-round one fires); only a `sustained_fire` M-60 has the 100-round spray."""

    def modes(weapon: dict) -> list[str]:
        sheet = SYSTEM.validate_sheet({**SYSTEM.default_sheet, "weapons": [weapon]})
        return burst_modes({}, sheet["weapons"][0])

    assert modes(dict(PISTOL)) == []
    unlimited = {key: value for key, value in SMG.items() if key != "max_burst"}
    assert modes(unlimited) == ["3", "4", "6", "8", "10", "12", "20"]
    assert modes({**SMG, "max_burst": 8}) == ["3", "4", "6", "8"]
    assert modes(dict(M60)) == ["3", "4", "6", "8", "10", "12", "20", "100"]
    state = encounter(agent("a", dex=16, weapons=[{**SMG, "max_burst": 8}]), agent("b", hp=60))
    state, _ = gm(state, "start_round", [10, 1])
    _refused(state, "burst", "a", "cannot fire a 10-round", weapon="smg", mode="10", target="b")
    state, events = play(state, "burst", "a", [40, 1, 5, 3], weapon="smg", mode="8", target="b")
    assert (events[0].payload["chance"], events[0].payload["results"]) == (50, ["hit"])
    assert c(state, "a")["weapons"]["smg"]["loaded"] == 22


def test_amb_dg_17_a_target_hit_by_suppressive_fire_takes_one_bullet() -> None:
    """AMB-DG-17 (DG-SUPP-2): 10 rounds, S 50, X 10: d100 20 beats b's 40 (no impale, <= 8
    would); b takes one bullet (chest, 1d10 = 7), not one per round fired."""
    state = encounter(agent("a", weapons=[dict(SMG)]), agent("b", dex=4))
    state, _ = gm(state, "start_round", [10, 1])
    state, events = play(
        state, "suppress", "a", [20, 5, 7], weapon="smg", x=10, rounds=10, targets="b"
    )
    assert events[0].payload["results"] == {"b": "hit"}
    assert [(h["location"], h["applied"]) for h in events[0].payload["hits"]] == [("chest", 7)]
    assert c(state, "b")["hp"] == 5
    assert c(state, "a")["weapons"]["smg"]["loaded"] == 20


@pytest.mark.parametrize(
    ("weapon", "kind", "faces", "armour", "applied"),
    [
        (dict(KNIFE, ready=True), "melee", [5, 5, 4, 4], 0, 12),  # impale: 6 + 6 through
        (dict(KNIFE, ready=True), "melee", [40, 5, 4], 5, 1),  # 6 - half of 10
        (dict(PISTOL), "fire", [5, 5, 8, 8], 10, 6),  # a firearm impale: 16 - 10
    ],
)
def test_amb_dg_20_only_a_melee_impale_stabs_through_the_vest(
    weapon: dict, kind: str, faces: list[int], armour: int, applied: int
) -> None:
    """AMB-DG-20 (DG-ARM-5): against a Level III vest (AP 10) a knife that impales (d100 5 <=
    10) ignores the vest; a knife that only hits meets half AP (5); a pistol impale meets the
    full 10."""
    state = encounter(agent("a", dex=16, weapons=[weapon]), agent("b", hp=30, vest={"level": 3}))
    state, _ = gm(state, "start_round", [1, 1])  # a d6 with the knife, a d10 with the pistol
    state, events = play(state, kind, "a", faces, weapon=weapon["key"], target="b")
    hit = events[0].payload["hits"][0]
    assert (hit["location"], hit["armour"], hit["applied"]) == ("chest", armour, applied)


def test_amb_dg_21_area_effects_meet_half_ap_and_nothing_wears_the_vest() -> None:
    """AMB-DG-21 (DG-ARM-7): two SMG bullets of 10 in the chest each meet the Level II vest's 8
    (2 + 2); a blast of 10 meets half AP (4): 6; after all that a third bullet of 10 still
    meets 8."""
    state = encounter(agent("a", dex=16, weapons=[dict(SMG)]), agent("b", hp=30, vest=2, dex=4))
    state, _ = gm(state, "start_round", [10, 1])
    state, events = play(
        state, "burst", "a", [40, 2, 5, 10, 5, 10], weapon="smg", mode="3", target="b"
    )
    assert [(h["armour"], h["applied"]) for h in events[0].payload["hits"]] == [(8, 2), (8, 2)]
    state, _ = gm(state, "gm_damage", [], target="b", amount=10, area=True, reason="grenade")
    assert c(state, "b")["hp"] == 30 - 4 - 6
    state, _ = play(state, "pass", "b", [])
    state, events = play(state, "fire", "a", [40, 5, 10], weapon="smg", target="b")
    assert [(h["armour"], h["applied"]) for h in events[0].payload["hits"]] == [(8, 2)]


def test_amb_dg_27_only_weapons_tagged_can_sever_take_the_head() -> None:
    """AMB-DG-27 (DG-WOUND-7): 12 HP (head 4): an axe (`can_sever`) blow of 8 + 2 to the head
    (2x) severs it; a pistol's 8 to the head (2x) leaves the agent alive and bleeding 1 HP a
    round. With `dg.decapitation_tags = ["sword"]` the axe no longer severs."""
    axe = agent("a", dex=16, weapons=[dict(AXE, ready=True), dict(PISTOL, ready=False)])
    gunman = agent("a", dex=16)
    state = encounter(axe, agent("b"))
    state, _ = gm(state, "start_round", [1, 1])
    chopped, _ = play(state, "melee", "a", [40, 10, 8], weapon="axe", target="b")
    assert is_dead(c(chopped, "b"))
    assert c(chopped, "b")["severed"] == ["head"]
    state = encounter(gunman, agent("b"))
    state, _ = gm(state, "start_round", [10, 1])
    shot, _ = play(state, "fire", "a", [40, 10, 8], weapon="pistol", target="b")
    assert not is_dead(c(shot, "b"))
    assert c(shot, "b")["severed"] == []
    assert c(shot, "b")["bleeding"]["head"]["kind"] == "auto"
    state = encounter(axe, agent("b"), decapitation_tags=["sword"])
    state, _ = gm(state, "start_round", [1, 1])
    chopped, _ = play(state, "melee", "a", [40, 10, 8], weapon="axe", target="b")
    assert not is_dead(c(chopped, "b"))


def test_amb_dg_28_bleeding_stops_above_zero_location_hp_or_with_treatment() -> None:
    """AMB-DG-28 (DG-WOUND-9): 12 HP, chest 5. 5 in the chest bleeds; healing 1 brings the
    location to 1 HP and stops it. Another 2 bleed again; a failed First Aid (51 vs 50) leaves
    it bleeding; a successful Medicine (50 vs 50) stabilises it."""
    state = encounter(agent("doc"), agent("b"))
    state, _ = gm(state, "gm_damage", [], target="b", amount=5, location="chest")
    assert "chest" in c(state, "b")["bleeding"]
    state, _ = gm(state, "gm_heal", [], target="b", amount=1, location="chest")
    assert c(state, "b")["damage"]["chest"] == 4
    assert c(state, "b")["bleeding"] == {}
    state, _ = gm(state, "gm_damage", [], target="b", amount=2, location="chest")
    assert "chest" in c(state, "b")["bleeding"]
    state, _ = gm(state, "gm_treat", [51], healer="doc", target="b", location="chest")
    assert "chest" in c(state, "b")["bleeding"]
    state, _ = gm(
        state, "gm_treat", [50], healer="doc", target="b", location="chest", skill="medicine"
    )
    assert c(state, "b")["bleeding"] == {}
    assert c(state, "b")["damage"]["chest"] == 6  # Medicine stops it; it heals nothing


def test_amb_dg_29_fighting_from_the_ground() -> None:
    """AMB-DG-29 (DG-WOUND-10): b is prone. a shoots from 10 m at 50 - 20 = 30 (d100 30 hits);
    b's Dodge is 30 - 20 = 10 (11 fails); b's punch is at 50 - 20 = 30 (31 misses); b may not
    walk, but crawls 1 m for a card. At 5 m there is no penalty."""
    state = encounter(agent("a", dex=16), agent("b", dex=10, hp=30))
    state, _ = gm(state, "gm_condition", [], target="b", condition="prone", on=True)
    state, _ = play(state, "set_dodge", "b", [])
    state, _ = gm(state, "start_round", [10, 1])
    assert defence_chance(state, c(state, "b"), c(state, "a"), "dodge") == 10
    five = Action("fire", "a", {"weapon": "pistol", "target": "b", "distance_m": 5})
    assert SYSTEM.preview(state, five)["details"]["chance"] == 50
    state, events = play(
        state, "fire", "a", [30, 11, 5, 3], weapon="pistol", target="b", distance_m=10
    )
    assert (events[0].payload["chance"], events[0].payload["results"]) == (30, ["hit"])
    state, events = play(state, "melee", "b", [31], weapon="fist", target="a")
    assert (events[0].payload["chance"], events[0].payload["results"]) == (30, ["miss"])
    state, _ = play(state, "pass", "a", [])
    _refused(state, "walk", "b", "stand up first", metres=1)
    state, _ = play(state, "crawl", "b", [])
    assert c(state, "b")["round"]["moved_m"] == 1
    assert c(state, "b")["prone"]


def test_amb_dg_30_a_2x_wound_waits_for_surgery_a_1x_wound_heals() -> None:
    """AMB-DG-30 (DG-HEAL-1): 12 HP, chest 5, both stabilised. a's 6 (1x) heals 1d3 = 2 in a
    week; b's 10 (2x) does not until Medicine (50 vs 50) operates, then heals 2 the next week.
    Total HP heals either way."""
    state = encounter(agent("doc"), agent("a"), agent("b"))
    for cid, amount in (("a", 6), ("b", 10)):
        state, _ = gm(state, "gm_damage", [], target=cid, amount=amount, location="chest")
        state, _ = gm(
            state, "gm_condition", [], target=cid, condition="stabilise", location="chest"
        )
    state, events = gm(state, "week_passes", [2, 2])
    assert (c(state, "a")["damage"]["chest"], c(state, "b")["damage"]["chest"]) == (4, 10)
    assert (c(state, "a")["hp"], c(state, "b")["hp"]) == (8, 4)
    assert "B: chest/abdomen needs surgery" in events[0].text
    state, _ = gm(
        state, "gm_treat", [50], healer="doc", target="b", location="chest", skill="medicine"
    )
    state, _ = gm(state, "week_passes", [2, 2])
    assert (c(state, "a")["damage"]["chest"], c(state, "b")["damage"]["chest"]) == (2, 8)


def test_amb_dg_31_a_week_heals_one_1d3_to_total_and_each_damaged_location() -> None:
    """AMB-DG-31 (DG-HEAL-3): 12 HP, 3 on the right leg and 2 on the left arm (7 HP left); one
    1d3 = 2 heals total HP to 9, the leg to 1 and the arm to 0."""
    state = encounter(agent("a"))
    state, _ = gm(state, "gm_damage", [], target="a", amount=3, location="right_leg")
    state, _ = gm(state, "gm_damage", [], target="a", amount=2, location="left_arm")
    state, events = gm(state, "week_passes", [2])
    assert [(r.sides, r.value) for r in events[0].dice] == [(3, 2)]
    a = c(state, "a")
    assert a["hp"] == 9
    assert (a["damage"]["right_leg"], a["damage"]["left_arm"]) == (1, 0)


def test_amb_dg_34_double_tap_costs_20_points_and_20_on_each_shot() -> None:
    """AMB-DG-34 (DG-EDGE-1): the GM grants Double Tap for 20 of a's 30 skill points; at 2 m
    (point-blank) each of the two shots is at (50 - 20) x 2 = 60: 60 hits, 61 misses; one card."""
    state = encounter(agent("a", skill_points=30), agent("b", hp=60))
    state, _ = gm(state, "grant_edge", [], target="a", edge="double_tap", pay="on")
    assert c(state, "a")["sheet"]["skill_points"] == 10
    state, _ = gm(state, "start_round", [10, 1])
    state, events = play(
        state,
        "fire",
        "a",
        [60, 5, 3, 61],
        weapon="pistol",
        target="b",
        double_tap=True,
        distance_m=2,
    )
    assert events[0].payload["chance"] == 60
    assert events[0].payload["results"] == ["hit", "miss"]
    assert c(state, "a")["round"]["spent"] == 1


def test_amb_dg_37_the_75_percent_limit_holds_for_knowledge_skills_too() -> None:
    """AMB-DG-37 (DG-TRAIN-5): Occult 74 trained (1d6 = 6: +4) stops at 75; a further course
    and research in Library Use at 75 are refused."""
    state = encounter(agent("a", skills={"occult": 74, "library_use": 75}))
    state, _ = gm(state, "train_skill", [6], student="a", skill="occult", instructor_skill=90)
    assert c(state, "a")["sheet"]["skills"]["occult"] == 75
    _refused(
        state, "train_skill", "gm", "above 75", student="a", skill="occult", instructor_skill=90
    )
    _refused(state, "research", "gm", "above 75", student="a", skill="library_use")


def test_amb_dg_39_the_dex_limit_counts_from_dex_before_training() -> None:
    """AMB-DG-39 (DG-CTRAIN-5): DEX 22 trained up from 15: the limit is 15 + rhu(7.5) = 23, not
    22 + 11; 1d3 = 3 (+2) gives only +1."""
    state = encounter(agent("a", dex=22, dex_base=15))
    state, events = gm(state, "train_characteristic", [3], student="a", characteristic="dex")
    assert events[0].payload["gain"] == 1
    assert c(state, "a")["sheet"]["dex"] == 23
    _refused(
        state, "train_characteristic", "gm", "at its limit 23", student="a", characteristic="dex"
    )


def test_dg_loc_4_death_reads_total_hp_not_the_locations() -> None:
    """DG-LOC-4: 14 HP: the locations hold 5 + 5 + 6 + 4 + 4 + 5 = 29. 23 damage spread so no
    location reaches 1x leaves -9: unconscious, no wound effect; 1 more, to no location, kills."""
    state = encounter(agent("a", hp=14))
    assert sum(c(state, "a")["loc_max"].values()) == 29
    spread = {"right_leg": 4, "left_leg": 4, "chest": 5, "right_arm": 3, "left_arm": 3, "head": 4}
    for loc, amount in spread.items():
        state, _ = gm(state, "gm_damage", [], target="a", amount=amount, location=loc)
    a = c(state, "a")
    assert a["hp"] == -9
    assert conditions(a) == ["unconscious"]
    assert is_unconscious(a)
    assert not is_dead(a)
    state, _ = gm(state, "gm_damage", [], target="a", amount=1)
    assert is_dead(c(state, "a"))


@pytest.mark.parametrize(
    ("face", "location"),
    [
        (1, "right_leg"),
        (2, "right_leg"),
        (3, "left_leg"),
        (4, "left_leg"),
        (5, "chest"),
        (6, "chest"),
        (7, "chest"),
        (8, "right_arm"),
        (9, "left_arm"),
        (10, "head"),
    ],
)
def test_dg_loc_table_each_d10_face_hits_its_location(face: int, location: str) -> None:
    """DG-LOC-TABLE (DG-LOC-1, AMB-DG-23): a hit's d10 reads 1-2 right leg, 3-4 left leg, 5-7
    chest/abdomen, 8 right arm, 9 left arm, 10 head."""
    state = encounter(agent("a", dex=16), agent("b", hp=60))
    state, _ = gm(state, "start_round", [10, 1])
    _, events = play(state, "fire", "a", [40, face, 1], weapon="pistol", target="b")
    assert [r.sides for r in events[0].dice] == [100, 10, 10]
    assert events[0].payload["hits"][0]["location"] == location


def test_we_dg_16_siz_14_caps_trained_str_and_con_at_14() -> None:
    """WE-DG-16 (DG-CTRAIN-4): STR 13, CON 12, SIZ 14 (the highest): 1d3 = 3 (+2) raises STR
    only to 14 and CON to 14; STR may then not be trained at all."""
    state = encounter(agent("a", str=13, con=12, siz=14))
    state, events = gm(state, "train_characteristic", [3], student="a", characteristic="str")
    assert (events[0].payload["gain"], c(state, "a")["sheet"]["str"]) == (1, 14)
    state, events = gm(state, "train_characteristic", [3], student="a", characteristic="con")
    assert (events[0].payload["gain"], c(state, "a")["sheet"]["con"]) == (2, 14)
    _refused(
        state, "train_characteristic", "gm", "at its limit 14", student="a", characteristic="str"
    )
