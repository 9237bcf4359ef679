"""Rules the engine plays that no other test named: extended actions, attributes, "DP", the
called-shot die and locations, the Mark's points, the action allowance and the seed's examples."""

from __future__ import annotations

import copy

import pytest
from ace_helpers import c, damage, kinds, play, table, turn_of

from rules.ace import SYSTEM
from rules.ace.rolls import substitute_check
from rules.ace.settings import AceSettings
from rules.ace.sheet import validate_sheet
from rules.ace.state import can_act, statuses
from rules.ace.stats import hp_max
from rules.core.dice import LoadedDice
from rules.core.errors import DiceError, IllegalAction, SheetError
from rules.core.system import Json

S = AceSettings()


def _task_open(state: Json, skill: str, dc: int, name: str = "Task") -> Json:
    state, _ = play(state, "task_open", "gm", target="lin", skill=skill, name=name, dc=dc)
    return state


def _task(state: Json) -> tuple[int, int, int, str]:
    task = state["tasks"][0]
    return task["acc"], task["ones"], task["cycles"], task["status"]


# --- extended actions ---------------------------------------------------------------------------


def test_an_extended_action_adds_each_cycles_successes_until_the_dc() -> None:
    """ACE-EXT-1: Lin's athletics 3 against DC 4: [8, 1, 2] = 1; [9, 10, 7] = 1 + 2 = 3;
    [3, 8, 4] = 3 + 1 = 4 >= 4: done after 3 cycles, the DC still 4; a done task rolls no more."""
    state = _task_open(table(), "athletics", 4, "Wall")
    state, _ = play(state, "task_roll", "lin", [8, 1, 2], task=0)
    assert _task(state) == (1, 0, 1, "open")
    state, _ = play(state, "task_roll", "lin", [9, 10, 7], task=0)
    assert _task(state) == (3, 0, 2, "open")
    state, _ = play(state, "task_roll", "lin", [3, 8, 4], task=0)
    assert _task(state) == (4, 0, 3, "done")
    assert state["tasks"][0]["dc"] == 4
    with pytest.raises(IllegalAction, match="already finished"):
        play(state, "task_roll", "lin", [8, 8, 8], task=0)


def test_a_natural_one_on_the_d20_substitute_counts_as_a_one() -> None:
    """ACE-AMB-02 with the mishap rule on (ACE-EXT-4): a DC-1 task on 1d20 + DEX 7: a natural
    1 (1 + 7 = 8: no success) is one 1, so the ones reach the DC: mishap. Under the other reading
    the substitute adds no 1s and the task stays open. A d20 of 11 is no 1 (18: 1 success)."""
    mishap = table({"ace.mishap": True})
    state, _ = play(_task_open(mishap, "attr:dex", 1), "task_roll", "lin", [1], task=0)
    assert _task(state) == (0, 1, 1, "mishap")
    other = table({"ace.mishap": True, "ace.ones_on_substitute": "none"})
    state, _ = play(_task_open(other, "attr:dex", 1), "task_roll", "lin", [1], task=0)
    assert _task(state) == (0, 0, 1, "open")
    state, _ = play(_task_open(mishap, "attr:dex", 2), "task_roll", "lin", [11], task=0)
    assert _task(state) == (1, 0, 1, "open")


def test_successes_count_before_ones_in_the_same_roll() -> None:
    """ACE-AMB-02: successes first, then 1s: DC 1, [8, 1, 1] reaches the DC and two 1s in one
    roll; the task is done, not a mishap. With DC 2 the same roll (1 success, 2 ones) is one."""
    mishap = table({"ace.mishap": True})
    state, _ = play(_task_open(mishap, "athletics", 1), "task_roll", "lin", [8, 1, 1], task=0)
    assert _task(state) == (1, 2, 1, "done")
    state, _ = play(_task_open(mishap, "athletics", 2), "task_roll", "lin", [8, 1, 1], task=0)
    assert _task(state) == (1, 2, 1, "mishap")


# --- "DP" ---------------------------------------------------------------------------------------


