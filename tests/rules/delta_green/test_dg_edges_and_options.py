"""Edges, sights, unaimed fire, prone fighting, reloading and other options (DG-EDGE-*, COC-*)."""

from __future__ import annotations

import pytest
from dg_helpers import M60, PISTOL, SMG, agent, c, encounter, gm, play

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action, Audience
from rules.delta_green import SYSTEM
from rules.delta_green.combat import defence_chance
from rules.delta_green.state import current_actor, is_unconscious


def _chance(state: dict, actor: str, **params: object) -> int:
    action = Action(str(params.pop("kind", "fire")), actor, {"target": "b", **params})
    return int(SYSTEM.preview(state, action)["details"]["chance"])


def test_dg_gen_3_flat_modifiers_first_then_multipliers_rounded_once() -> None:
    """DG-GEN-3: (50 - 8 vest) x 2 point-blank = 84; x 1/2 dim light -> 42."""
    state = encounter(agent("a", vest={"level": 2}), agent("b"))
    assert _chance(state, "a", weapon="pistol", distance_m=2) == 84
    assert _chance(state, "a", weapon="pistol", distance_m=2, dim=True) == 42
    assert _chance(state, "a", weapon="pistol", dark=True) == 1  # COC-DARK-2


def test_dg_edge_8_eagle_eye_doubles_point_blank() -> None:
    """DG-EDGE-8: DEX 12 -> 12 ft = 3.66 m; Eagle Eye -> 24 ft = 7.32 m."""
    plain = encounter(agent("a"), agent("b"))
    eagle = encounter(agent("a", edges=["eagle_eye"]), agent("b"))
    assert _chance(plain, "a", weapon="pistol", distance_m=5) == 50
    assert _chance(eagle, "a", weapon="pistol", distance_m=5) == 100
    assert _chance(eagle, "a", weapon="pistol", distance_m=7.4) == 50


@pytest.mark.parametrize(
    ("flags", "distance", "chance"),
    [
        ({}, 30, 25),  # base range 20 m: 30 m is the second multiple -> 1/2
        ({"scope": True}, 30, 50),  # COC-SCOPE-1: 40 m
        ({"laser": True}, 70, 50),  # COC-LASER-1: 80 m
        ({"silencer": True}, 15, 25),  # COC-SILENCER-1: 10 m
    ],
)
def test_sights_and_silencers_change_the_base_range(
    flags: dict, distance: int, chance: int
) -> None:
    state = encounter(agent("a", weapons=[{**PISTOL, **flags}]), agent("b"))
    assert _chance(state, "a", weapon="pistol", distance_m=distance) == chance


def test_coc_unaimed_fire_one_fifth_and_double_rof() -> None:
    """COC-UNAIMED-1/-4: Handgun 45 -> 9 unaimed; 60+ keeps the normal chance; ROF doubles."""
    state = encounter(agent("a", dex=18, skills={"firearms": 45}), agent("b", hp=99, dex=4))
    assert _chance(state, "a", weapon="pistol", unaimed=True) == 9
    good = encounter(agent("a", skills={"firearms": 60}), agent("b"))
    assert _chance(good, "a", weapon="pistol", unaimed=True) == 60
    state, _ = gm(state, "start_round", [10, 1])
    for _ in range(4):
        state, _ = play(state, "fire", "a", [95], weapon="pistol", target="b", unaimed=True)
        if current_actor(state) == "b":
            state, _ = play(state, "pass", "b", [])
    assert c(state, "a")["round"]["shots"]["pistol"] == 4  # more than ROF 3


def test_dg_edge_4_close_quarters() -> None:
    """DG-EDGE-4: in a confined space +10 Parry, opponents' Dodge -10 against this agent."""
    state = encounter(
        agent("a", edges=["close_quarters"], skills={"fist": 50, "dodge": 30}),
        agent("b", skills={"fist": 50, "dodge": 30}),
    )
    state, _ = gm(state, "set_confined", [], value=True)
    a, b = c(state, "a"), c(state, "b")
    assert defence_chance(state, b, a, "dodge") == 20
    assert defence_chance(state, a, b, "fist") == 50
    assert defence_chance(state, a, b, "parry") == 0 + 10


