"""The round: DEX order, surprise, ties, dying and death, shock, dodge (COC-ROUND/HP/DODGE)."""

from __future__ import annotations

import pytest
from coc_helpers import act, duel, kinds, person, scene, texts

from rules.coc import SYSTEM
from rules.coc.state import status
from rules.core.errors import IllegalAction, SheetError


def test_combatants_act_in_descending_dex_and_surprise_halves_the_rank() -> None:
    state = scene(
        ("a", person("A", dex=14)),
        ("b", person("B", dex=17)),
        ("c", person("C", dex=9)),
        ("d", person("D", dex=11)),
    )
    state, events = act(state, "next_round", "gm", surprise_b="surprised", surprise_d="complete")
    # COC-SURPRISE-1: B acts at rhu(17/2) = 9; COC-SURPRISE-2: so does D, completely surprised,
    # at rhu(11/2) = 6 (the seed halves every surprised defender's DEX; total surprise takes
    # away the attack, not the turn).
    order = [(s["id"], s["rank"]) for s in state["order"]]
    assert order == [("a", 14), ("b", 9), ("c", 9), ("d", 6)]
    assert state["combatants"]["b"]["surprise"] == "surprised"
    with pytest.raises(IllegalAction, match="not C's turn"):
        act(state, "end_turn", "c")
    state, _ = act(state, "end_turn", "a")
    state, _ = act(state, "end_turn", "b")
    state, events = act(state, "end_turn", "c")
    with pytest.raises(IllegalAction, match="completely surprised and cannot attack"):
        act(state, "attack", "d", weapon="club", target="a")
    assert "attack" not in {t.kind for t in SYSTEM.legal_actions(state, "d")}
    state, events = act(state, "end_turn", "d")
    assert "round.started" in kinds(events)
    assert [s["rank"] for s in state["order"]] == [17, 14, 11, 9]  # round 2: surprise is over
    assert state["combatants"]["d"]["surprise"] == ""


def test_a_completely_surprised_defender_may_still_dodge() -> None:
    state = scene(("a", person("A", dex=14)), ("d", person("D", dex=11)))
    state, _ = act(state, "next_round", "gm", surprise_d="complete")
    state, _ = act(state, "dodge", "d")
    assert state["combatants"]["d"]["round"]["dodge"] == "declared"


def test_a_completely_surprised_defender_cannot_answer_an_attack_from_behind() -> None:
    state = scene(("a", person("A", dex=14)), ("d", person("D", dex=11)))
    state, _ = act(state, "next_round", "gm", surprise_d="complete")
    state, _ = act(state, "dodge", "d")
    state, _ = act(state, "parry", "d", attacker="a", weapon="club")
    form = next(t for t in SYSTEM.legal_actions(state, "a") if t.kind == "attack")
    assert "from_behind" in {f.name for f in form.fields}  # offered only while it matters
    # COC-SURPRISE-2: from behind: no parry and no dodge; 20 hits, 1d4+2 = 1 + 2 = 3.
    behind, events = act(
        state, "attack", "a", [20, 1], weapon="knife", target="d", from_behind=True
    )
    assert "cannot answer an attack from behind" in texts(events)
    assert not {"dodge.rolled", "parry.rolled"} & set(kinds(events))
    assert behind["combatants"]["d"]["hp"] == 12 - 3
    # From the front the same defender answers: 20 hits; Dodge 95 fails; 1d4+2 = 3; the club's
    # parry 10 blocks it.
    front, events = act(state, "attack", "a", [20, 95, 1, 10], weapon="knife", target="d")
    assert {"dodge.rolled", "parry.rolled"} <= set(kinds(events))
    assert front["combatants"]["d"]["hp"] == 12


def test_a_dodge_answers_the_attack_and_forbids_attacking_that_round() -> None:
    state = duel()
    state, _ = act(state, "dodge", "bob")
    # Ann's knife: 20 against 50 hits; Bob's Dodge 30: 12 avoids (COC-DODGE-1).
    state, events = act(state, "attack", "ann", [20, 12], weapon="knife", target="bob")
    assert "dodge.rolled" in kinds(events)
    assert "damage.taken" not in kinds(events)
    with pytest.raises(IllegalAction, match="dodged this round"):
        act(state, "attack", "bob", weapon="knife", target="ann")


