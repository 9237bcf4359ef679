"""Delta Green GM tools: hand-applied damage, healing and conditions, weekly healing, training."""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from typing import Any

from rules.brp.core import FOOT_M, DamageDice, resistance_chance, rhu, succeeds
from rules.brp.hazards import (
    ACID,
    FIRES,
    POISONS,
    blast_dice,
    extra_dose_effects,
    fall_dice,
    onset_die,
    poison_damage,
)
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.params import bool_param, int_param, list_param, str_param
from rules.core.system import Action, Event, Json
from rules.delta_green.care import needs_surgery, poison_effects, treatment
from rules.delta_green.combat import auto_rules, burn_ops, skill, vest_of, vest_text
from rules.delta_green.edges import edge_ops
from rules.delta_green.engine import combatant_at, make_event
from rules.delta_green.messages import PURPOSE_LUCK
from rules.delta_green.settings import settings_of
from rules.delta_green.state import weapon_of
from rules.delta_green.tables import LOCATION_NAMES, LOCATIONS

TRAINABLE = ("str", "con", "dex", "app")


def _reason(params: Any) -> str:
    return str(params.get("reason") or "no reason given")


def gm_damage(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-HP-1/-4, DG-WOUND-*: the GM applies damage by hand (audited); location optional."""
    target = combatant_at(state, str_param(action.params, "target"))
    amount = int_param(action.params, "amount")
    if amount < 0:
        raise IllegalAction("damage cannot be negative; use healing")
    loc = action.params.get("location") or None
    if loc is not None and loc not in LOCATIONS:
        raise IllegalAction(f"unknown location {loc!r}", "DG-LOC-1")
    sever = bool_param(action.params, "sever")
    where = LOCATION_NAMES[loc] if loc else "total HP only"
    text = f"GM applies {amount} damage to {target['name']} ({where}): {_reason(action.params)}"
    if bool_param(action.params, "area"):  # DG-ARM-7, DG-HP-4: blasts, fire, gas
        vest = vest_of(target)
        if vest is not None:
            full = settings_of(state).area_effect_ap != "half"
            ap = vest.ap if full else rhu(Fraction(vest.ap, 2))
            amount = max(0, amount - ap)
            text += "; " + vest_text(target, f"vest {vest.level} AP {ap} against the area effect")
            text += f" -> {amount}"
    op = {"op": "damage", "id": target["id"], "location": loc, "amount": amount, "sever": sever}
    return [make_event("damage.applied", [op], [text], dice, target=target["id"], by="gm")]


def gm_heal(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-HEAL-*: the GM heals by hand (audited)."""
    target = combatant_at(state, str_param(action.params, "target"))
    amount = int_param(action.params, "amount")
    if amount < 0:
        raise IllegalAction("healing cannot be negative")
    loc = action.params.get("location") or None
    if loc is not None and loc not in LOCATIONS:
        raise IllegalAction(f"unknown location {loc!r}", "DG-LOC-1")
    op = {"op": "heal", "id": target["id"], "location": loc, "amount": amount}
    where = LOCATION_NAMES[loc] if loc else "total HP"
    text = f"GM heals {target['name']} by {amount} ({where}): {_reason(action.params)}"
    return [make_event("healing.applied", [op], [text], dice, target=target["id"], by="gm")]


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
            raise IllegalAction(f"unknown location {loc!r}")
        kind = "bleed_stop" if name == "stabilise" else "treated"
        ops = [{"op": kind, "id": tid, "location": loc}]
    else:
        raise IllegalAction(f"unknown condition {name!r}; one of {', '.join(CONDITIONS)}")
    text = f"GM sets {name} {'on' if on else 'off'} for {target['name']}: {_reason(action.params)}"
    return [make_event("condition.set", ops, [text], dice, target=tid, by="gm")]


def gm_treat(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-HEAL-1/-4: First Aid or surgery outside a round, rolled by the GM."""
    if state["phase"] == "in_round":
        raise IllegalAction("during a round, treatment is the healer's action (first_aid)")
    healer = combatant_at(state, str_param(action.params, "healer"))
    patient = combatant_at(state, str_param(action.params, "target"))
    loc = str_param(action.params, "location")
    if loc not in LOCATIONS:
        raise IllegalAction(f"unknown location {loc!r}")
    which = str_param(action.params, "skill", "first_aid")
    if which not in ("first_aid", "medicine"):
        raise IllegalAction("use first_aid or medicine")
    ops, lines = treatment(state, healer, patient, loc, which, dice)
    return [make_event("wound.treated", ops, lines, dice, actor=healer["id"], target=patient["id"])]


def week_passes(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-HEAL-1/-2/-3/-5: a game week: 1d3 to total HP and each damaged location."""
    if state["phase"] == "in_round":
        raise IllegalAction("healing weeks pass between fights")
    expr = DamageDice.parse(str(settings_of(state).weekly_heal))
    ops: list[Json] = [{"op": "state_set", "key": "week", "value": int(state["week"]) + 1}]
    lines = [f"Week {int(state['week']) + 1} of healing"]
    for cid, c in state["combatants"].items():
        if c["dead"] or int(c["hp"]) <= -10:
            continue
        if settings_of(state).maim_max_hp_loss == "L":
            for loc in [*c["maimed"], *c["severed"]]:
                if loc not in c.get("maim_counted", []) and loc != "head":
                    normal = int(c["loc_max"][loc])
                    ops.append({"op": "maim_loss", "id": cid, "location": loc, "amount": normal})
                    lines.append(
                        f"{c['name']}: the maimed {LOCATION_NAMES[loc]} costs {normal} "
                        "max HP for good (DG-HEAL-5)"
                    )
        ops.append({"op": "recompute_locations", "id": cid})  # DG-HEAL-5: new max HP
        booked = int(c.get("training_booked") or 0)
        if booked:  # DG-TRAIN-3: a week of study done
            per_week = int(settings_of(state).training_hours_per_week)
            left = max(0, booked - per_week)
            ops.append({"op": "set", "id": cid, "key": "training_booked", "value": left})
        if c["bleeding"]:
            lines.append(f"{c['name']}: still bleeding, must be stabilised first (DG-HEAL-2)")
            continue
        damaged = [loc for loc in LOCATIONS if int(c["damage"][loc]) > 0]
        if int(c["hp"]) >= int(c["hp_max"]) and not damaged:
            continue
        healable = []
        for loc in damaged:
            if loc in c["maimed"] or loc in c["severed"]:
                continue  # DG-HEAL-5
            if needs_surgery(state, c, loc) and loc not in c["operated"]:
                lines.append(f"{c['name']}: {LOCATION_NAMES[loc]} needs surgery (DG-HEAL-1)")
                continue
            healable.append(loc)
        amount, _ = expr.roll(dice, f"{c['name']} weekly healing {expr}")
        ops.append(
            {"op": "heal", "id": cid, "location": None, "locations": healable, "amount": amount}
        )
        lines.append(f"{c['name']}: weekly healing {expr} = {amount}")
    return [make_event("week.passed", ops, lines, dice)]


def _schedule(state: Json, student: Json, hours: int, params: Any) -> tuple[Json, str, int]:
    """DG-TRAIN-3, DG-RSCH-2: courses and research share 20 h a week, booked one after another;
    DG-TRAIN-6: the fee is noted in the log."""
    per_week = int(settings_of(state).training_hours_per_week)
    booked = int(student.get("training_booked") or 0)
    weeks = math.ceil((booked + hours) / per_week)
    op = {"op": "set", "id": student["id"], "key": "training_booked", "value": booked + hours}
    text = f"{hours} h"
    if booked:
        text += f" after {booked} h already booked"
    text += f", done in week {weeks} at {per_week} h a week"
    fee = str(params.get("fee") or "").strip()
    if fee:
        text += f"; fee: {fee}"
    return op, text, weeks


def train_skill(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-TRAIN-1..-6: a course with a better instructor: skill% hours, 1d6-2, cap 75."""
    params = action.params
    student = combatant_at(state, str_param(params, "student"))
    name = str_param(params, "skill")
    current = skill(student, name)
    if params.get("instructor"):
        teacher = combatant_at(state, str_param(params, "instructor"))
        teacher_skill = skill(teacher, name)
        teacher_name = teacher["name"]
    else:
        teacher_skill = int_param(params, "instructor_skill")
        teacher_name = "the instructor"
    if teacher_skill <= current:
        raise IllegalAction(
            f"{teacher_name} must be better than {current}% at {name}", "DG-TRAIN-1"
        )
    cap = int(settings_of(state).training_cap)
    if current >= cap:
        raise IllegalAction(f"training cannot raise a skill above {cap}%", "DG-TRAIN-5")
    hours = max(1, current)
    booking, when, weeks = _schedule(state, student, hours, params)
    ops, lines = _skill_result(student, name, current, cap, dice)
    ops.insert(0, booking)
    lines.insert(0, f"{student['name']} trains {name} ({current}%) with {teacher_name}: {when}")
    return [
        make_event(
            "training.finished",
            ops,
            lines,
            dice,
            student=student["id"],
            skill=name,
            hours=hours,
            weeks=weeks,
        )
    ]


def _skill_result(
    c: Json, name: str, current: int, cap: int, dice: Dice
) -> tuple[list[Json], list[str]]:
    """DG-TRAIN-4/-5: 1d6-2, never above the cap nor below the base chance."""
    face = dice.roll(6, "training 1d6-2")
    gain = face - 2
    base = int(c["sheet"]["skill_bases"].get(name, 0))
    new = max(base, min(cap, current + gain)) if gain > 0 else max(base, current + gain)
    new = min(new, max(cap, current))
    text = f"1d6-2 = {face}-2 = {gain:+d}: {name} {current}% -> {new}%"
    return [{"op": "sheet", "id": c["id"], "path": ["skills", name], "value": new}], [text]


def char_limit(c: Json, char: str) -> int:
    """DG-CTRAIN-4/-5: STR/CON up to max(STR, CON, SIZ); DEX/APP up to base + rhu(base/2)."""
    sheet = c["sheet"]
    if char in ("str", "con"):
        return max(int(sheet["str"]), int(sheet["con"]), int(sheet["siz"]))
    base = int(sheet[f"{char}_base"])
    return base + rhu(Fraction(base, 2))


def train_characteristic(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-CTRAIN-1..-7: characteristic x5 hours; 1d3-1, capped by instructor and limits."""
    if not settings_of(state).characteristic_training:
        raise IllegalAction("characteristic training is off in this campaign", "DG-CTRAIN-1")
    params = action.params
    student = combatant_at(state, str_param(params, "student"))
    char = str_param(params, "characteristic").lower()
    if char not in TRAINABLE:
        raise IllegalAction(f"{char.upper()} cannot be trained", "DG-CHAR-1")
    teacher_id = str_param(params, "instructor", "npc")
    room = None
    teacher = None
    if teacher_id != "npc":
        teacher = combatant_at(state, teacher_id)
        own = int(teacher["gains"].get(char, 0))
        if own < 1:
            raise IllegalAction(
                f"{teacher['name']} has not raised {char.upper()} by training or research",
                "DG-CTRAIN-2",
            )
        given = int(teacher["taught"].get(student["id"], {}).get(char, 0))
        if settings_of(state).instructor_cap == "per_course":
            given = 0  # DG-CTRAIN-3: each course capped on its own
        room = own - given  # DG-CTRAIN-3, cumulative by default
        if room < 1:
            raise IllegalAction(f"{teacher['name']} has nothing more to teach", "DG-CTRAIN-3")
    current = int(student["sheet"][char])
    limit = char_limit(student, char)
    if current >= limit:
        raise IllegalAction(f"{char.upper()} is at its limit {limit}", "DG-CTRAIN-4")
    hours = current * 5  # DG-CTRAIN-7
    booking, when, _ = _schedule(state, student, hours, params)
    face = dice.roll(3, "characteristic training 1d3-1")
    gain = min(face - 1, limit - current, room if room is not None else 99)
    ops: list[Json] = [booking]
    if gain > 0:
        ops += [
            {"op": "sheet", "id": student["id"], "path": [char], "value": current + gain},
            {"op": "gain", "id": student["id"], "char": char, "value": gain},
        ]
        if teacher is not None:
            ops.append(
                {
                    "op": "taught",
                    "id": teacher["id"],
                    "student": student["id"],
                    "char": char,
                    "value": gain,
                }
            )
    caps = f" (limit {limit}" + (f", instructor can give {room}" if room is not None else "") + ")"
    text = (
        f"{student['name']} trains {char.upper()} {current} ({when}): 1d3-1 = {face}-1; "
        f"gain {gain}{caps}: {char.upper()} {current + gain}"
    )
    return [
        make_event(
            "training.finished",
            ops,
            [text],
            dice,
            student=student["id"],
            char=char,
            hours=hours,
            gain=gain,
        )
    ]


def research(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-RSCH-1..-4: self-teaching; d100 + XB must beat the skill (or characteristic x5)."""
    params = action.params
    student = combatant_at(state, str_param(params, "student"))
    xb = int(settings_of(state).experience_bonus)
    cap = int(settings_of(state).training_cap)
    if params.get("characteristic"):
        char = str_param(params, "characteristic").lower()
        if char not in TRAINABLE:
            raise IllegalAction(f"{char.upper()} cannot be researched", "DG-CHAR-1")
        current = int(student["sheet"][char])
        target, hours, what = current * 5, current * 5, char.upper()
    else:
        char = None
        name = str_param(params, "skill")
        current = skill(student, name)
        if current >= cap:
            raise IllegalAction(f"research cannot raise a skill above {cap}%", "DG-TRAIN-5")
        target, hours, what = current, max(1, current), name
    booking, when, _ = _schedule(state, student, hours, params)
    roll = dice.roll(100, "research d100")
    lines = [f"{student['name']} researches {what} ({when}): d100 = {roll} + {xb} vs {target}"]
    ops: list[Json] = [booking]
    if roll + xb <= target:
        lines.append("no improvement")
        return [
            make_event("research.finished", ops, lines, dice, student=student["id"], success=False)
        ]
    if char is None:
        more_ops, more = _skill_result(student, name, current, cap, dice)
    else:
        limit = char_limit(student, char)
        face = dice.roll(3, "research 1d3-1")
        gain = max(0, min(face - 1, limit - current))
        more_ops = []
        if gain:
            more_ops = [
                {"op": "sheet", "id": student["id"], "path": [char], "value": current + gain},
                {"op": "gain", "id": student["id"], "char": char, "value": gain},
            ]
        more = [f"1d3-1 = {face}-1: {char.upper()} {current} -> {current + gain} (limit {limit})"]
    ops += more_ops
    lines += ["success", *more]
    return [make_event("research.finished", ops, lines, dice, student=student["id"], success=True)]


def magic_contest(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-POW-1, COC-RES-1: magic points against magic points; below 95% earns a POW gain check."""
    c = combatant_at(
        state, action.actor if action.actor != "gm" else str_param(action.params, "caster")
    )
    active = int_param(action.params, "active")
    passive = int_param(action.params, "passive")
    chance = resistance_chance(active, passive)
    roll = dice.roll(100, "resistance table d100")
    ok = succeeds(chance, roll)
    ops: list[Json] = []
    text = f"{c['name']}: MP {active} vs {passive}: chance {chance}%, d100 = {roll}: "
    text += "success" if ok else "failure"
    if chance < 95:
        ops.append({"op": "set", "id": c["id"], "key": "pow_check", "value": True})
        text += "; POW gain check earned"
    events = [
        make_event("resistance.rolled", ops, [text], dice, actor=c["id"], success=ok, chance=chance)
    ]
    if chance < 95 and settings_of(state).pow_gain_timing == "immediate":
        # DG-POW-1 (AMB-DG-38): this campaign rolls the gain at once, not at the session's end
        events += _pow_roll(state, {**c, "pow_check": True}, dice)
    return events


def pow_gain(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-POW-2: (max + min roll - POW) x 5; success adds 1d3-1 POW (one roll per session)."""
    c = combatant_at(state, str_param(action.params, "target"))
    if not c["pow_check"] and not bool_param(action.params, "force"):
        raise IllegalAction(f"{c['name']} has not earned a POW gain roll", "DG-POW-1")
    return _pow_roll(state, c, dice)


def _pow_roll(state: Json, c: Json, dice: Dice) -> list[Event]:
    """DG-POW-2: the roll itself; clears the mark."""
    low, high = (int(v) for v in c["sheet"]["pow_roll"])
    current = int(c["sheet"]["pow"])
    chance = (high + low - current) * 5
    ops: list[Json] = [{"op": "set", "id": c["id"], "key": "pow_check", "value": False}]
    if chance <= 0:
        return [
            make_event(
                "pow.rolled",
                ops,
                [f"{c['name']}: POW {current} cannot rise (0%)"],
                dice,
                target=c["id"],
                chance=0,
            )
        ]
    roll = dice.roll(100, "POW gain d100")
    lines = [f"{c['name']}: POW gain chance ({high}+{low}-{current})x5 = {chance}%, d100 = {roll}"]
    if succeeds(chance, roll, *auto_rules(state)):
        face = dice.roll(3, "POW gain 1d3-1")
        ops.append({"op": "sheet", "id": c["id"], "path": ["pow"], "value": current + face - 1})
        lines.append(f"1d3-1 = {face}-1: POW {current} -> {current + face - 1}")
    else:
        lines.append("no change")
    return [make_event("pow.rolled", ops, lines, dice, target=c["id"], chance=chance)]


def spot_vest(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-ARM-8: the GM rolls an observer's Spot Hidden to notice a vest worn hidden."""
    if not settings_of(state).hidden_vest_spot:
        raise IllegalAction("hidden vests cannot be spotted in this campaign", "DG-ARM-8")
    observer = combatant_at(state, str_param(action.params, "observer"))
    wearer = combatant_at(state, str_param(action.params, "wearer"))
    vest = wearer["sheet"].get("vest")
    if not vest or not vest.get("worn_hidden"):
        raise IllegalAction(f"{wearer['name']} wears no hidden vest", "DG-ARM-8")
    chance = skill(observer, "spot_hidden")
    roll = dice.roll(100, "Spot Hidden d100")
    ok = succeeds(chance, roll, *auto_rules(state))
    ops: list[Json] = []
    text = f"{observer['name']} looks closely at {wearer['name']}: Spot Hidden d100 = {roll}"
    text += f" vs {chance}: "
    if ok:
        ops.append(
            {"op": "list_add", "id": wearer["id"], "key": "vest_seen_by", "value": observer["id"]}
        )
        text += f"notices a vest under {wearer['name']}'s clothes"
    else:
        text += "notices nothing"
    event = make_event("vest.spotted", ops, [text], dice, observer=observer["id"], success=ok)
    audience = f"actor:{observer['id']}" if ok else "gm"
    return [dataclasses.replace(event, audience=audience)]


HAZARDS = ("explosion", "fall", "acid", "fire", "poison", "drowning")


def hazard(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-GEN-4, DG-HP-4: the inherited BRP hazards, each to total HP only (vests at half AP)."""
    params = action.params
    kind = str_param(params, "type")
    if kind not in HAZARDS:
        raise IllegalAction(f"unknown hazard {kind!r}; one of {', '.join(HAZARDS)}", "DG-GEN-4")
    handler = {
        "explosion": _explosion,
        "fall": _fall,
        "acid": _acid,
        "fire": _fire,
        "poison": _poison,
        "drowning": _drowning,
    }[kind]
    ops, lines = handler(state, params, dice)
    return [make_event("hazard.applied", ops, lines, dice, hazard=kind)]


def _hurt(target: Json, amount: int) -> Json:
    return {"op": "damage", "id": target["id"], "location": None, "amount": max(0, amount)}


def _explosion(state: Json, params: Any, dice: Dice) -> tuple[list[Json], list[str]]:
    """COC-EXPL-1/-2, DG-ARM-7: each target rolls its band's d6 separately; vests at half AP."""
    count = int_param(params, "dice")
    radius = Fraction(str(params.get("radius_m") or "0"))
    targets = list_param(params, "targets")
    distances = list_param(params, "distances")
    if not targets or len(distances) != len(targets):
        raise IllegalAction("give one distance (m) per target", "COC-EXPL-1")
    ops: list[Json] = []
    lines = [f"Explosion {count}d6, radius {radius} m"]
    for tid, raw in zip(targets, distances, strict=True):
        target = combatant_at(state, tid)
        band_dice = blast_dice(count, radius, Fraction(raw))
        if band_dice == 0:
            lines.append(f"{target['name']} at {raw} m: out of the blast")
            continue
        expr = DamageDice.parse(f"{band_dice}d6")
        rolled, _ = expr.roll(dice, f"{target['name']} blast {expr}")
        text = f"{target['name']} at {raw} m: {expr} = {rolled}"
        vest = vest_of(target)
        if vest is not None:
            full = settings_of(state).area_effect_ap != "half"
            ap = vest.ap if full else rhu(Fraction(vest.ap, 2))
            rolled = max(0, rolled - ap)
            text += "; " + vest_text(target, f"vest {vest.level} AP {ap}") + f" -> {rolled}"
        ops.append(_hurt(target, rolled))
        lines.append(text)
    return ops, lines


def _fall(state: Json, params: Any, dice: Dice) -> tuple[list[Json], list[str]]:
    """COC-FALL-1/-2, DG-GEN-5: height in metres, the rule in feet; a good Jump takes 1d6 off."""
    target = combatant_at(state, str_param(params, "target"))
    metres = Fraction(str(params.get("height_m") or "0"))
    feet = metres / FOOT_M
    lines = [f"{target['name']} falls {metres} m ({float(feet):.1f} ft)"]
    jumped = False
    if bool_param(params, "jumped"):
        chance = skill(target, "jump")
        vest = vest_of(target)
        if vest is not None:
            chance -= vest.penalty  # DG-ARM-2
        roll = dice.roll(100, "Jump d100")
        jumped = succeeds(chance, roll, *auto_rules(state))
        lines.append(
            f"Jump d100 = {roll} vs {chance}: {'success, 1d6 less' if jumped else 'failure'}"
        )
    count = fall_dice(feet, jumped)
    if count == 0:
        lines.append("no damage")
        return [], lines
    expr = DamageDice.parse(f"{count}d6")
    rolled, _ = expr.roll(dice, f"fall {expr}")
    lines.append(f"fall {expr} = {rolled}")
    return [_hurt(target, rolled)], lines


def _acid(state: Json, params: Any, dice: Dice) -> tuple[list[Json], list[str]]:
    """COC-ACID-1/-TABLE: a round of massive contact; armour does not help."""
    target = combatant_at(state, str_param(params, "target"))
    grade = str_param(params, "grade", "strong")
    if grade not in ACID:
        raise IllegalAction(f"acid is {', '.join(ACID)}", "COC-ACID-TABLE")
    expr = DamageDice.parse(ACID[grade])
    rolled, _ = expr.roll(dice, f"acid {expr}")
    return [_hurt(target, rolled)], [f"{target['name']}: {grade} acid {expr} = {max(0, rolled)}"]


def _fire(state: Json, params: Any, dice: Dice) -> tuple[list[Json], list[str]]:
    """COC-FIRE-3/-4/-6/-7: torch, bonfire or burning room; Luck keeps clothes and lungs safe."""
    target = combatant_at(state, str_param(params, "target"))
    kind = str_param(params, "fire", "torch")
    if kind not in ("torch", "bonfire", "burning_room"):
        raise IllegalAction("fire is torch, bonfire or burning_room", "COC-FIRE-1")
    expr = DamageDice.parse(FIRES[kind])
    rolled, _ = expr.roll(dice, f"{kind.replace('_', ' ')} {expr}")
    ops = [_hurt(target, rolled)]
    lines = [f"{target['name']}: {kind.replace('_', ' ')} {expr} = {rolled}"]
    more_ops, more = burn_ops(state, target, rolled, dice)
    ops += more_ops
    lines += more
    luck = int(target["sheet"]["pow"]) * 5  # COC-GEN-2
    if kind == "bonfire":
        ops.append({"op": "set", "id": target["id"], "key": "on_fire", "value": True})
        lines.append("hair and clothes catch fire (1d6 a round until put out)")
    else:
        roll = dice.roll(100, PURPOSE_LUCK.english)
        if succeeds(luck, roll, *auto_rules(state)):
            lines.append(f"Luck d100 = {roll} vs {luck}: safe")
        elif kind == "torch":
            ops.append({"op": "set", "id": target["id"], "key": "on_fire", "value": True})
            lines.append(f"Luck d100 = {roll} vs {luck}: hair and clothes catch fire")
        else:
            ops.append(
                {
                    "op": "set",
                    "id": target["id"],
                    "key": "drowning",
                    "value": {"round": 0, "start": 10, "failed": False},
                }
            )
            lines.append(f"Luck d100 = {roll} vs {luck}: the smoke chokes (suffocation starts)")
    return ops, lines


def _poison(state: Json, params: Any, dice: Dice) -> tuple[list[Json], list[str]]:
    """COC-POISON-1/-2/-3/-7: POT against CON on the resistance table."""
    if params.get("poison"):
        return _dose(state, params, dice)
    target = combatant_at(state, str_param(params, "target"))
    potency = int_param(params, "potency")
    effect = str_param(params, "effect", "damaging")
    con = int(target["sheet"]["con"])
    chance = resistance_chance(potency, con)
    roll = dice.roll(100, "poison resistance d100")
    wins = succeeds(chance, roll)
    lines = [
        f"{target['name']}: poison POT {potency} vs CON {con}: {chance}%, d100 = {roll}: "
        + ("the poison wins" if wins else "the body resists")
    ]
    if effect == "incapacitating":
        if wins:
            lines.append("unconscious for the poison's duration")
            return [{"op": "set", "id": target["id"], "key": "knocked_out", "value": True}], lines
        return [], lines
    amount = poison_damage(potency, wins)
    lines.append(f"{amount} HP lost")
    return [_hurt(target, amount)], lines


def _dose(state: Json, params: Any, dice: Dice) -> tuple[list[Json], list[str]]:
    """COC-POISON-4/-5/-6: a poison of the table: the resistance roll now, the effect at onset
    (drawn uniformly in the table's range), extra doses lengthen sleep and risk the breath."""
    target = combatant_at(state, str_param(params, "target"))
    name = str_param(params, "poison")
    poison = POISONS.get(name)
    if poison is None:
        raise IllegalAction(f"unknown poison {name!r}; one of {', '.join(POISONS)}", "COC-POISON-4")
    potency = int_param(params, "potency", poison.potency)  # COC-POISON-4: the GM may adjust
    doses = int_param(params, "doses", 1)
    if not 1 <= doses <= 20:
        raise IllegalAction("doses must be 1 to 20", "COC-POISON-6")
    con = int(target["sheet"]["con"])
    chance = resistance_chance(potency, con)
    roll = dice.roll(100, "poison resistance d100")
    wins = succeeds(chance, roll)
    sides = onset_die(poison)
    onset = poison.low + (dice.roll(sides, f"onset 1d{sides}") - 1 if sides else 0)
    extra_hours, failure = extra_dose_effects(poison, doses)
    unit = poison.unit + ("s" if onset != 1 else "")
    pending: Json = {
        "poison": name,
        "potency": potency,
        "wins": wins,
        "doses": doses,
        "onset": f"{onset} {unit}",
        # "1 round" means the end of the next round; longer onsets wait for the GM's word
        "due_round": int(state["round"]) + onset if poison.unit == "round" else None,
        "extra_hours": extra_hours,
        "failure": failure,
    }
    lines = [
        f"{target['name']}: {poison.name} x{doses}, POT {potency} vs CON {con}: {chance}%, "
        f"d100 = {roll}: " + ("the poison wins" if wins else "the body resists"),
        f"it takes effect in {onset} {unit} (COC-POISON-5)",
    ]
    if failure:
        lines.append(f"{failure}% risk of respiratory failure at onset (COC-POISON-6)")
    ops: list[Json] = [
        {
            "op": "set",
            "id": target["id"],
            "key": "poisons",
            "value": [*target.get("poisons", []), pending],
        }
    ]
    return ops, lines


def poison_onset(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-POISON-5: the GM says the onset time has passed: every pending dose takes effect."""
    target = combatant_at(state, str_param(action.params, "target"))
    pending = list(target.get("poisons") or [])
    if not pending:
        raise IllegalAction(f"{target['name']} has no poison waiting to act", "COC-POISON-5")
    ops, lines = poison_effects(state, target, pending, dice)
    ops.append({"op": "set", "id": target["id"], "key": "poisons", "value": []})
    return [make_event("poison.took_effect", ops, lines, dice, target=target["id"])]


def _drowning(state: Json, params: Any, dice: Dice) -> tuple[list[Json], list[str]]:
    """COC-DROWN-1..-5: start (CON x10, x6 if surprised) or end a spell without air."""
    target = combatant_at(state, str_param(params, "target"))
    if bool_param(params, "end"):
        return [{"op": "set", "id": target["id"], "key": "drowning", "value": None}], [
            f"{target['name']} breathes again"
        ]
    start = 6 if bool_param(params, "surprised") else 10
    value = {"round": 0, "start": start, "failed": False}
    return [{"op": "set", "id": target["id"], "key": "drowning", "value": value}], [
        f"{target['name']} has no air: CON x{start} at the end of this round, then less"
    ]


def revolver_accident(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-REVOLVER-1: a full revolver dropped or struck: a failed Luck roll fires a round."""
    holder = combatant_at(state, str_param(action.params, "target"))
    key = str_param(action.params, "weapon")
    weapon = next((w for w in holder["sheet"]["weapons"] if w["key"] == key), None)
    if weapon is None or weapon.get("action") != "revolver":
        raise IllegalAction(f"{holder['name']} has no revolver {key!r}", "COC-REVOLVER-1")
    slot = holder["weapons"][key]
    if int(slot["loaded"]) < int(weapon["capacity"]):
        raise IllegalAction("only a revolver with every chamber loaded goes off", "COC-REVOLVER-1")
    luck = skill(holder, "luck")
    roll = dice.roll(100, PURPOSE_LUCK.english)
    ops: list[Json] = []
    text = f"{holder['name']}'s {weapon['name']} is jolted: Luck d100 = {roll} vs {luck}: "
    if succeeds(luck, roll, *auto_rules(state)):
        text += "it does not go off"
    else:
        ops.append({"op": "ammo", "id": holder["id"], "weapon": key, "delta": -1})
        text += "it goes off (the GM says where the round goes)"
    return [make_event("weapon.accident", ops, [text], dice, target=holder["id"])]


def set_confined(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-EDGE-4: the GM marks the scene as a confined space."""
    value = bool_param(action.params, "value", True)
    ops = [{"op": "state_set", "key": "confined", "value": value}]
    text = f"GM: the scene is {'a confined space' if value else 'open'}"
    return [make_event("scene.changed", ops, [text], dice)]


def grant_edge(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-EDGE-0: after creation edges come by the GM's grant, paid from the pool or free."""
    c = combatant_at(state, str_param(action.params, "target"))
    ops, what = edge_ops(c, str_param(action.params, "edge"), bool_param(action.params, "pay"))
    return [
        make_event("edge.granted", ops, [f"GM: {c['name']} gains {what}"], dice, target=c["id"])
    ]


def gm_note(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-RES-1: resources (safe houses, old accounts, equipment) are free-text notes, no rules."""
    text = str(action.params.get("text") or "").strip()
    if not text:
        raise IllegalAction("write the note's text", "DG-RES-1")
    if len(text) > 2000:
        raise IllegalAction("a note is at most 2000 characters", "DG-RES-1")
    who = action.params.get("target") or ""
    if who:
        c = combatant_at(state, str(who))
        ops: list[Json] = [{"op": "list_add", "id": c["id"], "key": "notes", "value": text}]
        line = f"GM note for {c['name']}: {text}"
    else:
        notes = [*state.get("notes", []), text]
        ops = [{"op": "state_set", "key": "notes", "value": notes}]
        line = f"GM note: {text}"
    return [make_event("note.added", ops, [line], dice, target=who or None)]


def fit_silencer(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-SILENCER-2/-3: fitting a silencer rolls its life, d100+10 shots, for the GM's eyes."""
    c = combatant_at(state, str_param(action.params, "target"))
    weapon = weapon_of(c, str_param(action.params, "weapon"))
    if not weapon.get("silencer"):
        raise IllegalAction(f"{weapon['name']} has no silencer on the sheet", "COC-SILENCER-2")
    life = dice.roll(100, "silencer life d100") + 10
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
    text = f"GM: the silencer on {c['name']}'s {weapon['name']} lasts {life} shots (d100+10)"
    event = make_event("silencer.fitted", ops, [text], dice, target=c["id"], weapon=weapon["key"])
    return [dataclasses.replace(event, audience="gm", redacted_text=None)]


def conceal(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-CONCEAL-1: the GM marks a target as really hard to see for some observers."""
    target = combatant_at(state, str_param(action.params, "target"))
    if bool_param(action.params, "reveal"):
        ops: list[Json] = [{"op": "set", "id": target["id"], "key": "hidden_from", "value": []}]
        return [make_event("scene.changed", ops, [f"GM: {target['name']} is in plain sight"], dice)]
    chosen = list_param(action.params, "observers")
    for cid in chosen:
        combatant_at(state, cid)
    observers = chosen or [
        cid for cid, o in state["combatants"].items() if o["side"] != target["side"]
    ]
    ops = [{"op": "set", "id": target["id"], "key": "hidden_from", "value": observers}]
    names = ", ".join(state["combatants"][cid]["name"] for cid in observers)
    text = f"GM: {target['name']} is hard to see for {names} (Spot Hidden or Idea to locate)"
    return [make_event("scene.changed", ops, [text], dice, target=target["id"])]


LIGHTS = ("normal", "dim", "dark")


def set_light(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-DARK-1..-3: the scene's light; in the dark the GM lists what cannot be done at all."""
    light = str_param(action.params, "light")
    if light not in LIGHTS:
        raise IllegalAction(f"light must be one of {', '.join(LIGHTS)}", "COC-DARK-1")
    impossible = list_param(action.params, "impossible")
    ops: list[Json] = [
        {"op": "state_set", "key": "light", "value": light},
        {"op": "state_set", "key": "dark_impossible", "value": impossible},
    ]
    text = f"GM: the light is {light}"
    if light == "dim":
        text += ": every skill and attack chance is halved (COC-DARK-1)"
    elif light == "dark":
        text += ": every skill and attack chance is 01 (COC-DARK-2)"
        if impossible:
            text += f"; impossible: {', '.join(impossible)} (COC-DARK-3)"
    return [make_event("scene.changed", ops, [text], dice, light=light)]
