"""Grappling from the grab to the pin and the escape, with size (ACE-GRAPPLE-*)."""

from __future__ import annotations

import pytest
from ace_helpers import c, damage, kinds, play, table, turn_of

from rules.core.errors import IllegalAction
from rules.core.system import Json


def _hound_holds_lin(margin: int = 6) -> Json:
    """Round 1: the hound bites and grapples Lin Yue (hit 3 + 17 > 8; 14 + 6 against 7 + 7)."""
    state = turn_of(table(), "hound")
    state, _ = play(state, "grapple", "hound", [3], target="lin", weapon="bite")
    state, _ = play(state, "respond", "lin", [6, 13 - margin], answer="break")
    return state


def test_lin_yue_grapples_the_larger_hound_by_one() -> None:
    # ACE-EX-31 / ACE-GRAPPLE-2: 17 - 1 for being smaller = 16 against 15: margin 1.
    state = turn_of(table(), "lin")
    state, events = play(state, "grapple", "lin", [5], target="hound")
    assert events[0].payload["hit"]["total"] == 13
    assert state["pending"]["purpose"] == "grapple"
    assert kinds(state, "hound") == ["respond"]
    state, events = play(state, "respond", "hound", [9, 1], answer="break")
    assert (
        events[-1].payload["contest"]["initiator"],
        events[-1].payload["contest"]["defender"],
    ) == (16, 15)
    assert c(state, "lin")["grapple"] == {
        "with": "hound",
        "role": "holder",
        "margin": 1,
        "pinned": False,
        "round": 1,
    }
    assert c(state, "hound")["grapple"]["role"] == "held"


def test_a_tie_goes_to_the_defender() -> None:
    # ACE-AMB-25: 7 + 8 against 1 + 14.
    state = turn_of(table(), "lin")
    state, _ = play(state, "grapple", "lin", [5], target="hound")
    state, events = play(state, "respond", "hound", [8, 1], answer="break")
    assert events[-1].kind == "grapple.resisted"
    assert c(state, "lin")["grapple"] is None


def test_the_gripping_bite_adds_to_the_grapple_hit() -> None:
    # ACE-HIT-4 / ACE-AMB-12: 1d20 + STR 12 + core 2 + bite 3.
    state = turn_of(table(), "hound")
    _, events = play(state, "grapple", "hound", [1], target="lin", weapon="bite")
    assert events[0].kind == "grapple.missed"  # a natural 1 still misses
    _, events = play(state, "grapple", "hound", [2], target="lin", weapon="bite")
    assert events[0].payload["hit"]["total"] == 19


def test_the_grappled_one_fights_at_minus_the_margin() -> None:
    # ACE-GRAPPLE-3 / ACE-AMB-26: Lin's hit and block shrink by 6.
    state = turn_of(_hound_holds_lin(6), "lin")
    lin = c(state, "lin")
    assert lin["grapple"]["margin"] == 6
    _, events = play(state, "attack", "lin", [10], target="hound", weapon="unarmed")
    assert events[-1].payload["hit"]["total"] == 10 + 8 - 6


def test_a_grapple_runs_to_a_pin_and_takes_two_escapes() -> None:
    # ACE-EX-14 / ACE-GRAPPLE-7: grapple, a failed escape, the pin next round, two escapes.
    state = _hound_holds_lin()
    state = turn_of(state, "lin")
    with pytest.raises(IllegalAction, match="too big"):
        play(state, "attack", "lin", [], target="hound", weapon="jian")
    state, events = play(state, "escape", "lin", [2, 10], method="slip")
    assert events[-1].kind == "grapple.held"
    state = turn_of(state, "hound", round_no=1)
    with pytest.raises(IllegalAction, match="round after"):
        play(state, "pin", "hound", [])
    state = turn_of(state, "hound", round_no=2)
    state, _ = play(state, "pin", "hound", [])
    state, events = play(state, "respond", "lin", [15, 10], answer="slip")
    assert c(state, "lin")["grapple"]["pinned"]
    # Pinned: no actions but the escape.
    state = turn_of(state, "lin", round_no=3)
    assert kinds(state, "lin") == ["end_turn", "escape"]
    with pytest.raises(IllegalAction, match="pinned"):
        play(state, "attack", "lin", [], target="hound", weapon="unarmed")
    state, events = play(state, "escape", "lin", [20, 1], method="break")
    assert events[-1].kind == "grapple.unpinned"
    assert c(state, "lin")["grapple"]["pinned"] is False
    state = turn_of(state, "lin", round_no=4)
    state, events = play(state, "escape", "lin", [20, 1], method="break")
    assert events[-1].kind == "grapple.ended"
    assert c(state, "lin")["grapple"] is None
    assert c(state, "hound")["grapple"] is None


