"""Exact previews: the chance of each outcome of an attack, by enumerating the d100."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules.brp.core import impale_threshold, scaled, succeeds
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import bool_param, int_param, list_param, str_param
from rules.core.system import Action, Json
from rules.delta_green import messages as odds
from rules.delta_green import refusals as R
from rules.delta_green.actions.common import combatant, cost_label
from rules.delta_green.actions.shooting import burst_modes, burst_profile, split_shares
from rules.delta_green.combat import (
    Chance,
    attack_chance,
    own_penalties,
    skill,
)
from rules.delta_green.log_messages import DOUBLE_TAP
from rules.delta_green.settings import settings_of
from rules.delta_green.state import (
    weapon_of,
)
from rules.delta_green.tables import (
    BURST_MODES,
    SPRAY,
)
from rules.scene.view import off_players_map, token_gm_only


def _face_outcome(
    face: int, chance: int, mal: int | None, impale_ok: bool, auto: tuple[bool, bool]
) -> str:
    if mal is not None and face >= mal:
        return "malfunction"
    if not succeeds(chance, face, *auto):
        return "miss"
    if impale_ok and face <= impale_threshold(chance):
        return "impale"
    return "hit"


# an outcome of the d100 in words
_OUTCOMES: dict[str, Any] = {
    "hit": odds.ODDS_HIT,
    "impale": odds.ODDS_IMPALE,
    "miss": odds.ODDS_MISS,
    "malfunction": odds.ODDS_MALFUNCTION,
    "chosen location": odds.ODDS_CHOSEN_LOCATION,
    "random location": odds.ODDS_RANDOM_LOCATION,
}


def _said(label: Msg) -> dict[str, Any]:
    """An outcome's label: its English, and its message for the reader's language."""
    return {"label": label.english(), "msg": label.to_json()}


def _prob(count: Fraction | int) -> dict[str, Any]:
    value = Fraction(count)
    return {"probability": float(value), "exact": f"{value.numerator}/{value.denominator}"}


def preview(state: Json, action: Action) -> Json:
    """DG-GEN-3 and the attack rules: the exact chance of each outcome, by enumerating the d100."""
    c = combatant(state, action.actor)
    params = action.params
    kind = action.kind
    auto = (
        bool(settings_of(state).auto_fail_00),
        bool(settings_of(state).auto_success_01),
    )
    if kind not in ("fire", "aimed_shot", "burst", "melee", "suppress", "chamber_fire", "throw"):
        raise IllegalAction.of(R.NO_PREVIEW(kind=repr(kind)))
    weapon = weapon_of(c, str_param(params, "weapon"))
    mal = weapon.get("mal") if weapon["kind"] == "firearm" else None
    if kind == "suppress":
        return _preview_suppress(state, c, weapon, params, auto)
    if kind == "burst" and params.get("split") not in (None, "", []):
        return _preview_split(state, c, weapon, params, auto)
    target = combatant(state, str_param(params, "target"))
    mode = None
    rounds = 1
    walking = False
    die = 1
    if kind == "burst":
        key = str_param(params, "mode")
        if key not in BURST_MODES or key not in burst_modes(c, weapon):
            refusal = R.CANNOT_FIRE_MODE_KEY(weapon=weapon["name"], mode=repr(key))
            raise IllegalAction.of(refusal, "DG-AUTO-6")
        mode = BURST_MODES[key]
        rounds = min(mode.rounds, max(1, int(c["weapons"][weapon["key"]]["loaded"])))
        walking = bool_param(params, "walking")
        mode, die, _ = burst_profile(state, mode, rounds, walking)
    extra: list[tuple[Msg, int]] = []
    if kind == "fire" and bool_param(params, "double_tap"):
        extra.append((DOUBLE_TAP(), -int(settings_of(state).double_tap_penalty)))
    chance: Chance = attack_chance(
        state, c, weapon, target, params, mode, rounds if walking else 0, extra
    )
    value = chance.value
    counts: dict[str, int] = {}
    for face in range(1, 101):
        outcome = _face_outcome(face, value, mal, bool(weapon.get("can_impale")), auto)
        if kind == "aimed_shot" and outcome in ("hit", "impale"):
            half = scaled(value, Fraction(1, 2))
            outcome = (
                "chosen location" if face <= half or outcome == "impale" else "random location"
            )
        counts[outcome] = counts.get(outcome, 0) + 1
    outcomes = [
        {**_said(_OUTCOMES[label]()), **_prob(Fraction(n, 100))} for label, n in counts.items()
    ]
    details: Json = {
        "chance": value,
        "breakdown": chance.explain(),
        "impale_threshold": impale_threshold(value) if weapon.get("can_impale") else 0,
    }
    if mode is not None:
        hit_p = Fraction(counts.get("hit", 0) + counts.get("impale", 0), 100)
        dist = {k: Fraction(1, die) for k in range(1, min(die, rounds) + 1)}
        if die > rounds:
            dist[rounds] = Fraction(die - rounds + 1, die)
        details["hits_die"] = f"1d{die}"
        details["rounds"] = rounds
        details["cost"] = cost_label_text(BURST_MODES[str_param(params, "mode")].actions)
        details["cost_msg"] = cost_label(BURST_MODES[str_param(params, "mode")].actions).to_json()
        details["hits"] = [{"hits": k, **_prob(hit_p * p)} for k, p in dist.items()]
        details["expected_hits"] = float(hit_p * sum(k * p for k, p in dist.items()))
    if kind == "aimed_shot":
        details["bands"] = {"chosen": scaled(value, Fraction(1, 2)), "random": value}
    hitting = sum(n for o, n in counts.items() if o not in ("miss", "malfunction"))
    summary = odds.ODDS_ATTACK(breakdown=chance.said(), chance=hitting)
    details["summary_msg"] = summary.to_json()
    return {"summary": summary.english(), "outcomes": outcomes, "details": details}


def _preview_split(
    state: Json, c: Json, weapon: Json, params: Mapping[str, Any], auto: tuple[bool, bool]
) -> Json:
    """DG-AUTO-4 with `dg.burst_targets = "split"` (COC-AUTO-6): per target its own roll at the
    normal chance and 1d(rounds at it) hits."""
    key = str_param(params, "mode")
    if key not in BURST_MODES or key not in burst_modes(c, weapon):
        refusal = R.CANNOT_FIRE_MODE_KEY(weapon=weapon["name"], mode=repr(key))
        raise IllegalAction.of(refusal, "DG-AUTO-6")
    if settings_of(state).burst_targets != "split":
        raise IllegalAction.of(R.SINGLE_TARGET(), "DG-AUTO-4")
    mode = BURST_MODES[key]
    rounds = min(mode.rounds, max(1, int(c["weapons"][weapon["key"]]["loaded"])))
    mal = weapon.get("mal")
    outcomes = []
    per_target = {}
    for t, n in split_shares(state, c, params, rounds):
        chance = attack_chance(state, c, weapon, t, params, mode if key == SPRAY else None)
        hits = sum(
            1
            for face in range(1, 101)
            if _face_outcome(face, chance.value, mal, bool(weapon.get("can_impale")), auto)
            in ("hit", "impale")
        )
        outcomes.append(
            {**_said(odds.ODDS_TARGET_HIT(target=t["name"])), **_prob(Fraction(hits, 100))}
        )
        per_target[t["id"]] = {"chance": chance.value, "rounds": n, "hits_die": f"1d{n}"}
    summary = odds.ODDS_SPLIT(mode=mode.label, count=len(per_target))
    return {
        "summary": summary.english(),
        "outcomes": outcomes,
        "details": {
            "targets": per_target,
            "rounds": rounds,
            "cost": cost_label_text(mode.actions),
            "cost_msg": cost_label(mode.actions).to_json(),
            "summary_msg": summary.to_json(),
        },
    }


def _preview_suppress(
    state: Json, c: Json, weapon: Json, params: Mapping[str, Any], auto: tuple[bool, bool]
) -> Json:
    """DG-SUPP-2: per target, the chance S-X (or S+X if it braves) on the single roll."""
    s_eff = skill(c, str(weapon["skill"])) + sum(v for _, v in own_penalties(state, c))
    x = int_param(params, "x")
    mal = weapon.get("mal")
    brave_override = set(list_param(params, "brave"))
    outcomes = []
    per_target = {}
    for tid in list_param(params, "targets"):
        t = combatant(state, tid)
        # SCENE-HIDE-4: the bravery of one off the shooter's map is unknown: taken as not braving
        unseen = off_players_map(state, tid) and not token_gm_only(state, c["id"])
        brave = (bool(t["brave"]) and not unseen) or tid in brave_override
        chance = s_eff + x if brave else s_eff - x
        hits = sum(
            1
            for face in range(1, 101)
            if _face_outcome(face, chance, mal, True, auto) in ("hit", "impale")
        )
        outcomes.append(
            {**_said(odds.ODDS_TARGET_HIT(target=t["name"])), **_prob(Fraction(hits, 100))}
        )
        per_target[tid] = {"chance": chance, "brave": brave, "penalty": 0 if brave else -x}
    if mal is not None:
        malfunction = Fraction(101 - int(mal), 100)
        outcomes.append({**_said(odds.ODDS_MALFUNCTION()), **_prob(malfunction)})
    summary = odds.ODDS_SUPPRESS(skill=s_eff, x=x)
    return {
        "summary": summary.english(),
        "outcomes": outcomes,
        "details": {"targets": per_target, "x": x, "summary_msg": summary.to_json()},
    }


def cost_label_text(cost: int | str) -> str:
    """A cost in English, as previews have always given it."""
    return cost_label(cost).english()
