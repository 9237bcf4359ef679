"""Combat: hit against evasion, attack and defence values, the damage pipeline (ACE-PIPE-1)."""

from __future__ import annotations

from typing import Any

import pytest
from ace_helpers import c, damage, play, table, turn_of

from rules.ace.rolls import damage_from, damage_pool, judge_hit, resolve_damage
from rules.ace.settings import AceSettings
from rules.ace.stats import (
    area_defence,
    attack_value,
    carry_kg,
    con_share,
    defence,
    dodge,
    evasion,
    grapple_hit_bonus,
    guard,
    hit_bonus,
    max_charge,
    speed,
    weapon,
)
from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction

S = AceSettings()


def test_lin_yue_matches_the_digests_stat_block() -> None:
    # Section 11.1, ACE-EX-21/22, ACE-ATK-1..3, ACE-AREA-1.
    lin = c(table(), "lin")
    assert lin["hp"] == 60
    assert carry_kg(lin) == 70
    assert speed(lin, S) == 12
    assert max_charge(lin, S) == 3
    assert hit_bonus(lin, S) == 8
    assert evasion(lin, S) == 8
    assert grapple_hit_bonus(lin, S, weapon(lin, "unarmed") or {}) == 8
    values = {
        k: attack_value(lin, S, weapon(lin, k) or {})
        for k in ("jian", "unarmed", "knives", "pistol")
    }
    assert values == {"jian": 12, "unarmed": 10, "knives": 8, "pistol": 8}
    assert defence(lin, S, "melee") == 4
    assert defence(lin, S, "firearm") == 5
    assert defence({**lin, "commands": {"block": True}}, S, "melee") == 6
    assert defence({**lin, "commands": {"full_defence": True}}, S, "melee") == 9
    assert area_defence(lin) == 8
    assert guard(lin) == 0
    assert dodge(lin) == 1


def test_the_hound_matches_the_digests_stat_block() -> None:
    # Section 11.2: bite grapple hit 1d20 + 17, defences 8 / 9, area 14, guard 1, dodge 2.
    hound = c(table(), "hound")
    assert hound["hp"] == 120
    assert evasion(hound, S) == 12
    assert evasion(hound, AceSettings(supernatural_dex=True)) == 13
    assert grapple_hit_bonus(hound, S, weapon(hound, "bite") or {}) == 17
    assert attack_value(hound, S, weapon(hound, "bite") or {}) == 16
    assert attack_value(hound, S, weapon(hound, "claws") or {}) == 15
    assert (defence(hound, S, "melee"), defence(hound, S, "thrown")) == (8, 9)
    assert area_defence(hound) == 14
    assert (guard(hound), dodge(hound)) == (1, 2)


def test_con_shares_round_down_on_con_alone() -> None:
    # ACE-EX-20 / ACE-AMB-14: CON 6 -> 3 (melee) and 4 (ranged).
    assert (con_share(6, 6, S), con_share(6, 7, S)) == (3, 4)
    assert con_share(6, 6, AceSettings(con_rounding="nearest")) == 4


def test_attack_minus_defence_sizes_the_pool() -> None:
    # ACE-EX-01 / ACE-DMG-1 / ACE-AMB-13
    assert damage_pool(10, 5, 0, 0, S) == 5
    assert damage_pool(8, 9, 0, 0, S) == 0  # the pistol against the hound
    assert damage_pool(4, 6, 6, 1, S) == 3
    assert damage_pool(4, 6, 6, 1, AceSettings(pool_clamp="clamp_base")) == 5


@pytest.mark.parametrize(
    ("natural", "bonus", "evasion_", "hit", "critical"),
    [
        (1, 30, 5, False, False),  # ACE-EX-18 / ACE-HIT-2
        (4, 8, 12, False, False),  # ACE-EX-19: 12 against 12 misses
        (5, 8, 12, True, False),
        (20, 0, 40, True, True),  # ACE-HIT-3 / ACE-AMB-10
    ],
)
def test_the_hit_roll(natural: int, bonus: int, evasion_: int, hit: bool, critical: bool) -> None:
    roll = judge_hit(natural, bonus, evasion_, S, called=False)
    assert (roll.hit, roll.critical) == (hit, critical)


def test_a_natural_20_that_falls_short_misses_when_the_table_says_so() -> None:
    roll = judge_hit(20, 0, 40, AceSettings(natural_20_hits=False), called=False)
    assert not roll.hit


def test_three_successes_deal_fifteen_or_thirty_on_a_critical() -> None:
    # ACE-EX-16 / ACE-EX-17
    faces = [8, 3, 10, 1, 9]
    normal = resolve_damage(
        5, LoadedDice(faces), critical=False, flat=0, energy="", resistance=0, con_reduction=0, s=S
    )
    critical = resolve_damage(
        5, LoadedDice(faces), critical=True, flat=0, energy="", resistance=0, con_reduction=0, s=S
    )
    assert (normal.successes, normal.total, critical.total) == (3, 15, 30)


