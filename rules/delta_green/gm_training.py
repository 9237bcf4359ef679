"""Delta Green GM tools for between the fights: skill and characteristic training, research,
magic-point contests and POW gain (DG-TRAIN-*, DG-CTRAIN-*, DG-RSCH-*, DG-POW-*)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from rules.brp.core import resistance_check, rhu, succeeds
from rules.core.actions import GM_ACTOR
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import bool_param, int_param, str_param
from rules.core.system import Action, Event, Json
from rules.delta_green import log_gm as G
from rules.delta_green import log_messages as L
from rules.delta_green import log_turns as T
from rules.delta_green import refusals as R
from rules.delta_green.combat import auto_rules, skill
from rules.delta_green.engine import combatant_at
from rules.delta_green.settings import settings_of
from rules.delta_green.sheet import CHARACTERISTIC_LABELS
from rules.delta_green.working import Working

TRAINABLE = ("str", "con", "dex", "app")


def _char(char: str) -> Msg:
    """A characteristic's abbreviation ("STR")."""
    return CHARACTERISTIC_LABELS[char]()


def _schedule(w: Working, student: Json, hours: int, params: Any) -> tuple[Msg, int]:
    """DG-TRAIN-3, DG-RSCH-2: courses and research share 20 h a week, booked one after another;
    DG-TRAIN-6: the fee is noted in the log."""
    per_week = int(settings_of(w.state).training_hours_per_week)
    booked = int(student.get("training_booked") or 0)
    weeks = math.ceil((booked + hours) / per_week)
    w.set(student["id"], "training_booked", booked + hours)
    when = {"hours": hours, "weeks": weeks, "per_week": per_week}
    text = G.SCHEDULE_AFTER(**when, booked=booked) if booked else G.SCHEDULE(**when)
    fee = str(params.get("fee") or "").strip()
    if fee:
        text = L.more(text, G.FEE(fee=fee))
    return text, weeks


