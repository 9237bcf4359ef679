"""Rules the engine cites that no other test pinned down: one scripted test per rule (or per
closely related group), each citing its IDs."""

from __future__ import annotations

import pytest
from dg_helpers import KNIFE, agent, c, encounter, gm, play

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action, Audience
from rules.delta_green import SYSTEM
from rules.delta_green.state import cards_left, conditions

HOLSTERED = {"key": "pistol", "name": "Pistol", "damage": "1d10", "rof": 3, "capacity": 15}


def test_dg_hp_5_the_sheet_shows_total_hp_and_every_location_hp() -> None:
    """DG-HP-5: 12 HP (arms 3, chest 5); 2 damage to the left arm and 1 to the chest: a player's
    view shows total 9 of 12 and each location's current HP (left arm 1 of 3, chest 4 of 5)."""
    state = encounter(agent("a", hp=12))
    state, _ = gm(state, "gm_damage", [], target="a", amount=2, location="left_arm")
    state, _ = gm(state, "gm_damage", [], target="a", amount=1, location="chest")
    seen = SYSTEM.view(state, Audience("player", actors=frozenset({"a"})))["combatants"]["a"]
    assert (seen["hp"], seen["hp_max"]) == (9, 12)
    locations = {loc["key"]: (loc["hp"], loc["max"]) for loc in seen["derived"]["locations"]}
    assert locations["left_arm"] == (1, 3)
    assert locations["chest"] == (4, 5)
    assert locations["head"] == (4, 4)
    assert len(locations) == 6


def test_dg_wound_2_a_disabled_leg_crawls_one_metre_per_action() -> None:
    """DG-WOUND-2: 4 damage to the right leg (L 4): leg disabled and prone; next round it cannot
    stand or walk, but crawling costs one card and moves 1 m (`dg.crawl_m_per_action = 1`)."""
    state = encounter(agent("a", hp=12), agent("b", dex=4))
    state, _ = gm(state, "gm_damage", [], target="a", amount=4, location="right_leg")
    a = c(state, "a")
    assert a["prone"]
    assert "leg_disabled" in conditions(a)
    state, _ = gm(state, "start_round", [5, 1])
    assert cards_left(c(state, "a")) == 3
    with pytest.raises(IllegalAction, match="DG-WOUND-2"):
        SYSTEM.resolve(state, Action("walk", "a", {"metres": 1}), LoadedDice([]))
    with pytest.raises(IllegalAction, match="DG-WOUND-2"):
        SYSTEM.resolve(state, Action("stand", "a"), LoadedDice([]))
    state, events = play(state, "crawl", "a", [])
    assert events[0].kind == "move.crawled"
    assert c(state, "a")["round"]["moved_m"] == 1
    assert cards_left(c(state, "a")) == 2


def test_amb_dg_05_prices_of_drawing_a_melee_attack_and_first_aid() -> None:
    """AMB-DG-05 (DG-ACT-6): DEX 16 (4 cards): drawing costs 1 action, a melee attack 1, and
    First Aid all the actions left in the round (here the last 2)."""
    state = encounter(agent("a", dex=16, weapons=[HOLSTERED]), agent("b", dex=4, hp=40))
    state, _ = gm(state, "gm_damage", [], target="b", amount=2, location="left_leg")
    state, _ = gm(state, "start_round", [5, 1])
    assert cards_left(c(state, "a")) == 4
    state, _ = play(state, "draw", "a", [], weapon="pistol")
    assert cards_left(c(state, "a")) == 3
    state, _ = play(state, "pass", "b", [])
    state, _ = play(state, "melee", "a", [99], weapon="fist", target="b")
    assert cards_left(c(state, "a")) == 2
    state, _ = play(state, "first_aid", "a", [99], target="b", location="left_leg")
    assert cards_left(c(state, "a")) == 0
    assert c(state, "a")["round"]["spent"] == 4