def test_one_dodge_a_round() -> None:
    state = duel()
    state, _ = act(state, "dodge", "bob")
    with pytest.raises(IllegalAction, match="already dodged"):
        act(state, "dodge", "bob")


def test_the_dying_die_at_the_end_of_the_next_round_unless_first_aid_lifts_them() -> None:
    state = duel()
    state, _ = act(state, "override", "gm", target="bob", field="hp", value=0, reason="cliff")
    assert status(state["combatants"]["bob"]) == "dying"
    state, _ = act(state, "end_turn", "ann")  # bob cannot act: the round ends
    assert state["round"] == 2
    assert not state["combatants"]["bob"]["dead"]
    state, events = act(state, "end_turn", "ann")
    assert "combatant.died" in kinds(events)  # COC-HP-1: end of the round after the fall
    assert state["combatants"]["bob"]["dead"]


def test_first_aid_brings_the_dying_back_to_one_hp_and_treats_each_wound_once() -> None:
    state = duel()
    # Ann's knife: 30 hits (no impale), 1d4+2 = 6; half of Bob's 12 HP: CON x5, 10 holds.
    state, _ = act(state, "attack", "ann", [30, 4, 10], weapon="knife", target="bob")
    bob = state["combatants"]["bob"]
    assert bob["hp"] == 12 - 6
    state, _ = act(state, "override", "gm", target="bob", field="hp", value=0, reason="bleeds")
    # Round 2, Ann's turn: First Aid 10 against 40 succeeds, 1D3 = 3, capped by the wound (6).
    state, _ = (
        act(state, "end_turn", "bob")
        if state["order"][state["turn"]]["id"] == "bob"
        else (state, [])
    )
    state, events = act(state, "first_aid", "ann", [10, 3], target="bob")
    assert state["combatants"]["bob"]["hp"] == 3
    treated = next(e for e in events if e.kind == "wound.treated")
    # COC-HEAL-1: the log says who treated whom, with what skill, and the HP it gave back.
    assert treated.text == "Ann treats Bob's wound 1 with First Aid: 3 HP restored (COC-HEAL-1)."
    assert (treated.payload["actor"], treated.payload["restored"]) == ("ann", 3)
    assert "combatant.stable" in kinds(events)
    state, _ = act(state, "next_round", "gm")
    with pytest.raises(IllegalAction, match="no wound left"):
        act(state, "first_aid", "ann", target="bob")


def test_first_aid_restores_no_more_than_the_maximum_and_says_so() -> None:
    state = duel()
    # Ann's knife: 30 hits, 1d4+2 = 3 + 2 = 5 (no shock: 5 < 6); Bob at 7 of 12.
    state, _ = act(state, "attack", "ann", [30, 3], weapon="knife", target="bob")
    state, _ = act(state, "override", "gm", target="bob", field="hp", value=11, reason="tough")
    state, _ = act(state, "end_turn", "bob")
    state, events = act(state, "first_aid", "ann", [10, 3], target="bob")
    treated = next(e for e in events if e.kind == "wound.treated")
    assert "1 HP restored" in treated.text  # 1D3 = 3, but 12 is Bob's maximum
    assert state["combatants"]["bob"]["hp"] == 12


def test_shock_half_the_hp_in_one_wound_calls_for_con_x5() -> None:
    state = duel()
    # A 6-point knife wound from 12 HP is half: CON x5 = 60; 95 fails, 1d6 = 2 minutes out,
    # 10 rounds, and the end of round 1 (Bob cannot act) counts one off.
    state, events = act(state, "attack", "ann", [30, 4, 95, 2], weapon="knife", target="bob")
    assert "combatant.shocked" in kinds(events)
    assert state["combatants"]["bob"]["ko_rounds"] == 9
    assert state["round"] == 2
    assert status(state["combatants"]["bob"]) == "unconscious"


def test_a_combatant_felled_at_its_own_rank_still_acts_simultaneously() -> None:
    state = scene(("a", person("A", dex=12)), ("b", person("B", dex=12)))
    state, _ = act(state, "next_round", "gm")
    assert [s["id"] for s in state["order"]] == ["a", "b"]
    state, _ = act(state, "override", "gm", target="a", field="hp", value=10, reason="x")
    # A's knife takes B to 0 at rank 12; B, tied at 12, still strikes back (COC-ROUND-1).
    state, _ = act(state, "override", "gm", target="b", field="hp", value=6, reason="x")
    state, events = act(state, "attack", "a", [30, 4], weapon="knife", target="b")
    assert status(state["combatants"]["b"]) == "dying"
    assert state["order"][state["turn"]]["id"] == "b"
    state, events = act(state, "attack", "b", [30, 4, 10], weapon="knife", target="a")
    assert "damage.taken" in kinds(events)