def test_dg_edge_5_hand_to_hand_parry_bonus() -> None:
    """DG-EDGE-5: +10 Parry unarmed: parry 55 beats a 55 roll only with the edge."""
    setup = dict(skills={"fist": 45})
    state = encounter(agent("a", dex=16), agent("b", edges=["hand_to_hand"], **setup))
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "declare_parry", "b", [], attacker="a")
    state, events = play(state, "melee", "a", [40, 55], weapon="fist", target="b")
    assert events[0].payload["results"] == ["parried"]


def test_dg_edge_6_improved_hand_to_hand_against_a_knife() -> None:
    """DG-EDGE-6: +10 Fist against a knife-wielder: 50 -> 60."""
    knife = {
        "key": "knife",
        "name": "Knife",
        "kind": "knife",
        "skill": "knife",
        "damage": "1d4+2",
        "ready": True,
    }
    state = encounter(
        agent("a", edges=["hand_to_hand", "improved_hand_to_hand"]), agent("b", weapons=[knife])
    )
    assert _chance(state, "a", kind="melee", weapon="fist") == 60


def test_dg_wound_10_prone_penalties() -> None:
    """DG-WOUND-10: prone: -20 to its melee; ranged attacks on it beyond 5 m at -20."""
    state = encounter(agent("a"), agent("b"))
    state, _ = gm(state, "gm_condition", [], target="b", condition="prone", on=True)
    assert _chance(state, "a", weapon="pistol", distance_m=10) == 30
    assert _chance(state, "a", weapon="pistol", distance_m=3) == 100  # point-blank, within 5 m
    state, _ = gm(state, "gm_condition", [], target="a", condition="prone", on=True)
    assert _chance(state, "a", kind="melee", weapon="fist") == 30


def test_dg_wound_1_thresholds_are_cumulative() -> None:
    """DG-WOUND-1 (AMB-DG-26): two hits of 2 on a 4-HP leg reach 1x on the second."""
    state = encounter(agent("a", hp=12))
    state, _ = gm(state, "gm_damage", [], target="a", amount=2, location="left_leg")
    assert not c(state, "a")["prone"]
    state, _ = gm(state, "gm_damage", [], target="a", amount=2, location="left_leg")
    assert c(state, "a")["prone"]


def test_dg_hp_4_general_damage_reduces_total_hp_only() -> None:
    state = encounter(agent("a", hp=12))
    state, _ = gm(state, "gm_damage", [], target="a", amount=5, reason="drowning")
    a = c(state, "a")
    assert a["hp"] == 7
    assert all(v == 0 for v in a["damage"].values())


def test_dg_arm_7_area_damage_meets_the_vest_at_half_ap() -> None:
    """DG-ARM-7 / DG-HP-4: a grenade's 10 against a Level II vest: 10 - 4 = 6, total HP only."""
    state = encounter(agent("a", hp=12, vest={"level": 2}))
    state, events = gm(state, "gm_damage", [], target="a", amount=10, area=True, reason="grenade")
    assert c(state, "a")["hp"] == 6
    assert "vest 2 AP 4 against the area effect -> 6" in events[0].text


def test_dg_arm_8_spot_hidden_reveals_the_vest_to_that_observer_only() -> None:
    state = encounter(
        agent("walsh", vest={"level": 1, "worn_hidden": True}),
        agent("spy", skills={"spot_hidden": 60}),
        agent("other"),
    )
    spy = Audience("player", actors=frozenset({"spy"}))
    other = Audience("player", actors=frozenset({"other"}))
    assert SYSTEM.view(state, spy)["combatants"]["walsh"]["sheet"]["vest"] is None
    failed, events = gm(state, "spot_vest", [61], observer="spy", wearer="walsh")
    assert events[0].audience == "gm"
    assert SYSTEM.view(failed, spy)["combatants"]["walsh"]["sheet"]["vest"] is None
    state, events = gm(state, "spot_vest", [60], observer="spy", wearer="walsh")
    assert events[0].audience == "actor:spy"
    assert SYSTEM.view(state, spy)["combatants"]["walsh"]["sheet"]["vest"]["level"] == 1
    assert SYSTEM.view(state, other)["combatants"]["walsh"]["sheet"]["vest"] is None


