"""Heat, damage, structure, stress, meltdown and burn (MECH-HEAT-*, MECH-DMG-*, MECH-STRUCT-*)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.mech import log_messages as L
from rules.mech import messages as M
from rules.mech import refusals as R
from rules.mech import state as st
from rules.mech.checks import (
    check,
)
from rules.mech.context import EMPTY, Ctx, hidden_scope
from rules.mech.damage import (
    Target,
    half_up,
    parse_expr,
    reduce_damage,
    roll_expr,
)
from rules.mech.state import Json, Unit, alive, has
from rules.mech.tables import look_up, table_for


def take_heat(ctx: Ctx, uid: str, amount: int, why: Msg | str) -> None:
    """MECH-HEAT-1/2 (MECH-AMB-35): heat to the cap; beyond it stress, clear, carry the excess."""
    u = ctx.u(uid)
    if amount <= 0 or not alive(u):
        return
    if has(u, "shut_down"):
        return  # MECH-COND-SHUTDOWN holds no heat
    heat, cap = int(u["heat"]), int(u["stats"]["heat_cap"])
    if heat + amount <= cap:
        after = heat + amount
        line = L.HEAT_TAKEN_DANGER if 2 * after >= cap else L.HEAT_TAKEN
        ctx.emit(
            "heat.taken",
            line(name=u["name"], amount=amount, why=why, heat=after, cap=cap),
            units={uid: {"heat": after}},
            unit=uid,
            amount=amount,
            heat=after,
        )
        return
    excess = heat + amount - cap
    if ctx.settings.heat_over_cap == "stress_clear_no_carry":
        excess = 0  # MECH-AMB-35, other reading: heat past the cap is vented with the stress
    if int(u["stress"]) <= 0:
        # Nothing left to mark: the reactor is already melting down (MECH-AMB-38).
        ctx.emit(
            "heat.overflowed",
            L.HEAT_NO_STRESS(name=u["name"], amount=amount, why=why, excess=excess),
            units={uid: {"heat": 0}},
            unit=uid,
            amount=amount,
            excess=excess,
            rule="MECH-AMB-38",
        )
        stress_check(ctx, uid)
        take_heat(ctx, uid, min(excess, cap), L.WHY_CARRIED())
        return
    ctx.emit(
        "heat.overflowed",
        L.HEAT_OVERFLOWED(
            name=u["name"], amount=amount, why=why, heat=heat, cap=cap, excess=excess
        ),
        units={uid: {"heat": 0, "stress": int(u["stress"]) - 1}},
        unit=uid,
        amount=amount,
        excess=excess,
        rule="MECH-HEAT-2",
    )
    stress_check(ctx, uid)
    take_heat(ctx, uid, excess, L.WHY_CARRIED())


def target_of(u: Unit) -> Target:
    conditions = u["conditions"]
    return Target(  # armour, exposed, shredded, resist, immune
        int(u["stats"]["armour"]),
        "exposed" in conditions,
        "shredded" in conditions,
        st.resistances(u),
        frozenset(u["immune"]),
    )


def deal_damage(
    ctx: Ctx,
    uid: str,
    components: list[tuple[str, int]],
    why: Msg | str,
    armour_piercing: bool = False,
    rule: str = "MECH-DMG-PIPE",
) -> int:
    """MECH-DMG-PIPE: reduce a hit's damage, subtract from HP and overflow into structure."""
    u = ctx.u(uid)
    if u["destroyed"]:
        return 0
    per_type = ctx.settings.armour_rule == "once_per_damage_type"  # MECH-AMB-27
    by_type, steps = reduce_damage(components, target_of(u), armour_piercing, per_type)
    amount = by_type[0][1] if len(by_type) == 1 else sum([v for _, v in by_type])
    raw = ", ".join([f"{v} {k}" for k, v in components if v])  # the payload keeps the English
    parts = [L.DAMAGE_PART(amount=v, type=M.DAMAGE_TYPES[k]()) for k, v in components if v]
    detail = L.joined(parts or "0", *steps)
    text = L.DAMAGE_TAKEN(name=u["name"], amount=amount, why=why, detail=detail)
    said = [step.english() for step in steps]
    take_hp_damage(ctx, uid, amount, text, rule, {"raw": raw, "steps": said})
    return amount