def test_energy_resistance_removes_its_points_from_each_hit() -> None:
    # ACE-EX-02 / ACE-RES-1: fire resistance 5 against 12 and 4 fire damage... in 5s: 15 -> 10.
    fire = damage_from(5, (), 3, False, 0, "fire", 5, 0, S)
    assert (fire.base, fire.resisted, fire.total) == (15, 5, 10)
    small = damage_from(1, (), 1, False, 0, "fire", 7, 0, S)
    assert small.total == 0
    # Resistance to fire does nothing to physical damage.
    assert damage_from(5, (), 3, False, 0, "", 0, 0, S).total == 15


def test_the_pipeline_adds_extras_after_the_multiplier_then_resists_then_con() -> None:
    # ACE-PIPE-1 / ACE-AMB-11 / ACE-AMB-17: 3 successes critical = 30, +5 extra, CON -5 -> 30.
    d = damage_from(9, (), 3, True, 5, "", 0, 5, S)
    assert (d.base, d.flat, d.reduced, d.total) == (30, 5, 5, 30)
    doubled = damage_from(9, (), 3, True, 5, "", 0, 0, AceSettings(crit_doubles_flat=True))
    assert doubled.total == 40


def test_lin_yue_cuts_the_hound_with_his_jian() -> None:
    # ACE-HIT-1 then ACE-DMG-1: d20 5 + 8 = 13 > 12; pool 12 - 8 = 4; [8, 9, 1, 2] -> 10.
    state = turn_of(table(), "lin")
    state, events = play(state, "attack", "lin", [5, 8, 9, 1, 2], target="hound", weapon="jian")
    assert damage(events)["pool"] == 4
    assert c(state, "hound")["hp"] == 110
    assert c(state, "lin")["used"]["standard"]


def test_a_natural_one_misses_and_rolls_no_damage() -> None:
    state = turn_of(table(), "lin")
    state, events = play(state, "attack", "lin", [1], target="hound", weapon="jian")
    assert events[-1].kind == "attack.missed"
    assert c(state, "hound")["hp"] == 120


def test_the_hound_bites_lin_yue_to_death() -> None:
    # Its bite: 16 - 4 = 12 dice; a natural 20 with 12 successes = 120 -> dead at 0 HP (ACE-ATTR-3).
    state = turn_of(table(), "hound")
    state, events = play(state, "attack", "hound", [20, *[10] * 12], target="lin", weapon="bite")
    assert events[-1].kind == "attack.killed"
    assert c(state, "lin")["dead"]


def test_supernatural_strength_and_constitution_adjust_physical_damage() -> None:
    # ACE-ATTR-5 / ACE-ATTR-7: the hound's STR 12 adds 5; Lin has CON 6 so takes no reduction.
    settings = {"ace.supernatural_str": True, "ace.supernatural_con": True}
    state = turn_of(table(settings), "hound")
    state, events = play(state, "attack", "hound", [15, *[1] * 12], target="lin", weapon="bite")
    assert damage(events)["total"] == 5
    state = turn_of(table(settings), "lin")
    state, events = play(state, "attack", "lin", [15, 8, 1, 1, 1], target="hound", weapon="jian")
    assert damage(events)["reduced"] == 5
    assert damage(events)["total"] == 0


def test_area_damage_rolls_its_pool_without_a_hit_roll() -> None:
    # ACE-EX-35 / ACE-AREA-1 / ACE-AMB-16: 18 against Lin's 8 -> 10 d10.
    state, events = play(table(), "area", "gm", [8] * 10, target="lin", amount=18)
    assert damage(events)["pool"] == 10
    assert c(state, "lin")["hp"] == 10


def test_area_fire_is_resisted_per_hit() -> None:
    # ACE-RES-1: hound fire 5; 16 - 14 = 2 dice, [8, 8] -> 10 - 5 = 5.
    state, events = play(table(), "area", "gm", [8, 8], target="hound", amount=16, energy="fire")
    assert damage(events)["resisted"] == 5
    assert c(state, "hound")["hp"] == 115


@pytest.mark.parametrize(
    ("params", "error"),
    [
        ({"target": "nobody"}, "no combatant nobody"),
        ({"target": "lin"}, "cannot be attacked"),
        ({"target": "hound", "weapon": "sword"}, "no such weapon"),
        ({"target": "hound", "location": "tail"}, "not one of the choices"),
        ({"target": "hound", "coup": "on"}, "not asleep"),
    ],
)
def test_bad_attacks_are_refused_and_change_nothing(params: dict[str, Any], error: str) -> None:
    state = turn_of(table(), "lin")
    before = repr(state)
    with pytest.raises(IllegalAction, match=error):
        play(state, "attack", "lin", [], **params)
    assert repr(state) == before


def test_only_the_current_combatant_attacks() -> None:
    state = turn_of(table(), "hound")
    with pytest.raises(IllegalAction, match="not Lin Yue's turn"):
        play(state, "attack", "lin", [], target="hound")