def test_dg_act_6_magazine_once_a_round() -> None:
    smg = {**SMG, "loaded": 0}
    state = encounter(agent("a", dex=16, weapons=[smg]), agent("b", dex=4))
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "reload", "a", [], weapon="smg")
    slot = c(state, "a")["weapons"]["smg"]
    assert (slot["loaded"], slot["spare"]) == (30, 2)
    state, _ = play(state, "pass", "b", [])
    state, _ = play(state, "burst", "a", [97], weapon="smg", mode="3", target="b")
    with pytest.raises(IllegalAction, match="one magazine change per round"):
        SYSTEM.resolve(state, Action("reload", "a", {"weapon": "smg"}), LoadedDice([]))


def test_dg_act_6_loose_cartridges_two_a_round() -> None:
    revolver = {**PISTOL, "key": "rev", "capacity": 6, "loaded": 0, "spare": 10, "reload": "loose"}
    state = encounter(agent("a", dex=16, weapons=[revolver]), agent("b", dex=4))
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "reload", "a", [], weapon="rev")
    assert c(state, "a")["weapons"]["rev"]["loaded"] == 2
    state, _ = play(state, "pass", "b", [])
    with pytest.raises(IllegalAction, match="2 cartridges a round"):
        SYSTEM.resolve(state, Action("reload", "a", {"weapon": "rev"}), LoadedDice([]))


def test_dg_act_6_a_belt_takes_two_whole_rounds() -> None:
    belt = {**M60, "loaded": 0}
    state = encounter(agent("a", dex=10, weapons=[belt]), agent("b", dex=4))
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "reload", "a", [], weapon="m60")
    assert c(state, "a")["round"]["spent"] == 3
    state, _ = play(state, "pass", "b", [])
    state, _ = gm(state, "end_round", [])
    state, _ = gm(state, "start_round", [10, 1])
    assert c(state, "a")["round"]["spent"] == 3  # the second round goes to the belt too
    state, _ = play(state, "pass", "b", [])
    state, events = gm(state, "end_round", [])
    slot = c(state, "a")["weapons"]["m60"]
    assert (slot["loaded"], slot["spare"]) == (100, 0)
    assert "new belt is in" in events[0].text


def test_coc_reload_3_chamber_and_fire_costs_two_actions() -> None:
    revolver = {
        **PISTOL,
        "key": "rev",
        "capacity": 6,
        "loaded": 0,
        "spare": 10,
        "reload": "loose",
        "ready": True,
    }
    state = encounter(agent("a", dex=16, weapons=[revolver]), agent("b", dex=4, hp=40))
    state, _ = gm(state, "start_round", [10, 1])
    state, _events = play(state, "chamber_fire", "a", [20, 5, 4], weapon="rev", target="b")
    assert c(state, "a")["round"]["spent"] == 2
    assert c(state, "a")["weapons"]["rev"] == {
        "loaded": 0,
        "spare": 9,
        "jammed": False,
        "broken": False,
    }
    assert c(state, "b")["hp"] == 36


def test_first_aid_through_the_wound_choice() -> None:
    state = encounter(agent("medic", dex=16), agent("hurt", hp=12, dex=4))
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = gm(state, "gm_damage", [], target="hurt", amount=3, location="left_arm")
    state, _ = play(state, "first_aid", "medic", [10, 2], wound="hurt:left_arm")
    assert c(state, "hurt")["hp"] == 11


