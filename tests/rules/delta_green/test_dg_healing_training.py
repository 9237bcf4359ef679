"""Healing, First Aid, surgery, training, characteristics, research, POW (DG-HEAL-*, DG-TRAIN-*)."""

from __future__ import annotations

import copy

import pytest
from dg_helpers import agent, c, encounter, gm, play

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.delta_green import SYSTEM
from rules.delta_green.gm_training import char_limit


def _wounded(amount: int, location: str, hp: int = 12) -> dict:
    state = encounter(agent("medic", dex=16), agent("hurt", hp=hp, dex=4))
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = gm(state, "gm_damage", [], target="hurt", amount=amount, location=location)
    return state


def test_dg_heal_4_first_aid_heals_1d3_and_stops_bleeding_once_per_wound() -> None:
    """DG-HEAL-4: takes the rest of the round; success: 1d3 (at most the wound), stabilised."""
    state = _wounded(6, "chest")
    assert "chest" in c(state, "hurt")["bleeding"]
    state, events = play(state, "first_aid", "medic", [50, 3], target="hurt", location="chest")
    hurt = c(state, "hurt")
    assert hurt["hp"] == 9
    assert hurt["damage"]["chest"] == 3
    assert hurt["bleeding"] == {}
    assert c(state, "medic")["round"]["spent"] == 4
    assert "First Aid 1d3 = 3: +3 HP" in events[0].text
    state, _ = gm(state, "end_round", [])
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="once per wound"):
        SYSTEM.resolve(
            state,
            Action("gm_treat", "gm", {"healer": "medic", "target": "hurt", "location": "chest"}),
            LoadedDice([1, 1]),
        )
    assert state == before


def test_dg_heal_4_first_aid_never_heals_more_than_the_wound() -> None:
    state = _wounded(1, "right_leg")
    state, _ = play(state, "first_aid", "medic", [10, 3], target="hurt", location="right_leg")
    assert c(state, "hurt")["hp"] == 12


def test_dg_heal_4_failed_first_aid_heals_nothing() -> None:
    state = _wounded(6, "chest")
    state, _events = play(state, "first_aid", "medic", [51], target="hurt", location="chest")
    assert c(state, "hurt")["hp"] == 6
    assert "chest" in c(state, "hurt")["bleeding"]


def test_dg_heal_3_weekly_healing_1d3_to_total_and_each_location() -> None:
    state = encounter(agent("a", hp=12))
    state, _ = gm(state, "gm_damage", [], target="a", amount=2, location="right_leg")
    state, _ = gm(state, "gm_damage", [], target="a", amount=2, location="left_arm")
    state, _events = gm(state, "week_passes", [3])
    a = c(state, "a")
    assert a["hp"] == 11
    assert a["damage"]["right_leg"] == 0
    assert a["damage"]["left_arm"] == 0


def test_dg_heal_2_bleeding_must_be_stabilised_first() -> None:
    """DG-HEAL-2: a bleeding chest wound heals nothing in a week until it is stabilised."""
    state = encounter(agent("a", hp=12))
    state, _ = gm(state, "gm_damage", [], target="a", amount=6, location="chest")
    state, events = gm(state, "week_passes", [])
    assert c(state, "a")["hp"] == 6
    assert "stabilised first" in events[0].text


def test_dg_heal_1_a_2x_wound_heals_only_after_surgery() -> None:
    state = encounter(agent("doc", skills={"medicine": 60}), agent("a", hp=12))  # chest 5
    state, _ = gm(state, "gm_damage", [], target="a", amount=10, location="chest")
    state, _ = gm(state, "gm_condition", [], target="a", condition="stabilise", location="chest")
    state, events = gm(state, "week_passes", [2])
    assert c(state, "a")["damage"]["chest"] == 10
    assert "needs surgery" in events[0].text
    state, events = gm(
        state, "gm_treat", [60], healer="doc", target="a", location="chest", skill="medicine"
    )
    assert "surgery done" in events[0].text
    state, _ = gm(state, "week_passes", [2])
    assert c(state, "a")["damage"]["chest"] == 8


