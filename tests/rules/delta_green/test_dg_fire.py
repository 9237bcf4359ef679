"""Firearms: single shots, bursts, walking fire, short magazines, jams, dodges, aimed shots."""

from __future__ import annotations

import copy

import pytest
from dg_helpers import M60, SMG, agent, c, encounter, gm, play

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.delta_green import SYSTEM


def _duel(shooter: dict, target: dict, **settings: object) -> dict:
    state = encounter(shooter, target, **settings)
    state, _ = gm(state, "start_round", [10, 1])
    return state


def test_we_dg_03_serge_walking_long_burst_spends_twenty_not_twenty_seven() -> None:
    """WE-DG-03 / DG-WALK-1: 50 - 15 + 20 = 55%, 1d10 = 7 hits, 20 rounds spent, 80 left."""
    state = _duel(agent("serge", dex=10, weapons=[dict(M60)]), agent("layne", hp=80))
    bullets = [5, 1, 1] * 7  # chest, 2d6+4 = 6 each
    state, events = play(
        state,
        "burst",
        "serge",
        [40, 7, *bullets],
        weapon="m60",
        mode="20",
        walking=True,
        target="layne",
    )
    payload = events[0].payload
    assert payload["chance"] == 55
    assert len(payload["hits"]) == 7
    assert c(state, "serge")["weapons"]["m60"]["loaded"] == 80
    assert "machine_gun 50 20-round long burst -15 walking fire +20 = 55" in events[0].text
    assert "20 rounds spent, 80 left" in events[0].text
    assert c(state, "layne")["hp"] == 80 - 7 * 6


def test_dg_auto_2_short_magazine_caps_hits_at_rounds_fired() -> None:
    """DG-AUTO-2: long burst with 12 left, 1d20 = 17 -> 12 hits; magazine empty."""
    smg = {**SMG, "loaded": 12}
    state = _duel(agent("a", weapons=[smg]), agent("b", hp=200))
    state, events = play(
        state, "burst", "a", [30, 17, *([5, 1] * 12)], weapon="smg", mode="20", target="b"
    )
    assert len(events[0].payload["hits"]) == 12
    assert c(state, "a")["weapons"]["smg"]["loaded"] == 0
    assert "capped at 12 rounds fired" in events[0].text


def test_dg_auto_4_six_round_burst_one_location_and_armour_check_per_bullet() -> None:
    """DG-AUTO-4: S 50, 6-round burst -> C 55; roll 40 hits; 1d6 = 4 bullets, each its own d10
    (AMB-DG-25, DG-LOC-6), its own damage roll and armour (AMB-DG-13)."""
    state = _duel(agent("a", weapons=[dict(SMG)]), agent("b", hp=60, vest={"level": 2}))
    faces = [40, 4, 5, 9, 8, 9, 1, 3, 10, 2]
    state, events = play(state, "burst", "a", faces, weapon="smg", mode="6", target="b")
    hits = events[0].payload["hits"]
    assert [h["location"] for h in hits] == ["chest", "right_arm", "right_leg", "head"]
    assert [h["armour"] for h in hits] == [8, 0, 0, 0]  # DG-ARM-6: the vest covers the chest only
    assert [h["applied"] for h in hits] == [1, 9, 3, 2]
    assert events[0].payload["chance"] == 55
    assert c(state, "a")["weapons"]["smg"]["loaded"] == 24


def test_dg_auto_4_only_the_first_bullet_impales() -> None:
    """DG-AUTO-4 / COC-AUTO-4 (AMB-DG-13): roll 11 <= rhu(55/5) = 11 impales the first bullet
    only."""
    state = _duel(agent("a", weapons=[dict(SMG)]), agent("b", hp=60))
    faces = [11, 2, 5, 3, 4, 5, 6]  # 2 hits; bullet 1: chest 3 + impale 4; bullet 2: chest 6
    state, events = play(state, "burst", "a", faces, weapon="smg", mode="6", target="b")
    hits = events[0].payload["hits"]
    assert [h["impale"] for h in hits] == [True, False]
    assert [h["rolled"] for h in hits] == [7, 6]
    assert events[0].payload["results"] == ["impale"]


def test_dg_walk_1_walking_spray_is_an_automatic_hit_with_1d20() -> None:
    """DG-WALK-1: S 50 walking spray -> 25 + 100 = 125, uncapped (AMB-DG-15); hits die 1d20,
    the seed's "1d2" read as a truncated 1d20 (AMB-DG-12)."""
    state = _duel(agent("a", dex=10, weapons=[dict(M60)]), agent("b", hp=200))
    state, events = play(
        state, "burst", "a", [98, 1, 5, 1, 1], weapon="m60", mode="100", walking=True, target="b"
    )
    assert events[0].payload["chance"] == 125
    assert [r.purpose for r in events[0].dice][:2] == ["to hit d100", "hits 1d20"]
    assert c(state, "a")["weapons"]["m60"]["loaded"] == 0


