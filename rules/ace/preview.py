"""Exact odds before rolling: the hit chance and every damage total of an attack (ACE-PIPE-1)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules.ace import messages as m
from rules.ace.actions.attack import cover_penalty, usable_weapons
from rules.ace.actions.common import number, pick, refuse
from rules.ace.rolls import SUCCESS_FACE, damage_from, damage_pool, judge_hit
from rules.ace.settings import AceSettings
from rules.ace.state import State, combatant, settings_of
from rules.ace.stats import (
    absorption,
    attack_value,
    con_reduction,
    defence,
    dodge,
    evasion,
    hit_bonus,
    resistance,
    str_bonus,
    weapon,
)
from rules.ace.tables import LOCATIONS
from rules.core.probability import fraction_text
from rules.core.system import Action, Json

P_SUCCESS = Fraction(11 - SUCCESS_FACE, 10)  # ACE-DICE-2: 8, 9, 10 of a d10


def successes_distribution(pool: int) -> dict[int, Fraction]:
    """ACE-DICE-2: the exact chance of k successes on `pool` d10 (binomial, 3/10 each)."""
    q = 1 - P_SUCCESS
    return {k: math.comb(pool, k) * P_SUCCESS**k * q ** (pool - k) for k in range(max(0, pool) + 1)}


def hit_chances(bonus: int, ev: int, s: AceSettings, called: bool) -> tuple[Fraction, Fraction]:
    """The chance to hit and to hit critically, over every face of the hit die."""
    sides = 10 if called else 20
    hits = crits = 0
    for face in range(1, sides + 1):
        roll = judge_hit(face, bonus, ev, s, called=called)
        hits += roll.hit
        crits += roll.critical
    return Fraction(hits, sides), Fraction(crits, sides)


def damage_distribution(
    pool: int,
    critical: bool,
    flat: int,
    energy: str,
    res: int,
    con: int,
    s: AceSettings,
    absorb: Mapping[str, int] | None = None,
) -> dict[int, Fraction]:
    """Every damage total of a hit, with its exact chance (ACE-PIPE-1 steps 3-9)."""
    out: dict[int, Fraction] = {}
    for k, p in successes_distribution(pool).items():
        total = damage_from(pool, (), k, critical, flat, energy, res, con, s, absorb=absorb).total
        out[total] = out.get(total, Fraction(0)) + p
    return out


def attack_odds(
    state: State, attacker: str, params: Mapping[str, Any], answer: str = "none"
) -> Json:
    """The exact odds of an attack: miss, then each damage total (ACE-HIT-1, ACE-DMG-1)."""
    s = settings_of(state)
    c = combatant(state, attacker)
    t = combatant(state, str(params.get("target") or ""))
    key = str(params.get("weapon") or c["wielding"])
    w = weapon(c, key)
    if w is None or w not in usable_weapons(c):
        raise refuse(m.NO_WEAPON(name=c["name"]), "ACE-ATK-1")
    loc = LOCATIONS.get(pick(params, "location", ["", *LOCATIONS], ""))
    kind = str(w["kind"])
    bonus = hit_bonus(c, s) + cover_penalty(c, t, kind, s) + (loc.hit if loc else 0)
    if answer == "dodge":
        bonus -= dodge(t)  # ACE-CALLED-2
    ev = evasion(t, s, kind)
    p_hit, p_crit = hit_chances(bonus, ev, s, called=loc is not None)
    pool = damage_pool(attack_value(c, s, w), defence(t, s, kind), loc.dice if loc else 0, 0, s)
    covered = {e["location"] for e in t["sheet"]["covered"]}
    flat = (
        loc.extra if loc and (loc.key not in covered or s.extra_when_covered) else 0
    ) + str_bonus(c, s, w)
    energy = str(w["energy"])
    res = resistance(t, energy) if energy else 0
    con = con_reduction(t, s)
    absorb = absorption(t)
    totals: dict[int, Fraction] = {}
    special = loc is not None and loc.special
    if not special:
        for crit, weight in ((False, p_hit - p_crit), (True, p_crit)):
            if weight:
                spread = damage_distribution(pool, crit, flat, energy, res, con, s, absorb)
                for total, p in spread.items():
                    totals[total] = totals.get(total, Fraction(0)) + weight * p
    rows = [_row(m.P_MISS(), 1 - p_hit)]
    if special:
        rows.append(_row(m.P_CONTEST(), p_hit))
    rows += [_row(m.P_DAMAGE(total=total), p) for total, p in sorted(totals.items())]
    mean = sum((total * p for total, p in totals.items()), Fraction(0))
    die = 10 if loc else 20
    summary = m.P_SUMMARY(
        die=die,
        bonus=f"{bonus:+d}",
        evasion=ev,
        pool=pool,
        hit=f"{float(p_hit):.0%}",
        mean=f"{float(mean):.1f}",
    )
    return {
        "summary": summary.english(),
        "outcomes": rows,
        "details": {
            "summary_msg": summary.to_json(),
            "die": die,
            "bonus": bonus,
            "evasion": ev,
            "pool": pool,
            "flat": flat,
            "hit": fraction_text(p_hit),
            "critical": fraction_text(p_crit),
            "mean": fraction_text(mean),
            "location": loc.key if loc else "",
        },
    }


def _row(label: Any, p: Fraction) -> Json:
    return {
        "label": label.english(),
        "msg": label.to_json(),
        "probability": float(p),
        "exact": fraction_text(p),
    }


def preview(state: State, action: Action) -> Json:
    """The odds of an attack or a charge before it is sent."""
    if action.kind not in ("attack", "charge"):
        raise refuse(m.NO_ODDS())
    params = dict(action.params)
    if action.kind == "charge":
        return attack_odds(_charged(state, action.actor, params), action.actor, params)
    return attack_odds(state, action.actor, params)


def _charged(state: State, actor: str, params: Mapping[str, Any]) -> State:
    """The state as it would be after the charge's movement (its defence and attack shift)."""
    metres = number(params, "metres", 0, 100, 0)
    c = combatant(state, actor)
    moved = {**c, "commands": {**c["commands"], "charge": metres}}
    return {**state, "combatants": {**state["combatants"], actor: moved}}