def test_dg_heal_5_maimed_limb_never_heals() -> None:
    """DG-HEAL-5 (AMB-DG-32): 16 HP, left arm (L 4) maimed: max HP 16 - 4 = 12 for good, the
    locations recomputed from it; the limb does not heal."""
    state = encounter(agent("a", hp=16))
    state, _ = gm(state, "gm_damage", [], target="a", amount=9, location="left_arm")
    state, _ = gm(state, "week_passes", [3])
    a = c(state, "a")
    assert a["damage"]["left_arm"] == 6  # still at 2x of the recomputed arm HP 3
    assert a["hp_max"] == 12
    assert a["loc_max"]["chest"] == 5


def test_we_dg_08_pow_gain_chance() -> None:
    """WE-DG-08 / DG-POW-2: POW 16 -> (21 - 16) x 5 = 25%; success adds 1d3 - 1."""
    state = encounter(agent("jonathan", pow=16))
    state, events = gm(state, "magic_contest", [10], caster="jonathan", active=16, passive=15)
    assert c(state, "jonathan")["pow_check"]
    state, events = gm(state, "pow_gain", [25, 3], target="jonathan")
    assert c(state, "jonathan")["sheet"]["pow"] == 18
    assert events[0].payload["chance"] == 25
    assert not c(state, "jonathan")["pow_check"]


def test_dg_pow_1_no_check_at_95_percent_or_more() -> None:
    state = encounter(agent("a", pow=16))
    state, _ = gm(state, "magic_contest", [10], caster="a", active=25, passive=16)
    assert not c(state, "a")["pow_check"]
    with pytest.raises(IllegalAction, match="not earned"):
        SYSTEM.resolve(state, Action("pow_gain", "gm", {"target": "a"}), LoadedDice([1]))


@pytest.mark.parametrize(("pow_", "chance"), [(21, 0), (10, 55)])
def test_dg_pow_2_chances(pow_: int, chance: int) -> None:
    state = encounter(agent("a", pow=pow_))
    faces = [] if chance == 0 else [99]
    _, events = gm(state, "pow_gain", faces, target="a", force=True)
    assert events[0].payload["chance"] == chance


def test_we_dg_09_hide_32_takes_32_hours_and_ends_in_week_2() -> None:
    """WE-DG-09 / DG-TRAIN-2/-3/-4: 32 h, 20 h a week -> week 2; 1d6 - 2."""
    state = encounter(agent("jonathan", skills={"hide": 32}), agent("teacher", skills={"hide": 60}))
    state, events = gm(
        state, "train_skill", [1], student="jonathan", skill="hide", instructor="teacher"
    )
    assert events[0].payload["hours"] == 32
    assert events[0].payload["weeks"] == 2
    assert c(state, "jonathan")["sheet"]["skills"]["hide"] == 31
    state2, _ = gm(
        state, "train_skill", [6], student="jonathan", skill="hide", instructor="teacher"
    )
    assert c(state2, "jonathan")["sheet"]["skills"]["hide"] == 35


def test_dg_train_1_instructor_must_be_better() -> None:
    """DG-TRAIN-1: an instructor at Hide 32 cannot teach a student at Hide 32."""
    state = encounter(agent("a", skills={"hide": 32}), agent("b", skills={"hide": 32}))
    with pytest.raises(IllegalAction, match="must be better"):
        SYSTEM.resolve(
            state,
            Action("train_skill", "gm", {"student": "a", "skill": "hide", "instructor": "b"}),
            LoadedDice([1]),
        )


def test_dg_train_5_seventy_five_percent_cap() -> None:
    state = encounter(agent("a", skills={"hide": 74}))
    state, _ = gm(state, "train_skill", [6], student="a", skill="hide", instructor_skill=90)
    assert c(state, "a")["sheet"]["skills"]["hide"] == 75
    with pytest.raises(IllegalAction, match="above 75"):
        SYSTEM.resolve(
            state,
            Action("train_skill", "gm", {"student": "a", "skill": "hide", "instructor_skill": 90}),
            LoadedDice([1]),
        )


