"""Odds before the dice (SCS-CBT-6/7/8, SCS-ROUND-3): exact chances of every CRT result.

Within what the actor may see: a declaration's odds count only the top defender (SCS-FOW-1).
"""

from __future__ import annotations

from fractions import Fraction

from rules.core.errors import IllegalAction, RulesError
from rules.core.params import list_param, str_param
from rules.core.system import Action, Json
from rules.scs import board
from rules.scs import messages as m
from rules.scs.board import State
from rules.scs.crt import fmt
from rules.scs.figures import combat_figures, shift_word
from rules.scs.scenario import Scenario
from rules.scs.state import scenario_of


def outcomes(scn: Scenario, column: int, drm: int) -> list[Json]:
    dist = scn.crt.distribution(column, drm)
    order = {code: i for i, code in enumerate(_code_order(scn, column))}
    dist.sort(key=lambda rp: order.get(rp[0].code, 99))
    return [
        {"label": r.code, "probability": float(p), "exact": f"{p.numerator}/{p.denominator}"}
        for r, p in dist
    ]


def _code_order(scn: Scenario, column: int) -> list[str]:
    codes: list[str] = []
    for roll in sorted(scn.crt.rows):
        code = scn.crt.rows[roll][column].code
        if code not in codes:
            codes.append(code)
    return codes


def preview_roll(state: State, action: Action) -> Json:
    """The odds of the combat declared, before the attacker rolls (SCS-CBT-5)."""
    scn = scenario_of(state)
    combat = state["combat"]
    if combat is None or combat["result"] is not None:
        raise IllegalAction(m.DECLARE_FIRST(), "SCS-CBT-5")
    fig = combat_figures(scn, state, combat)
    return _preview_from(scn, fig, hidden=0)


def preview_declared(state: State, action: Action) -> Json:
    """The odds of an attack or overrun before it is declared, against the top defender only."""
    scn = scenario_of(state)
    target = str_param(action.params, "target")
    try:
        label = scn.label(scn.grid.cell(target))
    except RulesError as exc:
        raise IllegalAction(exc.msg, "SCS-MAP-3") from None
    # Only the actor's own units on the map: a preview must never price a hidden enemy unit.
    uids = [
        u
        for u in list_param(action.params, "units")
        if u in scn.units
        and scn.units[u].side == action.actor
        and state["units"][u]["status"] == "map"
    ]
    stack = board.stack(state, label)
    if not stack or not uids or scn.units[stack[0]].side == action.actor:
        raise IllegalAction(m.CHOOSE_ATTACK(), "SCS-CBT-1")
    # SCS-ROUND-3 / SCS-FOW-1: odds worked out in advance see only the top defender.
    visible = [stack[0]]
    combat = {
        "kind": action.kind.split(".")[0],
        "target": label,
        "attackers": uids,
        "defenders": visible,
    }
    fig = combat_figures(scn, state, combat)
    return _preview_from(scn, fig, hidden=len(stack) - 1)


def _preview_from(scn: Scenario, fig: Json, hidden: int) -> Json:
    note = m.HIDDEN_NOTE(n=hidden) if hidden else m.NONE(items=[])
    strengths = {"attack": str(fig["attack"]), "defense": str(fig["defense"]), "note": note}
    if fig["column"] is None and scn.crt.below_min == "auto_result":
        code = scn.crt.below_min_result
        said = m.PREVIEW_AUTO(**strengths, odds=str(fig["odds"]), result=code)
        return {
            "summary": said.english(),
            "outcomes": [{"label": code, "probability": 1.0, "exact": "1/1"}],
            "details": {**fig, "summary_msg": said.to_json()},
        }
    if fig["column"] is None:
        said = m.PREVIEW_NO_ATTACK(**strengths)
        return {
            "summary": said.english(),
            "outcomes": [],
            "details": {**fig, "summary_msg": said.to_json()},
        }
    shifts = [m.SHIFT(what=shift_word(scn, w), value=f"{v:+d}") for w, v in fig["shifts"]]
    said = m.PREVIEW_ODDS(
        **strengths,
        ratio=_ratio(fig),
        odds=str(fig["odds"]),
        shifts=m.PREVIEW_SHIFTS(shifts=shifts) if shifts else m.NONE(items=[]),
        column=str(fig["column"]),
        drm=m.PREVIEW_DRM(drm=f"{fig['drm']:+d}") if fig["drm"] else m.NONE(items=[]),
    )
    return {
        "summary": said.english(),
        "outcomes": outcomes(scn, fig["column_index"], fig["drm"]),
        "details": {
            **fig,
            "hidden_defenders": hidden,
            "exact_ratio": _ratio(fig),
            "summary_msg": said.to_json(),
        },
    }


def _ratio(fig: Json) -> str:
    d = Fraction(fig["defense"])
    return fmt(Fraction(fig["attack"]) / d) if d else "∞"
