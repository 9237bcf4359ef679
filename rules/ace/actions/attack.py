"""Attacks: the hit roll, called shots, disarm and sunder, coup de grace, damage (ACE-PIPE-1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.ace import messages as m
from rules.ace.actions.common import (
    GM,
    NO_DICE,
    enemies,
    free,
    idle,
    is_turn,
    noticed,
    on_turn,
    refuse,
    spend,
)
from rules.ace.on_the_map import (
    check_on_map,
    is_adjacent,
    seen_cover,
    true_adjacent,
    true_cover,
    unmet,
)
from rules.ace.rolls import (
    Damage,
    HitRoll,
    contest,
    damage_from,
    damage_pool,
    hit_roll,
    resolve_damage,
)
from rules.ace.settings import AceSettings
from rules.ace.state import Op, State, can_act, cpath, helpless, settings_of
from rules.ace.stats import (
    absorption,
    attack_value,
    con_reduction,
    defence,
    dodge,
    evasion,
    guard,
    hit_bonus,
    resistance,
    size,
    skill_damage,
    str_bonus,
    val,
    weapon,
)
from rules.ace.tables import COVER, LOCATIONS
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.kit import ActionSpec, ActionTemplate, Field, choices
from rules.core.params import bool_param, choice_param
from rules.core.system import Action, Event, Json
from rules.scene import grid
from rules.scene.grid import has_map
from rules.scene.ranges import unmet_words

RANGED = ("firearm", "thrown")


def usable_weapons(c: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The weapons a combatant can swing now: not knocked away, not broken (ACE-CALLED-*)."""
    out = [w for w in c["sheet"]["weapons"] if w["key"] not in c["dropped"]]
    out.append(weapon(c, "unarmed") or {})
    return out


def cover_counts(kind: str, s: AceSettings, adjacent: bool = False) -> bool:
    """ACE-AMB-39: cover counts against ranged and thrown attacks from non-adjacent attackers
    (or against every attack, by setting)."""
    return s.cover_against == "all" or (kind in RANGED and not adjacent)


def cover_penalty(
    attacker: Json, target: Json, kind: str, s: AceSettings, adjacent: bool = False
) -> int:
    """ACE-COVER-1: the target's cover against the attacker's hit, and the attacker's own cover
    against its own shot across it (ACE-COVER-TABLE: -2, -4, -8)."""
    if not cover_counts(kind, s, adjacent):
        return 0
    return COVER[target["cover"]] + COVER[attacker["cover"]]


def check_attack(
    state: State,
    c: Json,
    t: Json,
    w: Mapping[str, Any] | None,
    s: AceSettings,
    adjacent: bool = False,
) -> None:
    """Refuses an attack the rules do not allow; changes nothing."""
    if w is None or w["key"] in c["dropped"]:
        raise refuse(m.NO_WEAPON(name=c["name"]), "ACE-ATK-1")
    if t["id"] == c["id"] or t["dead"]:
        raise refuse(m.BAD_TARGET(name=t["name"]), "ACE-HIT-1")
    if cover_counts(str(w["kind"]), s, adjacent) and "full" in (t["cover"], c["cover"]):
        raise refuse(m.FULL_COVER(name=t["name"]), "ACE-COVER-FULL")
    g = c.get("grapple")
    if g and g["role"] == "held" and g["pinned"]:
        raise refuse(m.PINNED_NO_ACTS(name=c["name"]), "ACE-GRAPPLE-7")
    if g and g["with"] == t["id"] and not (w.get("natural") or int(w["size"]) <= size(c) - 3):
        raise refuse(m.TOO_BIG(weapon=w["name"]), "ACE-GRAPPLE-6")
    if t["hidden"]:
        raise refuse(m.UNSEEN(name=t["name"]), "ACE-STEALTH-1")


def struck_in_grapple(
    state: State, attacker: Json, t: Json, records: Emitter, dice: Dice, s: AceSettings
) -> tuple[Json, Json | None]:
    """ACE-GRAPPLE-4 / ACE-AMB-27: a blow at a grappling pair strikes one, by size ratio."""
    g = t.get("grapple")
    if not g or g["with"] == attacker["id"]:
        return t, None
    partner = state["combatants"][g["with"]]
    a, b = (size(t), size(partner)) if s.third_party == "size_ratio" else (1, 1)
    roll = dice.roll(a + b, m.PURPOSE_STRUCK.english)
    return (t if roll <= a else partner), partner