def _trained(state: dict, cid: str, char: str, gain: int) -> dict:
    """Give `cid` a recorded training gain (an NPC course) of `gain` in `char`."""
    face = gain + 1
    state, _ = gm(
        state, "train_characteristic", [face], student=cid, characteristic=char, instructor="npc"
    )
    return state


def test_we_dg_10_11_jonathan_can_give_smith_at_most_one_con() -> None:
    """WE-DG-10/-11: Jonathan +2 CON; Smith SIZ 9, CON 12, STR 13: limit 13, CON +1 only."""
    state = encounter(
        agent("jonathan", con=10, str=14, siz=14), agent("smith", siz=9, con=12, str=13)
    )
    state = _trained(state, "jonathan", "con", 2)
    assert c(state, "jonathan")["gains"]["con"] == 2
    state, events = gm(
        state,
        "train_characteristic",
        [3],
        student="smith",
        characteristic="con",
        instructor="jonathan",
    )
    assert c(state, "smith")["sheet"]["con"] == 13
    assert events[0].payload["gain"] == 1
    with pytest.raises(IllegalAction, match="limit 13"):
        SYSTEM.resolve(
            state,
            Action(
                "train_characteristic",
                "gm",
                {"student": "smith", "characteristic": "str", "instructor": "npc"},
            ),
            LoadedDice([3]),
        )


def test_we_dg_12_dex_and_app_limits() -> None:
    """WE-DG-12: DEX 15 -> 23; APP 17 -> 26."""
    state = encounter(agent("smith", dex=15, app=17))
    assert char_limit(c(state, "smith"), "dex") == 23
    assert char_limit(c(state, "smith"), "app") == 26


def test_we_dg_13_14_smith_rolls_one_and_gains_nothing_in_75_hours() -> None:
    """WE-DG-13/-14 (DG-CTRAIN-6, DG-CTRAIN-7): 1d3 = 1 -> +0; DEX 15 takes 15 x 5 = 75 h
    (Jonathan has raised his own DEX)."""
    state = encounter(agent("jonathan", dex=12), agent("smith", dex=15))
    state = _trained(state, "jonathan", "dex", 1)
    state, events = gm(
        state,
        "train_characteristic",
        [1],
        student="smith",
        characteristic="dex",
        instructor="jonathan",
    )
    assert events[0].payload["hours"] == 75
    assert events[0].payload["gain"] == 0
    assert c(state, "smith")["sheet"]["dex"] == 15


def test_dg_ctrain_2_a_pc_who_never_improved_cannot_teach() -> None:
    state = encounter(agent("jonathan"), agent("smith"))
    with pytest.raises(IllegalAction, match="has not raised DEX"):
        SYSTEM.resolve(
            state,
            Action(
                "train_characteristic",
                "gm",
                {"student": "smith", "characteristic": "dex", "instructor": "jonathan"},
            ),
            LoadedDice([3]),
        )


def test_we_dg_15_smith_can_give_gemler_at_most_one_dex() -> None:
    """WE-DG-15 / DG-CTRAIN-3: Smith +1 DEX teaches Gemler (DEX 13, own limit 20): +1 at most."""
    state = encounter(agent("smith", dex=15), agent("gemler", dex=13))
    state = _trained(state, "smith", "dex", 1)
    assert char_limit(c(state, "gemler"), "dex") == 20
    state, events = gm(
        state,
        "train_characteristic",
        [3],
        student="gemler",
        characteristic="dex",
        instructor="smith",
    )
    assert events[0].payload["hours"] == 65  # WE-DG-14: Gemler DEX 13 -> 65 h
    assert c(state, "gemler")["sheet"]["dex"] == 14
    with pytest.raises(IllegalAction, match="nothing more to teach"):
        SYSTEM.resolve(
            state,
            Action(
                "train_characteristic",
                "gm",
                {"student": "gemler", "characteristic": "dex", "instructor": "smith"},
            ),
            LoadedDice([3]),
        )


