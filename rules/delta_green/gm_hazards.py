"""Delta Green GM tools for the inherited BRP hazards: explosions, falls, acid, fire, poisons,
drowning, and a jolted revolver (DG-GEN-4, DG-HP-4, COC-*)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.brp.core import FOOT_M, DamageDice, luck_chance, rhu, succeeds
from rules.brp.firearms import REVOLVER, after_jolt, revolver_at_risk
from rules.brp.hazards import (
    ACID,
    FIRES,
    POISONS,
    blast_dice,
    blast_roll,
    drown_start,
    extra_dose_effects,
    fall_dice,
    onset,
    onset_die,
    poison_check,
    poison_damage,
)
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import bool_param, int_param, list_param, str_param
from rules.core.system import Action, Event, Json
from rules.delta_green import log_gm as G
from rules.delta_green import log_messages as L
from rules.delta_green import messages as m
from rules.delta_green import refusals as R
from rules.delta_green.care import poison_effects
from rules.delta_green.combat import auto_rules, burn, skill, vest_of, vest_text
from rules.delta_green.engine import combatant_at
from rules.delta_green.messages import PURPOSE_LUCK
from rules.delta_green.settings import settings_of
from rules.delta_green.working import Working
from rules.scene import reading_messages as scene_words
from rules.scene.areas import CENTRE, caught, gm_only, square
from rules.scene.ranges import shown

HAZARDS = ("explosion", "fall", "acid", "fire", "poison", "drowning")
Lines = list[Msg | None]


def hazard(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-GEN-4, DG-HP-4: the inherited BRP hazards, each to total HP only (vests at half AP)."""
    params = action.params
    kind = str_param(params, "type")
    if kind not in HAZARDS:
        refusal = R.UNKNOWN_HAZARD(hazard=repr(kind), choices=", ".join(HAZARDS))
        raise IllegalAction.of(refusal, "DG-GEN-4")
    handler = {
        "explosion": _explosion,
        "fall": _fall,
        "acid": _acid,
        "fire": _fire,
        "poison": _poison,
        "drowning": _drowning,
    }[kind]
    w = Working(state, dice)
    lines = handler(w, params, dice)
    w.emit("hazard.applied", L.semi(lines), hazard=kind)
    return w.events


def _hurt(w: Working, target: Json, amount: int) -> None:
    w.damage(target["id"], max(0, amount))


def _explosion(w: Working, params: Any, dice: Dice) -> Lines:
    """COC-EXPL-1/-2, DG-ARM-7: each target rolls its band's d6 separately; vests at half AP."""
    state = w.state
    count = int_param(params, "dice")
    radius = Fraction(str(params.get("radius_m") or "0"))
    centre = square(state, params, CENTRE)
    header = G.EXPLOSION(count=count, radius=str(radius))
    if centre is not None:  # SCENE-AREA-1: the map says who is caught and how far
        found = caught(state, centre, radius * count)
        hidden = {tid: d for tid, d in found.items() if gm_only(state, tid)}
        if hidden:  # SCENE-HIDE-1: GM-only tokens caught are told to the GM alone
            secret = _blast_lines(w, state, hidden, count, radius, dice)
            w.emit("hazard.applied", L.semi([header, *secret]), audience="gm", hazard="explosion")
        seen = {tid: d for tid, d in found.items() if tid not in hidden}
        lines = _blast_lines(w, state, seen, count, radius, dice)
        return [header, *(lines or [scene_words.NONE_CAUGHT()])]
    targets = list_param(params, "targets")
    distances = list_param(params, "distances")
    if not targets or len(distances) != len(targets):
        raise IllegalAction.of(R.ONE_DISTANCE(), "COC-EXPL-1")
    typed = {tid: Fraction(raw) for tid, raw in zip(targets, distances, strict=True)}
    return [header, *_blast_lines(w, state, typed, count, radius, dice, distances)]


def _blast_lines(
    w: Working,
    state: Json,
    caught_at: dict[str, Fraction],
    count: int,
    radius: Fraction,
    dice: Dice,
    said: list[str] | None = None,
) -> Lines:
    """COC-EXPL-1/-2, DG-ARM-7: each target's band, roll and vest; `said`: the distances as the
    GM typed them (else as the map measured them)."""
    lines: Lines = []
    for n, (tid, metres) in enumerate(caught_at.items()):
        raw = said[n] if said is not None else shown(metres)
        target = combatant_at(state, tid)
        band_dice = blast_dice(count, radius, metres)
        if band_dice == 0:
            lines.append(G.OUT_OF_BLAST(name=target["name"], distance=raw))
            continue
        expr = f"{band_dice}d6"
        _, rolled = blast_roll(dice, count, radius, metres, f"{target['name']} blast {expr}")
        text = G.BLAST(name=target["name"], distance=raw, expr=str(expr), rolled=rolled)
        vest = vest_of(target)
        if vest is not None:
            full = settings_of(state).area_effect_ap != "half"
            ap = vest.ap if full else rhu(Fraction(vest.ap, 2))
            rolled = max(0, rolled - ap)
            why = vest_text(target, L.VEST_AP(level=vest.level, ap=ap))
            text = L.more(text, L.AFTER_ARMOUR(why=why, after=rolled))
        _hurt(w, target, rolled)
        lines.append(text)
    return lines


