"""Attack terms, rolls, Lock On and area templates (MECH-ATK-*, MECH-AOE-*)."""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import bool_param, int_param
from rules.geometry.square import distance, supercover_line
from rules.mech import log_messages as L
from rules.mech import refusals as R
from rules.mech import state as st
from rules.mech.checks import (
    accuracy_mod,
)
from rules.mech.context import Ctx, reveal
from rules.mech.settings import TOTAL_20_HITS, Settings, settings_of
from rules.mech.state import Json, Unit, alive, hostile

Cell = tuple[int, int]
DEFENCES = {"evasion": L.EVASION, "e-defense": L.E_DEFENSE}


# Roll and Terms are NamedTuples, not frozen dataclasses: each attack builds them per target,
# and a tuple is several times cheaper to make than a frozen dataclass.
class Roll(NamedTuple):
    """One attack roll against one target."""

    target: str
    hit: bool
    crit: bool
    text: Msg


class Terms(NamedTuple):
    """Everything an attack roll adds and is compared with, and why."""

    modifier: int
    bonus: int
    defence: int
    defence_name: str
    why: list[Msg]
    spends_lock_on: bool
    invisible: bool
    own: list[Msg]  # the notes of `why` from the attacker (Impaired, engaged, extras)


def attack_terms(
    state: Json,
    a: Unit,
    t: Unit,
    mode: str,
    params: dict[str, Any],
    source: Cell | None = None,
    skill: int | None = None,
    settings: Settings | None = None,
) -> Terms:
    """MECH-ACC-1 sources of an attack: Impaired, engaged, cover, Prone, Lock On, extras."""
    if settings is None:
        settings = settings_of(state)
    acc, diff = 0, 0
    why: list[Msg] = []
    own: list[Msg] = []
    target_conditions = t["conditions"]
    if "impaired" in a["conditions"]:  # MECH-COND-IMPAIRED
        diff += 1
        own.append(L.WHY_IMPAIRED())
        why.append(own[-1])
    if mode == "ranged":
        if st.engaged(state, a):  # MECH-ENGAGE-1
            diff += 1
            own.append(L.WHY_ENGAGED())
            why.append(own[-1])
        if source is None:  # st.centre(a), inlined
            half = (int(a["stats"]["size"]) - 1) // 2
            source = (int(a["x"]) + half, int(a["y"]) + half)
        level = st.cover(state, source, t)  # MECH-COVER-TABLE
        if level != "none":
            diff += 1 if level == "light" else 2
            cover = L.COVER_WORDS[level]()
            why.append(L.WHY_COVER(cover=cover, n=1 if level == "light" else 2))
    if "prone" in target_conditions and mode != "tech":  # MECH-COND-PRONE
        acc += 1
        why.append(L.WHY_PRONE())
    spends = "lock_on" in target_conditions and bool_param(params, "lock_on")
    if spends:  # MECH-AMB-47
        acc += 1
        why.append(L.WHY_LOCK_ON())
    elif params.get("lock_on_from"):  # MECH-AMB-47, other reading: any hostile's Lock On
        acc += 1
        why.append(L.WHY_LOCK_ON_OF(name=lock_on_source(state, a, params)["name"]))
    extra_acc = int_param(params, "accuracy", 0) if "accuracy" in params else 0
    extra_diff = int_param(params, "difficulty", 0) if "difficulty" in params else 0
    if extra_acc < 0 or extra_diff < 0:
        raise IllegalAction(R.EXTRA_ACCURACY_AND_DIFFICULTY_COUNT_UP(), "MECH-ACC-1")
    acc += extra_acc
    diff += extra_diff
    if extra_acc or extra_diff:
        own.append(L.WHY_EXTRA(accuracy=extra_acc, difficulty=extra_diff))
        why.append(own[-1])
    mod = 0  # no accuracy and no difficulty: +0 under either MECH-AMB-03 reading
    if acc or diff:
        mod = accuracy_mod(acc, diff, 3, bool(settings.accuracy_cancel_first))
    if mode == "tech":  # MECH-ATK-TECH
        bonus = int(a["stats"]["tech_attack"])
        defence, dname = int(t["stats"]["edef"]), "e-defense"
    else:  # MECH-SKILL-1
        bonus = skill if skill is not None else int(a["pilot"]["weapon_skill"])
        if not settings.weapon_skill:
            bonus = 0
        defence, dname = st.evasion(t), "evasion"
    return Terms(mod, bonus, defence, dname, why, spends, "invisible" in target_conditions, own)