def test_we_dg_16_str_and_con_capped_by_siz_14() -> None:
    """WE-DG-16 / DG-CTRAIN-4: SIZ 14 is the highest of STR, CON, SIZ: both stop at 14."""
    state = encounter(agent("a", str=10, con=11, siz=14))
    assert char_limit(c(state, "a"), "str") == 14
    assert char_limit(c(state, "a"), "con") == 14


def test_dg_char_1_int_and_siz_cannot_be_trained() -> None:
    """DG-CHAR-1: INT cannot be raised by training."""
    state = encounter(agent("a"))
    with pytest.raises(IllegalAction, match="cannot be trained"):
        SYSTEM.resolve(
            state,
            Action("train_characteristic", "gm", {"student": "a", "characteristic": "int"}),
            LoadedDice([3]),
        )


def test_dg_ctrain_1_characteristic_training_can_be_switched_off() -> None:
    """DG-CTRAIN-1: with `dg.characteristic_training` off a characteristic course is refused."""
    state = encounter(agent("a"), characteristic_training=False)
    with pytest.raises(IllegalAction, match="off in this campaign"):
        SYSTEM.resolve(
            state,
            Action("train_characteristic", "gm", {"student": "a", "characteristic": "dex"}),
            LoadedDice([3]),
        )


@pytest.mark.parametrize(("roll", "success"), [(61, True), (60, False)])
def test_dg_rsch_3_research_roll_must_beat_the_target(roll: int, success: bool) -> None:
    """DG-RSCH-3 (AMB-DG-40: no experience bonus): CON 12 -> target 60; 61 succeeds, 60 fails."""
    state = encounter(agent("a", con=12, str=14))
    faces = [roll, 2] if success else [roll]
    state, events = gm(state, "research", faces, student="a", characteristic="con")
    assert events[0].payload["success"] is success
    assert c(state, "a")["sheet"]["con"] == (13 if success else 12)
    if success:
        assert c(state, "a")["gains"]["con"] == 1  # DG-CTRAIN-2: may now teach CON


def test_dg_rsch_4_research_can_lower_a_skill() -> None:
    """DG-RSCH-4: Library 40, research d100 = 41 succeeds, 1d6 = 1: -1 -> 39."""
    state = encounter(agent("a", skills={"library": 40}))
    state, _ = gm(state, "research", [41, 1], student="a", skill="library")
    assert c(state, "a")["sheet"]["skills"]["library"] == 39


def test_dg_train_3_courses_and_research_share_twenty_hours_a_week() -> None:
    """DG-TRAIN-3 / DG-RSCH-2: 32 h then 31 h: the second course ends in week 4; a week passes.
    DG-TRAIN-6: the fee the GM enters ($200) is noted in the log."""
    state = encounter(agent("a", skills={"hide": 32, "library": 31}))
    state, events = gm(
        state, "train_skill", [2], student="a", skill="hide", instructor_skill=60, fee="$200"
    )
    assert events[0].payload["weeks"] == 2
    assert "fee: $200" in events[0].text
    state, events = gm(state, "train_skill", [2], student="a", skill="library", instructor_skill=60)
    assert events[0].payload["weeks"] == 4
    assert "after 32 h already booked" in events[0].text
    state, _ = gm(state, "week_passes", [])
    assert c(state, "a")["training_booked"] == 43


def test_dg_edge_0_edge_prices_are_counted() -> None:
    """DG-EDGE-TABLE: Double Tap 20 + Improved 20 + Hand-to-Hand 5 = 45 skill points."""
    sheet = SYSTEM.validate_sheet(
        {**SYSTEM.default_sheet, "edges": ["double_tap", "improved_double_tap", "hand_to_hand"]}
    )
    assert sheet["edge_points"] == 45