def release_ops(state: State, ident: str) -> list[Op]:
    """A grapple ends for both sides; a pinned body held up as a shield no longer covers.

    ACE-GRAPPLE-8 / ACE-AMB-30: the body-shield cover lasts only while the pin does.
    """
    c = state["combatants"][ident]
    g = c.get("grapple")
    if not g:
        return []
    ops: list[Op] = []
    for who in (ident, g["with"]):
        ops.append(["set", cpath(who, "grapple"), None])
        ops += unshield_ops(state["combatants"][who])
    return ops


def unshield_ops(c: Json) -> list[Op]:
    """The ops that take away a body shield's cover (ACE-GRAPPLE-8)."""
    if not c.get("shield"):
        return []
    return [["set", cpath(c["id"], "cover"), "none"], ["set", cpath(c["id"], "shield"), False]]


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


def resolve_attack(
    state: State,
    plan: Mapping[str, Any],
    answer: str,
    dice: Dice,
    counter: bool = False,
    records: Emitter | None = None,
) -> list[Event]:
    """An attack from declaration to HP: third parties, hit, contest or damage (ACE-PIPE-1); on
    the resolution's emitter when it has one, `state` being its working state."""
    s = settings_of(state)
    records = records if records is not None else Emitter(state, dice)
    c = state["combatants"][plan["attacker"]]
    t = state["combatants"][plan["target"]]
    w = weapon(c, plan["weapon"]) or {}
    loc = LOCATIONS.get(plan.get("location") or "")
    events: list[Event] = []
    ops: list[Op] = [["set", ["pending"], None]]
    if answer in ("guard", "dodge"):
        ops += spend(t, "reflex", s)  # ACE-CALLED-2 / ACE-AMB-19
    kind = str(w["kind"])
    struck, partner = struck_in_grapple(state, c, t, records, dice, s)
    def_value = defence(struck, s, kind)
    if partner is not None:
        # ACE-GRAPPLE-4: the lower defence of the two counts.
        def_value = min(defence(t, s, kind), defence(partner, s, kind))
    coup = bool(plan.get("coup"))
    if coup and not s.cdg_hit_roll:
        events.append(
            records.emit("attack.declared", m.COUP(attacker=c["name"], target=t["name"]), ops)
        )
        events.append(
            deal(
                state,
                c,
                struck,
                w,
                records,
                dice,
                critical=False,
                defence_value=def_value,
                automatic=True,
                rule="ACE-CDG-1",
            )
        )
        return events
    # SCENE-HIDE-2: against a token the attacker's map does not show, the true squares
    adjacent = true_adjacent(state, c["id"], struck["id"], bool(plan.get("adjacent")))
    met = true_cover(state, c, struck)
    cover = cover_penalty(*met, kind, s, adjacent)
    bonus = hit_bonus(c, s) + cover + (loc.hit if loc else 0)
    away = unmet(state, c["id"], struck["id"], kind)  # SCENE-HIDE-2/3: a wall, or out of reach
    full = cover_counts(kind, s, adjacent) and "full" in (met[0]["cover"], met[1]["cover"])
    if away or full:
        # ACE-COVER-FULL, a wall or reach met, not refused: the attacker could not see it
        said = (  # in the order a player who saw it would have been refused
            m.FULL_COVER_MET(attacker=c["name"], target=struck["name"])
            if full
            else unmet_words(state, c["id"], struck["id"], away)
        )
        sides = 10 if loc else 20
        ev = evasion(struck, s, kind)
        info = {"natural": 0, "total": 0, "evasion": ev, "hit": False, "critical": False}
        events.append(
            records.emit("attack.missed", said, ops, hit={**info, "sides": sides, "bonus": bonus})
        )
        return events
    if answer == "dodge":
        bonus -= dodge(t)  # ACE-CALLED-2 (ACE-EX-28)
    ev = evasion(struck, s, kind)
    g = c.get("grapple")
    if (
        g
        and g["role"] == "holder"
        and g["pinned"]
        and g["with"] == struck["id"]
        and not (s.pinner_hit_roll)
    ):
        # ACE-GRAPPLE-9 / ACE-AMB-31, the other reading: the pinner's blow needs no hit roll.
        roll = HitRoll(0, bonus, True, False, 10 if loc else 20)
    else:
        # ACE-GRAPPLE-9 / ACE-AMB-31: a pinner's standard-action attack is a normal attack.
        roll = hit_roll(bonus, ev, dice, s, called=loc is not None)
    hit_info = {
        "natural": roll.natural,
        "total": roll.total,
        "evasion": ev,
        "hit": roll.hit,
        "critical": roll.critical,
        "sides": roll.sides,
        "bonus": bonus,
    }
    where = loc.label if loc else m.LOC_NONE()
    if not roll.hit:
        line = m.FUMBLE if roll.natural == 1 else m.MISS
        events.append(
            records.emit(
                "attack.missed",
                line(
                    attacker=c["name"],
                    target=struck["name"],
                    total=roll.total,
                    evasion=ev,
                    where=where,
                ),
                ops,
                hit=hit_info,
            )
        )
        return events
    line = m.CRIT if roll.critical else m.HIT
    events.append(
        records.emit(
            "attack.hit",
            line(
                attacker=c["name"], target=struck["name"], total=roll.total, evasion=ev, where=where
            ),
            ops,
            hit=hit_info,
        )
    )
    if loc is not None and loc.special == "disarm":
        return events + disarm(state, c, struck, w, records, dice, counter and answer == "none")
    if loc is not None and loc.special == "sunder":
        item = str(plan.get("item") or "weapon")
        return events + sunder(state, c, struck, w, records, dice, item)
    extra = loc.dice if loc else 0
    covered = {entry["location"] for entry in struck["sheet"]["covered"]}
    flat = loc.extra if loc and (loc.key not in covered or s.extra_when_covered) else 0
    guard_dice = guard(t) if answer == "guard" else 0
    events.append(
        deal(
            state,
            c,
            struck,
            w,
            records,
            dice,
            critical=roll.critical,
            defence_value=def_value,
            extra_dice=extra,
            guard_dice=guard_dice,
            flat_extra=flat,
        )
    )
    return events


