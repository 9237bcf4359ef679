"""Every action of MECH-AP-TABLE, reactions, free actions, movement and the GM's tools."""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.core.errors import IllegalAction
from rules.core.params import bool_param, int_param, str_param
from rules.core.system import Action
from rules.geometry.square import distance, footprint, supercover_line
from rules.mech import state as st
from rules.mech.checks import accuracy_mod
from rules.mech.damage import fall_damage, half_up, parse_expr, roll_expr, roll_faces, weapon_damage
from rules.mech.engine import (
    HANDLERS,
    ONE_AP_ACTIONS,
    TOTAL_20_HITS,
    Ctx,
    always_hidden,
    begin_turn,
    check,
    choose_trauma,
    contest,
    deal_damage,
    finish_turn,
    handler,
    hidden_scope,
    require_can_act,
    reveal,
    spend,
    spent_turn,
    take_burn,
    take_heat,
    visible_target,
)
from rules.mech.state import Json, Unit, alive, has, hostile

Cell = tuple[int, int]


def acting(ctx: Ctx, action: Action, what: str) -> Unit:
    """The acting mech, refused when destroyed, Stunned or owing a trauma choice."""
    u = ctx.u(action.actor)
    require_can_act(u, what)
    return u


# ---------------------------------------------------------------------------------------------
# Turns