def take_hp_damage(
    ctx: Ctx, uid: str, amount: int, text: Msg, rule: str, extra: Mapping[str, Any] = EMPTY
) -> None:
    """MECH-HP-1 (MECH-AMB-30): HP to 0 costs 1 structure, a check, HP reset, excess carried."""
    # `extra` (more payload) is a mapping, not **keywords: passing keywords on costs a dict
    # copy per call, and every hit comes through here. It is only read, never changed.
    u = ctx.u(uid)
    hp = int(u["hp"])
    if amount < hp:
        ctx.emit(
            "damage.dealt",
            L.DAMAGE_HP(line=text, hp=hp - amount, hp_max=u["stats"]["hp_max"]),
            units={uid: {"hp": hp - amount}},
            unit=uid,
            amount=amount,
            rule=rule,
            **extra,
        )
        return
    excess = amount - hp
    if ctx.settings.hp_zero == "structure_check_reset_no_carry":
        excess = 0  # MECH-AMB-30, other reading: damage past 0 HP is lost
    hp_max = int(u["stats"]["hp_max"])
    structure = int(u["structure"]) - 1
    line = L.DAMAGE_STRUCTURE_CARRY if excess else L.DAMAGE_STRUCTURE
    ctx.emit(
        "damage.dealt",
        line(
            line=text, structure=structure, structure_max=u["stats"]["structure_max"], excess=excess
        ),
        units={uid: {"hp": hp_max, "structure": structure}},
        unit=uid,
        amount=amount,
        structure=structure,
        rule="MECH-HP-1",
        **extra,
    )
    structure_check(ctx, uid)
    if excess > 0 and alive(ctx.u(uid)):
        carried = L.DAMAGE_CARRIED(name=ctx.u(uid)["name"], excess=excess)
        take_hp_damage(ctx, uid, excess, carried, "MECH-HP-1")


def _dice_count(ctx: Ctx, marked: int) -> int:
    return marked if ctx.settings.check_dice == "marked" else 1


def structure_check(ctx: Ctx, uid: str) -> None:
    """MECH-STRUCT-1 / MECH-STRUCT-TABLE: roll 1d6 per structure damage marked, take the lowest."""
    u = ctx.u(uid)
    remaining = int(u["structure"])
    if remaining <= 0:
        destroy(ctx, uid, L.NO_STRUCTURE(name=u["name"]))
        return
    marked = int(u["stats"]["structure_max"]) - remaining
    faces = [
        ctx.dice.roll(6, f"structure check d6 ({u['name']})")
        for _ in range(_dice_count(ctx, marked))
    ]
    table = table_for("structure", ctx.settings.structure_table)
    lowest, name, effect = look_up(table, faces)
    roll_text = L.TABLE_ROLL(
        table=L.STRUCTURE_CHECK(),
        count=len(faces),
        faces=", ".join(map(str, faces)),
        lowest=lowest,
        row=L.row_name(name),
    )
    structure_effect(ctx, uid, effect, lowest, roll_text, remaining)