def test_dp_is_a_dice_count_a_flat_modifier_or_the_check_procedure() -> None:
    """ACE-AMB-01: the seed's four "DP"s are kept apart.

    (a) "伤害DP+3" (abdomen) is 3 more d10 in the damage pool: 12 - 8 + 3 = 7 d10 rolled;
    (c) "命中DP-1" (the dodge of a DEX-6 hound) is -1 on the hit total: d10 9 + 8 - 6 - 1 = 10;
    (d) "双手使用武器者DP+4" is +4 on the 1d20 contest total: 13 + STR 7 + core 1 + 4 = 25;
    (b) "DP = 1d20 + attribute" is one d20, / 10: 13 + 7 = 20 -> 2 successes, no d10 at all.
    """
    state = turn_of(table(), "lin")
    for key in ("sheet", "current"):
        c(state, "hound")[key]["dex"] = 6  # evasion 8, dodge floor(6 / 5) = 1
    state, _ = play(state, "attack", "lin", [], target="hound", weapon="jian", location="abdomen")
    faces = [9, 8, 8, 1, 1, 1, 1, 1]
    state, events = play(state, "respond", "hound", faces, answer="dodge")
    assert next(e for e in events if e.kind == "attack.hit").payload["hit"]["total"] == 10
    assert damage(events)["pool"] == 7
    rolled = [r for e in events for r in e.dice]
    assert [r.sides for r in rolled] == [10] * 8  # the hit d10 and exactly 7 damage d10
    assert damage(events)["total"] == 2 * 5 + 5
    # (d): Lin grips his jian in both hands for a sunder at Su's dagger.
    state = turn_of(table({"ace.called_shot_natural_10_auto_hit": True}), "lin")
    c(state, "lin")["sheet"]["weapons"][0]["two_handed"] = True
    state, _ = play(state, "attack", "lin", [], target="su", weapon="jian", location="sunder")
    state, events = play(state, "respond", "su", [10, 13, 14], answer="none")
    assert events[-1].payload["contest"]["initiator"] == 25
    # (b)
    dice = LoadedDice([13])
    check = substitute_check(7, False, dice, S)
    assert check.successes == 2
    assert [r.sides for r in dice.records] == [20]


# --- attributes ---------------------------------------------------------------------------------


def test_a_new_character_starts_at_the_adult_average() -> None:
    """ACE-ATTR-1 / ACE-EX-07: the default sheet is the healthy adult's 5 in each attribute
    (HP 50); a youth's 4s and a child's 3s are valid sheets (HP 40, 30); training may raise an
    attribute (25 is accepted)."""
    default = SYSTEM.default_sheet
    assert [default[k] for k in ("str", "dex", "con", "spi")] == [5, 5, 5, 5]
    assert hp_max(default) == 50
    for average, hp in ((4, 40), (3, 30)):
        sheet = validate_sheet(
            {"name": "Average", **dict.fromkeys(("str", "dex", "con", "spi"), average)}
        )
        assert hp_max(sheet) == hp
    assert validate_sheet({"name": "Trained", "str": 25})["str"] == 25


def test_the_normal_minimum_of_two_still_acts() -> None:
    """ACE-EX-07 "minimum 2 for a normal person" with ACE-ATTR-2: Su Qing at SPI 2 and CON 2 is
    awake and can act; SPI 1 knocks her out."""
    state = table()
    for key in ("spi", "con"):
        state, _ = play(state, "set_attribute", "gm", target="su", attribute=key, value=2)
    assert can_act(c(state, "su"), S)
    assert statuses(c(state, "su"), S) == []
    state, _ = play(state, "set_attribute", "gm", target="su", attribute="spi", value=1)
    assert not can_act(c(state, "su"), S)


def test_attributes_have_a_current_value_that_rest_restores() -> None:
    """ACE-AMB-05: the GM lowers Su Qing's current SPI to 1; her maximum (the sheet's 4) stays;
    the below-2 check reads the current value (unconscious, ACE-ATTR-2); a night's rest sets the
    current value back to 4 and she wakes. HP track the sheet's CON x 10 all along."""
    state, _ = play(table(), "set_attribute", "gm", target="su", attribute="spi", value=1)
    su = c(state, "su")
    assert (su["current"]["spi"], su["sheet"]["spi"]) == (1, 4)
    assert "unconscious" in statuses(su, S)
    assert not can_act(su, S)
    state, _ = play(state, "rest", "gm")
    su = c(state, "su")
    assert su["current"] == {"str": 5, "dex": 8, "con": 5, "spi": 4}
    assert "unconscious" not in statuses(su, S)
    assert can_act(su, S)