def lock_on_source(state: Json, a: Unit, params: dict[str, Any]) -> Unit:
    """MECH-COND-LOCKON / MECH-AMB-47, other reading (`spent_on_next_attack`): a hostile may spend
    any Lock On on a unit hostile to it for +1 accuracy on its next attack, whatever it targets;
    `lock_on_from` names the locked unit. Under the default only the target's can be spent."""
    if settings_of(state).lock_on_use != "spent_on_next_attack":
        raise IllegalAction(
            R.ONLY_THE_TARGET_S_LOCK_ON(),
            "MECH-AMB-47",
        )
    if "lock_on" in params and bool_param(params, "lock_on"):
        raise IllegalAction(R.AN_ATTACK_SPENDS_ONE_LOCK_ON(), "MECH-AMB-47")
    locked: Unit | None = state["units"].get(str(params["lock_on_from"]))
    if locked is None or not alive(locked) or not hostile(a, locked):
        raise IllegalAction(
            R.LOCK_ON_FROM_IS_NOT_A(id=repr(params["lock_on_from"])),
            "MECH-COND-LOCKON",
        )
    if "lock_on" not in locked["conditions"]:
        raise IllegalAction(R.HAS_NO_LOCK_ON_TO_SPEND(name=locked["name"]), "MECH-COND-LOCKON")
    return locked


def spend_lock_on_from(ctx: Ctx, a: Unit, params: dict[str, Any]) -> None:
    """MECH-AMB-47, other reading: the Lock On named by `lock_on_from` is spent by this attack
    (once, after every target's roll, so an area attack gets +1 on each)."""
    locked = lock_on_source(ctx.state, a, params)
    text = L.LOCK_ON_SPENT(name=a["name"], target=locked["name"])
    ctx.remove_condition(locked["id"], "lock_on", text, "MECH-COND-LOCKON")


def attack_roll(
    ctx: Ctx,
    uid: str,
    tid: str,
    mode: str,
    params: dict[str, Any],
    source: Cell | None = None,
    skill: int | None = None,
) -> Roll:
    """MECH-ATK-MELEE/RANGED/TECH: 1d20 + skill + accuracy vs evasion (or e-defense)."""
    a, t = ctx.u(uid), ctx.u(tid)
    why: list[Msg] = []
    if "invisible" in t["conditions"]:  # MECH-COND-INVISIBLE: 50% miss, rolled before the attack
        face = ctx.dice.roll(2, f"invisible miss chance on {t['name']}")
        if face == 1:
            return Roll(tid, False, False, L.INVISIBLE_MISS(name=t["name"]))
        why.append(L.WHY_INVISIBLE())
    # One unpacking instead of six NamedTuple attribute reads (the attack is the hot path).
    mod, bonus, defence, dname, terms_why, spends_lock_on, _, _ = attack_terms(
        ctx.state, a, t, mode, params, source, skill, ctx.settings
    )
    why += terms_why
    if spends_lock_on:  # MECH-AMB-47
        text = L.LOCK_ON_SPENT(name=a["name"], target=t["name"])
        ctx.remove_condition(tid, "lock_on", text, "MECH-COND-LOCKON")
    natural = ctx.dice.roll(20, f"{mode} attack d20 on {t['name']}")
    total = natural + bonus + mod
    hit = total >= defence
    if not hit and total >= 20 and mode != "tech" and ctx.settings.critical == TOTAL_20_HITS:
        hit = True  # MECH-AMB-23, other reading: a total of 20 is a critical, needing no hit
        why.append(L.WHY_TOTAL_20(defence=DEFENCES[dname](), value=defence))
    crit = hit and mode != "tech" and total >= 20  # MECH-CRIT-1 / MECH-AMB-23
    verdict = L.CRITICAL_HIT() if crit else (L.HIT() if hit else L.MISS())
    line = L.ATTACK_ROLL_WHY if why else L.ATTACK_ROLL
    text = line(
        attack=L.ATTACK_KINDS[mode](),
        target=t["name"],
        natural=natural,
        bonus=f"{bonus:+d}",
        modifier=f"{mod:+d}",
        total=total,
        defence=DEFENCES[dname](),
        value=defence,
        verdict=verdict,
        why=L.joined(*why) if why else "",
    )
    return Roll(tid, hit, crit, text)


