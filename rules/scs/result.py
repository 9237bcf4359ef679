"""A finished scenario's result as words: the winner (or a draw) and each side's victory points
(SCS-VIC-1, PD-30), read from the state the game ended in; the campaign page shows it next to
the encounter, so a campaign keeps the outcome of every scenario it played."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.messages import Msg
from rules.scs import messages as m
from rules.scs.actions.common import side_name
from rules.scs.state import scenario_of


def _side(scn: Any, side: str) -> Msg | str:
    """A side by the name its scenario gives it, in the reader's language (issue 36), else by
    its message where the game names it (Blue, Red: 蓝方, 红方)."""
    message = getattr(m, f"SIDE_{side.upper()}", None)
    if message is None or scn.side_labels.get(side):
        return side_name(scn, side)
    said: Msg = message()
    return said


def result(state: Mapping[str, Any]) -> tuple[Msg, list[Msg]] | None:
    """(the verdict, each side's score) once the game is over, else None."""
    winner, vp = state.get("winner"), state.get("vp")
    if state.get("phase") != "over" or winner is None or not isinstance(vp, Mapping):
        return None
    scn = scenario_of(dict(state))
    verdict = m.DRAW() if winner == "draw" else m.WINS(side=_side(scn, str(winner)))
    return verdict, [m.SCORE(side=_side(scn, s), vp=int(vp.get(s, 0))) for s in scn.sides]
