"""Exact odds before an action is sent: attacks, invasions, overcharge."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules.core.errors import IllegalAction, RulesError
from rules.core.params import bool_param, str_param
from rules.core.system import Action
from rules.mech import refusals as R
from rules.mech import state as st
from rules.mech.actions.aim import Terms, area_targets, attack_terms, weapon_index
from rules.mech.context import Ctx
from rules.mech.damage import (
    distribution,
    max_of_two,
    parse_expr,
    reduce_damage,
)
from rules.mech.harm import (
    target_of,
)
from rules.mech.settings import TOTAL_20_HITS, settings_of
from rules.mech.state import Json, Unit, has, hostile
from rules.mech.tables import overcharge_expr


def _frac(p: Fraction) -> Json:
    return {"probability": float(p), "exact": f"{p.numerator}/{p.denominator}"}


def hit_chances(terms: Terms, mode: str, total_20_hits: bool = False) -> tuple[Fraction, Fraction]:
    """MECH-ATK-*, MECH-CRIT-1: exact P(hit) and P(critical) over the twenty d20 faces;
    `total_20_hits`: MECH-AMB-23's other reading (a total of 20 crits, so hits, at any defence)."""
    hits = crits = 0
    for face in range(1, 21):
        total = face + terms.bonus + terms.modifier
        if total >= terms.defence or (total_20_hits and mode != "tech" and total >= 20):
            hits += 1
            if mode != "tech" and total >= 20:
                crits += 1
    scale = Fraction(1, 2) if terms.invisible else Fraction(1)  # MECH-COND-INVISIBLE
    return Fraction(hits, 20) * scale, Fraction(crits, 20) * scale


def _damage_after(
    dist: Mapping[int, Fraction],
    t: Unit,
    wtype: str,
    bonus: int,
    btype: str,
    ap: bool,
    burn: int,
    per_type: bool = False,
) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    target = target_of(t)
    for value, p in dist.items():
        parts = [(wtype, value)] + ([(btype, bonus)] if bonus else [])
        total = reduce_damage(parts, target, ap, per_type).total
        if burn:
            total += reduce_damage([("burn", burn)], target).total
        out[total] = out.get(total, Fraction(0)) + p
    return out


def target_notes(terms: Terms) -> list[str]:
    """What one target adds (cover, Prone, Lock On): its row of the odds table."""
    return [str(note) for note in terms.why if note not in terms.own]


def preview_overcharge(state: Json, action: Action) -> Json:
    """MECH-OVERCHARGE-TABLE: the heat of the next overcharge and the chance it overheats."""
    u = st.unit(state, action.actor)
    count = int(u["overcharge_count"]) + 1
    expr = parse_expr(overcharge_expr(count))
    dist = distribution(expr)
    room = int(u["stats"]["heat_cap"]) - int(u["heat"])
    stress = sum((p for v, p in dist.items() if v > room), Fraction(0))
    heat_outcomes = [
        {"label": "heat stays within the cap", **_frac(1 - stress)},
        {"label": "overheats: stress damage", **_frac(stress)},
    ]
    return {
        "summary": f"Overcharge number {count}: heat {expr} ({expr.low}–{expr.high}); "
        f"{u['heat']}/{u['stats']['heat_cap']} now",
        "outcomes": heat_outcomes,
        "details": {"heat": {str(k): _frac(v) for k, v in dist.items()}},
    }


def preview_tech(state: Json, action: Action) -> Json:
    """MECH-TECH-INVADE: the chance an invasion hits (the other tech options have no odds)."""
    u = st.unit(state, action.actor)
    params = dict(action.params)
    if str_param(params, "option", "") != "invade":
        raise IllegalAction(R.NO_PREVIEW_FOR(kind=action.kind))
    t = st.unit(state, str_param(params, "target"))
    if has(t, "hidden") and hostile(u, t):  # MECH-COND-HIDDEN: refused as resolve refuses it
        raise IllegalAction(
            R.IS_HIDDEN_AND_CANNOT_BE_TARGETED(target=t["name"]), "MECH-COND-HIDDEN"
        )
    terms = attack_terms(state, u, t, "tech", params)
    hit, _ = hit_chances(terms, "tech")
    return {
        "summary": f"Invade {t['name']}: d20 {terms.bonus + terms.modifier:+d} vs e-defense "
        f"{terms.defence}",
        "outcomes": [
            {"label": "hit: 2 heat, Impaired and Slowed", **_frac(hit)},
            {"label": "miss", **_frac(1 - hit)},
        ],
        "details": {"why": [str(note) for note in terms.why]},
    }


