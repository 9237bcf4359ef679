"""Attacks with weapons: strike, saves it forces, and the attack action."""

from __future__ import annotations

from typing import Any

from rules.core.actions import ActionTemplate, Choice, Field
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import bool_param, int_param, str_param
from rules.core.system import Action
from rules.mech import log_messages as L
from rules.mech import messages as M
from rules.mech import refusals as R
from rules.mech import state as st
from rules.mech.actions.aim import (
    Roll,
    area_targets,
    attack_roll,
    spend_lock_on_from,
    weapon_index,
)
from rules.mech.actions.base import (
    acting,
    cost,
    enemies,
    names,
    ready,
    spec,
    square,
    target,
)
from rules.mech.checks import forced_save
from rules.mech.context import Ctx, hidden_scope, reveal, unseen_side
from rules.mech.damage import (
    half_up,
    roll_faces,
    weapon_damage,
)
from rules.mech.harm import (
    deal_damage,
    take_burn,
)
from rules.mech.preview import preview_attack
from rules.mech.settings import settings_of
from rules.mech.state import Json, Unit, has
from rules.mech.turns import (
    spent_turn,
    visible_target,
)

Cell = tuple[int, int]


def strike(
    ctx: Ctx,
    uid: str,
    widx: int | None,
    targets: list[str],
    params: dict[str, Any],
    rule: str,
    origin: Cell | None = None,
    damage: str | None = None,
    dtype: str = "kinetic",
    followup: bool = False,
) -> list[Roll]:
    """Attack rolls per target, one damage roll (a second for crits), the pipeline (MECH-AOE-1)."""
    a = ctx.u(uid)
    weapon = a["weapons"][widx] if widx is not None else None
    mode = weapon["kind"] if weapon else "melee"
    skill = weapon.get("skill") if weapon else None
    rolls = []
    for tid in targets:
        roll = attack_roll(ctx, uid, tid, mode, params, origin, skill)
        ctx.emit(
            "attack.rolled",
            L.ATTACK_ROLLED(name=a["name"], roll=roll.text),
            unit=uid,
            target=tid,
            hit=roll.hit,
            crit=roll.crit,
            weapon=widx,
            rule=rule,
        )
        rolls.append(roll)
    if params.get("lock_on_from"):  # MECH-AMB-47, other reading
        spend_lock_on_from(ctx, a, params)
    hits = []
    critted = False
    for r in rolls:
        if r.hit:
            hits.append(r)
            critted = critted or r.crit
    if not hits:
        return rolls
    expr_text = damage or (str(weapon["damage"]) if weapon else "1d6")
    expr, expr_name, purpose, crit_purpose = weapon_damage(expr_text)
    wtype = weapon["type"] if weapon else dtype
    bonus = (
        0
        if followup
        else int(weapon.get("bonus", 0) if weapon else 0)
        + (int_param(params, "bonus", 0) if "bonus" in params else 0)
    )
    if bonus and len(targets) > 1:
        bonus = half_up(bonus)  # MECH-AOE-1: halved against several targets
    btype = wtype if wtype in ("explosive", "energy", "kinetic") else "kinetic"  # MECH-AMB-29
    if ctx.settings.bonus_type == "kinetic":  # MECH-BONUS-1's other default: always kinetic
        btype = "kinetic"
    first, faces = roll_faces(expr, ctx.dice, purpose)
    total = first + bonus
    crit_total = total
    crit_text: Msg | str = ""
    each: dict[str, int] = {}  # the other MECH-AMB-25 reading: a second roll per critted target
    if critted and ctx.settings.area_critical == "second_roll_per_critted_target":
        seconds = []
        for r in hits:
            if r.crit:
                second, _ = roll_faces(expr, ctx.dice, crit_purpose)
                each[r.target] = max(first, second) + bonus
                seconds.append(str(second))
        crit_total = max(each.values())
        crit_text = L.CRIT_EACH(seconds=", ".join(seconds))
    elif critted:  # MECH-AMB-25: one more roll for the critted targets
        second, _ = roll_faces(expr, ctx.dice, crit_purpose)
        crit_total = max(first, second) + bonus
        crit_text = L.CRIT_ONE(second=second, total=crit_total)
    # The sum as the log shows it: "4 + 2 + 3 + 2 bonus = 11" (a lone term has no " = ").
    terms = [" + ".join(map(str, faces))] if faces else []
    if expr.bonus:
        terms.append(f"+ {expr.bonus}" if expr.bonus > 0 else f"- {-expr.bonus}")
    shown: Msg | str = " ".join(terms) or ("" if bonus else "0")
    if bonus:
        shown = (
            L.DAMAGE_BONUS(faces=shown, bonus=bonus) if shown else L.DAMAGE_BONUS_ALONE(bonus=bonus)
        )
    sums = f" = {total}" if len(faces) + bool(expr.bonus) + bool(bonus) > 1 else ""
    ctx.emit(
        "damage.rolled",
        L.DAMAGE_ROLLED(expr=expr_name, shown=shown, sums=sums, critical=crit_text),
        unit=uid,
        amount=total,
        crit_amount=crit_total,
        rule="MECH-DMG-PIPE",
    )
    for r in hits:
        amount = each.get(r.target, crit_total) if r.crit else total
        rolled = amount - bonus
        components = [(wtype, rolled)] + ([(btype, bonus)] if bonus else [])
        deal_damage(
            ctx,
            r.target,
            components,
            weapon["name"] if weapon else L.WHY_IMPROVISED(),
            armour_piercing=bool(weapon and weapon["ap"]),
            rule=rule,
        )
        if weapon and int(weapon["burn"]) and not ctx.u(r.target)["destroyed"]:
            take_burn(ctx, r.target, int(weapon["burn"]), weapon["name"])
        if weapon and weapon.get("save") and not ctx.u(r.target)["destroyed"]:
            save_effect(ctx, uid, r.target, weapon)
    return rolls