# --- formulas and the action allowance ----------------------------------------------------------


@pytest.mark.parametrize(("mods_on_ranged", "pool", "hp"), [(True, 1, 115), (False, 0, 120)])
def test_full_attack_reaches_the_firearm_formula_too(
    mods_on_ranged: bool, pool: int, hp: int
) -> None:
    """ACE-AMB-15: Lin's pistol is 0 + 2 x 3 + 2 = 8 against the hound's ranged defence 9; Full
    attack's +2 makes it 10 -> 1 die ([8]: 5 damage). Under the other reading (no situational
    modifiers on the firearm formula) it stays 8 -> no dice."""
    state = turn_of(table({"ace.mods_on_ranged": mods_on_ranged}), "lin")
    state, _ = play(state, "declare", "lin", command="full_attack")
    state, events = play(
        state, "attack", "lin", [10, 8][: 1 + pool], target="hound", weapon="pistol"
    )
    assert damage(events)["pool"] == pool
    assert c(state, "hound")["hp"] == hp


def _hound_holds_lin(settings: dict[str, object] | None = None) -> Json:
    """Round 1: the hound bites and grapples Lin Yue (hit 3 + 17 > 8; 14 + 6 against 7 + 7)."""
    state = turn_of(table(settings), "hound")
    state, _ = play(state, "grapple", "hound", [3], target="lin", weapon="bite")
    state, _ = play(state, "respond", "lin", [6, 7], answer="break")
    return state


@pytest.mark.parametrize(("reading", "quick"), [("standard_move", False), ("everything", True)])
def test_a_full_round_action_is_the_standard_and_the_move_action(reading: str, quick: bool) -> None:
    """ACE-AMB-41: striking inside the grapple (ACE-GRAPPLE-6) is a full-round action: it spends
    Lin's standard and move actions and keeps his swift-or-reflex allowance; the other reading
    spends that too."""
    state = turn_of(_hound_holds_lin({"ace.full_round": reading}), "lin")
    state, _ = play(state, "grapple_strike", "lin", [], weapon="unarmed")
    state, _ = play(state, "respond", "hound", [20, 1, 10], answer="break")
    assert c(state, "lin")["used"] == {"standard": True, "move": True, "quick": quick}


def test_an_attack_action_is_a_standard_action() -> None:
    """ACE-AMB-41: escaping (「以一个攻击动作」, the example's 「标准动作」) and pinning spend the
    standard action only: the move action is still free afterwards."""
    state = turn_of(_hound_holds_lin(), "lin")
    state, _ = play(state, "escape", "lin", [2, 20], method="break")
    assert c(state, "lin")["grapple"] is not None  # 2 + 8 - 1 against 20 + 14: still held
    assert c(state, "lin")["used"] == {"standard": True, "move": False, "quick": False}
    state = turn_of(state, "hound", round_no=2)
    state, _ = play(state, "pin", "hound", [])
    assert c(state, "hound")["used"] == {"standard": True, "move": False, "quick": False}


# --- called shots -------------------------------------------------------------------------------


def _lin_dex(state: Json, dex: int) -> Json:
    for key in ("sheet", "current"):
        c(state, "lin")[key]["dex"] = dex
    c(state, "hound")["used"]["quick"] = True  # no reflex left: the shot resolves at once
    return state


