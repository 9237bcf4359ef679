"""Exact odds before a roll: every d100 face is counted, damage by exact dice distributions."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from rules.brp.core import DamageDice, armour_after, malfunctions, resistance_chance, succeeds
from rules.brp.hazards import ACID, POISONS, blast_dice, drown_start
from rules.coc import messages as m
from rules.coc.actions import attack as attack_forms
from rules.coc.actions.care import SKILL_KEYS, _name
from rules.coc.actions.common import everyone
from rules.coc.actions.keeper import HAZARDS, explosion
from rules.coc.chance import Chance
from rules.coc.checks import lit, skill_of
from rules.coc.combat import Attack, chance_for
from rules.coc.state import Script, combatant, settings_of
from rules.core.dice import LoadedDice
from rules.core.kit import Message
from rules.core.params import bool_param, choice_param, int_param
from rules.core.probability import Distribution, preview, sum_of_dice
from rules.core.system import Action, Json
from rules.scene.ranges import measured_preview, reached_preview

P_MALFUNCTION = Message("coc.odds.malfunction", "malfunction")
P_IMPALE = Message("coc.odds.impale", "impale")
P_HIT = Message("coc.odds.hit", "hit")
P_MISS = Message("coc.odds.miss", "miss")
P_HITS = Message("coc.odds.hits", "{target}: {hits} hits")
P_NONE = Message("coc.odds.none", "{target}: no hit")
P_DOWN = Message("coc.odds.down", "{target}: {dice} - down to 0 HP or less")
P_STANDS = Message("coc.odds.stands", "{target}: {dice} - still standing")
P_SUCCESS = Message("coc.odds.success", "success")
P_FAILURE = Message("coc.odds.failure", "failure")
S_ATTACK = Message("coc.odds.attack", "{chance}% to hit, impale on {impale} or less")
S_BURST = Message("coc.odds.burst", "{shots} shots")
S_CHANCE = Message("coc.odds.chance", "{chance}%")
S_BLAST = Message("coc.odds.blast", "{dice}d6, radius {radius} yards")
S_HAZARD = Message("coc.odds.hazard", "one round of {hazard}")


def faces(chance: Chance, mal: int | None, auto_fail_00: bool) -> dict[str, int]:
    """How many of the 100 faces malfunction, impale, hit and miss (COC-MAL-1 first)."""
    counts = {"malfunction": 0, "impale": 0, "hit": 0, "miss": 0}
    for face in range(1, 101):
        if malfunctions(face, mal):
            counts["malfunction"] += 1
        elif succeeds(chance.final, face, auto_fail_00):
            counts["impale" if face <= chance.impale else "hit"] += 1
        else:
            counts["miss"] += 1
    return counts


def _attack_preview(state: Json, action: Action, kinds: tuple[str, ...]) -> Json:
    _, _, weapon, attack = attack_forms.declared(state, action, kinds)
    chance = chance_for(Script(state, LoadedDice([])), attack)
    mal = weapon["mal"] or None if weapon["kind"] == "firearm" else None
    counts = faces(chance, mal, settings_of(state).auto_fail_00)
    labels = {"malfunction": P_MALFUNCTION, "impale": P_IMPALE, "hit": P_HIT, "miss": P_MISS}
    rows = [
        (labels[k]().english(), Fraction(n, 100))
        for k, n in counts.items()
        if n or k != "malfunction"
    ]
    summary = S_ATTACK(chance=chance.final, impale=chance.impale)
    return preview(
        summary.english(),
        rows,
        {
            "chance": chance.to_json(),
            "summary_msg": summary.to_json(),
            "damage": weapon["damage"],
            "damage_modifier": attack.damage_modifier,  # COC-RANGE-2
        },
    )


def attack_preview(state: Json, action: Action) -> Json:
    """The melee attack's odds."""
    return _attack_preview(state, action, ("melee", "unarmed"))


def fire_preview(state: Json, action: Action) -> Json:
    """One shot's odds (each shot of several is rolled alike)."""
    return _attack_preview(state, action, ("firearm",))


