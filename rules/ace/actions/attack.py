"""The attack action (ACE-HIT-1): its form, its checks and its plan, then the defender's reflex
prompt of a called shot (ACE-CALLED-2) or the attack resolved at once.

The steps live beside it: `resolution.py` (hit roll to HP), `damage.py` (ACE-PIPE-1's damage
steps), `called_shots.py` (disarm and sunder), `unseen_misses.py` (SCENE-HIDE-2/3), `cover.py`,
`weapons.py` (weapons and shields as items) and `grapple_ends.py`. The names other modules take
from here are re-exported below.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.ace import messages as m
from rules.ace.actions.common import (
    GM,
    enemies,
    free,
    idle,
    is_turn,
    noticed,
    on_turn,
    refuse,
    spend,
)
from rules.ace.actions.cover import RANGED, cover_counts, cover_penalty
from rules.ace.actions.damage import deal, harm, hurt
from rules.ace.actions.grapple_ends import release_ops, unshield_ops
from rules.ace.actions.resolution import resolve_attack
from rules.ace.actions.weapons import (
    SHIELD,
    broken,
    durability_of,
    shield_of,
    sunderable_shield,
    usable_weapons,
    weapon_name,
)
from rules.ace.on_the_map import check_on_map, is_adjacent, seen_cover
from rules.ace.settings import AceSettings
from rules.ace.state import Op, State, can_act, cpath, helpless, settings_of
from rules.ace.stats import dodge, guard, size, weapon
from rules.ace.tables import LOCATIONS
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.kit import ActionSpec, ActionTemplate, Field, choices
from rules.core.params import bool_param, choice_param
from rules.core.system import Action, Event, Json
from rules.scene import grid
from rules.scene.grid import has_map

__all__ = [  # what rules/ace and the tests import from here, wherever it now lives
    "SHIELD",
    "SPECS",
    "broken",
    "check_attack",
    "cover_penalty",
    "deal",
    "declare",
    "durability_of",
    "harm",
    "hurt",
    "offer_attack",
    "plan_of",
    "release_ops",
    "resolve_attack",
    "shield_of",
    "unshield_ops",
    "usable_weapons",
]


def check_attack(
    state: State,
    c: Json,
    t: Json,
    w: Mapping[str, Any] | None,
    s: AceSettings,
    adjacent: bool = False,
) -> None:
    """Refuses an attack the rules do not allow; changes nothing."""
    if w is None or w["key"] in c["dropped"]:
        raise refuse(m.NO_WEAPON(name=c["name"]), "ACE-ATK-1")
    if t["id"] == c["id"] or t["dead"]:
        raise refuse(m.BAD_TARGET(name=t["name"]), "ACE-HIT-1")
    if cover_counts(str(w["kind"]), s, adjacent) and "full" in (t["cover"], c["cover"]):
        raise refuse(m.FULL_COVER(name=t["name"]), "ACE-COVER-FULL")
    g = c.get("grapple")
    if g and g["role"] == "held" and g["pinned"]:
        raise refuse(m.PINNED_NO_ACTS(name=c["name"]), "ACE-GRAPPLE-7")
    if g and g["with"] == t["id"] and not (w.get("natural") or int(w["size"]) <= size(c) - 3):
        raise refuse(m.TOO_BIG(weapon=w["name"]), "ACE-GRAPPLE-6")
    if t["hidden"]:
        raise refuse(m.UNSEEN(name=t["name"]), "ACE-STEALTH-1")


def plan_of(state: State, action: Action, cost: str = "standard") -> tuple[Json, list[Op]]:
    """An attack's plan from its params, checked; the ops that pay for it."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    t = noticed(state, str(action.params.get("target") or ""), c["id"])  # ACE-STEALTH-1
    key = str(action.params.get("weapon") or c["wielding"])
    w = weapon(c, key)
    # ACE-AMB-39 / ACE-COVER-1: on a scene map, adjacency and cover are read from the squares
    adjacent = is_adjacent(state, c["id"], t["id"], bool_param(action.params, "adjacent"))
    check_attack(state, *seen_cover(state, c, t), w, s, adjacent)
    assert w is not None
    check_on_map(state, c, t, w)  # SCENE-REACH-1, SCENE-RANGE-2
    location = choice_param(action.params, "location", ["", *LOCATIONS], "")
    coup = bool_param(action.params, "coup")
    if coup and not helpless(t, s):
        raise refuse(m.NOT_HELPLESS(name=t["name"]), "ACE-CDG-1")
    if coup and location:
        raise refuse(m.COUP_NO_LOCATION(), "ACE-AMB-24")
    item = choice_param(action.params, "item", ["weapon", SHIELD], "weapon")
    if location == "sunder" and item == SHIELD:
        if not sunderable_shield(t, s):
            raise refuse(m.NO_SHIELD(name=t["name"]), "ACE-CALLED-SUNDER")
    elif location in ("disarm", "sunder") and (weapon(t, t["wielding"]) or {}).get("natural", True):
        raise refuse(m.NOTHING_HELD(name=t["name"]), LOCATIONS[location].rule)
    if cost == "standard" and c["commands"].get("full_defence"):
        raise refuse(m.FULL_DEFENCE_NO(name=c["name"]), "ACE-CMD-DEF-1")
    ops = spend(c, cost, s)
    if c["hidden"]:
        ops.append(["set", cpath(c["id"], "hidden"), False])  # attacking gives one away
    if key != c["wielding"] and not w.get("natural"):
        ops.append(["set", cpath(c["id"], "wielding"), key])
    plan = {
        "attacker": c["id"],
        "target": t["id"],
        "weapon": key,
        "location": location,
        "item": item if location == "sunder" else "weapon",
        "coup": coup,
        "adjacent": adjacent,
    }
    return plan, ops


