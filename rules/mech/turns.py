"""Rounds and turns, and what acting costs (MECH-ROUND-*, MECH-AP-*)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import str_param
from rules.core.system import Action
from rules.mech import log_messages as L
from rules.mech import messages as m
from rules.mech import refusals as R
from rules.mech import state as st
from rules.mech.checks import (
    check,
)
from rules.mech.context import Ctx
from rules.mech.harm import (
    deal_damage,
    meltdown,
)
from rules.mech.settings import settings_of
from rules.mech.state import Json, Unit, alive


def next_picks(state: Mapping[str, Any]) -> list[str]:
    """MECH-ROUND-2 / MECH-AMB-08: the units that may start their turn now."""
    if state["active"] is not None or state["phase"] != "combat":
        return []
    unacted = [u for u in st.living(state) if u["id"] not in state["acted"]]
    if not unacted:
        return []
    firsts = [u for u in unacted if u["always_first"]]
    if firsts and not state["acted"]:
        return [firsts[0]["id"]]
    if settings_of(state).turn_order == "listed":
        return [unacted[0]["id"]]
    sides = st.side_order(state)
    have = [s for s in sides if any(u["side"] == s for u in unacted)]
    last = state["last_side"]
    if last is None:
        first = state["first_side"]
        side = first if first in have else have[0]
    else:
        start = sides.index(last) if last in sides else -1
        rotated = sides[start + 1 :] + sides[: start + 1]
        side = next(s for s in rotated if s in have)
    return [u["id"] for u in unacted if u["side"] == side]


def begin_turn(ctx: Ctx, uid: str) -> None:
    """MECH-AP-1: the unit gains a move and 2 AP; reactions reset; a prepared action lapses."""
    picks = next_picks(ctx.state)
    u = ctx.u(uid)
    if uid not in picks:
        names = ", ".join(ctx.u(p)["name"] for p in picks) or "nobody"
        raise IllegalAction(R.IT_IS_NOT_S_TURN_TO(name=u["name"], names=names), "MECH-AMB-08")
    units: Json = {
        o["id"]: {"reaction_used": False} for o in st.living(ctx.state) if o["reaction_used"]
    }
    speed = int(u["stats"]["speed"])
    turn = {
        "ap": 2,
        "ap_gained": 2,
        "ap_spent": 0,
        "move": speed,
        "moved": False,
        "overcharged": False,
        "attacked": [],
        "followup": None,
        "acted": False,
        "contest": False,
    }
    units[uid] = {
        "turn": turn,
        "turns_started": int(u["turns_started"]) + 1,
        "reaction_used": False,
        "prepared": None,
    }
    line = m.LOG_TURN_STARTED_LAPSED if u["prepared"] else m.LOG_TURN_STARTED
    ctx.emit(
        "turn.started",
        line(round=ctx.state["round"], name=u["name"], move=speed),
        units=units,
        top={"active": uid},
        unit=uid,
        round=ctx.state["round"],
        rule="MECH-AP-1",
    )


def burn_check(ctx: Ctx, uid: str) -> None:
    """MECH-BURN-1: an ENGINEERING check clears all burn; a failure deals the burn marked."""
    u = ctx.u(uid)
    result = check(ctx, uid, "engineering", L.WHY_BURN())
    if result.success:
        ctx.emit(
            "burn.cleared",
            L.LOG_BURN_CLEARED(check=result.msg),
            units={uid: {"burn": 0}},
            unit=uid,
            rule="MECH-BURN-1",
        )
        return
    ctx.emit(
        "check.rolled",
        L.LOG_TAKES_BURN(check=result.msg, burn=u["burn"]),
        unit=uid,
        rule="MECH-BURN-1",
    )
    deal_damage(ctx, uid, [("burn", int(ctx.u(uid)["burn"]))], L.WHY_BURN(), rule="MECH-BURN-1")


def finish_turn(ctx: Ctx, uid: str) -> None:
    """End of turn: burn check, durations, meltdown count; AP and move are lost (MECH-AMB-09)."""
    if uid in ctx.finishing:
        return
    ctx.finishing.add(uid)
    # MECH-BURN-1 / MECH-AMB-28: the burning unit checks at the end of its own turn; the other
    # reading ("at the end of each turn") has every burning unit check, this one first.
    burning = [uid]
    if ctx.settings.burn_timing == "every_turn_end":
        burning += [o for o in ctx.state["order"] if o != uid]
    for bid in burning:
        b = ctx.u(bid)
        if alive(b) and int(b["burn"]) > 0:
            burn_check(ctx, bid)
    u = ctx.u(uid)
    # MECH-COND-DURATION / MECH-AMB-48: conditions timed on this unit's turns end here; those
    # lasting to the end of a round's first turn (MECH-AMB-33) end with the first turn of it.
    round_now = int(ctx.state["round"])
    for o in list(ctx.state["units"].values()):
        conds = st.copy_json(o["conditions"])
        gone = [
            n
            for n, c in conds.items()
            if (c.get("clock") == uid and int(c["expires"]) <= int(u["turns_started"]))
            or ("round" in c and int(c["round"]) <= round_now)
        ]
        if gone:
            for n in gone:
                del conds[n]
            ctx.emit(
                "condition.expired",
                L.LOG_ENDED(name=o["name"], conditions=[m.CONDITION_NAMES[n]() for n in gone]),
                units={o["id"]: {"conditions": conds}},
                unit=o["id"],
                conditions=gone,
                rule="MECH-COND-DURATION",
            )
    u = ctx.u(uid)
    melt = u["meltdown"]
    if alive(u) and melt is not None and int(u["turns_started"]) > int(melt["mark"]):
        left = int(melt["turns"]) - 1
        if left <= 0:
            ctx.emit(
                "meltdown.due",
                m.LOG_MELTDOWN_DUE(name=u["name"]),
                units={uid: {"meltdown": None}},
                unit=uid,
                rule="MECH-AMB-37",
            )
            meltdown(ctx, uid)
        else:
            ctx.emit(
                "meltdown.ticked",
                m.LOG_MELTDOWN_TICKED(name=u["name"], left=left),
                units={uid: {"meltdown": {**melt, "turns": left}}},
                audience="gm",
                redacted=m.LOG_MELTDOWN_CRITICAL(name=u["name"]),
                unit=uid,
                rule="MECH-AMB-37",
            )
    acted = [*ctx.state["acted"], uid]
    ctx.emit(
        "turn.ended",
        m.LOG_TURN_ENDED(name=ctx.u(uid)["name"]),
        units={uid: {"turn": None}},
        top={"active": None, "acted": acted, "last_side": ctx.u(uid)["side"]},
        unit=uid,
    )
    if not [o for o in st.living(ctx.state) if o["id"] not in ctx.state["acted"]]:
        new_round(ctx)


def new_round(ctx: Ctx) -> None:
    """MECH-ROUND-1: every unit acts once per round; opportunity attacks refresh (MECH-OA-1)."""
    number = int(ctx.state["round"]) + 1
    units = {o["id"]: {"oa_used": False} for o in st.living(ctx.state)}
    ctx.emit(
        "round.started",
        m.LOG_ROUND_STARTED(round=number),
        units=units,
        top={"round": number, "acted": [], "last_side": None},
        round=number,
        rule="MECH-ROUND-1",
    )


# ---------------------------------------------------------------------------------------------
# Action plumbing


def spend(ctx: Ctx, uid: str, ap: int, what: str | Msg, rule: str, reaction: bool = False) -> None:
    """MECH-AP-TABLE: take `ap` from the active unit's turn, refusing a third AP."""
    if not reaction:
        ctx.stage_new(uid, {"turn": spent_turn(ctx, uid, ap, what, rule)})


