"""Inherited BRP hazards inside Delta Green (DG-GEN-4, DG-HP-4, DG-ARM-7; COC-EXPL/FALL/...)."""

from __future__ import annotations

import pytest
from dg_helpers import agent, c, encounter, gm

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.delta_green import SYSTEM
from rules.delta_green.state import is_unconscious


def test_explosion_bands_each_target_rolls_and_vests_count_half() -> None:
    """COC-EXPL-1/-2, DG-ARM-7: dynamite 5d6 r 2 m: at 1 m 5d6, at 5 m 3d6 less vest II at 4."""
    state = encounter(agent("a", hp=40), agent("b", hp=40, vest={"level": 2}), agent("far"))
    state, events = gm(
        state,
        "hazard",
        [1, 2, 3, 4, 5, 6, 6, 6],
        type="explosion",
        targets="a,b,far",
        distances="1,5,11",
        dice=5,
        radius_m=2,
    )
    assert c(state, "a")["hp"] == 40 - 15
    assert c(state, "b")["hp"] == 40 - (18 - 4)
    assert c(state, "far")["hp"] == 12
    assert "out of the blast" in events[0].text
    assert all(v == 0 for v in c(state, "b")["damage"].values())  # DG-HP-4: total HP only


def test_the_explosion_form_ticks_who_is_caught_and_plays_the_ticked_list() -> None:
    """COC-EXPL-1 through the GM's form: who is caught is ticked by name (the page sends the
    ticked ids as a list, in the form's order), the distances follow in that order."""
    state = encounter(agent("a", hp=40), agent("b", hp=40), agent("far"))
    [hazard] = [t for t in SYSTEM.legal_actions(state, "gm") if t.kind == "hazard"]
    caught = next(f for f in hazard.fields if f.name == "targets")
    assert caught.type == "picks"
    assert [choice.value for choice in caught.choices] == ["a", "b", "far"]
    state, events = gm(
        state,
        "hazard",
        [1, 2, 3, 4, 5],
        type="explosion",
        targets=["a", "far"],
        distances="1,11",
        dice=5,
        radius_m=2,
    )
    assert c(state, "a")["hp"] == 40 - 15
    assert c(state, "b")["hp"] == 40
    assert "out of the blast" in events[0].text


def test_fall_in_metres_with_a_jump() -> None:
    """COC-FALL-1/-2 with DG-GEN-5: 10 m = 32.8 ft -> 2d6; a good Jump -> 1d6."""
    state = encounter(agent("a", hp=20, skills={"jump": 40}))
    fallen, events = gm(state, "hazard", [3, 4], type="fall", target="a", height_m=10)
    assert c(fallen, "a")["hp"] == 13
    jumped, events = gm(state, "hazard", [40, 5], type="fall", target="a", height_m=10, jumped=True)
    assert c(jumped, "a")["hp"] == 15
    assert "success, 1d6 less" in events[0].text


def test_acid_grades() -> None:
    state = encounter(agent("a", hp=20))
    state, _ = gm(state, "hazard", [1], type="acid", target="a", grade="weak")
    assert c(state, "a")["hp"] == 20  # 1d3 - 1 = 0


@pytest.mark.parametrize(("roll", "lost"), [(90, 20), (91, 10)])
def test_poison_against_con(roll: int, lost: int) -> None:
    """COC-POISON-1/-2/-3: cyanide POT 20 vs CON 12 -> 90%; failure costs half."""
    state = encounter(agent("a", hp=30, con=12))
    state, events = gm(state, "hazard", [roll], type="poison", target="a", potency=20)
    assert "90%" in events[0].text
    assert c(state, "a")["hp"] == 30 - lost


def test_incapacitating_poison_knocks_out_until_cleared() -> None:
    state = encounter(agent("a", con=12))
    state, _ = gm(
        state, "hazard", [1], type="poison", target="a", potency=17, effect="incapacitating"
    )
    assert is_unconscious(c(state, "a"))
    state, _ = gm(state, "gm_condition", [], target="a", condition="knocked_out", on=False)
    assert not is_unconscious(c(state, "a"))


def test_drowning_sequence_at_round_ends() -> None:
    """COC-DROWN-2/-4: CON 8: 79 holds under x10 = 80; x9 = 72 fails on 73 -> 1d6; then 1d6 a
    round."""
    state = encounter(agent("a", hp=20, con=8))
    state, _ = gm(state, "hazard", [], type="drowning", target="a")
    state, _ = gm(state, "start_round", [1])
    state, _ = gm(state, "end_round", [79])
    assert c(state, "a")["hp"] == 20
    state, _ = gm(state, "start_round", [1])
    state, events = gm(state, "end_round", [73, 4])
    assert c(state, "a")["hp"] == 16
    assert "CON x9 = 72" in events[0].text
    state, _ = gm(state, "start_round", [1])
    state, _ = gm(state, "end_round", [3])
    assert c(state, "a")["hp"] == 13
    state, _ = gm(state, "hazard", [], type="drowning", target="a", end=True)
    assert c(state, "a")["drowning"] is None


