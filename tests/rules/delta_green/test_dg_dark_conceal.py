"""The scene's light (COC-DARK-1..-3) and hard-to-see targets (COC-CONCEAL-1)."""

from __future__ import annotations

import copy

import pytest
from dg_helpers import PISTOL, agent, c, encounter, gm, play

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.delta_green import SYSTEM


def _pair() -> dict[str, object]:
    state = encounter(
        agent("a", dex=14, skills={"firearms": 50, "spot_hidden": 40, "read_map": 60}),
        agent("b", side="cult"),
    )
    return state


def test_coc_dark_3_the_gm_marks_skills_impossible_in_the_dark() -> None:
    """COC-DARK-3: reading a map in the dark is refused; other skills roll at 01 (COC-DARK-2)."""
    state, events = gm(_pair(), "set_light", [], light="dark", impossible="read_map")
    assert "impossible: read_map" in events[0].text
    state, _ = gm(state, "start_round", [10, 1])
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="COC-DARK-3"):
        SYSTEM.resolve(state, Action("skill", "a", {"skill": "read_map"}), LoadedDice([]))
    assert state == before
    _, events = play(state, "skill", "a", [2], skill="spot_hidden")
    assert "d100 = 2 vs 1 (darkness: 01): failure" in events[0].text


def test_coc_dark_1_dim_scene_halves_attacks_and_skills() -> None:
    """COC-DARK-1: in the GM's dim light Firearms 50 -> 25 and Spot Hidden 40 -> 20."""
    state, _ = gm(_pair(), "set_light", [], light="dim")
    state, _ = gm(state, "start_round", [10, 1])
    state, events = play(state, "fire", "a", [26], weapon="pistol", target="b")
    assert events[0].payload["chance"] == 25
    assert events[0].payload["results"] == ["miss"]
    state, _ = play(state, "pass", "b", [])
    state, events = play(state, "skill", "a", [20], skill="spot_hidden")
    assert "vs 20 (dim light x1/2): success" in events[0].text


def test_coc_conceal_1_locate_before_attacking_a_hard_to_see_target() -> None:
    """COC-CONCEAL-1: no attack until a Spot Hidden finds b; one try per round; then it fires."""
    state, _ = gm(_pair(), "conceal", [], target="b")
    assert c(state, "b")["hidden_from"] == ["a"]
    state, _ = gm(state, "start_round", [10, 1])
    with pytest.raises(IllegalAction, match="COC-CONCEAL-1"):
        SYSTEM.resolve(
            state, Action("fire", "a", {"weapon": "pistol", "target": "b"}), LoadedDice([])
        )
    assert "locate" in [t.kind for t in SYSTEM.legal_actions(state, "a")]
    state, events = play(state, "locate", "a", [41], target="b")
    assert "sees nothing" in events[0].text
    with pytest.raises(IllegalAction, match="one locating roll"):
        SYSTEM.resolve(state, Action("locate", "a", {"target": "b"}), LoadedDice([]))
    state, _ = gm(state, "end_round", [])
    state, _ = gm(state, "start_round", [10, 1])
    state, events = play(state, "locate", "a", [40], target="b")
    assert "finds B" in events[0].text
    assert c(state, "b")["hidden_from"] == []
    state, events = play(state, "fire", "a", [97], weapon="pistol", target="b")
    assert events[0].payload["results"] == ["miss"]


def test_coc_conceal_1_idea_also_locates_and_the_gm_can_reveal() -> None:
    """COC-CONCEAL-1: Idea is INT x5 (INT 12: 60); the GM's 'off' puts b in plain sight."""
    state, _ = gm(_pair(), "conceal", [], target="b", observers="a")
    state, events = play(state, "locate", "a", [60], target="b", skill="idea")
    assert "vs 60: finds B" in events[0].text
    state, _ = gm(_pair(), "conceal", [], target="b")
    state, _ = gm(state, "conceal", [], target="b", reveal="on")
    assert c(state, "b")["hidden_from"] == []


def _gm_form(state: dict[str, object], kind: str) -> dict[str, object]:
    [found] = [t for t in SYSTEM.legal_actions(state, "gm") if t.kind == kind]
    return {f.name: f for f in found.fields}


def test_the_gm_picks_skills_and_weapons_by_name_not_by_key() -> None:
    """COC-DARK-3's impossible skills are ticked, DG-TRAIN-4/DG-RSCH-3's skill chosen, among the
    skills the log knows and those on the sheets here (read_map); COC-REVOLVER-1 and
    COC-SILENCER-2 name the weapon, not its key."""
    revolver = {**PISTOL, "key": "rev", "name": "S&W Model 10", "action": "revolver"}
    state = encounter(
        agent("a", skills={"firearms": 50, "read_map": 60}, weapons=[revolver]),
        agent("b", side="cult", weapons=[{**PISTOL, "silencer": True}]),
    )
    light = _gm_form(state, "set_light")["impossible"]
    assert light.type == "picks"
    values = [choice.value for choice in light.choices]
    assert {"spot_hidden", "read_map"} <= set(values)
    [spot] = [choice.label for choice in light.choices if choice.value == "spot_hidden"]
    assert spot.english() == "spot hidden"  # as a reader says it, not the key
    training = _gm_form(state, "train_skill")["skill"]
    assert (training.type, training.default) == ("choice", "hide")
    assert [c.value for c in training.choices] == values
    weapon = _gm_form(state, "revolver_accident")["weapon"]
    assert [(c.value, c.label) for c in weapon.choices] == [("rev", "S&W Model 10")]
    silenced = _gm_form(state, "fit_silencer")["weapon"]
    assert [c.value for c in silenced.choices] == [PISTOL["key"]]


def test_coc_dark_1_dim_light_halves_a_dodge_and_a_parry_too() -> None:
    """COC-DARK-1: the seed halves every skill roll in dim light, so b's Parry (Fist 50) and
    Dodge 30 come down to 25 and 15, as a's punch does (50 -> 25); in the dark all are 01."""
    state = encounter(agent("a", dex=16), agent("b", dex=4))
    state, _ = gm(state, "set_light", [], light="dim")
    state, _ = play(state, "set_dodge", "b", [])
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "declare_parry", "b", [], attacker="a")
    state, events = play(state, "melee", "a", [20, 26, 15], weapon="fist", target="b")
    assert "fist 50 dim light x1/2 = 25: hit" in events[0].text
    assert "parries: d100 = 26 vs 25: failed; B dodges: d100 = 15 vs 15: dodged" in events[0].text
    dark, _ = gm(encounter(agent("a", dex=16), agent("b", dex=4)), "set_light", [], light="dark")
    dark, _ = play(dark, "set_dodge", "b", [])
    dark, _ = gm(dark, "start_round", [10, 1])
    dark, events = play(dark, "melee", "a", [1, 2, 5, 2], weapon="fist", target="b")
    assert "dodges: d100 = 2 vs 1: failed" in events[0].text