def _core(c: Json) -> int:
    return val(c, "str") + int(c["sheet"]["core"])


def disarm(
    state: State,
    c: Json,
    t: Json,
    w: Mapping[str, Any],
    records: Emitter,
    dice: Dice,
    counter: bool,
) -> list[Event]:
    """ACE-CALLED-DISARM / ACE-AMB-21: 1d20 + STR + core each; the loser's weapon flies."""
    s = settings_of(state)
    held = t["wielding"]
    won = contest(_core(c), _core(t), dice, s, "disarm")
    info = {"initiator": won.initiator, "defender": won.defender, "margin": won.margin}
    if won.initiator_wins:
        words = {"attacker": c["name"], "target": t["name"], "weapon": _name(t, held)}
        if s.disarm_take == "take" and hand_like(w):
            ops = take_weapon(c, t, held)
            return [records.emit("weapon.taken", m.DISARMED_TAKEN(**words), ops, contest=info)]
        ops = [
            ["add", cpath(t["id"], "dropped"), held],
            ["set", cpath(t["id"], "wielding"), "unarmed"],
        ]
        return [records.emit("weapon.dropped", m.DISARMED(**words), ops, contest=info)]
    events = [
        records.emit(
            "disarm.failed", m.DISARM_FAILED(attacker=c["name"], target=t["name"]), [], contest=info
        )
    ]
    if counter and s.disarm_counter and free(t, "reflex", s) and c["wielding"] != "unarmed":
        back = contest(_core(t), _core(c), dice, s, "counter-disarm")
        ops = spend(t, "reflex", s)
        info = {"initiator": back.initiator, "defender": back.defender, "margin": back.margin}
        if back.initiator_wins:
            ops += [
                ["add", cpath(c["id"], "dropped"), c["wielding"]],
                ["set", cpath(c["id"], "wielding"), "unarmed"],
            ]
            events.append(
                records.emit(
                    "weapon.dropped",
                    m.COUNTERED(
                        target=t["name"], attacker=c["name"], weapon=_name(c, c["wielding"])
                    ),
                    ops,
                    contest=info,
                )
            )
        else:
            events.append(
                records.emit("disarm.failed", m.COUNTER_FAILED(target=t["name"]), ops, contest=info)
            )
    return events


