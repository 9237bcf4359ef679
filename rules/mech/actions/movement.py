"""Movement: move, boost, stand, jump, climb, falling, dragging and opportunity attacks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.actions import ActionTemplate, Choice, Field
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import bool_param, int_param, str_param
from rules.core.system import EVERYONE, Action, Event
from rules.geometry.square import distance, footprint
from rules.mech import hiding
from rules.mech import log_messages as L
from rules.mech import messages as M
from rules.mech import refusals as R
from rules.mech import state as st
from rules.mech.actions.attack import strike
from rules.mech.actions.base import (
    acting,
    cost,
    ready,
    spec,
    square,
)
from rules.mech.checks import (
    check,
)
from rules.mech.context import Ctx, reveal
from rules.mech.damage import (
    fall_damage,
)
from rules.mech.harm import (
    deal_damage,
)
from rules.mech.state import Json, Unit, alive, has, hostile
from rules.mech.turns import (
    spend,
)

Cell = tuple[int, int]


def unseen_by(state: Json, u: Unit) -> list[Unit]:
    """MECH-COND-HIDDEN: the living units of other sides that are Hidden: `u`'s side does not
    know their squares, so its moves are planned, and refused, without them."""
    return [o for o in st.living(state) if o["side"] != u["side"] and has(o, "hidden")]


def enter_cost(ctx: Ctx, u: Unit) -> Any:
    """What entering each square costs this unit: walls, buildings and the hostiles its side
    sees block (as `reach` draws them from its view)."""
    unseen = {o["id"] for o in unseen_by(ctx.state, u)}
    hostiles = {
        c
        for o in st.living(ctx.state)
        if hostile(u, o) and o["id"] not in unseen
        for c in st.cells(o)
    }
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


def oa_weapons(state: Json, o: Unit, mover: Unit, oa_weapons: str) -> list[int]:
    """MECH-OA-1 / MECH-AMB-18: the weapons `o` would strike `mover` with as it moves off (none
    when it would not). Works on a view too (issue 34: the map warns before such a move)."""
    if not hostile(o, mover) or o["reaction_used"] or o["oa_used"] or not o["auto_reactions"]:
        return []
    if has(o, "stunned") or has(o, "jammed") or st.in_grapple(state, o["id"]):
        return []
    kinds = ("melee",) if oa_weapons == "melee" else ("melee", "ranged")
    reach = st.dist(o, mover)
    return [
        i
        for i, w in enumerate(o["weapons"])
        if w["kind"] in kinds
        and not w["destroyed"]
        and int(w["threat"]) >= reach
        and not w.get("area")
    ]


def opportunity_threats(state: Json, mover: Unit, oa_setting: str) -> list[Unit]:
    """The hostiles that would strike `mover` if it moved now (MECH-OA-1); on a view, only the
    units whose square the viewer knows."""
    if has(mover, "disengaged") or has(mover, "hidden"):
        return []
    known = [o for o in st.living(state) if o.get("x") is not None and o["id"] != mover["id"]]
    return [o for o in known if oa_weapons(state, o, mover, oa_setting)]


def opportunity_attacks(ctx: Ctx, mover: Unit) -> None:
    """MECH-OA-1 / MECH-AMB-18: hostiles threatening the start square strike first."""
    if has(mover, "disengaged") or has(mover, "hidden"):
        return
    for o in st.living(ctx.state):
        o = ctx.u(o["id"])
        if not alive(ctx.u(mover["id"])):
            continue
        weapons = oa_weapons(ctx.state, o, ctx.u(mover["id"]), ctx.settings.oa_weapons)
        if not weapons:
            continue
        ctx.emit(
            "reaction.taken",
            M.LOG_OPPORTUNITY(name=o["name"], target=mover["name"]),
            units={o["id"]: {"reaction_used": True, "oa_used": True}},
            unit=o["id"],
            target=mover["id"],
            rule="MECH-OA-1",
        )
        reveal(ctx, o["id"], L.WHY_REACTION())
        strike(ctx, o["id"], weapons[0], [mover["id"]], {}, rule="MECH-OA-1")


def walk(
    ctx: Ctx, uid: str, dest: Cell, budget: int, why: str, rule: str, voluntary: bool = True
) -> int:
    """Move on the cheapest path, stopping when newly engaged (MECH-ENGAGE-1); returns the cost."""
    u = ctx.u(uid)
    g = st.grid(ctx.state)
    if not g.fits(dest, st.size(u)):
        raise IllegalAction(R.IS_OFF_THE_MAP(x=dest[0], y=dest[1]), "MECH-MOVE-1")
    if voluntary and has(u, "immobilized"):
        raise IllegalAction(
            R.IS_IMMOBILIZED_AND_CANNOT_MOVE(name=u["name"]), "MECH-COND-IMMOBILIZED"
        )
    found = g.cheapest_path(st.pos(u), dest, enter_cost(ctx, u), st.size(u), budget)
    if found is None:
        raise IllegalAction(
            R.CANNOT_REACH_WITH_SQUARES_OF_MOVEMENT(
                name=u["name"], x=dest[0], y=dest[1], budget=budget
            ),
            rule,
        )
    path, _ = found
    others = {c for o in st.living(ctx.state) if o["id"] != uid for c in st.cells(o)}
    # MECH-COND-HIDDEN: a square is refused as taken only for a unit the mover's side sees;
    # one whose Hidden unit it does not know of is run into on the way (below).
    unseen = {c for o in unseen_by(ctx.state, u) for c in st.cells(o)}
    if footprint(dest, st.size(u)) & (others - unseen):
        raise IllegalAction(R.THAT_SQUARE_IS_TAKEN(), "MECH-MOVE-1")
    if voluntary:
        opportunity_attacks(ctx, u)
        u = ctx.u(uid)
        if not alive(u) or has(u, "stunned") or has(u, "immobilized"):
            ctx.emit("move.stopped", M.LOG_MOVE_STOPPED(name=u["name"]), unit=uid)
            return 0
    stop = len(path) - 1
    stopped = False
    if not has(u, "disengaged"):
        for i in range(1, len(path)):
            for o in st.living(ctx.state):
                if not hostile(u, o) or has(o, "hidden") or has(o, "disengaged"):
                    continue
                if ctx.settings.engage_stop == "same_or_larger" and st.size(o) < st.size(u):
                    continue
                before = distance(path[i - 1], st.pos(o), st.size(u), st.size(o))
                after = distance(path[i], st.pos(o), st.size(u), st.size(o))
                if after == 1 and before != 1:
                    stop, stopped = i, True
                    break
            if stopped:
                break
    # MECH-COND-HIDDEN: a Hidden unit the mover's side did not know of stops it on the square
    # before; the rest of the move is lost, so running into one is no free probe (a refusal
    # would be: refused here, accepted one square on).
    blocked = next((i for i in range(1, stop + 1) if footprint(path[i], st.size(u)) & unseen), 0)
    if blocked:
        stop, stopped = blocked - 1, True
    while stop > 0 and footprint(path[stop], st.size(u)) & others:
        stop -= 1
    final = path[stop]
    old_elevation = int(u["elevation"])
    new_elevation = st.height_of(st.terrain(ctx.state, final)) if old_elevation else 0
    fields: Json = {"x": final[0], "y": final[1], "elevation": new_elevation}
    lines = L.MOVED_BLOCKED if blocked else L.MOVED_STOPPED if stopped else L.MOVED
    text = lines[why](name=u["name"], x=final[0], y=final[1], n=stop)
    walked = path[: blocked + 1 if blocked else stop + 1]
    probed: dict[str, Any] = {"probed": True} if probes_unseen(ctx, u, walked) else {}
    ctx.emit(
        "mech.moved",
        **unseen_move(ctx, u, text, fields, final),
        unit=uid,
        path=[list(c) for c in path[: stop + 1]],
        stopped=stopped,
        blocked=bool(blocked),
        **probed,
        rule=rule,
    )
    drop = old_elevation - new_elevation
    if drop >= 3:
        deal_damage(
            ctx,
            uid,
            [("kinetic", fall(ctx, drop))],
            L.WHY_FALLS_SQUARES(drop=drop),
            armour_piercing=True,
            rule="MECH-FALL-1",
        )
    drag(ctx, uid, (final[0] - path[0][0], final[1] - path[0][1]))
    after_move(ctx, uid)
    return -1 if stopped else stop


def probes_unseen(ctx: Ctx, u: Unit, walked: Sequence[Cell]) -> bool:
    """MECH-MOVE-UNDO / MECH-COND-HIDDEN: whether a move's squares entered the area where `u`'s
    side knows a Hidden enemy to be: met or not, the move told that side something of its square
    (every square walked that met nothing is not it), so taking it back would be a free probe."""
    squares = {c for cell in walked[1:] for c in footprint(cell, st.size(u))}
    for o in unseen_by(ctx.state, u):
        area = hiding.area_of(ctx.state, o)
        known = {
            (x, y)
            for x in range(int(area["x0"]), int(area["x1"]) + 1)
            for y in range(int(area["y0"]), int(area["y1"]) + 1)
        }
        if squares & (known | set(st.cells(o))):
            return True
    return False


def unseen_move(ctx: Ctx, u: Unit, text: Msg, fields: Json, final: Cell) -> dict[str, Any]:
    """The line, patch, audience and redacted line of a move by `u` ending at `final`.

    MECH-COND-HIDDEN: a Hidden mover's other sides learn that it moved and the new area it is
    in, drawn afresh (rules/mech/hiding.py); its squares, path and the area's dice are its own
    side's (the GM sees all)."""
    if not has(u, "hidden"):
        return {"text": text, "units": {u["id"]: fields}}
    area = hiding.draw(ctx.dice, ctx.state, u, final)
    return {
        "text": L.joined(text, L.AREA_KNOWN(**hiding.words(area))),
        "units": {u["id"]: {**fields, "area": area}},
        "audience": f"side:{u['side']}",
        "redacted": L.MOVED_UNSEEN(name=u["name"], **hiding.words(area)),
    }


