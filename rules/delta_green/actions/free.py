"""Free declarations (DG-ACT-5 and friends): aiming, dodging, braving, parrying, edges, walking."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.kit import ActionSpec, ActionTemplate, Label
from rules.delta_green import messages as m
from rules.delta_green.actions.common import (
    agent,
    checkbox,
    guarded,
    is_agent,
    location_choices,
    number,
    pick,
    target,
    targets_of,
    template,
)
from rules.delta_green.actions.declaring import (
    buy_edge,
    declare_aimed_shot,
    declare_parry,
    locate,
    set_flag,
)
from rules.delta_green.actions.handling import quick_draw, walk
from rules.delta_green.actions.suppression import brave_after
from rules.delta_green.settings import settings_of
from rules.delta_green.sheet import EDGES
from rules.delta_green.state import able, weapon_of
from rules.scene.moving import by_hand, moves_on_map

State = Mapping[str, Any]


def _in_round(state: State) -> bool:
    return bool(state["phase"] == "in_round")


def offer_declare_aimed_shot(state: State, actor: str) -> ActionTemplate | None:
    """DG-CALLED-1: before the round, a firearm in hand may declare an aimed shot."""
    c = agent(state, actor)
    if c is None or _in_round(state) or not able(c) or not c["in_hand"]:
        return None
    if weapon_of(c, c["in_hand"])["kind"] != "firearm":
        return None
    fields = [pick("location", m.F_LOCATION(), location_choices())]
    return template("declare_aimed_shot", m.DECLARE_AIMED_SHOT(), "DG-CALLED-1", m.FREE(), fields)


def offer_set_dodge(state: State, actor: str) -> ActionTemplate | None:
    """DG-AUTO-1: dodge the next attack, or stop dodging."""
    c = agent(state, actor)
    if c is None:
        return None
    label = m.STOP_DODGING() if c["dodge"] else m.DODGE_NEXT()
    fixed = {"value": "" if c["dodge"] else "on"}
    return template("set_dodge", label, "DG-AUTO-1", m.FREE(), fixed=fixed)


def offer_set_brave(state: State, actor: str) -> ActionTemplate | None:
    """DG-SUPP-5: brave suppressive fire, or take cover."""
    c = agent(state, actor)
    if c is None:
        return None
    label = m.TAKE_COVER() if c["brave"] else m.BRAVE()
    fixed = {"value": "" if c["brave"] else "on"}
    return template("set_brave", label, "DG-SUPP-5", m.FREE(), fixed=fixed)


def offer_brave_after(state: State, actor: str) -> ActionTemplate | None:
    """DG-SUPP-5 with `dg.brave_before_roll = false`: brave after seeing the roll."""
    c = agent(state, actor)
    offers = c["round"].get("brave_offers") if c is not None and c["round"] else None
    if not offers:
        return None
    shooters = [(sid, state["combatants"][sid]["name"]) for sid in offers]
    fields = [target("shooter", m.F_SHOOTER(), shooters)]
    return template("brave_after", m.BRAVE_AFTER(), "DG-SUPP-5", m.FREE(), fields)


def offer_locate(state: State, actor: str) -> ActionTemplate | None:
    """COC-CONCEAL-1: look for someone hard to see."""
    c = agent(state, actor)
    if c is None:
        return None
    hidden: list[tuple[str, Label]] = [
        (oid, o["name"])
        for oid, o in state["combatants"].items()
        if actor in o.get("hidden_from", ()) and oid not in c["round"].get("located", ())
    ]
    if not hidden:
        return None
    rolls = [("spot_hidden", m.C_SPOT_HIDDEN()), ("idea", m.C_IDEA())]
    fields = [target("target", m.F_WHO(), hidden), pick("skill", m.F_ROLL(), rolls)]
    return template("locate", m.LOCATE(), "COC-CONCEAL-1", m.FREE(), fields)


def buyable_edges(c: Mapping[str, Any]) -> list[tuple[str, Label]]:
    """DG-EDGE-0: edges not yet owned whose prerequisite is owned, with their prices."""
    owned = c["sheet"]["edges"]
    return [
        (edge, m.C_EDGE_PRICE(edge=edge.replace("_", " "), price=price))
        for edge, (needs, price) in EDGES.items()
        if edge not in owned and (needs is None or needs in owned)
    ]


def offer_buy_edge(state: State, actor: str) -> ActionTemplate | None:
    """DG-EDGE-0 with `dg.edge_purchase = "any_time"`: an agent buys an edge between rounds."""
    c = agent(state, actor)
    if c is None or _in_round(state) or settings_of(state).edge_purchase != "any_time":
        return None
    buyable = buyable_edges(c)
    if not buyable:
        return None
    label = m.BUY_EDGE(points=str(c["sheet"].get("skill_points")))
    return template("buy_edge", label, "DG-EDGE-0", m.FREE(), [pick("edge", m.F_EDGE(), buyable)])


def offer_quick_draw(state: State, actor: str) -> ActionTemplate | None:
    """DG-EDGE-3: Quick Draw readies a weapon for free."""
    c = agent(state, actor)
    if c is None or "quick_draw" not in c["sheet"]["edges"] or not able(c):
        return None
    keys: list[tuple[str, Label]] = [
        (w["key"], w["name"])
        for w in c["sheet"]["weapons"]
        if w["key"] != c["in_hand"] and w["kind"] != "unarmed"
    ]
    if not keys:
        return None
    fields = [target("weapon", m.F_WEAPON(), keys)]
    return template("quick_draw", m.QUICK_DRAW(), "DG-EDGE-3", m.FREE(), fields)


def offer_walk(state: State, actor: str) -> ActionTemplate | None:
    """DG-MOVE-1: walking is free during the round (on a scene map with the agent's token on it,
    by the map's move instead, the metres measured)."""
    c = agent(state, actor)
    if c is None or not _in_round(state) or not able(c) or moves_on_map(state, actor):
        return None
    fields = [number("metres", m.F_METRES(), default=1, min=0)]
    return template("walk", m.WALK(), "DG-MOVE-1", m.FREE(), fields)


def offer_declare_parry(state: State, actor: str) -> ActionTemplate | None:
    """COC-PARRY-3: name the attacker to parry."""
    c = agent(state, actor)
    if c is None or not _in_round(state) or not able(c):
        return None
    fields = [
        target("attacker", m.F_ATTACKER(), targets_of(state, actor)),
        checkbox("grapple", m.F_GRAPPLE()),
    ]
    return template("declare_parry", m.DECLARE_PARRY(), "COC-PARRY-3", m.FREE(), fields)


def _free(kind: str, rule: str, resolve: Any, offer: Any = None) -> ActionSpec[Any]:
    return ActionSpec(kind, rule, guarded(resolve, turn=False), is_agent, offer)


SPECS: list[ActionSpec[Any]] = [
    _free("declare_aimed_shot", "DG-CALLED-1", declare_aimed_shot, offer_declare_aimed_shot),
    _free(
        "set_dodge",
        "DG-AUTO-1",
        set_flag("dodge", "choice.changed", "DG-AUTO-1"),
        offer_set_dodge,
    ),
    _free(
        "set_brave",
        "DG-SUPP-5",
        set_flag("brave", "choice.changed", "DG-SUPP-5"),
        offer_set_brave,
    ),
    _free("brave_after", "DG-SUPP-5", brave_after, offer_brave_after),
    _free("locate", "COC-CONCEAL-1", locate, offer_locate),
    _free("buy_edge", "DG-EDGE-0", buy_edge, offer_buy_edge),
    _free("quick_draw", "DG-EDGE-3", quick_draw, offer_quick_draw),
    _free("walk", "DG-MOVE-1", by_hand(walk), offer_walk),
    _free("declare_parry", "COC-PARRY-3", declare_parry, offer_declare_parry),
]