def test_a_breath_roll_equal_to_con_times_k_fails() -> None:
    """COC-DROWN-2 (AMB-COC-01): the seed says under CON x k: CON 8, 80 against x10 = 80 fails
    and the first 1d6 (4) is lost."""
    state = encounter(agent("a", hp=20, con=8))
    state, _ = gm(state, "hazard", [], type="drowning", target="a")
    state, _ = gm(state, "start_round", [1])
    state, _ = gm(state, "end_round", [80, 4])
    assert c(state, "a")["hp"] == 16


def test_a_drowning_combatant_does_not_change_the_round_of_the_others_bleeding_checks() -> None:
    """COC-DROWN-2 beside DG-WOUND-9: B's chest wound from round 2 is checked at the end of
    round 3 (CON x5 = 50, 51 bleeds), though A, checked first, has been without air only since
    round 2 (its count of rounds without air once overwrote the round number: B's wound was then
    taken for a new one, and no CON roll was made)."""
    state = encounter(agent("a", hp=20, con=8), agent("b", con=10))
    state, _ = gm(state, "start_round", [1, 1])
    state, _ = gm(state, "end_round", [])
    state, _ = gm(state, "start_round", [1, 1])
    state, _ = gm(state, "gm_damage", [], target="b", amount=5, location="chest")
    state, _ = gm(state, "hazard", [], type="drowning", target="a")
    state, events = gm(state, "end_round", [1])
    assert "B: chest/abdomen wound is new" in events[0].text
    hp = c(state, "b")["hp"]
    state, _ = gm(state, "start_round", [1, 1])
    state, events = gm(state, "end_round", [1, 51])
    assert "End of round 3; A: holding breath, d100 = 1 vs CON x9 = 72" in events[0].text
    assert "B: CON x5 d100 = 51 vs 50: bleeds, -1 HP" in events[0].text
    assert c(state, "b")["hp"] == hp - 1


def test_torch_sets_clothes_alight_on_a_failed_luck_roll() -> None:
    """COC-FIRE-3/-4: 1d6; Luck (POW x5 = 60) fails -> on fire, 1d6 at every round end."""
    state = encounter(agent("a", hp=30, pow=12))
    state, _ = gm(state, "start_round", [1])
    state, _ = gm(state, "hazard", [4, 61], type="fire", target="a", fire="torch")
    assert c(state, "a")["on_fire"]
    assert c(state, "a")["hp"] == 26
    state, _ = gm(state, "end_round", [5])
    assert c(state, "a")["hp"] == 21


def test_burning_room_luck_failure_starts_suffocation() -> None:
    state = encounter(agent("a", hp=30, pow=12))
    state, _ = gm(state, "hazard", [1, 99], type="fire", target="a", fire="burning_room")
    assert c(state, "a")["hp"] == 27
    assert c(state, "a")["drowning"]["start"] == 10


def test_unknown_hazard_is_refused() -> None:
    state = encounter(agent("a"))
    with pytest.raises(IllegalAction, match="unknown hazard"):
        SYSTEM.resolve(state, Action("hazard", "gm", {"type": "lava"}), LoadedDice([]))


def test_coc_fire_2_severe_burns_cost_con_and_app_on_a_failed_luck_roll() -> None:
    """COC-FIRE-2: burns past half max HP (12 -> 6) in one incident: Luck, else -1D3 CON/APP."""
    state = encounter(agent("a", hp=12, pow=10, con=12, app=12))
    state, _ = gm(state, "hazard", [4], type="fire", target="a", fire="bonfire")
    assert c(state, "a")["sheet"]["con"] == 12  # 6 burned: not past half yet
    state, events = gm(state, "hazard", [1, 51, 2, 3], type="fire", target="a", fire="bonfire")
    assert (c(state, "a")["sheet"]["con"], c(state, "a")["sheet"]["app"]) == (10, 9)
    assert "CON -2, APP -3" in events[0].text


def test_the_hazard_forms_poison_list_names_no_call_of_cthulhu_rule_in_its_words() -> None:
    """A poison's onset time comes from the shared BRP core (DG-GEN-4, the card's "?" mark):
    Delta Green has no onset rule of its own (DG-HP-4 only says poison costs total HP), so the
    GM's list reads "Poison: from the table (onset later)", not "... COC-POISON-5)", a Call of
    Cthulhu rule ID in a Delta Green form."""
    state = encounter(agent("a"))
    [hazard] = [t for t in SYSTEM.legal_actions(state, "gm") if t.kind == "hazard"]
    poison = next(f for f in hazard.fields if f.name == "poison")
    label = poison.label if isinstance(poison.label, str) else poison.label.english()
    assert label == "Poison: from the table (onset later)"