def blocked(ctx: Ctx, u: Unit, dest: Cell, cost: int, rule: str) -> None:
    """MECH-COND-HIDDEN: a jump or climb onto a Hidden unit its side did not know of: the speed
    is spent and the mech stays where it was (a refusal would be a free probe of the square)."""
    line = L.LANDING_BLOCKED(name=u["name"], x=dest[0], y=dest[1], cost=cost)
    ctx.emit("mech.blocked", **unseen_move(ctx, u, line, {}, st.pos(u)), unit=u["id"], rule=rule)


def fall(ctx: Ctx, height: int) -> int:
    cap = int(ctx.settings.fall_cap)
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
                M.LOG_DRAGGED(name=o["name"], x=dest[0], y=dest[1]),
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
            L.LOG_LEAVES_COVER_AND_IS_NO_LONGER(name=u["name"]),
            "MECH-COND-HIDDEN",
        )


def release_grapples(ctx: Ctx) -> None:
    """MECH-ACT-GRAPPLE-2: a grapple ends when its sides are no longer adjacent."""
    for grapple in list(ctx.state["grapples"]):
        a = [ctx.u(i) for i in grapple["attackers"] if alive(ctx.u(i))]
        d = [ctx.u(i) for i in grapple["defenders"] if alive(ctx.u(i))]
        if a and d and any(st.dist(x, y) <= 1 for x in a for y in d):
            continue
        end_grapple(ctx, grapple, L.WHY_THEY_ARE_NO_LONGER_ADJACENT())


