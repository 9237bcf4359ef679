"""Hide, search and tech actions (MECH-ACT-HIDE, -SEARCH, -TECH, MECH-TECH-*)."""

from __future__ import annotations

from typing import Any

from rules.core.actions import ActionTemplate, Choice, Field
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import str_param
from rules.core.system import Action
from rules.mech import log_messages as L
from rules.mech import messages as M
from rules.mech import refusals as R
from rules.mech import state as st
from rules.mech.actions.aim import (
    rolled_attack,
)
from rules.mech.actions.base import (
    acting,
    cost,
    ready,
    spec,
    target,
)
from rules.mech.checks import (
    contest,
)
from rules.mech.context import Ctx, always_hidden
from rules.mech.harm import (
    take_heat,
)
from rules.mech.preview import preview_tech
from rules.mech.state import Json, Unit, alive, has, hostile
from rules.mech.turns import (
    spend,
)


def do_hide(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-HIDE / MECH-AMB-45: not Engaged, and out of sight, in cover or Invisible."""
    u = acting(ctx, action, "hide")
    if st.engaged(ctx.state, u):
        raise IllegalAction(R.IS_ENGAGED_AND_CANNOT_HIDE(name=u["name"]), "MECH-ACT-HIDE")
    unseen = not any(
        hostile(u, o) and st.line_of_sight(ctx.state, st.centre(o), u) for o in st.living(ctx.state)
    )
    if not (unseen or st.in_cover_anywhere(ctx.state, u) or has(u, "invisible")):
        raise IllegalAction(R.HIDE_OUT_OF_ENEMY_SIGHT_BEHIND(), "MECH-ACT-HIDE")
    if has(u, "hidden"):
        raise IllegalAction(R.IS_ALREADY_HIDDEN(name=u["name"]), "MECH-ACT-HIDE")
    spend(ctx, u["id"], 1, "Hide", "MECH-ACT-HIDE", reaction)
    ctx.add_condition(
        u["id"], "hidden", L.LOG_HIDES(name=u["name"]), source="hide", rule="MECH-ACT-HIDE"
    )


def in_sensors(ctx: Ctx, u: Unit, t: Unit, rule: str, sight: bool = True) -> None:
    if not alive(t):
        raise IllegalAction(R.IS_DESTROYED_4(target=t["name"]), rule)
    reach, sensors = st.dist(u, t), int(u["stats"]["sensors"])
    if reach > sensors:
        raise IllegalAction(
            R.IS_SQUARES_AWAY_BEYOND_SENSORS(target=t["name"], reach=reach, sensors=sensors), rule
        )
    if sight and not st.line_of_sight(ctx.state, st.centre(u), t):
        raise IllegalAction(R.NO_LINE_OF_SIGHT_TO(target=t["name"]), rule)


def do_search(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-SEARCH: SYSTEMS check against the hidden unit's AGILITY check; ties stay hidden."""
    u = acting(ctx, action, "search")
    t = ctx.u(str_param(action.params, "target"))
    in_sensors(ctx, u, t, "MECH-ACT-SEARCH", sight=False)
    if not hostile(u, t) or not has(t, "hidden"):
        raise IllegalAction(R.IS_NOT_A_HIDDEN_ENEMY(target=t["name"]), "MECH-ACT-SEARCH")
    if always_hidden(ctx, t):
        raise IllegalAction(R.IS_INVISIBLE_AND_CANNOT_BE_FOUND(target=t["name"]), "MECH-AMB-45")
    spend(ctx, u["id"], 1, "Search", "MECH-ACT-SEARCH", reaction)
    won, text = contest(ctx, u["id"], "systems", t["id"], "agility", L.WHY_SEARCH())
    ctx.emit(
        "search.rolled",
        L.CONTEST_THEN(contest=text, outcome=L.FOUND() if won else L.STILL_HIDDEN()),
        unit=u["id"],
        target=t["id"],
        found=won,
        rule="MECH-ACT-SEARCH",
    )
    if won:
        ctx.remove_condition(
            t["id"], "hidden", L.LOG_IS_FOUND_AND_LOSES_HIDDEN(target=t["name"]), "MECH-ACT-SEARCH"
        )


def tech_target(ctx: Ctx, u: Unit, t: Unit, rule: str, sight: bool = True) -> None:
    if has(u, "jammed"):
        raise IllegalAction(R.IS_JAMMED_AND_CANNOT_TAKE_TECH(name=u["name"]), "MECH-COND-JAMMED")
    if has(t, "shut_down"):
        raise IllegalAction(R.IS_SHUT_DOWN_AND_IMMUNE_TO(target=t["name"]), "MECH-COND-SHUTDOWN")
    if has(t, "hidden") and hostile(u, t):
        raise IllegalAction(
            R.IS_HIDDEN_AND_CANNOT_BE_TARGETED(target=t["name"]), "MECH-COND-HIDDEN"
        )
    in_sensors(ctx, u, t, rule, sight)


def do_tech(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-ACT-TECH: Support, Scan, Lock On or Invade (Fragment Signal), 1 AP."""
    u = acting(ctx, action, "take tech actions")
    option = str_param(action.params, "option")
    t = ctx.u(str_param(action.params, "target"))
    if option == "support":
        tech_target(ctx, u, t, "MECH-TECH-SUPPORT", sight=False)
        if t["id"] == u["id"]:
            raise IllegalAction(R.SUPPORT_ANOTHER_UNIT(), "MECH-TECH-SUPPORT")
        if has(t, "jammed"):
            raise IllegalAction(
                R.IS_JAMMED_AND_CANNOT_BENEFIT_FROM(target=t["name"]), "MECH-COND-JAMMED"
            )
        if has(t, "supported") or (ctx.settings.support_limit == "once" and t["support_received"]):
            raise IllegalAction(R.ALREADY_HAS_SUPPORT(target=t["name"]), "MECH-AMB-12")
        spend(ctx, u["id"], 1, "Support", "MECH-TECH-SUPPORT", reaction)
        ctx.stage(t["id"], support_received=True)
        ctx.add_condition(
            t["id"],
            "supported",
            L.LOG_SUPPORTS_ITS_NEXT_CHECK_OR_SAVE(
                name=u["name"],
                target=t["name"],
                accuracy=ctx.settings.support_accuracy,
            ),
            source="tech",
            expires="end_of_next_turn",
            rule="MECH-TECH-SUPPORT",
        )
    elif option == "scan":
        tech_target(ctx, u, t, "MECH-TECH-SCAN")
        info = str_param(action.params, "info", "stats")
        if info not in SCAN_KINDS:
            raise IllegalAction(R.SCAN_FOR_WEAPONS_SYSTEMS_STATS_HIDDEN(), "MECH-TECH-SCAN")
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
            L.LOG_SCANS(
                name=u["name"],
                target=t["name"],
                info=L.SCAN_INFO[info](),
                found=summarise(data),
            ),
            top={"scans": [*ctx.state["scans"], record]},
            audience=f"side:{u['side']}",
            redacted=L.LOG_SCANS_2(
                name=u["name"], target=t["name"], info=L.SCAN_KIND_WORDS[info]()
            ),
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
            L.LOG_LOCKS_ON_TO(name=u["name"], target=t["name"]),
            source="tech",
            rule="MECH-TECH-LOCKON",
        )
    elif option == "invade":
        tech_target(ctx, u, t, "MECH-TECH-INVADE")
        if not hostile(u, t):
            raise IllegalAction(R.INVADE_AN_ENEMY(), "MECH-TECH-INVADE")
        spend(ctx, u["id"], 1, "Invade", "MECH-TECH-INVADE", reaction)
        roll = rolled_attack(ctx, u, t, "tech", dict(action.params), "invades", "MECH-ATK-TECH")
        if roll.hit:
            take_heat(ctx, t["id"], 2, L.WHY_INVADE())
            if alive(ctx.u(t["id"])):
                for name in ("impaired", "slowed"):  # MECH-TECH-FRAGMENT
                    ctx.add_condition(
                        t["id"],
                        name,
                        L.LOG_FRAGMENT_SIGNAL_IS_UNTIL_THE_END(
                            target=ctx.u(t["id"])["name"], condition=L.CONDITION_TITLES[name]()
                        ),
                        source="tech",
                        expires="end_of_next_turn",
                        rule="MECH-TECH-FRAGMENT",
                    )
    else:
        raise IllegalAction(R.CHOOSE_SUPPORT_SCAN_LOCK_ON_OR(), "MECH-ACT-TECH")


DESTROYED_SUFFIX = " (destroyed)"  # how a scan's record marks a lost item (the log says it anew)
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
                w["name"] + (DESTROYED_SUFFIX if w["destroyed"] else "") for w in t["weapons"]
            ]
        }
    if info == "systems":
        return {
            "systems": [
                s["name"] + (DESTROYED_SUFFIX if s["destroyed"] else "") for s in t["systems"]
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


def summarise(data: Json) -> Msg | str:
    """What a scan learnt, as the log says it: "hp: 4/10; heat: 0/6; ...", its words messages."""
    return L.joined(*(_scanned(k, v) for k, v in data.items())) if data else ""


def _scanned(key: str, value: Any) -> Msg:
    """One thing a scan learnt: its name (a statistic's term, or the GM's label) and value."""
    word = L.SCAN_KEYS[key]() if key in L.SCAN_KEYS else key
    items = value if isinstance(value, list) else [value]
    said = [_scanned_value(item) for item in items]
    return L.SCANNED(key=word, value=said if isinstance(value, list) else said[0])


def _scanned_value(item: Any) -> Msg | str:
    text = str(item)
    if text in L.SCAN_NOTHING:
        return L.SCAN_NOTHING[text]()
    if text.endswith(DESTROYED_SUFFIX):
        return L.SCANNED_DESTROYED(name=text[: -len(DESTROYED_SUFFIX)])
    return text  # a number, "4/10", a name or the GM's own note


def offer_hide(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-HIDE: 1 AP, when not engaged and not Hidden already."""
    u = ready(state, actor, 1)
    if u is None or st.engaged(state, u) or has(u, "hidden"):
        return None
    return ActionTemplate("hide", M.HIDE(), "MECH-ACT-HIDE", cost=cost(1))


def offer_search(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-SEARCH: 1 AP, for a Hidden enemy."""
    u = ready(state, actor, 1)
    if u is None:
        return None
    hidden = [o for o in st.living(state) if hostile(u, o) and has(o, "hidden")]
    if not hidden:
        return None
    return ActionTemplate(
        "search", M.SEARCH(), "MECH-ACT-SEARCH", (target(hidden, M.HIDDEN_ENEMY),), cost=cost(1)
    )


TECH_OPTIONS = (
    ("invade", M.INVADE),
    ("lock_on", M.LOCK_ON),
    ("scan", M.SCAN),
    ("support", M.SUPPORT),
)
SCAN_OPTIONS = (
    ("stats", M.SCAN_STATS),
    ("weapons", M.SCAN_WEAPONS),
    ("systems", M.SCAN_SYSTEMS),
    ("hidden", M.SCAN_HIDDEN),
    ("public", M.SCAN_PUBLIC),
)


def offer_tech(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ACT-TECH: 1 AP, on a mech within sensors the side can see; not while Jammed."""
    u = ready(state, actor, 1)
    if u is None or has(u, "jammed"):
        return None
    sensed = [
        o
        for o in st.living(state)
        if o["id"] != actor
        and not (hostile(u, o) and has(o, "hidden"))
        and o.get("x") is not None
        and st.dist(u, o) <= int(u["stats"]["sensors"])
    ]
    fields = (
        Field("option", M.TECH_OPTION(), "choice", tuple(Choice(k, m()) for k, m in TECH_OPTIONS)),
        target(sensed),
        Field("info", M.SCAN_FOR(), "choice", tuple(Choice(k, m()) for k, m in SCAN_OPTIONS)),
    )
    return ActionTemplate("tech", M.TECH(), "MECH-ACT-TECH", fields, cost=cost(1), preview=True)


HIDE = spec("hide", "MECH-ACT-HIDE", do_hide, offer_hide)
SEARCH = spec("search", "MECH-ACT-SEARCH", do_search, offer_search)
TECH = spec("tech", "MECH-ACT-TECH", do_tech, offer_tech, preview_tech)
