"""How the free declarations resolve: aimed shot, standing choices, parry, edges, locating."""

from __future__ import annotations

from collections.abc import Callable

from rules.brp.core import (
    LOCATE_SKILLS,
    locate_chance,
    succeeds,
)
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.params import bool_param, str_param
from rules.core.system import Action, Event, Json
from rules.delta_green import log_gm as G
from rules.delta_green import log_messages as L
from rules.delta_green import messages as m
from rules.delta_green import refusals as R
from rules.delta_green.combat import (
    auto_rules,
    lit,
    skill,
)
from rules.delta_green.edges import add_edge
from rules.delta_green.engine import combatant_at, target_of
from rules.delta_green.settings import settings_of
from rules.delta_green.state import (
    weapon_of,
)
from rules.delta_green.tables import (
    LOCATIONS,
)
from rules.delta_green.working import Working


def declare_aimed_shot(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-CALLED-1: declared before initiative; the round's rank becomes half DEX + die."""
    c = combatant_at(state, action.actor)
    if state["phase"] == "in_round":
        raise IllegalAction.of(R.AIM_BEFORE_ROUND(), "DG-CALLED-1")
    loc = str_param(action.params, "location")
    if loc not in LOCATIONS:
        raise IllegalAction.of(R.UNKNOWN_LOCATION(location=loc), "DG-LOC-1")
    held = c["in_hand"]
    if not held or weapon_of(c, held)["kind"] != "firearm":
        raise IllegalAction.of(R.AIM_NEEDS_FIREARM(), "DG-CALLED-1")
    w = Working(state, dice)
    w.set(c["id"], "called", loc)
    line = m.AIMED_SHOT_DECLARED(name=c["name"], location=m.LOCATION_NAMES[loc]())
    w.emit("aimed_shot.declared", line, actor=c["id"], location=loc)
    return w.events


def set_flag(key: str, kind: str, rule: str) -> Callable[[Json, Action, Dice], list[Event]]:
    """A free standing choice of the combatant (brave the fire, dodge the next attack)."""

    def resolver(state: Json, action: Action, dice: Dice) -> list[Event]:
        c = combatant_at(state, action.actor)
        value = bool_param(action.params, "value", True)
        w = Working(state, dice)
        w.set(c["id"], key, value)
        flag = m.FLAGS[key]()
        line = m.FLAG_SET(name=c["name"], flag=flag, value=(m.ON if value else m.OFF)(), rule=rule)
        w.emit(kind, line, actor=c["id"], value=value)
        return w.events

    return resolver


def declare_parry(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-PARRY-3: a parry is declared in advance against one attacker."""
    c = combatant_at(state, action.actor)
    attacker = combatant_at(state, str_param(action.params, "attacker"))
    if state["phase"] != "in_round":
        raise IllegalAction.of(R.PARRY_IN_ROUND(), "COC-PARRY-3")
    if c["round"].get("parried"):
        raise IllegalAction.of(R.ONE_PARRY(), "COC-PARRY-2")
    aim = c.get("aim")
    if aim and aim.get("state") == "aiming":
        raise IllegalAction.of(R.NO_PARRY_AIMING(), "DG-AIM-1")
    grapple = bool_param(action.params, "grapple")  # COC-PARRY-9
    w = Working(state, dice)
    w.set(c["id"], "parry_vs", attacker["id"])
    w.set(c["id"], "parry_grapple", grapple)
    said_as = m.GRAPPLE_PARRY_DECLARED if grapple else m.PARRY_DECLARED
    line = said_as(name=c["name"], attacker=attacker["name"])
    w.emit("parry.declared", line, actor=c["id"], attacker=attacker["id"])
    return w.events


def buy_edge(state: Json, action: Action, dice: Dice) -> list[Event]:
    """DG-EDGE-0 (`dg.edge_purchase = "any_time"`): an agent buys an edge between rounds; by
    default (AMB-DG-33) edges are bought at creation and later only granted by the GM."""
    c = combatant_at(state, action.actor)
    if settings_of(state).edge_purchase != "any_time":
        raise IllegalAction.of(R.ONLY_GM_GRANTS(), "DG-EDGE-0")
    if state["phase"] == "in_round":
        raise IllegalAction.of(R.EDGES_BETWEEN_ROUNDS(), "DG-EDGE-0")
    w = Working(state, dice)
    what = add_edge(w, c, str_param(action.params, "edge"), True)
    w.emit("edge.bought", G.BUYS(name=c["name"], what=what), target=c["id"])
    return w.events


def locate(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-CONCEAL-1: a free Spot Hidden or Idea roll, once a round, to find a hidden target."""
    c = combatant_at(state, action.actor)
    target = target_of(state, action.params)
    which = str_param(action.params, "skill", "spot_hidden")
    if which not in LOCATE_SKILLS:
        raise IllegalAction.of(R.LOCATE_WITH(), "COC-CONCEAL-1")
    if c["id"] not in target.get("hidden_from", ()):
        raise IllegalAction.of(
            R.ALREADY_SEES(name=c["name"], target=target["name"]), "COC-CONCEAL-1"
        )
    tried = list(c["round"].get("located", []))
    if state["phase"] == "in_round" and target["id"] in tried:
        raise IllegalAction.of(R.ONE_LOCATE(), "COC-CONCEAL-1")
    chance = lit(state, locate_chance(which, skill(c, "spot_hidden"), skill(c, "idea")))
    w = Working(state, dice)
    roll = dice.roll(100, f"{which.replace('_', ' ')} d100 (locate)")
    ok = succeeds(chance, roll, *auto_rules(state))
    w.set_round(c["id"], "located", [*tried, target["id"]])
    if ok:
        rest = [cid for cid in target["hidden_from"] if cid != c["id"]]
        w.set(target["id"], "hidden_from", rest)
    verdict = m.FINDS(target=target["name"]) if ok else m.SEES_NOTHING()
    line = m.LOCATED(
        name=c["name"],
        target=target["name"],
        skill=L.skill_word(which),
        roll=roll,
        chance=chance,
        verdict=verdict,
    )
    w.emit("target.located", line, actor=c["id"], target=target["id"], success=ok)
    return w.events
