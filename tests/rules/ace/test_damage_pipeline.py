"""The damage pool's full resolution order (ACE-PIPE-1), absorption (step 6) and every death."""

from __future__ import annotations

import pytest
from ace_helpers import c, damage, kinds, play, table, turn_of

from rules.ace.rolls import absorbed_by, damage_from
from rules.ace.settings import AceSettings
from rules.ace.stats import absorption
from rules.core.errors import IllegalAction
from rules.core.system import Json

S = AceSettings()


def test_absorption_comes_after_the_extras_and_before_resistance_and_con() -> None:
    # ACE-PIPE-1 steps 4-9: 3 successes of a fire weapon = 15 fire, + 5 physical extra (step 5);
    # step 6 absorbs 4 fire, then 3 of any type (the physical part first: 5 -> 2); step 7 fire
    # resistance 5 takes 11 -> 6; step 8 CON -5 takes the 2 physical left; step 9: 6 damage.
    d = damage_from(6, (), 3, False, 5, "fire", 5, 5, S, absorb={"fire": 4, "all": 3})
    assert (d.base, d.flat, d.absorbed, d.resisted, d.reduced, d.total) == (15, 5, 7, 5, 2, 6)


def test_resistance_resists_only_what_absorption_left() -> None:
    # ACE-RES-1 「效果处理低于伤害吸收」: 5 fire, 3 absorbed, resistance 5 resists the 2 left.
    d = damage_from(1, (), 1, False, 0, "fire", 5, 0, S, absorb={"fire": 3})
    assert (d.absorbed, d.resisted, d.total) == (3, 2, 0)


def test_an_absorption_takes_only_its_own_type() -> None:
    # Fire absorption does nothing to a physical blow; physical absorption nothing to fire.
    assert damage_from(4, (), 2, False, 0, "", 0, 0, S, absorb={"fire": 9}).total == 10
    assert damage_from(4, (), 2, False, 0, "fire", 0, 0, S, absorb={"": 9}).total == 10
    assert absorbed_by(5, 10, "fire", {"all": 8}) == (0, 7, 8)  # physical first, then fire


def test_a_worn_absorption_takes_its_points_off_every_hit() -> None:
    # ACE-EX-16 through an attack: d20 5 + 8 = 13 > 12; pool 4; [8, 10, 9, 1] = 15;
    # the hound's bone plates absorb 4 of every hit -> 11; HP 120 -> 109.
    state = turn_of(table(), "lin")
    plates = {"name": "bone plates", "energy": "all", "value": 4}
    c(state, "hound")["absorption"] = [plates]
    state, events = play(state, "attack", "lin", [5, 8, 10, 9, 1], target="hound", weapon="jian")
    assert (damage(events)["absorbed"], damage(events)["total"]) == (4, 11)
    assert c(state, "hound")["hp"] == 109
    assert state["last_damage"]["absorbed"] == 4


def test_a_sheet_absorption_is_in_play_from_the_start() -> None:
    from rules.ace.demo import demo
    from rules.ace.state import start

    setup = demo()
    hound = next(entry for entry in setup["combatants"] if entry["id"] == "hound")
    hound["sheet"]["absorption"] = [{"name": "plates", "energy": "", "value": 2}]
    assert absorption(start(setup)["combatants"]["hound"]) == {"": 2}


def test_the_gm_sets_and_ends_a_skills_absorption() -> None:
    # A barrier skill absorbing 10 physical damage of every hit, then gone.
    state, events = play(table(), "set_absorption", "gm", target="lin", name="qi barrier", value=10)
    assert events[0].kind == "absorption.set"
    assert absorption(c(state, "lin")) == {"all": 10}
    state, _ = play(state, "set_absorption", "gm", target="lin", name="qi barrier", value=0)
    assert absorption(c(state, "lin")) == {}


@pytest.mark.parametrize(
    ("params", "error"),
    [
        ({"target": "lin", "value": 5}, "Skill or item is required"),
        ({"target": "lin", "name": "qi", "value": 0}, "no absorption from qi"),
        ({"target": "lin", "name": "qi", "value": -1}, "between 0 and 999"),
        ({"target": "lin", "name": "qi", "value": 5, "energy": "mud"}, "not one of the choices"),
    ],
)
def test_bad_absorptions_are_refused(params: dict[str, object], error: str) -> None:
    state = table()
    before = repr(state)
    with pytest.raises(IllegalAction, match=error):
        play(state, "set_absorption", "gm", **params)
    assert repr(state) == before