def structure_effect(
    ctx: Ctx, uid: str, effect: str, lowest: int, roll_text: Msg, remaining: int
) -> None:
    """Apply one row of the structure table."""
    u = ctx.u(uid)
    name = u["name"]
    base: Json = {"unit": uid, "effect": effect, "lowest": lowest, "rule": "MECH-STRUCT-TABLE"}
    # MECH-AMB-33: the seed gives "the end of the next round's first turn / the end of your next
    # turn" for a direct hit and "the next round's first turn" for a glancing blow.
    if ctx.settings.trauma_durations == "first_turn_next_round":
        expires, until = "first_turn_next_round", L.UNTIL_NEXT_ROUND()
    else:
        expires, until = "end_of_next_turn", L.UNTIL_NEXT_TURN()

    def said(effect: Msg) -> Msg:
        return L.TABLE_EFFECT(name=name, roll=roll_text, effect=effect)

    if effect == "destroyed":
        ctx.emit("structure.checked", L.TABLE_LINE(name=name, roll=roll_text), **base)
        destroy(ctx, uid, L.DESTROYED_TABLE(name=name))
    elif effect == "direct_hit":
        if remaining >= 3:  # MECH-AMB-32: "3 or more"
            ctx.emit(
                "structure.checked",
                said(L.EFFECT_STUNNED_LEFT(left=remaining, until=until)),
                **base,
            )
            ctx.add_condition(
                uid,
                "stunned",
                L.STUNNED_DIRECT_HIT(name=name),
                expires=expires,
                source="structure",
                rule="MECH-AMB-33",
            )
        elif remaining == 2:
            ctx.emit("structure.checked", said(L.EFFECT_HULL_CHECK()), **base)
            result = check(ctx, uid, "hull", L.WHY_DIRECT_HIT())
            if result.success:
                ctx.emit(
                    "check.rolled",
                    result.then(L.STUNNED_UNTIL(until=until)),
                    unit=uid,
                    rule="MECH-STRUCT-TABLE",
                )
                ctx.add_condition(
                    uid,
                    "stunned",
                    L.STUNNED_DIRECT_HIT(name=name),
                    expires=expires,
                    source="structure",
                    rule="MECH-AMB-33",
                )
            else:
                ctx.emit(
                    "check.rolled",
                    result.then(L.MECH_DESTROYED_WORDS()),
                    unit=uid,
                    rule="MECH-STRUCT-TABLE",
                )
                destroy(ctx, uid, L.DESTROYED_DIRECT_HIT(name=name))
        else:
            ctx.emit("structure.checked", said(L.EFFECT_STRUCTURE_DESTROYED()), **base)
            destroy(ctx, uid, L.DESTROYED_DIRECT_HIT(name=name))
    elif effect in ("system_trauma", "system_trauma_d6"):
        # MECH-AMB-34: the seed's parity decides, or (other reading) a second d6 as in LANCER.
        if effect == "system_trauma" and ctx.settings.trauma_choice != "second_d6":
            kind = "mount" if lowest % 2 == 0 else "system"
            how = L.TRAUMA_EVEN() if kind == "mount" else L.TRAUMA_ODD()
        else:
            second = ctx.dice.roll(6, f"system trauma d6 ({name})")
            kind = "mount" if second <= 3 else "system"
            how = L.TRAUMA_SECOND(second=second)
        options = trauma_options(u)
        if not options[kind]:
            kind = "system" if kind == "mount" else "mount"  # MECH-AMB-34: the other kind
            how = L.TRAUMA_OTHER(how=how)
        if not options[kind]:
            ctx.emit("structure.checked", said(L.EFFECT_NOTHING_LEFT()), **base)
            structure_effect(ctx, uid, "direct_hit", 1, L.DIRECT_HIT_ROLL(), remaining)
            return
        what = L.TRAUMA_MOUNT() if kind == "mount" else L.TRAUMA_SYSTEM()
        ctx.emit(
            "structure.checked",
            said(L.EFFECT_TRAUMA(how=how, what=what)),
            units={uid: {"pending_trauma": kind}},
            **base,
        )
        if len(options[kind]) == 1:
            choose_trauma(ctx, uid, options[kind][0])
    elif effect == "glancing_blow":
        ctx.emit("structure.checked", said(L.EFFECT_IMPAIRED(until=until)), **base)
        ctx.add_condition(
            uid,
            "impaired",
            L.IMPAIRED_GLANCING(name=name),
            expires=expires,
            source="structure",
            rule="MECH-AMB-33",
        )
    else:
        ctx.emit("structure.checked", said(L.EFFECT_NONE()), **base)