def test_coc_mal_2_a_revolver_duds_and_loses_the_round() -> None:
    revolver = {
        **PISTOL,
        "key": "rev",
        "capacity": 6,
        "reload": "loose",
        "mal": 100,
        "action": "revolver",
    }
    state = encounter(agent("a", dex=16, weapons=[revolver]), agent("b", dex=4))
    state, _ = gm(state, "start_round", [10, 1])
    state, events = play(state, "fire", "a", [100], weapon="rev", target="b")
    assert "a dud" in events[0].text
    assert c(state, "a")["weapons"]["rev"]["loaded"] == 5
    assert not c(state, "a")["weapons"]["rev"]["jammed"]


def test_coc_mal_4_clearing_a_jam() -> None:
    smg = dict(SMG)
    state = encounter(agent("a", dex=16, weapons=[smg], skills={"smg": 50}), agent("b", dex=4))
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "burst", "a", [98], weapon="smg", mode="3", target="b")
    state, _ = play(state, "pass", "b", [])
    state, _ = gm(state, "end_round", [])
    state, _ = gm(state, "start_round", [10, 1])
    state, events = play(state, "clear_jam", "a", [3, 40], weapon="smg")
    assert not c(state, "a")["weapons"]["smg"]["jammed"]
    assert "1d6 = 3 round(s)" in events[0].text


def test_coc_ko_knockout_takes_a_third_and_knocks_out() -> None:
    """COC-KO-2/-3: damage 8 vs HP 12 -> 30%; success: unconscious and floor(8/3) = 2."""
    club = {
        "key": "club",
        "name": "Club",
        "kind": "melee",
        "skill": "club",
        "damage": "1d8",
        "can_impale": False,
        "ready": True,
    }
    state = encounter(agent("a", dex=16, weapons=[club], skills={"club": 50}), agent("b", hp=12))
    state, _ = gm(state, "start_round", [5, 1])
    knocked, events = play(
        state, "melee", "a", [40, 5, 8, 30], weapon="club", target="b", knockout=True
    )
    assert c(knocked, "b")["hp"] == 10
    assert is_unconscious(c(knocked, "b"))
    assert "knockout 30%" in events[0].text
    failed, _ = play(state, "melee", "a", [40, 5, 8, 31], weapon="club", target="b", knockout=True)
    assert c(failed, "b")["hp"] == 4
    assert not c(failed, "b")["knocked_out"]


def test_coc_ko_1_only_blunt_attacks_knock_out() -> None:
    state = encounter(
        agent(
            "a", dex=16, weapons=[{"key": "knife", "kind": "knife", "damage": "1d4", "ready": True}]
        ),
        agent("b"),
    )
    state, _ = gm(state, "start_round", [5, 1])
    with pytest.raises(IllegalAction, match="blunt"):
        SYSTEM.resolve(
            state,
            Action("melee", "a", {"weapon": "knife", "target": "b", "knockout": True}),
            LoadedDice([1]),
        )


def test_coc_surprise_half_dex_and_no_attack_when_completely_surprised() -> None:
    """COC-SURPRISE-1/-2, DG-INIT-4: surprised rank at half DEX; complete surprise: no attack."""
    state = encounter(agent("x", dex=16), agent("a", dex=16), agent("b", dex=16))
    state, _ = gm(state, "start_round", [5, 5, 5], surprised="a", completely_surprised="b")
    ranks = [c(state, cid)["round"]["rank"] for cid in ("x", "a", "b")]
    assert ranks == [21, 13, 13]
    assert state["order"] == ["x", "a", "b"]
    state, _ = play(state, "pass", "x", [])
    state, _ = play(state, "pass", "a", [])
    with pytest.raises(IllegalAction, match="completely surprised"):
        SYSTEM.resolve(
            state, Action("fire", "b", {"weapon": "pistol", "target": "a"}), LoadedDice([1])
        )


def test_coc_gen_2_luck_and_idea() -> None:
    """COC-GEN-2: Luck = POW x5, Idea = INT x5 as skill rolls."""
    state = encounter(agent("a", dex=16, pow=13, int=15), agent("b"))
    state, _ = gm(state, "start_round", [5, 1])
    _, events = play(state, "skill", "a", [65], skill="luck")
    assert "vs 65: success" in events[0].text
    _, events = play(state, "skill", "a", [76], skill="idea")
    assert "vs 75: failure" in events[0].text


