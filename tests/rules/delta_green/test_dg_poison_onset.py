"""Poisons of the table: onset drawn in its range, extra doses (COC-POISON-4..-7, DG-HP-4)."""

from __future__ import annotations

import copy

import pytest
from dg_helpers import agent, c, encounter, gm

from rules.brp.hazards import POISONS, extra_dose_effects, onset_die
from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action
from rules.delta_green import SYSTEM


@pytest.mark.parametrize(
    ("name", "sides", "low", "unit"),
    [("amanita", 19, 6, "hour"), ("arsenic", 1411, 30, "minute"), ("belladonna", 47, 2, "hour")],
)
def test_coc_poison_5_onset_die_matches_the_digest(
    name: str, sides: int, low: int, unit: str
) -> None:
    """COC-POISON-5: 6-24 h -> 6 + (1d19 - 1) h; 30 min-24 h -> 30 + (1d1411 - 1) min;
    2 h-2 days -> 2 + (1d47 - 1) h."""
    poison = POISONS[name]
    assert (onset_die(poison), poison.low, poison.unit) == (sides, low, unit)


def test_coc_poison_6_extra_doses() -> None:
    """COC-POISON-6: chloral hydrate x3: +2 h and 20% failure; sleeping pills x3: 10%."""
    assert extra_dose_effects(POISONS["chloral_hydrate"], 3) == (2, 20)
    assert extra_dose_effects(POISONS["sleeping_pills"], 3) == (0, 10)
    assert extra_dose_effects(POISONS["cyanide"], 3) == (0, 0)


def test_coc_poison_5_arsenic_resisted_now_acts_at_onset_for_half_pot() -> None:
    """COC-POISON-1/-3/-5: arsenic POT 16 vs CON 12: 70%; d100 = 80 resists; onset 1d1411 = 91
    -> 120 minutes; at onset the GM applies half POT, rhu(8) = 8 HP, to total HP only."""
    state = encounter(agent("a"))
    state, events = gm(state, "hazard", [80, 91], type="poison", target="a", poison="arsenic")
    assert "70%, d100 = 80: the body resists" in events[0].text
    assert "takes effect in 120 minutes" in events[0].text
    assert c(state, "a")["hp"] == 12  # nothing yet
    state, events = gm(state, "poison_onset", [], target="a")
    assert "8 HP lost" in events[0].text
    assert c(state, "a")["hp"] == 4
    assert c(state, "a")["damage"]["chest"] == 0  # DG-HP-4: no location
    assert c(state, "a")["poisons"] == []
    with pytest.raises(IllegalAction, match="COC-POISON-5"):
        SYSTEM.resolve(state, Action("poison_onset", "gm", {"target": "a"}), LoadedDice([]))


def test_coc_poison_5_one_round_onset_acts_at_the_end_of_the_next_round() -> None:
    """COC-POISON-5/-7: chloroform (POT 15 vs CON 12: 65%) wins on 10 in round 1; its "1 round"
    onset acts at the end of the next round (2), not of round 1."""
    state = encounter(agent("a"), agent("b", side="cult"))
    state, _ = gm(state, "start_round", [1, 1])
    state, _ = gm(state, "hazard", [10], type="poison", target="a", poison="chloroform")
    assert c(state, "a")["poisons"][0]["due_round"] == 2
    state, events = gm(state, "end_round", [])
    assert c(state, "a")["knocked_out"] is False
    state, _ = gm(state, "start_round", [1, 1])
    state, events = gm(state, "end_round", [])
    assert "Chloroform takes effect: unconscious" in events[0].text
    assert c(state, "a")["knocked_out"] is True


@pytest.mark.parametrize(("face", "stops"), [(20, True), (21, False)])
def test_coc_poison_6_extra_doses_risk_respiratory_failure(face: int, stops: bool) -> None:
    """COC-POISON-6 (AMB-COC-05): chloral hydrate x3 wins (d100 = 5 vs 75%), onset 1d3 = 2 min;
    at onset unconscious +2 h, and d100 <= 20 stops the breath: suffocation from CON x6."""
    state = encounter(agent("a"))
    state, events = gm(
        state, "hazard", [5, 2], type="poison", target="a", poison="chloral_hydrate", doses=3
    )
    assert "20% risk of respiratory failure" in events[0].text
    before = copy.deepcopy(state)
    state, events = gm(state, "poison_onset", [face], target="a")
    assert "+ 2 h for the extra doses" in events[0].text
    assert c(state, "a")["knocked_out"] is True
    drowning = c(state, "a")["drowning"]
    assert (drowning is not None and drowning["start"] == 6) == stops
    assert c(before, "a")["drowning"] is None


def test_coc_poison_4_the_gm_may_adjust_potency_and_unknown_poisons_are_refused() -> None:
    """COC-POISON-4: the table is one standard dose; POT may be changed for the situation."""
    state = encounter(agent("a"))
    state, events = gm(
        state, "hazard", [99, 1], type="poison", target="a", poison="cyanide", potency=30
    )
    assert "POT 30 vs CON 12: 100%" in events[0].text  # COC-RES-1: 18 more is automatic
    with pytest.raises(IllegalAction, match="unknown poison"):
        SYSTEM.resolve(
            state,
            Action("hazard", "gm", {"type": "poison", "target": "a", "poison": "tea"}),
            LoadedDice([]),
        )