def end_grapple(ctx: Ctx, grapple: Json, why: Msg) -> None:
    rest = [g for g in ctx.state["grapples"] if g["id"] != grapple["id"]]
    units: Json = {}
    for uid in grapple["attackers"] + grapple["defenders"]:
        conds = st.copy_json(ctx.u(uid)["conditions"])
        if conds.get("immobilized", {}).get("source") == "grapple":
            del conds["immobilized"]
        units[uid] = {"conditions": conds}
    ctx.emit(
        "grapple.ended",
        L.LOG_THE_GRAPPLE_ENDS(why=why),
        units=units,
        top={"grapples": rest},
        grapple=grapple["id"],
        rule="MECH-ACT-GRAPPLE-2",
    )


# What a standard move may say and still be taken back: it moved, and nothing else happened.
QUIET_MOVE_KINDS = frozenset({"mech.moved", "turn.updated"})


def may_take_back(action: Action, events: Sequence[Event]) -> bool:
    """MECH-MOVE-UNDO: a pilot may take back their standard move while it revealed nothing: no
    die was rolled (no opportunity attack, no fall), nobody was revealed or grappled, all public,
    and it neither ran into a Hidden unit nor crossed the area its side knows one by (taken back,
    either would be a free probe of squares: issue 30, finding 2)."""
    return (
        action.kind == "move"
        and bool(events)
        and all(
            e.kind in QUIET_MOVE_KINDS
            and not e.dice
            and e.audience == EVERYONE
            and not e.payload.get("blocked")
            and not e.payload.get("probed")
            for e in events
        )
    )