def test_dg_act_5_defence_can_cost_a_card_when_the_gm_says_so() -> None:
    """DG-ACT-5: free by default; with dg.defence_costs_card a dodge turns a card down."""
    for costs, spent in ((False, 0), (True, 1)):
        state = encounter(agent("a", dex=16), agent("b", hp=40), defence_costs_card=costs)
        state, _ = play(state, "set_dodge", "b", [])
        state, _ = gm(state, "start_round", [10, 1])
        state, _ = play(state, "fire", "a", [20, 90, 5, 3], weapon="pistol", target="b")
        assert c(state, "b")["round"]["spent"] == spent


def test_coc_parry_6_bare_hands_do_not_stop_a_knife() -> None:
    knife = {
        "key": "knife",
        "name": "Knife",
        "kind": "knife",
        "skill": "knife",
        "damage": "1d4+2",
        "ready": True,
    }
    state = encounter(agent("a", dex=16, weapons=[knife]), agent("b", hp=40, weapons=[]))
    state, _ = gm(state, "start_round", [5, 1])
    state, _ = play(state, "declare_parry", "b", [], attacker="a")
    state, events = play(state, "melee", "a", [40, 5, 2], weapon="knife", target="b")
    assert "bare-handed: no use" in events[0].text
    assert c(state, "b")["hp"] == 36


def test_coc_ko_6_first_aid_wakes_a_knocked_out_victim() -> None:
    state = encounter(agent("medic", dex=16), agent("b", dex=4, hp=20))
    state, _ = gm(
        state, "hazard", [1], type="poison", target="b", potency=17, effect="incapacitating"
    )
    state, _ = gm(state, "gm_damage", [], target="b", amount=1, location="head")
    state, _ = gm(state, "gm_treat", [10, 1], healer="medic", target="b", location="head")
    assert not c(state, "b")["knocked_out"]


def test_dg_loc_5_a_creature_with_its_own_location_table() -> None:
    """DG-LOC-1/-5: a sheet may remap the d10 (here every face hits the chest)."""
    table = {str(face): "chest" for face in range(1, 11)}
    state = encounter(agent("a", dex=16), agent("b", hp=40, location_table=table))
    state, _ = gm(state, "start_round", [5, 1])
    _, events = play(state, "fire", "a", [20, 10, 3], weapon="pistol", target="b")
    assert events[0].payload["hits"][0]["location"] == "chest"


def test_coc_shotgun_4_damage_by_range_band() -> None:
    """COC-SHOTGUN-4, DG-GEN-5: 4d6 / 2d6 / 1d6 up to 10 / 20 / 50 yd (9.144 / 18.288 / 45.72 m)."""
    shotgun = {
        "key": "sg",
        "name": "Shotgun",
        "skill": "firearms",
        "damage": "4d6",
        "rof": 1,
        "capacity": 5,
        "reload": "loose",
        "base_range_m": 50,
        "ready": True,
        "damage_bands": [[9.144, "4d6"], [18.288, "2d6"], [45.72, "1d6"]],
    }
    state = encounter(agent("a", dex=16, weapons=[shotgun]), agent("b", hp=99))
    state, _ = gm(state, "start_round", [5, 1])
    _, near = play(state, "fire", "a", [20, 5, 1, 1, 1, 1], weapon="sg", target="b", distance_m=9)
    _, mid = play(state, "fire", "a", [20, 5, 1, 1], weapon="sg", target="b", distance_m=9.2)
    _, far = play(state, "fire", "a", [20, 5, 1], weapon="sg", target="b", distance_m=40)
    assert [e[0].payload["hits"][0]["rolled"] for e in (near, mid, far)] == [4, 2, 1]


def test_coc_fire_5_putting_out_burning_clothes() -> None:
    state = encounter(agent("a", dex=16, pow=12), agent("b", dex=4))
    state, _ = gm(state, "start_round", [5, 1])
    state, _ = gm(state, "gm_condition", [], target="a", condition="on_fire", on=True)
    state, events = play(state, "put_out", "a", [60], target="a", skill="luck")
    assert not c(state, "a")["on_fire"]
    assert "out" in events[0].text