def trauma_options(u: Unit) -> dict[str, list[int]]:
    """MECH-STRUCT-TABLE: mounts with intact weapons, intact systems; spent limited items out."""

    def usable(item: Json) -> bool:
        return not item["destroyed"] and (item.get("uses") is None or int(item["uses"]) > 0)

    mounts = [
        m
        for m, mount in enumerate(u["mounts"])
        if "superheavy_of" not in mount and any(usable(u["weapons"][w]) for w in mount["weapons"])
    ]
    systems = [i for i, s in enumerate(u["systems"]) if usable(s)]
    return {"mount": mounts, "system": systems}


def choose_trauma(ctx: Ctx, uid: str, index: int) -> None:
    """MECH-AMB-34: the controller's choice of mount or system to lose."""
    u = ctx.u(uid)
    kind = u["pending_trauma"]
    if kind is None:
        raise IllegalAction(R.NO_TRAUMA(name=u["name"]), "MECH-STRUCT-TABLE")
    options = trauma_options(u)[kind]
    if index not in options:
        which = R.ITEM_KINDS[kind]()
        shown = ", ".join(map(str, options))
        raise IllegalAction(R.CHOOSE_TRAUMA(options=shown, kind=which), "MECH-STRUCT-TABLE")
    if kind == "mount":
        weapons = st.copy_json(u["weapons"])
        names = []
        for w in u["mounts"][index]["weapons"]:
            weapons[w]["destroyed"] = True
            names.append(weapons[w]["name"])
        text = L.TRAUMA_LOST_MOUNT(name=u["name"], n=index + 1, weapons=names)
        ctx.emit(
            "trauma.resolved",
            text,
            units={uid: {"weapons": weapons, "pending_trauma": None}},
            unit=uid,
            mount=index,
            rule="MECH-STRUCT-TABLE",
        )
    else:
        systems = st.copy_json(u["systems"])
        systems[index]["destroyed"] = True
        text = L.TRAUMA_LOST_SYSTEM(name=u["name"], system=systems[index]["name"])
        ctx.emit(
            "trauma.resolved",
            text,
            units={uid: {"systems": systems, "pending_trauma": None}},
            unit=uid,
            system=index,
            rule="MECH-STRUCT-TABLE",
        )