@pytest.mark.parametrize(("confined", "result"), [(False, "parried"), (True, "hit")])
def test_amb_dg_36_close_quarters_lowers_the_opponents_parry(confined: bool, result: str) -> None:
    """AMB-DG-36 (DG-EDGE-4): a has Close Quarters Training. b parries a's punch with Fist 50;
    d100 = 45 parries in the open, but in a confined space b parries at 50 - 10 = 40 and fails."""
    state = encounter(agent("a", dex=16, edges=["close_quarters"]), agent("b"))
    state, _ = gm(state, "set_confined", [], value=confined)
    state, _ = gm(state, "start_round", [5, 1])
    state, _ = play(state, "declare_parry", "b", [], attacker="a")
    faces = [40, 45, 5, 2] if result == "hit" else [40, 45]
    _, events = play(state, "melee", "a", faces, weapon="fist", target="b")
    assert events[0].payload["results"] == [result]
    assert f"B parries: d100 = 45 vs {40 if confined else 50}" in events[0].text


@pytest.mark.parametrize(("confined", "result"), [(False, "dodged"), (True, "hit")])
def test_amb_dg_36_close_quarters_lowers_the_opponents_dodge(confined: bool, result: str) -> None:
    """AMB-DG-36 (DG-EDGE-4): b (Dodge 30) dodges a's punch: d100 = 25 dodges in the open; in a
    confined space b dodges at 30 - 10 = 20 against the agent with Close Quarters and is hit."""
    state = encounter(agent("a", dex=16, edges=["close_quarters"]), agent("b"))
    state, _ = gm(state, "set_confined", [], value=confined)
    state, _ = play(state, "set_dodge", "b", [])
    state, _ = gm(state, "start_round", [5, 1])
    faces = [40, 25, 5, 2] if result == "hit" else [40, 25]
    _, events = play(state, "melee", "a", faces, weapon="fist", target="b")
    assert events[0].payload["results"] == [result]


def test_amb_dg_38_pow_checks_are_marks_resolved_once_at_the_end_of_the_session() -> None:
    """AMB-DG-38 (DG-POW-1): by default (`dg.pow_gain_timing = "end_of_session"`) two contests
    below 95% in one session leave one mark and no roll; the GM's single POW gain roll (POW 16:
    25%, d100 = 20, 1d3 = 2: +1) clears it, and a second roll is refused."""
    state = encounter(agent("a", pow=16))
    state, events = gm(state, "magic_contest", [10], caster="a", active=16, passive=15)
    assert [e.kind for e in events] == ["resistance.rolled"]
    state, _ = gm(state, "magic_contest", [90], caster="a", active=16, passive=15)
    assert c(state, "a")["pow_check"] is True
    assert c(state, "a")["sheet"]["pow"] == 16
    state, events = gm(state, "pow_gain", [20, 2], target="a")
    assert events[0].payload["chance"] == 25
    assert c(state, "a")["sheet"]["pow"] == 17
    assert c(state, "a")["pow_check"] is False
    with pytest.raises(IllegalAction, match="DG-POW-1"):
        SYSTEM.resolve(state, Action("pow_gain", "gm", {"target": "a"}), LoadedDice([20, 2]))


def test_dg_heal_2_a_bleeding_wound_heals_only_once_stabilised() -> None:
    """DG-HEAL-2: 12 HP, 6 in the chest (L 5): bleeding. A week heals nothing (6 HP); once the
    chest is stabilised the next week heals 1d3 = 2: 8 HP, chest damage 4."""
    state = encounter(agent("a", hp=12))
    state, _ = gm(state, "gm_damage", [], target="a", amount=6, location="chest")
    assert "chest" in c(state, "a")["bleeding"]
    state, events = gm(state, "week_passes", [])
    assert c(state, "a")["hp"] == 6
    assert "DG-HEAL-2" in events[0].text
    state, _ = gm(state, "gm_condition", [], target="a", condition="stabilise", location="chest")
    assert c(state, "a")["bleeding"] == {}
    state, _ = gm(state, "week_passes", [2])
    assert c(state, "a")["hp"] == 8
    assert c(state, "a")["damage"]["chest"] == 4