def test_coc_impale_5_a_stuck_knife_is_pulled_out_next_round() -> None:
    """COC-IMPALE-5: a melee impale sticks; from the next round a skill roll pulls it free."""
    knife = {
        "key": "knife",
        "name": "Knife",
        "kind": "knife",
        "skill": "knife",
        "damage": "1d4+2",
        "ready": True,
    }
    state = encounter(agent("a", dex=4, weapons=[knife]), agent("b", dex=4, hp=40))
    state, _ = gm(state, "start_round", [5, 1])
    state, events = play(state, "melee", "a", [5, 5, 2, 2], weapon="knife", target="b")
    assert c(state, "a")["stuck"]["in"] == "b"
    assert "stuck in B" in events[0].text
    state, _ = play(state, "pass", "b", [])
    state, _ = gm(state, "end_round", [])
    state, _ = gm(state, "start_round", [5, 1])
    with pytest.raises(IllegalAction, match="stuck"):
        SYSTEM.resolve(
            state, Action("melee", "a", {"weapon": "knife", "target": "b"}), LoadedDice([1])
        )
    state, events = play(state, "pull_out", "a", [50])
    assert c(state, "a")["stuck"] is None
    assert "free" in events[0].text


@pytest.mark.parametrize(("damage_face", "broken", "hp_lost"), [(5, False, 0), (8, True, 2)])
def test_coc_parry_4_the_parrying_object_takes_the_blow(
    damage_face: int, broken: bool, hp_lost: int
) -> None:
    """COC-PARRY-4: club HP 8: an axe's 1d8+2 = 7 holds; 10 breaks it and 2 get through."""
    axe = {
        "key": "axe",
        "name": "Axe",
        "kind": "melee",
        "skill": "axe",
        "damage": "1d8+2",
        "can_impale": False,
        "ready": True,
    }
    club = {
        "key": "club",
        "name": "Club",
        "kind": "melee",
        "skill": "club",
        "damage": "1d6",
        "can_impale": False,
        "hp": 8,
        "ready": True,
    }
    state = encounter(
        agent("a", dex=16, weapons=[axe]), agent("b", hp=40, weapons=[club], skills={"club": 60})
    )
    state, _ = gm(state, "start_round", [5, 1])
    state, _ = play(state, "declare_parry", "b", [], attacker="a")
    faces = [40, 30, damage_face] + ([5] if broken else [])
    state, events = play(state, "melee", "a", faces, weapon="axe", target="b")
    assert events[0].payload["results"] == ["parried"]
    assert c(state, "b")["weapons"]["club"]["broken"] is broken
    assert c(state, "b")["hp"] == 40 - hp_lost


def test_dg_arm_6_hit_locations_off_no_location_roll_and_the_vest_covers_all() -> None:
    """DG-ARM-6: with dg.hit_locations off no d10 is rolled and the vest stops every hit."""
    state = encounter(agent("a", dex=16), agent("b", hp=40, vest={"level": 2}), hit_locations=False)
    state, _ = gm(state, "start_round", [5, 1])
    state, events = play(state, "fire", "a", [20, 10], weapon="pistol", target="b")
    assert events[0].payload["hits"][0]["armour"] == 8
    assert c(state, "b")["hp"] == 38
    assert all(v == 0 for v in c(state, "b")["damage"].values())


def test_dg_arm_6_aimed_shot_at_the_head_passes_the_vest_with_locations_off() -> None:
    state = encounter(agent("a", dex=16), agent("b", hp=40, vest={"level": 2}), hit_locations=False)
    state, _ = play(state, "declare_aimed_shot", "a", [], location="head")
    state, _ = gm(state, "start_round", [5, 1])
    state, events = play(state, "aimed_shot", "a", [20, 10], weapon="pistol", target="b")
    assert events[0].payload["hits"][0]["armour"] == 0
    assert c(state, "b")["hp"] == 30


