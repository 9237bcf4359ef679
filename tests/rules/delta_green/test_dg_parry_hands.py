"""Parrying rules DG inherits (COC-PARRY-7..-9) and a weapon in each hand (COC-TWOWEAP-1,
COC-TWOGUN-1)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from dg_helpers import PISTOL, agent, c, encounter, gm, play

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.delta_green import SYSTEM

CLUB: dict[str, Any] = {
    "key": "club",
    "name": "Club",
    "kind": "melee",
    "skill": "club",
    "damage": "1d6",
    "can_impale": False,
    "ready": True,
}
SABRE: dict[str, Any] = {**CLUB, "key": "sabre", "name": "Sabre", "skill": "sword", "sword": True}
DAGGER: dict[str, Any] = {
    "key": "dagger",
    "name": "Dagger",
    "kind": "knife",
    "skill": "knife",
    "damage": "1d4+2",
}
RIFLE: dict[str, Any] = {
    "key": "rifle",
    "name": "Rifle",
    "skill": "rifle",
    "damage": "2d6+4",
    "rof": 1,
    "capacity": 5,
    "two_handed": True,
    "hp": 6,
    "ready": True,
}
SKILLS = {"club": 50, "sword": 50, "knife": 50, "rifle": 50, "grapple": 50, "fist": 50}


def _duel(b_weapons: list[dict[str, Any]], **settings: Any) -> dict[str, Any]:
    """a (DEX 16, club) attacks b (DEX 10) in round 1; b has 40 HP."""
    state = encounter(
        agent("a", dex=16, weapons=[CLUB], skills=SKILLS),
        agent("b", side="cult", dex=10, hp=40, weapons=b_weapons, skills=SKILLS),
        **settings,
    )
    state, _ = gm(state, "start_round", [5, 1])
    return state


def _b_attacks_first(state: dict[str, Any], weapon: str) -> dict[str, Any]:
    """b swings at a (missing) before a's attack: b's weapon has attacked this round."""
    state, _ = play(state, "delay", "a", [])
    state, _ = play(state, "melee", "b", [99], weapon=weapon, target="a")
    return state


def test_coc_parry_7_a_club_that_attacked_cannot_parry_in_the_same_round() -> None:
    """COC-PARRY-7 (`dg.attack_and_parry = "swords_only"`): b's club swung, so b parries
    bare-handed, which is no use against a club (COC-PARRY-6)."""
    state = _b_attacks_first(_duel([CLUB]), "club")
    state, _ = play(state, "declare_parry", "b", [], attacker="a")
    state, events = play(state, "melee", "a", [40, 3, 2], weapon="club", target="b")
    assert "bare-handed: no use" in events[0].text
    assert events[0].payload["results"] == ["hit"]


def test_coc_parry_7_a_sword_attacks_and_parries() -> None:
    """COC-PARRY-7: a sabre may attack and parry in one round."""
    state = _b_attacks_first(_duel([SABRE]), "sabre")
    state, _ = play(state, "declare_parry", "b", [], attacker="a")
    state, events = play(state, "melee", "a", [40, 30], weapon="club", target="b")
    assert events[0].payload["results"] == ["parried"]


def test_coc_parry_7_setting_any_lets_every_weapon_attack_and_parry() -> None:
    """`dg.attack_and_parry = "any"` changes the outcome of the same dice: the club parries."""
    state = _b_attacks_first(_duel([CLUB], attack_and_parry="any"), "club")
    state, _ = play(state, "declare_parry", "b", [], attacker="a")
    state, events = play(state, "melee", "a", [40, 30], weapon="club", target="b")
    assert events[0].payload["results"] == ["parried"]


def test_coc_parry_7_a_club_that_parried_cannot_attack_this_round() -> None:
    """COC-PARRY-7: after parrying with the club, b may not swing it this round."""
    state = _duel([CLUB])
    state, _ = play(state, "declare_parry", "b", [], attacker="a")
    state, _ = play(state, "melee", "a", [40, 30], weapon="club", target="b")
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="COC-PARRY-7"):
        SYSTEM.resolve(
            state, Action("melee", "b", {"weapon": "club", "target": "a"}), LoadedDice([])
        )
    assert state == before


def test_coc_twoweap_1_attack_with_one_weapon_and_parry_with_the_other() -> None:
    """COC-TWOWEAP-1: club in hand, dagger drawn into the other hand: the dagger parries
    although the club has attacked."""
    state = encounter(
        agent("a", dex=16, weapons=[CLUB], skills=SKILLS),
        agent("b", side="cult", dex=10, hp=40, weapons=[CLUB, DAGGER], skills=SKILLS),
    )
    state, _ = gm(state, "start_round", [5, 1])
    state, _ = play(state, "delay", "a", [])
    state, events = play(state, "draw", "b", [], weapon="dagger", hand="off")
    assert c(state, "b")["off_hand"] == "dagger"
    state, _ = play(state, "pass", "a", [])  # pass 1 ends; in pass 2 a lets b go first
    state, _ = play(state, "delay", "a", [])
    state, _ = play(state, "melee", "b", [99], weapon="club", target="a")
    state, _ = play(state, "declare_parry", "b", [], attacker="a")
    state, events = play(state, "melee", "a", [40, 30], weapon="club", target="b")
    assert events[0].payload["results"] == ["parried"]
    assert c(state, "b")["round"]["parried_with"] == "dagger"


def test_coc_twoweap_1_no_other_hand_beside_a_two_handed_weapon() -> None:
    """COC-TWOWEAP-1: a rifle takes both hands."""
    state = encounter(
        agent("b", dex=10, weapons=[RIFLE, DAGGER], skills=SKILLS), agent("a", side="cult")
    )
    state, _ = gm(state, "start_round", [5, 1])
    with pytest.raises(IllegalAction, match="two-handed weapon leaves no hand free"):
        SYSTEM.resolve(
            state, Action("draw", "b", {"weapon": "dagger", "hand": "off"}), LoadedDice([])
        )


def test_coc_parry_8_a_rifle_parries_but_then_cannot_fire_and_is_put_out_of_action() -> None:
    """COC-PARRY-8: a rifle (HP 6) parries a 1d6+2 club blow of 6+2 = 8: past its HP it no
    longer fires (not broken, still held) and 2 get through (COC-PARRY-4)."""
    heavy = {**CLUB, "damage": "1d6+2"}
    state = encounter(
        agent("a", dex=16, weapons=[heavy], skills=SKILLS),
        agent("b", side="cult", dex=10, hp=40, weapons=[RIFLE], skills=SKILLS),
    )
    state, _ = gm(state, "start_round", [5, 1])
    state, _ = play(state, "declare_parry", "b", [], attacker="a")
    state, events = play(state, "melee", "a", [40, 30, 6, 5], weapon="club", target="b")
    assert events[0].payload["results"] == ["parried"]
    assert "no longer fires; 2 gets through" in events[0].text
    assert c(state, "b")["weapons"]["rifle"]["disabled"] is True
    assert c(state, "b")["in_hand"] == "rifle"  # not broken: still held
    with pytest.raises(IllegalAction, match="COC-PARRY-8"):
        SYSTEM.resolve(
            state, Action("fire", "b", {"weapon": "rifle", "target": "a"}), LoadedDice([])
        )


def test_coc_parry_8_a_rifle_that_fired_this_round_does_not_parry() -> None:
    """COC-PARRY-8: no parrying and firing in one round: after its shot b parries bare-handed."""
    state = encounter(
        agent("a", dex=10, weapons=[CLUB], skills=SKILLS),
        agent("b", side="cult", dex=16, hp=40, weapons=[RIFLE], skills=SKILLS),
    )
    state, _ = gm(state, "start_round", [1, 5])
    state, _ = play(state, "fire", "b", [99], weapon="rifle", target="a")
    state, _ = play(state, "declare_parry", "b", [], attacker="a")
    state, events = play(state, "melee", "a", [40, 3, 2], weapon="club", target="b")
    assert "bare-handed: no use" in events[0].text


@pytest.mark.parametrize(
    ("faces", "result"), [([40, 30, 20], "parried"), ([40, 30, 70, 3, 2], "hit")]
)
def test_coc_parry_9_two_grapple_rolls_parry_a_knife(faces: list[int], result: str) -> None:
    """COC-PARRY-9: b (DEX 16) grapples a's dagger (touch range): both rolls must succeed."""
    state = encounter(
        agent("a", dex=10, weapons=[{**DAGGER, "ready": True}], skills=SKILLS),
        agent("b", side="cult", dex=16, hp=40, weapons=[], skills=SKILLS),
    )
    state, _ = gm(state, "start_round", [1, 1])
    state, _ = play(state, "declare_parry", "b", [], attacker="a", grapple="on")
    state, _ = play(state, "pass", "b", [])
    state, events = play(state, "melee", "a", faces, weapon="dagger", target="b")
    assert events[0].payload["results"] == [result]
    assert "parries by grappling" in events[0].text


