"""The called shots that aim at what the target holds (ACE-CALLED-DISARM, ACE-CALLED-SUNDER):
once the shot hits, a contest knocks the weapon away or takes it, or damages the weapon or
shield until it breaks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ace import messages as m
from rules.ace.actions.common import free, spend
from rules.ace.actions.weapons import SHIELD, durability_of, shield_of, weapon_name
from rules.ace.rolls import contest
from rules.ace.settings import AceSettings
from rules.ace.state import Op, State, cpath, settings_of
from rules.ace.stats import size, val, weapon
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.system import Event, Json


def _core(c: Json) -> int:
    return val(c, "str") + int(c["sheet"]["core"])


def disarm(
    state: State,
    c: Json,
    t: Json,
    w: Mapping[str, Any],
    records: Emitter,
    dice: Dice,
    counter: bool,
) -> list[Event]:
    """ACE-CALLED-DISARM / ACE-AMB-21: 1d20 + STR + core each; the loser's weapon flies."""
    s = settings_of(state)
    held = t["wielding"]
    won = contest(_core(c), _core(t), dice, s, "disarm")
    info = {"initiator": won.initiator, "defender": won.defender, "margin": won.margin}
    if won.initiator_wins:
        words = {"attacker": c["name"], "target": t["name"], "weapon": weapon_name(t, held)}
        if s.disarm_take == "take" and hand_like(w):
            ops = take_weapon(c, t, held)
            return [records.emit("weapon.taken", m.DISARMED_TAKEN(**words), ops, contest=info)]
        ops = [
            ["add", cpath(t["id"], "dropped"), held],
            ["set", cpath(t["id"], "wielding"), "unarmed"],
        ]
        return [records.emit("weapon.dropped", m.DISARMED(**words), ops, contest=info)]
    events = [
        records.emit(
            "disarm.failed", m.DISARM_FAILED(attacker=c["name"], target=t["name"]), [], contest=info
        )
    ]
    if counter and s.disarm_counter and free(t, "reflex", s) and c["wielding"] != "unarmed":
        back = contest(_core(t), _core(c), dice, s, "counter-disarm")
        ops = spend(t, "reflex", s)
        info = {"initiator": back.initiator, "defender": back.defender, "margin": back.margin}
        if back.initiator_wins:
            ops += [
                ["add", cpath(c["id"], "dropped"), c["wielding"]],
                ["set", cpath(c["id"], "wielding"), "unarmed"],
            ]
            events.append(
                records.emit(
                    "weapon.dropped",
                    m.COUNTERED(
                        target=t["name"], attacker=c["name"], weapon=weapon_name(c, c["wielding"])
                    ),
                    ops,
                    contest=info,
                )
            )
        else:
            events.append(
                records.emit("disarm.failed", m.COUNTER_FAILED(target=t["name"]), ops, contest=info)
            )
    return events


def hand_like(w: Mapping[str, Any]) -> bool:
    """ACE-CALLED-DISARM: a bare hand, or a natural weapon built like one (it grips)."""
    return w.get("key") == "unarmed" or bool(w.get("natural") and w.get("gripping"))


def take_weapon(c: Json, t: Json, key: str) -> list[Op]:
    """ACE-CALLED-DISARM 「可夺取武器」: the weapon leaves the defender's sheet for the
    attacker's, who holds it now (under a key of its own if the attacker has one alike)."""
    w = dict(weapon(t, key) or {})
    mine = {x["key"] for x in c["sheet"]["weapons"]}
    new_key, n = key, 2
    while new_key in mine or new_key == "unarmed":
        new_key, n = f"{key}_{n}", n + 1
    w["key"] = new_key
    damaged = int(t["item_damage"].get(key, 0))
    ops: list[Op] = [
        [
            "set",
            cpath(t["id"], "sheet", "weapons"),
            [x for x in t["sheet"]["weapons"] if x["key"] != key],
        ],
        ["set", cpath(t["id"], "wielding"), "unarmed"],
        ["set", cpath(c["id"], "sheet", "weapons"), [*c["sheet"]["weapons"], w]],
        ["set", cpath(c["id"], "wielding"), new_key],
    ]
    if damaged:
        ops.append(["set", cpath(c["id"], "item_damage", new_key), damaged])
    return ops


def sunder_bonus(c: Json, w: Mapping[str, Any], other: Json, s: AceSettings) -> int:
    """ACE-CALLED-SUNDER: +4 two hands, -4 light (ACE-AMB-22), the larger adds the size gap."""
    bonus = _core(c)
    if w.get("two_handed"):
        bonus += 4
    if w.get("light"):
        bonus -= s.light_penalty
    return bonus + max(0, size(c) - size(other))


def sunder(
    state: State,
    c: Json,
    t: Json,
    w: Mapping[str, Any],
    records: Emitter,
    dice: Dice,
    plan_item: str = "weapon",
) -> list[Event]:
    """ACE-CALLED-SUNDER / ACE-AMB-23: the margin, less hardness, damages the held item."""
    s = settings_of(state)
    on_shield = plan_item == SHIELD
    held = (shield_of(t) if on_shield else weapon(t, t["wielding"])) or {}
    # the defender resists with the weapon in hand; a shield adds no two-hand bonus of its own
    grip = (weapon(t, t["wielding"]) or {}) if on_shield else held
    won = contest(sunder_bonus(c, w, t, s), sunder_bonus(t, grip, c, s), dice, s, "sunder")
    info = {"initiator": won.initiator, "defender": won.defender, "margin": won.margin}
    margin = won.margin if won.initiator_wins else 0
    dealt = max(0, margin - int(held.get("hardness") or 0))
    if not dealt:
        return [
            records.emit(
                "sunder.failed",
                m.SUNDER_FAILED(attacker=c["name"], weapon=held.get("name", "")),
                [],
                contest=info,
            )
        ]
    key = str(held["key"])
    total = int(t["item_damage"].get(key, 0)) + dealt
    durability = durability_of(held, s)
    ops: list[Op] = [["set", cpath(t["id"], "item_damage", key), total]]
    if total >= int(durability):
        if not on_shield:  # a broken shield stays on the arm, useless; a weapon is gone
            ops += [
                ["add", cpath(t["id"], "dropped"), key],
                ["set", cpath(t["id"], "wielding"), "unarmed"],
            ]
        line = m.BROKEN(attacker=c["name"], weapon=held["name"], damage=dealt)
    else:
        line = m.SUNDERED(
            attacker=c["name"], weapon=held["name"], damage=dealt, left=int(durability) - total
        )
    return [records.emit("item.damaged", line, ops, contest=info, item_damage=dealt)]