def test_coc_mal_3_a_jammed_burst_fires_nothing() -> None:
    """DG-AUTO-4 step 2 / COC-MAL-3: a jam spends no rounds but the cards are gone."""
    state = _duel(agent("a", weapons=[dict(SMG)]), agent("b"))
    state, events = play(state, "burst", "a", [98], weapon="smg", mode="6", target="b")
    assert c(state, "a")["weapons"]["smg"] == {
        "loaded": 30,
        "spare": 3,
        "jammed": True,
        "broken": False,
    }
    assert events[0].payload["results"] == ["malfunction"]
    assert c(state, "a")["round"]["spent"] == 2


@pytest.mark.parametrize(
    ("weapon", "mode", "walking", "message"),
    [
        ("pistol", "3", False, "cannot fire bursts"),
        ("smg", "100", False, "cannot fire a 100-round"),
        ("smg", "6", True, "walking fire needs"),
        ("smg", "7", False, "unknown autofire mode"),
    ],
)
def test_illegal_bursts_are_refused_and_change_nothing(
    weapon: str, mode: str, walking: bool, message: str
) -> None:
    """DG-AUTO-5/-6, DG-WALK-1: modes the weapon cannot fire."""
    from dg_helpers import PISTOL

    state = _duel(agent("a", weapons=[dict(SMG, ready=False), dict(PISTOL)]), agent("b"))
    if weapon == "smg":
        state, _ = play(state, "draw", "a", [], weapon="smg")
        state, _ = play(state, "pass", "b", [])
    before = copy.deepcopy(state)
    action = Action(
        "burst", "a", {"weapon": weapon, "mode": mode, "walking": walking, "target": "b"}
    )
    with pytest.raises(IllegalAction, match=message):
        SYSTEM.resolve(state, action, LoadedDice([5]))
    assert state == before


def test_dg_auto_1_one_dodge_avoids_a_whole_burst_once_a_round() -> None:
    """DG-AUTO-1 / DG-ACT-5: the dodge takes no card and works once a round."""
    state = encounter(agent("a", dex=16, weapons=[dict(SMG)]), agent("b", hp=60))
    state, _ = play(state, "set_dodge", "b", [])
    state, _ = gm(state, "start_round", [10, 1])
    state, events = play(state, "burst", "a", [20, 3, 30], weapon="smg", mode="3", target="b")
    assert events[0].payload["results"] == ["dodged"]
    assert c(state, "b")["hp"] == 60
    assert c(state, "b")["round"]["spent"] == 0
    state, _ = play(state, "pass", "b", [])
    state, events = play(state, "burst", "a", [20, 1, 5, 4], weapon="smg", mode="3", target="b")
    assert events[0].payload["results"] == ["hit"]
    assert c(state, "b")["hp"] == 56


def _called(skill: int, location: str = "head") -> dict:
    state = encounter(agent("a", skills={"firearms": skill, "fist": 50}), agent("b", hp=60))
    state, _ = play(state, "declare_aimed_shot", "a", [], location=location)
    state, _ = gm(state, "start_round", [10, 1])
    return state


@pytest.mark.parametrize(
    ("roll", "faces", "result", "location"),
    [
        (30, [4], "chosen", "head"),
        (31, [1, 4], "random", "right_leg"),
        (60, [5, 4], "random", "chest"),
        (61, [], "miss", None),
        (12, [4, 4], "chosen", "head"),
    ],
)
def test_dg_called_2_three_bands(
    roll: int, faces: list[int], result: str, location: str | None
) -> None:
    """DG-CALLED-2 (AMB-DG-10: the band edge is half the chance, not "the number of attacks"):
    C 60: <= 30 chosen, 31-60 random, 61 miss; 12 impales in the chosen place."""
    state = _called(60)
    state, events = play(state, "aimed_shot", "a", [roll, *faces], weapon="pistol", target="b")
    assert events[0].payload["results"] == [result]
    hits = events[0].payload["hits"]
    assert [h["location"] for h in hits] == ([location] if location else [])
    if roll == 12:
        assert hits[0]["impale"]
        assert hits[0]["rolled"] == 8


def test_dg_called_2_band_edge_for_45() -> None:
    """DG-CALLED-2: C 45 -> band edge rhu(22.5) = 23."""
    state = _called(45)
    _, events = play(state, "aimed_shot", "a", [23, 1], weapon="pistol", target="b")
    assert events[0].payload["results"] == ["chosen"]
    _, events = play(state, "aimed_shot", "a", [24, 1, 1], weapon="pistol", target="b")
    assert events[0].payload["results"] == ["random"]


def test_dg_called_1_only_one_attack_that_round() -> None:
    state = _called(60)
    state, _ = play(state, "aimed_shot", "a", [90], weapon="pistol", target="b")
    state, _ = play(state, "pass", "b", [])
    with pytest.raises(IllegalAction, match="aimed shot"):
        SYSTEM.resolve(
            state, Action("fire", "a", {"weapon": "pistol", "target": "b"}), LoadedDice([1])
        )


def test_dg_called_1_an_aimed_shot_with_an_unarmed_attack_is_refused() -> None:
    state = _called(60)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="needs a firearm"):
        SYSTEM.resolve(
            state, Action("aimed_shot", "a", {"weapon": "fist", "target": "b"}), LoadedDice([1])
        )
    assert state == before