def throw_preview(state: Json, action: Action) -> Json:
    """A throw's odds."""
    return _attack_preview(state, action, ("thrown",))


def burst_preview(state: Json, action: Action) -> Json:
    """COC-AUTO-2/-3: per target, the capped chance and the hits die: P(k hits) = P(hit)/n."""
    _, c = attack_forms._attacker(state, action.actor)
    weapon = attack_forms._weapon(state, c, str(action.params.get("weapon") or ""), ("firearm",))
    allocation = attack_forms.burst_allocation(state, action, c, weapon)
    total = sum(n for _, n in allocation)
    cone = attack_forms.in_cone(state, action.params, allocation)
    yards = Fraction(str(action.params.get("distance") or 0))
    cut = attack_forms.long_range_cut(c, weapon, action.params, yards, False)  # COC-RANGE-2
    rows: list[tuple[str, Fraction]] = []
    chances = {}
    for target, shots in allocation:
        attack = Attack(
            attacker=action.actor,
            weapon=weapon["key"],
            target=target,
            distance=yards,
            modifier=int_param(action.params, "modifier", 0, low=-100, high=100),
            damage_modifier=cut,
            light="dark" if bool_param(action.params, "dark") else "",  # SCENE-RANGE-3
        )
        bonus = shots if len(allocation) == 1 else (total if cone else 0)
        chance = chance_for(Script(state, LoadedDice([])), attack, burst_shots=bonus)
        counts = faces(chance, weapon["mal"] or None, settings_of(state).auto_fail_00)
        hit = Fraction(counts["impale"] + counts["hit"], 100)
        name = combatant(state, target)["name"]
        rows.append((P_NONE(target=name).english(), 1 - hit))
        rows.extend(
            (P_HITS(target=name, hits=k).english(), hit / shots) for k in range(1, shots + 1)
        )
        chances[target] = {**chance.to_json(), "malfunction": counts["malfunction"]}
    summary = S_BURST(shots=total)
    return {
        "summary": summary.english(),
        "outcomes": [
            {"label": label, "probability": float(p), "exact": f"{p.numerator}/{p.denominator}"}
            for label, p in rows
        ],
        "details": {"targets": chances, "summary_msg": summary.to_json(), "damage_modifier": cut},
    }


def skill_preview(state: Json, action: Action) -> Json:
    """COC-GEN-1: a skill's chance in this light."""
    c = combatant(state, action.actor)
    key = choice_param(action.params, "skill", SKILL_KEYS)
    chance = lit(state, skill_of(c, key))
    p = Fraction(
        sum(1 for f in range(1, 101) if succeeds(chance, f, settings_of(state).auto_fail_00)), 100
    )
    summary = S_CHANCE(chance=chance)
    return preview(
        f"{_name(key).english()}: {summary.english()}",
        [(P_SUCCESS().english(), p), (P_FAILURE().english(), 1 - p)],
    )


def resist_preview(state: Json, action: Action) -> Json:
    """COC-RES-1: the resistance chance."""
    chance = resistance_chance(
        int_param(action.params, "active", low=0, high=200),
        int_param(action.params, "passive", low=0, high=200),
    )
    p = Fraction(chance, 100)
    return preview(
        S_CHANCE(chance=chance).english(),
        [(P_SUCCESS().english(), p), (P_FAILURE().english(), 1 - p)],
    )


def poison_preview(state: Json, action: Action) -> Json:
    """COC-POISON-1: the chance the poison wins (POT against CON)."""
    victim = combatant(state, action.params.get("target"))
    key = choice_param(action.params, "poison", POISONS)
    potency = int_param(action.params, "pot", 0, low=0, high=100) or POISONS[key].potency
    p = Fraction(resistance_chance(potency, victim["con"]), 100)
    return preview(
        S_CHANCE(chance=resistance_chance(potency, victim["con"])).english(),
        [(m.POISON_WINS().english(), p), (m.POISON_LOSES().english(), 1 - p)],
    )