def attack(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-HIT-1: declare an attack; a called shot first asks the defender (ACE-CALLED-2)."""
    plan, ops = plan_of(state, action)
    return declare(state, plan, ops, dice)


def declare(
    state: State, plan: Json, ops: list[Op], dice: Dice, records: Emitter | None = None
) -> list[Event]:
    """Pays for an attack, then resolves it or opens the defender's reflex prompt."""
    s = settings_of(state)
    records = records if records is not None else Emitter(state, dice)
    t = state["combatants"][plan["target"]]
    c = state["combatants"][plan["attacker"]]
    loc = LOCATIONS.get(plan["location"])
    if loc is not None and can_act(t, s) and free(t, "reflex", s):
        # ACE-CALLED-2 / ACE-AMB-19: the defender answers before the hit die is rolled.
        pending = {
            "kind": "called",
            **plan,
            "timer": s.reflex_timer,
            "guard": guard(t),
            "dodge": dodge(t),
        }
        line = m.CALLED_DECLARED(attacker=c["name"], target=t["name"], where=loc.label)
        return [
            records.emit(
                "attack.declared", line, [*ops, ["set", ["pending"], pending]], pending=pending
            )
        ]
    paid = records.emit(
        "attack.declared",
        m.ATTACKS(attacker=c["name"], target=t["name"], weapon=weapon_name(c, plan["weapon"])),
        ops,
    )

    return [paid, *resolve_attack(records.state, plan, "none", dice, records=records)]


def _weapon_for(state: State, c: Json, target: Json, weapons: Sequence[Mapping[str, Any]]) -> str:
    """The weapon an attack form starts on: the one in hand, unless on a scene map the first
    target is out of a blow's reach (SCENE-REACH-1) and a ranged weapon is at hand; taking it
    up is part of the attack (as it is when the player picks it)."""
    held = str(c["wielding"])
    if (weapon(c, held) or {}).get("kind") != "melee":
        return held
    if is_adjacent(state, c["id"], target["id"], typed=True):  # off the map: as in hand
        return held
    ranged = [w for w in weapons if w.get("kind") in RANGED]
    return str(ranged[0]["key"]) if ranged else held


def offer_attack(state: State, actor: str) -> ActionTemplate | None:
    if not (is_turn(state, actor) and idle(state)):
        return None
    s = settings_of(state)
    c = state["combatants"][actor]
    if not can_act(c, s) or not free(c, "standard", s) or c["commands"].get("full_defence"):
        return None
    targets = [t for t in enemies(state, actor) if not t["hidden"]]
    if not targets:
        return None
    weapons = usable_weapons(c)
    fields: tuple[Field, ...] = (
        Field(
            "target",
            m.F_TARGET(),
            "target",
            choices((t["id"], t["name"]) for t in targets),
            default=targets[0]["id"],
        ),
        Field(
            "weapon",
            m.F_WEAPON(),
            "choice",
            choices((w["key"], w["name"]) for w in weapons),
            default=_weapon_for(state, c, targets[0], weapons),
        ),
        Field(
            "location",
            m.F_LOCATION(),
            "choice",
            choices([("", m.LOC_NONE()), *((k, loc.label) for k, loc in LOCATIONS.items())]),
            default="",
            rule="ACE-CALLED-TABLE",
        ),
    )
    on_map = has_map(state) and grid.token_at(state["scene"], actor) is not None
    if (
        any(t["cover"] != "none" for t in [c, *targets])
        and s.cover_against == "ranged"
        and not on_map
    ):
        fields += (Field("adjacent", m.F_ADJACENT(), "checkbox", default=False, rule="ACE-AMB-39"),)
    if any(sunderable_shield(t, s) for t in targets):
        item_choices = choices([("weapon", m.SUNDER_WEAPON()), (SHIELD, m.SUNDER_SHIELD())])
        fields += (
            Field(
                "item",
                m.F_SUNDER_ITEM(),
                "choice",
                item_choices,
                default="weapon",
                rule="ACE-CALLED-SUNDER",
            ),
        )
    if any(helpless(t, s) for t in targets):
        fields += (Field("coup", m.F_COUP(), "checkbox", default=False, rule="ACE-CDG-1"),)
    hints = {
        "locations": {
            k: {"hit": loc.hit, "dice": loc.dice, "extra": loc.extra}
            for k, loc in LOCATIONS.items()
        }
    }
    return ActionTemplate(
        "attack",
        m.L_ATTACK(),
        "ACE-HIT-1",
        fields,
        cost=m.ACT_STANDARD(),
        preview=True,
        hints=hints,
    )


SPECS = [ActionSpec("attack", "ACE-HIT-1", attack, who=lambda s, a: a != GM, offer=offer_attack)]