def test_moving_in_a_grapple_drags_one_metre_per_point_of_margin() -> None:
    # ACE-EX-32 / ACE-GRAPPLE-5: 18 against 12 -> 6 m, within the hound's 16 m.
    state = turn_of(_hound_holds_lin(), "hound", round_no=2)
    state, events = play(state, "grapple_move", "hound", [4, 4])
    assert events[-1].payload["metres"] == 6


def test_a_pinner_moves_at_half_speed_without_a_contest() -> None:
    # ACE-GRAPPLE-8 / ACE-AMB-29
    state = turn_of(_hound_holds_lin(), "hound", round_no=2)
    state, _ = play(state, "pin", "hound", [])
    state, _ = play(state, "respond", "lin", [15, 10], answer="slip")
    state = turn_of(state, "hound", round_no=3)
    _, events = play(state, "grapple_move", "hound", [])
    assert events[-1].payload["metres"] == 8


def test_a_pinner_with_a_big_margin_hides_behind_the_body() -> None:
    # ACE-GRAPPLE-8 / ACE-AMB-30: margin 26 > Lin's STR 7 -> partial cover.
    state = turn_of(_hound_holds_lin(), "hound", round_no=2)
    state, _ = play(state, "pin", "hound", [])
    state, _ = play(state, "respond", "lin", [20, 1], answer="slip")
    assert c(state, "hound")["grapple"]["margin"] == 26
    state, _ = play(state, "body_shield", "hound", [])
    assert c(state, "hound")["cover"] == "partial"


def test_a_pinner_attacks_with_a_normal_hit_roll() -> None:
    # ACE-GRAPPLE-9 / ACE-AMB-31
    state = turn_of(_hound_holds_lin(), "hound", round_no=2)
    state, _ = play(state, "pin", "hound", [])
    state, _ = play(state, "respond", "lin", [15, 10], answer="slip")
    state = turn_of(state, "hound", round_no=3)
    _, events = play(state, "attack", "hound", [1], target="lin", weapon="bite")
    assert events[-1].kind == "attack.missed"


def test_striking_inside_a_grapple_skips_the_hit_roll_and_uses_grappling() -> None:
    # ACE-GRAPPLE-6 / ACE-AMB-28: Lin, held at -6, wins the contest with bare hands:
    # STR 7 + grappling 1 + fist 1 = 9 against the hound's melee defence 8 -> 1 die.
    state = turn_of(_hound_holds_lin(), "lin")
    state, _ = play(state, "grapple_strike", "lin", [], weapon="unarmed")
    state, events = play(state, "respond", "hound", [20, 1, 10], answer="break")
    assert damage(events)["pool"] == 1
    assert damage(events)["total"] == 5
    assert c(state, "lin")["used"]["move"]  # a full-round action


def test_a_third_party_strikes_one_grappler_by_size_with_the_lower_defence() -> None:
    # ACE-EX-33 / ACE-GRAPPLE-4 / ACE-AMB-27: d9 5 -> the size-5 hound; defence min(8, 4) = 4.
    start = turn_of(_hound_holds_lin(), "su")
    _, events = play(start, "attack", "su", [5, 5, 8, 8, 1, 1], target="hound", weapon="dagger")
    assert damage(events)["target"] == "hound"
    assert damage(events)["defence"] == 4
    assert damage(events)["pool"] == 4
    _, events = play(start, "attack", "su", [6, 19, 8, 1, 1, 1], target="hound", weapon="dagger")
    assert damage(events)["target"] == "lin"


def test_only_the_held_one_escapes() -> None:
    state = turn_of(_hound_holds_lin(), "hound", round_no=2)
    with pytest.raises(IllegalAction, match="not held"):
        play(state, "escape", "hound", [], method="break")


def test_a_special_grapple_hurts_once_the_contest_is_won() -> None:
    # ACE-GRAPPLE-10: a crushing bite deals 10 when it takes hold.
    state = turn_of(table(), "hound")
    c(state, "hound")["sheet"]["weapons"][0]["grapple_damage"] = 10
    state, _ = play(state, "grapple", "hound", [3], target="lin", weapon="bite")
    state, events = play(state, "respond", "lin", [6, 7], answer="break")
    assert damage(events)["total"] == 10
    assert c(state, "lin")["hp"] == 50


def test_a_pinner_may_strike_without_a_hit_roll_when_the_table_says_so() -> None:
    # ACE-AMB-31, the other reading.
    state = _hound_holds_lin()
    state["settings"]["ace.pinner_hit_roll"] = False
    state = turn_of(state, "hound", round_no=2)
    state, _ = play(state, "pin", "hound", [])
    state, _ = play(state, "respond", "lin", [15, 10], answer="slip")
    state = turn_of(state, "hound", round_no=3)
    _, events = play(state, "attack", "hound", [1] * 12, target="lin", weapon="bite")
    assert damage(events)["pool"] == 12