def move_budget(u: Unit) -> int:
    turn = u["turn"]
    return int(turn["move"]) if turn else 0


def do_move(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-MOVE-1: the standard move, up to speed, split around other actions."""
    u = acting(ctx, action, "move")
    if ctx.state["active"] != u["id"]:
        raise IllegalAction(R.CAN_ONLY_MOVE_ON_ITS_OWN(name=u["name"]), "MECH-MOVE-1")
    dest = (int_param(action.params, "x"), int_param(action.params, "y"))
    budget = move_budget(u)
    if budget <= 0:
        raise IllegalAction(R.HAS_NO_STANDARD_MOVE_LEFT_THIS(name=u["name"]), "MECH-MOVE-1")
    cost = walk(ctx, u["id"], dest, budget, "moves", "MECH-MOVE-1")
    turn = ctx.u(u["id"])["turn"]
    if turn is not None:
        left = 0 if cost < 0 else budget - cost  # MECH-AMB-20: the rest of the move is lost
        ctx.stage(
            u["id"], turn={**turn, "move": left, "moved": True, "acted": True, "followup": None}
        )


def do_boost(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-BOOST: 1 AP, move up to speed now; not while Slowed or grappling."""
    u = acting(ctx, action, "boost")
    if has(u, "slowed") or has(u, "prone"):
        raise IllegalAction(R.IS_SLOWED_AND_CANNOT_BOOST(name=u["name"]), "MECH-COND-SLOWED")
    if st.in_grapple(ctx.state, u["id"]):
        raise IllegalAction(R.IS_GRAPPLING_AND_CANNOT_BOOST(name=u["name"]), "MECH-ACT-GRAPPLE-1")
    dest = (int_param(action.params, "x"), int_param(action.params, "y"))
    spend(ctx, u["id"], 1, "Boost", "MECH-ACT-BOOST", reaction)
    reveal(ctx, u["id"], L.WHY_BOOST())
    walk(ctx, u["id"], dest, int(u["stats"]["speed"]), "boosts", "MECH-ACT-BOOST")


def do_stand(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-COND-PRONE: stand up with the move action, unless Immobilized."""
    u = acting(ctx, action, "stand up")
    if not has(u, "prone"):
        raise IllegalAction(R.IS_NOT_PRONE(name=u["name"]), "MECH-COND-PRONE")
    if has(u, "immobilized"):
        raise IllegalAction(R.IS_IMMOBILIZED_AND_CANNOT_STAND(name=u["name"]), "MECH-COND-PRONE")
    turn = u["turn"]
    if ctx.state["active"] != u["id"] or turn is None or turn["moved"]:
        raise IllegalAction(R.STANDING_UP_TAKES_THE_WHOLE_MOVE(), "MECH-COND-PRONE")
    ctx.stage(u["id"], turn={**turn, "move": 0, "moved": True, "acted": True})
    ctx.remove_condition(
        u["id"], "prone", L.LOG_STANDS_UP_ITS_MOVE_ACTION(name=u["name"]), "MECH-COND-PRONE"
    )


def do_jump(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-JUMP-1: horizontal (2 speed a square, straight) or vertical (rise to size, 1 square)."""
    u = acting(ctx, action, "jump")
    if ctx.state["active"] != u["id"]:
        raise IllegalAction(R.CAN_ONLY_JUMP_ON_ITS_OWN(name=u["name"]), "MECH-JUMP-1")
    if has(u, "immobilized"):
        raise IllegalAction(
            R.IS_IMMOBILIZED_AND_CANNOT_MOVE(name=u["name"]), "MECH-COND-IMMOBILIZED"
        )
    mode = str_param(action.params, "mode", "horizontal")
    dest = (int_param(action.params, "x"), int_param(action.params, "y"))
    start = st.pos(u)
    dx, dy = dest[0] - start[0], dest[1] - start[1]
    squares = max(abs(dx), abs(dy))
    if mode == "vertical":
        if squares != 1:
            raise IllegalAction(R.A_VERTICAL_JUMP_MOVES_EXACTLY_1(), "MECH-JUMP-1")
        cost = int(ctx.settings.vertical_jump_cost)
        clear = st.size(u)
    else:
        if squares == 0 or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            raise IllegalAction(R.A_JUMP_GOES_IN_A_STRAIGHT(), "MECH-JUMP-1")
        cost = 2 * squares
        clear = st.size(u)
    budget = move_budget(u)
    if cost > budget:
        raise IllegalAction(
            R.THAT_JUMP_COSTS_SQUARES_OF_SPEED(cost=cost, budget=budget), "MECH-JUMP-1"
        )
    g = st.grid(ctx.state)
    if not g.fits(dest, st.size(u)):
        raise IllegalAction(R.THE_JUMP_LANDS_OFF_THE_MAP(), "MECH-JUMP-1")
    others = {c for o in st.living(ctx.state) if o["id"] != u["id"] for c in st.cells(o)}
    unseen = {c for o in unseen_by(ctx.state, u) for c in st.cells(o)}
    landing = footprint(dest, st.size(u))
    if landing & (others - unseen):  # MECH-COND-HIDDEN: refused for the units its side sees
        raise IllegalAction(R.THE_LANDING_SQUARE_IS_TAKEN(), "MECH-JUMP-1")
    top = max(st.height_of(st.terrain(ctx.state, c)) for c in landing)
    if top > clear or (mode != "vertical" and top > int(u["elevation"])):
        if mode != "vertical":
            raise IllegalAction(R.A_HORIZONTAL_JUMP_CANNOT_LAND_ON(), "MECH-JUMP-1")
        raise IllegalAction(
            R.A_SIZE_MECH_CLEARS_OBSTACLES_OF(size=st.size(u), clear=clear), "MECH-JUMP-1"
        )
    for i in range(1, squares):
        step = (start[0] + i * (dx // squares), start[1] + i * (dy // squares))
        for c in footprint(step, st.size(u)):
            feature = st.terrain(ctx.state, c)
            if st.height_of(feature) > clear:
                raise IllegalAction(
                    R.AN_OBSTACLE_TALLER_THAN_SIZE_STANDS(clear=clear), "MECH-JUMP-1"
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
    if landing & unseen:
        blocked(ctx, u, dest, cost, "MECH-JUMP-1")
        return
    line = L.LOG_JUMPS["vertical" if mode == "vertical" else "horizontal"](
        name=u["name"], x=dest[0], y=dest[1], cost=cost
    )
    fields = {"x": dest[0], "y": dest[1], "elevation": top}
    ctx.emit(
        "mech.jumped",
        **unseen_move(ctx, u, line, fields, dest),
        unit=u["id"],
        cost=cost,
        rule="MECH-JUMP-1",
    )
    after_move(ctx, u["id"])


def do_climb(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-CLIMB-1: 2 speed per square; on difficult terrain a HULL or AGILITY check, or fall."""
    u = acting(ctx, action, "climb")
    if ctx.state["active"] != u["id"]:
        raise IllegalAction(R.CAN_ONLY_CLIMB_ON_ITS_OWN(name=u["name"]), "MECH-CLIMB-1")
    if has(u, "immobilized"):
        raise IllegalAction(
            R.IS_IMMOBILIZED_AND_CANNOT_MOVE(name=u["name"]), "MECH-COND-IMMOBILIZED"
        )
    dest = (int_param(action.params, "x"), int_param(action.params, "y"))
    if st.size(u) != 1 or distance(st.pos(u), dest) != 1:
        raise IllegalAction(R.CLIMB_ONTO_AN_ADJACENT_SQUARE(), "MECH-CLIMB-1")
    feature = st.terrain(ctx.state, dest)
    height = st.height_of(feature)
    rise = height - int(u["elevation"])
    if rise <= 0:
        raise IllegalAction(R.THERE_IS_NOTHING_TO_CLIMB_THERE(), "MECH-CLIMB-1")
    unseen = {o["id"] for o in unseen_by(ctx.state, u)}
    if st.occupant(ctx.state, dest, {u["id"], *unseen}):  # MECH-COND-HIDDEN: as for a move
        raise IllegalAction(R.THAT_SQUARE_IS_TAKEN(), "MECH-CLIMB-1")
    cost = 2 * rise
    budget = move_budget(u)
    if cost > budget:
        raise IllegalAction(
            R.CLIMBING_SQUARES_COSTS_SPEED_AND_ARE(rise=rise, cost=cost, budget=budget),
            "MECH-CLIMB-1",
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
    if st.occupant(ctx.state, dest, {u["id"]}):
        blocked(ctx, u, dest, cost, "MECH-CLIMB-1")
        return
    difficult = bool_param(action.params, "difficult", bool(feature and feature.get("difficult")))
    if difficult:
        attribute = str_param(action.params, "attribute", "hull")
        if attribute not in ("hull", "agility"):
            raise IllegalAction(R.CLIMB_WITH_A_HULL_OR_AN(), "MECH-CLIMB-1")
        result = check(ctx, u["id"], attribute, L.WHY_CLIMBING())
        if not result.success:
            ctx.emit(
                "check.rolled",
                L.LOG_FALLS(check=result.msg, name=u["name"]),
                unit=u["id"],
                rule="MECH-CLIMB-1",
            )
            deal_damage(
                ctx,
                u["id"],
                [("kinetic", fall(ctx, height))],
                L.WHY_FALLS_SQUARES_2(height=height),
                armour_piercing=True,
                rule="MECH-FALL-1",
            )
            return
        ctx.emit("check.rolled", result.text, unit=u["id"], rule="MECH-CLIMB-1")
    line = L.LOG_CLIMBS_SQUARES_ONTO_FOR_SPEED(
        name=u["name"], rise=rise, x=dest[0], y=dest[1], cost=cost
    )
    fields = {"x": dest[0], "y": dest[1], "elevation": height}
    ctx.emit(
        "mech.climbed",
        **unseen_move(ctx, u, line, fields, dest),
        unit=u["id"],
        rule="MECH-CLIMB-1",
    )


def mobile(state: Json, actor: str) -> Unit | None:
    """MECH-MOVE-1: a ready mech with move left that is not Immobilized."""
    u = ready(state, actor)
    if u is None or int(u["turn"]["move"]) <= 0 or has(u, "immobilized"):
        return None
    return u


def offer_move(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-MOVE-1: a standard move to a square, up to the move left."""
    u = mobile(state, actor)
    if u is None:
        return None
    return ActionTemplate(
        "move", M.MOVE(squares=int(u["turn"]["move"])), "MECH-MOVE-1", square(state)
    )


def offer_jump(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-JUMP-1: a horizontal or vertical jump as movement."""
    if mobile(state, actor) is None:
        return None
    modes = (Choice("horizontal", M.HORIZONTAL()), Choice("vertical", M.VERTICAL()))
    mode = Field("mode", M.JUMP_MODE(), "choice", modes)
    return ActionTemplate("jump", M.JUMP(), "MECH-JUMP-1", (mode, *square(state)))


def offer_climb(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-CLIMB-1: climbing onto an obstruction, with a HULL or AGILITY check."""
    if mobile(state, actor) is None:
        return None
    checks = (Choice("hull", M.HULL()), Choice("agility", M.AGILITY()))
    attribute = Field("attribute", M.CHECK(), "choice", checks)
    return ActionTemplate("climb", M.CLIMB(), "MECH-CLIMB-1", (*square(state), attribute))


def offer_stand(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-COND-PRONE: standing up takes the move action."""
    u = ready(state, actor)
    if u is None or not has(u, "prone") or u["turn"]["moved"]:
        return None
    return ActionTemplate("stand", M.STAND(), "MECH-COND-PRONE", cost=M.MOVE_ACTION())


def offer_boost(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-BOOST: 1 AP for an extra move; not Slowed, Prone or grappling."""
    u = ready(state, actor, 1)
    if u is None or has(u, "slowed") or has(u, "prone") or st.in_grapple(state, actor):
        return None
    return ActionTemplate("boost", M.BOOST(), "MECH-ACT-BOOST", square(state), cost=cost(1))


MOVE = spec("move", "MECH-MOVE-1", do_move, offer_move)
JUMP = spec("jump", "MECH-JUMP-1", do_jump, offer_jump)
CLIMB = spec("climb", "MECH-CLIMB-1", do_climb, offer_climb)
STAND = spec("stand", "MECH-COND-PRONE", do_stand, offer_stand)
BOOST = spec("boost", "MECH-ACT-BOOST", do_boost, offer_boost)