def preview_attack(state: Json, action: Action) -> Json:
    """The exact chances of an attack (hit, critical, damage) on each target, before rolling."""
    u = st.unit(state, action.actor)
    params = dict(action.params)
    weapon: Json | None = None
    origin = None
    if action.kind == "attack":
        weapon = u["weapons"][weapon_index(u, params)]
    if weapon is not None and weapon.get("area"):
        ctx = Ctx(state, NoDice())
        targets, origin, cells = area_targets(ctx, u, weapon, params)
        # MECH-COND-HIDDEN: the odds come from what the attacker's side sees; a Hidden enemy in
        # the area is left out, or sweeping free previews over the map would pin its square.
        targets = [
            i
            for i in targets
            if not (has(st.unit(state, i), "hidden") and hostile(u, st.unit(state, i)))
        ]
    else:
        targets = [str_param(params, "target")]
        t = st.unit(state, targets[0])
        if has(t, "hidden") and hostile(u, t):
            raise IllegalAction(
                R.IS_HIDDEN_AND_CANNOT_BE_TARGETED(target=t["name"]), "MECH-COND-HIDDEN"
            )
        cells = []
    mode = weapon["kind"] if weapon else "melee"
    expr = parse_expr(str(weapon["damage"]) if weapon else "1d6")
    followup = bool_param(params, "followup")
    bonus = 0 if followup or weapon is None else int(weapon.get("bonus", 0))
    if bonus and len(targets) > 1:
        bonus = -(-bonus // 2)
    wtype = weapon["type"] if weapon else str(settings_of(state).improvised_type)
    btype = wtype if wtype in ("explosive", "energy", "kinetic") else "kinetic"
    if settings_of(state).bonus_type == "kinetic":  # MECH-AMB-29, other reading
        btype = "kinetic"
    per_type = settings_of(state).armour_rule == "once_per_damage_type"  # MECH-AMB-27
    normal = distribution(expr)
    if bonus:
        normal = {k + bonus: v for k, v in normal.items()}
    critical = max_of_two(normal)
    outcomes: list[Json] = []
    per: list[Json] = []
    attacker: list[str] = []  # the attacker's own modifiers: shown once, not in a target's row
    for tid in targets:
        t = st.unit(state, tid)
        terms = attack_terms(
            state, u, t, mode, params, origin, weapon.get("skill") if weapon else None
        )
        hit, crit = hit_chances(terms, mode, settings_of(state).critical == TOTAL_20_HITS)
        name = t["name"]
        outcomes += [
            {"label": f"{name}: critical", **_frac(crit)},
            {"label": f"{name}: hit", **_frac(hit - crit)},
            {"label": f"{name}: miss", **_frac(1 - hit)},
        ]
        if action.kind in ("grapple", "ram"):
            per.append({"target": tid, "name": name, "hit": float(hit), "why": target_notes(terms)})
            attacker = [str(note) for note in terms.own]
            continue
        attacker = [str(note) for note in terms.own]
        burn = int(weapon["burn"]) if weapon else 0
        ap = bool(weapon and weapon["ap"])
        after = _damage_after(normal, t, wtype, bonus, btype, ap, burn, per_type)
        after_crit = _damage_after(critical, t, wtype, bonus, btype, ap, burn, per_type)
        expected = (hit - crit) * sum(k * p for k, p in after.items()) + crit * sum(
            k * p for k, p in after_crit.items()
        )
        per.append(
            {
                "target": tid,
                "name": name,
                "hit": float(hit),
                "crit": float(crit),
                "damage_min": min(after),
                "damage_max": max(after_crit),
                # MECH-BURN-1: the range counts the burn dealt at once on a hit (issue 34: a 1d3
                # pod read 3–5 without saying why)
                "burn": reduce_damage([("burn", burn)], target_of(t)).total if burn else 0,
                "expected": float(expected),
                "expected_exact": f"{expected.numerator}/{expected.denominator}",
                "why": target_notes(terms),
                "modifier": terms.modifier,
                "bonus": terms.bonus,
                "defence": terms.defence,
            }
        )
    label = weapon["name"] if weapon else action.kind.replace("_", " ")
    plus = f"+{bonus}" if bonus else ""
    span = f"{expr.low + bonus}–{expr.high + bonus}"
    summary = f"{label}: {len(targets)} target(s); damage {expr}{plus} ({span})"
    return {
        "summary": summary,
        "outcomes": outcomes,
        "details": {"targets": per, "attacker": attacker, "area": [list(c) for c in cells]},
    }


class NoDice:
    """Dice for previews: never rolled (areas are found without dice)."""

    def __init__(self) -> None:
        self.records: list[Any] = []

    def roll(self, sides: int, purpose: str) -> int:
        raise RulesError(R.A_PREVIEW_ROLLS_NO_DICE())