def _fall(w: Working, params: Any, dice: Dice) -> Lines:
    """COC-FALL-1/-2, DG-GEN-5: height in metres, the rule in feet; a good Jump takes 1d6 off."""
    state = w.state
    target = combatant_at(state, str_param(params, "target"))
    metres = Fraction(str(params.get("height_m") or "0"))
    feet = metres / FOOT_M
    lines: Lines = [G.FALLS(name=target["name"], metres=str(metres), feet=f"{float(feet):.1f}")]
    jumped = False
    if bool_param(params, "jumped"):
        chance = skill(target, "jump")
        vest = vest_of(target)
        if vest is not None:
            chance -= vest.penalty  # DG-ARM-2
        roll = dice.roll(100, "Jump d100")
        jumped = succeeds(chance, roll, *auto_rules(state))
        lines.append((G.JUMP_SAVES if jumped else G.JUMP_FAILS)(roll=roll, chance=chance))
    count = fall_dice(feet, jumped)
    if count == 0:
        lines.append(G.NO_DAMAGE())
        return lines
    expr = DamageDice.parse(f"{count}d6")
    rolled, _ = expr.roll(dice, f"fall {expr}")
    lines.append(G.FALL_DAMAGE(expr=str(expr), rolled=rolled))
    _hurt(w, target, rolled)
    return lines


def _acid(w: Working, params: Any, dice: Dice) -> Lines:
    """COC-ACID-1/-TABLE: a round of massive contact; armour does not help."""
    state = w.state
    target = combatant_at(state, str_param(params, "target"))
    grade = str_param(params, "grade", "strong")
    if grade not in ACID:
        raise IllegalAction.of(R.ACID_GRADES(choices=", ".join(ACID)), "COC-ACID-TABLE")
    expr = DamageDice.parse(ACID[grade])
    rolled, _ = expr.roll(dice, f"acid {expr}")
    line = G.ACID(
        name=target["name"], grade=G.ACID_KEYS[grade](), expr=str(expr), rolled=max(0, rolled)
    )
    _hurt(w, target, rolled)
    return [line]


def _fire(w: Working, params: Any, dice: Dice) -> Lines:
    """COC-FIRE-3/-4/-6/-7: torch, bonfire or burning room; Luck keeps clothes and lungs safe."""
    state = w.state
    target = combatant_at(state, str_param(params, "target"))
    kind = str_param(params, "fire", "torch")
    if kind not in ("torch", "bonfire", "burning_room"):
        raise IllegalAction.of(R.FIRE_KINDS(), "COC-FIRE-1")
    expr = DamageDice.parse(FIRES[kind])
    rolled, _ = expr.roll(dice, f"{kind.replace('_', ' ')} {expr}")
    _hurt(w, target, rolled)
    fire = m.FIRES[kind]()
    lines: Lines = [G.FIRE(name=target["name"], fire=fire, expr=str(expr), rolled=rolled)]
    lines += burn(w, target, rolled, dice)
    luck = luck_chance(int(target["sheet"]["pow"]))  # COC-GEN-2
    if kind == "bonfire":
        w.set(target["id"], "on_fire", True)
        lines.append(G.CATCH_FIRE())
    else:
        roll = dice.roll(100, PURPOSE_LUCK.english)
        if succeeds(luck, roll, *auto_rules(state)):
            lines.append(G.LUCK_SAFE(roll=roll, luck=luck))
        elif kind == "torch":
            w.set(target["id"], "on_fire", True)
            lines.append(G.LUCK_CATCH(roll=roll, luck=luck))
        else:
            w.set(target["id"], "drowning", {"round": 0, "start": 10, "failed": False})
            lines.append(G.LUCK_SMOKE(roll=roll, luck=luck))
    return lines


def _poison(w: Working, params: Any, dice: Dice) -> Lines:
    """COC-POISON-1/-2/-3/-7: POT against CON on the resistance table."""
    state = w.state
    if params.get("poison"):
        return _dose(w, params, dice)
    target = combatant_at(state, str_param(params, "target"))
    potency = int_param(params, "potency")
    effect = str_param(params, "effect", "damaging")
    con = int(target["sheet"]["con"])
    roll = dice.roll(100, "poison resistance d100")
    chance, wins = poison_check(potency, con, roll)  # COC-POISON-1
    verdict = G.POISON_WINS() if wins else G.BODY_RESISTS()
    head = G.POISON_ROLL(
        name=target["name"], potency=potency, con=con, chance=chance, roll=roll, verdict=verdict
    )
    lines: Lines = [head]
    if effect == "incapacitating":
        if wins:
            lines.append(G.UNCONSCIOUS_FOR_IT())
            w.set(target["id"], "knocked_out", True)
        return lines
    amount = poison_damage(potency, wins)
    lines.append(G.HP_LOST(amount=amount))
    _hurt(w, target, amount)
    return lines