@pytest.mark.parametrize(
    ("kind", "char"),
    [
        ("train_characteristic", "siz"),
        ("train_characteristic", "pow"),
        ("research", "int"),
        ("research", "siz"),
    ],
)
def test_dg_char_1_int_siz_and_pow_are_not_trained_or_researched(kind: str, char: str) -> None:
    """DG-CHAR-1: INT and SIZ change only by magic and POW only by POW gain rolls: neither a
    course nor research may raise them; STR may (SIZ 14: 1d3 = 3 takes STR 12 to 14)."""
    state = encounter(agent("a", siz=14))
    params = {"student": "a", "characteristic": char}
    with pytest.raises(IllegalAction, match="DG-CHAR-1"):
        SYSTEM.resolve(state, Action(kind, "gm", params), LoadedDice([61, 3]))
    state, _ = gm(state, "train_characteristic", [3], student="a", characteristic="str")
    assert c(state, "a")["sheet"]["str"] == 14


def test_dg_rsch_1_research_needs_no_instructor_for_a_skill_or_a_characteristic() -> None:
    """DG-RSCH-1 (DG-RSCH-4): self-teaching, no instructor named. Hide 32: d100 = 33 beats 32,
    1d6 = 5: +3 -> 35. DEX 12: target 60, d100 = 61, 1d3 = 3: +2 -> 14, a gain a PC may teach
    (DG-CTRAIN-2)."""
    state = encounter(agent("a", skills={"hide": 32}))
    state, events = gm(state, "research", [33, 5], student="a", skill="hide")
    assert events[0].payload["success"] is True
    assert c(state, "a")["sheet"]["skills"]["hide"] == 35
    state, _ = gm(state, "research", [61, 3], student="a", characteristic="dex")
    assert c(state, "a")["sheet"]["dex"] == 14
    assert c(state, "a")["gains"]["dex"] == 2


def test_dg_rsch_4_research_results_keep_the_training_limits() -> None:
    """DG-RSCH-4: a research gain obeys the training limits: Occult 73 + 1d6 = 6 (+4) stops at
    75 (DG-TRAIN-5); STR 13 with CON 12, SIZ 14 + 1d3 = 3 (+2) stops at 14 (DG-CTRAIN-4)."""
    state = encounter(agent("a", str=13, con=12, siz=14, skills={"occult": 73}))
    state, _ = gm(state, "research", [74, 6], student="a", skill="occult")
    assert c(state, "a")["sheet"]["skills"]["occult"] == 75
    state, events = gm(state, "research", [66, 3], student="a", characteristic="str")
    assert events[0].payload["success"] is True
    assert c(state, "a")["sheet"]["str"] == 14


def test_dg_ctrain_6_7_characteristic_course_hours_and_1d3_minus_1() -> None:
    """DG-CTRAIN-6/-7: an NPC course in STR 10 (CON 11, SIZ 14) takes 10 x 5 = 50 h; 1d3 = 3 adds
    3 - 1 = 2 -> STR 12."""
    state = encounter(agent("a", str=10, con=11, siz=14))
    state, events = gm(state, "train_characteristic", [3], student="a", characteristic="str")
    assert events[0].payload["hours"] == 50
    assert events[0].payload["gain"] == 2
    assert c(state, "a")["sheet"]["str"] == 12


def test_dg_edge_7_dirty_fighting_adds_its_1d4_once_on_an_impale() -> None:
    """DG-EDGE-7: a knife impales (d100 5 <= 10): 1d4+2 = 4+2, rolled again 3+2 (COC-IMPALE),
    plus Dirty Fighting's 1d4 = 2 added once: 13, and no fourth damage die is rolled."""
    knife = dict(KNIFE, ready=True)
    state = encounter(
        agent("a", dex=16, edges=["dirty_fighting"], weapons=[knife]), agent("b", hp=40)
    )
    state, _ = gm(state, "start_round", [5, 1])
    _, events = play(state, "melee", "a", [5, 6, 4, 3, 2], weapon="knife", target="b")
    hit = events[0].payload["hits"][0]
    assert hit["impale"] is True
    assert hit["rolled"] == 13
    assert "Dirty Fighting 1d4 = 2" in events[0].text
