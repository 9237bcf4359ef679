"""The GM's round controls (DG-INIT-1/-2, DG-WOUND-9): start a round, next pass, end the round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.actions import is_gm
from rules.core.kit import ActionSpec, ActionTemplate
from rules.delta_green import messages as m
from rules.delta_green.actions.common import everyone, picks, template
from rules.delta_green.actions.rounds_play import end_round, next_pass, start_round

State = Mapping[str, Any]


def offer_start_round(state: State, actor: str) -> ActionTemplate | None:
    """DG-INIT-1 (COC-SURPRISE-*: the first round of an ambush names the surprised)."""
    if state["phase"] == "in_round":
        return None
    fields = []
    if int(state["round"]) == 0:
        fields = [
            picks("surprised", m.F_SURPRISED(), everyone(state)),
            picks("completely_surprised", m.F_COMPLETELY_SURPRISED(), everyone(state)),
        ]
    return template("start_round", m.START_ROUND(), "DG-INIT-1", m.GM(), fields)


def offer_next_pass(state: State, actor: str) -> ActionTemplate | None:
    """DG-INIT-2: the next pass of cards."""
    if state["phase"] != "in_round":
        return None
    return template("next_pass", m.NEXT_PASS(), "DG-INIT-2", m.GM())


def offer_end_round(state: State, actor: str) -> ActionTemplate | None:
    """DG-WOUND-9: end the round (bleeding checks)."""
    if state["phase"] != "in_round":
        return None
    return template("end_round", m.END_ROUND(), "DG-WOUND-9", m.GM())


SPECS: list[ActionSpec[Any]] = [
    ActionSpec("start_round", "DG-INIT-1", start_round, is_gm, offer_start_round),
    ActionSpec("next_pass", "DG-INIT-2", next_pass, is_gm, offer_next_pass),
    ActionSpec("end_round", "DG-WOUND-9", end_round, is_gm, offer_end_round),
]