def stress_check(ctx: Ctx, uid: str) -> None:
    """MECH-STRESS-1 / MECH-STRESS-TABLE: 1d6 per stress marked, lowest; 0 stress melts down."""
    u = ctx.u(uid)
    name = u["name"]
    remaining = int(u["stress"])
    if remaining <= 0 and ctx.settings.zero_stress == "meltdown_now":
        meltdown(ctx, uid)  # MECH-AMB-38, other reading: like 0 structure, at once
        return
    if remaining <= 0:  # MECH-AMB-38
        schedule_meltdown(
            ctx,
            uid,
            1,
            L.MELTDOWN_NO_STRESS(name=name),
            "MECH-AMB-38",
        )
        return
    marked = int(u["stats"]["stress_max"]) - remaining
    faces = [ctx.dice.roll(6, f"stress check d6 ({name})") for _ in range(_dice_count(ctx, marked))]
    table = table_for("stress", ctx.settings.stress_table)
    lowest, row, effect = look_up(table, faces)
    roll_text = L.TABLE_ROLL(
        table=L.STRESS_CHECK(),
        count=len(faces),
        faces=", ".join(map(str, faces)),
        lowest=lowest,
        row=L.row_name(row),
    )

    def said(effect: Msg) -> Msg:
        return L.TABLE_EFFECT(name=name, roll=roll_text, effect=effect)

    base: Json = {"unit": uid, "effect": effect, "lowest": lowest, "rule": "MECH-STRESS-TABLE"}
    if effect == "meltdown_next_turn":
        ctx.emit(
            "stress.checked",
            said(L.EFFECT_MELTDOWN_NEXT()),
            **base,
        )
        schedule_meltdown(
            ctx,
            uid,
            1,
            L.MELTDOWN_NEXT_TURN(name=name),
            "MECH-AMB-36",
        )
    elif effect == "meltdown":
        if remaining >= 3:
            ctx.emit("stress.checked", said(L.EFFECT_EXPOSED_LEFT(left=remaining)), **base)
            ctx.add_condition(
                uid, "exposed", L.EXPOSED(name=name), source="stress", rule="MECH-STRESS-TABLE"
            )
        elif remaining == 2:
            ctx.emit("stress.checked", said(L.EFFECT_ENGINEERING()), **base)
            result = check(ctx, uid, "engineering", L.WHY_MELTDOWN_CHECK())
            if result.success:
                ctx.emit(
                    "check.rolled",
                    result.then(L.EXPOSED_WORD()),
                    unit=uid,
                    rule="MECH-STRESS-TABLE",
                )
                ctx.add_condition(
                    uid, "exposed", L.EXPOSED(name=name), source="stress", rule="MECH-STRESS-TABLE"
                )
            else:
                ctx.emit(
                    "check.rolled",
                    result.then(L.CRITICAL_WORDS()),
                    unit=uid,
                    rule="MECH-STRESS-TABLE",
                )
                turns = ctx.dice.roll(
                    int(ctx.settings.meltdown_die),
                    f"meltdown countdown d{ctx.settings.meltdown_die} ({name})",
                )
                schedule_meltdown(
                    ctx,
                    uid,
                    turns,
                    L.MELTDOWN_IN(name=name, turns=turns),
                    "MECH-AMB-37",
                    avertable=True,
                )
        else:
            ctx.emit(
                "stress.checked",
                said(L.EFFECT_LAST_STRESS()),
                **base,
            )
            schedule_meltdown(
                ctx,
                uid,
                1,
                L.MELTDOWN_NEXT_TURN(name=name),
                "MECH-STRESS-TABLE",
            )
    elif effect == "power_plant_unstable":
        ctx.emit("stress.checked", said(L.EXPOSED_WORD()), **base)
        ctx.add_condition(
            uid, "exposed", L.EXPOSED(name=name), source="stress", rule="MECH-STRESS-TABLE"
        )
    elif effect == "emergency_stop":
        ctx.emit(
            "stress.checked",
            said(L.EFFECT_IMPAIRED_NEXT()),
            **base,
        )
        ctx.add_condition(
            uid,
            "impaired",
            L.IMPAIRED_STOP(name=name),
            expires="end_of_next_turn",
            source="stress",
            rule="MECH-STRESS-TABLE",
        )
    else:
        ctx.emit("stress.checked", said(L.EFFECT_NONE()), **base)


def schedule_meltdown(
    ctx: Ctx, uid: str, turns: int, text: Msg, rule: str, avertable: bool = False
) -> None:
    """MECH-AMB-37: a countdown of the mech's own turns, secret from the players."""
    u = ctx.u(uid)
    current = u["meltdown"]
    if current is not None and int(current["turns"]) <= turns:
        return
    meltdown = {"turns": turns, "mark": int(u["turns_started"]), "avertable": avertable}
    if avertable:
        ctx.emit(
            "meltdown.scheduled",
            text,
            units={uid: {"meltdown": meltdown}},
            audience="gm",
            redacted=L.MELTDOWN_SECRET(name=u["name"]),
            unit=uid,
            rule=rule,
        )
    else:
        ctx.emit(
            "meltdown.scheduled", text, units={uid: {"meltdown": meltdown}}, unit=uid, rule=rule
        )


