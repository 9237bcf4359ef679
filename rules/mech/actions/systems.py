"""Disengage, stabilize, shut down, boot up, overcharge, systems, core power, meltdown checks."""

from __future__ import annotations

from rules.core.actions import ActionTemplate, Choice, Field
from rules.core.errors import IllegalAction
from rules.core.params import str_param
from rules.core.system import Action
from rules.mech import log_messages as L
from rules.mech import messages as M
from rules.mech import refusals as R
from rules.mech import state as st
from rules.mech.actions.attack import save_effect
from rules.mech.actions.base import (
    acting,
    cost,
    enemies,
    on_turn,
    ready,
    spec,
    target,
)
from rules.mech.actions.tech import in_sensors
from rules.mech.checks import (
    check,
)
from rules.mech.context import Ctx
from rules.mech.damage import (
    parse_expr,
    roll_expr,
)
from rules.mech.harm import (
    take_heat,
)
from rules.mech.preview import preview_overcharge
from rules.mech.state import Json, has, hostile
from rules.mech.tables import overcharge_expr
from rules.mech.turns import (
    require_can_act,
    spend,
    visible_target,
)


def do_disengage(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-DISENGAGE: 2 AP; until the turn ends, no engagement and no reactions to moves."""
    u = acting(ctx, action, "disengage")
    spend(ctx, u["id"], 2, "Disengage", "MECH-ACT-DISENGAGE", reaction)
    ctx.add_condition(
        u["id"],
        "disengaged",
        L.LOG_DISENGAGES_UNTIL_THE_END_OF_ITS(name=u["name"]),
        expires="end_of_turn",
        source="self",
        rule="MECH-ACT-DISENGAGE",
    )


def do_stabilize(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-STABILIZE: cool down or repair, and reload, clear burn or remove a condition."""
    u = acting(ctx, action, "stabilize")
    primary = str_param(action.params, "primary")
    secondary = str_param(action.params, "secondary")
    if primary not in ("cool", "repair"):
        raise IllegalAction(
            R.FIRST_CHOOSE_COOL_CLEAR_HEAT_AND(),
            "MECH-ACT-STABILIZE",
        )
    if primary == "repair" and int(u["repair"]) < 1:
        raise IllegalAction(R.HAS_NO_REPAIRS_LEFT(name=u["name"]), "MECH-ACT-STABILIZE")
    if secondary not in ("reload", "burn", "condition", "ally_condition"):
        raise IllegalAction(R.THEN_CHOOSE_RELOAD_BURN_CONDITION_OR(), "MECH-ACT-STABILIZE")
    target = u
    name = ""
    if secondary in ("condition", "ally_condition"):
        name = str_param(action.params, "condition")
        if secondary == "ally_condition":
            target = ctx.u(str_param(action.params, "ally"))
            if hostile(u, target) or target["id"] == u["id"]:
                raise IllegalAction(R.CHOOSE_AN_ALLIED_MECH(), "MECH-ACT-STABILIZE")
            reach = int(ctx.settings.stabilize_ally_range)
            if st.dist(u, target) > reach:
                raise IllegalAction(R.THE_ALLY_MUST_BE_WITHIN_SQUARE(reach=reach), "MECH-AMB-15")
        found = target["conditions"].get(name)
        if name not in st.REMOVABLE or found is None:
            raise IllegalAction(
                R.HAS_NO_REMOVABLE_CONDITION(target=target["name"], name=repr(name)),
                "MECH-ACT-STABILIZE",
            )
        if found.get("source") == "self" or found.get("source") == "grapple":
            raise IllegalAction(
                R.COMES_FROM_S_OWN_SYSTEMS_OR(name=name, target=target["name"]),
                "MECH-ACT-STABILIZE",
            )
    spend(ctx, u["id"], 2, "Stabilize", "MECH-ACT-STABILIZE", reaction)
    u = ctx.u(u["id"])
    if primary == "cool":
        conds = st.copy_json(u["conditions"])
        conds.pop("exposed", None)
        ctx.emit(
            "mech.stabilized",
            M.LOG_STABILIZED_COOL(name=u["name"]),
            units={u["id"]: {"heat": 0, "conditions": conds}},
            unit=u["id"],
            rule="MECH-ACT-STABILIZE",
        )
    else:
        ctx.emit(
            "mech.stabilized",
            M.LOG_STABILIZED_REPAIR(name=u["name"], hp=u["stats"]["hp_max"]),
            units={u["id"]: {"hp": u["stats"]["hp_max"], "repair": int(u["repair"]) - 1}},
            unit=u["id"],
            rule="MECH-ACT-STABILIZE",
        )
    u = ctx.u(u["id"])
    if secondary == "reload":
        weapons = [{**w, "loaded": True} for w in u["weapons"]]
        ctx.emit(
            "mech.reloaded",
            M.LOG_RELOADED(name=u["name"]),
            units={u["id"]: {"weapons": weapons}},
            unit=u["id"],
            rule="MECH-ACT-STABILIZE",
        )
    elif secondary == "burn":
        ctx.emit(
            "burn.cleared",
            M.LOG_BURN_CLEARED_ALL(name=u["name"]),
            units={u["id"]: {"burn": 0}},
            unit=u["id"],
            rule="MECH-ACT-STABILIZE",
        )
    else:
        ctx.remove_condition(
            target["id"],
            name,
            L.LOG_REMOVES_FROM(
                name=u["name"], condition=M.CONDITION_NAMES[name](), target=target["name"]
            ),
            "MECH-ACT-STABILIZE",
        )


def do_shut_down(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-SHUTDOWN: clear heat, Exposed and tech conditions; immune to tech; Stunned."""
    u = acting(ctx, action, "shut down")
    spend(ctx, u["id"], 1, "Shut Down", "MECH-ACT-SHUTDOWN", reaction)
    conds = {
        n: c
        for n, c in st.copy_json(ctx.u(u["id"])["conditions"]).items()
        if c.get("source") != "tech" and n != "exposed"
    }
    conds["shut_down"] = {"source": "self"}
    conds["stunned"] = {"source": "shut_down"}
    ctx.emit(
        "mech.shut_down",
        M.LOG_SHUT_DOWN(name=u["name"]),
        units={u["id"]: {"heat": 0, "conditions": conds}},
        unit=u["id"],
        rule="MECH-ACT-SHUTDOWN",
    )


def do_boot_up(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-BOOTUP / MECH-AMB-17: 2 AP, the one action a Shut Down mech may take."""
    u = ctx.u(action.actor)
    if not has(u, "shut_down"):
        raise IllegalAction(R.IS_NOT_SHUT_DOWN(name=u["name"]), "MECH-ACT-BOOTUP")
    require_can_act(u, "boot up", allow_stunned=bool(ctx.settings.bootup_while_stunned))
    spend(ctx, u["id"], 2, "Boot Up", "MECH-ACT-BOOTUP", reaction)
    conds = st.copy_json(ctx.u(u["id"])["conditions"])
    conds.pop("shut_down", None)
    if conds.get("stunned", {}).get("source") == "shut_down":
        del conds["stunned"]
    ctx.emit(
        "mech.booted_up",
        M.LOG_BOOTED_UP(name=u["name"]),
        units={u["id"]: {"conditions": conds}},
        unit=u["id"],
        rule="MECH-ACT-BOOTUP",
    )


def do_overcharge(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-OVERCHARGE-1: once per turn, +1 AP and heat 1, 1d3, 1d6, then 1d6+4."""
    u = acting(ctx, action, "overcharge")
    turn = u["turn"]
    if ctx.state["active"] != u["id"] or turn is None:
        raise IllegalAction(R.OVERCHARGE_ON_YOUR_OWN_TURN(), "MECH-OVERCHARGE-1")
    if turn["overcharged"]:
        raise IllegalAction(
            R.HAS_ALREADY_OVERCHARGED_THIS_TURN(name=u["name"]), "MECH-OVERCHARGE-1"
        )
    count = int(u["overcharge_count"]) + 1
    expr = parse_expr(overcharge_expr(count))
    ctx.stage(
        u["id"],
        overcharge_count=count,
        turn={
            **turn,
            "ap": int(turn["ap"]) + 1,
            "ap_gained": int(turn["ap_gained"]) + 1,
            "overcharged": True,
            "acted": True,
        },
    )
    heat, faces = roll_expr(expr, ctx.dice, f"overcharge heat {expr}")
    rolled = (
        f" = {' + '.join(map(str, faces))}{'+4' if expr.bonus == 4 else ''} = {heat}"
        if faces
        else ""
    )
    ctx.emit(
        "mech.overcharged",
        L.LOG_OVERCHARGES_NUMBER_1_AP_HEAT(
            name=u["name"], count=count, expr=str(expr), rolled=rolled
        ),
        unit=u["id"],
        count=count,
        heat=heat,
        rule="MECH-OVERCHARGE-TABLE",
    )
    take_heat(ctx, u["id"], heat, L.WHY_OVERCHARGE())


def do_use_system(ctx: Ctx, action: Action, reaction: bool) -> None:
    """A system's 1-AP action (Coolant Purge: clear up to 4 heat, not Exposed); uses count down."""
    u = acting(ctx, action, "use systems")
    raw = str_param(action.params, "system")
    index = next((i for i, s in enumerate(u["systems"]) if raw in (str(i), s["key"])), None)
    if index is None or not u["systems"][index].get("action"):
        raise IllegalAction(R.HAS_NO_USABLE_SYSTEM(name=u["name"], raw=repr(raw)), "MECH-STAT-1")
    system = u["systems"][index]
    if system["destroyed"]:
        raise IllegalAction(R.IS_DESTROYED_3(system=system["name"]), "MECH-STRUCT-TABLE")
    if system.get("uses") is not None and int(system["uses"]) <= 0:
        raise IllegalAction(R.HAS_NO_USES_LEFT_2(system=system["name"]), "MECH-PILOT-ENG")
    t = None
    if system.get("save"):  # MECH-SAVE-1: an enemy in sensors and line of sight must save
        t = ctx.u(str_param(action.params, "target"))
        visible_target(ctx, u, t, "MECH-SAVE-1")
        if not hostile(u, t):
            raise IllegalAction(R.FORCES_AN_ENEMY_S_SAVE(system=system["name"]), "MECH-SAVE-1")
        in_sensors(ctx, u, t, "MECH-SAVE-1")
    spend(ctx, u["id"], 1, system["name"], "MECH-STAT-1", reaction)
    systems = st.copy_json(ctx.u(u["id"])["systems"])
    if systems[index].get("uses") is not None:
        systems[index]["uses"] = int(systems[index]["uses"]) - 1
    if t is not None:
        ctx.emit(
            "system.used",
            M.LOG_SYSTEM_ON(name=u["name"], system=system["name"], target=t["name"]),
            units={u["id"]: {"systems": systems}},
            unit=u["id"],
            system=index,
            target=t["id"],
        )
        save_effect(ctx, u["id"], t["id"], system)
        return
    heat = int(ctx.u(u["id"])["heat"])
    cleared = min(heat, int(system.get("vent", 0)))
    ctx.emit(
        "system.used",
        M.LOG_SYSTEM_VENT(
            name=u["name"], system=system["name"], cleared=cleared, heat=heat - cleared
        ),
        units={u["id"]: {"systems": systems, "heat": heat - cleared}},
        unit=u["id"],
        system=index,
    )


def do_core_power(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-AMB-41: spend the CP on the frame's core system (Bulwark Field), 1 AP."""
    u = acting(ctx, action, "use the core system")
    core = u["frame"].get("core")
    if not core:
        raise IllegalAction(R.S_FRAME_HAS_NO_CORE_SYSTEM(name=u["name"]), "MECH-AMB-41")
    if int(u["cp"]) < 1:
        raise IllegalAction(R.HAS_NO_CP_LEFT(name=u["name"]), "MECH-AMB-41")
    spend(ctx, u["id"], 1, core["name"], "MECH-AMB-41", reaction)
    ctx.emit(
        "core.activated",
        M.LOG_CORE(name=u["name"], core=core["name"]),
        units={u["id"]: {"cp": int(u["cp"]) - 1}},
        unit=u["id"],
        rule="MECH-AMB-41",
    )
    for o in st.living(ctx.state):
        if o["id"] == u["id"] or (not hostile(u, o) and st.dist(u, o) == 1):
            ctx.add_condition(
                o["id"],
                "bulwark",
                L.LOG_IS_COVERED_BY_UNTIL_THE_END(
                    name=o["name"], core=core["name"], owner=u["name"]
                ),
                expires="end_of_next_turn",
                clock=u["id"],
                source="core",
            )


def do_meltdown_check(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-STRESS-TABLE / MECH-AMB-37: 2 AP, ENGINEERING check; success averts the meltdown."""
    u = acting(ctx, action, "fight the meltdown")
    if not u["meltdown"] or not u["meltdown"]["avertable"]:
        raise IllegalAction(R.HAS_NO_MELTDOWN_IT_CAN_AVERT(name=u["name"]), "MECH-STRESS-TABLE")
    spend(
        ctx, u["id"], 2, "an ENGINEERING check against the meltdown", "MECH-STRESS-TABLE", reaction
    )
    result = check(ctx, u["id"], "engineering", L.WHY_AVERT_MELTDOWN())
    if result.success:
        ctx.emit(
            "meltdown.averted",
            L.LOG_THE_MELTDOWN_IS_AVERTED(check=result.msg),
            units={u["id"]: {"meltdown": None}},
            unit=u["id"],
            rule="MECH-STRESS-TABLE",
        )
    else:
        ctx.emit(
            "check.rolled",
            L.LOG_THE_REACTOR_IS_STILL_CRITICAL(check=result.msg),
            unit=u["id"],
            rule="MECH-STRESS-TABLE",
        )


def offer_boot_up(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-BOOTUP: 2 AP, for a Shut Down mech on its turn."""
    u = on_turn(state, actor)
    if u is None or not has(u, "shut_down") or int(u["turn"]["ap"]) < 2:
        return None
    return ActionTemplate("boot_up", M.BOOT_UP(), "MECH-ACT-BOOTUP", cost=cost(2))


def offer_overcharge(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-OVERCHARGE-1: once a turn, +1 AP for the heat of the next overcharge."""
    u = ready(state, actor)
    if u is None or u["turn"]["overcharged"]:
        return None
    heat = overcharge_expr(int(u["overcharge_count"]) + 1)
    return ActionTemplate("overcharge", M.OVERCHARGE(heat=heat), "MECH-OVERCHARGE-1", preview=True)


def offer_meltdown_check(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-STRESS-TABLE: 2 AP for an ENGINEERING check against an avertable meltdown."""
    u = ready(state, actor, 2)
    if u is None or not u["meltdown"] or not u["meltdown"]["avertable"]:
        return None
    return ActionTemplate("meltdown_check", M.MELTDOWN_CHECK(), "MECH-STRESS-TABLE", cost=cost(2))


def offer_use_system(state: Json, actor: str) -> list[ActionTemplate] | None:
    """MECH-STAT-1: 1 AP for each intact system with an action and uses left."""
    u = ready(state, actor, 1)
    if u is None:
        return None
    out = []
    for i, s in enumerate(u["systems"]):
        if s.get("action") and not s["destroyed"] and (s.get("uses") is None or int(s["uses"]) > 0):
            fields = (target(enemies(state, u), M.ENEMY_SAVES),) if s.get("save") else ()
            out.append(
                ActionTemplate(
                    "use_system",
                    M.USE_SYSTEM(system=str(s["name"])),
                    "MECH-STAT-1",
                    fields,
                    {"system": i},
                    cost=cost(1),
                )
            )
    return out


def offer_core_power(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-AMB-41: the frame's core power, 1 AP and a CP."""
    u = ready(state, actor, 1)
    core = u["frame"].get("core") if u else None
    if u is None or not core or int(u["cp"]) <= 0:
        return None
    return ActionTemplate(
        "core_power", M.CORE_POWER(core=str(core["name"])), "MECH-AMB-41", cost=M.AP_AND_CP(ap=1)
    )


def offer_shut_down(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-SHUTDOWN: 1 AP."""
    if ready(state, actor, 1) is None:
        return None
    return ActionTemplate("shut_down", M.SHUT_DOWN(), "MECH-ACT-SHUTDOWN", cost=cost(1))


def offer_disengage(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-DISENGAGE: 2 AP."""
    if ready(state, actor, 2) is None:
        return None
    return ActionTemplate("disengage", M.DISENGAGE(), "MECH-ACT-DISENGAGE", cost=cost(2))


def offer_stabilize(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-STABILIZE: 2 AP, cool or repair first, then one of four."""
    u = ready(state, actor, 2)
    if u is None:
        return None
    allies = [o for o in st.living(state) if not hostile(u, o) and o["id"] != actor]
    first = (Choice("cool", M.COOL()), Choice("repair", M.REPAIR_HP()))
    then = (
        Choice("reload", M.RELOAD()),
        Choice("burn", M.CLEAR_BURN()),
        Choice("condition", M.REMOVE_CONDITION()),
        Choice("ally_condition", M.REMOVE_ALLY_CONDITION()),
    )
    removable = tuple(Choice(n, M.CONDITION_NAMES[n]()) for n in st.REMOVABLE)
    fields = (
        Field("primary", M.FIRST(), "choice", first),
        Field("secondary", M.THEN(), "choice", then),
        Field("condition", M.CONDITION(), "choice", removable),
        target(allies, M.ALLY, "ally"),
    )
    return ActionTemplate("stabilize", M.STABILIZE(), "MECH-ACT-STABILIZE", fields, cost=cost(2))


BOOT_UP = spec("boot_up", "MECH-ACT-BOOTUP", do_boot_up, offer_boot_up)
OVERCHARGE = spec(
    "overcharge", "MECH-OVERCHARGE-1", do_overcharge, offer_overcharge, preview_overcharge
)
MELTDOWN_CHECK = spec(
    "meltdown_check", "MECH-STRESS-TABLE", do_meltdown_check, offer_meltdown_check
)
USE_SYSTEM = spec("use_system", "MECH-STAT-1", do_use_system, offer_use_system)
CORE_POWER = spec("core_power", "MECH-AMB-41", do_core_power, offer_core_power)
SHUT_DOWN = spec("shut_down", "MECH-ACT-SHUTDOWN", do_shut_down, offer_shut_down)
DISENGAGE = spec("disengage", "MECH-ACT-DISENGAGE", do_disengage, offer_disengage)
STABILIZE = spec("stabilize", "MECH-ACT-STABILIZE", do_stabilize, offer_stabilize)
