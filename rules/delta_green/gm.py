"""Delta Green GM tools: hand-applied damage, healing and conditions, weekly healing, edges,
notes and the scene (light, concealment, confined space, silencers, hidden vests).

Training, research and POW are in `gm_training`; hazards, poisons and revolvers in `gm_hazards`.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

from rules.brp.core import DamageDice, rhu, succeeds
from rules.brp.firearms import silencer_life
from rules.core.actions import GM_ACTOR
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import bool_param, int_param, list_param, str_param
from rules.core.system import Action, Event, Json
from rules.delta_green import log_gm as G
from rules.delta_green import log_messages as L
from rules.delta_green import messages as m
from rules.delta_green import refusals as R
from rules.delta_green.care import needs_surgery, treatment
from rules.delta_green.combat import auto_rules, skill, vest_of, vest_text
from rules.delta_green.edges import edge_ops
from rules.delta_green.engine import combatant_at, lines_event, said_event
from rules.delta_green.settings import settings_of
from rules.delta_green.state import weapon_of
from rules.delta_green.tables import LOCATIONS


def _reason(params: Any) -> Msg | str:
    return str(params.get("reason") or "") or G.NO_REASON()


def _location(params: Any) -> str | None:
    """DG-LOC-1: an optional location of the form, checked."""
    loc = params.get("location") or None
    if loc is not None and loc not in LOCATIONS:
        raise IllegalAction.of(R.UNKNOWN_LOCATION_KEY(location=repr(loc)), "DG-LOC-1")
    return loc if loc is None else str(loc)


def gm_damage(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-HP-1/-4, DG-WOUND-*: the GM applies damage by hand (audited); location optional."""
    target = combatant_at(state, str_param(action.params, "target"))
    amount = int_param(action.params, "amount")
    if amount < 0:
        raise IllegalAction.of(R.NEGATIVE_DAMAGE())
    loc = _location(action.params)
    sever = bool_param(action.params, "sever")
    where = L.location(loc) if loc else G.TOTAL_HP_ONLY()
    words = {"name": target["name"], "where": where, "reason": _reason(action.params)}
    text = G.GM_DAMAGE(amount=amount, **words)
    if bool_param(action.params, "area"):  # DG-ARM-7 (AMB-DG-21), DG-HP-4: blasts, fire, gas
        vest = vest_of(target)
        if vest is not None:
            full = settings_of(state).area_effect_ap != "half"
            ap = vest.ap if full else rhu(Fraction(vest.ap, 2))
            amount = max(0, amount - ap)
            why = vest_text(target, G.VEST_AREA(level=vest.level, ap=ap))
            text = L.more(text, L.AFTER_ARMOUR(why=why, after=amount))
    op = {"op": "damage", "id": target["id"], "location": loc, "amount": amount, "sever": sever}
    return [said_event("damage.applied", [op], text, dice, target=target["id"], by=GM_ACTOR)]