def hand_like(w: Mapping[str, Any]) -> bool:
    """ACE-CALLED-DISARM: a bare hand, or a natural weapon built like one (it grips)."""
    return w.get("key") == "unarmed" or bool(w.get("natural") and w.get("gripping"))


def take_weapon(c: Json, t: Json, key: str) -> list[Op]:
    """ACE-CALLED-DISARM 「可夺取武器」: the weapon leaves the defender's sheet for the
    attacker's, who holds it now (under a key of its own if the attacker has one alike)."""
    w = dict(weapon(t, key) or {})
    mine = {x["key"] for x in c["sheet"]["weapons"]}
    new_key, n = key, 2
    while new_key in mine or new_key == "unarmed":
        new_key, n = f"{key}_{n}", n + 1
    w["key"] = new_key
    damaged = int(t["item_damage"].get(key, 0))
    ops: list[Op] = [
        [
            "set",
            cpath(t["id"], "sheet", "weapons"),
            [x for x in t["sheet"]["weapons"] if x["key"] != key],
        ],
        ["set", cpath(t["id"], "wielding"), "unarmed"],
        ["set", cpath(c["id"], "sheet", "weapons"), [*c["sheet"]["weapons"], w]],
        ["set", cpath(c["id"], "wielding"), new_key],
    ]
    if damaged:
        ops.append(["set", cpath(c["id"], "item_damage", new_key), damaged])
    return ops


def _name(c: Json, key: str) -> str:
    w = weapon(c, key)
    return str(w["name"]) if w else key


def durability_of(w: Mapping[str, Any], s: AceSettings) -> int:
    """ACE-AMB-23: the item's own durability, else 5 one-handed and 10 two-handed."""
    given = w.get("durability")
    if given:
        return int(given)
    return s.durability_two_hands if w.get("two_handed") else s.durability_one_hand


def broken(c: Mapping[str, Any], key: str, s: AceSettings) -> bool:
    """ACE-CALLED-SUNDER: an item whose damage has reached its durability is broken."""
    w = shield_of(c) if key == SHIELD else weapon(c, key)
    return w is not None and int(c["item_damage"].get(key, 0)) >= durability_of(w, s)


SHIELD = "shield"  # the item key of a combatant's shield in `item_damage`


def shield_of(c: Mapping[str, Any]) -> Json | None:
    """ACE-CALLED-SUNDER: the combatant's shield as an item (ACE-AMB-23: durability 10 unless
    the sheet says), or None."""
    raw = c["sheet"].get("shield")
    if not raw:
        return None
    return {
        "key": SHIELD,
        "name": raw["name"],
        "hardness": raw.get("hardness") or 0,
        "durability": raw.get("durability"),
        "two_handed": True,
    }


def sunderable_shield(c: Json, s: AceSettings) -> bool:
    """Whether a sunder may aim at this combatant's shield: it has one and it is not broken."""
    return shield_of(c) is not None and not broken(c, SHIELD, s)


def sunder_bonus(c: Json, w: Mapping[str, Any], other: Json, s: AceSettings) -> int:
    """ACE-CALLED-SUNDER: +4 two hands, -4 light (ACE-AMB-22), the larger adds the size gap."""
    bonus = _core(c)
    if w.get("two_handed"):
        bonus += 4
    if w.get("light"):
        bonus -= s.light_penalty
    return bonus + max(0, size(c) - size(other))