def save_effect(ctx: Ctx, uid: str, tid: str, item: Json) -> None:
    """MECH-SAVE-1: a weapon hit or system with a save tag forces the target's save against the
    user's frame save target (MECH-AMB-04); failing gives the condition (MECH-AMB-44 applies)."""
    save = item["save"]
    goal = int(ctx.u(uid)["stats"]["save_target"])
    if forced_save(ctx, uid, tid, save["attribute"], item["name"], goal):
        return
    t = ctx.u(tid)
    timed = save["until_next_turn"]
    line = L.SAVE_FAILED_TIMED if timed else L.SAVE_FAILED
    ctx.add_condition(
        tid,
        save["condition"],
        line(name=t["name"], condition=L.CONDITION_TITLES[save["condition"]]()),
        expires="end_of_next_turn" if timed else None,
        source="weapon",
        rule="MECH-SAVE-1",
    )


def do_attack(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-ATTACK: a weapon not yet fired this turn; superheavy 2 AP; aux follow-up free."""
    u = acting(ctx, action, "attack")
    params = dict(action.params)
    widx = weapon_index(u, params)
    weapon = u["weapons"][widx]
    turn = u["turn"] or {}
    followup = bool_param(params, "followup") if "followup" in params else False
    if weapon["destroyed"]:
        raise IllegalAction(R.IS_DESTROYED(weapon=weapon["name"]), "MECH-STRUCT-TABLE")
    if widx in turn.get("attacked", []):
        raise IllegalAction(
            R.HAS_ALREADY_ATTACKED_THIS_TURN(weapon=weapon["name"]), "MECH-ACT-ATTACK"
        )
    if weapon.get("uses") is not None and int(weapon["uses"]) <= 0:
        raise IllegalAction(R.HAS_NO_USES_LEFT(weapon=weapon["name"]), "MECH-PILOT-ENG")
    if weapon["loading"] and not weapon["loaded"]:
        raise IllegalAction(
            R.MUST_BE_RELOADED_STABILIZE(weapon=weapon["name"]), "MECH-ACT-STABILIZE"
        )
    if "jammed" in u["conditions"] and not weapon.get("integrated"):
        raise IllegalAction(
            R.IS_JAMMED_ONLY_INTEGRATED_WEAPONS_CAN(name=u["name"]), "MECH-COND-JAMMED"
        )
    if "exposed" in u["conditions"] and ctx.settings.exposed_locks_weapons:
        raise IllegalAction(R.IS_EXPOSED_AND_ITS_WEAPONS_ARE(name=u["name"]), "MECH-AMB-43")
    if followup and (
        reaction or turn.get("followup") != weapon["mount"] or weapon["size"] != "auxiliary"
    ):
        raise IllegalAction(
            R.A_FOLLOW_UP_NEEDS_ANOTHER_AUXILIARY(),
            "MECH-ACT-ATTACK",
        )
    # The AP are checked here and paid with the declaration below (one patch, not two).
    paid = None
    if not followup and not reaction:
        cost = 2 if weapon["size"] == "superheavy" else 1
        what = R.ATTACKING_WITH(weapon=weapon["name"])
        paid = spent_turn(ctx, u["id"], cost, what, "MECH-ACT-ATTACK")
    origin = None
    if weapon.get("area"):
        targets, origin, _ = area_targets(ctx, u, weapon, params)
        names: list[str] | str | Msg = [ctx.u(t)["name"] for t in targets] or L.NOBODY()
        unseen = [i for i in targets if "hidden" in ctx.u(i)["conditions"]]
    else:
        t = ctx.u(str_param(params, "target"))
        visible_target(ctx, u, t, "MECH-ACT-ATTACK")
        if u["side"] == t["side"]:  # not hostile
            raise IllegalAction(R.ATTACK_AN_ENEMY(), "MECH-ACT-ATTACK")
        reach = st.dist(u, t)
        limit = int(weapon["threat"]) if weapon["kind"] == "melee" else int(weapon["range"])
        if reach > limit:
            what = R.REACH_THREAT() if weapon["kind"] == "melee" else R.REACH_RANGE()
            raise IllegalAction(
                R.IS_SQUARES_AWAY_HAS(
                    target=t["name"], reach=reach, weapon=weapon["name"], what=what, limit=limit
                ),
                "MECH-RANGE-1",
            )
        half = (int(u["stats"]["size"]) - 1) // 2  # st.centre(u), inlined
        if not st.line_of_sight(ctx.state, (int(u["x"]) + half, int(u["y"]) + half), t):
            raise IllegalAction(R.NO_LINE_OF_SIGHT_TO(target=t["name"]), "MECH-ATK-RANGED")
        targets = [t["id"]]
        names = t["name"]
        unseen = []  # visible_target refused a Hidden enemy
    # Only the weapon fired changes; the others are shared with the state (never changed in place).
    current = ctx.u(u["id"])
    weapons = list(current["weapons"])
    fired = weapons[widx]
    if fired.get("uses") is not None or fired["loading"]:
        fired = weapons[widx] = st.copy_json(fired)
        if fired.get("uses") is not None:
            fired["uses"] = int(fired["uses"]) - 1
        if fired["loading"]:
            fired["loaded"] = False
    turn = paid or current["turn"]
    fields: Json = {}
    if turn is not None and not reaction:
        # MECH-ACT-ATTACK: an auxiliary weapon's mount may follow up with another auxiliary one.
        can_follow = (
            weapon["size"] == "auxiliary"
            and not followup
            and any(
                i != widx
                and weapons[i]["size"] == "auxiliary"
                and not weapons[i]["destroyed"]
                and i not in turn.get("attacked", [])
                for i in u["mounts"][weapon["mount"]]["weapons"]
            )
        )
        fields["turn"] = {
            **turn,
            "attacked": [*turn["attacked"], widx],
            "acted": True,
            "followup": weapon["mount"] if can_follow else None,
        }
    fields["weapons"] = weapons
    area = bool(weapon.get("area"))
    declared: Msg = L.ATTACKS_WITH(name=u["name"], weapon=weapon["name"])
    if area:
        shape = M.AREA_SHAPES[weapon["area"]["shape"]]()
        said = M.W_AREA(shape=shape, n=weapon["area"]["value"])
        declared = L.ATTACKS_WITH_AREA(name=u["name"], weapon=weapon["name"], area=said)
    if followup:
        declared = L.FOLLOW_UP_NOTE(declared=declared)
    audience = "all"
    redacted: Msg | None = None
    if unseen:  # MECH-COND-HIDDEN: only their own side learns which Hidden units the area caught
        audience = unseen_side(ctx, unseen)
        seen: list[Msg | str] = [ctx.u(i)["name"] for i in targets if i not in unseen]
        seen.append(L.AN_UNSEEN_UNIT() if len(unseen) == 1 else L.UNSEEN_UNITS(n=len(unseen)))
        redacted = L.DECLARED(declared=declared, targets=seen)
    ctx.emit(
        "attack.declared",
        L.DECLARED(declared=declared, targets=names),
        units={u["id"]: fields},
        audience=audience,
        redacted=redacted,
        unit=u["id"],
        weapon=widx,
        targets=targets,
        rule="MECH-AOE-1" if area else "MECH-ACT-ATTACK",
    )
    if "hidden" in ctx.u(u["id"])["conditions"]:
        reveal(ctx, u["id"], L.WHY_ATTACKED())
    before = hidden_scope(ctx, unseen) if unseen else None
    strike(ctx, u["id"], widx, targets, params, "MECH-ACT-ATTACK", origin, followup=followup)
    if before is not None:
        ctx.unseen = before


def modifier_fields(state: Json, u: Unit) -> tuple[Field, ...]:
    """Lock On, extra accuracy and difficulty; MECH-AMB-47's other reading adds whose Lock On."""
    fields = (
        Field("lock_on", M.SPEND_LOCK_ON(), "checkbox", default=False),
        Field("accuracy", M.EXTRA_ACCURACY(), "number", default=0),
        Field("difficulty", M.EXTRA_DIFFICULTY(), "number", default=0),
    )
    if settings_of(state).lock_on_use != "spent_on_next_attack":
        return fields
    locked = [o for o in enemies(state, u) if has(o, "lock_on")]
    if not locked:
        return fields
    nobody = Choice("", M.NOBODY())
    whose = Field("lock_on_from", M.LOCK_ON_FROM(), "target", (nobody, *names(locked)), default="")
    return (*fields, whose)


def offer_attack(state: Json, actor: str) -> list[ActionTemplate] | None:
    """MECH-ACT-ATTACK / MECH-AOE-1: one form per weapon that can fire now, with its targets."""
    u = ready(state, actor, 1)
    if u is None:
        return None
    turn = u["turn"]
    ap = int(turn["ap"])
    foes = enemies(state, u)
    modifiers = modifier_fields(state, u)
    out: list[ActionTemplate] = []
    for i, w in enumerate(u["weapons"]):
        if w["destroyed"] or i in turn["attacked"] or (w["loading"] and not w["loaded"]):
            continue
        if w.get("uses") is not None and int(w["uses"]) <= 0:
            continue
        if has(u, "jammed") and not w.get("integrated"):
            continue
        # MECH-ACT-ATTACK: an auxiliary on the mount just fired follows up for free.
        followup = turn["followup"] == w["mount"] and w["size"] == "auxiliary"
        ap_cost = 0 if followup else (2 if w["size"] == "superheavy" else 1)
        if ap_cost > ap:
            continue
        label = (M.FOLLOW_UP if followup else M.ATTACK)(weapon=str(w["name"]))
        fixed: dict[str, Any] = {"weapon": i, **({"followup": "1"} if followup else {})}
        if w.get("area"):
            aim = square(state, aim=True) if w["area"]["shape"] != "burst" else ()
            fields, rule = (*aim, *modifiers), "MECH-AOE-1"
        else:
            reach = int(w["threat"]) if w["kind"] == "melee" else int(w["range"])
            targets = [o for o in foes if st.dist(u, o) <= reach]
            if not targets:
                continue
            fields, rule = (target(targets), *modifiers), "MECH-ACT-ATTACK"
        out.append(
            ActionTemplate("attack", label, rule, fields, fixed, cost=cost(ap_cost), preview=True)
        )
    return out


ATTACK = spec("attack", "MECH-ACT-ATTACK", do_attack, offer_attack, preview_attack)
