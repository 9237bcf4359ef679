"""How a melee attack resolves, parries and knock-outs included (DG-ACT-6, COC-PARRY-*)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.brp.core import (
    DamageDice,
    impale_threshold,
)
from rules.brp.melee import (
    attacks_and_parries,
    knockout_refused,
    parry_excess,
    parry_ruin,
    sticks,
)
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import bool_param, str_param
from rules.core.system import Action, Event, Json
from rules.delta_green import log_messages as L
from rules.delta_green import refusals as R
from rules.delta_green.combat import (
    armour_for,
    attack_chance,
    deal_hit,
    meets,
    roll_location,
    severs,
    try_dodge,
)
from rules.delta_green.engine import (
    action_cost,
    attack_event,
    close_attack,
    no_other_attack,
    pay_cost,
    ready_weapon,
    require_turn,
    target_in_reach,
)
from rules.delta_green.messages import PURPOSE_TO_HIT
from rules.delta_green.parry import try_parry
from rules.delta_green.settings import settings_of
from rules.delta_green.state import (
    uses_locations,
)
from rules.delta_green.working import Working
from rules.scene.ranges import check_reach


def melee(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ACT-6, DG-ARM-4/-5, DG-EDGE-5..-7, COC-PARRY-*: one melee or unarmed attack."""
    c = require_turn(state, action.actor)
    params = action.params
    weapon = ready_weapon(c, str_param(params, "weapon"))
    if weapon["kind"] == "firearm":
        raise IllegalAction.of(R.MELEE_NOT_FIREARM())
    target = target_in_reach(state, c, params, firearm=False)
    check_reach(state, c["id"], target["id"], "SCENE-REACH-1")  # on a scene map: next to it
    no_other_attack(c)
    swords_only = settings_of(state).attack_and_parry == "swords_only"
    if c["round"].get("parried_with") == weapon["key"] and not attacks_and_parries(
        weapon, swords_only
    ):
        raise IllegalAction.of(R.SWORDS_ONLY(weapon=weapon["name"]), "COC-PARRY-7")
    knockout = bool_param(params, "knockout")
    if knockout:
        blunt = weapon["kind"] == "unarmed" or not weapon["can_impale"]  # nothing cuts or pierces
        refused = knockout_refused(weapon["kind"], blunt, bool(target["sheet"].get("human", True)))
        if refused == "not_blunt":
            raise IllegalAction.of(R.BLUNT_ONLY(), "COC-KO-1")
        if refused == "not_victim":
            raise IllegalAction.of(R.NO_KNOCKOUT(name=target["name"]), "COC-KO-5")
    cards = pay_cost(state, c, action_cost(state, "melee"), "a melee attack")
    chance = attack_chance(state, c, weapon, target, params)
    w = Working(state, dice)
    roll = dice.roll(100, PURPOSE_TO_HIT.english)
    lines: list[Msg | None] = [
        L.ATTACKS(name=c["name"], target=target["name"], weapon=weapon["name"])
    ]
    hits: list[Json] = []
    result = "miss"
    if meets(chance, roll, state):
        threshold = impale_threshold(chance.value)
        impale = roll <= threshold and bool(weapon.get("can_impale"))
        result = "impale" if impale else "hit"
        note = L.impale_note(impale, threshold)
        lines.append(L.MELEE_HITS(roll=roll, chance=chance.said(), impale=note))
        parried, plines = try_parry(w, target["id"], c, dice, weapon)
        lines += plines
        dodged = False
        if not parried:
            dodged, dlines = try_dodge(w, target["id"], c, dice)
            lines += dlines
        if parried:
            result = "parried"
            lines += parry_absorbs(w, c, weapon, target["id"], dice, roll)
        elif dodged:
            result = "dodged"
        else:
            loc, loc_text = roll_location(w.state, dice, roll, True, target)
            hit_lines, record = deal_hit(
                w,
                c,
                weapon,
                target["id"],
                dice,
                impale,
                loc,
                loc_text,
                L.BLOW(),
                melee=True,
                knockout=knockout,
            )
            lines += hit_lines
            hits.append(record)
            if sticks(weapon["kind"], impale):  # COC-IMPALE-5
                stuck = {"weapon": weapon["key"], "in": target["id"], "round": state["round"]}
                w.set(c["id"], "stuck", stuck)
                lines.append(L.STUCK_IN(weapon=weapon["name"], target=target["name"]))
    else:
        lines.append(L.MELEE_MISSES(roll=roll, chance=chance.said()))
    used = list(c["round"].get("melee_with", []))
    if weapon["key"] not in used:  # COC-PARRY-7: this weapon has attacked this round
        w.set_round(c["id"], "melee_with", [*used, weapon["key"]])
    close_attack(w, c, cards)
    return attack_event(
        w, lines, c, target, weapon["key"], "melee", chance.value, [result], hits, cards
    )


def parry_absorbs(
    w: Working,
    attacker: Json,
    weapon: Mapping[str, Any],
    defender_id: str,
    dice: Dice,
    roll: int,
) -> list[Msg | None]:
    """COC-PARRY-4: the parrying object takes the blow; past its HP it breaks and the rest hits."""
    defender = w.state["combatants"][defender_id]
    held = defender["round"].get("parried_with") or defender["in_hand"]
    shield = next((w for w in defender["sheet"]["weapons"] if w["key"] == held), None)
    if shield is None or not shield.get("hp") or shield["kind"] == "unarmed":
        return []
    damage = DamageDice.parse(str(weapon["damage"]))
    rolled, _ = damage.roll(dice, f"parried blow damage {damage}")
    object_hp = int(shield["hp"])
    words = {"damage": rolled, "weapon": shield["name"], "hp": object_hp}
    excess = parry_excess(rolled, object_hp)
    if not excess:
        return [L.BLOW_HOLDS(**words)]
    ruin = parry_ruin(shield)
    w.weapon(defender_id, shield["key"], ruin, True)
    if ruin == "disabled":  # COC-PARRY-8: a gun is put out of action, not broken
        lines: list[Msg | None] = [L.BLOW_DISABLES(**words, excess=excess)]
    else:
        hand = "in_hand" if defender["in_hand"] == shield["key"] else "off_hand"
        w.set(defender_id, hand, None)
        lines = [L.BLOW_BREAKS(**words, excess=excess)]
    loc, loc_text = roll_location(w.state, dice, roll, True, defender)
    ap, why = armour_for(w.state, defender, loc, weapon, False)
    after = max(0, excess - ap)
    where = loc if uses_locations(defender) else None
    w.damage(defender_id, after, where, severs(w.state, weapon), attacker["id"])
    armour = None if why is None else L.AFTER_ARMOUR(why=why, after=after)
    lines.append(armour if loc_text is None else L.more(loc_text, armour))
    return lines
