"""Damage (ACE-PIPE-1 steps 2-9): the pool and its roll, or a skill's own damage, then
absorption, resistance and CON, and the HP it takes; a death, whatever dealt it, ends a grapple
and is an `attack.killed` event (ACE-ATTR-3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ace import messages as m
from rules.ace.actions.common import NO_DICE
from rules.ace.actions.grapple_ends import release_ops
from rules.ace.rolls import Damage, damage_from, damage_pool, resolve_damage
from rules.ace.state import Op, State, cpath, settings_of
from rules.ace.stats import (
    absorption,
    attack_value,
    con_reduction,
    resistance,
    skill_damage,
    str_bonus,
)
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.system import Event, Json


def harm(state: State, t: Json, amount: int) -> tuple[list[Op], bool]:
    """ACE-ATTR-3: HP lost; at 0 the combatant dies at once (a grapple it was in ends, and a
    prompt waiting on it closes)."""
    hp = int(t["hp"]) - amount
    ops: list[Op] = [["set", cpath(t["id"], "hp"), hp]]
    dead = hp <= 0 and not t["dead"]
    if dead:
        ops.append(["set", cpath(t["id"], "dead"), True])
        ops += release_ops(state, t["id"])
        pending = state.get("pending")
        if pending and t["id"] in (pending["attacker"], pending["target"]):
            ops.append(["set", ["pending"], None])
    return ops, dead


def damage_details(d: Damage) -> Json:
    """The pipeline's steps for the table (die by die, successes highlighted)."""
    return {
        "pool": d.pool,
        "faces": list(d.faces),
        "successes": d.successes,
        "base": d.base,
        "flat": d.flat,
        "absorbed": d.absorbed,
        "resisted": d.resisted,
        "reduced": d.reduced,
        "total": d.total,
        "energy": d.energy,
    }


def hurt(
    state: State,
    t: Json,
    result: Damage,
    records: Emitter | None,
    *,
    rule: str,
    audience: str = "all",
    **details: Any,
) -> Event:
    """ACE-PIPE-1 step 9 / ACE-ATTR-3: the HP a damage result takes; a death is always
    `attack.killed`, whatever dealt it (an attack, an area, a special grapple). Without an
    emitter, the event tells no dice of its own."""
    records = records if records is not None else Emitter(state, NO_DICE)
    ops, dead = harm(state, t, result.total)
    ops.append(["set", ["last_damage"], {"target": t["id"], **damage_details(result)}])
    words = {
        "target": t["name"],
        "total": result.total,
        "pool": result.pool,
        "successes": result.successes,
    }
    line = m.KILLED(**words) if dead else m.DAMAGE(**words, hp=int(t["hp"]) - result.total)
    if result.pool <= 0:  # ACE-DICE-2: a pool of 0 rolls nothing (not "0 successes of 0 dice")
        empty = {"target": t["name"], "total": result.total}
        line = (
            m.NO_POOL_KILLED(**empty)
            if dead
            else m.NO_POOL_DAMAGE(**empty, hp=int(t["hp"]) - result.total)
        )
    if "roll" in details:  # ACE-ATK-4: a skill's own damage has no successes to tell
        said_skill = {"target": t["name"], "total": result.total}
        said_skill |= {"skill": details["skill"], "roll": details["roll"]}
        line = (
            m.SKILL_KILLED(**said_skill)
            if dead
            else m.SKILL_DAMAGE(**said_skill, hp=int(t["hp"]) - result.total)
        )
    return records.emit(
        "attack.killed" if dead else "damage.dealt",
        line,
        ops,
        audience=audience,
        damage={"target": t["id"], **details, **damage_details(result)},
        rule=rule,
    )


def deal(
    state: State,
    attacker: Json,
    t: Json,
    w: Mapping[str, Any],
    records: Emitter,
    dice: Dice,
    *,
    critical: bool,
    defence_value: int,
    extra_dice: int = 0,
    guard_dice: int = 0,
    flat_extra: int = 0,
    automatic: bool = False,
    in_grapple: bool = False,
    rule: str = "ACE-PIPE-1",
) -> Event:
    """ACE-PIPE-1 steps 2-9 against `t`: the pool, the roll, extras, resistance, HP."""
    s = settings_of(state)
    atk = attack_value(attacker, s, w, in_grapple=in_grapple)
    if automatic:
        pool = max(0, atk - defence_value)  # ACE-AMB-24: no bonus dice of any kind
    else:
        pool = damage_pool(atk, defence_value, extra_dice, guard_dice, s)
    flat = flat_extra + str_bonus(attacker, s, w)
    charge = int(attacker["commands"].get("charge") or 0)
    if charge and s.charge_bonus == "flat_damage" and w["kind"] == "melee":
        flat += charge  # ACE-AMB-35, the other reading
    energy = str(w["energy"])
    res = resistance(t, energy) if energy else 0
    expr = skill_damage(attacker, w)
    if expr is not None:
        # ACE-ATK-4: the skill's own damage replaces the pool (steps 2-4), then steps 5-9.
        # each die is labelled "skill damage <term>", which is PURPOSE_SKILL_DAMAGE's English
        rolled = expr.roll(dice, floor=0, purpose="skill damage")
        faces = tuple(f for term in rolled.terms for f in term.faces)
        result = damage_from(
            0,
            faces,
            0,
            critical,
            flat,
            energy,
            res,
            con_reduction(t, s),
            s,
            absorb=absorption(t),
            base=rolled.total,
        )
        return hurt(
            state, t, result, records, rule="ACE-ATK-4", skill=str(w["name"]), roll=expr.text
        )
    result = resolve_damage(
        pool,
        dice,
        critical=critical,
        flat=flat,
        energy=energy,
        resistance=res,
        con_reduction=con_reduction(t, s),
        s=s,
        automatic=automatic,
        absorb=absorption(t),
    )
    return hurt(state, t, result, records, rule=rule, attack=atk, defence=defence_value)