def spent_turn(ctx: Ctx, uid: str, ap: int, what: str | Msg, rule: str) -> Json:
    """The active unit's turn after paying `ap` (MECH-AP-TABLE), not yet staged; or refused."""
    u = ctx.u(uid)
    turn = u["turn"]
    if ctx.state["active"] != uid or turn is None:
        raise IllegalAction(R.CAN_ONLY_ON_ITS_OWN_TURN(name=u["name"], what=R.doing(what)), rule)
    if int(turn["ap"]) < ap:
        raise IllegalAction(
            R.COSTS_AP_AND_HAS_LEFT(what=R.doing(what), ap=ap, name=u["name"], left=turn["ap"]),
            rule,
        )
    # A new turn dict; the lists in it are the state's own, which nothing changes in place.
    return {
        **turn,
        "ap": int(turn["ap"]) - ap,
        "ap_spent": int(turn["ap_spent"]) + ap,
        "acted": True,
        "followup": None,
    }


def pending_turn_patch(ctx: Ctx, uid: str) -> Json:
    turn = ctx.u(uid)["turn"]
    return dict(turn) if turn else {}


def require_can_act(u: Unit, what: str, allow_stunned: bool = False) -> None:
    if u["destroyed"]:
        raise IllegalAction(R.IS_DESTROYED_2(name=u["name"]), "MECH-DESTROYED-1")
    if "stunned" in u["conditions"] and not allow_stunned:
        raise IllegalAction(
            R.IS_STUNNED_AND_CANNOT(name=u["name"], what=R.doing(what)), "MECH-COND-STUNNED"
        )
    if u["pending_trauma"]:
        raise IllegalAction(R.MUST_FIRST_CHOOSE_WHAT_THE_SYSTEM(name=u["name"]), "MECH-AMB-34")


def visible_target(ctx: Ctx, actor: Unit, target: Unit, rule: str) -> None:
    if target["destroyed"]:
        raise IllegalAction(R.IS_DESTROYED_4(target=target["name"]), rule)
    if "hidden" in target["conditions"] and actor["side"] != target["side"]:
        raise IllegalAction(
            R.IS_HIDDEN_AND_CANNOT_BE_TARGETED(target=target["name"]), "MECH-COND-HIDDEN"
        )


def params_target(ctx: Ctx, action: Action, name: str = "target") -> Unit:
    return ctx.u(str_param(action.params, name))