@handler("begin_turn")
def _begin_turn(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-AP-1 / MECH-ROUND-2: start this unit's turn."""
    begin_turn(ctx, action.actor)


@handler("end_turn")
def _end_turn(ctx: Ctx, action: Action, reaction: bool) -> None:
    """End the active unit's turn (MECH-AMB-09: unspent AP and move are lost)."""
    u = ctx.u(action.actor)
    if ctx.state["active"] != u["id"]:
        raise IllegalAction(f"it is not {u['name']}'s turn", "MECH-ROUND-1")
    finish_turn(ctx, u["id"])


# ---------------------------------------------------------------------------------------------
# Movement


def enter_cost(ctx: Ctx, u: Unit) -> Any:
    """What entering each square costs this unit: walls, buildings and hostiles block."""
    hostiles = {c for o in st.living(ctx.state) if hostile(u, o) for c in st.cells(o)}
    elevation = int(u["elevation"])
    g = st.grid(ctx.state)

    def cost(cell: Cell) -> float | None:
        if not g.contains(cell) or cell in hostiles:
            return None
        feature = st.terrain(ctx.state, cell)
        if st.blocks_movement(feature) and st.height_of(feature) > elevation:
            return None
        return 1

    return cost


def opportunity_attacks(ctx: Ctx, mover: Unit) -> None:
    """MECH-OA-1 / MECH-AMB-18: hostiles threatening the start square strike first."""
    if has(mover, "disengaged") or has(mover, "hidden"):
        return
    for o in st.living(ctx.state):
        o = ctx.u(o["id"])
        if not hostile(o, mover) or not alive(ctx.u(mover["id"])):
            continue
        if o["reaction_used"] or o["oa_used"] or not o["auto_reactions"]:
            continue
        if has(o, "stunned") or has(o, "jammed") or st.in_grapple(ctx.state, o["id"]):
            continue
        kinds = ("melee",) if ctx.settings["oa_weapons"] == "melee" else ("melee", "ranged")
        reach = st.dist(o, ctx.u(mover["id"]))
        weapons = [
            i
            for i, w in enumerate(o["weapons"])
            if w["kind"] in kinds
            and not w["destroyed"]
            and int(w["threat"]) >= reach
            and not w.get("area")
        ]
        if not weapons:
            continue
        ctx.emit(
            "reaction.taken",
            f"{o['name']} makes an opportunity attack on {mover['name']} as it moves off",
            units={o["id"]: {"reaction_used": True, "oa_used": True}},
            unit=o["id"],
            target=mover["id"],
            rule="MECH-OA-1",
        )
        reveal(ctx, o["id"], "reaction")
        strike(ctx, o["id"], weapons[0], [mover["id"]], {}, rule="MECH-OA-1")


def walk(
    ctx: Ctx, uid: str, dest: Cell, budget: int, why: str, rule: str, voluntary: bool = True
) -> int:
    """Move on the cheapest path, stopping when newly engaged (MECH-ENGAGE-1); returns the cost."""
    u = ctx.u(uid)
    g = st.grid(ctx.state)
    if not g.fits(dest, st.size(u)):
        raise IllegalAction(f"({dest[0]}, {dest[1]}) is off the map", "MECH-MOVE-1")
    if voluntary and has(u, "immobilized"):
        raise IllegalAction(f"{u['name']} is Immobilized and cannot move", "MECH-COND-IMMOBILIZED")
    found = g.cheapest_path(st.pos(u), dest, enter_cost(ctx, u), st.size(u), budget)
    if found is None:
        raise IllegalAction(
            f"{u['name']} cannot reach ({dest[0]}, {dest[1]}) with {budget} squares of movement",
            rule,
        )
    path, _ = found
    others = {c for o in st.living(ctx.state) if o["id"] != uid for c in st.cells(o)}
    if footprint(dest, st.size(u)) & others:
        raise IllegalAction("that square is taken", "MECH-MOVE-1")
    if voluntary:
        opportunity_attacks(ctx, u)
        u = ctx.u(uid)
        if not alive(u) or has(u, "stunned") or has(u, "immobilized"):
            ctx.emit("move.stopped", f"{u['name']} cannot complete its move", unit=uid)
            return 0
    stop = len(path) - 1
    stopped = False
    if not has(u, "disengaged"):
        for i in range(1, len(path)):
            for o in st.living(ctx.state):
                if not hostile(u, o) or has(o, "hidden") or has(o, "disengaged"):
                    continue
                if ctx.settings["engage_stop"] == "same_or_larger" and st.size(o) < st.size(u):
                    continue
                before = distance(path[i - 1], st.pos(o), st.size(u), st.size(o))
                after = distance(path[i], st.pos(o), st.size(u), st.size(o))
                if after == 1 and before != 1:
                    stop, stopped = i, True
                    break
            if stopped:
                break
    while stop > 0 and footprint(path[stop], st.size(u)) & others:
        stop -= 1
    final = path[stop]
    old_elevation = int(u["elevation"])
    new_elevation = st.height_of(st.terrain(ctx.state, final)) if old_elevation else 0
    fields: Json = {"x": final[0], "y": final[1], "elevation": new_elevation}
    text = f"{u['name']} {why} to ({final[0]}, {final[1]}), {stop} square{'s' if stop != 1 else ''}"
    if stopped:
        text += ": engaged, it stops (MECH-ENGAGE-1)"
    ctx.emit(
        "mech.moved",
        text,
        units={uid: fields},
        unit=uid,
        path=[list(c) for c in path[: stop + 1]],
        stopped=stopped,
        rule=rule,
    )
    drop = old_elevation - new_elevation
    if drop >= 3:
        deal_damage(
            ctx,
            uid,
            [("kinetic", fall(ctx, drop))],
            f"falls {drop} squares",
            armour_piercing=True,
            rule="MECH-FALL-1",
        )
    drag(ctx, uid, (final[0] - path[0][0], final[1] - path[0][1]))
    after_move(ctx, uid)
    return -1 if stopped else stop


def fall(ctx: Ctx, height: int) -> int:
    cap = int(ctx.settings["fall_cap"])
    return fall_damage(height, cap or None)


def drag(ctx: Ctx, uid: str, delta: Cell) -> None:
    """MECH-ACT-GRAPPLE-1: the smaller (Immobilized) side moves with the larger."""
    if delta == (0, 0):
        return
    grapple = st.in_grapple(ctx.state, uid)
    if grapple is None:
        return
    mine = grapple["attackers"] if uid in grapple["attackers"] else grapple["defenders"]
    theirs = grapple["defenders"] if mine is grapple["attackers"] else grapple["attackers"]
    g = st.grid(ctx.state)
    for oid in theirs:
        o = ctx.u(oid)
        if not alive(o) or not has(o, "immobilized"):
            continue
        dest = (o["x"] + delta[0], o["y"] + delta[1])
        blocked = {
            c
            for p in st.living(ctx.state)
            if p["id"] not in (oid,) and p["id"] not in mine
            for c in st.cells(p)
        }
        if g.fits(dest, st.size(o)) and not footprint(dest, st.size(o)) & blocked:
            ctx.emit(
                "mech.dragged",
                f"{o['name']} is dragged along to ({dest[0]}, {dest[1]})",
                units={oid: {"x": dest[0], "y": dest[1]}},
                unit=oid,
                rule="MECH-ACT-GRAPPLE-1",
            )


def after_move(ctx: Ctx, uid: str) -> None:
    """After anything moves: grapples no longer adjacent end; Hidden out of cover is lost."""
    release_grapples(ctx)
    u = ctx.u(uid)
    exposed = (
        has(u, "hidden") and not has(u, "invisible") and not st.in_cover_anywhere(ctx.state, u)
    )
    if exposed and any(
        hostile(u, o) and st.line_of_sight(ctx.state, st.centre(o), u) for o in st.living(ctx.state)
    ):
        ctx.remove_condition(
            uid,
            "hidden",
            f"{u['name']} leaves cover and is no longer Hidden",
            "MECH-COND-HIDDEN",
        )


def release_grapples(ctx: Ctx) -> None:
    """MECH-ACT-GRAPPLE-2: a grapple ends when its sides are no longer adjacent."""
    for grapple in list(ctx.state["grapples"]):
        a = [ctx.u(i) for i in grapple["attackers"] if alive(ctx.u(i))]
        d = [ctx.u(i) for i in grapple["defenders"] if alive(ctx.u(i))]
        if a and d and any(st.dist(x, y) <= 1 for x in a for y in d):
            continue
        end_grapple(ctx, grapple, "they are no longer adjacent")


def end_grapple(ctx: Ctx, grapple: Json, why: str) -> None:
    rest = [g for g in ctx.state["grapples"] if g["id"] != grapple["id"]]
    units: Json = {}
    for uid in grapple["attackers"] + grapple["defenders"]:
        conds = st.copy_json(ctx.u(uid)["conditions"])
        if conds.get("immobilized", {}).get("source") == "grapple":
            del conds["immobilized"]
        units[uid] = {"conditions": conds}
    ctx.emit(
        "grapple.ended",
        f"The grapple ends: {why}",
        units=units,
        top={"grapples": rest},
        grapple=grapple["id"],
        rule="MECH-ACT-GRAPPLE-2",
    )


def move_budget(u: Unit) -> int:
    turn = u["turn"]
    return int(turn["move"]) if turn else 0


@handler("move")
def _move(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-MOVE-1: the standard move, up to speed, split around other actions."""
    u = acting(ctx, action, "move")
    if ctx.state["active"] != u["id"]:
        raise IllegalAction(f"{u['name']} can only move on its own turn", "MECH-MOVE-1")
    dest = (int_param(action.params, "x"), int_param(action.params, "y"))
    budget = move_budget(u)
    if budget <= 0:
        raise IllegalAction(f"{u['name']} has no standard move left this turn", "MECH-MOVE-1")
    cost = walk(ctx, u["id"], dest, budget, "moves", "MECH-MOVE-1")
    turn = ctx.u(u["id"])["turn"]
    if turn is not None:
        left = 0 if cost < 0 else budget - cost  # MECH-AMB-20: the rest of the move is lost
        ctx.stage(
            u["id"], turn={**turn, "move": left, "moved": True, "acted": True, "followup": None}
        )


@handler("boost")
def _boost(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-BOOST: 1 AP, move up to speed now; not while Slowed or grappling."""
    u = acting(ctx, action, "boost")
    if has(u, "slowed") or has(u, "prone"):
        raise IllegalAction(f"{u['name']} is Slowed and cannot Boost", "MECH-COND-SLOWED")
    if st.in_grapple(ctx.state, u["id"]):
        raise IllegalAction(f"{u['name']} is grappling and cannot Boost", "MECH-ACT-GRAPPLE-1")
    dest = (int_param(action.params, "x"), int_param(action.params, "y"))
    spend(ctx, u["id"], 1, "Boost", "MECH-ACT-BOOST", reaction)
    reveal(ctx, u["id"], "boost")
    walk(ctx, u["id"], dest, int(u["stats"]["speed"]), "boosts", "MECH-ACT-BOOST")


@handler("stand")
def _stand(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-COND-PRONE: stand up with the move action, unless Immobilized."""
    u = acting(ctx, action, "stand up")
    if not has(u, "prone"):
        raise IllegalAction(f"{u['name']} is not Prone", "MECH-COND-PRONE")
    if has(u, "immobilized"):
        raise IllegalAction(f"{u['name']} is Immobilized and cannot stand", "MECH-COND-PRONE")
    turn = u["turn"]
    if ctx.state["active"] != u["id"] or turn is None or turn["moved"]:
        raise IllegalAction(
            "standing up takes the whole move action of this turn", "MECH-COND-PRONE"
        )
    ctx.stage(u["id"], turn={**turn, "move": 0, "moved": True, "acted": True})
    ctx.remove_condition(
        u["id"], "prone", f"{u['name']} stands up (its move action)", "MECH-COND-PRONE"
    )


@handler("jump")
def _jump(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-JUMP-1: horizontal (2 speed a square, straight) or vertical (rise to size, 1 square)."""
    u = acting(ctx, action, "jump")
    if ctx.state["active"] != u["id"]:
        raise IllegalAction(f"{u['name']} can only jump on its own turn", "MECH-JUMP-1")
    if has(u, "immobilized"):
        raise IllegalAction(f"{u['name']} is Immobilized and cannot move", "MECH-COND-IMMOBILIZED")
    mode = str_param(action.params, "mode", "horizontal")
    dest = (int_param(action.params, "x"), int_param(action.params, "y"))
    start = st.pos(u)
    dx, dy = dest[0] - start[0], dest[1] - start[1]
    squares = max(abs(dx), abs(dy))
    if mode == "vertical":
        if squares != 1:
            raise IllegalAction("a vertical jump moves exactly 1 square", "MECH-JUMP-1")
        cost = int(ctx.settings["vertical_jump_cost"])
        clear = st.size(u)
    else:
        if squares == 0 or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            raise IllegalAction("a jump goes in a straight line", "MECH-JUMP-1")
        cost = 2 * squares
        clear = st.size(u)
    budget = move_budget(u)
    if cost > budget:
        raise IllegalAction(
            f"that jump costs {cost} squares of speed and {budget} are left", "MECH-JUMP-1"
        )
    g = st.grid(ctx.state)
    if not g.fits(dest, st.size(u)):
        raise IllegalAction("the jump lands off the map", "MECH-JUMP-1")
    others = {c for o in st.living(ctx.state) if o["id"] != u["id"] for c in st.cells(o)}
    landing = footprint(dest, st.size(u))
    if landing & others:
        raise IllegalAction("the landing square is taken", "MECH-JUMP-1")
    top = max(st.height_of(st.terrain(ctx.state, c)) for c in landing)
    if top > clear or (mode != "vertical" and top > int(u["elevation"])):
        if mode != "vertical":
            raise IllegalAction(
                "a horizontal jump cannot land on top of an obstacle", "MECH-JUMP-1"
            )
        raise IllegalAction(
            f"a size {st.size(u)} mech clears obstacles of size ≤ {clear} only", "MECH-JUMP-1"
        )
    for i in range(1, squares):
        step = (start[0] + i * (dx // squares), start[1] + i * (dy // squares))
        for c in footprint(step, st.size(u)):
            feature = st.terrain(ctx.state, c)
            if st.height_of(feature) > clear:
                raise IllegalAction(
                    f"an obstacle taller than size {clear} stands in the way", "MECH-JUMP-1"
                )
    opportunity_attacks(ctx, u)
    u = ctx.u(u["id"])
    turn = u["turn"]
    if not alive(u) or has(u, "stunned") or turn is None:
        return
    ctx.stage(
        u["id"],
        turn={**turn, "move": budget - cost, "moved": True, "acted": True, "followup": None},
    )
    ctx.emit(
        "mech.jumped",
        f"{u['name']} jumps {mode}ly to ({dest[0]}, {dest[1]}) for {cost} squares of speed",
        units={u["id"]: {"x": dest[0], "y": dest[1], "elevation": top}},
        unit=u["id"],
        cost=cost,
        rule="MECH-JUMP-1",
    )
    after_move(ctx, u["id"])


@handler("climb")
def _climb(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-CLIMB-1: 2 speed per square; on difficult terrain a HULL or AGILITY check, or fall."""
    u = acting(ctx, action, "climb")
    if ctx.state["active"] != u["id"]:
        raise IllegalAction(f"{u['name']} can only climb on its own turn", "MECH-CLIMB-1")
    if has(u, "immobilized"):
        raise IllegalAction(f"{u['name']} is Immobilized and cannot move", "MECH-COND-IMMOBILIZED")
    dest = (int_param(action.params, "x"), int_param(action.params, "y"))
    if st.size(u) != 1 or distance(st.pos(u), dest) != 1:
        raise IllegalAction("climb onto an adjacent square", "MECH-CLIMB-1")
    feature = st.terrain(ctx.state, dest)
    height = st.height_of(feature)
    rise = height - int(u["elevation"])
    if rise <= 0:
        raise IllegalAction("there is nothing to climb there", "MECH-CLIMB-1")
    if st.occupant(ctx.state, dest, {u["id"]}):
        raise IllegalAction("that square is taken", "MECH-CLIMB-1")
    cost = 2 * rise
    budget = move_budget(u)
    if cost > budget:
        raise IllegalAction(
            f"climbing {rise} squares costs {cost} speed and {budget} are left", "MECH-CLIMB-1"
        )
    opportunity_attacks(ctx, u)  # MECH-AMB-18: climbing is voluntary movement
    u = ctx.u(u["id"])
    turn = u["turn"]
    if not alive(u) or has(u, "stunned") or turn is None:
        return
    ctx.stage(
        u["id"],
        turn={**turn, "move": budget - cost, "moved": True, "acted": True, "followup": None},
    )
    difficult = bool_param(action.params, "difficult", bool(feature and feature.get("difficult")))
    if difficult:
        attribute = str_param(action.params, "attribute", "hull")
        if attribute not in ("hull", "agility"):
            raise IllegalAction("climb with a HULL or an AGILITY check", "MECH-CLIMB-1")
        result = check(ctx, u["id"], attribute, "climbing")
        if not result.success:
            ctx.emit(
                "check.rolled",
                f"{result.text}: {u['name']} falls",
                unit=u["id"],
                rule="MECH-CLIMB-1",
            )
            deal_damage(
                ctx,
                u["id"],
                [("kinetic", fall(ctx, height))],
                f"falls {height} squares",
                armour_piercing=True,
                rule="MECH-FALL-1",
            )
            return
        ctx.emit("check.rolled", result.text, unit=u["id"], rule="MECH-CLIMB-1")
    ctx.emit(
        "mech.climbed",
        f"{u['name']} climbs {rise} squares onto ({dest[0]}, {dest[1]}) for {cost} speed",
        units={u["id"]: {"x": dest[0], "y": dest[1], "elevation": height}},
        unit=u["id"],
        rule="MECH-CLIMB-1",
    )


# ---------------------------------------------------------------------------------------------
# Attacks


# Roll and Terms are NamedTuples, not frozen dataclasses: each attack builds them per target,
# and a tuple is several times cheaper to make than a frozen dataclass.
class Roll(NamedTuple):
    """One attack roll against one target."""

    target: str
    hit: bool
    crit: bool
    text: str


class Terms(NamedTuple):
    """Everything an attack roll adds and is compared with, and why."""

    modifier: int
    bonus: int
    defence: int
    defence_name: str
    why: list[str]
    spends_lock_on: bool
    invisible: bool


def attack_terms(
    state: Json,
    a: Unit,
    t: Unit,
    mode: str,
    params: dict[str, Any],
    source: Cell | None = None,
    skill: int | None = None,
) -> Terms:
    """MECH-ACC-1 sources of an attack: Impaired, engaged, cover, Prone, Lock On, extras."""
    acc, diff, why = 0, 0, []
    target_conditions = t["conditions"]
    if "impaired" in a["conditions"]:  # MECH-COND-IMPAIRED
        diff += 1
        why.append("Impaired +1 difficulty")
    if mode == "ranged":
        if st.engaged(state, a):  # MECH-ENGAGE-1
            diff += 1
            why.append("engaged +1 difficulty")
        if source is None:  # st.centre(a), inlined
            half = (int(a["stats"]["size"]) - 1) // 2
            source = (int(a["x"]) + half, int(a["y"]) + half)
        level = st.cover(state, source, t)  # MECH-COVER-TABLE
        if level != "none":
            diff += 1 if level == "light" else 2
            why.append(f"{level} cover +{1 if level == 'light' else 2} difficulty")
    if "prone" in target_conditions and mode != "tech":  # MECH-COND-PRONE
        acc += 1
        why.append("Prone target +1 accuracy")
    spends = "lock_on" in target_conditions and bool_param(params, "lock_on")
    if spends:  # MECH-AMB-47
        acc += 1
        why.append("Lock On spent +1 accuracy")
    elif params.get("lock_on_from"):  # MECH-AMB-47, other reading: any hostile's Lock On
        acc += 1
        why.append(f"Lock On of {lock_on_source(state, a, params)['name']} spent +1 accuracy")
    extra_acc = int_param(params, "accuracy", 0) if "accuracy" in params else 0
    extra_diff = int_param(params, "difficulty", 0) if "difficulty" in params else 0
    if extra_acc < 0 or extra_diff < 0:
        raise IllegalAction("extra accuracy and difficulty count up from 0", "MECH-ACC-1")
    acc += extra_acc
    diff += extra_diff
    if extra_acc or extra_diff:
        why.append(f"extra +{extra_acc} accuracy / +{extra_diff} difficulty")
    mod = 0  # no accuracy and no difficulty: +0 under either MECH-AMB-03 reading
    if acc or diff:
        mod = accuracy_mod(acc, diff, 3, bool(state["settings"]["accuracy_cancel_first"]))
    if mode == "tech":  # MECH-ATK-TECH
        bonus = int(a["stats"]["tech_attack"])
        defence, dname = int(t["stats"]["edef"]), "e-defense"
    else:  # MECH-SKILL-1
        bonus = skill if skill is not None else int(a["pilot"]["weapon_skill"])
        if not state["settings"]["weapon_skill"]:
            bonus = 0
        defence, dname = st.evasion(t), "evasion"
    return Terms(mod, bonus, defence, dname, why, spends, "invisible" in target_conditions)


def lock_on_source(state: Json, a: Unit, params: dict[str, Any]) -> Unit:
    """MECH-COND-LOCKON / MECH-AMB-47, other reading (`spent_on_next_attack`): a hostile may spend
    any Lock On on a unit hostile to it for +1 accuracy on its next attack, whatever it targets;
    `lock_on_from` names the locked unit. Under the default only the target's can be spent."""
    if state["settings"]["lock_on_use"] != "spent_on_next_attack":
        raise IllegalAction(
            "only the target's Lock On can be spent, on an attack on it (mech.lock_on_use)",
            "MECH-AMB-47",
        )
    if "lock_on" in params and bool_param(params, "lock_on"):
        raise IllegalAction("an attack spends one Lock On: lock_on or lock_on_from", "MECH-AMB-47")
    locked: Unit | None = state["units"].get(str(params["lock_on_from"]))
    if locked is None or not alive(locked) or not hostile(a, locked):
        raise IllegalAction(
            f"lock_on_from: {params['lock_on_from']!r} is not a hostile unit", "MECH-COND-LOCKON"
        )
    if "lock_on" not in locked["conditions"]:
        raise IllegalAction(f"{locked['name']} has no Lock On to spend", "MECH-COND-LOCKON")
    return locked


def spend_lock_on_from(ctx: Ctx, a: Unit, params: dict[str, Any]) -> None:
    """MECH-AMB-47, other reading: the Lock On named by `lock_on_from` is spent by this attack
    (once, after every target's roll, so an area attack gets +1 on each)."""
    locked = lock_on_source(ctx.state, a, params)
    text = f"{a['name']} spends the Lock On on {locked['name']}"
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
    why: list[str] = []
    if "invisible" in t["conditions"]:  # MECH-COND-INVISIBLE: 50% miss, rolled before the attack
        face = ctx.dice.roll(2, f"invisible miss chance on {t['name']}")
        if face == 1:
            return Roll(tid, False, False, f"{t['name']} is Invisible: d2 = 1, the attack misses")
        why.append("Invisible d2 = 2: the attack goes ahead")
    # One unpacking instead of six NamedTuple attribute reads (the attack is the hot path).
    mod, bonus, defence, dname, terms_why, spends_lock_on, _ = attack_terms(
        ctx.state, a, t, mode, params, source, skill
    )
    why += terms_why
    if spends_lock_on:  # MECH-AMB-47
        text = f"{a['name']} spends the Lock On on {t['name']}"
        ctx.remove_condition(tid, "lock_on", text, "MECH-COND-LOCKON")
    natural = ctx.dice.roll(20, f"{mode} attack d20 on {t['name']}")
    total = natural + bonus + mod
    hit = total >= defence
    if not hit and total >= 20 and mode != "tech" and ctx.settings["critical"] == TOTAL_20_HITS:
        hit = True  # MECH-AMB-23, other reading: a total of 20 is a critical, needing no hit
        why.append(f"a total of 20 or more crits against {dname} {defence} (MECH-AMB-23)")
    crit = hit and mode != "tech" and total >= 20  # MECH-CRIT-1 / MECH-AMB-23
    verdict = "critical hit" if crit else ("hit" if hit else "miss")
    sources = f" ({'; '.join(why)})" if why else ""
    rolled = f"d20 = {natural} {bonus:+d} {mod:+d} = {total}"
    text = f"{mode} attack on {t['name']}: {rolled} vs {dname} {defence}: {verdict}{sources}"
    return Roll(tid, hit, crit, text)


def rolled_attack(
    ctx: Ctx, u: Unit, t: Unit, mode: str, params: dict[str, Any], verb: str, rule: str
) -> Roll:
    """A one-target attack roll (grapple, ram, invade): attacking reveals the attacker first."""
    reveal(ctx, u["id"], "attacked")
    roll = attack_roll(ctx, u["id"], t["id"], mode, params)
    ctx.emit(
        "attack.rolled",
        f"{u['name']} {verb}: {roll.text}",
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
            raise IllegalAction("aim at a square on the map", "MECH-AOE-TABLE")
        if shape == "blast":
            reach = distance(st.pos(u), point, st.size(u))
            if reach > int(weapon["range"]):
                raise IllegalAction(
                    f"the blast point is {reach} squares away; range {weapon['range']}",
                    "MECH-AOE-BLAST",
                )
            cells = g.blast(point, value)
            origin = point
            if not sight_to_square(ctx.state, st.centre(u), point):
                raise IllegalAction("no line of sight to the blast point", "MECH-AOE-BLAST")
        elif shape == "line":
            cells = set(g.line_area(st.pos(u), point, value, st.size(u)))
        else:
            cells = g.cone(st.pos(u), point, value, st.size(u))
    friendly = bool(ctx.settings["area_friendly_fire"])
    hit = [
        o["id"]
        for o in st.living(ctx.state)
        if o["id"] != u["id"] and st.cells(o) & cells and (friendly or hostile(u, o))
    ]
    return hit, origin, sorted(cells)


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
            f"{a['name']}: {roll.text}",
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
    if ctx.settings["bonus_type"] == "kinetic":  # MECH-BONUS-1's other default: always kinetic
        btype = "kinetic"
    first, faces = roll_faces(expr, ctx.dice, purpose)
    total = first + bonus
    crit_total = total
    crit_text = ""
    each: dict[str, int] = {}  # the other MECH-AMB-25 reading: a second roll per critted target
    if critted and ctx.settings["area_critical"] == "second_roll_per_critted_target":
        seconds = []
        for r in hits:
            if r.crit:
                second, _ = roll_faces(expr, ctx.dice, crit_purpose)
                each[r.target] = max(first, second) + bonus
                seconds.append(str(second))
        crit_total = max(each.values())
        crit_text = f"; critical: second rolls {', '.join(seconds)}, each keeps the higher"
    elif critted:  # MECH-AMB-25: one more roll for the critted targets
        second, _ = roll_faces(expr, ctx.dice, crit_purpose)
        crit_total = max(first, second) + bonus
        crit_text = f"; critical: second roll {second}, the higher is kept ({crit_total})"
    # The sum as the log shows it: "4 + 2 + 3 + 2 bonus = 11" (a lone term has no " = ").
    terms = [" + ".join(map(str, faces))] if faces else []
    if expr.bonus:
        terms.append(f"+ {expr.bonus}" if expr.bonus > 0 else f"- {-expr.bonus}")
    if bonus:
        terms.append(f"+ {bonus} bonus")
    shown = " ".join(terms)
    sums = f" = {total}" if len(faces) + bool(expr.bonus) + bool(bonus) > 1 else ""
    ctx.emit(
        "damage.rolled",
        f"damage {expr_name}: {shown or 0}{sums}{crit_text}",
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
            f"{weapon['name'] if weapon else 'improvised attack'}",
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
    ctx.add_condition(
        tid,
        save["condition"],
        f"{t['name']} fails the save: {save['condition'].replace('_', ' ').capitalize()}"
        + (" until the end of its next turn" if timed else ""),
        expires="end_of_next_turn" if timed else None,
        source="weapon",
        rule="MECH-SAVE-1",
    )


def weapon_index(u: Unit, params: dict[str, Any]) -> int:
    raw = params.get("weapon")
    wanted = str(raw)
    for i, w in enumerate(u["weapons"]):
        if w["key"] == wanted or str(i) == wanted:
            return i
    raise IllegalAction(f"{u['name']} has no weapon {raw!r}", "MECH-ACT-ATTACK")


@handler("attack")
def _attack(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-ATTACK: a weapon not yet fired this turn; superheavy 2 AP; aux follow-up free."""
    u = acting(ctx, action, "attack")
    params = dict(action.params)
    widx = weapon_index(u, params)
    weapon = u["weapons"][widx]
    turn = u["turn"] or {}
    followup = bool_param(params, "followup") if "followup" in params else False
    if weapon["destroyed"]:
        raise IllegalAction(f"{weapon['name']} is destroyed", "MECH-STRUCT-TABLE")
    if widx in turn.get("attacked", []):
        raise IllegalAction(f"{weapon['name']} has already attacked this turn", "MECH-ACT-ATTACK")
    if weapon.get("uses") is not None and int(weapon["uses"]) <= 0:
        raise IllegalAction(f"{weapon['name']} has no uses left", "MECH-PILOT-ENG")
    if weapon["loading"] and not weapon["loaded"]:
        raise IllegalAction(f"{weapon['name']} must be reloaded (Stabilize)", "MECH-ACT-STABILIZE")
    if "jammed" in u["conditions"] and not weapon.get("integrated"):
        raise IllegalAction(
            f"{u['name']} is Jammed: only integrated weapons can attack", "MECH-COND-JAMMED"
        )
    if "exposed" in u["conditions"] and ctx.settings["exposed_locks_weapons"]:
        raise IllegalAction(f"{u['name']} is Exposed and its weapons are locked", "MECH-AMB-43")
    if followup and (
        reaction or turn.get("followup") != weapon["mount"] or weapon["size"] != "auxiliary"
    ):
        raise IllegalAction(
            "a follow-up needs another auxiliary weapon on the mount that just attacked",
            "MECH-ACT-ATTACK",
        )
    # The AP are checked here and paid with the declaration below (one patch, not two).
    paid = None
    if not followup and not reaction:
        cost = 2 if weapon["size"] == "superheavy" else 1
        what = f"attacking with {weapon['name']}"
        paid = spent_turn(ctx, u["id"], cost, what, "MECH-ACT-ATTACK")
    origin = None
    if weapon.get("area"):
        targets, origin, _ = area_targets(ctx, u, weapon, params)
        names = ", ".join([ctx.u(t)["name"] for t in targets]) or "nobody"
        unseen = [i for i in targets if "hidden" in ctx.u(i)["conditions"]]
    else:
        t = ctx.u(str_param(params, "target"))
        visible_target(ctx, u, t, "MECH-ACT-ATTACK")
        if u["side"] == t["side"]:  # not hostile
            raise IllegalAction("attack an enemy", "MECH-ACT-ATTACK")
        reach = st.dist(u, t)
        limit = int(weapon["threat"]) if weapon["kind"] == "melee" else int(weapon["range"])
        if reach > limit:
            what = "threat" if weapon["kind"] == "melee" else "range"
            raise IllegalAction(
                f"{t['name']} is {reach} squares away; {weapon['name']} has {what} {limit}",
                "MECH-RANGE-1",
            )
        half = (int(u["stats"]["size"]) - 1) // 2  # st.centre(u), inlined
        if not st.line_of_sight(ctx.state, (int(u["x"]) + half, int(u["y"]) + half), t):
            raise IllegalAction(f"no line of sight to {t['name']}", "MECH-ATK-RANGED")
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
    area = f" ({weapon['area']['shape']} {weapon['area']['value']})" if weapon.get("area") else ""
    declared = (
        f"{u['name']} attacks with "
        f"{weapon['name']}{area}{' (follow-up, no bonus damage)' if followup else ''}"
    )
    audience, redacted = "all", None
    if unseen:  # MECH-COND-HIDDEN: only their own side learns which Hidden units the area caught
        audience = unseen_side(ctx, unseen)
        seen = [ctx.u(i)["name"] for i in targets if i not in unseen]
        seen.append("an unseen unit" if len(unseen) == 1 else f"{len(unseen)} unseen units")
        redacted = f"{declared}: {', '.join(seen)}"
    ctx.emit(
        "attack.declared",
        f"{declared}: {names}",
        units={u["id"]: fields},
        audience=audience,
        redacted=redacted,
        unit=u["id"],
        weapon=widx,
        targets=targets,
        rule="MECH-AOE-1" if area else "MECH-ACT-ATTACK",
    )
    if "hidden" in ctx.u(u["id"])["conditions"]:
        reveal(ctx, u["id"], "attacked")
    before = hidden_scope(ctx, unseen) if unseen else None
    strike(ctx, u["id"], widx, targets, params, "MECH-ACT-ATTACK", origin, followup=followup)
    if before is not None:
        ctx.unseen = before


def unseen_side(ctx: Ctx, ids: list[str]) -> str:
    """MECH-COND-HIDDEN: the audience that may read about these Hidden units (their side)."""
    sides = {ctx.u(i)["side"] for i in ids}
    return f"side:{sides.pop()}" if len(sides) == 1 else "gm"  # several sides: the GM alone


def adjacent_target(ctx: Ctx, u: Unit, params: dict[str, Any], rule: str) -> Unit:
    t = ctx.u(str_param(params, "target"))
    visible_target(ctx, u, t, rule)
    if t["id"] == u["id"]:
        raise IllegalAction("choose another mech", rule)
    if st.dist(u, t) != 1:
        raise IllegalAction(f"{t['name']} is not adjacent", rule)
    return t


@handler("improvised_attack")
def _improvised(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-IMPROV / MECH-AMB-14: 2 AP, a melee attack on an adjacent target for 1d6 kinetic."""
    u = acting(ctx, action, "attack")
    if has(u, "jammed") and not ctx.settings["jammed_improvised"]:
        raise IllegalAction(f"{u['name']} is Jammed", "MECH-COND-JAMMED")
    params = dict(action.params)
    t = adjacent_target(ctx, u, params, "MECH-ACT-IMPROV")
    spend(ctx, u["id"], 2, "an improvised attack", "MECH-ACT-IMPROV", reaction)
    ctx.emit(
        "attack.declared",
        f"{u['name']} makes an improvised attack on {t['name']}",
        unit=u["id"],
        targets=[t["id"]],
        rule="MECH-ACT-IMPROV",
    )
    reveal(ctx, u["id"], "attacked")
    strike(
        ctx,
        u["id"],
        None,
        [t["id"]],
        params,
        "MECH-ACT-IMPROV",
        damage="1d6",
        dtype=str(ctx.settings["improvised_type"]),
    )


def side_size(ctx: Ctx, ids: list[str]) -> int:
    """MECH-ACT-GRAPPLE-3: sizes on one side of a grapple add up."""
    return sum(st.size(ctx.u(i)) for i in ids if alive(ctx.u(i)))


def settle_grapple(ctx: Ctx, grapple: Json, winner: str | None, text: str) -> None:
    """MECH-ACT-GRAPPLE-1: the smaller side (or the contest loser) is Immobilized."""
    a, d = side_size(ctx, grapple["attackers"]), side_size(ctx, grapple["defenders"])
    if winner is None:
        winner = "attackers" if a > d else "defenders" if d > a else grapple.get("winner")
    grapple = {**grapple, "winner": winner}
    rest = [g if g["id"] != grapple["id"] else grapple for g in ctx.state["grapples"]]
    units: Json = {}
    for side in ("attackers", "defenders"):
        for uid in grapple[side]:
            conds = st.copy_json(ctx.u(uid)["conditions"])
            pinned = winner is not None and side != winner
            if pinned and "immobilized" not in conds:
                conds["immobilized"] = {"source": "grapple"}
            elif not pinned and conds.get("immobilized", {}).get("source") == "grapple":
                del conds["immobilized"]
            units[uid] = {"conditions": conds}
    ctx.emit(
        "grapple.changed",
        f"{text} (sizes {a} vs {d})",
        units=units,
        top={"grapples": rest},
        grapple=grapple["id"],
        rule="MECH-ACT-GRAPPLE-1",
    )


@handler("grapple")
def _grapple(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-GRAPPLE-1/3: 1 AP, a melee attack on an adjacent enemy; on a hit both are held."""
    u = acting(ctx, action, "grapple")
    params = dict(action.params)
    t = adjacent_target(ctx, u, params, "MECH-ACT-GRAPPLE-1")
    if not hostile(u, t):
        raise IllegalAction("grapple an enemy", "MECH-ACT-GRAPPLE-1")
    spend(ctx, u["id"], 1, "Grapple", "MECH-ACT-GRAPPLE-1", reaction)
    roll = rolled_attack(ctx, u, t, "melee", params, "grapples", "MECH-ACT-GRAPPLE-1")
    if not roll.hit:
        return
    grapples = list(ctx.state["grapples"])
    mine = st.in_grapple(ctx.state, u["id"])
    theirs = st.in_grapple(ctx.state, t["id"])
    if mine is not None and theirs is not None and mine["id"] != theirs["id"]:
        raise IllegalAction("both mechs are already in different grapples", "MECH-ACT-GRAPPLE-3")
    current = mine or theirs
    if current is None:
        number = 1 + max([int(g["id"]) for g in grapples] or [0])
        current = {"id": number, "attackers": [u["id"]], "defenders": [t["id"]], "winner": None}
        grapples.append(current)
    else:
        side_u = (
            "attackers"
            if any(ctx.u(i)["side"] == u["side"] for i in current["attackers"])
            else "defenders"
        )
        side_t = "defenders" if side_u == "attackers" else "attackers"
        current = {
            **current,
            side_u: sorted({*current[side_u], u["id"]}),
            side_t: sorted({*current[side_t], t["id"]}),
        }
        grapples = [current if g["id"] == current["id"] else g for g in grapples]
    ctx.emit(
        "grapple.started",
        f"{u['name']} grapples {t['name']}: both are engaged, neither may Boost or react",
        top={"grapples": grapples},
        grapple=current["id"],
        rule="MECH-ACT-GRAPPLE-1",
    )
    settle_grapple(ctx, current, None, "Grapple sides")


@handler("grapple_contest")
def _grapple_contest(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-GRAPPLE-1 / MECH-AMB-10: equal sizes contest HULL at the start of a turn."""
    u = acting(ctx, action, "contest the grapple")
    grapple = st.in_grapple(ctx.state, u["id"])
    turn = u["turn"]
    if grapple is None:
        raise IllegalAction(f"{u['name']} is not grappling", "MECH-ACT-GRAPPLE-1")
    if ctx.state["active"] != u["id"] or turn is None or turn["acted"] or turn["contest"]:
        raise IllegalAction(
            "the contest is called at the start of your own turn", "MECH-ACT-GRAPPLE-1"
        )
    if side_size(ctx, grapple["attackers"]) != side_size(ctx, grapple["defenders"]):
        raise IllegalAction("only equal sizes contest the grapple", "MECH-ACT-GRAPPLE-1")
    mine = "attackers" if u["id"] in grapple["attackers"] else "defenders"
    other = "defenders" if mine == "attackers" else "attackers"
    foe = next(i for i in grapple[other] if alive(ctx.u(i)))
    ctx.stage(u["id"], turn={**turn, "contest": True})
    first = check(ctx, u["id"], "hull", "grapple contest")
    second = check(ctx, foe, "hull", "grapple contest")
    if first.total == second.total or (first.natural is None and second.natural is None):
        ctx.emit(
            "grapple.contested",
            f"{first.text}; {second.text}: a tie changes nothing",
            unit=u["id"],
            rule="MECH-AMB-02",
        )
        return
    winner = mine if first.total > second.total and first.natural is not None else other
    ctx.emit(
        "grapple.contested", f"{first.text}; {second.text}", unit=u["id"], rule="MECH-ACT-GRAPPLE-1"
    )
    settle_grapple(
        ctx, grapple, winner, f"{'the ' + winner} win the contest and can drag the others"
    )


@handler("end_grapple")
def _end_grapple(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-GRAPPLE-2 / MECH-FREE-1: the attacker ends it as a free action on its turn."""
    u = acting(ctx, action, "take free actions")
    grapple = st.in_grapple(ctx.state, u["id"])
    if grapple is None or u["id"] not in grapple["attackers"]:
        raise IllegalAction(f"{u['name']} is not the attacker of a grapple", "MECH-ACT-GRAPPLE-2")
    if ctx.state["active"] != u["id"]:
        raise IllegalAction("free actions are taken on your own turn", "MECH-FREE-1")
    end_grapple(ctx, grapple, f"{u['name']} lets go (free action)")


@handler("break_grapple")
def _break_grapple(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-GRAPPLE-2: the defender spends 1 AP and must win a contested HULL check."""
    u = acting(ctx, action, "break free")
    grapple = st.in_grapple(ctx.state, u["id"])
    if grapple is None or u["id"] not in grapple["defenders"]:
        raise IllegalAction(f"{u['name']} is not held in a grapple", "MECH-ACT-GRAPPLE-2")
    spend(ctx, u["id"], 1, "breaking free", "MECH-ACT-GRAPPLE-2", reaction)
    foe = next(i for i in grapple["attackers"] if alive(ctx.u(i)))
    won, text = contest(ctx, u["id"], "hull", foe, "hull", "break the grapple")
    ctx.emit(
        "grapple.contested",
        f"{text}: {'breaks free' if won else 'still held'}",
        unit=u["id"],
        rule="MECH-ACT-GRAPPLE-2",
    )
    if won:
        end_grapple(
            ctx,
            ctx.state["grapples"][[g["id"] for g in ctx.state["grapples"]].index(grapple["id"])],
            f"{u['name']} breaks free",
        )


@handler("ram")
def _ram(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-RAM / MECH-AMB-13: 1 AP melee attack, same size or smaller; Prone, knockback 1."""
    u = acting(ctx, action, "ram")
    params = dict(action.params)
    t = adjacent_target(ctx, u, params, "MECH-ACT-RAM")
    if st.size(t) > st.size(u):
        raise IllegalAction(f"{t['name']} is larger than {u['name']}", "MECH-ACT-RAM")
    spend(ctx, u["id"], 1, "Ram", "MECH-ACT-RAM", reaction)
    roll = rolled_attack(ctx, u, t, "melee", params, "rams", "MECH-ACT-RAM")
    if not roll.hit:
        return
    ctx.add_condition(
        t["id"], "prone", f"{t['name']} is knocked Prone", source="ram", rule="MECH-ACT-RAM"
    )
    if not bool_param(params, "knockback", True):
        return
    (ax, ay), (tx, ty) = st.centre(u), st.centre(t)
    step = ((tx > ax) - (tx < ax), (ty > ay) - (ty < ay))
    dest = (t["x"] + step[0], t["y"] + step[1])
    t = ctx.u(t["id"])
    blocked = not st.grid(ctx.state).fits(dest, st.size(t)) or any(
        st.blocks_movement(st.terrain(ctx.state, c)) or st.occupant(ctx.state, c, {t["id"]})
        for c in footprint(dest, st.size(t))
    )
    if blocked:
        ctx.emit(
            "knockback.blocked",
            f"{t['name']} cannot be knocked back: the square is blocked",
            unit=t["id"],
            rule="MECH-AMB-13",
        )
        return
    ctx.emit(
        "mech.knocked_back",
        f"{t['name']} is knocked back to ({dest[0]}, {dest[1]})",
        units={t["id"]: {"x": dest[0], "y": dest[1]}},
        unit=t["id"],
        rule="MECH-ACT-RAM",
    )
    after_move(ctx, t["id"])


# ---------------------------------------------------------------------------------------------
# Hide, search, tech


@handler("hide")
def _hide(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-HIDE / MECH-AMB-45: not Engaged, and out of sight, in cover or Invisible."""
    u = acting(ctx, action, "hide")
    if st.engaged(ctx.state, u):
        raise IllegalAction(f"{u['name']} is Engaged and cannot hide", "MECH-ACT-HIDE")
    unseen = not any(
        hostile(u, o) and st.line_of_sight(ctx.state, st.centre(o), u) for o in st.living(ctx.state)
    )
    if not (unseen or st.in_cover_anywhere(ctx.state, u) or has(u, "invisible")):
        raise IllegalAction(
            "hide out of enemy sight, behind cover, or while Invisible", "MECH-ACT-HIDE"
        )
    if has(u, "hidden"):
        raise IllegalAction(f"{u['name']} is already Hidden", "MECH-ACT-HIDE")
    spend(ctx, u["id"], 1, "Hide", "MECH-ACT-HIDE", reaction)
    ctx.add_condition(u["id"], "hidden", f"{u['name']} hides", source="hide", rule="MECH-ACT-HIDE")


def in_sensors(ctx: Ctx, u: Unit, t: Unit, rule: str, sight: bool = True) -> None:
    if not alive(t):
        raise IllegalAction(f"{t['name']} is destroyed", rule)
    reach, sensors = st.dist(u, t), int(u["stats"]["sensors"])
    if reach > sensors:
        raise IllegalAction(f"{t['name']} is {reach} squares away, beyond sensors {sensors}", rule)
    if sight and not st.line_of_sight(ctx.state, st.centre(u), t):
        raise IllegalAction(f"no line of sight to {t['name']}", rule)


@handler("search")
def _search(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-SEARCH: SYSTEMS check against the hidden unit's AGILITY check; ties stay hidden."""
    u = acting(ctx, action, "search")
    t = ctx.u(str_param(action.params, "target"))
    in_sensors(ctx, u, t, "MECH-ACT-SEARCH", sight=False)
    if not hostile(u, t) or not has(t, "hidden"):
        raise IllegalAction(f"{t['name']} is not a hidden enemy", "MECH-ACT-SEARCH")
    if always_hidden(ctx, t):
        raise IllegalAction(f"{t['name']} is Invisible and cannot be found", "MECH-AMB-45")
    spend(ctx, u["id"], 1, "Search", "MECH-ACT-SEARCH", reaction)
    won, text = contest(ctx, u["id"], "systems", t["id"], "agility", "search")
    ctx.emit(
        "search.rolled",
        f"{text}: {'found' if won else 'still hidden'}",
        unit=u["id"],
        target=t["id"],
        found=won,
        rule="MECH-ACT-SEARCH",
    )
    if won:
        ctx.remove_condition(
            t["id"], "hidden", f"{t['name']} is found and loses Hidden", "MECH-ACT-SEARCH"
        )


def tech_target(ctx: Ctx, u: Unit, t: Unit, rule: str, sight: bool = True) -> None:
    if has(u, "jammed"):
        raise IllegalAction(
            f"{u['name']} is Jammed and cannot take tech actions", "MECH-COND-JAMMED"
        )
    if has(t, "shut_down"):
        raise IllegalAction(
            f"{t['name']} is Shut Down and immune to tech actions", "MECH-COND-SHUTDOWN"
        )
    if has(t, "hidden") and hostile(u, t):
        raise IllegalAction(f"{t['name']} is Hidden and cannot be targeted", "MECH-COND-HIDDEN")
    in_sensors(ctx, u, t, rule, sight)


@handler("tech")
def _tech(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-TECH: Support, Scan, Lock On or Invade (Fragment Signal), 1 AP."""
    u = acting(ctx, action, "take tech actions")
    option = str_param(action.params, "option")
    t = ctx.u(str_param(action.params, "target"))
    if option == "support":
        tech_target(ctx, u, t, "MECH-TECH-SUPPORT", sight=False)
        if t["id"] == u["id"]:
            raise IllegalAction("Support another unit", "MECH-TECH-SUPPORT")
        if has(t, "jammed"):
            raise IllegalAction(
                f"{t['name']} is Jammed and cannot benefit from tech actions", "MECH-COND-JAMMED"
            )
        if has(t, "supported") or (
            ctx.settings["support_limit"] == "once" and t["support_received"]
        ):
            raise IllegalAction(f"{t['name']} already has Support", "MECH-AMB-12")
        spend(ctx, u["id"], 1, "Support", "MECH-TECH-SUPPORT", reaction)
        ctx.stage(t["id"], support_received=True)
        ctx.add_condition(
            t["id"],
            "supported",
            f"{u['name']} supports {t['name']}: its next check or save gains "
            f"{ctx.settings['support_accuracy']} accuracy until the end of its next turn",
            source="tech",
            expires="end_of_next_turn",
            rule="MECH-TECH-SUPPORT",
        )
    elif option == "scan":
        tech_target(ctx, u, t, "MECH-TECH-SCAN")
        info = str_param(action.params, "info", "stats")
        if info not in SCAN_KINDS:
            raise IllegalAction(
                "scan for weapons, systems, stats, hidden or public information", "MECH-TECH-SCAN"
            )
        spend(ctx, u["id"], 1, "Scan", "MECH-TECH-SCAN", reaction)
        record: Json = {"scanner": u["id"], "side": u["side"], "target": t["id"], "info": info}
        if info in ("hidden", "public"):
            data, piece = scan_piece(ctx.state, u, t, info)
            record["piece"] = piece
        else:
            data = scan_snapshot(t, info)
        record.update(data=data, round=ctx.state["round"])
        # MECH-TECH-SCAN: what the sensors learn is the scanning side's; the others (the target's
        # side too) read only that a scan of this kind was taken.
        ctx.emit(
            "scan.taken",
            f"{u['name']} scans {t['name']} ({info}): {summarise(data)}",
            top={"scans": [*ctx.state["scans"], record]},
            audience=f"side:{u['side']}",
            redacted=f"{u['name']} scans {t['name']} ({SCAN_KINDS[info]})",
            unit=u["id"],
            target=t["id"],
            info=info,
            data=data,
            rule="MECH-TECH-SCAN",
        )
    elif option == "lock_on":
        tech_target(ctx, u, t, "MECH-TECH-LOCKON")
        spend(ctx, u["id"], 1, "Lock On", "MECH-TECH-LOCKON", reaction)
        ctx.add_condition(
            t["id"],
            "lock_on",
            f"{u['name']} locks on to {t['name']}",
            source="tech",
            rule="MECH-TECH-LOCKON",
        )
    elif option == "invade":
        tech_target(ctx, u, t, "MECH-TECH-INVADE")
        if not hostile(u, t):
            raise IllegalAction("invade an enemy", "MECH-TECH-INVADE")
        spend(ctx, u["id"], 1, "Invade", "MECH-TECH-INVADE", reaction)
        roll = rolled_attack(ctx, u, t, "tech", dict(action.params), "invades", "MECH-ATK-TECH")
        if roll.hit:
            take_heat(ctx, t["id"], 2, "Invade")
            if alive(ctx.u(t["id"])):
                for name in ("impaired", "slowed"):  # MECH-TECH-FRAGMENT
                    ctx.add_condition(
                        t["id"],
                        name,
                        f"Fragment Signal: {ctx.u(t['id'])['name']} is {name.capitalize()} until "
                        "the end of its next turn",
                        source="tech",
                        expires="end_of_next_turn",
                        rule="MECH-TECH-FRAGMENT",
                    )
    else:
        raise IllegalAction("choose support, scan, lock_on or invade", "MECH-ACT-TECH")


SCAN_KINDS = {  # MECH-TECH-SCAN: what one Scan may learn
    "stats": "statistics",
    "weapons": "weapons",
    "systems": "systems",
    "hidden": "hidden information",
    "public": "public information",
}


def scan_piece(state: Json, u: Unit, t: Unit, info: str) -> tuple[Json, int | None]:
    """MECH-TECH-SCAN: one piece of hidden (or public) information, the next one u's side lacks."""
    learnt = {
        s.get("piece")
        for s in state["scans"]
        if s["side"] == u["side"] and s["target"] == t["id"] and s["info"] == info
    }
    for i, piece in enumerate(st.intel(t, info)):
        if i not in learnt:
            return {piece["label"] or info: piece["text"]}, i
    return {info: "nothing more to learn" if learnt - {None} else "nothing of note"}, None


def scan_snapshot(t: Unit, info: str) -> Json:
    """MECH-TECH-SCAN: what a scan learns, frozen at this moment."""
    if info == "weapons":
        return {
            "weapons": [
                w["name"] + (" (destroyed)" if w["destroyed"] else "") for w in t["weapons"]
            ]
        }
    if info == "systems":
        return {
            "systems": [
                s["name"] + (" (destroyed)" if s["destroyed"] else "") for s in t["systems"]
            ]
        }
    stats = t["stats"]
    return {
        "hp": f"{t['hp']}/{stats['hp_max']}",
        "heat": f"{t['heat']}/{stats['heat_cap']}",
        "speed": stats["speed"],
        "evasion": stats["evasion"],
        "edef": stats["edef"],
        "armour": stats["armour"],
        "structure": t["structure"],
        "stress": t["stress"],
    }


def summarise(data: Json) -> str:
    return "; ".join(f"{k}: {', '.join(v) if isinstance(v, list) else v}" for k, v in data.items())


# ---------------------------------------------------------------------------------------------
# Disengage, stabilize, prepare, shut down, boot up, overcharge, systems, core


@handler("disengage")
def _disengage(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-DISENGAGE: 2 AP; until the turn ends, no engagement and no reactions to moves."""
    u = acting(ctx, action, "disengage")
    spend(ctx, u["id"], 2, "Disengage", "MECH-ACT-DISENGAGE", reaction)
    ctx.add_condition(
        u["id"],
        "disengaged",
        f"{u['name']} disengages until the end of its turn",
        expires="end_of_turn",
        source="self",
        rule="MECH-ACT-DISENGAGE",
    )


@handler("stabilize")
def _stabilize(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-STABILIZE: cool down or repair, and reload, clear burn or remove a condition."""
    u = acting(ctx, action, "stabilize")
    primary = str_param(action.params, "primary")
    secondary = str_param(action.params, "secondary")
    if primary not in ("cool", "repair"):
        raise IllegalAction(
            "first choose cool (clear heat and Exposed) or repair (1 repair: all HP)",
            "MECH-ACT-STABILIZE",
        )
    if primary == "repair" and int(u["repair"]) < 1:
        raise IllegalAction(f"{u['name']} has no repairs left", "MECH-ACT-STABILIZE")
    if secondary not in ("reload", "burn", "condition", "ally_condition"):
        raise IllegalAction(
            "then choose reload, burn, condition or ally_condition", "MECH-ACT-STABILIZE"
        )
    target = u
    name = ""
    if secondary in ("condition", "ally_condition"):
        name = str_param(action.params, "condition")
        if secondary == "ally_condition":
            target = ctx.u(str_param(action.params, "ally"))
            if hostile(u, target) or target["id"] == u["id"]:
                raise IllegalAction("choose an allied mech", "MECH-ACT-STABILIZE")
            reach = int(ctx.settings["stabilize_ally_range"])
            if st.dist(u, target) > reach:
                raise IllegalAction(f"the ally must be within {reach} square(s)", "MECH-AMB-15")
        found = target["conditions"].get(name)
        if name not in st.REMOVABLE or found is None:
            raise IllegalAction(
                f"{target['name']} has no removable condition {name!r}", "MECH-ACT-STABILIZE"
            )
        if found.get("source") == "self" or found.get("source") == "grapple":
            raise IllegalAction(
                f"{name} comes from {target['name']}'s own systems or a grapple",
                "MECH-ACT-STABILIZE",
            )
    spend(ctx, u["id"], 2, "Stabilize", "MECH-ACT-STABILIZE", reaction)
    u = ctx.u(u["id"])
    if primary == "cool":
        conds = st.copy_json(u["conditions"])
        conds.pop("exposed", None)
        ctx.emit(
            "mech.stabilized",
            f"{u['name']} stabilizes: heat cleared and Exposed removed",
            units={u["id"]: {"heat": 0, "conditions": conds}},
            unit=u["id"],
            rule="MECH-ACT-STABILIZE",
        )
    else:
        ctx.emit(
            "mech.stabilized",
            f"{u['name']} stabilizes: spends 1 repair, HP restored to {u['stats']['hp_max']}",
            units={u["id"]: {"hp": u["stats"]["hp_max"], "repair": int(u["repair"]) - 1}},
            unit=u["id"],
            rule="MECH-ACT-STABILIZE",
        )
    u = ctx.u(u["id"])
    if secondary == "reload":
        weapons = [{**w, "loaded": True} for w in u["weapons"]]
        ctx.emit(
            "mech.reloaded",
            f"{u['name']} reloads all weapons",
            units={u["id"]: {"weapons": weapons}},
            unit=u["id"],
            rule="MECH-ACT-STABILIZE",
        )
    elif secondary == "burn":
        ctx.emit(
            "burn.cleared",
            f"{u['name']} clears all burn",
            units={u["id"]: {"burn": 0}},
            unit=u["id"],
            rule="MECH-ACT-STABILIZE",
        )
    else:
        ctx.remove_condition(
            target["id"],
            name,
            f"{u['name']} removes {name} from {target['name']}",
            "MECH-ACT-STABILIZE",
        )


@handler("prepare")
def _prepare(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-PREPARE / MECH-AMB-16: 1 AP now; a 1-AP action fires as a reaction later."""
    u = acting(ctx, action, "prepare")
    kind = str_param(action.params, "action")
    trigger = str_param(action.params, "trigger")
    if kind not in ONE_AP_ACTIONS:
        raise IllegalAction(
            f"prepare one of the 1-AP actions: {', '.join(ONE_AP_ACTIONS)}", "MECH-ACT-PREPARE"
        )
    if kind == "attack":
        weapon = u["weapons"][weapon_index(u, dict(action.params))]
        if weapon["size"] == "superheavy":
            raise IllegalAction(
                "a superheavy attack costs 2 AP and cannot be prepared", "MECH-ACT-PREPARE"
            )
    spend(ctx, u["id"], 1, "Prepare", "MECH-ACT-PREPARE", reaction)
    params = {k: v for k, v in action.params.items() if k not in ("action", "trigger")}
    prepared = {"kind": kind, "trigger": trigger[:200], "params": params}
    ctx.emit(
        "action.prepared",
        f"{u['name']} prepares {kind}: “{trigger[:200]}”",
        units={u["id"]: {"prepared": prepared}},
        unit=u["id"],
        rule="MECH-ACT-PREPARE",
    )


@handler("trigger_prepared")
def _trigger(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-PREPARE / MECH-REACT-1: the trigger happened; the prepared action fires."""
    u = acting(ctx, action, "react")
    prepared = u["prepared"]
    if prepared is None:
        raise IllegalAction(f"{u['name']} has nothing prepared", "MECH-ACT-PREPARE")
    check_reaction(ctx, u)
    params = {
        **prepared["params"],
        **{k: v for k, v in action.params.items() if v not in (None, "")},
    }
    ctx.stage(u["id"], reaction_used=True, prepared=None)
    ctx.emit(
        "reaction.taken",
        f"{u['name']}'s trigger happens (“{prepared['trigger']}”): it {prepared['kind']}s",
        unit=u["id"],
        rule="MECH-ACT-PREPARE",
    )
    reveal(ctx, u["id"], "reaction")
    HANDLERS[prepared["kind"]](ctx, Action(prepared["kind"], u["id"], params), True)


def check_reaction(ctx: Ctx, u: Unit) -> None:
    """MECH-REACT-1: one reaction per turn; not while Jammed or grappling."""
    if u["reaction_used"]:
        raise IllegalAction(f"{u['name']} has already reacted this turn", "MECH-REACT-1")
    if has(u, "jammed"):
        raise IllegalAction(f"{u['name']} is Jammed and cannot react", "MECH-COND-JAMMED")
    if st.in_grapple(ctx.state, u["id"]):
        raise IllegalAction(f"{u['name']} is grappling and cannot react", "MECH-ACT-GRAPPLE-1")


@handler("shut_down")
def _shut_down(ctx: Ctx, action: Action, reaction: bool) -> None:
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
        f"{u['name']} shuts down: heat cleared, tech effects gone, Stunned until it boots up",
        units={u["id"]: {"heat": 0, "conditions": conds}},
        unit=u["id"],
        rule="MECH-ACT-SHUTDOWN",
    )


@handler("boot_up")
def _boot_up(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-BOOTUP / MECH-AMB-17: 2 AP, the one action a Shut Down mech may take."""
    u = ctx.u(action.actor)
    if not has(u, "shut_down"):
        raise IllegalAction(f"{u['name']} is not shut down", "MECH-ACT-BOOTUP")
    require_can_act(u, "boot up", allow_stunned=bool(ctx.settings["bootup_while_stunned"]))
    spend(ctx, u["id"], 2, "Boot Up", "MECH-ACT-BOOTUP", reaction)
    conds = st.copy_json(ctx.u(u["id"])["conditions"])
    conds.pop("shut_down", None)
    if conds.get("stunned", {}).get("source") == "shut_down":
        del conds["stunned"]
    ctx.emit(
        "mech.booted_up",
        f"{u['name']} boots up",
        units={u["id"]: {"conditions": conds}},
        unit=u["id"],
        rule="MECH-ACT-BOOTUP",
    )


OVERCHARGE_HEAT = ("1", "1d3", "1d6", "1d6+4")  # MECH-OVERCHARGE-TABLE


def overcharge_expr(count: int) -> str:
    """MECH-OVERCHARGE-TABLE: the heat of overcharge number `count` (1-based)."""
    return OVERCHARGE_HEAT[min(count, 4) - 1]


@handler("overcharge")
def _overcharge(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-OVERCHARGE-1: once per turn, +1 AP and heat 1, 1d3, 1d6, then 1d6+4."""
    u = acting(ctx, action, "overcharge")
    turn = u["turn"]
    if ctx.state["active"] != u["id"] or turn is None:
        raise IllegalAction("overcharge on your own turn", "MECH-OVERCHARGE-1")
    if turn["overcharged"]:
        raise IllegalAction(f"{u['name']} has already overcharged this turn", "MECH-OVERCHARGE-1")
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
        f"{u['name']} overcharges (number {count}): +1 AP, heat {expr}{rolled}",
        unit=u["id"],
        count=count,
        heat=heat,
        rule="MECH-OVERCHARGE-TABLE",
    )
    take_heat(ctx, u["id"], heat, "overcharge")


@handler("use_system")
def _use_system(ctx: Ctx, action: Action, reaction: bool) -> None:
    """A system's 1-AP action (Coolant Purge: clear up to 4 heat, not Exposed); uses count down."""
    u = acting(ctx, action, "use systems")
    raw = str_param(action.params, "system")
    index = next((i for i, s in enumerate(u["systems"]) if raw in (str(i), s["key"])), None)
    if index is None or not u["systems"][index].get("action"):
        raise IllegalAction(f"{u['name']} has no usable system {raw!r}", "MECH-STAT-1")
    system = u["systems"][index]
    if system["destroyed"]:
        raise IllegalAction(f"{system['name']} is destroyed", "MECH-STRUCT-TABLE")
    if system.get("uses") is not None and int(system["uses"]) <= 0:
        raise IllegalAction(f"{system['name']} has no uses left", "MECH-PILOT-ENG")
    t = None
    if system.get("save"):  # MECH-SAVE-1: an enemy in sensors and line of sight must save
        t = ctx.u(str_param(action.params, "target"))
        visible_target(ctx, u, t, "MECH-SAVE-1")
        if not hostile(u, t):
            raise IllegalAction(f"{system['name']} forces an enemy's save", "MECH-SAVE-1")
        in_sensors(ctx, u, t, "MECH-SAVE-1")
    spend(ctx, u["id"], 1, system["name"], "MECH-STAT-1", reaction)
    systems = st.copy_json(ctx.u(u["id"])["systems"])
    if systems[index].get("uses") is not None:
        systems[index]["uses"] = int(systems[index]["uses"]) - 1
    if t is not None:
        ctx.emit(
            "system.used",
            f"{u['name']} uses {system['name']} on {t['name']}",
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
        f"{u['name']} uses {system['name']}: clears {cleared} heat (heat {heat - cleared})",
        units={u["id"]: {"systems": systems, "heat": heat - cleared}},
        unit=u["id"],
        system=index,
    )


@handler("core_power")
def _core_power(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-AMB-41: spend the CP on the frame's core system (Bulwark Field), 1 AP."""
    u = acting(ctx, action, "use the core system")
    core = u["frame"].get("core")
    if not core:
        raise IllegalAction(f"{u['name']}'s frame has no core system", "MECH-AMB-41")
    if int(u["cp"]) < 1:
        raise IllegalAction(f"{u['name']} has no CP left", "MECH-AMB-41")
    spend(ctx, u["id"], 1, core["name"], "MECH-AMB-41", reaction)
    ctx.emit(
        "core.activated",
        f"{u['name']} spends its CP: {core['name']}",
        units={u["id"]: {"cp": int(u["cp"]) - 1}},
        unit=u["id"],
        rule="MECH-AMB-41",
    )
    for o in st.living(ctx.state):
        if o["id"] == u["id"] or (not hostile(u, o) and st.dist(u, o) == 1):
            ctx.add_condition(
                o["id"],
                "bulwark",
                f"{o['name']} is covered by {core['name']} until the end of {u['name']}'s next "
                "turn",
                expires="end_of_next_turn",
                clock=u["id"],
                source="core",
            )


@handler("meltdown_check")
def _meltdown_check(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-STRESS-TABLE / MECH-AMB-37: 2 AP, ENGINEERING check; success averts the meltdown."""
    u = acting(ctx, action, "fight the meltdown")
    if not u["meltdown"] or not u["meltdown"]["avertable"]:
        raise IllegalAction(f"{u['name']} has no meltdown it can avert", "MECH-STRESS-TABLE")
    spend(
        ctx, u["id"], 2, "an ENGINEERING check against the meltdown", "MECH-STRESS-TABLE", reaction
    )
    result = check(ctx, u["id"], "engineering", "avert meltdown")
    if result.success:
        ctx.emit(
            "meltdown.averted",
            f"{result.text}: the meltdown is averted",
            units={u["id"]: {"meltdown": None}},
            unit=u["id"],
            rule="MECH-STRESS-TABLE",
        )
    else:
        ctx.emit(
            "check.rolled",
            f"{result.text}: the reactor is still critical",
            unit=u["id"],
            rule="MECH-STRESS-TABLE",
        )


@handler("choose_trauma")
def _choose_trauma(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-AMB-34: the controller picks the mount or system the system trauma destroys."""
    choose_trauma(ctx, action.actor, int_param(action.params, "item"))


@handler("set_reactions")
def _set_reactions(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-OA-1: whether this mech takes its opportunity attacks automatically."""
    u = ctx.u(action.actor)
    on = bool_param(action.params, "on", True)
    ctx.emit(
        "reactions.set",
        f"{u['name']} {'will' if on else 'will not'} take opportunity attacks",
        units={u["id"]: {"auto_reactions": on}},
        unit=u["id"],
        rule="MECH-OA-1",
    )


# ---------------------------------------------------------------------------------------------
# Between matches (MECH-REPAIR-*) and the GM's tools


@handler("end_match")
def _end_match(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-OVERCHARGE-2 / MECH-AMB-40: heat, burn, conditions, overcharge clear; repairs open."""
    per = int(ctx.settings["repairs_per_interval"])
    units: dict[str, Json] = {
        u["id"]: {
            "heat": 0,
            "burn": 0,
            "conditions": {},
            "turn": None,
            "overcharge_count": 0,
            "repairs_left": per,
            "prepared": None,
            "meltdown": None,
            "pending_trauma": None,
            "reaction_used": False,
            "oa_used": False,
            "elevation": 0,
        }
        for u in st.living(ctx.state)
    }
    ctx.emit(
        "match.ended",
        f"The match ends: overcharge counters reset, heat and conditions cleared; {per} repair "
        "actions per mech",
        units=units,
        top={"phase": "interval", "active": None, "acted": [], "grapples": [], "last_side": None},
        rule="MECH-REPAIR-1",
    )


REPAIR_COSTS = {"swap": 0, "hp": 1, "fix": 1, "uses": 1, "structure": 2, "stress": 2, "cp": 4}


@handler("repair")
def _repair(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-REPAIR-TABLE: between matches, Lambit's repair actions, paid from the repair cap."""
    if ctx.state["phase"] != "interval":
        raise IllegalAction("repairs happen between matches", "MECH-REPAIR-1")
    u = ctx.u(action.actor)
    if not alive(u):
        raise IllegalAction(f"{u['name']} is destroyed", "MECH-DESTROYED-1")
    option = str_param(action.params, "option")
    if option not in REPAIR_COSTS:
        raise IllegalAction(f"repair one of: {', '.join(REPAIR_COSTS)}", "MECH-REPAIR-TABLE")
    cost = REPAIR_COSTS[option]
    if int(u["repairs_left"]) < 1:
        raise IllegalAction(f"{u['name']} has used its repair actions", "MECH-AMB-40")
    if int(u["repair"]) < cost:
        raise IllegalAction(
            f"that costs {cost} repair and {u['name']} has {u['repair']}", "MECH-REPAIR-TABLE"
        )
    fields: Json = {"repair": int(u["repair"]) - cost, "repairs_left": int(u["repairs_left"]) - 1}
    stats = u["stats"]
    if option == "hp":
        fields["hp"] = stats["hp_max"]
        what = "all HP restored"
    elif option in ("structure", "stress"):
        top = stats[f"{option}_max"]
        if int(u[option]) >= top:
            raise IllegalAction(f"{u['name']} has no {option} damage", "MECH-REPAIR-STRUCT")
        fields[option] = int(u[option]) + 1
        what = f"1 {option} restored ({fields[option]}/{top})"
    elif option == "cp":
        if int(u["cp"]) >= int(stats["cp_max"]):
            raise IllegalAction(f"{u['name']} has its CP", "MECH-REPAIR-CP")
        fields["cp"] = stats["cp_max"]
        what = "CP restored"
    elif option in ("fix", "uses"):
        item = str_param(action.params, "item")
        kind, _, index = item.partition(":")
        if kind not in ("weapon", "system") or not index.isdigit():
            raise IllegalAction("name the item as weapon:<n> or system:<n>", "MECH-REPAIR-FIX")
        items = st.copy_json(u[kind + "s"])
        i = int(index)
        if i >= len(items):
            raise IllegalAction(f"there is no {kind} {i}", "MECH-REPAIR-FIX")
        if option == "fix":
            if not items[i]["destroyed"]:
                raise IllegalAction(f"{items[i]['name']} is not destroyed", "MECH-REPAIR-FIX")
            items[i]["destroyed"] = False
            what = f"{items[i]['name']} repaired"
        else:
            if items[i].get("max_uses") is None:
                raise IllegalAction(f"{items[i]['name']} is not limited", "MECH-REPAIR-USES")
            items[i]["uses"] = items[i]["max_uses"]
            items[i]["loaded"] = True
            what = f"{items[i]['name']} uses restored"
        fields[kind + "s"] = items
    else:
        w = int_param(action.params, "weapon")
        m = int_param(action.params, "mount")
        what = swap_weapon(u, w, m, fields)
    ctx.emit(
        "mech.repaired",
        f"Lambit works on {u['name']}: {what} (cost {cost}, {fields['repair']} repair left)",
        units={u["id"]: fields},
        unit=u["id"],
        option=option,
        rule="MECH-REPAIR-TABLE",
    )


def swap_weapon(u: Unit, w: int, m: int, fields: Json) -> str:
    """MECH-REPAIR-SWAP: move an owned weapon to another mount, if the mount can hold it."""
    from rules.mech.data import _mount_fits

    if not 0 <= w < len(u["weapons"]) or not 0 <= m < len(u["mounts"]):
        raise IllegalAction("no such weapon or mount", "MECH-REPAIR-SWAP")
    weapon = u["weapons"][w]
    mounts = st.copy_json(u["mounts"])
    if (
        weapon.get("integrated")
        or mounts[m]["type"] == "integrated"
        or weapon["size"] == "superheavy"
    ):
        raise IllegalAction(
            "integrated and superheavy fittings are not swapped here", "MECH-MOUNT-INTEGRATED"
        )
    sizes = [u["weapons"][i]["size"] for i in mounts[m]["weapons"] if i != w] + [weapon["size"]]
    if not _mount_fits(mounts[m]["type"], sizes):
        raise IllegalAction(f"a {mounts[m]['type']} mount cannot hold that", "MECH-MOUNT-TABLE")
    for mount in mounts:
        mount["weapons"] = [i for i in mount["weapons"] if i != w]
    mounts[m]["weapons"].append(w)
    weapons = st.copy_json(u["weapons"])
    weapons[w]["mount"] = m
    fields["mounts"] = mounts
    fields["weapons"] = weapons
    return f"{weapon['name']} moved to mount {m + 1}"


@handler("full_repair")
def _full_repair(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-AMB-40: the GM declares a full repair: every repair cap refills."""
    units = {u["id"]: {"repair": u["stats"]["repair_cap"]} for u in st.living(ctx.state)}
    ctx.emit(
        "repair.refilled",
        "Full repair: every mech's repair cap refills",
        units=units,
        rule="MECH-AMB-40",
    )


@handler("start_match")
def _start_match(ctx: Ctx, action: Action, reaction: bool) -> None:
    """A new match after the interval: round 1, nobody has acted."""
    if ctx.state["phase"] != "interval":
        raise IllegalAction("end the match first", "MECH-REPAIR-1")
    units = {u["id"]: {"repairs_left": 0} for u in st.living(ctx.state)}
    ctx.emit(
        "match.started",
        f"Match {int(ctx.state['match']) + 1} begins",
        units=units,
        top={"phase": "combat", "round": 1, "acted": [], "match": int(ctx.state["match"]) + 1},
        rule="MECH-ROUND-1",
    )


@handler("gm_damage")
def _gm_damage(ctx: Ctx, action: Action, reaction: bool) -> None:
    """GM tool: deal typed damage to a mech through the pipeline (MECH-DMG-PIPE)."""
    t = ctx.u(str_param(action.params, "target"))
    dtype = str_param(action.params, "type", "kinetic")
    amount = int_param(action.params, "amount")
    if amount < 0 or dtype not in ("explosive", "energy", "kinetic", "burn"):
        raise IllegalAction(
            "deal a positive amount of explosive, energy, kinetic or burn", "MECH-DMG-TYPES"
        )
    if dtype == "burn":
        take_burn(ctx, t["id"], amount, "GM")
    else:
        deal_damage(
            ctx, t["id"], [(dtype, amount)], "GM", armour_piercing=bool_param(action.params, "ap")
        )


@handler("gm_heat")
def _gm_heat(ctx: Ctx, action: Action, reaction: bool) -> None:
    """GM tool: a mech takes heat (MECH-HEAT-2 applies)."""
    t = ctx.u(str_param(action.params, "target"))
    amount = int_param(action.params, "amount")
    if amount < 1:
        raise IllegalAction("heat must be at least 1", "MECH-HEAT-1")
    take_heat(ctx, t["id"], amount, "GM")


@handler("gm_fall")
def _gm_fall(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-FALL-1: a mech falls; 3 kinetic per full 3 squares, ignoring armour."""
    t = ctx.u(str_param(action.params, "target"))
    height = int_param(action.params, "height")
    amount = fall(ctx, height)
    ctx.emit(
        "mech.fell",
        f"{t['name']} falls {height} squares: {amount} kinetic, ignoring armour",
        units={t["id"]: {"elevation": 0}},
        unit=t["id"],
        rule="MECH-FALL-1",
    )
    if amount:
        deal_damage(
            ctx, t["id"], [("kinetic", amount)], "fall", armour_piercing=True, rule="MECH-FALL-1"
        )


CONDITIONS_GM = (
    "exposed",
    "hidden",
    "invisible",
    "prone",
    "immobilized",
    "impaired",
    "jammed",
    "lock_on",
    "shredded",
    "slowed",
    "stunned",
)


@handler("gm_condition")
def _gm_condition(ctx: Ctx, action: Action, reaction: bool) -> None:
    """GM tool: give or remove a condition (MECH-COND-*), maybe until the end of the next turn."""
    t = ctx.u(str_param(action.params, "target"))
    name = str_param(action.params, "condition")
    if name not in CONDITIONS_GM:
        raise IllegalAction(f"conditions: {', '.join(CONDITIONS_GM)}", "MECH-COND-DURATION")
    if bool_param(action.params, "remove"):
        if not has(t, name):
            raise IllegalAction(f"{t['name']} is not {name}", "MECH-COND-DURATION")
        ctx.remove_condition(t["id"], name, f"GM: {t['name']} is no longer {name}")
        return
    timed = bool_param(action.params, "until_next_turn")
    ctx.add_condition(
        t["id"],
        name,
        f"GM: {t['name']} is {name}",
        expires="end_of_next_turn" if timed else None,
        source=str_param(action.params, "source", "gm"),
    )


@handler("gm_save")
def _gm_save(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-SAVE-1 / MECH-AMB-44: an effect forces a save; a Hidden unit forcing it is revealed."""
    t = ctx.u(str_param(action.params, "target"))
    attribute = str_param(action.params, "attribute", "hull")
    if attribute not in ("hull", "agility", "systems", "engineering"):
        raise IllegalAction("save with HULL, AGILITY, SYSTEMS or ENGINEERING", "MECH-SAVE-1")
    by = str(action.params.get("by") or "")
    if by:
        source = ctx.u(by)
        if not hostile(source, t):
            raise IllegalAction("only an enemy's effect forces this save", "MECH-AMB-44")
    target = int_param(action.params, "save_target", 0) or None
    forced_save(ctx, by or None, t["id"], attribute, "save", target)


def forced_save(
    ctx: Ctx, by: str | None, uid: str, attribute: str, why: str, target: int | None
) -> bool:
    """MECH-SAVE-1 / MECH-AMB-44: `uid` saves against an effect of `by`; True when it succeeds.

    MECH-COND-HIDDEN: "saves remove Hidden". As proposed (`forcing_a_save`) the unit forcing the
    save is revealed; the other reading (`making_a_save`) reveals the unit making it.
    """
    result = check(ctx, uid, attribute, why, save=True, target=target)
    ctx.emit("save.rolled", result.text, unit=uid, success=result.success, rule="MECH-SAVE-1")
    if ctx.settings["hidden_saves"] == "making_a_save":
        reveal(ctx, uid, "made a save")
    elif by is not None:
        reveal(ctx, by, "forced a save")
    return result.success