def destroy(ctx: Ctx, uid: str, text: Msg, annihilated: bool = False) -> None:
    """MECH-DESTROYED-1 / MECH-AMB-49: destroyed; a heavy-cover wreck stays unless annihilated."""
    u = ctx.u(uid)
    if not alive(u):
        return
    wrecks = list(ctx.state["wrecks"])
    if ctx.settings.wrecks and not annihilated:
        wrecks.append({"id": uid, "x": u["x"], "y": u["y"], "size": st.size(u)})
        text = L.DESTROYED_WRECK(line=text)
    grapples = [g for g in ctx.state["grapples"] if uid not in g["attackers"] + g["defenders"]]
    top: Json = {"wrecks": wrecks, "grapples": grapples}
    fields: Json = {"destroyed": True, "annihilated": annihilated, "turn": None, "prepared": None}
    for grapple in ctx.state["grapples"]:
        if uid not in grapple["attackers"] + grapple["defenders"]:
            continue
        for oid in grapple["attackers"] + grapple["defenders"]:
            conds = st.copy_json(ctx.u(oid)["conditions"])
            if oid != uid and conds.get("immobilized", {}).get("source") == "grapple":
                del conds["immobilized"]
                ctx.stage(oid, conditions=conds)
    ctx.emit(
        "mech.destroyed", text, units={uid: fields}, top=top, unit=uid, rule="MECH-DESTROYED-1"
    )
    if ctx.state["active"] == uid and uid not in ctx.finishing:
        # Imported here: ending a turn checks burn and meltdowns, which live in this module.
        from rules.mech.turns import finish_turn

        finish_turn(ctx, uid)


def meltdown(ctx: Ctx, uid: str) -> None:
    """MECH-MELTDOWN-1 / MECH-AMB-39: destroyed; burst 2, 4d6 explosive, AGILITY check halves."""
    u = ctx.u(uid)
    radius = int(ctx.settings.meltdown_radius)
    expr = parse_expr(str(ctx.settings.meltdown_damage))
    area = st.grid(ctx.state).burst(st.pos(u), radius, st.size(u))
    caught = [o["id"] for o in st.living(ctx.state) if o["id"] != uid and st.cells(o) & area]
    destroy(
        ctx,
        uid,
        L.MELTS_DOWN(name=u["name"]),
        annihilated=True,
    )
    total, faces = roll_expr(expr, ctx.dice, "reactor meltdown")
    ctx.emit(
        "meltdown.exploded",
        L.MELTDOWN_EXPLODED(
            expr=str(expr), faces=" + ".join(map(str, faces)), total=total, radius=radius
        ),
        unit=uid,
        damage=total,
        targets=caught,
        rule="MECH-MELTDOWN-1",
    )
    before = hidden_scope(ctx, caught)  # MECH-COND-HIDDEN: a Hidden unit in the blast stays unnamed
    for oid in caught:
        result = check(ctx, oid, "agility", L.WHY_MELTDOWN_BLAST())
        amount = half_up(total) if result.success else total
        ctx.emit(
            "check.rolled",
            result.then(L.HALF_DAMAGE() if result.success else L.FULL_DAMAGE()),
            unit=oid,
            rule="MECH-MELTDOWN-1",
        )
        deal_damage(ctx, oid, [("explosive", amount)], L.WHY_MELTDOWN(), rule="MECH-MELTDOWN-1")
    ctx.unseen = before


def take_burn(ctx: Ctx, uid: str, amount: int, why: Msg | str) -> None:
    """MECH-BURN-1: take that much burn now (ignores armour) and mark it; marks add up."""
    u = ctx.u(uid)
    if amount <= 0 or not alive(u):
        return
    if "burn" not in u["immune"]:  # MECH-IMMUNE-1: an immune mech has nothing marked
        marked = int(u["burn"]) + amount
        ctx.emit(
            "burn.marked",
            L.BURN_MARKED(name=u["name"], amount=amount, why=why, marked=marked),
            units={uid: {"burn": marked}},
            unit=uid,
            amount=amount,
            burn=marked,
            rule="MECH-BURN-1",
        )
    deal_damage(ctx, uid, [("burn", amount)], L.WHY_BURN(), rule="MECH-BURN-1")
