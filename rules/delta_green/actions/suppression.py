"""How suppressive fire resolves, and braving it after the roll (DG-SUPP-*)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.brp.core import (
    impale_threshold,
    malfunctions,
    succeeds,
)
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import int_param, list_param, str_param
from rules.core.system import Action, Event, Json
from rules.delta_green import log_messages as L
from rules.delta_green import refusals as R
from rules.delta_green.actions.shooting import suppression_bullets
from rules.delta_green.combat import (
    auto_rules,
    own_penalties,
    silencer_wear,
    skill,
    try_dodge,
)
from rules.delta_green.engine import (
    combatant_at,
    no_other_attack,
    pay_cost,
    ready_weapon,
    require_turn,
    take_turn,
)
from rules.delta_green.messages import PURPOSE_SUPPRESSIVE
from rules.delta_green.settings import settings_of
from rules.delta_green.state import (
    sheet_weapon,
    weapon_of,
)
from rules.delta_green.tables import (
    suppression_cost,
)
from rules.delta_green.working import Working


def brave_after(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-SUPP-5 with `dg.brave_before_roll = false` (AMB-DG-18: the seed's example narrates the
    choice after the roll). A target that took cover may, having seen the roll and before it
    acts again, brave that shooter's fire: the shooter's -X on it is gone, and the same roll is
    judged against S+X (DG-SUPP-2): a target that was missed at S-X may now be hit (one bullet,
    `dg.suppression_hits`; impale on roll <= rhu((S+X)/5); a declared dodge still applies). A
    target already hit keeps that hit and gets no second bullet."""
    c = combatant_at(state, action.actor)
    shooter_id = str_param(action.params, "shooter")
    offer = (c["round"].get("brave_offers") or {}).get(shooter_id)
    if offer is None:
        refusal = R.NOTHING_TO_BRAVE(name=c["name"], shooter=repr(shooter_id))
        raise IllegalAction.of(refusal, "DG-SUPP-5")
    if int(c["round"].get("spent", 0)) != int(offer["spent"]):
        raise IllegalAction.of(R.ACTED_SINCE(name=c["name"]), "DG-SUPP-5")
    shooter = combatant_at(state, shooter_id)
    roll, chance, x = int(offer["roll"]), int(offer["chance"]), int(offer["x"])
    offers = {k: v for k, v in c["round"]["brave_offers"].items() if k != shooter_id}
    penalties = list(c["penalties"])
    for index, p in enumerate(penalties):
        if p.get("source") == shooter_id and int(p["value"]) == -x and p["round"] == offer["round"]:
            del penalties[index]
            break
    w = Working(state, dice)
    w.set_round(c["id"], "brave_offers", offers)
    w.set(c["id"], "penalties", penalties)
    lines: list[Msg | None] = [
        L.BRAVES_AFTER(name=c["name"], shooter=shooter["name"], x=x, roll=roll, chance=chance)
    ]
    hits: list[Json] = []
    result = "miss"
    if not offer["in_line"]:
        result = "out of line"
        lines.append(L.OUT_OF_LINE())
    elif offer["hit"]:
        result = "already hit"
        lines.append(L.ALREADY_HIT())
    elif not succeeds(chance, roll, *auto_rules(state)):
        lines.append(L.STILL_A_MISS())
    else:
        threshold = impale_threshold(chance)
        weapon = weapon_of(shooter, str(offer["weapon"]))
        impale = roll <= threshold and bool(weapon.get("can_impale"))
        result = "impale" if impale else "hit"
        lines.append(L.BRAVE_HIT(impale=L.impale_note(impale, threshold)))
        dodged, dlines = try_dodge(w, c["id"], shooter, dice)
        lines += dlines
        if dodged:
            result = "dodged"
        else:
            suppression_bullets(w, shooter, weapon, c, dice, impale, lines, hits)
    w.emit(
        "suppression.braved",
        L.semi(lines),
        actor=c["id"],
        attacker=shooter_id,
        result=result,
        hits=hits,
    )
    return w.events