def test_dg_called_1_aimed_shot_must_be_declared_before_initiative() -> None:
    state = _duel(agent("a"), agent("b"))
    with pytest.raises(IllegalAction, match="declare the aimed shot"):
        SYSTEM.resolve(
            state, Action("aimed_shot", "a", {"weapon": "pistol", "target": "b"}), LoadedDice([1])
        )


def test_dg_edge_1_double_tap_two_shots_for_one_action_at_point_blank() -> None:
    """DG-EDGE-1: each shot at -20; point-blank doubles: (50 - 20) x 2 = 60."""
    state = _duel(agent("a", edges=["double_tap"]), agent("b", hp=60))
    state, events = play(
        state,
        "fire",
        "a",
        [61, 60, 5, 3],
        weapon="pistol",
        target="b",
        double_tap=True,
        distance_m=2,
    )
    assert events[0].payload["results"] == ["miss", "hit"]
    assert events[0].payload["chance"] == 60
    assert c(state, "a")["round"]["spent"] == 1
    assert c(state, "a")["weapons"]["pistol"]["loaded"] == 13


def test_dg_edge_1_double_tap_refused_beyond_point_blank() -> None:
    state = _duel(agent("a", edges=["double_tap"]), agent("b"))
    with pytest.raises(IllegalAction, match="point-blank"):
        SYSTEM.resolve(
            state,
            Action(
                "fire",
                "a",
                {"weapon": "pistol", "target": "b", "double_tap": True, "distance_m": 10},
            ),
            LoadedDice([1, 1]),
        )


def test_dg_edge_2_improved_double_tap_at_any_range() -> None:
    """DG-EDGE-2 (AMB-DG-35): Improved Double Tap fires both shots at 10 m, beyond point-blank,
    each at 50 - 20 = 30."""
    state = _duel(agent("a", edges=["double_tap", "improved_double_tap"]), agent("b", hp=60))
    _, events = play(
        state, "fire", "a", [90, 90], weapon="pistol", target="b", double_tap=True, distance_m=10
    )
    assert events[0].payload["chance"] == 30


def test_dg_aim_1_precision_aiming_doubles_ranges_next_round() -> None:
    """DG-AIM-1: base range 20 m doubles to 40 m: at 30 m there is no range penalty."""
    state = _duel(agent("a"), agent("b", dex=4))
    state, _ = play(state, "precision_aim", "a", [], target="b")
    state, _ = play(state, "set_dodge", "b", [])
    state, _ = play(state, "pass", "b", [])
    state, _ = gm(state, "end_round", [])
    state, _ = gm(state, "start_round", [10, 1])
    assert c(state, "a")["aim"]["state"] == "ready"
    preview = SYSTEM.preview(
        state, Action("fire", "a", {"weapon": "pistol", "target": "b", "distance_m": 30})
    )
    assert preview["details"]["chance"] == 50
    state, _ = play(state, "fire", "a", [90], weapon="pistol", target="b", distance_m=30)
    preview = SYSTEM.preview(
        state, Action("fire", "a", {"weapon": "pistol", "target": "b", "distance_m": 30})
    )
    assert preview["details"]["chance"] == 25


def test_dg_aim_1_no_dodge_while_aiming() -> None:
    state = encounter(agent("a", dex=16), agent("b", dex=10, hp=40))
    state, _ = play(state, "set_dodge", "b", [])
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "pass", "a", [])
    state, _ = play(state, "precision_aim", "b", [], target="a")
    # b is aiming: a's hit is not dodged (no dodge roll scripted).
    state, events = play(state, "fire", "a", [20, 5, 3], weapon="pistol", target="b")
    assert events[0].payload["results"] == ["hit"]
    assert c(state, "b")["aim"] is None  # DG-AIM-1: being hit spoils the aim


def test_pistol_in_melee_needs_quick_draw() -> None:
    """DG-EDGE-3: without Quick Draw the engine refuses firing while engaged in melee."""
    state = _duel(agent("a"), agent("b"))
    with pytest.raises(IllegalAction, match="Quick Draw"):
        SYSTEM.resolve(
            state,
            Action("fire", "a", {"weapon": "pistol", "target": "b", "in_melee": True}),
            LoadedDice([1]),
        )


def test_attack_targets_on_the_attackers_side_are_marked_allies() -> None:
    """Issue 10: the table asks before a shot at an ally, so the target choices say who is one."""
    state = encounter(
        agent("serge", dex=18, weapons=[dict(SMG)]),
        agent("layne"),
        agent("cultist", side="others"),
    )
    state, _ = gm(state, "start_round", [10, 1, 1])
    fire = next(t for t in SYSTEM.legal_actions(state, "serge") if t.kind == "fire")
    target = next(f for f in fire.fields if f.name == "target")
    marks = {choice.value: choice.ally for choice in target.choices}
    assert marks == {"cultist": False, "layne": True}
    sent = {choice["value"]: choice.get("ally", False) for choice in target.to_json()["choices"]}
    assert sent == marks  # the flag reaches the table; an enemy's choice carries none