def test_a_called_shot_rolls_a_d10_whose_ten_is_the_critical() -> None:
    """ACE-CALLED-1: the hit die is a d10 (a scripted 15 does not fit it). Head shot with DEX 30
    (31 - 9 = +22) against evasion 12: a natural 1 still fails; a 9 (31) is a plain hit, 1 success
    x 5 + 5 = 10; a 10 (32) is the critical, x 10: 10 + 5 = 15."""
    start = turn_of(table(), "lin")
    start = _lin_dex(start, 30)
    with pytest.raises(DiceError):
        play(start, "attack", "lin", [15], target="hound", weapon="jian", location="head")
    _, events = play(start, "attack", "lin", [1], target="hound", weapon="jian", location="head")
    assert events[-1].kind == "attack.missed"
    assert events[-1].payload["hit"]["total"] == 23
    pool = [8, *[1] * 9]  # 12 - 8 + 6 = 10 dice, one success
    _, events = play(
        start, "attack", "lin", [9, *pool], target="hound", weapon="jian", location="head"
    )
    hit = next(e for e in events if e.kind == "attack.hit").payload["hit"]
    assert (hit["total"], hit["critical"]) == (31, False)
    assert damage(events)["total"] == 10
    _, events = play(
        start, "attack", "lin", [10, *pool], target="hound", weapon="jian", location="head"
    )
    hit = next(e for e in events if e.kind == "attack.hit").payload["hit"]
    assert (hit["total"], hit["critical"]) == (32, True)
    assert damage(events)["total"] == 15


@pytest.mark.parametrize(
    ("location", "hit", "dice", "extra"),
    [
        ("head", -9, 6, 5),
        ("eyes", -12, 9, 10),
        ("abdomen", -6, 3, 5),
        ("ribs", -9, 6, 5),
        ("throat", -18, 12, 10),
        ("temple", -25, 15, 15),
    ],
)
def test_each_location_moves_the_hit_the_pool_and_the_extra(
    location: str, hit: int, dice: int, extra: int
) -> None:
    """ACE-CALLED-HEAD, ACE-CALLED-EYES, ACE-CALLED-ABDOMEN, ACE-CALLED-RIBS, ACE-CALLED-THROAT,
    ACE-CALLED-TEMPLE: Lin (DEX 30: d10 + 31) aims his jian (12 against defence 8: 4 dice) at the
    hound (evasion 12). A d10 of 9 totals 40 + the location's modifier; the pool is 4 + its dice;
    two successes deal 10 + its extra physical damage."""
    state = _lin_dex(turn_of(table(), "lin"), 30)
    faces = [9, 8, 8, *[1] * (4 + dice - 2)]
    state, events = play(
        state, "attack", "lin", faces, target="hound", weapon="jian", location=location
    )
    assert next(e for e in events if e.kind == "attack.hit").payload["hit"]["total"] == 40 + hit
    assert damage(events)["pool"] == 4 + dice
    assert damage(events)["flat"] == extra
    assert damage(events)["total"] == 10 + extra
    assert c(state, "hound")["hp"] == 120 - 10 - extra


# --- the Nightmare Mark -------------------------------------------------------------------------


def test_the_marks_points_and_potential_points_are_kept_on_the_sheet() -> None:
    """ACE-MARK-4: the points and potential points a bearer spends on hints are sheet numbers
    (the GM sets the costs): 0 unless given, 12 and 3 kept as given, never negative."""
    fresh = validate_sheet({"name": "New"})["mark"]
    assert (fresh["points"], fresh["potential"]) == (0, 0)
    mark = validate_sheet({"name": "Old", "mark": {"level": 2, "points": 12, "potential": 3}})
    assert (mark["mark"]["points"], mark["mark"]["potential"]) == (12, 3)
    for key in ("points", "potential"):
        with pytest.raises(SheetError) as refused:
            validate_sheet({"name": "Bad", "mark": {key: -1}})
        assert refused.value.rule == "ACE-MARK-4"
        assert key in refused.value.field


def test_the_gm_charges_a_marks_hint_from_its_points_and_potential_points() -> None:
    """ACE-MARK-4: Lin Yue's Mark holds 30 points and 5 potential points; the GM prices a hint at 12
    and 2 and answers it: 18 and 3 are left. A hint dearer than the Mark holds is refused and
    changes nothing."""
    state = table()
    state["combatants"]["lin"]["sheet"]["mark"] = {
        **state["combatants"]["lin"]["sheet"]["mark"],
        "points": 30,
        "potential": 5,
    }
    assert "mark_hint" in kinds(state, "gm")
    assert "mark_hint" not in kinds(state, "lin")
    state, events = play(state, "mark_hint", "gm", target="lin", points=12, potential=2)
    mark = c(state, "lin")["sheet"]["mark"]
    assert (mark["points"], mark["potential"]) == (18, 3)
    assert events[0].text == (
        "Lin Yue pays the Mark 12 points and 2 potential points for a hint (18 and 3 left); "
        "the GM answers."
    )
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="holds 18 points and 3 potential points") as refused:
        play(state, "mark_hint", "gm", target="lin", points=19, potential=0)
    assert refused.value.rule == "ACE-MARK-4"
    assert state == before
    with pytest.raises(IllegalAction):
        play(state, "mark_hint", "lin", target="lin", points=1, potential=0)