def suppress(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-SUPP-1..-7: one roll; S-X against those who take cover, S+X against those who brave it."""
    c = require_turn(state, action.actor)
    params = action.params
    settings = settings_of(state)
    weapon: Mapping[str, Any] = sheet_weapon(c, str_param(params, "weapon"))
    if not weapon.get("auto"):
        raise IllegalAction.of(R.SUPPRESS_NEEDS_AUTO(), "DG-SUPP-1")
    weapon = ready_weapon(c, weapon["key"])
    no_other_attack(c)
    targets = [combatant_at(state, tid) for tid in list_param(params, "targets")]
    if not targets:
        raise IllegalAction.of(R.CHOOSE_TARGETS(), "DG-SUPP-1")
    if any(t["id"] == c["id"] for t in targets):
        raise IllegalAction.of(R.NOT_ITSELF())
    no_hit = set(list_param(params, "out_of_line"))
    brave_override = set(list_param(params, "brave"))
    rounds = int_param(params, "rounds", settings.suppression_default_rounds)
    if rounds < 1:
        raise IllegalAction.of(R.ONE_ROUND_AT_LEAST(), "DG-SUPP-1")
    base = skill(c, str(weapon["skill"]))
    # DG-SUPP-6 (AMB-DG-19): penalties the shooter carries, suppression included, come off its
    # skill before it picks X; suppressive fires against each other resolve in rank order
    s_eff = base + sum(v for _, v in own_penalties(state, c))
    x = int_param(params, "x")
    if not 1 <= x <= s_eff:
        raise IllegalAction.of(R.X_RANGE(most=s_eff), "DG-SUPP-1")
    loaded = int(c["weapons"][weapon["key"]]["loaded"])
    if loaded < 1:
        raise IllegalAction.of(R.EMPTY(weapon=weapon["name"]), "DG-AUTO-2")
    cards = pay_cost(state, c, suppression_cost(rounds), "suppressive fire")
    fired = min(rounds, loaded)
    w = Working(state, dice)
    roll = dice.roll(100, PURPOSE_SUPPRESSIVE.english)
    lines: list[Msg | None] = [
        L.LAYS(name=c["name"], weapon=weapon["name"], rounds=fired, skill=s_eff, x=x)
    ]
    results: dict[str, str] = {}
    hits: list[Json] = []
    if malfunctions(roll, weapon.get("mal")):
        w.weapon(c["id"], weapon["key"], "jammed", True)
        lines.append(L.SUPPRESSION_JAMS(roll=roll, mal=weapon["mal"]))
        take_turn(w, c["id"], cards)
        w.emit(
            "suppression.resolved",
            L.semi(lines),
            attacker=c["id"],
            results={t["id"]: "malfunction" for t in targets},
            hits=[],
            x=x,
        )
        return w.events
    w.ammo(c["id"], weapon["key"], -fired)
    lines += silencer_wear(w, c, weapon, fired)  # COC-SILENCER-2
    position = {cid: i for i, cid in enumerate(state["order"])}
    current = int(state["round"])
    lines.append(L.SUPPRESSION_ROLL(roll=roll))
    after_roll = not settings.brave_before_roll
    for target in targets:
        brave = bool(target["brave"]) or target["id"] in brave_override
        chance = s_eff + x if brave else s_eff - x
        if not brave:
            faster = position.get(target["id"], 10**6) < position.get(c["id"], 10**6)
            timing = settings.suppression_timing
            applies = current + 1 if faster or timing == "next_round" else current
            w.penalty(target["id"], -x, applies, c["id"])
            when = L.NEXT_ROUND() if applies > current else L.REST_OF_ROUND()
            lines.append(L.TAKES_COVER(name=target["name"], x=x, when=when))
            if after_roll:  # DG-SUPP-5 (`dg.brave_before_roll = false`): it may still brave
                offers = dict(target["round"].get("brave_offers") or {})
                offers[c["id"]] = {
                    "roll": roll,
                    "chance": s_eff + x,
                    "x": x,
                    "round": applies,
                    "weapon": weapon["key"],
                    "spent": int(target["round"].get("spent", 0)),
                    "in_line": target["id"] not in no_hit,
                    "hit": target["id"] not in no_hit
                    and succeeds(chance, roll, *auto_rules(state)),
                }
                w.set_round(target["id"], "brave_offers", offers)
                lines.append(L.MAY_BRAVE(name=target["name"]))
        else:
            lines.append(L.BRAVES(name=target["name"]))
        if target["id"] in no_hit:
            results[target["id"]] = "out of line"
            lines.append(L.TARGET_OUT_OF_LINE(name=target["name"]))
            continue
        if not succeeds(chance, roll, *auto_rules(state)):
            results[target["id"]] = "miss"
            lines.append(L.TARGET_MISSED(name=target["name"], roll=roll, chance=chance))
            continue
        threshold = impale_threshold(chance)
        impale = roll <= threshold and bool(weapon.get("can_impale"))
        results[target["id"]] = "impale" if impale else "hit"
        note = L.impale_note(impale, threshold)
        lines.append(L.TARGET_HIT(name=target["name"], roll=roll, chance=chance, impale=note))
        dodged, dlines = try_dodge(w, target["id"], c, dice)
        lines += dlines
        if dodged:
            results[target["id"]] = "dodged"
            continue
        suppression_bullets(w, c, weapon, target, dice, impale, lines, hits)
    lines.append(L.ROUNDS_SPENT(rounds=fired, left=loaded - fired))
    w.add_round(c["id"], "attacks", 1)
    take_turn(w, c["id"], cards)
    w.emit(
        "suppression.resolved",
        L.semi(lines),
        attacker=c["id"],
        results=results,
        hits=hits,
        x=x,
        rounds=fired,
        cards=cards,
    )
    return w.events