def test_coc_parry_9_no_grapple_parry_against_a_club_or_a_quicker_foe() -> None:
    """COC-PARRY-9 / COC-PARRY-6: a club is not a touch weapon; no rolls are made."""
    state = encounter(
        agent("a", dex=10, weapons=[CLUB], skills=SKILLS),
        agent("b", side="cult", dex=16, hp=40, weapons=[], skills=SKILLS),
    )
    state, _ = gm(state, "start_round", [1, 1])
    state, _ = play(state, "declare_parry", "b", [], attacker="a", grapple="on")
    state, _ = play(state, "pass", "b", [])
    state, events = play(state, "melee", "a", [40, 3, 2], weapon="club", target="b")
    assert "cannot grapple Club" in events[0].text


def test_coc_twogun_1_a_handgun_in_each_hand_fires_unaimed_at_double_rof() -> None:
    """COC-TWOGUN-1 / COC-UNAIMED-1: Firearms 45 with two pistols: 45 x 1/5 = 9, and ROF 3
    becomes 6 per gun."""
    second = {**PISTOL, "key": "pistol2", "name": "Second pistol", "ready": False}
    state = encounter(
        agent("a", dex=12, weapons=[PISTOL, second], skills={"firearms": 45}),
        agent("b", side="cult"),
    )
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "draw", "a", [], weapon="pistol2", hand="off")
    state, _ = play(state, "pass", "b", [])
    state, events = play(state, "fire", "a", [9, 1, 1], weapon="pistol", target="b")
    assert events[0].payload["chance"] == 9
    assert "unaimed x1/5" in events[0].text


def test_the_parry_form_names_no_call_of_cthulhu_rule_in_its_words() -> None:
    """Parrying by grappling comes from the shared BRP core (DG-GEN-4): Delta Green has no rule of
    its own for it, so its box reads "By grappling", not "By grappling (COC-PARRY-9)" (a Call of
    Cthulhu rule ID in a Delta Green agent's form); the form's "?" mark says where it comes from."""
    state = encounter(
        agent("a", dex=10, weapons=[{**DAGGER, "ready": True}], skills=SKILLS),
        agent("b", side="cult", dex=16, hp=40, weapons=[], skills=SKILLS),
    )
    state, _ = gm(state, "start_round", [1, 1])
    parry = next(t for t in SYSTEM.legal_actions(state, "b") if t.kind == "declare_parry")
    grapple = next(f for f in parry.fields if f.name == "grapple")
    label = grapple.label if isinstance(grapple.label, str) else grapple.label.english()
    assert label == "By grappling"
