"""Delta Green GM tools: hand-applied damage, healing and conditions, weekly healing, edges,
notes and the scene (light, concealment, confined space, silencers, hidden vests).

Training, research and POW are in `gm_training`; hazards, poisons and revolvers in `gm_hazards`.
"""

from __future__ import annotations

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
from rules.delta_green.edges import add_edge
from rules.delta_green.engine import combatant_at
from rules.delta_green.settings import settings_of
from rules.delta_green.state import weapon_of
from rules.delta_green.tables import LOCATIONS
from rules.delta_green.working import Working


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
    w = Working(state, dice)
    w.damage(target["id"], amount, loc, sever)
    w.emit("damage.applied", text, target=target["id"], by=GM_ACTOR)
    return w.events


def gm_heal(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-HEAL-*: the GM heals by hand (audited)."""
    target = combatant_at(state, str_param(action.params, "target"))
    amount = int_param(action.params, "amount")
    if amount < 0:
        raise IllegalAction.of(R.NEGATIVE_HEALING())
    loc = _location(action.params)
    w = Working(state, dice)
    w.heal(target["id"], amount, [loc] if loc else [])
    where = L.location(loc) if loc else G.TOTAL_HP()
    text = G.GM_HEALS(
        name=target["name"], amount=amount, where=where, reason=_reason(action.params)
    )
    w.emit("healing.applied", text, target=target["id"], by=GM_ACTOR)
    return w.events


CONDITIONS = ("prone", "dead", "stabilise", "treated", "brave", "dodge", "on_fire", "knocked_out")


def gm_condition(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-WOUND-1: the GM sets or clears a condition by hand (audited)."""
    target = combatant_at(state, str_param(action.params, "target"))
    name = str_param(action.params, "condition")
    on = bool_param(action.params, "on", True)
    tid = target["id"]
    w = Working(state, dice)
    if name in ("prone", "dead", "brave", "dodge", "on_fire", "knocked_out"):
        w.set(tid, name, on)
    elif name in ("stabilise", "treated"):
        loc = str_param(action.params, "location")
        if loc not in LOCATIONS:
            raise IllegalAction.of(R.UNKNOWN_LOCATION_KEY(location=repr(loc)))
        if name == "stabilise":
            w.bleed_stop(tid, loc)
        else:
            w.treated(tid, loc)
    else:
        refusal = R.UNKNOWN_CONDITION(condition=repr(name), choices=", ".join(CONDITIONS))
        raise IllegalAction.of(refusal)
    text = G.GM_SETS(
        condition=G.CONDITION_KEYS[name](),
        value=(m.ON if on else m.OFF)(),
        name=target["name"],
        reason=_reason(action.params),
    )
    w.emit("condition.set", text, target=tid, by=GM_ACTOR)
    return w.events


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
    w = Working(state, dice)
    lines = treatment(w, healer, patient, loc, which, dice)
    w.emit("wound.treated", L.semi(lines), actor=healer["id"], target=patient["id"])
    return w.events


def week_passes(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-HEAL-1/-2/-3/-5: a game week: one 1d3 (AMB-DG-31: the BRP rate, `dg.weekly_heal`) to
    total HP and to each damaged location; a maimed limb's L comes off max HP (AMB-DG-32)."""
    if state["phase"] == "in_round":
        raise IllegalAction.of(R.WEEKS_BETWEEN_FIGHTS())
    expr = DamageDice.parse(str(settings_of(state).weekly_heal))
    w = Working(state, dice)
    w.state_set("week", int(state["week"]) + 1)
    lines: list[Msg | None] = [G.WEEK(week=int(state["week"]) + 1)]
    for cid, c in state["combatants"].items():
        if c["dead"] or int(c["hp"]) <= -10:
            continue
        if settings_of(state).maim_max_hp_loss == "L":
            for loc in [*c["maimed"], *c["severed"]]:
                if loc not in c.get("maim_counted", []) and loc != "head":
                    normal = int(c["loc_max"][loc])
                    w.maim_loss(cid, normal, loc)
                    where = L.location(loc)
                    lines.append(G.MAIM_COST(name=c["name"], location=where, normal=normal))
        w.recompute_locations(cid)  # DG-HEAL-5: new max HP
        booked = int(c.get("training_booked") or 0)
        if booked:  # DG-TRAIN-3: a week of study done
            per_week = int(settings_of(state).training_hours_per_week)
            left = max(0, booked - per_week)
            w.set(cid, "training_booked", left)
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
        w.heal(cid, amount, healable)
        lines.append(G.WEEKLY(name=c["name"], expr=str(expr), amount=amount))
    w.emit("week.passed", L.semi(lines))
    return w.events


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
    w = Working(state, dice)
    roll = dice.roll(100, "Spot Hidden d100")
    ok = succeeds(chance, roll, *auto_rules(state))
    if ok:
        w.list_add(wearer["id"], "vest_seen_by", observer["id"])
    said_as = G.SPOTS_VEST if ok else G.SPOTS_NOTHING
    text = said_as(observer=observer["name"], wearer=wearer["name"], roll=roll, chance=chance)
    audience = f"actor:{observer['id']}" if ok else "gm"
    w.emit("vest.spotted", text, audience=audience, observer=observer["id"], success=ok)
    return w.events


def set_confined(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-EDGE-4: the GM marks the scene as a confined space."""
    value = bool_param(action.params, "value", True)
    w = Working(state, dice)
    w.state_set("confined", value)
    w.emit("scene.changed", G.CONFINED() if value else G.OPEN())
    return w.events


def grant_edge(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-EDGE-0 (AMB-DG-33): after creation edges come by the GM's grant, paid from the pool or
    free."""
    c = combatant_at(state, str_param(action.params, "target"))
    w = Working(state, dice)
    what = add_edge(w, c, str_param(action.params, "edge"), bool_param(action.params, "pay"))
    w.emit("edge.granted", G.GRANTS(name=c["name"], what=what), target=c["id"])
    return w.events


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
    w = Working(state, dice)
    if who:
        c = combatant_at(state, str(who))
        w.list_add(c["id"], key, text)
        line = G.NOTE_FOR(name=c["name"], text=text)
    else:
        w.state_set(key, [*state.get(key, []), text])
        line = G.NOTE(text=text)
    if private:
        w.emit("note.added", line, audience="gm", redacted=G.PRIVATE_NOTE(), target=who or None)
    else:
        w.emit("note.added", line, target=who or None)
    return w.events


def fit_silencer(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-SILENCER-2/-3: fitting a silencer rolls its life, d100+10 shots, for the GM's eyes."""
    c = combatant_at(state, str_param(action.params, "target"))
    weapon = weapon_of(c, str_param(action.params, "weapon"))
    if not weapon.get("silencer"):
        raise IllegalAction.of(R.NO_SILENCER(weapon=weapon["name"]), "COC-SILENCER-2")
    w = Working(state, dice)
    life = silencer_life(dice, "silencer life d100")
    w.weapon(c["id"], weapon["key"], "silencer_life", life)
    w.weapon(c["id"], weapon["key"], "silencer_ruined", False)
    text = G.SILENCER_LIFE(name=c["name"], weapon=weapon["name"], life=life)
    w.emit("silencer.fitted", text, audience="gm", target=c["id"], weapon=weapon["key"])
    return w.events


def conceal(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-CONCEAL-1: the GM marks a target as really hard to see for some observers."""
    target = combatant_at(state, str_param(action.params, "target"))
    w = Working(state, dice)
    if bool_param(action.params, "reveal"):
        w.set(target["id"], "hidden_from", [])
        w.emit("scene.changed", G.PLAIN_SIGHT(name=target["name"]))
        return w.events
    chosen = list_param(action.params, "observers")
    for cid in chosen:
        combatant_at(state, cid)
    observers = chosen or [
        cid for cid, o in state["combatants"].items() if o["side"] != target["side"]
    ]
    w.set(target["id"], "hidden_from", observers)
    names = [str(state["combatants"][cid]["name"]) for cid in observers]
    text = G.HARD_TO_SEE(name=target["name"], observers=names)
    w.emit("scene.changed", text, target=target["id"])
    return w.events


LIGHTS = ("normal", "dim", "dark")


def set_light(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-DARK-1..-3: the scene's light; in the dark the GM lists what cannot be done at all."""
    light = str_param(action.params, "light")
    if light not in LIGHTS:
        raise IllegalAction.of(R.LIGHT_CHOICES(choices=", ".join(LIGHTS)), "COC-DARK-1")
    impossible = list_param(action.params, "impossible")
    w = Working(state, dice)
    w.state_set("light", light)
    w.state_set("dark_impossible", impossible)
    said_as = {"dim": G.LIGHT_DIM, "dark": G.LIGHT_DARK}.get(light, G.LIGHT)
    text = said_as(light=m.LIGHTS[light]())
    if light == "dark" and impossible:
        skills = [L.skill_word(name) for name in impossible]
        text = L.more(text, G.IMPOSSIBLE(skills=skills))
    w.emit("scene.changed", text, light=light)
    return w.events
