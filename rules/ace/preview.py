"""Exact odds before rolling: the hit chance and every damage total of an attack (ACE-PIPE-1)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from rules.ace import messages as m
from rules.ace.actions.attack import cover_penalty, usable_weapons
from rules.ace.actions.common import GM, free, noticed, refuse
from rules.ace.on_the_map import charge_run, is_adjacent, seen_cover, unseen_note
from rules.ace.rolls import SUCCESS_FACE, damage_from, damage_pool, judge_hit
from rules.ace.settings import AceSettings
from rules.ace.state import State, can_act, combatant, settings_of
from rules.ace.stats import (
    absorption,
    attack_value,
    con_reduction,
    defence,
    dodge,
    evasion,
    guard,
    hit_bonus,
    max_charge,
    resistance,
    skill_damage,
    str_bonus,
    weapon,
)
from rules.ace.tables import LOCATIONS, Location
from rules.core.kit import ActionSpec
from rules.core.notation import DiceExpr
from rules.core.params import bool_param, choice_param, int_param
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
    skill: DiceExpr | None = None,
) -> dict[int, Fraction]:
    """Every damage total of a hit, with its exact chance (ACE-PIPE-1 steps 3-9); a skill's own
    damage (ACE-ATK-4) takes the place of the pool."""
    out: dict[int, Fraction] = {}
    if skill is not None:
        bases = skill.distribution(floor=0).probabilities()
        for base, p in bases:
            d = damage_from(0, (), 0, critical, flat, energy, res, con, s, absorb=absorb, base=base)
            out[d.total] = out.get(d.total, Fraction(0)) + p
        return out
    for k, p in successes_distribution(pool).items():
        total = damage_from(pool, (), k, critical, flat, energy, res, con, s, absorb=absorb).total
        out[total] = out.get(total, Fraction(0)) + p
    return out


@dataclass(frozen=True)
class Odds:
    """One attack's exact odds given the defender's answer (ACE-CALLED-2)."""

    bonus: int
    evasion: int
    hit: Fraction
    critical: Fraction
    pool: int
    flat: int
    totals: dict[int, Fraction]

    @property
    def mean(self) -> Fraction:
        return sum((total * p for total, p in self.totals.items()), Fraction(0))


def odds_of(
    s: AceSettings,
    c: Json,
    t: Json,
    w: Mapping[str, Any],
    loc: Location | None,
    answer: str,
    adjacent: bool = False,
) -> Odds:
    """ACE-HIT-1 / ACE-CALLED-1/2 / ACE-DMG-1: the hit chance and each damage total, with a
    dodge taking its points off the hit and a guard its dice off the pool."""
    kind = str(w["kind"])
    bonus = hit_bonus(c, s) + cover_penalty(c, t, kind, s, adjacent) + (loc.hit if loc else 0)
    if answer == "dodge":
        bonus -= dodge(t)  # ACE-CALLED-2 (ACE-EX-28)
    ev = evasion(t, s, kind)
    p_hit, p_crit = hit_chances(bonus, ev, s, called=loc is not None)
    guard_dice = guard(t) if answer == "guard" else 0  # ACE-CALLED-2
    extra = loc.dice if loc else 0
    pool = damage_pool(attack_value(c, s, w), defence(t, s, kind), extra, guard_dice, s)
    covered = {e["location"] for e in t["sheet"]["covered"]}
    flat = (
        loc.extra if loc and (loc.key not in covered or s.extra_when_covered) else 0
    ) + str_bonus(c, s, w)
    energy = str(w["energy"])
    res = resistance(t, energy) if energy else 0
    con = con_reduction(t, s)
    absorb = absorption(t)
    skill = skill_damage(c, w)
    totals: dict[int, Fraction] = {}
    if not (loc is not None and loc.special):
        for crit, weight in ((False, p_hit - p_crit), (True, p_crit)):
            if weight:
                spread = damage_distribution(pool, crit, flat, energy, res, con, s, absorb, skill)
                for total, p in spread.items():
                    totals[total] = totals.get(total, Fraction(0)) + weight * p
    return Odds(bonus, ev, p_hit, p_crit, 0 if skill else pool, flat, totals)


def _percent(p: Fraction) -> str:
    return f"{float(p):.0%}"


def answer_odds(
    s: AceSettings, c: Json, t: Json, w: Mapping[str, Any], loc: Location, adjacent: bool
) -> list[Json]:
    """ACE-CALLED-2: what each reflex answer of the defender would make of the called shot."""
    answers = (
        ("none", m.A_NONE()),
        ("guard", m.A_GUARD(dice=guard(t))),
        ("dodge", m.A_DODGE(hit=dodge(t))),
    )
    rows = []
    for answer, label in answers:
        o = odds_of(s, c, t, w, loc, answer, adjacent)
        line = m.P_IF_ANSWER(
            answer=label, hit=_percent(o.hit), pool=o.pool, mean=f"{float(o.mean):.1f}"
        )
        rows.append(
            {
                "answer": answer,
                "msg": line.to_json(),
                "label": line.english(),
                "hit": fraction_text(o.hit),
                "pool": o.pool,
                "mean": fraction_text(o.mean),
            }
        )
    return rows


def attack_odds(
    state: State, attacker: str, params: Mapping[str, Any], answer: str = "none"
) -> Json:
    """The exact odds of an attack: miss, then each damage total (ACE-HIT-1, ACE-DMG-1); a
    called shot also shows what each reflex answer of the defender would do (ACE-CALLED-2)."""
    s = settings_of(state)
    c = combatant(state, attacker)
    t = combatant(state, str(params.get("target") or ""))
    key = str(params.get("weapon") or c["wielding"])
    w = weapon(c, key)
    if w is None or w not in usable_weapons(c):
        raise refuse(m.NO_WEAPON(name=c["name"]), "ACE-ATK-1")
    loc = LOCATIONS.get(choice_param(params, "location", ["", *LOCATIONS], ""))
    # ACE-AMB-39 / ACE-COVER-1: on a scene map, adjacency and cover are read from the squares
    adjacent = is_adjacent(state, c["id"], t["id"], bool_param(params, "adjacent"))
    c, t = seen_cover(state, c, t)
    o = odds_of(s, c, t, w, loc, answer, adjacent)
    rows = [_row(m.P_MISS(), 1 - o.hit)]
    if loc is not None and loc.special:
        rows.append(_row(m.P_CONTEST(), o.hit))
    rows += [_row(m.P_DAMAGE(total=total), p) for total, p in sorted(o.totals.items())]
    die = 10 if loc else 20
    summary = m.P_SUMMARY(
        die=die,
        bonus=f"{o.bonus:+d}",
        evasion=o.evasion,
        pool=o.pool,
        hit=_percent(o.hit),
        mean=f"{float(o.mean):.1f}",
    )
    details: Json = {
        "summary_msg": summary.to_json(),
        "die": die,
        "bonus": o.bonus,
        "evasion": o.evasion,
        "pool": o.pool,
        "flat": o.flat,
        "hit": fraction_text(o.hit),
        "critical": fraction_text(o.critical),
        "mean": fraction_text(o.mean),
        "location": loc.key if loc else "",
        "answer": answer,
    }
    note = unseen_note(state, c, t, str(w["kind"]))  # SCENE-HIDE-2/3: its square unknown
    if note is not None:
        details["distance_msg"] = note
    asked = can_act(t, s) and free(t, "reflex", s)
    if loc is not None and not loc.special and asked and answer == "none":
        details["answers"] = answer_odds(s, c, t, w, loc, adjacent)
    return {"summary": summary.english(), "outcomes": rows, "details": details}


def _row(label: Any, p: Fraction) -> Json:
    return {
        "label": label.english(),
        "msg": label.to_json(),
        "probability": float(p),
        "exact": fraction_text(p),
    }


def attack_preview(state: State, action: Action) -> Json:
    """The odds of an attack before it is sent; an enemy the attacker's side has not noticed is
    not there (ACE-STEALTH-1)."""
    return attack_odds(_aimed(state, action), action.actor, dict(action.params))


def charge_preview(state: State, action: Action) -> Json:
    """The odds of a charge before it is sent, from where its movement leaves the attacker; an
    enemy the charger's side has not noticed is not there (ACE-STEALTH-1)."""
    params = dict(action.params)
    return attack_odds(_charged(_aimed(state, action), action.actor, params), action.actor, params)


