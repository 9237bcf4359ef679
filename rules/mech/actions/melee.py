"""Improvised attacks, grapples and rams (MECH-ACT-IMPROV, -GRAPPLE-*, -RAM)."""

from __future__ import annotations

from typing import Any

from rules.core.actions import ActionTemplate, Field
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import bool_param, str_param
from rules.core.system import Action
from rules.geometry.square import footprint
from rules.mech import log_messages as L
from rules.mech import messages as M
from rules.mech import refusals as R
from rules.mech import state as st
from rules.mech.actions.aim import rolled_attack
from rules.mech.actions.attack import strike
from rules.mech.actions.base import (
    acting,
    cost,
    enemies,
    ready,
    spec,
    target,
)
from rules.mech.actions.movement import after_move, end_grapple
from rules.mech.checks import (
    check,
    contest,
)
from rules.mech.context import Ctx, reveal
from rules.mech.preview import preview_attack
from rules.mech.state import Json, Unit, alive, has, hostile
from rules.mech.turns import (
    spend,
    visible_target,
)


def adjacent_target(ctx: Ctx, u: Unit, params: dict[str, Any], rule: str) -> Unit:
    t = ctx.u(str_param(params, "target"))
    visible_target(ctx, u, t, rule)
    if t["id"] == u["id"]:
        raise IllegalAction(R.CHOOSE_ANOTHER_MECH(), rule)
    if st.dist(u, t) != 1:
        raise IllegalAction(R.IS_NOT_ADJACENT(target=t["name"]), rule)
    return t


def do_improvised_attack(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-IMPROV / MECH-AMB-14: 2 AP, a melee attack on an adjacent target for 1d6 kinetic."""
    u = acting(ctx, action, "attack")
    if has(u, "jammed") and not ctx.settings.jammed_improvised:
        raise IllegalAction(R.IS_JAMMED(name=u["name"]), "MECH-COND-JAMMED")
    params = dict(action.params)
    t = adjacent_target(ctx, u, params, "MECH-ACT-IMPROV")
    spend(ctx, u["id"], 2, "an improvised attack", "MECH-ACT-IMPROV", reaction)
    ctx.emit(
        "attack.declared",
        M.LOG_IMPROVISED(name=u["name"], target=t["name"]),
        unit=u["id"],
        targets=[t["id"]],
        rule="MECH-ACT-IMPROV",
    )
    reveal(ctx, u["id"], L.WHY_ATTACKED())
    strike(
        ctx,
        u["id"],
        None,
        [t["id"]],
        params,
        "MECH-ACT-IMPROV",
        damage="1d6",
        dtype=str(ctx.settings.improvised_type),
    )


def side_size(ctx: Ctx, ids: list[str]) -> int:
    """MECH-ACT-GRAPPLE-3: sizes on one side of a grapple add up."""
    return sum(st.size(ctx.u(i)) for i in ids if alive(ctx.u(i)))


def settle_grapple(ctx: Ctx, grapple: Json, winner: str | None, text: Msg) -> None:
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
        L.LOG_SIZES_VS(text=text, a=a, d=d),
        units=units,
        top={"grapples": rest},
        grapple=grapple["id"],
        rule="MECH-ACT-GRAPPLE-1",
    )


def do_grapple(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-GRAPPLE-1/3: 1 AP, a melee attack on an adjacent enemy; on a hit both are held."""
    u = acting(ctx, action, "grapple")
    params = dict(action.params)
    t = adjacent_target(ctx, u, params, "MECH-ACT-GRAPPLE-1")
    if not hostile(u, t):
        raise IllegalAction(R.GRAPPLE_AN_ENEMY(), "MECH-ACT-GRAPPLE-1")
    spend(ctx, u["id"], 1, "Grapple", "MECH-ACT-GRAPPLE-1", reaction)
    roll = rolled_attack(ctx, u, t, "melee", params, "grapples", "MECH-ACT-GRAPPLE-1")
    if not roll.hit:
        return
    grapples = list(ctx.state["grapples"])
    mine = st.in_grapple(ctx.state, u["id"])
    theirs = st.in_grapple(ctx.state, t["id"])
    if mine is not None and theirs is not None and mine["id"] != theirs["id"]:
        raise IllegalAction(R.BOTH_MECHS_ARE_ALREADY_IN_DIFFERENT(), "MECH-ACT-GRAPPLE-3")
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
        M.LOG_GRAPPLED(name=u["name"], target=t["name"]),
        top={"grapples": grapples},
        grapple=current["id"],
        rule="MECH-ACT-GRAPPLE-1",
    )
    settle_grapple(ctx, current, None, L.GRAPPLE_SIDES())