@pytest.mark.parametrize(
    ("kind", "faces", "params"),
    [
        ("area", [10] * 10, {"target": "lin", "amount": 18}),  # 10 successes: 50 of his 50 HP
        ("hp", [], {"target": "lin", "amount": -60}),
    ],
)
def test_every_death_is_an_attack_killed_event(
    kind: str, faces: list[int], params: dict[str, object]
) -> None:
    # ACE-ATTR-3: whoever deals it (the GM's area damage, the GM's HP tool), a death is killed.
    state = table()
    c(state, "lin")["hp"] = 50 if kind == "area" else 60
    state, events = play(state, kind, "gm", faces, **params)
    assert events[-1].kind == "attack.killed"
    assert c(state, "lin")["dead"]


def _pinned_behind_lin() -> Json:
    """The hound pins Lin Yue by 26 (more than his STR 7) and holds him up as a shield."""
    state = turn_of(table(), "hound")
    state, _ = play(state, "grapple", "hound", [3], target="lin", weapon="bite")
    state, _ = play(state, "respond", "lin", [6, 7], answer="break")
    state = turn_of(state, "hound", round_no=2)
    state, _ = play(state, "pin", "hound", [])
    state, _ = play(state, "respond", "lin", [20, 1], answer="slip")
    state, _ = play(state, "body_shield", "hound", [])
    assert c(state, "hound")["cover"] == "partial"
    return state


def test_a_special_grapple_that_kills_is_an_attack_killed_event() -> None:
    # ACE-GRAPPLE-10 through ACE-PIPE-1 step 9.
    state = turn_of(table(), "hound")
    c(state, "hound")["sheet"]["weapons"][0]["grapple_damage"] = 60
    state, _ = play(state, "grapple", "hound", [3], target="lin", weapon="bite")
    state, events = play(state, "respond", "lin", [6, 7], answer="break")
    assert events[-1].kind == "attack.killed"
    assert c(state, "hound")["grapple"] is None


def test_letting_go_ends_the_grapple_and_the_body_shield() -> None:
    # ACE-GRAPPLE-8 / ACE-AMB-30: the cover was the pinned body; released, it is gone.
    state = _pinned_behind_lin()
    assert "release" in kinds(state, "hound")
    assert "release" not in kinds(turn_of(state, "lin", round_no=2), "lin")
    state, events = play(state, "release", "hound")
    assert events[0].kind == "grapple.ended"
    assert c(state, "hound")["grapple"] is None
    assert c(state, "lin")["grapple"] is None
    assert (c(state, "hound")["cover"], c(state, "hound")["shield"]) == ("none", False)


def test_only_the_grappler_lets_go() -> None:
    state = _pinned_behind_lin()
    with pytest.raises(IllegalAction, match="not holding"):
        play(turn_of(state, "lin", round_no=3), "release", "lin")


def test_the_shield_falls_with_a_dead_body() -> None:
    # The GM's HP tool kills the pinned Lin: the grapple ends and so does the cover.
    state = _pinned_behind_lin()
    c(state, "lin")["hp"] = 5
    state, events = play(state, "hp", "gm", target="lin", amount=-5)
    assert events[-1].kind == "attack.killed"
    assert (c(state, "hound")["grapple"], c(state, "hound")["cover"]) == (None, "none")


def test_breaking_the_pin_takes_the_shield_away() -> None:
    state = turn_of(_pinned_behind_lin(), "lin", round_no=3)
    state, events = play(state, "escape", "lin", [20, 1], method="break")
    assert events[-1].kind == "grapple.unpinned"
    assert (c(state, "hound")["cover"], c(state, "hound")["shield"]) == ("none", False)


def test_an_empty_pool_is_told_as_such_whether_the_target_lives_or_dies() -> None:
    # ACE-DICE-2: a pool of 0 rolls no dice; only the flat extras (here 7) can still hurt.
    from rules.ace.actions.attack import hurt

    state = table()
    hound = c(state, "hound")
    hit = damage_from(0, (), 0, False, 7, "", 0, 0, S)
    assert (hit.pool, hit.total) == (0, 7)
    lives = hurt(state, {**hound, "hp": 20}, hit, None, rule="ACE-DMG-1")
    empty = "takes 7 damage (the damage pool is empty: no dice to roll)"
    assert lives.text == f"{hound['name']} {empty}; 13 HP left."
    dies = hurt(state, {**hound, "hp": 5}, hit, None, rule="ACE-DMG-1")
    assert dies.kind == "attack.killed"
    assert dies.text == f"{hound['name']} {empty} and dies."