def train_skill(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-TRAIN-1..-6: a course with a better instructor: skill% hours, 1d6-2, cap 75."""
    params = action.params
    student = combatant_at(state, str_param(params, "student"))
    name = str_param(params, "skill")
    current = skill(student, name)
    teacher_name: Msg | str
    if params.get("instructor"):
        teacher = combatant_at(state, str_param(params, "instructor"))
        teacher_skill = skill(teacher, name)
        teacher_name = teacher["name"]
    else:
        teacher_skill = int_param(params, "instructor_skill")
        teacher_name = G.THE_INSTRUCTOR()
    word = L.skill_word(name)
    if teacher_skill <= current:
        refusal = R.INSTRUCTOR_BETTER(teacher=teacher_name, current=current, skill=word)
        raise IllegalAction.of(refusal, "DG-TRAIN-1")
    cap = int(settings_of(state).training_cap)  # DG-TRAIN-5 (AMB-DG-37): 75 for every skill
    if current >= cap:
        raise IllegalAction.of(R.TRAINING_CAP(cap=cap), "DG-TRAIN-5")
    hours = max(1, current)
    w = Working(state, dice)
    when, weeks = _schedule(w, student, hours, params)
    lines = _skill_result(w, student, name, current, cap, dice)
    head = G.TRAINS(
        name=student["name"], skill=word, current=current, teacher=teacher_name, when=when
    )
    lines.insert(0, head)
    w.emit(
        "training.finished",
        L.semi(lines),
        student=student["id"],
        skill=name,
        hours=hours,
        weeks=weeks,
    )
    return w.events


def _skill_result(
    w: Working, c: Json, name: str, current: int, cap: int, dice: Dice
) -> list[Msg | None]:
    """DG-TRAIN-4/-5: 1d6-2, never above the cap nor below the base chance."""
    face = dice.roll(6, "training 1d6-2")
    gain = face - 2
    base = int(c["sheet"]["skill_bases"].get(name, 0))
    new = max(base, min(cap, current + gain)) if gain > 0 else max(base, current + gain)
    new = min(new, max(cap, current))
    text = G.SKILL_GAIN(
        face=face, gain=f"{gain:+d}", skill=L.skill_word(name), current=current, new=new
    )
    w.sheet(c["id"], ["skills", name], new)
    return [text]


def char_limit(c: Json, char: str) -> int:
    """DG-CTRAIN-4/-5: STR/CON up to max(STR, CON, SIZ) (WE-DG-16: SIZ 14 the highest, so STR
    and CON stop at 14); DEX/APP up to base + rhu(base/2), from the value before any training or
    research (AMB-DG-39: `dex_base`, `app_base` on the sheet)."""
    sheet = c["sheet"]
    if char in ("str", "con"):
        return max(int(sheet["str"]), int(sheet["con"]), int(sheet["siz"]))
    base = int(sheet[f"{char}_base"])
    return base + rhu(Fraction(base, 2))


def _instructor_room(state: Json, student: Json, teacher: Json, char: str) -> int:
    """DG-CTRAIN-2/-3: how much more of a characteristic this instructor can still give."""
    own = int(teacher["gains"].get(char, 0))
    if own < 1:
        refusal = R.NOT_RAISED(name=teacher["name"], char=_char(char))
        raise IllegalAction.of(refusal, "DG-CTRAIN-2")
    given = int(teacher["taught"].get(student["id"], {}).get(char, 0))
    if settings_of(state).instructor_cap == "per_course":
        given = 0  # DG-CTRAIN-3: each course capped on its own
    room = own - given  # DG-CTRAIN-3, cumulative by default
    if room < 1:
        raise IllegalAction.of(R.NOTHING_TO_TEACH(name=teacher["name"]), "DG-CTRAIN-3")
    return room


def train_characteristic(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-CTRAIN-1..-7: characteristic x5 hours; 1d3-1, capped by instructor and limits."""
    if not settings_of(state).characteristic_training:
        raise IllegalAction.of(R.CHAR_TRAINING_OFF(), "DG-CTRAIN-1")
    params = action.params
    student = combatant_at(state, str_param(params, "student"))
    char = str_param(params, "characteristic").lower()
    if char not in TRAINABLE:
        raise IllegalAction.of(R.CANNOT_TRAIN(char=char.upper()), "DG-CHAR-1")
    teacher_id = str_param(params, "instructor", "npc")
    room = None
    teacher = None
    if teacher_id != "npc":
        teacher = combatant_at(state, teacher_id)
        room = _instructor_room(state, student, teacher, char)
    current = int(student["sheet"][char])
    limit = char_limit(student, char)
    if current >= limit:
        raise IllegalAction.of(R.AT_LIMIT(char=_char(char), limit=limit), "DG-CTRAIN-4")
    hours = current * 5  # DG-CTRAIN-7
    w = Working(state, dice)
    when, _ = _schedule(w, student, hours, params)
    face = dice.roll(3, "characteristic training 1d3-1")
    gain = min(face - 1, limit - current, room if room is not None else 99)
    if gain > 0:
        w.sheet(student["id"], [char], current + gain)
        w.gain(student["id"], char, gain)
        if teacher is not None:
            w.taught(teacher["id"], student["id"], char, gain)
    caps = G.LIMIT(limit=limit) if room is None else G.LIMIT_ROOM(limit=limit, room=room)
    text = G.TRAINS_CHARACTERISTIC(
        name=student["name"],
        char=_char(char),
        current=current,
        when=when,
        face=face,
        gain=gain,
        caps=caps,
        after=current + gain,
    )
    w.emit("training.finished", text, student=student["id"], char=char, hours=hours, gain=gain)
    return w.events


def research(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-RSCH-1..-4: self-teaching; d100 + XB must beat the skill (or characteristic x5)."""
    params = action.params
    student = combatant_at(state, str_param(params, "student"))
    # DG-RSCH-3 (AMB-DG-40): the seed's "usual experience bonus" is 0 unless the GM sets one
    xb = int(settings_of(state).experience_bonus)
    cap = int(settings_of(state).training_cap)
    what: Msg | str
    if params.get("characteristic"):
        char = str_param(params, "characteristic").lower()
        if char not in TRAINABLE:
            raise IllegalAction.of(R.CANNOT_RESEARCH(char=char.upper()), "DG-CHAR-1")
        current = int(student["sheet"][char])
        target, hours, what = current * 5, current * 5, _char(char)
    else:
        char = None
        name = str_param(params, "skill")
        current = skill(student, name)
        if current >= cap:
            raise IllegalAction.of(R.RESEARCH_CAP(cap=cap), "DG-TRAIN-5")
        target, hours, what = current, max(1, current), L.skill_word(name)
    w = Working(state, dice)
    when, _ = _schedule(w, student, hours, params)
    roll = dice.roll(100, "research d100")
    head = G.RESEARCHES(name=student["name"], what=what, when=when, roll=roll, xb=xb, target=target)
    lines: list[Msg | None] = [head]
    if roll + xb <= target:
        lines.append(G.NO_IMPROVEMENT())
        w.emit("research.finished", L.semi(lines), student=student["id"], success=False)
        return w.events
    more: list[Msg | None]
    if char is None:
        more = _skill_result(w, student, name, current, cap, dice)
    else:
        limit = char_limit(student, char)
        face = dice.roll(3, "research 1d3-1")
        gain = max(0, min(face - 1, limit - current))
        if gain:
            w.sheet(student["id"], [char], current + gain)
            w.gain(student["id"], char, gain)
        said = G.RESEARCH_GAIN(
            face=face, char=_char(char), current=current, after=current + gain, limit=limit
        )
        more = [said]
    lines += [T.SUCCESS(), *more]
    w.emit("research.finished", L.semi(lines), student=student["id"], success=True)
    return w.events


def magic_contest(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-POW-1, COC-RES-1: magic points against magic points; below 95% earns a POW gain check."""
    c = combatant_at(
        state, action.actor if action.actor != GM_ACTOR else str_param(action.params, "caster")
    )
    active = int_param(action.params, "active")
    passive = int_param(action.params, "passive")
    w = Working(state, dice)
    roll = dice.roll(100, "resistance table d100")
    chance, ok = resistance_check(active, passive, roll)
    verdict = T.SUCCESS() if ok else T.FAILURE()
    text = G.MAGIC_CONTEST(
        name=c["name"], active=active, passive=passive, chance=chance, roll=roll, verdict=verdict
    )
    if chance < 95:
        w.set(c["id"], "pow_check", True)
        text = L.more(text, G.POW_EARNED())
    w.emit("resistance.rolled", text, actor=c["id"], success=ok, chance=chance)
    if chance < 95 and settings_of(state).pow_gain_timing == "immediate":
        # DG-POW-1 (AMB-DG-38): this campaign rolls the gain at once, not at the session's end
        _pow_roll(w, w.combatant(c["id"]), dice)
    return w.events


def pow_gain(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-POW-2: (max + min roll - POW) x 5; success adds 1d3-1 POW (one roll per session)."""
    c = combatant_at(state, str_param(action.params, "target"))
    if not c["pow_check"] and not bool_param(action.params, "force"):
        raise IllegalAction.of(R.NO_POW_ROLL(name=c["name"]), "DG-POW-1")
    w = Working(state, dice)
    _pow_roll(w, c, dice)
    return w.events


def _pow_roll(w: Working, c: Json, dice: Dice) -> None:
    """DG-POW-2: the roll itself; clears the mark."""
    low, high = (int(v) for v in c["sheet"]["pow_roll"])
    current = int(c["sheet"]["pow"])
    chance = (high + low - current) * 5
    w.set(c["id"], "pow_check", False)
    if chance <= 0:
        line = G.POW_CANNOT_RISE(name=c["name"], current=current)
        w.emit("pow.rolled", line, target=c["id"], chance=0)
        return
    roll = dice.roll(100, "POW gain d100")
    head = G.POW_CHANCE(
        name=c["name"], high=high, low=low, current=current, chance=chance, roll=roll
    )
    lines: list[Msg | None] = [head]
    if succeeds(chance, roll, *auto_rules(w.state)):
        face = dice.roll(3, "POW gain 1d3-1")
        w.sheet(c["id"], ["pow"], current + face - 1)
        lines.append(G.POW_RISES(face=face, current=current, after=current + face - 1))
    else:
        lines.append(G.NO_CHANGE())
    w.emit("pow.rolled", L.semi(lines), target=c["id"], chance=chance)