def _down(victim: Json, dist: Distribution, armour: int) -> Fraction:
    """The chance that one roll of `dist` (after armour) takes a victim to 0 HP or less."""
    return sum(
        (p for v, p in dist.probabilities() if victim["hp"] - armour_after(v, armour) <= 0),
        Fraction(0),
    )


def explode_preview(state: Json, action: Action) -> Json:
    """COC-EXPL-1/-2: each target's band and its exact chance of going down."""
    dice, radius, distances = explosion(state, action.params)
    rows = []
    for ident, yards in distances.items():
        victim = combatant(state, ident)
        band = blast_dice(dice, radius, yards)
        if band <= 0:
            rows.append((P_STANDS(target=victim["name"], dice="0").english(), Fraction(1)))
            continue
        down = _down(victim, sum_of_dice(band, 6), victim["sheet"]["armour"])
        rows.append((P_DOWN(target=victim["name"], dice=f"{band}d6").english(), down))
    summary = S_BLAST(dice=dice, radius=radius)
    return {
        "summary": summary.english(),
        "outcomes": [
            {"label": label, "probability": float(p), "exact": f"{p.numerator}/{p.denominator}"}
            for label, p in rows
        ],
        "details": {"summary_msg": summary.to_json()},
    }


def _expr_distribution(expr: str) -> Distribution:
    """An exact distribution of a damage expression (sums of dice plus a constant, floor 0)."""
    parsed = DamageDice.parse(expr)
    counts: dict[int, int] = {parsed.constant: 1}
    for count, sides in parsed.dice:
        step = sum_of_dice(abs(count), sides)
        sign = 1 if count > 0 else -1
        new: dict[int, int] = {}
        for v, c in counts.items():
            for w, d in step.weights:
                new[v + sign * w] = new.get(v + sign * w, 0) + c * d
        counts = new
    floored: dict[int, int] = {}
    for v, c in counts.items():
        floored[max(0, v)] = floored.get(max(0, v), 0) + c
    return Distribution.from_counts(floored)


def hazard_preview(state: Json, action: Action) -> Json:
    """One round of the hazard for each chosen character: breath odds, or going down."""
    kind = choice_param(action.params, "hazard", HAZARDS)
    chosen = [i for i in sorted(state["combatants"]) if bool_param(action.params, f"t_{i}")]
    rows: list[tuple[str, Fraction]] = []
    for ident in chosen:
        victim = combatant(state, ident)
        if kind.startswith("drowning"):
            start = drown_start(kind == "drowning_surprised" or bool(victim["surprise"]))
            chance = victim["con"] * start
            p = Fraction(min(100, max(0, chance)), 100)
            rows.append((f"{victim['name']}: {P_SUCCESS().english()}", p))
            continue
        expr = {"on_fire": "1d6", "custom": str(action.params.get("dice") or "2d6")}.get(kind)
        if kind.startswith("acid_"):
            expr = ACID[kind[5:]]
        expr = expr or "1d6+2"
        down = _down(victim, _expr_distribution(expr), 0)
        rows.append((P_DOWN(target=victim["name"], dice=expr).english(), down))
    summary = S_HAZARD(hazard=HAZARDS[kind]())
    return {
        "summary": summary.english(),
        "outcomes": [
            {"label": label, "probability": float(p), "exact": f"{p.numerator}/{p.denominator}"}
            for label, p in rows
        ],
        "details": {"summary_msg": summary.to_json()},
    }


PREVIEWS: dict[str, Callable[[Json, Action], Json]] = {
    "attack": reached_preview(attack_preview),  # SCENE-HIDE-3
    "fire": measured_preview(fire_preview, "distance", "dark"),  # SCENE-RANGE-1..3
    "throw": measured_preview(throw_preview, "distance", "dark"),
    "burst": measured_preview(burst_preview, "distance", "dark", attack_forms.first_shot_at),
    "skill": skill_preview,
    "resist": resist_preview,
    "poison": poison_preview,
    "explode": explode_preview,
    "hazard": hazard_preview,
}
_ = everyone
