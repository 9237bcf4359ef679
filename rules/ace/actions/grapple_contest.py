"""The grapple contest (ACE-GRAPPLE-1): asked of a defender who can answer, or settled at once
with its better resistance; won, it starts a grapple, pins or strikes inside."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ace import messages as m
from rules.ace.actions.damage import deal, hurt
from rules.ace.actions.grapple_bonuses import best_method, grapple_bonus, resist_bonus
from rules.ace.rolls import contest, damage_from
from rules.ace.state import Op, State, can_act, cpath, settings_of
from rules.ace.stats import absorption, con_reduction, defence, weapon
from rules.core.changes import Emitter
from rules.core.dice import Dice
from rules.core.system import Event, Json


def contest_or_settle(
    state: State,
    purpose: str,
    c: Json,
    t: Json,
    ops: list[Op],
    line: Any,
    records: Emitter,
    dice: Dice,
    **extra: Any,
) -> list[Event]:
    s = settings_of(state)
    pending = {
        "kind": "contest",
        "purpose": purpose,
        "attacker": c["id"],
        "target": t["id"],
        "timer": s.reflex_timer,
        **{k: v for k, v in extra.items() if k != "hit"},
    }
    if can_act(t, s):
        return [
            records.emit(
                "grapple.contested",
                line,
                [*ops, ["set", ["pending"], pending]],
                pending=pending,
                hit=extra.get("hit"),
            )
        ]

    first = records.emit("grapple.contested", line, ops, hit=extra.get("hit"))
    return [first, *settle(records.state, pending, best_method(t), dice, records)]


def settle(
    state: State,
    pending: Mapping[str, Any],
    method: str,
    dice: Dice,
    records: Emitter | None = None,
) -> list[Event]:
    """The grapple contest once the defender has chosen: grapple, pin or strike inside (on the
    resolution's emitter when it has one, `state` being its working state)."""
    s = settings_of(state)
    records = records if records is not None else Emitter(state, dice)
    c = state["combatants"][pending["attacker"]]
    t = state["combatants"][pending["target"]]
    purpose = pending["purpose"]
    w = weapon(c, str(pending.get("weapon") or "unarmed")) or {}
    bonus = grapple_bonus(c, t, w)
    g = c.get("grapple")
    if g and g["role"] == "held" and purpose == "grapple_attack":
        bonus -= int(g["margin"])  # ACE-AMB-26: the grappled attacker's penalty
    won = contest(bonus, resist_bonus(t, c, method), dice, s, purpose)
    info = {
        "initiator": won.initiator,
        "defender": won.defender,
        "margin": won.margin,
        "method": method,
    }
    ops: list[Op] = [["set", ["pending"], None]]
    if not won.initiator_wins:
        line = m.CONTEST_LOST(attacker=c["name"], target=t["name"], a=won.initiator, d=won.defender)
        return [records.emit("grapple.resisted", line, ops, contest=info)]
    holder = c if (not g or g["role"] == "holder") else t
    if purpose == "grapple":
        r = int(state["round"])
        ops += [
            [
                "set",
                cpath(c["id"], "grapple"),
                {
                    "with": t["id"],
                    "role": "holder",
                    "margin": won.margin,
                    "pinned": False,
                    "round": r,
                },
            ],
            [
                "set",
                cpath(t["id"], "grapple"),
                {
                    "with": c["id"],
                    "role": "held",
                    "margin": won.margin,
                    "pinned": False,
                    "round": r,
                },
            ],
        ]
        started = records.emit(
            "grapple.started",
            m.GRAPPLED(attacker=c["name"], target=t["name"], margin=won.margin),
            ops,
            contest=info,
        )
        return [started, *special_grapple(records.state, c["id"], t["id"], w, records)]
    if holder is c:
        ops += _margin(c, t, won.margin, pinned=purpose == "pin" or bool(g and g["pinned"]))
    if purpose == "pin":
        return [
            records.emit(
                "grapple.pinned",
                m.PINNED(attacker=c["name"], target=t["name"], margin=won.margin),
                ops,
                contest=info,
            )
        ]
    events = [
        records.emit(
            "grapple.struck",
            m.STRIKES_INSIDE(attacker=c["name"], target=t["name"]),
            ops,
            contest=info,
        )
    ]

    after = records.state
    cc, tt = after["combatants"][c["id"]], after["combatants"][t["id"]]
    events.append(
        deal(
            after,
            cc,
            tt,
            w,
            records,
            dice,
            critical=False,
            defence_value=defence(tt, s, "melee"),
            in_grapple=True,
            rule="ACE-GRAPPLE-6",
        )
    )
    return events


def special_grapple(
    state: State, holder: str, held: str, w: Mapping[str, Any], records: Emitter | None = None
) -> list[Event]:
    """ACE-GRAPPLE-10: a special grapple deals its extra damage once the contest is won."""
    extra = int(w.get("grapple_damage") or 0)
    if not extra:
        return []
    s = settings_of(state)
    t = state["combatants"][held]
    result = damage_from(
        0, (), 0, False, extra, "", 0, con_reduction(t, s), s, absorb=absorption(t)
    )  # ACE-PIPE-1 step 5: the special grapple's extra damage, then steps 6-9
    return [hurt(state, t, result, records, rule="ACE-GRAPPLE-10")]


def _margin(holder: Json, held: Json, margin: int, *, pinned: bool) -> list[Op]:
    """ACE-AMB-26: the margin of the grappler's latest win, on both sides."""
    return [
        ["set", cpath(holder["id"], "grapple", "margin"), margin],
        ["set", cpath(held["id"], "grapple", "margin"), margin],
        ["set", cpath(holder["id"], "grapple", "pinned"), pinned],
        ["set", cpath(held["id"], "grapple", "pinned"), pinned],
    ]