def test_dg_edge_4_close_quarters_parry_and_hide_in_a_confined_space() -> None:
    club = {
        "key": "club",
        "name": "Club",
        "kind": "melee",
        "skill": "club",
        "damage": "1d6",
        "can_impale": False,
        "ready": True,
    }
    state = encounter(
        agent("a", dex=16, weapons=[dict(club)], skills={"club": 50}),
        agent("b", weapons=[dict(club)], skills={"club": 40, "hide": 30}, edges=["close_quarters"]),
    )
    state, _ = gm(state, "set_confined", [], value=True)
    state, _ = gm(state, "start_round", [5, 1])
    state, _ = play(state, "declare_parry", "b", [], attacker="a")
    state, events = play(state, "melee", "a", [40, 50], weapon="club", target="b")
    assert "parries: d100 = 50 vs 50: parried" in events[0].text  # 40 + 10
    state, events = play(state, "skill", "b", [50], skill="hide")
    assert "vs 50: success" in events[0].text  # 30 + 20


def test_dg_edge_6_improved_hand_to_hand_parries_a_knife_bare_handed() -> None:
    """DG-EDGE-6: +10 Parry against a knife, stacking with Hand-to-Hand: Fist 40 -> 60."""
    knife = {
        "key": "knife",
        "name": "Knife",
        "kind": "knife",
        "skill": "knife",
        "damage": "1d4+2",
        "ready": True,
    }
    state = encounter(
        agent("a", dex=16, weapons=[knife]),
        agent(
            "b", weapons=[], skills={"fist": 40}, edges=["hand_to_hand", "improved_hand_to_hand"]
        ),
    )
    state, _ = gm(state, "start_round", [5, 1])
    state, _ = play(state, "declare_parry", "b", [], attacker="a")
    state, events = play(state, "melee", "a", [40, 60], weapon="knife", target="b")
    assert "parries: d100 = 60 vs 60: parried" in events[0].text


def test_coc_throw_1_thrown_objects_add_half_the_damage_bonus() -> None:
    """COC-THROW-1: db 1d4 rolled 3 -> +2; the hatchet leaves the hand."""
    hatchet = {
        "key": "hatchet",
        "name": "Hatchet",
        "kind": "thrown",
        "skill": "throw",
        "damage": "1d6",
        "base_range_m": 10,
        "ready": True,
    }
    state = encounter(
        agent("a", dex=16, db="1d4", weapons=[hatchet], skills={"throw": 50}), agent("b", hp=40)
    )
    state, _ = gm(state, "start_round", [5, 1])
    state, events = play(state, "throw", "a", [30, 5, 4, 3], weapon="hatchet", target="b")
    assert events[0].payload["hits"][0]["rolled"] == 6
    assert c(state, "b")["hp"] == 34
    assert c(state, "a")["in_hand"] is None


def test_coc_unaimed_2_unaimed_fire_at_several_targets_picks_one_at_random() -> None:
    state = encounter(
        agent("a", dex=16, skills={"firearms": 60}), agent("b", hp=40), agent("x", hp=40)
    )
    state, _ = gm(state, "start_round", [5, 1, 1])
    state, events = play(
        state, "fire", "a", [2, 30, 5, 4], weapon="pistol", target="b", targets="b,x", unaimed=True
    )
    assert "1d2 = 2: X" in events[0].text
    assert c(state, "x")["hp"] == 36


def test_coc_revolver_1_a_full_revolver_may_go_off() -> None:
    revolver = {**PISTOL, "key": "rev", "capacity": 6, "reload": "loose", "action": "revolver"}
    state = encounter(agent("a", pow=10, weapons=[revolver]))
    state, events = gm(state, "revolver_accident", [51], target="a", weapon="rev")
    assert c(state, "a")["weapons"]["rev"]["loaded"] == 5
    assert "goes off" in events[0].text
    with pytest.raises(IllegalAction, match="every chamber"):
        SYSTEM.resolve(
            state,
            Action("revolver_accident", "gm", {"target": "a", "weapon": "rev"}),
            LoadedDice([1]),
        )