def do_grapple_contest(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-GRAPPLE-1 / MECH-AMB-10: equal sizes contest HULL at the start of a turn."""
    u = acting(ctx, action, "contest the grapple")
    grapple = st.in_grapple(ctx.state, u["id"])
    turn = u["turn"]
    if grapple is None:
        raise IllegalAction(R.IS_NOT_GRAPPLING(name=u["name"]), "MECH-ACT-GRAPPLE-1")
    if ctx.state["active"] != u["id"] or turn is None or turn["acted"] or turn["contest"]:
        raise IllegalAction(R.THE_CONTEST_IS_CALLED_AT_THE(), "MECH-ACT-GRAPPLE-1")
    if side_size(ctx, grapple["attackers"]) != side_size(ctx, grapple["defenders"]):
        raise IllegalAction(R.ONLY_EQUAL_SIZES_CONTEST_THE_GRAPPLE(), "MECH-ACT-GRAPPLE-1")
    mine = "attackers" if u["id"] in grapple["attackers"] else "defenders"
    other = "defenders" if mine == "attackers" else "attackers"
    foe = next(i for i in grapple[other] if alive(ctx.u(i)))
    ctx.stage(u["id"], turn={**turn, "contest": True})
    first = check(ctx, u["id"], "hull", L.WHY_GRAPPLE_CONTEST())
    second = check(ctx, foe, "hull", L.WHY_GRAPPLE_CONTEST())
    if first.total == second.total or (first.natural is None and second.natural is None):
        ctx.emit(
            "grapple.contested",
            L.LOG_A_TIE_CHANGES_NOTHING(first=first.msg, second=second.msg),
            unit=u["id"],
            rule="MECH-AMB-02",
        )
        return
    winner = mine if first.total > second.total and first.natural is not None else other
    ctx.emit(
        "grapple.contested",
        L.SEMI(first=first.msg, then=second.msg),
        unit=u["id"],
        rule="MECH-ACT-GRAPPLE-1",
    )
    settle_grapple(ctx, grapple, winner, L.CONTEST_WON[winner]())


def do_end_grapple(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-GRAPPLE-2 / MECH-FREE-1: the attacker ends it as a free action on its turn."""
    u = acting(ctx, action, "take free actions")
    grapple = st.in_grapple(ctx.state, u["id"])
    if grapple is None or u["id"] not in grapple["attackers"]:
        raise IllegalAction(R.IS_NOT_THE_ATTACKER_OF_A(name=u["name"]), "MECH-ACT-GRAPPLE-2")
    if ctx.state["active"] != u["id"]:
        raise IllegalAction(R.FREE_ACTIONS_ARE_TAKEN_ON_YOUR(), "MECH-FREE-1")
    end_grapple(ctx, grapple, L.WHY_LETS_GO_FREE_ACTION(name=u["name"]))


def do_break_grapple(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-GRAPPLE-2: the defender spends 1 AP and must win a contested HULL check."""
    u = acting(ctx, action, "break free")
    grapple = st.in_grapple(ctx.state, u["id"])
    if grapple is None or u["id"] not in grapple["defenders"]:
        raise IllegalAction(R.IS_NOT_HELD_IN_A_GRAPPLE(name=u["name"]), "MECH-ACT-GRAPPLE-2")
    spend(ctx, u["id"], 1, "breaking free", "MECH-ACT-GRAPPLE-2", reaction)
    foe = next(i for i in grapple["attackers"] if alive(ctx.u(i)))
    won, text = contest(ctx, u["id"], "hull", foe, "hull", L.WHY_BREAK_THE_GRAPPLE())
    ctx.emit(
        "grapple.contested",
        L.CONTEST_THEN(contest=text, outcome=L.BROKE_FREE() if won else L.STILL_HELD()),
        unit=u["id"],
        rule="MECH-ACT-GRAPPLE-2",
    )
    if won:
        end_grapple(
            ctx,
            ctx.state["grapples"][[g["id"] for g in ctx.state["grapples"]].index(grapple["id"])],
            L.WHY_BREAKS_FREE(name=u["name"]),
        )


def do_ram(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-RAM / MECH-AMB-13: 1 AP melee attack, same size or smaller; Prone, knockback 1."""
    u = acting(ctx, action, "ram")
    params = dict(action.params)
    t = adjacent_target(ctx, u, params, "MECH-ACT-RAM")
    if st.size(t) > st.size(u):
        raise IllegalAction(R.IS_LARGER_THAN(target=t["name"], name=u["name"]), "MECH-ACT-RAM")
    spend(ctx, u["id"], 1, "Ram", "MECH-ACT-RAM", reaction)
    roll = rolled_attack(ctx, u, t, "melee", params, "rams", "MECH-ACT-RAM")
    if not roll.hit:
        return
    ctx.add_condition(
        t["id"],
        "prone",
        L.LOG_IS_KNOCKED_PRONE(target=t["name"]),
        source="ram",
        rule="MECH-ACT-RAM",
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
            M.LOG_KNOCKBACK_BLOCKED(name=t["name"]),
            unit=t["id"],
            rule="MECH-AMB-13",
        )
        return
    ctx.emit(
        "mech.knocked_back",
        M.LOG_KNOCKED_BACK(name=t["name"], x=dest[0], y=dest[1]),
        units={t["id"]: {"x": dest[0], "y": dest[1]}},
        unit=t["id"],
        rule="MECH-ACT-RAM",
    )
    after_move(ctx, t["id"])


def adjacent_enemies(state: Json, actor: str, ap: int = 1) -> tuple[Unit, list[Unit]] | None:
    """A ready mech with `ap` AP and the enemies next to it it may target, if any."""
    u = ready(state, actor, max(ap, 1))
    if u is None:
        return None
    adjacent = [o for o in enemies(state, u) if st.dist(u, o) == 1]
    return (u, adjacent) if adjacent else None


def offer_grapple(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-GRAPPLE-1: 1 AP, an adjacent enemy."""
    found = adjacent_enemies(state, actor)
    if found is None:
        return None
    return ActionTemplate(
        "grapple",
        M.GRAPPLE(),
        "MECH-ACT-GRAPPLE-1",
        (target(found[1]),),
        cost=cost(1),
        preview=True,
    )


def offer_ram(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-RAM: 1 AP, an adjacent enemy no larger than the rammer."""
    found = adjacent_enemies(state, actor)
    if found is None:
        return None
    u, adjacent = found
    small = [o for o in adjacent if st.size(o) <= st.size(u)]
    if not small:
        return None
    knockback = Field("knockback", M.KNOCK_BACK(), "checkbox", default=True)
    return ActionTemplate(
        "ram", M.RAM(), "MECH-ACT-RAM", (target(small), knockback), cost=cost(1), preview=True
    )


def offer_improvised_attack(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-IMPROV: 2 AP, an adjacent enemy."""
    found = adjacent_enemies(state, actor, 2)
    if found is None:
        return None
    return ActionTemplate(
        "improvised_attack",
        M.IMPROVISED(),
        "MECH-ACT-IMPROV",
        (target(found[1]),),
        cost=cost(2),
        preview=True,
    )


def offer_end_grapple(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-GRAPPLE-2: the grappler lets go, free."""
    grapple = st.in_grapple(state, actor) if ready(state, actor) else None
    if grapple is None or actor not in grapple["attackers"]:
        return None
    return ActionTemplate("end_grapple", M.END_GRAPPLE(), "MECH-ACT-GRAPPLE-2", cost=cost(0))


def offer_grapple_contest(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-GRAPPLE-1: the contest at the start of a turn in a grapple, before acting."""
    u = ready(state, actor)
    if u is None or st.in_grapple(state, actor) is None:
        return None
    if u["turn"]["acted"] or u["turn"]["contest"]:
        return None
    return ActionTemplate("grapple_contest", M.GRAPPLE_CONTEST(), "MECH-ACT-GRAPPLE-1")


def offer_break_grapple(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-GRAPPLE-2: 1 AP and a HULL contest to break free."""
    grapple = st.in_grapple(state, actor) if ready(state, actor, 1) else None
    if grapple is None or actor not in grapple["defenders"]:
        return None
    return ActionTemplate("break_grapple", M.BREAK_GRAPPLE(), "MECH-ACT-GRAPPLE-2", cost=cost(1))


END_GRAPPLE = spec("end_grapple", "MECH-ACT-GRAPPLE-2", do_end_grapple, offer_end_grapple)
GRAPPLE_CONTEST = spec(
    "grapple_contest", "MECH-ACT-GRAPPLE-1", do_grapple_contest, offer_grapple_contest
)
GRAPPLE = spec("grapple", "MECH-ACT-GRAPPLE-1", do_grapple, offer_grapple, preview_attack)
RAM = spec("ram", "MECH-ACT-RAM", do_ram, offer_ram, preview_attack)
IMPROVISED_ATTACK = spec(
    "improvised_attack",
    "MECH-ACT-IMPROV",
    do_improvised_attack,
    offer_improvised_attack,
    preview_attack,
)
BREAK_GRAPPLE = spec("break_grapple", "MECH-ACT-GRAPPLE-2", do_break_grapple, offer_break_grapple)