def sunder(
    state: State,
    c: Json,
    t: Json,
    w: Mapping[str, Any],
    records: Emitter,
    dice: Dice,
    plan_item: str = "weapon",
) -> list[Event]:
    """ACE-CALLED-SUNDER / ACE-AMB-23: the margin, less hardness, damages the held item."""
    s = settings_of(state)
    on_shield = plan_item == SHIELD
    held = (shield_of(t) if on_shield else weapon(t, t["wielding"])) or {}
    # the defender resists with the weapon in hand; a shield adds no two-hand bonus of its own
    grip = (weapon(t, t["wielding"]) or {}) if on_shield else held
    won = contest(sunder_bonus(c, w, t, s), sunder_bonus(t, grip, c, s), dice, s, "sunder")
    info = {"initiator": won.initiator, "defender": won.defender, "margin": won.margin}
    margin = won.margin if won.initiator_wins else 0
    dealt = max(0, margin - int(held.get("hardness") or 0))
    if not dealt:
        return [
            records.emit(
                "sunder.failed",
                m.SUNDER_FAILED(attacker=c["name"], weapon=held.get("name", "")),
                [],
                contest=info,
            )
        ]
    key = str(held["key"])
    total = int(t["item_damage"].get(key, 0)) + dealt
    durability = durability_of(held, s)
    ops: list[Op] = [["set", cpath(t["id"], "item_damage", key), total]]
    if total >= int(durability):
        if not on_shield:  # a broken shield stays on the arm, useless; a weapon is gone
            ops += [
                ["add", cpath(t["id"], "dropped"), key],
                ["set", cpath(t["id"], "wielding"), "unarmed"],
            ]
        line = m.BROKEN(attacker=c["name"], weapon=held["name"], damage=dealt)
    else:
        line = m.SUNDERED(
            attacker=c["name"], weapon=held["name"], damage=dealt, left=int(durability) - total
        )
    return [records.emit("item.damaged", line, ops, contest=info, item_damage=dealt)]


def plan_of(state: State, action: Action, cost: str = "standard") -> tuple[Json, list[Op]]:
    """An attack's plan from its params, checked; the ops that pay for it."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    t = noticed(state, str(action.params.get("target") or ""), c["id"])  # ACE-STEALTH-1
    key = str(action.params.get("weapon") or c["wielding"])
    w = weapon(c, key)
    # ACE-AMB-39 / ACE-COVER-1: on a scene map, adjacency and cover are read from the squares
    adjacent = is_adjacent(state, c["id"], t["id"], bool_param(action.params, "adjacent"))
    check_attack(state, *seen_cover(state, c, t), w, s, adjacent)
    assert w is not None
    check_on_map(state, c, t, w)  # SCENE-REACH-1, SCENE-RANGE-2
    location = choice_param(action.params, "location", ["", *LOCATIONS], "")
    coup = bool_param(action.params, "coup")
    if coup and not helpless(t, s):
        raise refuse(m.NOT_HELPLESS(name=t["name"]), "ACE-CDG-1")
    if coup and location:
        raise refuse(m.COUP_NO_LOCATION(), "ACE-AMB-24")
    item = choice_param(action.params, "item", ["weapon", SHIELD], "weapon")
    if location == "sunder" and item == SHIELD:
        if not sunderable_shield(t, s):
            raise refuse(m.NO_SHIELD(name=t["name"]), "ACE-CALLED-SUNDER")
    elif location in ("disarm", "sunder") and (weapon(t, t["wielding"]) or {}).get("natural", True):
        raise refuse(m.NOTHING_HELD(name=t["name"]), LOCATIONS[location].rule)
    if cost == "standard" and c["commands"].get("full_defence"):
        raise refuse(m.FULL_DEFENCE_NO(name=c["name"]), "ACE-CMD-DEF-1")
    ops = spend(c, cost, s)
    if c["hidden"]:
        ops.append(["set", cpath(c["id"], "hidden"), False])  # attacking gives one away
    if key != c["wielding"] and not w.get("natural"):
        ops.append(["set", cpath(c["id"], "wielding"), key])
    plan = {
        "attacker": c["id"],
        "target": t["id"],
        "weapon": key,
        "location": location,
        "item": item if location == "sunder" else "weapon",
        "coup": coup,
        "adjacent": adjacent,
    }
    return plan, ops


def attack(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-HIT-1: declare an attack; a called shot first asks the defender (ACE-CALLED-2)."""
    plan, ops = plan_of(state, action)
    return declare(state, plan, ops, dice)