def gm_heal(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-HEAL-*: the GM heals by hand (audited)."""
    target = combatant_at(state, str_param(action.params, "target"))
    amount = int_param(action.params, "amount")
    if amount < 0:
        raise IllegalAction.of(R.NEGATIVE_HEALING())
    loc = _location(action.params)
    op = {"op": "heal", "id": target["id"], "location": loc, "amount": amount}
    where = L.location(loc) if loc else G.TOTAL_HP()
    text = G.GM_HEALS(
        name=target["name"], amount=amount, where=where, reason=_reason(action.params)
    )
    return [said_event("healing.applied", [op], text, dice, target=target["id"], by=GM_ACTOR)]


CONDITIONS = ("prone", "dead", "stabilise", "treated", "brave", "dodge", "on_fire", "knocked_out")


def gm_condition(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-WOUND-1: the GM sets or clears a condition by hand (audited)."""
    target = combatant_at(state, str_param(action.params, "target"))
    name = str_param(action.params, "condition")
    on = bool_param(action.params, "on", True)
    tid = target["id"]
    ops: list[Json]
    if name in ("prone", "dead", "brave", "dodge", "on_fire", "knocked_out"):
        ops = [{"op": "set", "id": tid, "key": name, "value": on}]
    elif name in ("stabilise", "treated"):
        loc = str_param(action.params, "location")
        if loc not in LOCATIONS:
            raise IllegalAction.of(R.UNKNOWN_LOCATION_KEY(location=repr(loc)))
        kind = "bleed_stop" if name == "stabilise" else "treated"
        ops = [{"op": kind, "id": tid, "location": loc}]
    else:
        refusal = R.UNKNOWN_CONDITION(condition=repr(name), choices=", ".join(CONDITIONS))
        raise IllegalAction.of(refusal)
    text = G.GM_SETS(
        condition=G.CONDITION_KEYS[name](),
        value=(m.ON if on else m.OFF)(),
        name=target["name"],
        reason=_reason(action.params),
    )
    return [said_event("condition.set", ops, text, dice, target=tid, by=GM_ACTOR)]


def gm_treat(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-HEAL-1/-4: First Aid or surgery outside a round, rolled by the GM."""
    if state["phase"] == "in_round":
        raise IllegalAction.of(R.TREAT_IN_ROUND())
    healer = combatant_at(state, str_param(action.params, "healer"))
    patient = combatant_at(state, str_param(action.params, "target"))
    loc = str_param(action.params, "location")
    if loc not in LOCATIONS:
        raise IllegalAction.of(R.UNKNOWN_LOCATION_KEY(location=repr(loc)))
    which = str_param(action.params, "skill", "first_aid")
    if which not in ("first_aid", "medicine"):
        raise IllegalAction.of(R.FIRST_AID_OR_MEDICINE())
    ops, lines = treatment(state, healer, patient, loc, which, dice)
    return [
        lines_event("wound.treated", ops, lines, dice, actor=healer["id"], target=patient["id"])
    ]


def week_passes(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-HEAL-1/-2/-3/-5: a game week: one 1d3 (AMB-DG-31: the BRP rate, `dg.weekly_heal`) to
    total HP and to each damaged location; a maimed limb's L comes off max HP (AMB-DG-32)."""
    if state["phase"] == "in_round":
        raise IllegalAction.of(R.WEEKS_BETWEEN_FIGHTS())
    expr = DamageDice.parse(str(settings_of(state).weekly_heal))
    ops: list[Json] = [{"op": "state_set", "key": "week", "value": int(state["week"]) + 1}]
    lines: list[Msg | None] = [G.WEEK(week=int(state["week"]) + 1)]
    for cid, c in state["combatants"].items():
        if c["dead"] or int(c["hp"]) <= -10:
            continue
        if settings_of(state).maim_max_hp_loss == "L":
            for loc in [*c["maimed"], *c["severed"]]:
                if loc not in c.get("maim_counted", []) and loc != "head":
                    normal = int(c["loc_max"][loc])
                    ops.append({"op": "maim_loss", "id": cid, "location": loc, "amount": normal})
                    where = L.location(loc)
                    lines.append(G.MAIM_COST(name=c["name"], location=where, normal=normal))
        ops.append({"op": "recompute_locations", "id": cid})  # DG-HEAL-5: new max HP
        booked = int(c.get("training_booked") or 0)
        if booked:  # DG-TRAIN-3: a week of study done
            per_week = int(settings_of(state).training_hours_per_week)
            left = max(0, booked - per_week)
            ops.append({"op": "set", "id": cid, "key": "training_booked", "value": left})
        if c["bleeding"]:
            lines.append(G.STILL_BLEEDING(name=c["name"]))
            continue
        damaged = [loc for loc in LOCATIONS if int(c["damage"][loc]) > 0]
        if int(c["hp"]) >= int(c["hp_max"]) and not damaged:
            continue
        healable = []
        for loc in damaged:
            if loc in c["maimed"] or loc in c["severed"]:
                continue  # DG-HEAL-5
            if needs_surgery(state, c, loc) and loc not in c["operated"]:
                lines.append(G.NEEDS_SURGERY(name=c["name"], location=L.location(loc)))
                continue
            healable.append(loc)
        amount, _ = expr.roll(dice, f"{c['name']} weekly healing {expr}")
        ops.append(
            {"op": "heal", "id": cid, "location": None, "locations": healable, "amount": amount}
        )
        lines.append(G.WEEKLY(name=c["name"], expr=str(expr), amount=amount))
    return [lines_event("week.passed", ops, lines, dice)]


def spot_vest(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ARM-8: the GM rolls an observer's Spot Hidden to notice a vest worn hidden."""
    if not settings_of(state).hidden_vest_spot:
        raise IllegalAction.of(R.NO_VEST_SPOTTING(), "DG-ARM-8")
    observer = combatant_at(state, str_param(action.params, "observer"))
    wearer = combatant_at(state, str_param(action.params, "wearer"))
    vest = wearer["sheet"].get("vest")
    if not vest or not vest.get("worn_hidden"):
        raise IllegalAction.of(R.NO_HIDDEN_VEST(name=wearer["name"]), "DG-ARM-8")
    chance = skill(observer, "spot_hidden")
    roll = dice.roll(100, "Spot Hidden d100")
    ok = succeeds(chance, roll, *auto_rules(state))
    ops: list[Json] = []
    if ok:
        ops.append(
            {"op": "list_add", "id": wearer["id"], "key": "vest_seen_by", "value": observer["id"]}
        )
    said_as = G.SPOTS_VEST if ok else G.SPOTS_NOTHING
    text = said_as(observer=observer["name"], wearer=wearer["name"], roll=roll, chance=chance)
    event = said_event("vest.spotted", ops, text, dice, observer=observer["id"], success=ok)
    audience = f"actor:{observer['id']}" if ok else "gm"
    return [dataclasses.replace(event, audience=audience)]


def set_confined(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-EDGE-4: the GM marks the scene as a confined space."""
    value = bool_param(action.params, "value", True)
    ops = [{"op": "state_set", "key": "confined", "value": value}]
    text = G.CONFINED() if value else G.OPEN()
    return [said_event("scene.changed", ops, text, dice)]


def grant_edge(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-EDGE-0 (AMB-DG-33): after creation edges come by the GM's grant, paid from the pool or
    free."""
    c = combatant_at(state, str_param(action.params, "target"))
    ops, what = edge_ops(c, str_param(action.params, "edge"), bool_param(action.params, "pay"))
    line = G.GRANTS(name=c["name"], what=what)
    return [said_event("edge.granted", ops, line, dice, target=c["id"])]


def gm_note(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-RES-1: resources (safe houses, old accounts, equipment) are free-text notes, no rules.

    A private note is the GM's alone: kept apart (`private_notes`), its event addressed to the
    GM, everyone else reads only that the GM wrote one, during the game and after its end."""
    text = str(action.params.get("text") or "").strip()
    if not text:
        raise IllegalAction.of(R.NOTE_TEXT(), "DG-RES-1")
    if len(text) > 2000:
        raise IllegalAction.of(R.NOTE_LENGTH(), "DG-RES-1")
    private = bool_param(action.params, "private")
    key = "private_notes" if private else "notes"
    who = action.params.get("target") or ""
    if who:
        c = combatant_at(state, str(who))
        ops: list[Json] = [{"op": "list_add", "id": c["id"], "key": key, "value": text}]
        line = G.NOTE_FOR(name=c["name"], text=text)
    else:
        notes = [*state.get(key, []), text]
        ops = [{"op": "state_set", "key": key, "value": notes}]
        line = G.NOTE(text=text)
    event = said_event("note.added", ops, line, dice, target=who or None)
    if not private:
        return [event]
    hidden = G.PRIVATE_NOTE()
    return [
        dataclasses.replace(
            event, audience="gm", redacted_text=hidden.english(), redacted_msg=hidden
        )
    ]


def fit_silencer(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-SILENCER-2/-3: fitting a silencer rolls its life, d100+10 shots, for the GM's eyes."""
    c = combatant_at(state, str_param(action.params, "target"))
    weapon = weapon_of(c, str_param(action.params, "weapon"))
    if not weapon.get("silencer"):
        raise IllegalAction.of(R.NO_SILENCER(weapon=weapon["name"]), "COC-SILENCER-2")
    life = silencer_life(dice, "silencer life d100")
    ops: list[Json] = [
        {
            "op": "weapon",
            "id": c["id"],
            "weapon": weapon["key"],
            "key": "silencer_life",
            "value": life,
        },
        {
            "op": "weapon",
            "id": c["id"],
            "weapon": weapon["key"],
            "key": "silencer_ruined",
            "value": False,
        },
    ]
    text = G.SILENCER_LIFE(name=c["name"], weapon=weapon["name"], life=life)
    event = said_event("silencer.fitted", ops, text, dice, target=c["id"], weapon=weapon["key"])
    return [dataclasses.replace(event, audience="gm", redacted_text=None)]


def conceal(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-CONCEAL-1: the GM marks a target as really hard to see for some observers."""
    target = combatant_at(state, str_param(action.params, "target"))
    if bool_param(action.params, "reveal"):
        ops: list[Json] = [{"op": "set", "id": target["id"], "key": "hidden_from", "value": []}]
        return [said_event("scene.changed", ops, G.PLAIN_SIGHT(name=target["name"]), dice)]
    chosen = list_param(action.params, "observers")
    for cid in chosen:
        combatant_at(state, cid)
    observers = chosen or [
        cid for cid, o in state["combatants"].items() if o["side"] != target["side"]
    ]
    ops = [{"op": "set", "id": target["id"], "key": "hidden_from", "value": observers}]
    names = [str(state["combatants"][cid]["name"]) for cid in observers]
    text = G.HARD_TO_SEE(name=target["name"], observers=names)
    return [said_event("scene.changed", ops, text, dice, target=target["id"])]


LIGHTS = ("normal", "dim", "dark")


def set_light(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-DARK-1..-3: the scene's light; in the dark the GM lists what cannot be done at all."""
    light = str_param(action.params, "light")
    if light not in LIGHTS:
        raise IllegalAction.of(R.LIGHT_CHOICES(choices=", ".join(LIGHTS)), "COC-DARK-1")
    impossible = list_param(action.params, "impossible")
    ops: list[Json] = [
        {"op": "state_set", "key": "light", "value": light},
        {"op": "state_set", "key": "dark_impossible", "value": impossible},
    ]
    said_as = {"dim": G.LIGHT_DIM, "dark": G.LIGHT_DARK}.get(light, G.LIGHT)
    text = said_as(light=m.LIGHTS[light]())
    if light == "dark" and impossible:
        skills = [L.skill_word(name) for name in impossible]
        text = L.more(text, G.IMPOSSIBLE(skills=skills))
    return [said_event("scene.changed", ops, text, dice, light=light)]