def test_bad_setup_and_sheet_values_are_refused_naming_the_field() -> None:
    with pytest.raises(SheetError, match=r"combatants\[0\]\.sheet\.dex: must be at least 0"):
        scene(("a", person("A", dex=-1)))
    with pytest.raises(SheetError, match=r"coc.auto_fail_00"):
        scene(("a", person("A")), settings={"coc.auto_fail_00": "maybe"})
    bad = person("A")
    bad["weapons"][0]["damage"] = "lots"
    with pytest.raises(SheetError, match=r"weapons\[0\]\.damage"):
        scene(("a", bad))


def test_light_halves_skills_and_darkness_makes_them_01() -> None:
    state = duel()
    state, events = act(state, "set_light", "gm", light="dim")
    state, events = act(state, "skill", "ann", [20], skill="spot_hidden")
    assert "against 20%" in texts(events)  # COC-DARK-1: 40 halved
    state, _ = act(state, "set_light", "gm", light="dark", impossible="first_aid")
    state, events = act(state, "skill", "ann", [1], skill="spot_hidden")
    assert "against 1%" in texts(events)  # COC-DARK-2
    with pytest.raises(IllegalAction, match="impossible in the dark"):
        act(state, "skill", "ann", skill="first_aid")  # COC-DARK-3


def test_only_the_keeper_uses_the_keepers_tools() -> None:
    state = duel()
    with pytest.raises(IllegalAction, match="ann may not explode"):
        act(state, "explode", "ann", dice=5, radius=2, d_bob=1)
    with pytest.raises(IllegalAction, match="needs a reason"):
        act(state, "override", "gm", target="bob", field="hp", value=3, reason="  ")


def test_weeks_of_rest_heal_1d3_a_week_oldest_wounds_first_and_end_the_fight() -> None:
    state = duel()
    # Ann's knife: 30 hits, 1d4+2 = 3 + 2 = 5 (no shock: 5 < 6); Bob at 7 of 12, one wound.
    state, _ = act(state, "attack", "ann", [30, 3], weapon="knife", target="bob")
    # COC-HEAL-1: one week, 1D3 = 2: Bob at 9, the wound down to 3.
    rested, events = act(state, "pass_weeks", "gm", [2], weeks=1, t_bob=True)
    assert "over 1 week: 1D3 rolls 2, 2 HP regained" in texts(events)
    bob = rested["combatants"]["bob"]
    assert (bob["hp"], [w["damage"] for w in bob["wounds"]]) == (9, [3])
    assert (rested["round"], rested["order"]) == (0, [])  # next_round starts a new fight
    # Two weeks, 3 + 3 = 6, but only 5 are missing: Bob whole again, the wound gone.
    rested, events = act(state, "pass_weeks", "gm", [3, 3], weeks=2, t_bob=True)
    assert "1D3 a week rolls 6, 5 HP regained" in texts(events)
    assert (rested["combatants"]["bob"]["hp"], rested["combatants"]["bob"]["wounds"]) == (12, [])


def test_weeks_do_not_pass_over_the_dying_or_running_effects() -> None:
    state = duel()
    dying, _ = act(state, "override", "gm", target="bob", field="hp", value=0, reason="bleeds")
    with pytest.raises(IllegalAction, match="natural healing needs HP above 0"):
        act(dying, "pass_weeks", "gm", weeks=1, t_bob=True)
    burning, _ = act(state, "hazard", "gm", hazard="on_fire", t_ann=True)
    with pytest.raises(IllegalAction, match="Effects are still running"):
        act(burning, "pass_weeks", "gm", weeks=1, t_bob=True)
    with pytest.raises(IllegalAction, match="between 1 and 52"):
        act(state, "pass_weeks", "gm", weeks=0, t_bob=True)
    with pytest.raises(IllegalAction, match="Choose a target"):
        act(state, "pass_weeks", "gm", weeks=1)