def declare(
    state: State, plan: Json, ops: list[Op], dice: Dice, records: Emitter | None = None
) -> list[Event]:
    """Pays for an attack, then resolves it or opens the defender's reflex prompt."""
    s = settings_of(state)
    records = records if records is not None else Emitter(state, dice)
    t = state["combatants"][plan["target"]]
    c = state["combatants"][plan["attacker"]]
    loc = LOCATIONS.get(plan["location"])
    if loc is not None and can_act(t, s) and free(t, "reflex", s):
        # ACE-CALLED-2 / ACE-AMB-19: the defender answers before the hit die is rolled.
        pending = {
            "kind": "called",
            **plan,
            "timer": s.reflex_timer,
            "guard": guard(t),
            "dodge": dodge(t),
        }
        line = m.CALLED_DECLARED(attacker=c["name"], target=t["name"], where=loc.label)
        return [
            records.emit(
                "attack.declared", line, [*ops, ["set", ["pending"], pending]], pending=pending
            )
        ]
    paid = records.emit(
        "attack.declared",
        m.ATTACKS(attacker=c["name"], target=t["name"], weapon=_name(c, plan["weapon"])),
        ops,
    )

    return [paid, *resolve_attack(records.state, plan, "none", dice, records=records)]


def _weapon_for(state: State, c: Json, target: Json, weapons: Sequence[Mapping[str, Any]]) -> str:
    """The weapon an attack form starts on: the one in hand, unless on a scene map the first
    target is out of a blow's reach (SCENE-REACH-1) and a ranged weapon is at hand; taking it
    up is part of the attack (as it is when the player picks it)."""
    held = str(c["wielding"])
    if (weapon(c, held) or {}).get("kind") != "melee":
        return held
    if is_adjacent(state, c["id"], target["id"], typed=True):  # off the map: as in hand
        return held
    ranged = [w for w in weapons if w.get("kind") in RANGED]
    return str(ranged[0]["key"]) if ranged else held


def offer_attack(state: State, actor: str) -> ActionTemplate | None:
    if not (is_turn(state, actor) and idle(state)):
        return None
    s = settings_of(state)
    c = state["combatants"][actor]
    if not can_act(c, s) or not free(c, "standard", s) or c["commands"].get("full_defence"):
        return None
    targets = [t for t in enemies(state, actor) if not t["hidden"]]
    if not targets:
        return None
    weapons = usable_weapons(c)
    fields: tuple[Field, ...] = (
        Field(
            "target",
            m.F_TARGET(),
            "target",
            choices((t["id"], t["name"]) for t in targets),
            default=targets[0]["id"],
        ),
        Field(
            "weapon",
            m.F_WEAPON(),
            "choice",
            choices((w["key"], w["name"]) for w in weapons),
            default=_weapon_for(state, c, targets[0], weapons),
        ),
        Field(
            "location",
            m.F_LOCATION(),
            "choice",
            choices([("", m.LOC_NONE()), *((k, loc.label) for k, loc in LOCATIONS.items())]),
            default="",
            rule="ACE-CALLED-TABLE",
        ),
    )
    on_map = has_map(state) and grid.token_at(state["scene"], actor) is not None
    if (
        any(t["cover"] != "none" for t in [c, *targets])
        and s.cover_against == "ranged"
        and not on_map
    ):
        fields += (Field("adjacent", m.F_ADJACENT(), "checkbox", default=False, rule="ACE-AMB-39"),)
    if any(sunderable_shield(t, s) for t in targets):
        item_choices = choices([("weapon", m.SUNDER_WEAPON()), (SHIELD, m.SUNDER_SHIELD())])
        fields += (
            Field(
                "item",
                m.F_SUNDER_ITEM(),
                "choice",
                item_choices,
                default="weapon",
                rule="ACE-CALLED-SUNDER",
            ),
        )
    if any(helpless(t, s) for t in targets):
        fields += (Field("coup", m.F_COUP(), "checkbox", default=False, rule="ACE-CDG-1"),)
    hints = {
        "locations": {
            k: {"hit": loc.hit, "dice": loc.dice, "extra": loc.extra}
            for k, loc in LOCATIONS.items()
        }
    }
    return ActionTemplate(
        "attack",
        m.L_ATTACK(),
        "ACE-HIT-1",
        fields,
        cost=m.ACT_STANDARD(),
        preview=True,
        hints=hints,
    )


SPECS = [ActionSpec("attack", "ACE-HIT-1", attack, who=lambda s, a: a != GM, offer=offer_attack)]