# --- the seed's worked examples -----------------------------------------------------------------


def test_a_grenade_is_area_damage_of_about_fifteen_to_twenty() -> None:
    """ACE-EX-03: the GM's area tool starts at 18, within a grenade's 15-20. Against Lin (area
    defence max(7, 6) + 1 = 8) a 15 rolls 7 d10 and a 20 rolls 12; one success each: 5 damage."""
    template = next(t for t in SYSTEM.legal_actions(table(), "gm") if t.kind == "area")
    amount = next(f for f in template.fields if f.name == "amount")
    assert amount.default == 18
    for grenade, pool in ((15, 7), (20, 12)):
        faces = [8, *[1] * (pool - 1)]
        state, events = play(table(), "area", "gm", faces, target="lin", amount=grenade)
        assert damage(events)["pool"] == pool
        assert c(state, "lin")["hp"] == 55


def test_the_roof_climb_among_zombies_is_one_athletics_check_per_round() -> None:
    """ACE-EX-11 / ACE-CHECK-5: under pressure Lin climbs with one athletics check (3 dice) as
    his move action each round: [8, 2, 3] is 1 success (DC 1: he gains height); another climb
    the same round is refused; next round [1, 2, 3] is 0 successes: no progress."""
    state = turn_of(table(), "lin")
    state, events = play(state, "check", "lin", [8, 2, 3], skill="athletics", cost="move")
    assert (events[0].payload["check"]["successes"], events[0].payload["check"]["passed"]) == (
        1,
        True,
    )
    assert c(state, "lin")["used"] == {"standard": False, "move": True, "quick": False}
    with pytest.raises(IllegalAction, match="already used the move action"):
        play(state, "check", "lin", [8, 8, 8], skill="athletics", cost="move")
    state = turn_of(state, "lin", round_no=2)
    state, events = play(state, "check", "lin", [1, 2, 3], skill="athletics", cost="move")
    assert (events[0].payload["check"]["successes"], events[0].payload["check"]["passed"]) == (
        0,
        False,
    )


def test_watching_the_speakers_face_on_purpose_is_an_active_check() -> None:
    """ACE-EX-13 / ACE-ACT-3: in the fight Lin watches Su Qing for lies: his insight check (1
    die, [4]: 0 successes, failed) spends his standard action and its line reaches everyone,
    so he remembers trying; the same check as the GM's passive secret roll reaches the GM only."""
    state = turn_of(table(), "lin")
    state, events = play(state, "check", "lin", [4], skill="insight", cost="standard")
    assert events[0].kind == "check.rolled"
    assert events[0].audience == "all"
    assert events[0].payload["check"]["passed"] is False
    assert c(state, "lin")["used"]["standard"]
    _, events = play(table(), "secret_check", "gm", [4], target="lin", skill="insight")
    assert events[0].audience == "gm"


def test_the_roof_climb_after_the_story_is_one_extended_action() -> None:
    """ACE-EX-38: moon-viewing after the story, no pressure: the GM runs Lin's climb as one
    extended athletics task (DC 3) outside any round: [8, 9, 1] = 2, then [10, 2, 3] = 3: done in
    two cycles, and no action of a round is spent."""
    state = table()
    assert state["round"] == 0
    state = _task_open(state, "athletics", 3, "Roof")
    state, _ = play(state, "task_roll", "lin", [8, 9, 1], task=0)
    assert _task(state) == (2, 0, 1, "open")
    state, _ = play(state, "task_roll", "lin", [10, 2, 3], task=0)
    assert _task(state) == (3, 0, 2, "done")
    assert c(state, "lin")["used"] == {"standard": False, "move": False, "quick": False}