def _dose(w: Working, params: Any, dice: Dice) -> Lines:
    """COC-POISON-4/-5/-6: a poison of the table: the resistance roll now, the effect at onset
    (drawn uniformly in the table's range), extra doses lengthen sleep and risk the breath."""
    state = w.state
    target = combatant_at(state, str_param(params, "target"))
    name = str_param(params, "poison")
    poison = POISONS.get(name)
    if poison is None:
        refusal = R.UNKNOWN_POISON(poison=repr(name), choices=", ".join(POISONS))
        raise IllegalAction.of(refusal, "COC-POISON-4")
    potency = int_param(params, "potency", poison.potency)  # COC-POISON-4: the GM may adjust
    doses = int_param(params, "doses", 1)
    if not 1 <= doses <= 20:
        raise IllegalAction.of(R.DOSES(), "COC-POISON-6")
    con = int(target["sheet"]["con"])
    roll = dice.roll(100, "poison resistance d100")
    chance, wins = poison_check(potency, con, roll)  # COC-POISON-1
    delay = onset(poison, dice, f"onset 1d{onset_die(poison)}")
    extra_hours, failure = extra_dose_effects(poison, doses)
    unit = poison.unit + ("s" if delay != 1 else "")
    pending: Json = {
        "poison": name,
        "potency": potency,
        "wins": wins,
        "doses": doses,
        "onset": f"{delay} {unit}",
        # "1 round" means the end of the next round; longer onsets wait for the GM's word
        "due_round": int(state["round"]) + delay if poison.unit == "round" else None,
        "extra_hours": extra_hours,
        "failure": failure,
    }
    verdict = G.POISON_WINS() if wins else G.BODY_RESISTS()
    lines: Lines = [
        G.DOSE_ROLL(
            name=target["name"],
            poison=G.poison_name(name),
            doses=doses,
            potency=potency,
            con=con,
            chance=chance,
            roll=roll,
            verdict=verdict,
        ),
        G.TAKES_EFFECT_IN(onset=G.ONSET[poison.unit](n=delay)),
    ]
    if failure:
        lines.append(G.RESPIRATORY_RISK(failure=failure))
    w.set(target["id"], "poisons", [*target.get("poisons", []), pending])
    return lines


def poison_onset(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-POISON-5: the GM says the onset time has passed: every pending dose takes effect."""
    target = combatant_at(state, str_param(action.params, "target"))
    pending = list(target.get("poisons") or [])
    if not pending:
        raise IllegalAction.of(R.NO_POISON_WAITING(name=target["name"]), "COC-POISON-5")
    w = Working(state, dice)
    lines = poison_effects(w, target, pending, dice)
    w.set(target["id"], "poisons", [])
    w.emit("poison.took_effect", L.semi(lines), target=target["id"])
    return w.events


def _drowning(w: Working, params: Any, dice: Dice) -> Lines:
    """COC-DROWN-1..-5: start (CON x10, x6 if surprised) or end a spell without air."""
    state = w.state
    target = combatant_at(state, str_param(params, "target"))
    if bool_param(params, "end"):
        w.set(target["id"], "drowning", None)
        return [G.BREATHES_AGAIN(name=target["name"])]
    start = drown_start(bool_param(params, "surprised"))
    w.set(target["id"], "drowning", {"round": 0, "start": start, "failed": False})
    return [G.NO_AIR(name=target["name"], start=start)]


def revolver_accident(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-REVOLVER-1: a full revolver dropped or struck: a failed Luck roll fires a round."""
    holder = combatant_at(state, str_param(action.params, "target"))
    key = str_param(action.params, "weapon")
    weapon = next((w for w in holder["sheet"]["weapons"] if w["key"] == key), None)
    if weapon is None or weapon.get("action") != REVOLVER:
        refusal = R.NO_REVOLVER(name=holder["name"], key=repr(key))
        raise IllegalAction.of(refusal, "COC-REVOLVER-1")
    loaded = int(holder["weapons"][key]["loaded"])
    if not revolver_at_risk(REVOLVER, loaded, int(weapon["capacity"])):
        raise IllegalAction.of(R.REVOLVER_FULL(), "COC-REVOLVER-1")
    luck = skill(holder, "luck")
    w = Working(state, dice)
    roll = dice.roll(100, PURPOSE_LUCK.english)
    said_as = G.REVOLVER_HOLDS
    left = after_jolt(loaded, succeeds(luck, roll, *auto_rules(state)))
    if left < loaded:
        w.ammo(holder["id"], key, left - loaded)
        said_as = G.REVOLVER_FIRES
    text = said_as(name=holder["name"], weapon=weapon["name"], roll=roll, luck=luck)
    w.emit("weapon.accident", text, target=holder["id"])
    return w.events