def _aimed(state: State, action: Action) -> State:
    """The state an attack's or charge's odds read, once its target is one the asker's side has
    noticed: an unnoticed enemy is refused in the words of an id nobody has, as the attack itself
    is (ACE-STEALTH-1), so the odds tell nothing of it."""
    if action.actor in state["combatants"]:
        noticed(state, str(action.params.get("target") or ""), action.actor)
    return state


def respond_odds(state: State, action: Action) -> Json:
    """ACE-CALLED-2: the odds of the called shot waiting for this defender, given its answer."""
    pending = state.get("pending")
    if pending is None or pending["kind"] != "called":
        raise refuse(m.NOTHING_PENDING())
    if action.actor not in (GM, pending["target"]):
        raise refuse(m.NOT_ASKED(), "ACE-CALLED-2")
    answer = choice_param(action.params, "answer", ("none", "guard", "dodge"), "none")
    return attack_odds(state, pending["attacker"], pending, answer)


def _charged(state: State, actor: str, params: Mapping[str, Any]) -> State:
    """The state as it would be after the charge's movement (its defence and attack shift); on
    a scene map, with the token where its run ends and the metres that run measures
    (ACE-CMD-ATK-2, rules/ace/on_the_map.py `charge_run`)."""
    c = combatant(state, actor)
    target = state["combatants"].get(str(params.get("target") or ""))
    most = max_charge(c, settings_of(state))
    run = None if target is None else charge_run(state, c, target, params, most)
    metres = int_param(params, "metres", 0, low=0, high=100) if run is None else run.metres
    moved = {**c, "commands": {**c["commands"], "charge": metres}}
    charged = {**state, "combatants": {**state["combatants"], actor: moved}}
    if run is not None:
        scene = state["scene"]
        token = {**scene["tokens"][actor], "at": list(run.cells[-1])}
        charged["scene"] = {**scene, "tokens": {**scene["tokens"], actor: token}}
    return charged


# Each kind with odds gives its spec its preview (rules/ace/__init__.py), so `Actions.preview`
# checks who may send it and names a refused field by its label, as `Actions.resolve` does.
PREVIEWS = {"attack": attack_preview, "charge": charge_preview, "respond": respond_odds}


def with_previews(specs: list[ActionSpec[State]]) -> list[ActionSpec[State]]:
    """The specs, those of a kind with odds carrying its preview."""
    return [replace(s, preview=PREVIEWS.get(s.kind, s.preview)) for s in specs]
