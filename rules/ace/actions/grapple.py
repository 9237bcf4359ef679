"""The grapple action (ACE-GRAPPLE-1 / ACE-HIT-4): a grapple hit roll, then the contest, and the
grapple actions' specs.

The steps live beside it: `grapple_bonuses.py` (each side's bonus in a contest),
`grapple_weapons.py` (what a grapple may use), `grapple_contest.py` (the contest asked or
settled, and what winning it does), `grapple_holds.py` (pin, strike inside, escape, release,
body shield), `grapple_drag.py` (moving in a grapple), `grapple_offers.py` (the forms offered)
and `grapple_ends.py`. The names other modules take from here are re-exported below.
"""

from __future__ import annotations

from rules.ace import messages as m
from rules.ace.actions.common import GM, noticed, on_turn, refuse, spend
from rules.ace.actions.grapple_bonuses import (
    METHODS,
    best_method,
    grapple_bonus,
    partner,
    resist_bonus,
    size_penalty,
)
from rules.ace.actions.grapple_contest import contest_or_settle, settle, special_grapple
from rules.ace.actions.grapple_drag import move
from rules.ace.actions.grapple_holds import escape, pin, release, shield, strike_inside
from rules.ace.actions.grapple_offers import offers
from rules.ace.actions.grapple_weapons import inside_weapons, natural_weapons
from rules.ace.on_the_map import unmet
from rules.ace.rolls import hit_roll
from rules.ace.state import State, cpath, settings_of
from rules.ace.stats import evasion, grapple_hit_bonus, weapon
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.kit import ActionSpec
from rules.core.params import choice_param
from rules.core.system import Action, Event
from rules.scene.ranges import check_reach, unmet_words

__all__ = [  # what rules/ace imports from here (and what grapple.py held), wherever it now lives
    "METHODS",
    "SPECS",
    "best_method",
    "escape",
    "grapple_bonus",
    "inside_weapons",
    "move",
    "natural_weapons",
    "offers",
    "partner",
    "pin",
    "release",
    "resist_bonus",
    "settle",
    "shield",
    "size_penalty",
    "special_grapple",
    "start",
    "strike_inside",
]


def start(state: State, action: Action, dice: Dice) -> list[Event]:
    """ACE-GRAPPLE-1 / ACE-HIT-4: a grapple hit roll; on a hit the defender picks a resistance."""
    s = settings_of(state)
    c = on_turn(state, action.actor)
    t = noticed(state, str(action.params.get("target") or ""), c["id"])  # ACE-STEALTH-1
    if t["id"] == c["id"] or t["dead"] or t["hidden"]:
        raise refuse(m.BAD_TARGET(name=t["name"]), "ACE-GRAPPLE-1")
    if c.get("grapple") or t.get("grapple"):
        raise refuse(m.ALREADY_GRAPPLING(), "ACE-GRAPPLE-1")
    check_reach(state, c["id"], t["id"], "SCENE-REACH-1")  # on a scene map: the next square
    key = choice_param(action.params, "weapon", [w["key"] for w in natural_weapons(c)], "unarmed")
    w = weapon(c, key) or {}
    records = Emitter(state, dice)
    ops = spend(c, "standard", s)
    if c["hidden"]:  # ACE-STEALTH-1: reaching for a grip gives one away, as attacking does
        ops.append(["set", cpath(c["id"], "hidden"), False])
    if unmet(state, c["id"], t["id"], "melee"):  # SCENE-HIDE-3: out of reach, not refused
        said = unmet_words(state, c["id"], t["id"], "grip")  # no die rolled, no square named
        met = {"natural": 0, "total": 0, "evasion": evasion(t, s), "hit": False}
        met |= {"critical": False, "sides": 20}
        return [records.emit("grapple.missed", said, ops, hit=met)]
    roll = hit_roll(grapple_hit_bonus(c, s, w), evasion(t, s), dice, s)
    info = {
        "natural": roll.natural,
        "total": roll.total,
        "evasion": evasion(t, s),
        "hit": roll.hit,
        "critical": roll.critical,
        "sides": 20,
    }
    if not roll.hit:
        return [
            records.emit(
                "grapple.missed",
                m.GRAPPLE_MISS(attacker=c["name"], target=t["name"], total=roll.total),
                ops,
                hit=info,
            )
        ]
    line = m.GRAPPLE_HIT(attacker=c["name"], target=t["name"], total=roll.total)
    return contest_or_settle(state, "grapple", c, t, ops, line, records, dice, weapon=key, hit=info)


def _actor(s: object, a: str) -> bool:
    return a != GM


SPECS = [
    ActionSpec("grapple", "ACE-GRAPPLE-1", start, who=_actor, offer=offers),
    ActionSpec("pin", "ACE-GRAPPLE-7", pin, who=_actor),
    ActionSpec("grapple_strike", "ACE-GRAPPLE-6", strike_inside, who=_actor),
    ActionSpec("escape", "ACE-GRAPPLE-7", escape, who=_actor),
    ActionSpec("grapple_move", "ACE-GRAPPLE-5", move, who=_actor),
    ActionSpec("body_shield", "ACE-GRAPPLE-8", shield, who=_actor),
    ActionSpec("release", "ACE-GRAPPLE-7", release, who=_actor),
]