def rolled_attack(
    ctx: Ctx, u: Unit, t: Unit, mode: str, params: dict[str, Any], verb: str, rule: str
) -> Roll:
    """A one-target attack roll (grapple, ram, invade): attacking reveals the attacker first."""
    reveal(ctx, u["id"], L.WHY_ATTACKED())
    roll = attack_roll(ctx, u["id"], t["id"], mode, params)
    ctx.emit(
        "attack.rolled",
        L.ATTACK_VERBED(name=u["name"], verb=L.VERBS[verb](), roll=roll.text),
        unit=u["id"],
        target=t["id"],
        hit=roll.hit,
        rule=rule,
    )
    if params.get("lock_on_from"):  # MECH-AMB-47, other reading
        spend_lock_on_from(ctx, u, params)
    return roll


def sight_to_square(state: Json, source: Cell, point: Cell) -> bool:
    """Whether no building stands between a square and a point (MECH-AOE-BLAST)."""
    for cell in supercover_line(source, point)[1:-1]:
        feature = st.terrain(state, cell)
        if feature is not None and feature["kind"] == "building":
            return False
    return True


def area_targets(
    ctx: Ctx, u: Unit, weapon: Json, params: dict[str, Any]
) -> tuple[list[str], Cell, list[Cell]]:
    """MECH-AOE-TABLE: the units in a weapon's area, the cover origin and the area's squares."""
    area = weapon["area"]
    shape, value = area["shape"], int(area["value"])
    g = st.grid(ctx.state)
    origin = st.centre(u)
    if shape == "burst":
        cells = g.burst(st.pos(u), value, st.size(u))
    else:
        point = (int_param(params, "x"), int_param(params, "y"))
        if not g.contains(point):
            raise IllegalAction(R.AIM_AT_A_SQUARE_ON_THE(), "MECH-AOE-TABLE")
        if shape == "blast":
            reach = distance(st.pos(u), point, st.size(u))
            if reach > int(weapon["range"]):
                raise IllegalAction(
                    R.THE_BLAST_POINT_IS_SQUARES_AWAY(reach=reach, range=weapon["range"]),
                    "MECH-AOE-BLAST",
                )
            cells = g.blast(point, value)
            origin = point
            if not sight_to_square(ctx.state, st.centre(u), point):
                raise IllegalAction(R.NO_LINE_OF_SIGHT_TO_THE(), "MECH-AOE-BLAST")
        elif shape == "line":
            cells = set(g.line_area(st.pos(u), point, value, st.size(u)))
        else:
            cells = g.cone(st.pos(u), point, value, st.size(u))
    friendly = bool(ctx.settings.area_friendly_fire)
    hit = [
        o["id"]
        for o in st.living(ctx.state)
        if o["id"] != u["id"] and st.cells(o) & cells and (friendly or hostile(u, o))
    ]
    return hit, origin, sorted(cells)


def weapon_index(u: Unit, params: dict[str, Any]) -> int:
    raw = params.get("weapon")
    wanted = str(raw)
    for i, w in enumerate(u["weapons"]):
        if w["key"] == wanted or str(i) == wanted:
            return i
    raise IllegalAction(R.HAS_NO_WEAPON(name=u["name"], raw=repr(raw)), "MECH-ACT-ATTACK")
